"""One test (or a few) per rule of the Seep rules page, named after its id (R1-R24, M1-M6, I1-I3)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import format_card, parse_card, parse_cards
from cardtable.core import CHANCE, BadNotation, Deal, IllegalAction
from cardtable.games.seep import Seep
from cardtable.games.seep.floor import VALUE
from cardtable.games.seep.play import packet_seats
from cardtable.games.seep.scoring import card_points, pile_points
from cardtable.games.seep.state import Phase
from tests.seep.make import act, floor_text, legal_texts, position, start

DECK = [format_card(c) for c in range(52)]


def explicit(dealer: int, first4: str, floor: str, bidder_rest: str = "") -> dict[str, object]:
    """An explicit deal: the bidder's first four and the floor given, the rest in card order."""
    used = set(first4.split()) | set(floor.split()) | set(bidder_rest.split())
    rest = [c for c in DECK if c not in used]
    b = (dealer + 1) % 4
    hands: list[list[str]] = [[], [], [], []]
    hands[b] = first4.split() + bidder_rest.split()
    for seat in range(4):
        while len(hands[seat]) < 12:
            hands[seat].append(rest.pop(0))
    return {"hands": hands, "floor": floor.split()}


def dealt(game: Seep, dealer: int, deal: dict[str, object]):  # type: ignore[no-untyped-def]
    s = game.start(dealer)
    return game.apply(s, game.deal_from_json(deal, dealer))


# ---------------------------------------------------------------- 2.1 cards and points


def test_r1_deck_is_52_cards_and_a_deal_must_be_a_permutation() -> None:
    g = Seep()
    s = g.start()
    assert sorted(g.deal(s, random.Random(3)).deck) == list(range(52))
    with pytest.raises(IllegalAction, match="appears twice"):
        g.apply(s, Deal((0, *range(51))))
    with pytest.raises(IllegalAction):
        g.apply(s, Deal(tuple(range(51))))


def test_r2_capture_values() -> None:
    assert [VALUE[parse_card(t)] for t in ["AS", "2H", "9C", "10D", "JS", "QH", "KC"]] == [1, 2, 9, 10, 11, 12, 13]
    g, s = start(position(hand="KD 2C", loose="6S 7H"))
    assert "capture KD 6S+7H" in legal_texts(g, s)


def test_r3_point_values_total_100() -> None:
    pts = card_points(Seep().rules)
    assert sum(pts) == 100
    assert sum(1 for p in pts if p) == 17
    assert pts[parse_card("10D")] == 6 and pts[parse_card("KS")] == 13 and pts[parse_card("AH")] == 1
    assert pts[parse_card("KH")] == 0 and pts[parse_card("2D")] == 0


def test_r3_a_piles_points_are_its_cards_points() -> None:
    # pile_points reads sums per suit from tables; they must add up as the cards do, whatever
    # the ten of diamonds is worth under the rules.
    rng = random.Random(3)
    for ten in (6, 2):
        pts = card_points(Seep(ten_diamonds_points=ten).rules)
        assert pts[parse_card("10D")] == ten
        for _ in range(500):
            pile = rng.getrandbits(52) & rng.getrandbits(52)
            assert pile_points(pts, pile) == sum(pts[c] for c in range(52) if pile >> c & 1)
        assert pile_points(pts, (1 << 52) - 1) == 94 + ten and pile_points(pts, 0) == 0


# ---------------------------------------------------------------- 2.2 seating and the deal


def test_r4_partners_share_a_pile() -> None:
    g, s = start(position(hand="JH 4C", mover=2, loose="5C 6H"))
    s = act(g, s, "capture JH 5C+6H")
    taken = sum(1 << parse_card(c) for c in ("JH", "5C", "6H"))
    assert s.piles[0] == taken and not s.piles[1] & taken
    assert s.last_capture == 0


def test_r5_the_first_dealer_is_given_and_the_bidder_is_to_the_right() -> None:
    g = Seep()
    for d in range(4):
        s = g.start(dealer=d)
        assert g.dealer(s) == d and g.actor(s) == CHANCE
    with pytest.raises(BadNotation):
        g.start(dealer=4)


def test_r6_shuffle_is_reproducible_from_the_rng() -> None:
    g = Seep()
    s = g.start()
    assert g.deal(s, random.Random(9)) == g.deal(s, random.Random(9))
    assert g.deal(s, random.Random(9)) != g.deal(s, random.Random(10))


