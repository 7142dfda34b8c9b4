"""One test per Seep rule option (rules page §3.1), each checking that the option changes what
its rule says and nothing is left unhandled; names carry the option's rule id."""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.core import BadRules, IllegalAction, option_variants
from cardtable.games.seep import PRESETS, Seep, SeepRules
from tests.seep.build_records import finished
from tests.seep.make import act, floor_text, legal_texts, position, start
from tests.seep.test_rules import dealt, explicit


def test_option_table_matches_the_rules_page() -> None:
    names = [f.name for f in dataclasses.fields(SeepRules)]
    assert names == [
        "ten_diamonds_points", "majority_bonus", "redeal_by", "opening_throw_always_allowed", "throw_policy",
        "capture_policy", "auto_merge_loose_sets", "allow_multi_set_build", "allow_pair_house",
        "may_break_partner_house", "break_may_use_floor_cards", "partner_add_requires_card",
        "partner_becomes_owner", "opponent_add_becomes_owner", "retention_scope", "max_houses", "sweep_points",
        "first_play_sweep_points", "last_play_sweep_points", "sweep_cap", "nine_point_basis",
        "nine_point_effect", "baazi_lead", "dealer_rotation", "leftover_if_no_capture",
    ]  # fmt: skip
    assert option_variants(SeepRules)


def test_presets() -> None:
    assert PRESETS["standard"] == {}
    assert Seep(**PRESETS["family"]).rules.sweep_cap == 2
    assert Seep(**PRESETS["limited_houses"]).rules.max_houses == 2
    with pytest.raises(BadRules):
        Seep(throw_policy="sometimes")
    with pytest.raises(BadRules):
        Seep(max_houses=0)


def test_r3_ten_diamonds_2_with_majority_bonus_4() -> None:
    g = Seep(ten_diamonds_points=2, majority_bonus=4)
    s = g.position_start(finished(0, 60), None)  # team 0 holds the point cards worth 60 (10D among them)
    out = g.outcome(s)
    assert out is not None
    n0, n1 = s.piles[0].bit_count(), s.piles[1].bit_count()
    assert n0 < n1  # team 1 holds all the non-scoring cards in this position
    assert out.details["majority_bonus"] == [0, 4]
    assert out.details["card_points"] == [60, 40]  # 10D (now 2) is team 1's: 36 + 4 for most cards
    assert g.card_point_totals(s) == (100, 100)


def test_r3_majority_bonus_none_on_a_tie() -> None:
    g = Seep(ten_diamonds_points=2, majority_bonus=4)
    pos = finished(0, 50)
    # Move non-scoring cards so that each team holds 26.
    piles = pos["piles"]
    while len(piles[0]) < 26:
        c = next(c for c in piles[1] if c[-1] != "S" and c[0] != "A" and c != "10D")
        piles[1].remove(c)
        piles[0].append(c)
    s = g.position_start(pos, None)
    out = g.outcome(s)
    assert out is not None and out.details["majority_bonus"] == [0, 0]
    assert g.card_point_totals(s) == (96, 96)


def test_r8_redeal_by_next() -> None:
    g = Seep(redeal_by="next")
    s = dealt(g, 2, explicit(2, "8H 7C 3D 2S", "5S 9H 4C 10D"))
    nxt = g.next_hand(s)
    assert nxt is not None and g.dealer(nxt) == 3


def test_r10_opening_throw_always_allowed() -> None:
    deal = explicit(0, "QH 7C 3D 2S", "5S 7H 4C 10D")
    g = Seep()
    assert "throw QH" not in legal_texts(g, act(g, dealt(g, 0, deal), "bid 12"))
    g = Seep(opening_throw_always_allowed=True)
    texts = legal_texts(g, act(g, dealt(g, 0, deal), "bid 12"))
    assert "throw QH" in texts and "throw 7C" not in texts


def test_m1_throw_policy_free() -> None:
    pos = position(hand="JH 4C", loose="2S 3D 5C 6H")
    g, s = start(pos, throw_policy="free")
    assert "throw JH" in legal_texts(g, s)


