"""Fixed token vocabularies: every engine action as a short sequence of tokens.

Seep's actions are combinatorial (a capture names the card played, maybe the house of its value,
and a set of loose cards), so an agent spells an action one token at a time: a head token, then
the loose cards it takes one per step in card order, then ``end``. Smear's discard and
Sheepshead's bury are spelled card by card the same way. Every other action is one token.

A vocabulary only translates: which sequences are legal is always the engine's ``legal_actions``
(see `cardtable.rl.walk`). Each game's spelling is prefix-free (no legal spelling begins another),
so a finished spelling names exactly one engine action.

>>> from cardtable.registry import get_game
>>> seep = vocabulary("seep")
>>> game = get_game("seep")
>>> [seep.names[t] for t in seep.spell(game.parse("capture 9D H9 3C+6S"))]
['capture 9D +house', '+3C', '+6S', 'end']
>>> smear = vocabulary("smear")
>>> [smear.names[t] for t in smear.spell(get_game("smear").parse("discard 9c qd"))]
['discard 9C', 'discard QD']
>>> len(seep.names), len(smear.names), len(vocabulary("sheepshead").names)
(994, 69, 166)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from cardtable.cards import DECK32, format_card
from cardtable.core import BadRules

#: The Seep house values (R13) and bid values (R8).
SEEP_VALUES: Final = (9, 10, 11, 12, 13)


@dataclass(frozen=True)
class Vocabulary:
    """A game's tokens (``names[i]`` is token ``i``) and the spelling of its actions."""

    game: str
    names: tuple[str, ...]
    #: The cards of the game in the order the encodings use (kernel card numbers).
    cards: tuple[int, ...]
    spell_fn: Callable[[Any], tuple[int, ...]]

    def spell(self, action: Any) -> tuple[int, ...]:
        """The tokens of an engine action, in the order an agent gives them."""
        return self.spell_fn(action)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pickled by name (OpenSpiel serialises states by pickling them)
        return (vocabulary, (self.game,))

    @property
    def size(self) -> int:
        """The number of tokens: the size of every action space and mask."""
        return len(self.names)


class _Builder:
    def __init__(self) -> None:
        self.names: list[str] = []

    def block(self, names: list[str]) -> int:
        start = len(self.names)
        self.names.extend(names)
        return start


def _seep() -> Vocabulary:
    from cardtable.games.seep.actions import Bid, Break, Build, Capture, Cement, Throw
    from cardtable.games.seep.floor import VALUE

    cards = tuple(range(52))
    text = [format_card(c) for c in cards]
    b = _Builder()
    bid = b.block([f"bid {v}" for v in SEEP_VALUES])
    throw = b.block([f"throw {t}" for t in text])
    capture = b.block([f"capture {t}" for t in text])
    capture_house = b.block([f"capture {t} +house" for t in text])
    build = b.block([f"build {v} {t}" for v in SEEP_VALUES for t in text])
    brk = b.block([f"break H{v} {t}" for v in SEEP_VALUES for t in text])
    cement = b.block([f"cement H{v} {t}" for v in SEEP_VALUES for t in text])
    loose = b.block([f"+{t}" for t in text])
    end = b.block(["end"])

    def value_index(v: int) -> int:
        if v not in SEEP_VALUES:
            raise BadRules(f"seep: no token for a house or bid of {v}")
        return SEEP_VALUES.index(v)

    def taken(m: int) -> tuple[int, ...]:
        out = []
        while m:
            low = m & -m
            out.append(loose + low.bit_length() - 1)
            m ^= low
        return (*out, end)

    def spell(a: Any) -> tuple[int, ...]:
        if isinstance(a, Throw):
            return (throw + a.card,)
        if isinstance(a, Capture):
            if a.house not in (0, VALUE[a.card]):
                raise BadRules(f"seep: a capture with {format_card(a.card)} cannot take house {a.house}")
            return ((capture_house if a.house else capture) + a.card, *taken(a.take))
        if isinstance(a, Build):
            return (build + 52 * value_index(a.value) + a.card, *taken(a.take))
        if isinstance(a, Break):
            return (brk + 52 * value_index(a.house) + a.card, *taken(a.take))
        if isinstance(a, Cement):
            return (cement + 52 * value_index(a.house) + a.card, *taken(a.take))
        if isinstance(a, Bid):
            return (bid + value_index(a.value),)
        raise BadRules(f"seep: not an action: {a!r}")

    return Vocabulary("seep", tuple(b.names), cards, spell)


