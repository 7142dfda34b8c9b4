"""Sheepshead actions and their record notation (record contract §6).

>>> a = parse("Bury 10s as")
>>> a
Bury(cards=(39, 48))
>>> format_action(a)
'bury AS 10S'
>>> format_action(parse("call ah unknown td"))
'call AH unknown 10D'
>>> [format_action(parse(t)) for t in ("PICK", "blitz", "pass", "alone", "crack", "recrack", "play 7h")]
['pick', 'blitz', 'pass', 'alone', 'crack', 'recrack', 'play 7H']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.cards import format_card, parse_card
from cardtable.core import BadNotation

from .tables import FROM_KERNEL, TO_KERNEL


@dataclass(frozen=True, slots=True)
class Pick:
    """R11: take the blind. ``blitz`` (R45) also shows a pair of black or red queens."""

    blitz: bool = False


@dataclass(frozen=True, slots=True)
class Pass:
    """R11: decline to pick; in the crack window (R44), decline to crack."""


@dataclass(frozen=True, slots=True)
class Bury:
    """R14: the two cards the picker lays away (kernel card numbers, strongest first)."""

    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Call:
    """R17-R21: call ``card`` (an ace or a ten), or go alone when ``card`` is None.

    ``unknown`` is the card set aside face down for an unknown call (R35a).
    """

    card: int | None
    unknown: int | None = None


@dataclass(frozen=True, slots=True)
class Crack:
    """R44: a defender's crack (x2), or the picker's re-crack when ``back`` (x2 again)."""

    back: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """R23: play a card (kernel card number) to the trick."""

    card: int


Action = Pick | Pass | Bury | Call | Crack | Play

PICK: Final = Pick()
BLITZ: Final = Pick(blitz=True)
PASS: Final = Pass()
ALONE: Final = Call(None)
CRACK: Final = Crack()
RECRACK: Final = Crack(back=True)
#: The play of each card, by Sheepshead index.
PLAYS: Final = tuple(Play(TO_KERNEL[i]) for i in range(32))

_WORDS: Final[dict[str, Action]] = {
    "pick": PICK,
    "blitz": BLITZ,
    "pass": PASS,
    "alone": ALONE,
    "crack": CRACK,
    "recrack": RECRACK,
}


def _card(text: str, action: str) -> int:
    try:
        c = parse_card(text)
    except BadNotation:
        raise BadNotation(f"{action!r}: unknown card {text!r}") from None
    if FROM_KERNEL[c] < 0:
        raise BadNotation(f"{action!r}: {format_card(c)} is not in the Sheepshead pack (7 to ace)")
    return c


def bury_of(a: int, b: int) -> Bury:
    """The bury of two kernel cards, in canonical (strongest first) order."""
    if FROM_KERNEL[a] > FROM_KERNEL[b]:
        a, b = b, a
    return Bury((a, b))


def parse(text: str) -> Action:
    """Read an action in record notation (without the seat); case-insensitive."""
    if not isinstance(text, str):
        raise BadNotation(f"expected an action string, not {text!r}")
    words = text.lower().split()
    if not words:
        raise BadNotation("empty action")
    head, rest = words[0], words[1:]
    if head in _WORDS and not rest:
        return _WORDS[head]
    if head == "play" and len(rest) == 1:
        return Play(_card(rest[0], text))
    if head == "bury" and len(rest) == 2:
        a, b = _card(rest[0], text), _card(rest[1], text)
        if a == b:
            raise BadNotation(f"{text!r}: the bury needs two different cards")
        return bury_of(a, b)
    if head == "call" and len(rest) == 1:
        return Call(_card(rest[0], text))
    if head == "call" and len(rest) == 3 and rest[1] == "unknown":
        return Call(_card(rest[0], text), _card(rest[2], text))
    raise BadNotation(
        f"unknown Sheepshead action {text!r} (expected pick, blitz, pass, bury C C, call C, "
        "call C unknown C, alone, crack, recrack or play C)"
    )


def format_action(action: Action) -> str:
    """The canonical text of an action."""
    if isinstance(action, Play):
        return "play " + format_card(action.card)
    if isinstance(action, Pick):
        return "blitz" if action.blitz else "pick"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bury):
        return "bury " + format_card(action.cards[0]) + " " + format_card(action.cards[1])
    if isinstance(action, Call):
        if action.card is None:
            return "alone"
        text = "call " + format_card(action.card)
        if action.unknown is not None:
            text += " unknown " + format_card(action.unknown)
        return text
    if isinstance(action, Crack):
        return "recrack" if action.back else "crack"
    raise BadNotation(f"not a Sheepshead action: {action!r}")
