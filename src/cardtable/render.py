"""A seat's view in words, the way a player at a real table would describe it.

Each game has a renderer over its view's JSON (the floor and its houses in Seep, the auction,
trump and trick in Smear, the picker, call and trick in Sheepshead); anything else falls back to a
plain listing of the view. Used by the terminal table and its plain line mode. The table layout's
data comes from here too: where each seat sits, what each seat shows (cards held, what it has
taken, dealer, bidder, picker, partner once public) and the trick in the middle, all from the view.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def pretty_card(text: str) -> str:
    """``10D`` as ``10♦``."""
    return text[:-1] + SUIT_SYMBOLS.get(text[-1], text[-1])


_CARD_IN_TEXT = re.compile(r"\b(10|[2-9AKQJ])([CDHS])\b")


def pretty_text(text: str) -> str:
    """Every card written in letters inside a sentence with its suit symbol, as the table shows
    cards: ``3C cannot go with 9C`` as ``3♣ cannot go with 9♣`` (house names like ``H11`` stay).

    >>> pretty_text("seat 3 capture 9C 3C+10H: R12")
    'seat 3 capture 9♣ 3♣+10♥: R12'
    """
    return _CARD_IN_TEXT.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


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
    if not played:
        return "-"
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
        mine, theirs = _sides(view)
        ours, others = _side_names(view)
        theirs_word = "theirs" if others == "them" else others
        return f"{ours} {won[mine] + won[mine + 2]}, {theirs_word} {won[theirs] + won[theirs + 2]}"
    return ", ".join(f"{_seat(view, s)} {n}" for s, n in enumerate(won) if n)


def _sides(view: dict[str, Any]) -> tuple[int, int]:
    """(your team, theirs) of a four-seat partnership game, by the view's seat (a view without a
    seat, as the record viewer shows the table: seats 0 and 2 first)."""
    seat = view.get("seat")
    mine = seat % 2 if isinstance(seat, int) else 0
    return mine, 1 - mine


def _side_names(view: dict[str, Any]) -> tuple[str, str]:
    """The two sides in words: ``your team`` and ``them``, or ``seats 0+2`` and ``seats 1+3``."""
    if not isinstance(view.get("seat"), int):
        return "seats 0+2", "seats 1+3"
    return "your team", "them"


def smear_lines(view: dict[str, Any]) -> list[str]:
    """Smear: the auction, the bid and trump, the trick, tricks won, the kitty and discard."""
    mine, theirs = _sides(view)
    ours, others = _side_names(view)
    lines = [f"Match: {ours} {view['scores'][mine]} · {others} {view['scores'][theirs]}"]
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
        owner = "Your" if picker == view.get("seat") else f"Seat {picker}'s"
        lines.append(f"{owner} bury: {cards(view['bury'])}")
    if view.get("cracks"):
        lines.append(f"Cracks: {view['cracks']} (by {_seat(view, view.get('cracker'))})")
    if view.get("phase") == "play" or view.get("tricks"):
        lines.append(f"Trick: {_trick(view, view.get('trick'), 5)}")
        lines.append(f"Tricks won: {_tricks_won(view, 5, teams=False) or '-'}")
    return lines


def seep_lines(view: dict[str, Any]) -> list[str]:
    """Seep: the bid, the loose cards, every house (value, sets, owners, cemented), piles, sweeps."""
    match = view.get("match") or {}
    mine, theirs = _sides(view)
    ours, others = _side_names(view)
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
    team, _ = _sides(view)
    ours, others = _side_names(view)
    lines.append(
        f"Captured: {ours} {len(piles[team])} cards, sweeps {sweeps[team]} · "
        f"{'theirs' if others == 'them' else others} {len(piles[1 - team])} cards, sweeps {sweeps[1 - team]}"
    )
    return lines


def with_match(game: str, view: dict[str, Any], match: dict[str, Any]) -> dict[str, Any]:
    """The view with the match score ``match`` (record §5, e.g. after the hand just finished) in
    place of the one from before the hand, so a score panel moves as soon as a hand ends."""
    out = dict(view)
    if game == "seep":
        out["match"] = {"difference": match.get("difference", 0), "baazis": match.get("baazis", [0, 0])}
    elif isinstance(match.get("scores"), list):
        out["scores"] = match["scores"]
    return out


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


# --- the table layout: who sits where, what each seat shows, the trick in the middle ---

#: Where each seat sits on the screen, counted from you and going to your left (the way the deal
#: and the play pass): four seats put your partner opposite, five seats put two across the table.
PLACES: dict[int, tuple[str, ...]] = {
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
}

#: R6 (Sheepshead): the card points of the ranks that count.
SHEEPSHEAD_CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def places(seats: int, me: int) -> dict[int, str]:
    """Each seat's place on the screen when ``me`` sits at the bottom."""
    order = PLACES.get(seats) or tuple(f"seat-{i}" for i in range(seats))
    return {(me + i) % seats: order[i] for i in range(seats)}


