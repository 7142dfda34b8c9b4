"""Rules §3.2: moves with the same effect are listed once, and loose sets join a house in the order
the rules pin.

A thrown card may join a house by itself (I2): a card of the house's value thrown under
``throw_policy: free``, or with ``auto_merge_loose_sets`` a card making a set of the house's value
with loose cards. That is what the cement of the house with the same card and set does, when the
cement changes no owners; `legal` then lists the cement alone, and the throw is still accepted.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core import IllegalAction
from cardtable.games.seep import Seep, Throw
from cardtable.games.seep.state import Phase, SeepState
from tests.seep.make import act, floor_text, legal_texts, position, start


def test_s3_2_free_throw_on_own_house_listed_once_as_the_cement() -> None:
    g, s = start(position(hand="JH JD 4C", houses=[(11, ["5C 6H"], [0])]), throw_policy="free")
    texts = legal_texts(g, s)
    assert "cement H11 JH" in texts and "throw JH" not in texts
    assert "throw 4C" in texts  # a throw that joins nothing stays
    assert act(g, s, "throw JH") == act(g, s, "cement H11 JH")
    assert floor_text(act(g, s, "throw JH")) == ([], ["H11[5C,6H | JH]{0}"])


def test_s3_2_free_throw_on_partners_house_listed_once() -> None:
    g, s = start(position(hand="JH 4C", houses=[(11, ["5C 6H"], [2])]), throw_policy="free")
    texts = legal_texts(g, s)
    assert "cement H11 JH" in texts and "throw JH" not in texts
    assert act(g, s, "throw JH") == act(g, s, "cement H11 JH")


def test_s3_2_m5_cement_making_a_co_owner_is_another_move() -> None:
    # An opponent who cements becomes a co-owner (M5); a throw changes no owners: both listed.
    g, s = start(position(hand="JH JD 4C", houses=[(11, ["5C 6H"], [1])]), throw_policy="free")
    texts = legal_texts(g, s)
    assert "cement H11 JH" in texts and "throw JH" in texts
    assert act(g, s, "throw JH").houses[0].owners == 0b0010
    assert act(g, s, "cement H11 JH").houses[0].owners == 0b0011


def test_s3_2_a20_opponents_cemented_house_without_becoming_owner() -> None:
    cemented = [(11, ["5C 6H", "JS"], [1])]
    g, s = start(position(hand="JH JD 4C", houses=cemented), throw_policy="free", opponent_add_becomes_owner=False)
    texts = legal_texts(g, s)
    assert "cement H11 JH" in texts and "throw JH" not in texts
    assert act(g, s, "throw JH") == act(g, s, "cement H11 JH")
    # With the last J the cement is refused (M5: an opponent keeps a card of the value), the throw
    # is the one legal spelling, and it is listed.
    g, s = start(position(hand="JH 4C", houses=cemented), throw_policy="free", opponent_add_becomes_owner=False)
    texts = legal_texts(g, s)
    assert "throw JH" in texts and "cement H11 JH" not in texts
    with pytest.raises(IllegalAction, match=r"\(M5\)"):
        act(g, s, "cement H11 JH")
    assert floor_text(act(g, s, "throw JH")) == ([], ["H11[5C,6H | JS | JH]{1}"])


def test_s3_2_m1_a_throw_that_may_not_be_made_is_not_made_legal_by_its_cement() -> None:
    # With the default throw policy a card of a house's value can capture it: no throw (M1), even
    # though the cement with the same card is legal and would have the same effect.
    g, s = start(position(hand="JH JD 4C", houses=[(11, ["5C 6H"], [0])]), auto_merge_loose_sets=True)
    assert "cement H11 JH" in legal_texts(g, s)
    with pytest.raises(IllegalAction, match=r"\(M1\)"):
        act(g, s, "throw JH")


AUTO_MERGE = {"hand": "4C KD", "loose": "AH 2D 7S 8D", "houses": [(13, ["6C 7D"], [2])]}


def test_s3_2_i2_auto_merge_after_a_throw_joins_by_value_then_suit() -> None:
    # Two sets of three cards can join H13 with the thrown 4C: AH+4C+8D and 2D+4C+7S. Sorted by
    # value then suit and compared card by card, AH+4C+8D comes first (AH before 2D).
    pos = position(**{**AUTO_MERGE, "houses": [(13, ["6C 7D"], [1])]})
    g, s = start(pos, auto_merge_loose_sets=True)
    assert "throw 4C" in legal_texts(g, s)  # the cement would make seat 0 a co-owner: not equal
    assert floor_text(act(g, s, "throw 4C")) == (["2D", "7S"], ["H13[6C,7D | AH,4C,8D]{1}"])


def test_s3_2_i2_auto_merge_throw_listed_once_as_the_cement_of_its_set() -> None:
    g, s = start(position(**AUTO_MERGE), auto_merge_loose_sets=True)
    texts = legal_texts(g, s)
    assert "throw 4C" not in texts
    assert {"cement H13 4C+AH+8D", "cement H13 4C+2D+7S"} <= set(texts)
    assert act(g, s, "throw 4C") == act(g, s, "cement H13 4C+AH+8D") != act(g, s, "cement H13 4C+2D+7S")


def test_s3_2_i2_auto_merge_joins_the_lowest_house_first() -> None:
    pos = position(hand="4C KD", loose="5S 8D", houses=[(9, ["4H 5C"], [1]), (12, ["5D 7C"], [3])])
    g, s = start(pos, auto_merge_loose_sets=True)
    # 4C+5S makes 9 and 4C+8D makes 12: H9 comes first.
    assert floor_text(act(g, s, "throw 4C")) == (["8D"], ["H9[4H,5C | 4C,5S]{1}", "H12[5D,7C]{3}"])


TWIN_OPTIONS: list[dict[str, Any]] = [
    {"throw_policy": "free"},
    {"throw_policy": "free", "opponent_add_becomes_owner": False},
    {"auto_merge_loose_sets": True},
    {"auto_merge_loose_sets": True, "throw_policy": "free", "partner_becomes_owner": True},
    {"auto_merge_loose_sets": True, "opponent_add_becomes_owner": False, "retention_scope": "team"},
]


@pytest.mark.parametrize("options", TWIN_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_s3_2_every_effect_listed_once_and_every_throw_accepted(options: dict[str, Any]) -> None:
    """Over random hands: no two listed moves have the same effect; every throw left out of the
    list is accepted, with the effect of a listed cement."""
    g = Seep(**options)
    rng = random.Random(19)
    seen = 0
    for hand in range(10):
        s: SeepState = g.start(hand % 4)
        s = g.apply(s, g.deal(s, rng))
        while g.actor(s) is not None:
            legal = g.legal_actions(s)
            if s.phase is Phase.PLAY and s.plays < 47:  # play 48 ends the hand: the floor is shared out
                effects = [g.apply(s, a) for a in legal]
                assert len(effects) == len(set(effects)), [g.format(a) for a in legal]
                for a in g._gen.legal(s, once=False):
                    if a not in legal:
                        assert isinstance(a, Throw)
                        after = Seep(**options).apply(s, a)  # a fresh game: no list to lean on
                        assert any(after == g.apply(s, b) for b in legal if getattr(b, "card", -1) == a.card)
                        seen += 1
            s = g.apply(s, rng.choice(legal))
    assert seen > 0