def test_r7_first_four_to_the_bidder_next_four_to_the_floor() -> None:
    g = Seep()
    deck = tuple(parse_cards("KH 2C 3C 4C 5D 6D 7D 8D")) + tuple(c for c in range(52) if c not in parse_cards(
        "KH 2C 3C 4C 5D 6D 7D 8D"))  # fmt: skip
    s = g.apply(g.start(dealer=2), Deal(deck))
    assert g.actor(s) == 3
    assert s.hands[3] == sum(1 << c for c in deck[:4])
    assert s.loose == sum(1 << c for c in deck[4:8])
    assert s.hands[0] == s.hands[1] == s.hands[2] == 0


def test_r8_bid_needs_a_card_of_that_value() -> None:
    g = Seep()
    s = dealt(g, 0, explicit(0, "QH 7C 3D 2S", "5S 9H 4C 10D"))
    assert legal_texts(g, s) == ["bid 12"]
    s = dealt(g, 0, explicit(0, "QH 9C KD 2S", "5S 9H 4C 10D"))
    assert legal_texts(g, s) == ["bid 9", "bid 12", "bid 13"]
    with pytest.raises(IllegalAction, match="9 to 13"):
        g.apply(s, g.parse("bid 8"))
    with pytest.raises(IllegalAction, match="bid first"):
        g.apply(s, g.parse("throw 2S"))


def test_r8_misdeal_when_nothing_above_8() -> None:
    g = Seep()
    s = dealt(g, 2, explicit(2, "8H 7C 3D 2S", "5S 9H 4C 10D"))
    assert g.actor(s) is None
    out = g.outcome(s)
    assert out is not None and out.result == "misdeal" and out.score == (0, 0, 0, 0)
    assert g.match_json(s) == {"difference": 0, "baazis": [0, 0]}
    nxt = g.next_hand(s)
    assert nxt is not None and g.dealer(nxt) == 2  # redeal_by "same"
    assert g.card_point_totals(s) == (0, 0)


def test_r9_the_floor_is_hidden_until_the_bid() -> None:
    g = Seep()
    s = dealt(g, 0, explicit(0, "QH 7C 3D 2S", "5S 9H 4C 10D"))
    assert g.observe(s, 1).to_json()["floor"]["loose"] is None
    assert g.observe(s, 1).to_json()["hand"] == ["2S", "3D", "7C", "QH"]
    assert g.observe(s, 2).to_json()["hand"] == []
    assert g.unseen(s, 1) & s.loose == s.loose
    s = act(g, s, "bid 12")
    assert g.observe(s, 2).to_json()["floor"]["loose"] == ["4C", "5S", "9H", "10D"]


def test_r10_opening_moves() -> None:
    g = Seep()
    s = act(g, dealt(g, 0, explicit(0, "QH 7C 3D 2S", "5S 9H 4C 10D")), "bid 12")
    assert sorted(legal_texts(g, s)) == sorted([
        "build 12 2S+10D", "build 12 3D+9H", "build 12 3D+4C+5S", "build 12 7C+5S", "throw QH",
    ])  # fmt: skip
    # A bid-value card that can capture must capture at the opening.
    s = act(g, dealt(g, 0, explicit(0, "QH 7C 3D 2S", "5S 7H 4C 10D")), "bid 12")
    assert "throw QH" not in legal_texts(g, s)
    assert "capture QH 5S+7H" in legal_texts(g, s)


def test_r10_opening_build_keeps_a_bid_card() -> None:
    g = Seep()
    s = act(g, dealt(g, 0, explicit(0, "QH QC 3D 2S", "QS 9H 4C 10D")), "bid 12")
    texts = legal_texts(g, s)
    assert "build 12 QH QS" in texts  # a pair house: another Q is kept
    assert "capture QH QS" in texts


def test_r10_opening_always_has_a_legal_move() -> None:
    g = Seep()
    rng = random.Random(5)
    for _ in range(300):
        s = g.start(rng.randrange(4))
        s = g.apply(s, g.deal(s, rng))
        if g.actor(s) is None:
            continue
        s = g.apply(s, rng.choice(g.legal_actions(s)))
        assert s.phase is Phase.OPENING and g.legal_actions(s)


