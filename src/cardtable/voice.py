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
from cardtable.i18n import N_, _, ngettext
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
    face_down = _("a card face down")
    return " ".join(face_down if c is None else pretty_card(c) for c in items)


def and_(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in the language spoken: ``a, b und c``)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _counted(word: str, n: int) -> str | None:
    """``n`` of a word the narrations count, by the spoken language's plural rule."""
    if word == "card":
        return ngettext("{n} card", "{n} cards", n)
    if word == "point":
        return ngettext("{n} point", "{n} points", n)
    if word == "sweep":
        return ngettext("{n} sweep", "{n} sweeps", n)
    if word == "set":
        return ngettext("{n} set", "{n} sets", n)
    if word == "trick":
        return ngettext("{n} trick", "{n} tricks", n)
    return None


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``−1 points`` (a true minus sign), in the language spoken."""
    said = _counted(word, n)
    if said is None:
        return f"{number(n)} {word}" + ("" if n == 1 else "s")
    return said.format(n=number(n))


def cap(text: str) -> str:
    """A sentence's first letter in capitals."""
    return text[:1].upper() + text[1:]


#: The suits by name, as the narrations say them.
SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}


def suit(letter: str) -> str:
    """A suit's name in the language spoken: ``hearts``, ``Herz``, ``पान``."""
    return _(SUITS[letter])


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
            return _("nobody")
        if seat == self.me:
            return _("you")
        if self.teams and self.me is not None and seat % 2 == self.me % 2:
            return _("your partner")
        given = self.names[seat] if 0 <= seat < len(self.names) else None
        return given or _("Seat {n}").format(n=seat)

    def says(self, seat: int | None, mine: str, other: str, /, **params: object) -> str:
        """A sentence about what ``seat`` does: ``mine`` when the seat is the recipient (``You
        pass.``), else ``other`` with the seat's name as ``{who}`` (``Seat 3 passes.``); both
        already in the language spoken (``_``), ``params`` put in."""
        if seat is not None and seat == self.me:
            return cap(mine.format(**params))
        return cap(other.format(who=self.name(seat), **params))

    def team_says(self, team: int, ours: str, theirs: str, /, **params: object) -> str:
        """A sentence about what a side does: ``ours`` for the recipient's side (``Your team
        wins.``), else ``theirs`` with the side as ``{team}`` (``They win.``, ``Seats 1 and 3
        win.``)."""
        if self.me is not None and team == self.me % 2:
            return cap(ours.format(**params))
        return cap(theirs.format(team=self.team_subject(team), **params))

    def subject(self, seat: int | None, verb: str) -> str:
        """The seat doing something, at the start of a sentence: ``You take``, ``Seat 3 takes``."""
        who = self.name(seat)
        return f"{who[:1].upper()}{who[1:]} {verb if seat == self.me else third(verb)}"

    def team(self, team: int | None) -> str:
        """A side of a team game: ``your team`` or ``them``; a spectator hears its players' names
        where the table gives them (``Ann and Carl``), else ``seats 0 and 2``."""
        if team is None:
            return _("nobody")
        if self.me is None:
            return self._pair(team) or _("seats {a} and {b}").format(a=team, b=team + 2)
        return _("your team") if team == self.me % 2 else _("them")

    def _pair(self, team: int) -> str | None:
        """The two players of a side by name (a seat without one by its number), or None when the
        table names nobody on that side."""
        given = [self.names[s] if s < len(self.names) else None for s in (team, team + 2)]
        if not any(given):
            return None
        a, b = (g or _("Seat {n}").format(n=s) for g, s in zip(given, (team, team + 2), strict=True))
        return _("{a} and {b}").format(a=a, b=b)

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
            return self._pair(team) or _("Seats {a} and {b}").format(a=team, b=team + 2)
        return _("Your team") if team == self.me % 2 else _("They")

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