def test_m1_throw_policy_free_card_of_a_house_value_merges() -> None:
    g, s = start(position(hand="JH 4C", houses=[(11, ["5C 6H"], [1])]), throw_policy="free")
    s = act(g, s, "throw JH")
    assert floor_text(s) == ([], ["H11[5C,6H | JH]{1}"])


def test_m1_throw_policy_no_capture_or_build_possible() -> None:
    pos = position(hand="5H JC 2D", loose="6S 9D")
    g, s = start(pos)
    assert "throw 5H" in legal_texts(g, s)
    g, s = start(pos, throw_policy="no_capture_or_build_possible")
    texts = legal_texts(g, s)
    assert "throw 5H" not in texts and "build 11 5H+6S" in texts
    assert "throw JC" in texts  # JC can neither capture nor build here


def test_m2_capture_policy_any_valid_subset() -> None:
    pos = position(hand="9D 7H", loose="6S 3C KD", houses=[(9, ["4H 5C"], [1])])
    g, s = start(pos)
    assert [t for t in legal_texts(g, s) if t.startswith("capture")] == ["capture 9D H9 3C+6S"]
    g, s = start(pos, capture_policy="any_valid_subset")
    assert sorted(t for t in legal_texts(g, s) if t.startswith("capture")) == [
        "capture 9D 3C+6S", "capture 9D H9", "capture 9D H9 3C+6S",
    ]  # fmt: skip


def test_i2_auto_merge_loose_sets() -> None:
    pos = position(hand="5H JC", loose="6S 2D 9C")
    g, s = start(pos)
    assert "build 11 5H+6S" in legal_texts(g, s)
    g, s = start(pos, auto_merge_loose_sets=True)
    builds = [t for t in legal_texts(g, s) if t.startswith("build")]
    assert builds == ["build 11 5H+6S 2D+9C"]
    with pytest.raises(IllegalAction, match=r"2D\+9C would be left loose.*\(I2\)"):
        act(g, s, "build 11 5H+6S")


def test_i2_auto_merge_loose_sets_on_a_throw() -> None:
    g, s = start(position(hand="6D 4C", loose="5S", houses=[(11, ["4H 7C"], [1])]), auto_merge_loose_sets=True)
    s = act(g, s, "throw 6D")
    assert floor_text(s) == ([], ["H11[4H,7C | 5S,6D]{1}"])


def test_m3_allow_multi_set_build_off() -> None:
    pos = position(hand="5H JC", loose="6S 2D 9C")
    g, s = start(pos, allow_multi_set_build=False)
    assert [t for t in legal_texts(g, s) if t.startswith("build")] == ["build 11 5H+6S"]
    with pytest.raises(IllegalAction, match="one set only"):
        act(g, s, "build 11 5H+6S 2D+9C")


def test_m3_allow_pair_house_off() -> None:
    pos = position(hand="9S 9D 2C", loose="9H 4C")
    g, s = start(pos, allow_pair_house=False)
    assert not [t for t in legal_texts(g, s) if t.startswith("build 9 9")]
    with pytest.raises(IllegalAction, match="pair house"):
        act(g, s, "build 9 9S 9H")


def test_m4_may_break_partner_house_off() -> None:
    pos = position(hand="2S JH", houses=[(9, ["4H 5C"], [2])])
    g, s = start(pos, may_break_partner_house=False)
    assert "break H9 2S" not in legal_texts(g, s)
    with pytest.raises(IllegalAction, match=r"\(M4\)"):
        act(g, s, "break H9 2S")


def test_m4_break_may_use_floor_cards() -> None:
    pos = position(hand="2S QH", loose="AC 5D", houses=[(9, ["4H 5C"], [1])])
    g, s = start(pos, break_may_use_floor_cards=True)
    texts = legal_texts(g, s)
    assert "break H9 2S+AC" in texts and "break H9 2S" not in texts  # no J held for 11
    s = act(g, s, "break H9 2S+AC")
    assert floor_text(s) == (["5D"], ["H12[AC,2S,4H,5C]{0}"])


