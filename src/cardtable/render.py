"""A seat's view in words, the way a player at a real table would describe it.

Each game draws its own table from its view's JSON, in the ``drawing`` module of its package
(`_drawing`): ``lines(view)`` for the public state in words, ``seats(view, history)`` for what each
seat shows, ``TRICKS = True`` for a trick game whose trick sits in the middle, and optionally
``with_match(view, match)`` for a score panel of its own; anything a game does not draw falls back
to a plain listing of the view. Used by the terminal table and its plain line mode. The table layout's
data comes from here too: where each seat sits, what each seat shows (cards held, what it has
taken, dealer, bidder, picker, partner once public) and the trick in the middle, all from the view.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable import registry
from cardtable.core import BadRules

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _drawing(game: str) -> Any:
    """The ``drawing`` module of the game named ``game`` (``None`` for an unknown game or one
    that draws nothing of its own)."""
    try:
        return registry.part(game, "drawing")
    except BadRules:
        return None


def has_floor(game: str) -> bool:
    """Whether the middle of ``game``'s table is a floor of loose cards and houses that a player
    picks from (its drawing's ``FLOOR``), rather than a trick."""
    return bool(getattr(_drawing(game), "FLOOR", False))


def shown_places(game: str) -> tuple[str, ...]:
    """The card places (`core.Game.card_places`) that ``game``'s table lines already show, so a
    viewer does not list them again as bare cards (its drawing's ``SHOWN_PLACES``)."""
    return tuple(getattr(_drawing(game), "SHOWN_PLACES", ()))


#: The minus sign of every number people read (narration, pages, the terminal's tables and score
#: sheets): U+2212, never the hyphen; what programs read (records, JSON, notation typed back)
#: keeps "-".
MINUS = "\u2212"


def number(n: object) -> str:
    """A number as people read it: ``−4`` with a true minus sign (anything else as ``str``)."""
    if isinstance(n, int | float) and not isinstance(n, bool) and n < 0:
        return MINUS + str(-n)
    return str(n)


def signed(n: int) -> str:
    """A change with its sign: ``+2``, ``−1`` (a true minus sign), ``+0``."""
    return MINUS + str(-n) if n < 0 else f"+{n}"


def signed_value(x: float, places: int = 2) -> str:
    """A value with its sign and ``places`` decimals: ``+1.25``, ``−0.50`` (a true minus sign)."""
    shown = f"{x:+.{places}f}"
    return MINUS + shown[1:] if shown.startswith("-") else shown


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


def seat_word(view: dict[str, Any], seat: Any) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == view.get("seat") else f"seat {seat}"


def trick_text(view: dict[str, Any], trick: Any, seats: int) -> str:
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
    return ", ".join(f"{seat_word(view, (leader + i) % seats)} {pretty_card(c)}" for i, c in enumerate(played))


def tricks_won(view: dict[str, Any], seats: int, teams: bool) -> str:
    won = [0] * seats
    for t in view.get("tricks") or []:
        winner = t.get("winner")
        if isinstance(winner, int):
            won[winner] += 1
    if teams:
        mine, theirs = sides(view)
        ours, others = side_names(view)
        theirs_word = "theirs" if others == "them" else others
        return f"{ours} {won[mine] + won[mine + 2]}, {theirs_word} {won[theirs] + won[theirs + 2]}"
    return ", ".join(f"{seat_word(view, s)} {n}" for s, n in enumerate(won) if n)


def sides(view: dict[str, Any]) -> tuple[int, int]:
    """(your team, theirs) of a four-seat partnership game, by the view's seat (a view without a
    seat, as the record viewer shows the table: seats 0 and 2 first)."""
    seat = view.get("seat")
    mine = seat % 2 if isinstance(seat, int) else 0
    return mine, 1 - mine


def side_names(view: dict[str, Any]) -> tuple[str, str]:
    """The two sides in words: ``your team`` and ``them``, or ``seats 0+2`` and ``seats 1+3``."""
    if not isinstance(view.get("seat"), int):
        return "seats 0+2", "seats 1+3"
    return "your team", "them"


def with_match(game: str, view: dict[str, Any], match: dict[str, Any]) -> dict[str, Any]:
    """The view with the match score ``match`` (record §5, e.g. after the hand just finished) in
    place of the one from before the hand, so a score panel moves as soon as a hand ends."""
    out = dict(view)
    own = getattr(_drawing(game), "with_match", None)
    if own is not None:
        return dict(own(out, match))
    if isinstance(match.get("scores"), list):
        out["scores"] = match["scores"]
    return out


def table_lines(game: str, view: dict[str, Any]) -> list[str]:
    """The public state of the hand as ``game``'s players would describe it (the hand not included)."""
    renderer: Callable[[dict[str, Any]], list[str]] | None = getattr(_drawing(game), "lines", None)
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
#: and the play pass): with three seats the others sit either side of you, four put your partner
#: opposite, five seats put two across the table.
PLACES: dict[int, tuple[str, ...]] = {
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
}


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


def played_by(tricks: list[dict[str, Any]], trick: list[Any], leader: Any, seats: int) -> list[int]:
    played = [0] * seats
    for t in tricks:
        for i, _ in enumerate(t.get("cards") or []):
            played[(t["leader"] + i) % seats] += 1
    if isinstance(leader, int):
        for i, _ in enumerate(trick):
            played[(leader + i) % seats] += 1
    return played


def taken_texts(tricks: list[dict[str, Any]], seats: int, points: dict[str, int] | None) -> list[str]:
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


def seat_infos(game: str, view: dict[str, Any], seats: int, history: History = ()) -> list[SeatInfo]:
    """Each seat as the viewing seat sees it (cards held, taken, markers), from the view and the
    hand's actions as that seat saw them (``history``: who took last in Seep, where the view
    names only the team)."""
    renderer: Callable[[dict[str, Any], History], list[SeatInfo]] | None = getattr(_drawing(game), "seats", None)
    if renderer is not None:
        try:
            return renderer(view, history)
        except (KeyError, TypeError, IndexError, ValueError):
            pass  # a view of a shape this does not know: show the seats bare
    return [SeatInfo(s, None, "", ()) for s in range(seats)]


def trick_shown(game: str, view: dict[str, Any], seats: int) -> TrickShown | None:
    """The trick on the table by seat; once a trick is gathered, the last one with its winner
    (so a player sees what the others played). ``None`` for a game without tricks or before any."""
    if not getattr(_drawing(game), "TRICKS", False):
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
        return TrickShown(cards, f"trick {number - 1} won by {seat_word(view, winner)}", leader, winner)
    if not isinstance(leader, int):
        return None
    cards = {(leader + i) % seats: c for i, c in enumerate(played)}
    return TrickShown(cards, f"trick {number}, led by {seat_word(view, leader)}", leader, None)
