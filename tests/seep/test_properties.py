"""The seven properties at the end of the rules page's §4, over random seeded deals, with the
standard rules, each preset, and every option value switched on in turn:

1. all 52 cards are accounted for at every step;
2. I1-I3 hold after every move;
3. every house's card sum is k·V, and cemented ⇔ k ≥ 2;
4. each seat plays exactly 12 cards;
5. no houses remain after play 48;
6. the card points sum to 100 whenever a capture was made;
7. a legal move always exists.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import option_variants
from cardtable.games.seep import PRESETS, Seep, SeepRules
from cardtable.games.seep.floor import VALUE_MASK, floor_sums, total
from cardtable.games.seep.state import Phase, SeepState

CONFIGS: list[dict[str, Any]] = [{}, *PRESETS.values(), *({k: v} for k, v in option_variants(SeepRules))]


def check_floor(g: Seep, s: SeepState) -> None:
    # 1: every card in exactly one place.
    union = 0
    for cards in g.card_places(s).values():
        assert not union & cards
        union |= cards
    assert union == (1 << 52) - 1
    values = [h.value for h in s.houses]
    # I1: one house per value.
    assert len(values) == len(set(values))
    for h in s.houses:
        # 3: sets sum to the value, cemented exactly with two or more sets; 9-13; at least 2 cards.
        assert 9 <= h.value <= 13 and h.cards.bit_count() >= 2
        assert all(total(st_) == h.value for st_ in h.sets)
        assert total(h.cards) == len(h.sets) * h.value
        assert h.cemented == (len(h.sets) >= 2)
        # I2: no loose card (or, with the option, no loose set) of the house's value.
        assert not s.loose & VALUE_MASK[h.value]
        if g.rules.auto_merge_loose_sets:
            assert not floor_sums(s.loose).groups[h.value]
        # I3: every owner keeps a card of the value.
        assert h.owners
        if s.phase is Phase.PLAY:
            for o in range(4):
                if h.owners >> o & 1:
                    assert s.hands[o] & VALUE_MASK[h.value], (str(h), o)
    if g.rules.max_houses is not None:
        assert len(s.houses) <= g.rules.max_houses


def play_out(g: Seep, rng: random.Random) -> SeepState:
    s = g.start(rng.randrange(4))
    s = g.apply(s, g.deal(s, rng))
    played = [0, 0, 0, 0]
    while (seat := g.actor(s)) is not None:
        check_floor(g, s)
        legal = g.legal_actions(s)
        assert legal  # 7
        was_bid = s.phase is Phase.BID
        s = g.apply(s, rng.choice(legal))
        if not was_bid:
            played[seat] += 1
    check_floor(g, s)
    if s.misdeal:
        return s
    assert played == [12, 12, 12, 12]  # 4
    assert s.plays == 48 and not s.houses  # 5
    counted, expected = g.card_point_totals(s)
    assert counted == expected  # 6
    if s.piles[0] or s.piles[1]:
        if g.rules.majority_bonus and s.piles[0].bit_count() == 26:
            assert counted == 94 + g.rules.ten_diamonds_points
        else:
            assert counted == 94 + g.rules.ten_diamonds_points + g.rules.majority_bonus
        if g.rules.ten_diamonds_points == 6 and not g.rules.majority_bonus:
            assert counted == 100
    out = g.outcome(s)
    assert out is not None and out.result == "played"
    return s


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "standard")
def test_properties_hold_in_random_play(options: dict[str, Any]) -> None:
    g = Seep(**options)
    rng = random.Random(hash(tuple(sorted(options.items()))) & 0xFFFF)
    for _ in range(25):
        play_out(g, rng)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_properties_hold_for_any_seed(seed: int) -> None:
    play_out(Seep(), random.Random(seed))
