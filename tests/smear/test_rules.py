"""One test (or more) per rule of the rules page §2, named after its id (R1-R37)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import DECK52, format_card, parse_card
from cardtable.core import CHANCE, BadNotation, BadRules, Deal, IllegalAction
from cardtable.games.smear import Bid, Discard, Pass, Phase, Play, Smear, State
from cardtable.games.smear.tables import DECK, DECK_MASK, value_of

from .helpers import V22_ACTIONS, V22_DEAL, V25_ACTIONS, V25_DEAL, dealt, legal_texts, mask, random_hand, run, smear

GAME = smear()


def test_r1_partners_share_a_score() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    result = GAME.outcome(end)
    assert result is not None
    assert result.score == (-3, 2, -3, 2)  # seats 0 and 2 are team 0, seats 1 and 3 team 1


def test_r2_turns_go_clockwise() -> None:
    state = dealt(GAME, V22_DEAL, 1)
    seen = []
    for _ in range(4):
        seen.append(GAME.actor(state))
        state = GAME.apply(state, Pass())
    assert seen == [2, 3, 0, 1]
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 play AS"])
    assert GAME.actor(state) == 1


def test_r3_deck_has_32_cards_seven_and_up() -> None:
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert sorted(format_card(c)[:-1] for c in DECK if c // 13 == 0) == sorted(
        ["A", "K", "Q", "J", "10", "9", "8", "7"]
    )
    deck = GAME.deal(GAME.start(0), random.Random(1)).deck
    assert sorted(deck) == sorted(DECK)
    with pytest.raises(IllegalAction):
        GAME.apply(GAME.start(0), Deal(DECK52[:32]))  # 2s to 6s are not Smear cards
    with pytest.raises(BadNotation, match="not in the Smear deck"):
        GAME.parse("play 6H")


def test_r4_rank_order_no_jick() -> None:
    # Diamonds trump: JH is an ordinary heart, not a trump (no left bower).
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 play 10D"])
    assert GAME.observe(state, 0).trump == 1
    # A > K: seat 1's QD and seat 2's AD follow; AD beats QD, and J beats 10 (V02 below).
    state = run(GAME, state, ["1 play QD", "2 play AD", "3 play JD"])
    assert GAME.actor(state) == 2


def test_r5_card_values_and_deck_total() -> None:
    assert value_of(mask("AS KS QS JS 10S 9S 8S 7S")) == 20
    assert value_of(DECK_MASK) == 80
    assert [value_of(mask(c)) for c in ("AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H")] == [4, 3, 2, 1, 10, 0, 0, 0]


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_r6_kitty_size_sets_the_bidders_hand(n: int) -> None:
    game = smear(kitty_size=n)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4"])
    assert state.hands[0].bit_count() == 6 + n
    assert state.phase is (Phase.DISCARD if n else Phase.PLAY)
    with pytest.raises(BadRules):
        smear(kitty_size=4)


def test_r7_target_is_15() -> None:
    assert GAME.rules.target_score == 15
    end = run(GAME, dealt(GAME, V22_DEAL, 3, {"scores": [0, 12]}), V22_ACTIONS)
    assert GAME.winner(end) is None  # 14
    end = run(GAME, dealt(GAME, V22_DEAL, 3, {"scores": [0, 13]}), V22_ACTIONS)
    assert GAME.winner(end) == (1, 3)  # 15


def test_r8_any_seat_may_deal_first() -> None:
    for dealer in range(4):
        assert GAME.dealer(GAME.start(dealer)) == dealer
        assert GAME.actor(GAME.start(dealer)) == CHANCE
    with pytest.raises(BadNotation):
        GAME.start(4)


def test_r9_deal_passes_left_after_a_played_hand() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    nxt = GAME.next_hand(end)
    assert nxt is not None and GAME.dealer(nxt) == 0
    assert GAME.match_json(nxt) == {"scores": [-3, 2]}


def test_r10_deck_order_deals_from_the_dealers_left() -> None:
    deck = tuple(GAME.deal(GAME.start(0), random.Random(3)).deck)
    for dealer in range(4):
        state = GAME.apply(GAME.start(dealer), Deal(deck))
        for i in range(4):
            seat = (dealer + 1 + i) % 4
            assert state.hands[seat] == mask(" ".join(format_card(c) for c in deck[6 * i : 6 * i + 6]))
        assert state.kitty | state.dead == mask(" ".join(format_card(c) for c in deck[24:]))
    # Top of the stock first: the bidder takes deck[24:24+N].
    game = smear(kitty_size=2)
    state = game.apply(game.start(3), Deal(deck))
    assert state.kitty == (1 << deck[24]) | (1 << deck[25])


def test_r10_explicit_deal_is_the_same_as_its_deck() -> None:
    for dealer in range(4):
        deal = GAME.deal_from_json(V22_DEAL, dealer)
        state = GAME.apply(GAME.start(dealer), deal)
        for seat in range(4):
            assert state.hands[seat] == mask(" ".join(V22_DEAL["hands"][seat]))
        deck_form = GAME.deal_from_json({"deck": [format_card(c) for c in deal.deck]}, dealer)
        assert deck_form == deal


def test_r11_one_turn_each_dealer_last() -> None:
    state = dealt(GAME, V22_DEAL, 3)
    state = run(GAME, state, ["0 bid 2", "1 bid 3", "2 pass", "3 pass"])
    assert state.phase is Phase.PLAY and state.bidder == 1  # nobody speaks twice


def test_r12_bids_strictly_rise_from_2_to_4() -> None:
    state = dealt(GAME, V22_DEAL, 3)
    assert legal_texts(GAME, state) == ["pass", "bid 2", "bid 3", "bid 4"]
    state = run(GAME, state, ["0 bid 3"])
    assert legal_texts(GAME, state) == ["pass", "bid 4"]
    with pytest.raises(IllegalAction, match="equal bid") as e:
        GAME.apply(state, Bid(3))
    assert e.value.rule == "R12"
    with pytest.raises(IllegalAction, match="higher"):
        GAME.apply(state, Bid(2))
    # The dealer has no steal by default.
    state = run(GAME, state, ["1 pass", "2 pass"])
    assert legal_texts(GAME, state) == ["pass", "bid 4"]


def test_r13_a_bid_of_4_ends_the_auction() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 pass", "1 bid 4"])
    assert state.phase is Phase.PLAY and GAME.actor(state) == 1
    assert state.calls == (0, 4)


def test_r14_highest_bidder_is_the_bidder() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 pass", "1 bid 2", "2 bid 3", "3 pass"])  # V03
    assert (state.bidder, state.bid) == (2, 3)
    assert GAME.observe(state, 1).to_json()["bidder"] == 2


def test_r15_four_passes_score_nothing_and_redeal() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 pass", "1 pass", "2 pass", "3 pass"])
    result = GAME.outcome(state)
    assert result is not None and result.result == "passed_out" and result.score == (0, 0, 0, 0)
    assert GAME.actor(state) is None and GAME.winner(state) is None
    nxt = GAME.next_hand(state)
    assert nxt is not None and GAME.dealer(nxt) == 3 and GAME.actor(nxt) == CHANCE
    assert GAME.card_point_totals(state) == (0, 0)


def test_r16_the_bidder_takes_the_kitty_unseen() -> None:
    game = smear(kitty_size=3)
    state = dealt(game, V22_DEAL, 3)
    kitty = mask("JH 7H KD")
    assert state.kitty == kitty
    state = run(game, state, ["0 bid 4"])
    assert state.hands[0] == mask("AS JS 9S KH 10D 8C") | kitty
    for seat in (1, 2, 3):
        view = game.observe(state, seat).to_json()
        assert view["kitty"] is None and view["hand_sizes"][0] == 9
        assert game.unseen(state, seat) & kitty == kitty
    assert game.observe(state, 0).to_json()["kitty"] == ["KD", "7H", "JH"]


def test_r17_discard_exactly_n_cards_from_hand() -> None:
    game = smear(kitty_size=2)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4"])
    assert all(isinstance(a, Discard) and len(a.cards) == 2 for a in game.legal_actions(state))
    with pytest.raises(IllegalAction, match="exactly 2"):
        game.apply(state, game.parse("discard 8C"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply(state, game.parse("discard 8C QS"))
    after = game.apply(state, game.parse("discard 8C JH"))
    assert after.hands[0].bit_count() == 6 and after.phase is Phase.PLAY
    assert game.actor(after) == 0


def _kitty_hand(hand: str, kitty: str) -> tuple[Smear, State]:
    """Seat 0 (dealer 3) is dealt ``hand``, the stock's top is ``kitty``; seat 0 bids 4 and picks up."""
    game = smear(kitty_size=len(kitty.split()))
    cards = [format_card(parse_card(t)) for t in hand.split() + kitty.split()]
    rest = [format_card(c) for c in DECK if format_card(c) not in cards]
    hands = [cards[:6]] + [rest[6 * i : 6 * i + 6] for i in range(3)]
    stock = cards[6:] + rest[18:]
    return game, run(game, dealt(game, {"hands": hands, "stock": stock}, 3), ["0 bid 4"])