def test_m5_partner_add_requires_card() -> None:
    pos = position(hand="9S 2D", loose="4H", houses=[(13, ["6C 7D", "KH"], [2])])
    g, s = start(pos, partner_add_requires_card=True)
    assert "cement H13 9S+4H" not in legal_texts(g, s)


def test_m5_partner_becomes_owner() -> None:
    pos = position(hand="9S KD", loose="4H", houses=[(13, ["6C 7D", "KH"], [2])])
    g, s = start(pos, partner_becomes_owner=True)
    assert act(g, s, "cement H13 9S+4H").houses[0].owners == 0b0101
    # An owner keeps a card of the value (I3), so without a K the partner may not add.
    g, s = start(position(hand="9S 2D", loose="4H", houses=[(13, ["6C 7D", "KH"], [2])]), partner_becomes_owner=True)
    assert "cement H13 9S+4H" not in [g.format(a) for a in g.legal_actions(s)]


def test_m5_opponent_add_becomes_owner_off() -> None:
    cemented = position(hand="9S KD", loose="4H", houses=[(13, ["6C 7D", "KH"], [1])])
    g, s = start(cemented, opponent_add_becomes_owner=False)
    assert act(g, s, "cement H13 9S+4H").houses[0].owners == 0b0010
    g, s = start(cemented)
    assert act(g, s, "cement H13 9S+4H").houses[0].owners == 0b0011
    plain = position(hand="9S KD", loose="4H", houses=[(13, ["6C 7D"], [1])])
    g, s = start(plain, opponent_add_becomes_owner=False)
    assert act(g, s, "cement H13 9S+4H").houses[0].owners == 0b0011  # cementing still makes a co-owner


def test_i3_retention_scope_team() -> None:
    # H11 belongs to seat 0 and its partner, seat 2 (who holds a J too).
    pos = position(hand="JH 4C", loose="5D", houses=[(11, ["5S 6H"], [0, 2])])
    g, s = start(pos)
    assert "cement H11 JH" not in legal_texts(g, s)
    with pytest.raises(IllegalAction, match=r"\(I3\)"):
        act(g, s, "cement H11 JH")
    g, s = start(pos, retention_scope="team")
    assert "cement H11 JH" in legal_texts(g, s)
    s = act(g, s, "cement H11 JH")
    assert s.houses[0].owners == 0b0100  # seat 0 holds no J now: the partner keeps the house
    # Alone, an owner still keeps its card.
    g, s = start(position(hand="JH 4C", loose="5D", houses=[(11, ["5S 6H"], [0])]), retention_scope="team")
    assert "cement H11 JH" not in legal_texts(g, s)


def test_a31_max_houses() -> None:
    pos = position(hand="5H JC", loose="6S", houses=[(9, ["4H 5C"], [1]), (13, ["6C 7D"], [3])])
    g, s = start(pos)
    assert "build 11 5H+6S" in legal_texts(g, s)
    g, s = start(pos, max_houses=2)
    assert "build 11 5H+6S" not in legal_texts(g, s)
    with pytest.raises(IllegalAction, match="at most 2 houses"):
        act(g, s, "build 11 5H+6S")


def test_r20_sweep_points_options() -> None:
    pos = position(hand="9D 7H", loose="6S 3C", houses=[(9, ["4H 5C"], [1])])
    g, s = start(pos, sweep_points=30)
    assert act(g, s, "capture 9D H9 3C+6S").sweeps == ((30,), ())
    last = position(hand="9S", mover=0, dealer=0, plays=47, loose="4C 5D")
    g, s = start(last, last_play_sweep_points=50)
    assert act(g, s, "capture 9S 4C+5D").sweeps == ((50,), ())
    g = Seep(first_play_sweep_points=50)
    s = act(g, dealt(g, 0, explicit(0, "KH 2C 3C 4D", "6C 7D 4H 9C")), "bid 13")
    assert act(g, s, "capture KH 6C+7D 4H+9C").sweeps == ((), (50,))


