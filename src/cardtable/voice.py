"""The words a narration is made of: how seats and sides are named for one recipient (`Voice`),
what one step's teller works from (`Step`), and small helpers for lists of cards and numbers.

`cardtable.narrate` tells a hand with these, and so does each game's own narration (the
``narration`` module of its package, see `cardtable.narrate`): a game that plays in two
partnerships, seats 0 and 2 against 1 and 3, says so there (``PARTNERSHIPS = True``), and its
seats are then "your partner" and its sides "your team" and "them".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core import game_part
from cardtable.render import number as number
from cardtable.render import pretty_card
from cardtable.render import signed as signed


def partnerships(game: Any) -> bool:
    """Whether ``game`` is played in two partnerships (seats 0 and 2 against 1 and 3), as its
    narration says (``PARTNERSHIPS``)."""
    told = game_part(game, "narration")
    return bool(getattr(told, "PARTNERSHIPS", False))


def third(verb: str) -> str:
    """The third-person form of a verb: take → takes, pass → passes, bury → buries."""
    irregular = {"go": "goes", "have": "has", "be": "is", "do": "does"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def cards(items: Sequence[str | None]) -> str:
    return " ".join("a card face down" if c is None else pretty_card(c) for c in items)


def and_(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class Voice:
    """How seats and sides are named for one recipient (a seat, or ``None`` for a spectator)."""

    def __init__(self, game: Any, recipient: int | None, names: Sequence[str | None] | None = None) -> None:
        self.seats: int = game.seats
        self.me = recipient
        self.teams = partnerships(game)
        self.names = list(names) if names is not None else []

    def name(self, seat: int | None) -> str:
        """``you``, ``your partner``, the seat's player's name when one is given, else ``Seat 3``
        (``nobody`` for none)."""
        if seat is None:
            return "nobody"
        if seat == self.me:
            return "you"
        if self.teams and self.me is not None and seat % 2 == self.me % 2:
            return "your partner"
        given = self.names[seat] if 0 <= seat < len(self.names) else None
        return given or f"Seat {seat}"

    def subject(self, seat: int | None, verb: str) -> str:
        """The seat doing something, at the start of a sentence: ``You take``, ``Seat 3 takes``."""
        who = self.name(seat)
        return f"{who[:1].upper()}{who[1:]} {verb if seat == self.me else third(verb)}"

    def team(self, team: int | None) -> str:
        """A side of a team game: ``your team`` or ``them``; a spectator hears its players' names
        where the table gives them (``Ann and Carl``), else ``seats 0 and 2``."""
        if team is None:
            return "nobody"
        if self.me is None:
            return self._pair(team) or f"seats {team} and {team + 2}"
        return "your team" if team == self.me % 2 else "them"

    def _pair(self, team: int) -> str | None:
        """The two players of a side by name (a seat without one by its number), or None when the
        table names nobody on that side."""
        given = [self.names[s] if s < len(self.names) else None for s in (team, team + 2)]
        if not any(given):
            return None
        return " and ".join(g or f"Seat {s}" for g, s in zip(given, (team, team + 2), strict=True))

    def score(self, team: int, n: object) -> str:
        """A side and a number in a list: ``your team 85`` (``seats 0 and 2: 85`` to a spectator)."""
        return f"{self.team(team)}{':' if self.me is None else ''} {number(n)}"

    def team_does(self, team: int, verb: str) -> str:
        """A side doing something: ``Your team wins``, ``They win``, ``Seats 1 and 3 win``."""
        subject = self.team_subject(team)
        return f"{subject} {third(verb) if subject == 'Your team' else verb}"

    def cap(self, seat: int | None) -> str:
        """The seat's name at the start of a sentence."""
        who = self.name(seat)
        return who[:1].upper() + who[1:]

    def team_subject(self, team: int) -> str:
        """A side at the start of a sentence: ``Your team``, ``They``, ``Seats 1 and 3``."""
        if self.me is None:
            return self._pair(team) or f"Seats {team} and {team + 2}"
        return "Your team" if team == self.me % 2 else "They"

    def team_of_seat(self, seat: int) -> int:
        return seat % 2


class Step:
    """What one step's teller works from: the actor, the action as the recipient saw it (the
    game's `public_action` for cards it may not see), and the recipient's views before and after."""

    def __init__(
        self,
        game: Any,
        seat: int,
        public: str,
        before: dict[str, Any],
        after: dict[str, Any],
        recipient: int | None,
        names: Sequence[str | None] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.before = before
        self.after = after
        self.voice = Voice(game, recipient, names)
        self.public = public
        self.words = self.public.split()
        self.verb = self.words[0] if self.words else ""
        self.who = self.voice.subject

    def does(self, verb: str, rest: str = "") -> str:
        return f"{self.who(self.seat, verb)}{' ' + rest if rest else ''}."