def test_r11_deal_completion_packets_and_hand_sizes() -> None:
    assert packet_seats(0) == (1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0)
    g = Seep()
    deck = tuple(range(51, -1, -1))  # KS first: the bidder holds a king
    s = g.apply(g.start(dealer=1), Deal(deck))
    s = g.apply(s, g.legal_actions(s)[0])
    s = g.apply(s, g.legal_actions(s)[0])
    assert [h.bit_count() for h in s.hands] == [12, 12, 11, 12]
    # Deck positions 8-11 and 24-27 go to the bidder (seat 2), 48-51 to the dealer (seat 1).
    assert all(s.hands[1] >> c & 1 for c in deck[48:52])
    assert all(s.hands[2] >> c & 1 for c in deck[8:12] + deck[24:28])


def test_r11_explicit_deal_form_round_trip() -> None:
    g = Seep()
    rng = random.Random(4)
    for dealer in range(4):
        deck = g.deal(g.start(), rng)
        s = g.apply(g.start(dealer), deck)
        if g.actor(s) is None:
            continue
        s = g.apply(s, g.legal_actions(s)[0])
        # Rebuild the explicit form from the deck and check it gives back the same deck.
        hands: list[list[str]] = [[], [], [], []]
        hands[(dealer + 1) % 4] = [format_card(c) for c in deck.deck[:4]]
        for i, seat in enumerate(packet_seats(dealer)):
            hands[seat] += [format_card(c) for c in deck.deck[8 + 4 * i : 12 + 4 * i]]
        again = g.deal_from_json({"hands": hands, "floor": [format_card(c) for c in deck.deck[4:8]]}, dealer)
        assert again == deck


def test_r11_explicit_deal_errors() -> None:
    g = Seep()
    good = explicit(0, "QH 7C 3D 2S", "5S 9H 4C 10D")
    bad = {"hands": [list(h) for h in good["hands"]], "floor": good["floor"]}  # type: ignore[attr-defined]
    bad["hands"][2][3] = "ZZ"
    with pytest.raises(BadNotation, match=r"deal.hands\[2\]\[3\]: unknown card 'ZZ'"):
        g.deal_from_json(bad, 0)
    bad["hands"][2][3] = bad["hands"][2][4]
    with pytest.raises(BadNotation, match="twice"):
        g.deal_from_json(bad, 0)
    with pytest.raises(BadNotation, match="12 cards"):
        g.deal_from_json({"hands": [h[:11] for h in good["hands"]], "floor": good["floor"]}, 0)  # type: ignore[index]
    with pytest.raises(BadNotation, match="4 hands"):
        g.deal_from_json({"hands": good["hands"][:3], "floor": good["floor"]}, 0)  # type: ignore[index]
    with pytest.raises(BadNotation, match="object"):
        g.deal_from_json([], 0)
    with pytest.raises(BadNotation, match="52 cards"):
        g.deal_from_json({"deck": DECK[:51]}, 0)


# ---------------------------------------------------------------- 2.3 turns and the floor


def test_r12_play_j_is_made_by_dealer_plus_j_and_play_48_by_the_dealer() -> None:
    g = Seep()
    rng = random.Random(8)
    for _ in range(20):
        dealer = rng.randrange(4)
        s = g.start(dealer)
        s = g.apply(s, g.deal(s, rng))
        if g.actor(s) is None:
            continue
        s = g.apply(s, rng.choice(g.legal_actions(s)))
        plays = [0, 0, 0, 0]
        for j in range(1, 49):
            seat = g.actor(s)
            assert seat == (dealer + j) % 4
            plays[seat] += 1  # type: ignore[index]
            s = g.apply(s, rng.choice(g.legal_actions(s)))
        assert g.actor(s) is None and plays == [12, 12, 12, 12]


def test_r13_house_sets_sum_to_the_value_and_cemented_means_two_sets() -> None:
    g, s = start(position(hand="5H JC JS", loose="6S 2D 9D"))
    s = act(g, s, "build 11 5H+6S 2D+9D")
    (h,) = s.houses
    assert h.value == 11 and h.cemented and len(h.sets) == 2
    g, s = start(position(hand="5H JC", loose="6S"))
    s = act(g, s, "build 11 5H+6S")
    assert not s.houses[0].cemented


