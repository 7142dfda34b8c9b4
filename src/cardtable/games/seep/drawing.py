"""How a Seep table is drawn (`cardtable.render`): the bid, the loose cards, every house (value,
sets, owners, cemented), piles and sweeps, what each seat shows, and the match's difference and
baazis as its score panel."""

from __future__ import annotations

from typing import Any

from cardtable.render import (
    History,
    SeatInfo,
    cards,
    pretty_card,
    seat_word,
    side_names,
    sides,
)

#: The middle of the table is the floor: loose cards and houses, picked from.
FLOOR = True
#: The card places the table lines already show (a viewer lists the others as bare cards).
SHOWN_PLACES = ("floor", "pile 0", "pile 1")

#: The game's actions as a player types them, for the help of the tables.
ACTION_EXAMPLES = (
    "bid 11",
    "throw 7♣",
    "capture J♥ 5♣+6♥",
    "capture 9♦ H9 3♣+6♠",
    "build 11 5♥+6♠",
    "cement H12 8♠+4♠",
    "break H9 2♠",
)


def seep_lines(view: dict[str, Any]) -> list[str]:
    """Seep: the bid, the loose cards, every house (value, sets, owners, cemented), piles, sweeps."""
    match = view.get("match") or {}
    mine, theirs = sides(view)
    ours, others = side_names(view)
    lead = match.get("difference", 0) * (1 if mine == 0 else -1)
    they = "they lead" if others == "them" else f"{others} lead"
    said = (
        "level"
        if lead == 0
        else f"{ours} lead{'s' if ours == 'your team' else ''} by {lead}"
        if lead > 0
        else f"{they} by {-lead}"
    )
    baazis = match.get("baazis", [0, 0])
    lines = [f"Match: {said} · baazis: {ours} {baazis[mine]}, {others} {baazis[theirs]}"]
    if view.get("bid") is not None:
        bidder = seat_word(view, (view["dealer"] + 1) % 4)
        lines.append(f"Bid: {view['bid']} (bidder {bidder}) · play {view.get('plays', 0)}")
    floor = view.get("floor") or {}
    lines.append(f"Loose cards: {cards(floor.get('loose'))}")
    if floor.get("hidden"):
        lines.append(f"Face down on the floor: {floor['hidden']} cards")
    for house in floor.get("houses") or []:
        sets = " | ".join("+".join(pretty_card(c) for c in s) for s in house["sets"])
        state = "cemented" if len(house["sets"]) > 1 else "open"
        owners = ", ".join(seat_word(view, o) for o in house["owners"])
        lines.append(f"House H{house['value']} ({state}, owned by {owners}): {sets}")
    piles = view.get("piles") or [[], []]
    sweeps = view.get("sweeps") or [0, 0]
    team, _ = sides(view)
    ours, others = side_names(view)
    lines.append(
        f"Captured: {ours} {len(piles[team])} cards, sweeps {sweeps[team]} · "
        f"{'theirs' if others == 'them' else others} {len(piles[1 - team])} cards, sweeps {sweeps[1 - team]}"
    )
    return lines


def _seep_seats(view: dict[str, Any], history: History = ()) -> list[SeatInfo]:
    piles = view.get("piles") or [[], []]
    sweeps = view.get("sweeps") or [0, 0]
    team_last = view.get("last_capture")  # a team (R16), not a seat
    # The seat that captured last, from the hand's actions; without them, both seats of the team.
    taker = next((seat for seat, text in reversed(history) if text.startswith("capture ")), None)
    if taker is not None and taker % 2 != team_last:
        taker = None
    out = []
    for seat in range(4):
        marks = []
        if seat == view.get("dealer"):
            marks.append("dealer")
        if seat == (view["dealer"] + 1) % 4:
            marks.append(f"bidder {view['bid']}" if view.get("bid") else "bidder")
        if taker is not None and seat == taker:
            marks.append("took last")
        elif taker is None and team_last is not None and seat % 2 == team_last:
            marks.append("team took last")
        team = seat % 2
        taken = f"team pile {len(piles[team])}" + (f" · sweeps {sweeps[team]}" if sweeps[team] else "")
        out.append(SeatInfo(seat, view["hand_sizes"][seat], taken, tuple(marks)))
    return out


def with_match(view: dict[str, Any], match: dict[str, Any]) -> dict[str, Any]:
    """The view with the match's difference and baazis (record §5) in place of those before the hand."""
    out = dict(view)
    out["match"] = {"difference": match.get("difference", 0), "baazis": match.get("baazis", [0, 0])}
    return out


lines = seep_lines
seats = _seep_seats