def _lead_suits(state: State) -> list[int]:
    return sorted({c // 13 for c in range(52) if state.lead_ok >> c & 1})


def test_r18_a_suit_qualifies_when_only_its_excess_over_six_goes() -> None:
    # Seven spades and two hearts after pickup: spades stay eligible only if exactly one spade
    # goes; hearts only if no heart goes.
    game, state = _kitty_hand("AS KS QS JS 10S 9S", "8S 9H 8H")
    assert _lead_suits(game.apply(state, game.parse("discard 8S 9H 8H"))) == [3]
    assert _lead_suits(game.apply(state, game.parse("discard 9S 8S QS"))) == [2]
    with pytest.raises(IllegalAction, match="no suit to lead as trump") as e:
        game.apply(state, game.parse("discard 9S 8S 9H"))
    assert e.value.rule == "R18"
    assert "spades (7 held, 2 discarded, 1 allowed)" in e.value.reason
    legal = legal_texts(game, state)
    assert len(legal) == 7 + 35  # one spade and both hearts, or three spades
    assert "discard 8S 9S 9H" not in legal


def test_r18_the_first_lead_must_be_an_eligible_suit() -> None:
    game, state = _kitty_hand("AS KS QS JS 10S 9S", "8S 9H 8H")
    after = game.apply(state, game.parse("discard 9S 8S QS"))
    assert legal_texts(game, after) == ["play 8H", "play 9H"]
    with pytest.raises(IllegalAction, match="spades cannot be trump") as e:
        game.apply(after, Play(parse_card("AS")))
    assert e.value.rule == "R18"
    # From trick 2 on, any card may be led (R25).


def test_r18_no_restriction_without_a_kitty() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass", "3 pass"])
    assert legal_texts(GAME, state) == ["play 8C", "play 10D", "play KH", "play AS", "play 9S", "play JS"]


def test_r19_discards_count_for_game_only() -> None:
    # V10: discarding 10H QD 9C banks 12 Game points for the bidding team.
    game, state = _kitty_hand("AS KS 9S 7S 10H 8H", "QD 9C 7C")
    state = game.apply(state, game.parse("discard 10H QD 9C"))
    end = _play_out(game, state, random.Random(4))
    t = end.tally
    assert t is not None
    won = [0, 0]
    for trick in end.tricks:
        won[trick.winner % 2] += value_of(sum(1 << c for c in trick.cards))
    assert t.counts == (won[0] + 12, won[1])


def test_r19_a_discarded_trump_ace_scores_no_high() -> None:
    # Seven spades with the ace: one spade must go to lead spades; discarding the ace kills High.
    game, state = _kitty_hand("AS KS QS JS 10S 9S", "8S")
    state = game.apply(state, game.parse("discard AS"))
    end = _play_out(game, state, random.Random(5))
    assert end.trump == 3 and end.tally is not None
    assert end.tally.high == -1 and end.tally.high_card == -1


def test_r20_dead_stock_counts_for_nobody() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert end.dead == mask("JH 7H KD 8D 7D QC JC 9C")
    assert GAME.card_point_totals(end) == (73, 73)
    assert end.tally is not None and sum(end.tally.counts) == 80 - 7


def test_r21_the_bidder_leads_to_trick_1() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 pass", "1 pass", "2 bid 2", "3 pass"])
    assert GAME.actor(state) == 2


def test_r22_the_first_card_led_sets_trump() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass", "3 pass"])
    assert GAME.observe(state, 1).trump is None
    state = run(GAME, state, ["0 play KH"])
    assert state.trump == 2 and GAME.observe(state, 1).to_json()["trump"] == "H"
    # Seat 1 holds AH: must play a trump to trick 1.
    assert legal_texts(GAME, state) == ["play AH"]


def test_r23_six_tricks_every_card_played() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert len(end.tricks) == 6 and end.hands == (0, 0, 0, 0)
    for seat in range(4):
        assert sum(1 for t in end.tricks for i, _ in enumerate(t.cards) if (t.leader + i) % 4 == seat) == 6


def test_r24a_trump_led_must_trump() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 play AS"])
    assert legal_texts(GAME, state) == ["play 7S", "play KS"]
    with pytest.raises(IllegalAction, match="must play a trump"):
        GAME.apply(state, GAME.parse("play AH"))


def test_r24b_follow_or_trump_even_when_able_to_follow() -> None:
    # V22 trick 3: AH led, seat 0 holds KH and trumps with 9S.
    state = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS[:15])
    assert GAME.actor(state) == 0
    assert legal_texts(GAME, state) == ["play KH", "play 9S"]


def test_r24c_void_plays_anything() -> None:
    # V22 trick 2: JS led; seat 3 has no spade left.
    state = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS[:11])
    assert GAME.actor(state) == 3
    assert legal_texts(GAME, state) == ["play AC", "play 7C", "play JD", "play 8H", "play 10H"]