def test_r14_i1_one_house_per_value_so_build_becomes_cement() -> None:
    g, s = start(position(hand="5H JC", loose="6S", houses=[(11, ["4H 7C"], [1])]))
    with pytest.raises(IllegalAction, match=r"already a house of value 11.*\(I1\)"):
        act(g, s, "build 11 5H+6S")
    s = act(g, s, "cement H11 5H+6S")
    assert len(s.houses) == 1 and s.houses[0].cemented and s.houses[0].owners == 0b11


def test_r14_i2_loose_card_of_a_house_value_merges() -> None:
    g, s = start(position(hand="3H QC", loose="QD 9C"))
    s = act(g, s, "build 12 3H+9C")
    assert floor_text(s) == ([], ["H12[3H,9C | QD]{0}"])


def test_r14_i3_owner_keeps_a_card_of_the_value() -> None:
    g, s = start(position(hand="JH 4C 6D", houses=[(11, ["5D 6H"], [0])], loose="7S"))
    texts = legal_texts(g, s)
    assert "throw JH" not in texts and "capture JH H11" in texts
    assert "cement H11 4C+7S" in texts  # the J stays in hand
    assert "cement H11 JH" not in texts  # it would leave no J
    with pytest.raises(IllegalAction, match=r"\(I3\)"):
        act(g, s, "throw JH")


# ---------------------------------------------------------------- 2.4 moves


def test_m1_throw_only_when_the_card_captures_nothing() -> None:
    g, s = start(position(hand="JH 4C", loose="2S 3D 5C 6H"))
    assert "throw JH" not in legal_texts(g, s) and "throw 4C" in legal_texts(g, s)
    with pytest.raises(IllegalAction, match=r"\(M1\)"):
        act(g, s, "throw JH")


def test_m2_maximal_capture_mover_chooses_among_maximal() -> None:
    g, s = start(position(hand="JH 4C", loose="2S 3D 5C 6H"))
    caps = [t for t in legal_texts(g, s) if t.startswith("capture")]
    assert caps == ["capture JH 5C+6H", "capture JH 2S+3D+6H"]


def test_m2_capture_takes_loose_cards_of_its_value_and_sets() -> None:
    g, s = start(position(hand="9D 7H", loose="9S 4C 5H 2D"))
    assert [t for t in legal_texts(g, s) if t.startswith("capture 9D")] == ["capture 9D 4C+5H 9S"]
    s = act(g, s, "capture 9D 9S 4C+5H")
    assert floor_text(s)[0] == ["2D"] and s.last_capture == 0


def test_m2_house_is_never_part_of_a_sum() -> None:
    g, s = start(position(hand="KD QC", loose="AH", houses=[(12, ["7H 5D"], [1])]))
    with pytest.raises(IllegalAction, match="H12 is not 13"):
        act(g, s, "capture KD H12 AH")


def test_m2_sweep_when_the_floor_is_emptied() -> None:
    g, s = start(position(hand="9D 7H", loose="6S 3C", houses=[(9, ["4H 5C"], [1])]))
    s = act(g, s, "capture 9D H9 6S+3C")
    assert s.sweeps == ((50,), ())


def test_m3_build_needs_a_card_of_the_value_kept() -> None:
    g, s = start(position(hand="5H 2D 9C", loose="6S 9D"))
    with pytest.raises(IllegalAction, match=r"no card of value 11.*\(M3\)"):
        act(g, s, "build 11 5H+6S")


def test_m3_build_values_9_to_13_and_groups_exact() -> None:
    g, s = start(position(hand="5H JC 2D", loose="6S 9D"))
    with pytest.raises(IllegalAction, match="9 to 13"):
        act(g, s, "build 8 2D+6S")
    with pytest.raises(IllegalAction, match="2D is not a loose card"):
        act(g, s, "build 11 5H+2D")  # 2D is in hand, not on the floor
    g, s = start(position(hand="5H JC", loose="6S 2D 7C"))
    with pytest.raises(IllegalAction, match="sums to 9, not 11"):
        act(g, s, "build 11 5H+6S 2D+7C")


def test_m3_multi_set_and_pair_house() -> None:
    g, s = start(position(hand="5H JC", loose="6S 2D 9C"))
    assert "build 11 5H+6S 2D+9C" in legal_texts(g, s)
    g, s = start(position(hand="9S 9D 2C", loose="9H 4C"))
    texts = legal_texts(g, s)
    assert "build 9 9S 9H" in texts and "build 9 9D 9H" in texts
    s = act(g, s, "build 9 9S 9H")
    assert floor_text(s) == (["4C"], ["H9[9S | 9H]{0}"])


