"""How a Smear table is drawn (`cardtable.render`): the auction, the bid and trump, the trick,
tricks won, the kitty and discard, and what each seat shows."""

from __future__ import annotations

from typing import Any

from cardtable.render import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    History,
    SeatInfo,
    cards,
    number,
    seat_word,
    side_names,
    sides,
    taken_texts,
    trick_text,
    tricks_won,
)

#: The game's actions as a player types them, for the help of the tables.
ACTION_EXAMPLES = ("pass", "bid 3", "discard 9♣ Q♦", "play 10♦")

#: A trick game: the trick is drawn in the middle of the table.
TRICKS = True


def smear_lines(view: dict[str, Any]) -> list[str]:
    """Smear: the auction, the bid and trump, the trick, tricks won, the kitty and discard."""
    mine, theirs = sides(view)
    ours, others = side_names(view)
    lines = [f"Match: {ours} {number(view['scores'][mine])} · {others} {number(view['scores'][theirs])}"]
    auction = view.get("auction") or []
    if auction:
        lines.append("Auction: " + ", ".join(f"{seat_word(view, a['seat'])} {a['call']}" for a in auction))
    if view.get("bidder") is not None:
        lines.append(f"Bidder: {seat_word(view, view['bidder'])}, bid {view['bid']}")
    if view.get("trump"):
        lines.append(f"Trump: {SUIT_SYMBOLS[view['trump']]} {SUIT_NAMES[view['trump']]}")
    if view.get("kitty") is not None:
        lines.append(f"Kitty you took: {cards(view['kitty'])}")
    if view.get("discard") is not None:
        lines.append(f"Your discard: {cards(view['discard'])}")
    if view.get("phase") == "play" or view.get("tricks"):
        lines.append(f"Trick: {trick_text(view, view.get('trick'), 4)}")
        lines.append(f"Tricks won: {tricks_won(view, 4, teams=True)}")
    if view.get("dead") is not None:
        lines.append(f"Dead stock: {cards(view['dead'])}")
    return lines


def _smear_seats(view: dict[str, Any], history: History = ()) -> list[SeatInfo]:
    said: dict[int, str] = {}
    for call in view.get("auction") or []:
        said[call["seat"]] = call["call"]
    taken = taken_texts(view.get("tricks") or [], 4, None)
    out = []
    for seat in range(4):
        marks = []
        if seat == view.get("dealer"):
            marks.append("dealer")
        if seat == view.get("bidder"):
            marks.append(f"bidder {view.get('bid')}")
        elif view.get("phase") == "auction" and seat in said:
            marks.append(said[seat])
        out.append(SeatInfo(seat, view["hand_sizes"][seat], taken[seat], tuple(marks)))
    return out


lines = smear_lines
seats = _smear_seats