def test_r25_later_leads_are_free() -> None:
    # V22 trick 4: seat 0 may lead anything, trump included.
    state = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS[:16])
    assert GAME.actor(state) == 0
    assert legal_texts(GAME, state) == ["play 8C", "play 10D", "play KH"]
    state = run(GAME, dealt(GAME, V25_DEAL, 3), V25_ACTIONS[:8])
    assert GAME.actor(state) == 3
    assert legal_texts(GAME, state) == ["play AC", "play KC", "play 10H", "play KH", "play QS"]


def test_r26_trick_winner_leads_next() -> None:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert [t.winner for t in state.tricks] == [0, 1, 0, 0, 2, 3]
    assert [t.leader for t in state.tricks] == [0, 0, 1, 0, 0, 2]


def test_r27_high_is_the_ace_of_trump() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert end.tally is not None and (end.tally.high, format_card(end.tally.high_card)) == (0, "AS")
    end = run(GAME, dealt(GAME, V25_DEAL, 3), V25_ACTIONS)  # AD dead
    assert end.tally is not None and end.tally.high == -1


def test_r28_low_goes_to_the_player_of_the_trump_seven() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert end.tally is not None and end.tally.low == 1  # seat 1 played 7S, team 0 captured it


def test_r29_jack_goes_to_the_trick_winner() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert end.tally is not None and end.tally.jack == 1  # seat 0 played JS, seat 1 won it