def _smear() -> Vocabulary:
    from cardtable.games.smear.actions import Bid, Discard, Pass, Play

    cards = DECK32
    index = {c: i for i, c in enumerate(cards)}
    text = [format_card(c) for c in cards]
    b = _Builder()
    pas = b.block(["pass"])
    bid = b.block([f"bid {n}" for n in (1, 2, 3, 4)])
    discard = b.block([f"discard {t}" for t in text])
    play = b.block([f"play {t}" for t in text])

    def spell(a: Any) -> tuple[int, ...]:
        if isinstance(a, Play):
            return (play + index[a.card],)
        if isinstance(a, Pass):
            return (pas,)
        if isinstance(a, Bid):
            if not 1 <= a.points <= 4:
                raise BadRules(f"smear: no token for a bid of {a.points}")
            return (bid + a.points - 1,)
        if isinstance(a, Discard):
            return tuple(sorted(discard + index[c] for c in a.cards))
        raise BadRules(f"smear: not an action: {a!r}")

    return Vocabulary("smear", tuple(b.names), cards, spell)


def _sheepshead() -> Vocabulary:
    from cardtable.games.sheepshead.actions import Bury, Call, Crack, Pass, Pick, Play
    from cardtable.games.sheepshead.tables import FROM_KERNEL, TO_KERNEL

    cards = TO_KERNEL  # the order of power (trumps first): the engine's own card index
    text = [format_card(c) for c in cards]
    b = _Builder()
    first = b.block(["pick", "blitz", "pass", "alone", "crack", "recrack"])
    pick, blitz, pas, alone, crack, recrack = range(first, first + 6)
    bury = b.block([f"bury {t}" for t in text])
    call = b.block([f"call {t}" for t in text])
    call_unknown = b.block([f"call {t} unknown" for t in text])
    under = b.block([f"under {t}" for t in text])
    play = b.block([f"play {t}" for t in text])

    def spell(a: Any) -> tuple[int, ...]:
        if isinstance(a, Play):
            return (play + FROM_KERNEL[a.card],)
        if isinstance(a, Pass):
            return (pas,)
        if isinstance(a, Pick):
            return (blitz if a.blitz else pick,)
        if isinstance(a, Crack):
            return (recrack if a.back else crack,)
        if isinstance(a, Bury):
            return tuple(bury + FROM_KERNEL[c] for c in a.cards)  # strongest first, as the engine keeps it
        if isinstance(a, Call):
            if a.card is None:
                return (alone,)
            if a.unknown is None:
                return (call + FROM_KERNEL[a.card],)
            return (call_unknown + FROM_KERNEL[a.card], under + FROM_KERNEL[a.unknown])
        raise BadRules(f"sheepshead: not an action: {a!r}")

    return Vocabulary("sheepshead", tuple(b.names), cards, spell)


_MAKERS: Final = {"seep": _seep, "smear": _smear, "sheepshead": _sheepshead}

#: The games with environments, in the order the docs list them.
GAMES: Final = tuple(_MAKERS)


@cache
def vocabulary(game: str) -> Vocabulary:
    """The token vocabulary of ``game`` (``seep``, ``smear`` or ``sheepshead``)."""
    if game not in _MAKERS:
        raise BadRules(f"no RL environment for {game!r} (known: {', '.join(GAMES)})")
    return _MAKERS[game]()
