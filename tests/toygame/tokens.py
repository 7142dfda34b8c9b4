"""Toy Tricks' actions as RL tokens (`cardtable.rl.tokens`): one token per card played."""

from __future__ import annotations

from typing import Any

from cardtable.cards import format_card
from cardtable.core import BadRules
from cardtable.planes import Spelling

from .game import DECK, Play


def spelling() -> Spelling:
    """The token names, the game's cards in the encodings' order, and the spelling of an action."""
    index = {c: i for i, c in enumerate(DECK)}

    def spell(a: Any) -> tuple[int, ...]:
        if isinstance(a, Play):
            return (index[a.card],)
        raise BadRules(f"toy: not an action: {a!r}")

    return tuple(f"play {format_card(c)}" for c in DECK), DECK, spell