def test_r30_game_strictly_higher_count() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)
    assert end.tally is not None and end.tally.counts == (42, 31) and end.tally.game == 0
    end = run(GAME, dealt(GAME, V25_DEAL, 3), V25_ACTIONS)
    assert end.tally is not None and end.tally.counts == (38, 38) and end.tally.game == -1


def test_r31_at_most_four_points_and_counts_add_up() -> None:
    rng = random.Random(31)
    for _ in range(300):
        end = random_hand(GAME, rng, rng.randrange(4))
        if end.tally is None:
            continue
        assert sum(end.tally.points) <= 4
        assert sum(end.tally.counts) == 80 - value_of(end.dead)


def test_r32_made_bid_adds_all_points_set_loses_the_bid() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS)  # set: 2 < 3
    assert end.tally is not None and end.tally.change == (-3, 2) and not end.tally.made
    made = ["0 bid 2", *V22_ACTIONS[1:]]
    end = run(GAME, dealt(GAME, V22_DEAL, 3), made)  # 2 >= 2
    assert end.tally is not None and end.tally.change == (2, 2) and end.tally.made
    capturer = smear(low_awarded_to="capturer")
    end = run(capturer, dealt(capturer, V22_DEAL, 3), made)  # 3 points on a bid of 2: all count
    assert end.tally is not None and end.tally.change == (3, 1)