@dataclass(frozen=True)
class SeatInfo:
    """What a player sees of one seat at the table: cards held, what it has taken, its markers."""

    seat: int
    held: int | None
    taken: str
    markers: tuple[str, ...]


@dataclass(frozen=True)
class TrickShown:
    """The cards in the middle of the table by the seat that played them (``None``: face down)."""

    cards: dict[int, str | None]
    caption: str
    leader: int | None
    winner: int | None


def actor_of(view: dict[str, Any]) -> int | None:
    """The seat to act according to the view (``None`` when nobody is, e.g. before the deal)."""
    seat = view.get("to_act", view.get("actor"))
    return seat if isinstance(seat, int) and seat >= 0 else None


def _played_by(tricks: list[dict[str, Any]], trick: list[Any], leader: Any, seats: int) -> list[int]:
    played = [0] * seats
    for t in tricks:
        for i, _ in enumerate(t.get("cards") or []):
            played[(t["leader"] + i) % seats] += 1
    if isinstance(leader, int):
        for i, _ in enumerate(trick):
            played[(leader + i) % seats] += 1
    return played


def _taken(tricks: list[dict[str, Any]], seats: int, points: dict[str, int] | None) -> list[str]:
    won = [0] * seats
    pts = [0] * seats
    for t in tricks:
        winner = t.get("winner")
        if isinstance(winner, int):
            won[winner] += 1
            if points is not None:
                pts[winner] += sum(points.get(c[:-1], 0) for c in t.get("cards") or [] if c)
    if points is None:
        return [f"tricks {n}" for n in won]
    return [f"tricks {n} · {p} pts" for n, p in zip(won, pts, strict=True)]


#: What the seats' renderers read besides the view: the hand's actions so far as (seat, action in
#: record notation, as the viewing seat saw it), oldest first.
History = Sequence[tuple[int, str]]


def _smear_seats(view: dict[str, Any], history: History = ()) -> list[SeatInfo]:
    said: dict[int, str] = {}
    for call in view.get("auction") or []:
        said[call["seat"]] = call["call"]
    taken = _taken(view.get("tricks") or [], 4, None)
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


def _sheepshead_seats(view: dict[str, Any], history: History = ()) -> list[SeatInfo]:
    trick = view.get("trick") or {}
    tricks = view.get("tricks") or []
    played = _played_by(tricks, trick.get("cards") or [], trick.get("leader"), 5)
    me, picker = view["seat"], view.get("picker")
    holding = view.get("phase") == "bury"  # R14: the picker holds the blind until the bury
    dealt = len(view.get("hand") or []) + played[me] - (2 if holding and picker == me else 0)
    taken = _taken(tricks, 5, SHEEPSHEAD_CARD_POINTS)
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


SEAT_RENDERERS: dict[str, Callable[[dict[str, Any], History], list[SeatInfo]]] = {
    "smear": _smear_seats,
    "sheepshead": _sheepshead_seats,
    "seep": _seep_seats,
}


def seat_infos(game: str, view: dict[str, Any], seats: int, history: History = ()) -> list[SeatInfo]:
    """Each seat as the viewing seat sees it (cards held, taken, markers), from the view and the
    hand's actions as that seat saw them (``history``: who took last in Seep, where the view
    names only the team)."""
    renderer = SEAT_RENDERERS.get(game)
    if renderer is not None:
        try:
            return renderer(view, history)
        except (KeyError, TypeError, IndexError, ValueError):
            pass  # a view of a shape this does not know: show the seats bare
    return [SeatInfo(s, None, "", ()) for s in range(seats)]


def trick_shown(game: str, view: dict[str, Any], seats: int) -> TrickShown | None:
    """The trick on the table by seat; once a trick is gathered, the last one with its winner
    (so a player sees what the others played). ``None`` for a game without tricks or before any."""
    if game not in ("smear", "sheepshead"):
        return None
    trick = view.get("trick")
    if isinstance(trick, dict):
        leader, played = trick.get("leader"), trick.get("cards") or []
    else:
        leader, played = view.get("leader"), trick or []
    tricks = view.get("tricks") or []
    if view.get("phase") != "play" and not tricks:
        return None  # the auction, the pick or the bury: no trick yet
    number = len(tricks) + 1
    if not played and tricks:
        last = tricks[-1]
        leader, played = last["leader"], last.get("cards") or []
        cards = {(leader + i) % seats: c for i, c in enumerate(played)}
        winner = last.get("winner")
        return TrickShown(cards, f"trick {number - 1} won by {_seat(view, winner)}", leader, winner)
    if not isinstance(leader, int):
        return None
    cards = {(leader + i) % seats: c for i, c in enumerate(played)}
    return TrickShown(cards, f"trick {number}, led by {_seat(view, leader)}", leader, None)
