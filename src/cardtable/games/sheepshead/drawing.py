"""How a Sheepshead table is drawn (`cardtable.render`): scores, the picker, the call and
partner, the trick, tricks won with their points, and what each seat shows."""

from __future__ import annotations

from typing import Any

from cardtable.render import (
    SUIT_NAMES,
    History,
    SeatInfo,
    cards,
    number,
    played_by,
    seat_word,
    taken_texts,
    trick_text,
    tricks_won,
)

#: The card places the table lines already show (a viewer lists the others as bare cards).
SHOWN_PLACES = ("trick", "taken 0", "taken 1", "taken 2", "taken 3", "taken 4")

#: The game's actions as a player types them, for the help of the tables.
ACTION_EXAMPLES = ("pick", "pass", "blitz", "bury K♣ 10♥", "call A♥", "call A♥ unknown 7♦", "alone", "crack",
                   "recrack", "play Q♣")  # fmt: skip

#: A trick game: the trick is drawn in the middle of the table.
TRICKS = True


def sheepshead_lines(view: dict[str, Any]) -> list[str]:
    """Sheepshead: scores, the picker, the call and partner, the trick, tricks won."""
    lines = ["Scores: " + ", ".join(f"{seat_word(view, s)} {number(p)}" for s, p in enumerate(view.get("scores", [])))]
    if view.get("pending_doublers"):
        lines.append(f"Doublers pending: {view['pending_doublers']}")
    picker = view.get("picker")
    if picker is not None:
        lines.append(f"Picker: {seat_word(view, picker)}")
    else:
        lines.append(f"Passes so far: {view.get('passes', 0)}")
    call = view.get("call")
    if isinstance(call, dict) and call.get("kind"):
        kind, suit = call["kind"], call.get("suit")
        what = {"ace": "the ace", "ten": "the ten"}.get(kind)
        text = f"called {what} of {SUIT_NAMES[suit]}" if what and suit else kind.replace("_", " ")
        lines.append(f"Call: {text}")
    if view.get("partner_known") and view.get("partner") is not None:
        lines.append(f"Partner: {seat_word(view, view['partner'])}")
    if view.get("blind"):
        lines.append(f"Blind: {cards(view['blind'])}")
    if view.get("bury"):
        owner = "Your" if picker == view.get("seat") else f"Seat {picker}'s"
        lines.append(f"{owner} bury: {cards(view['bury'])}")
    if view.get("cracks"):
        lines.append(f"Cracks: {view['cracks']} (by {seat_word(view, view.get('cracker'))})")
    if view.get("phase") == "play" or view.get("tricks"):
        lines.append(f"Trick: {trick_text(view, view.get('trick'), 5)}")
        lines.append(f"Tricks won: {tricks_won(view, 5, teams=False) or '-'}")
    return lines


def _sheepshead_seats(view: dict[str, Any], history: History = ()) -> list[SeatInfo]:
    trick = view.get("trick") or {}
    tricks = view.get("tricks") or []
    played = played_by(tricks, trick.get("cards") or [], trick.get("leader"), 5)
    me, picker = view["seat"], view.get("picker")
    holding = view.get("phase") == "bury"  # R14: the picker holds the blind until the bury
    dealt = len(view.get("hand") or []) + played[me] - (2 if holding and picker == me else 0)
    taken = taken_texts(tricks, 5, CARD_POINTS)
    out = []
    for seat in range(5):
        marks = []
        if seat == view.get("dealer"):
            marks.append("dealer")
        if picker is not None and seat == picker:
            marks.append("picker")
        elif picker is None and view.get("phase") == "pick" and (seat - view["dealer"] - 1) % 5 < view.get("passes", 0):
            marks.append("passed")
        if view.get("partner_known") and view.get("partner") is not None and seat == view["partner"]:
            marks.append("partner")
        if view.get("cracks") and seat == view.get("cracker"):
            marks.append("cracked")
        held = (
            len(view.get("hand") or [])
            if seat == me
            else dealt - played[seat] + (2 if holding and seat == picker else 0)
        )
        out.append(SeatInfo(seat, held, taken[seat], tuple(marks)))
    return out


#: R6 (Sheepshead): the card points of the ranks that count.
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}

lines = sheepshead_lines
seats = _sheepshead_seats