def test_m3_cards_above_the_value_never_join() -> None:
    g, s = start(position(hand="5H JC", loose="6S QD"))
    assert [t for t in legal_texts(g, s) if t.startswith("build")] == ["build 11 5H+6S"]


def test_m4_break_conditions() -> None:
    pos = position(hand="2S JH", loose="KC", houses=[(9, ["4H 5C"], [1])])
    g, s = start(pos)
    s2 = act(g, s, "break H9 2S")
    assert floor_text(s2) == (["KC"], ["H11[2S,4H,5C]{0}"])
    # Not your own house, not a cemented one, no floor cards.
    g, s = start(position(hand="2S JH 9C", houses=[(9, ["4H 5C"], [0])]))
    with pytest.raises(IllegalAction, match="cannot break it"):
        act(g, s, "break H9 2S")
    g, s = start(position(hand="2S JH", houses=[(9, ["4H 5C", "9C"], [1])]))
    with pytest.raises(IllegalAction, match="cemented"):
        act(g, s, "break H9 2S")
    g, s = start(position(hand="2S QH", loose="AC", houses=[(9, ["4H 5C"], [1])]))
    with pytest.raises(IllegalAction, match="no floor cards"):
        act(g, s, "break H9 2S+AC")


def test_m4_partner_house_may_be_broken_by_default() -> None:
    g, s = start(position(hand="2S JH", houses=[(9, ["4H 5C"], [2])]))
    assert "break H9 2S" in legal_texts(g, s)


def test_m4_break_merge_into_existing_house() -> None:
    g, s = start(position(hand="2S JH", houses=[(9, ["4H 5C"], [1]), (11, ["5D 6D"], [3])]))
    s = act(g, s, "break H9 2S")
    assert floor_text(s) == ([], ["H11[5D,6D | 2S,4H,5C]{0,3}"])


def test_m5_cement_and_add_ownership() -> None:
    g, s = start(position(hand="9S 2D", loose="4H", houses=[(13, ["6C 7D", "KH"], [2])]))
    s2 = act(g, s, "cement H13 9S+4H")
    assert s2.houses[0].owners == 0b0100
    g, s = start(position(hand="9S KD", loose="4H", houses=[(13, ["6C 7D"], [1])]))
    s2 = act(g, s, "cement H13 9S+4H")
    assert s2.houses[0].owners == 0b0011 and s2.houses[0].cemented
    g, s = start(position(hand="KC KD", houses=[(13, ["6C 7D"], [0])]))
    assert "cement H13 KC" in legal_texts(g, s)


def test_m5_one_card_from_hand_only() -> None:
    g, s = start(position(hand="9S 4D KD", loose="4H", houses=[(13, ["6C 7D"], [1])]))
    with pytest.raises(IllegalAction, match="not a loose card"):
        act(g, s, "cement H13 9S+4D")


def test_m6_never_two_houses_of_a_value_nor_below_9_nor_loose_card_of_house_value() -> None:
    g, s = start(position(hand="5H JC", loose="6S", houses=[(11, ["4H 7C"], [1])]))
    with pytest.raises(IllegalAction, match="I1"):
        act(g, s, "build 11 5H+6S")
    with pytest.raises(IllegalAction, match="9 to 13"):
        act(g, s, "build 7 5H+6S")
    g, s = start(position(hand="JC JH", loose="6S", houses=[(11, ["4H 7C"], [1])]))
    assert "throw JC" not in legal_texts(g, s)
    with pytest.raises(IllegalAction, match=r"JH is not a loose card"):
        act(g, s, "capture JC H11 JH")


# ---------------------------------------------------------------- 2.5-2.7 end and scoring


def test_r15_no_house_is_left_after_play_48() -> None:
    g = Seep()
    rng = random.Random(15)
    for _ in range(30):
        s = g.start(rng.randrange(4))
        s = g.apply(s, g.deal(s, rng))
        while g.actor(s) is not None:
            s = g.apply(s, rng.choice(g.legal_actions(s)))
        assert not s.houses