def test_r33_scores_may_go_negative() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3, {"scores": [-20, 0]}), V22_ACTIONS)
    assert GAME.match_json(end) == {"scores": [-23, 2]}
    assert GAME.winner(end) is None


def test_r34_the_match_ends_only_after_a_scored_hand() -> None:
    state = dealt(GAME, V22_DEAL, 3, {"scores": [14, 14]})
    mid = run(GAME, state, V22_ACTIONS[:20])
    assert GAME.winner(mid) is None and GAME.outcome(mid) is None
    passed = run(GAME, state, ["0 pass", "1 pass", "2 pass", "3 pass"])
    assert GAME.winner(passed) is None and GAME.next_hand(passed) is not None
    end = run(GAME, state, V22_ACTIONS)
    assert GAME.winner(end) == (1, 3) and GAME.next_hand(end) is None
    with pytest.raises(IllegalAction):
        GAME.next_hand(mid)


def test_r35_exactly_one_team_over_the_target_wins() -> None:
    end = run(GAME, dealt(GAME, V22_DEAL, 3, {"scores": [20, 0]}), V22_ACTIONS)
    assert GAME.winner(end) == (0, 2)  # 17: the set bidder still has 15 or more


def test_r36_both_over_the_target_the_bidder_goes_out() -> None:
    game = smear(low_awarded_to="capturer")  # V22 then gives A 3 (made), B 1
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [13, 14]}), V22_ACTIONS)
    assert game.match_json(end) == {"scores": [16, 15]}
    assert game.winner(end) == (0, 2)
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [12, 16]}), V22_ACTIONS)
    assert game.winner(end) == (0, 2)  # 15 v 17: still the bidder


def test_r37_bid_out_options_are_off_by_default() -> None:
    assert GAME.rules.must_bid_to_win is False and GAME.rules.non_bidder_cap is None


def _play_out(game: Smear, state: State, rng: random.Random) -> State:
    while game.actor(state) is not None:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def test_r8_r10_the_deal_is_random_shuffle() -> None:
    # The deck comes from ``rng`` exactly as random.shuffle would order it: a uniform shuffle.
    for seed in range(50):
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        assert GAME.deal(GAME.start(0), random.Random(seed)).deck == tuple(deck)


def test_r18_listed_discards_are_exactly_the_accepted_ones() -> None:
    from itertools import combinations

    rng = random.Random(18)
    cases = [_kitty_hand("AS KS QS JS 10S 9S", "8S 9H 8H"), _kitty_hand("AS KS QS JS 10S 9S", "8S 7S 9H")]
    for n in (1, 2, 3):
        game = smear(kitty_size=n)
        for _ in range(40):
            state = game.apply(game.start(3), game.deal(game.start(3), rng))
            cases.append((game, run(game, state, ["0 bid 4"])))
    for game, state in cases:
        hand = [c for c in range(52) if state.hands[0] >> c & 1]
        listed = set(game.legal_actions(state))
        for combo in combinations(hand, game.rules.kitty_size):
            action = Discard(combo)
            try:
                game.apply(state, action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in listed)