def test_a32_sweep_cap() -> None:
    pos = position(hand="9D 7H", loose="6S 3C", houses=[(9, ["4H 5C"], [1])], sweeps=(100, 50))
    g, s = start(pos, sweep_cap=2)
    assert s.sweeps == ((50, 50), (50,))
    # A third sweep drops team 0 to one, and cancels one of team 1's.
    assert act(g, s, "capture 9D H9 3C+6S").sweeps == ((50,), ())
    g, s = start(position(hand="9D 7H", loose="6S 3C", sweeps=(0, 50)), sweep_cap=2)
    assert act(g, s, "capture 9D 3C+6S").sweeps == ((50,), ())
    g, s = start(position(hand="9D 7H", loose="6S 3C", sweeps=(0, 50)))
    assert act(g, s, "capture 9D 3C+6S").sweeps == ((50,), (50,))


def test_r21_nine_point_basis_cards_only() -> None:
    s_pos = finished(0, 5, sweeps=(50, 0))
    g = Seep()
    s = g.position_start(s_pos, None)
    assert g.outcome(s).details["baazi"] is None  # type: ignore[union-attr]
    g = Seep(nine_point_basis="cards_only")
    s = g.position_start(s_pos, None)
    assert g.outcome(s).details["baazi"] == {"team": 1, "why": "nine_point_rule"}  # type: ignore[union-attr]


def test_r21_nine_point_effect_zero_card_points_and_off() -> None:
    g = Seep(nine_point_effect="zero_card_points")
    s = g.position_start(finished(0, 5, sweeps=(0, 0)), None)
    out = g.outcome(s)
    assert out is not None and out.score == (0, 95, 0, 95) and out.details["baazi"] is None
    assert g.match_json(s) == {"difference": -95, "baazis": [0, 0]}
    g = Seep(nine_point_effect="off")
    s = g.position_start(finished(0, 5), None)
    assert g.match_json(s) == {"difference": -90, "baazis": [0, 0]}


def test_r22_baazi_lead() -> None:
    g = Seep(baazi_lead=50)
    s = g.position_start(finished(0, 80), None)
    assert g.match_json(s) == {"difference": 0, "baazis": [1, 0]}


def test_r23_dealer_rotation_rotate() -> None:
    g = Seep(dealer_rotation="rotate")
    for dealer, a_points in [(0, 60), (1, 40), (2, 10), (3, 50)]:
        nxt = g.next_hand(g.position_start(finished(dealer, a_points), None))
        assert nxt is not None and g.dealer(nxt) == (dealer + 1) % 4


def test_r16_leftover_if_no_capture() -> None:
    # A deal in which nobody captured (not reachable in practice): everything ends on the floor.
    from cardtable.games.seep.play import finish
    from cardtable.games.seep.state import Match, Phase, SeepState

    everything = (1 << 52) - 1
    bare = SeepState(0, Match(), Phase.PLAY, 12, 48, (0, 0, 0, 0), (0, 0, 0, 0), everything, (), (0, 0), ((), ()), -1)
    g = Seep()
    s = finish(g.rules, bare)
    assert s.piles == (0, 0) and s.loose == everything and g.card_point_totals(s) == (0, 0)
    out = g.outcome(s)
    assert out is not None and out.score == (0, 0, 0, 0) and out.details["baazi"] is None
    g = Seep(leftover_if_no_capture="dealer_team")
    s = finish(g.rules, bare)
    assert s.piles == (everything, 0) and s.loose == 0 and g.card_point_totals(s) == (100, 100)
    s = finish(g.rules, SeepState(1, Match(), Phase.PLAY, 12, 48, (0, 0, 0, 0), (0, 0, 0, 0), everything, (),
                                  (0, 0), ((), ()), -1))  # fmt: skip
    assert s.piles == (0, everything)