def test_r16_leftovers_go_to_the_last_capturer_and_are_no_sweep() -> None:
    g, s = start(position(hand="8H", mover=0, dealer=0, plays=47, loose="KC"))
    s = act(g, s, "throw 8H")
    assert s.phase is Phase.OVER and s.loose == 0
    assert s.piles[1] >> parse_card("8H") & 1 and s.piles[1] >> parse_card("KC") & 1
    assert s.sweeps == ((), ())


def test_r17_deal_score_is_card_points_plus_sweeps() -> None:
    g, s = start(position(hand="9S", mover=0, dealer=1, plays=46, loose="4C 5D", hands={1: "8H"}))
    s = act(g, act(g, s, "capture 9S 4C+5D"), "throw 8H")
    out = g.outcome(s)
    assert out is not None and out.score == (59, 91, 59, 91)
    assert sum(out.details["card_points"]) == 100
    assert g.card_point_totals(s) == (100, 100)


def test_r20_opening_sweep_is_25_mid_deal_50_last_0() -> None:
    g = Seep()
    s = act(g, dealt(g, 0, explicit(0, "KH 2C 3C 4D", "6C 7D 4H 9C")), "bid 13")
    s = act(g, s, "capture KH 6C+7D 4H+9C")
    assert s.sweeps == ((), (25,))
    g, s = start(position(hand="9S", mover=0, dealer=0, plays=47, loose="4C 5D"))
    assert act(g, s, "capture 9S 4C+5D").sweeps == ((0,), ())


def test_r20_build_and_throw_never_sweep() -> None:
    g, s = start(position(hand="5H JC", loose="6S"))
    s = act(g, s, "build 11 5H+6S")
    assert s.sweeps == ((), ()) and s.loose == 0


def test_r21_nine_point_rule_loses_the_baazi() -> None:
    from tests.seep.build_records import finished

    g = Seep()
    s = g.position_start(finished(0, 5), {"difference": 60, "baazis": [0, 0]})
    out = g.outcome(s)
    assert out is not None and out.details["baazi"] == {"team": 1, "why": "nine_point_rule"}
    assert g.match_json(s) == {"difference": 0, "baazis": [0, 1]}
    # A team with 9 or more is not caught.
    s = g.position_start(finished(0, 9), {"difference": 0, "baazis": [0, 0]})
    assert g.match_json(s) == {"difference": -82, "baazis": [0, 0]}


def test_r22_lead_of_100_wins_a_baazi_and_the_excess_is_lost() -> None:
    from tests.seep.build_records import finished

    g = Seep()
    s = g.position_start(finished(0, 90), {"difference": 80, "baazis": [2, 3]})
    assert g.match_json(s) == {"difference": 0, "baazis": [3, 3]}
    s = g.position_start(finished(0, 50), {"difference": -99, "baazis": [0, 0]})
    assert g.match_json(s) == {"difference": -99, "baazis": [0, 0]}


def test_r23_next_dealer() -> None:
    from tests.seep.build_records import finished

    g = Seep()
    for dealer, before, a_points, want in [(0, 0, 60, 1), (1, -15, 60, 1), (1, -20, 60, 1), (1, 0, 45, 2),
                                           (2, -90, 40, 0), (2, 90, 60, 1), (3, 0, 40, 0), (3, 0, 60, 3)]:  # fmt: skip
        s = g.position_start(finished(dealer, a_points), {"difference": before, "baazis": [0, 0]})
        nxt = g.next_hand(s)
        assert nxt is not None and g.dealer(nxt) == want, (dealer, before, a_points)


def test_r23_match_carries_into_the_next_hand() -> None:
    from tests.seep.build_records import finished

    g = Seep()
    s = g.position_start(finished(0, 60), {"difference": 7, "baazis": [1, 2]})
    nxt = g.next_hand(s)
    assert nxt is not None and g.match_json(nxt) == {"difference": 27, "baazis": [1, 2]}
    assert g.winner(s) is None


def test_r24_views_hide_other_hands() -> None:
    g = Seep()
    rng = random.Random(24)
    s = g.start()
    s = g.apply(s, g.deal(s, rng))
    while g.actor(s) is not None:
        for seat in range(4):
            data = g.observe(s, seat).to_json()
            named = {parse_card(c) for c in data["hand"]}
            assert named == {c for c in range(52) if s.hands[seat] >> c & 1} or s.phase is Phase.BID
            assert not any(g.unseen(s, seat) >> c & 1 for c in named)
        s = g.apply(s, rng.choice(g.legal_actions(s)))
