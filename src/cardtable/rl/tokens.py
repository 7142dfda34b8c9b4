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

from cardtable import registry
from cardtable.core import BadRules


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


def _spelling(game: str) -> Any:
    """The ``tokens`` module of ``game``'s package (its `spelling`), or ``None``."""
    try:
        return registry.part(game, "tokens")
    except BadRules:
        return None


#: The games with environments: those whose package spells its actions as tokens (a ``tokens``
#: module with ``spelling()``: the token names, the cards in the encodings' order, the spelling).
GAMES: Final = tuple(name for name in registry.names() if _spelling(name) is not None)


@cache
def vocabulary(game: str) -> Vocabulary:
    """The token vocabulary of ``game`` (one of `GAMES`)."""
    part = _spelling(game)
    if part is None:
        raise BadRules(f"no RL environment for {game!r} (known: {', '.join(GAMES)})")
    names, cards, spell = part.spelling()
    return Vocabulary(game, names, cards, spell)
