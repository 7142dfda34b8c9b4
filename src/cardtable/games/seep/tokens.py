"""Seep's actions as RL tokens (`cardtable.rl.tokens`): a head token (a throw, a capture with or
without the house of its value, a build, break or cement with its value, a bid), then the loose
cards taken one per token in card order, then ``end``."""

from __future__ import annotations

from typing import Any, Final

from cardtable.cards import format_card
from cardtable.core import BadRules
from cardtable.planes import Spelling, TokenBuilder

#: The house values (R13) and bid values (R8).
SEEP_VALUES: Final = (9, 10, 11, 12, 13)


def spelling() -> Spelling:
    from .actions import Bid, Break, Build, Capture, Cement, Throw
    from .floor import VALUE

    cards = tuple(range(52))
    text = [format_card(c) for c in cards]
    b = TokenBuilder()
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

    return tuple(b.names), tuple(cards), spell
