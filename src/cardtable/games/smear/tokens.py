"""Smear's actions as RL tokens (`cardtable.rl.tokens`): pass, a bid, a play, and a discard
spelled card by card."""

from __future__ import annotations

from typing import Any

from cardtable.cards import DECK32, format_card
from cardtable.core import BadRules
from cardtable.planes import Spelling, TokenBuilder


def spelling() -> Spelling:
    from .actions import Bid, Discard, Pass, Play

    cards = DECK32
    index = {c: i for i, c in enumerate(cards)}
    text = [format_card(c) for c in cards]
    b = TokenBuilder()
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

    return tuple(b.names), tuple(cards), spell
