"""Sheepshead's actions as RL tokens (`cardtable.rl.tokens`): pick, blitz, pass, alone, crack
and recrack, a call (with its unknown card), a play, and a bury spelled card by card, in the
engine's order of power."""

from __future__ import annotations

from typing import Any

from cardtable.cards import format_card
from cardtable.core import BadRules
from cardtable.planes import Spelling, TokenBuilder


def spelling() -> Spelling:
    from .actions import Bury, Call, Crack, Pass, Pick, Play
    from .tables import FROM_KERNEL, TO_KERNEL

    cards = TO_KERNEL  # the order of power (trumps first): the engine's own card index
    text = [format_card(c) for c in cards]
    b = TokenBuilder()
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

    return tuple(b.names), tuple(cards), spell
