"""A seat's view in words, the way a player at a real table would describe it.

Each game has a renderer over its view's JSON (the floor and its houses in Seep, the auction,
trump and trick in Smear, the picker, call and trick in Sheepshead); anything else falls back to a
plain listing of the view. Used by the terminal table and its plain line mode.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def pretty_card(text: str) -> str:
    """``10D`` as ``10♦``."""
    return text[:-1] + SUIT_SYMBOLS.get(text[-1], text[-1])


def cards(items: Any) -> str:
    """A list of card strings with suit symbols (``-`` when empty)."""
    if not items:
        return "-"
    return " ".join(pretty_card(c) for c in items)


def _seat(view: dict[str, Any], seat: Any) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == view.get("seat") else f"seat {seat}"


def _trick(view: dict[str, Any], trick: Any, seats: int) -> str:
    if not trick:
        return "-"
    if isinstance(trick, dict):
        leader, played = trick.get("leader"), trick.get("cards", [])
    else:
        leader, played = view.get("leader"), trick
    if leader is None:
        return cards(played)
    return ", ".join(f"{_seat(view, (leader + i) % seats)} {pretty_card(c)}" for i, c in enumerate(played))


def _tricks_won(view: dict[str, Any], seats: int, teams: bool) -> str:
    won = [0] * seats
    for t in view.get("tricks") or []:
        winner = t.get("winner")
        if isinstance(winner, int):
            won[winner] += 1
    if teams:
        return f"your team {won[view['seat'] % 2] + won[view['seat'] % 2 + 2]}, " + (
            f"theirs {won[(view['seat'] + 1) % 2] + won[(view['seat'] + 1) % 2 + 2]}"
        )
    return ", ".join(f"{_seat(view, s)} {n}" for s, n in enumerate(won) if n)


def smear_lines(view: dict[str, Any]) -> list[str]:
    """Smear: the auction, the bid and trump, the trick, tricks won, the kitty and discard."""
    lines = [f"Match: team 0 (seats 0, 2) {view['scores'][0]} · team 1 (seats 1, 3) {view['scores'][1]}"]
    auction = view.get("auction") or []
    if auction:
        lines.append("Auction: " + ", ".join(f"{_seat(view, a['seat'])} {a['call']}" for a in auction))
    if view.get("bidder") is not None:
        lines.append(f"Bidder: {_seat(view, view['bidder'])}, bid {view['bid']}")
    if view.get("trump"):
        lines.append(f"Trump: {SUIT_SYMBOLS[view['trump']]} {SUIT_NAMES[view['trump']]}")
    if view.get("kitty") is not None:
        lines.append(f"Kitty you took: {cards(view['kitty'])}")
    if view.get("discard") is not None:
        lines.append(f"Your discard: {cards(view['discard'])}")
    if view.get("phase") == "play" or view.get("tricks"):
        lines.append(f"Trick: {_trick(view, view.get('trick'), 4)}")
        lines.append(f"Tricks won: {_tricks_won(view, 4, teams=True)}")
    if view.get("dead") is not None:
        lines.append(f"Dead stock: {cards(view['dead'])}")
    return lines


def sheepshead_lines(view: dict[str, Any]) -> list[str]:
    """Sheepshead: scores, the picker, the call and partner, the trick, tricks won."""
    lines = ["Scores: " + ", ".join(f"{_seat(view, s)} {p}" for s, p in enumerate(view.get("scores", [])))]
    if view.get("pending_doublers"):
        lines.append(f"Doublers pending: {view['pending_doublers']}")
    picker = view.get("picker")
    if picker is not None:
        lines.append(f"Picker: {_seat(view, picker)}")
    else:
        lines.append(f"Passes so far: {view.get('passes', 0)}")
    call = view.get("call")
    if isinstance(call, dict) and call.get("kind"):
        kind, suit = call["kind"], call.get("suit")
        what = {"ace": "the ace", "ten": "the ten"}.get(kind)
        text = f"called {what} of {SUIT_NAMES[suit]}" if what and suit else kind.replace("_", " ")
        lines.append(f"Call: {text}")
    if view.get("partner_known") and view.get("partner") is not None:
        lines.append(f"Partner: {_seat(view, view['partner'])}")
    if view.get("blind"):
        lines.append(f"Blind: {cards(view['blind'])}")
    if view.get("bury"):
        lines.append(f"Your bury: {cards(view['bury'])}")
    if view.get("cracks"):
        lines.append(f"Cracks: {view['cracks']} (by {_seat(view, view.get('cracker'))})")
    if view.get("phase") == "play" or view.get("tricks"):
        lines.append(f"Trick: {_trick(view, view.get('trick'), 5)}")
        lines.append(f"Tricks won: {_tricks_won(view, 5, teams=False) or '-'}")
    return lines


def seep_lines(view: dict[str, Any]) -> list[str]:
    """Seep: the bid, the loose cards, every house (value, sets, owners, cemented), piles, sweeps."""
    match = view.get("match") or {}
    lines = [
        f"Match: difference {match.get('difference', 0):+d} for team 0 (seats 0, 2) · "
        f"baazis {match.get('baazis', [0, 0])[0]}-{match.get('baazis', [0, 0])[1]}"
    ]
    if view.get("bid") is not None:
        bidder = _seat(view, (view["dealer"] + 1) % 4)
        lines.append(f"Bid: {view['bid']} (bidder {bidder}) · play {view.get('plays', 0)}")
    floor = view.get("floor") or {}
    lines.append(f"Loose cards: {cards(floor.get('loose'))}")
    if floor.get("hidden"):
        lines.append(f"Face down on the floor: {floor['hidden']} cards")
    for house in floor.get("houses") or []:
        sets = " | ".join("+".join(pretty_card(c) for c in s) for s in house["sets"])
        state = "cemented" if len(house["sets"]) > 1 else "open"
        owners = ", ".join(_seat(view, o) for o in house["owners"])
        lines.append(f"House H{house['value']} ({state}, owned by {owners}): {sets}")
    piles = view.get("piles") or [[], []]
    sweeps = view.get("sweeps") or [0, 0]
    team = view["seat"] % 2
    lines.append(
        f"Captured: your team {len(piles[team])} cards, sweeps {sweeps[team]} · "
        f"theirs {len(piles[1 - team])} cards, sweeps {sweeps[1 - team]}"
    )
    return lines


RENDERERS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "smear": smear_lines,
    "sheepshead": sheepshead_lines,
    "seep": seep_lines,
}


def table_lines(game: str, view: dict[str, Any]) -> list[str]:
    """The public state of the hand as ``game``'s players would describe it (the hand not included)."""
    renderer = RENDERERS.get(game)
    if renderer is not None:
        try:
            return renderer(view)
        except (KeyError, TypeError, IndexError, ValueError):
            pass  # a view of a shape the renderer does not know: list it plainly
    return [
        f"{key.replace('_', ' ')}: {json.dumps(value)}"
        for key, value in view.items()
        if key != "hand" and value not in (None, [], {})
    ]
