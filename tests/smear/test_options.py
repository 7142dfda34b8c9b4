"""One test per option of the rules page's table (§3.2), named after the rule or §3 item behind it."""

from __future__ import annotations

import pytest

from cardtable.cards import format_card
from cardtable.core import BadRules, IllegalAction
from cardtable.games.smear import PRESETS, Pass, Smear, State
from cardtable.registry import get_game, presets

from .helpers import V22_ACTIONS, V22_DEAL, V25_ACTIONS, V25_DEAL, dealt, legal_texts, mask, run, smear


def test_r6_kitty_size_option_values() -> None:
    for n in (0, 1, 2, 3):
        assert smear(kitty_size=n).rules.kitty_size == n
    with pytest.raises(BadRules):
        smear(kitty_size=-1)


def test_r7_target_score_option() -> None:
    game = smear(target_score=2)
    end = run(game, dealt(game, V22_DEAL, 3), V22_ACTIONS)
    assert game.winner(end) == (1, 3)
    with pytest.raises(BadRules):
        smear(target_score=0)


def test_r12_min_bid_and_max_bid() -> None:
    game = smear(min_bid=3)
    assert legal_texts(game, dealt(game, V22_DEAL, 3)) == ["pass", "bid 3", "bid 4"]
    game = smear(max_bid=3)
    state = dealt(game, V22_DEAL, 3)
    assert legal_texts(game, state) == ["pass", "bid 2", "bid 3"]
    state = run(game, state, ["0 bid 3"])  # the highest bid ends the auction (R13)
    assert game.actor(state) == 0 and state.bidder == 0
    with pytest.raises(BadRules, match="above max_bid"):
        smear(min_bid=4, max_bid=3)


def test_item7_dealer_may_equal() -> None:
    game = smear(dealer_may_equal=True)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass"])
    assert legal_texts(game, state) == ["pass", "bid 3", "bid 4"]
    state = run(game, state, ["3 bid 3"])
    assert (state.bidder, state.bid, game.actor(state)) == (3, 3, 3)
    # Only the dealer may equal.
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 3"])
    assert legal_texts(game, state) == ["pass", "bid 4"]


def test_item7_max_bid_ends_auction_off() -> None:
    game = smear(max_bid_ends_auction=False)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4"])
    assert game.actor(state) == 1 and legal_texts(game, state) == ["pass"]
    state = run(game, state, ["1 pass", "2 pass", "3 pass"])
    assert (state.bidder, game.actor(state), state.calls) == (0, 0, (4, 0, 0, 0))
    # With a dealer steal the dealer may still take a 4.
    game = smear(max_bid_ends_auction=False, dealer_may_equal=True)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4", "1 pass", "2 pass"])
    assert legal_texts(game, state) == ["pass", "bid 4"]


def test_item6_all_pass_redeal_same_dealer() -> None:
    state = run(smear(), dealt(smear(), V22_DEAL, 3), ["0 pass", "1 pass", "2 pass", "3 pass"])
    nxt = smear().next_hand(state)
    assert nxt is not None and nxt.dealer == 3


def test_item6_all_pass_redeal_next_dealer() -> None:
    game = smear(all_pass="redeal_next_dealer")
    state = run(game, dealt(game, V22_DEAL, 3), ["0 pass", "1 pass", "2 pass", "3 pass"])
    result = game.outcome(state)
    assert result is not None and result.result == "passed_out"
    nxt = game.next_hand(state)
    assert nxt is not None and nxt.dealer == 0


def test_item6_all_pass_stick_dealer() -> None:
    game = smear(all_pass="stick_dealer")
    state = run(game, dealt(game, V22_DEAL, 3), ["0 pass", "1 pass", "2 pass"])
    assert legal_texts(game, state) == ["bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalAction, match="may not pass") as e:
        game.apply(state, Pass())
    assert e.value.rule == "R15"
    state = run(game, state, ["3 bid 2"])
    assert (state.bidder, state.bid) == (3, 2)
    # A dealer facing a bid may still pass.
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 2", "1 pass", "2 pass"])
    assert legal_texts(game, state) == ["pass", "bid 3", "bid 4"]


def test_item5_follow_rule_strict() -> None:
    game = smear(follow_rule="strict")
    state = run(game, dealt(game, V22_DEAL, 3), V22_ACTIONS[:15])
    assert legal_texts(game, state) == ["play KH"]  # V22 variant: 9S is illegal
    with pytest.raises(IllegalAction, match="must follow hearts"):
        game.apply(state, game.parse("play 9S"))
    # Void in the suit led: trumping or any card is still allowed.
    state = run(game, dealt(game, V22_DEAL, 3), V22_ACTIONS[:11])
    assert legal_texts(game, state) == ["play AC", "play 7C", "play JD", "play 8H", "play 10H"]


def test_item2_high_rule_highest_in_play() -> None:
    game = smear(high_rule="highest_in_play")
    end = run(game, dealt(game, V25_DEAL, 3), V25_ACTIONS)
    assert end.tally is not None and end.tally.high == 1 and end.tally.high_card == 25  # KD, seat 3
    result = game.outcome(end)
    assert result is not None and result.score == (-2, 2, -2, 2)
    assert result.details["high_card"] == "KD"


def test_item3_low_rule_lowest_in_play() -> None:
    # V25: the 7D is played (seat 0), so it is the lowest trump either way.
    game = smear(low_rule="lowest_in_play")
    end = run(game, dealt(game, V25_DEAL, 3), V25_ACTIONS)
    assert end.tally is not None and end.tally.low == 0
    # V22's deal with diamonds led: the 7D is dead, so only lowest_in_play awards Low.
    actions = ["0 bid 2", "1 pass", "2 pass", "3 pass", "0 play 10D", "1 play 9D", "2 play AD", "3 play JD"]
    base = run(smear(), dealt(smear(), V22_DEAL, 3), actions)
    low = run(game, dealt(game, V22_DEAL, 3), actions)
    base_end = _finish(smear(), base)
    low_end = _finish(game, low)
    assert base_end.tally is not None and low_end.tally is not None
    assert base_end.tally.low == -1  # the 7D is dead
    assert format_card(low_end.tally.low_card) == "9D" and low_end.tally.low == 1  # seat 1 played 9D


def _finish(game: Smear, state: State) -> State:
    """Play the rest of the hand with each seat's first legal card."""
    while game.actor(state) is not None:
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def test_item3_low_awarded_to_capturer() -> None:
    game = smear(low_awarded_to="capturer")
    end = run(game, dealt(game, V22_DEAL, 3), V22_ACTIONS)
    assert end.tally is not None and end.tally.low == 0 and end.tally.change == (3, 1)


def test_item4_game_tie_bidding_team() -> None:
    game = smear(game_tie="bidding_team")
    end = run(game, dealt(game, V25_DEAL, 3), V25_ACTIONS)
    assert end.tally is not None and end.tally.game == 0 and end.tally.change == (2, 1)  # A makes 2


def test_item4_game_tie_non_bidding_team() -> None:
    game = smear(game_tie="non_bidding_team")
    end = run(game, dealt(game, V25_DEAL, 3), V25_ACTIONS)
    assert end.tally is not None and end.tally.game == 1 and end.tally.change == (-2, 2)


def test_item11_discards_count_for_game_off() -> None:
    on, off = smear(kitty_size=1), smear(kitty_size=1, discards_count_for_game=False)
    actions = ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 discard KH"]  # seat 0 takes JH, lays KH away
    ends = [_finish(g, run(g, dealt(g, V22_DEAL, 3), actions)) for g in (on, off)]
    assert ends[0].tally is not None and ends[1].tally is not None
    assert ends[0].tally.counts[0] == ends[1].tally.counts[0] + 3  # KH is worth 3
    # The dead stock is now 7 cards worth 6; without the discard 80 - 6 - 3 is counted.
    assert on.card_point_totals(ends[0]) == (74, 74)
    assert off.card_point_totals(ends[1]) == (71, 71)


def test_item11_discards_as_captured_scores_a_discarded_jack() -> None:
    # Seat 0 holds seven spades with the jack after pickup, discards JS and leads spades.
    from .test_rules import _kitty_hand

    _, state = _kitty_hand("AS KS QS JS 10S 9S", "8S")
    for game, jack in ((smear(kitty_size=1), -1), (smear(kitty_size=1, discards_as_captured=True), 0)):
        end = _finish(game, game.apply(state, game.parse("discard JS")))
        assert end.trump == 3 and end.tally is not None
        assert end.tally.jack == jack
        assert end.tally.high == 0  # the ace was kept and played


def test_item15_simultaneous_higher_score() -> None:
    game = smear(low_awarded_to="capturer", simultaneous="higher_score")  # V22: A +3, B +1
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [12, 15]}), V22_ACTIONS)
    assert game.winner(end) == (1, 3)  # 15 v 16
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [12, 14]}), V22_ACTIONS)
    assert game.winner(end) == (0, 2)  # 15 v 15: the bidding team wins the tie


def test_item13_must_bid_to_win() -> None:
    game = smear(must_bid_to_win=True)
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [0, 14]}), V22_ACTIONS)
    assert game.match_json(end) == {"scores": [-3, 16]} and game.winner(end) is None
    # V28: winning the auction is not enough; the bid must be made.
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [20, 0]}), V22_ACTIONS)
    assert game.winner(end) is None
    made = ["0 bid 2", *V22_ACTIONS[1:]]
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [13, 14]}), made)
    assert game.match_json(end) == {"scores": [15, 16]} and game.winner(end) == (0, 2)


def test_item14_non_bidder_cap() -> None:
    game = smear(non_bidder_cap=15)
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [0, 14]}), V22_ACTIONS)
    result = game.outcome(end)
    assert result is not None and result.score == (-3, 1, -3, 1)
    assert game.match_json(end) == {"scores": [-3, 15]} and game.winner(end) == (1, 3)
    # A cap never takes points away from a team already above it.
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [0, 17]}), V22_ACTIONS)
    assert game.match_json(end) == {"scores": [-3, 17]}
    # The cap is for the non-bidding team only.
    game = smear(non_bidder_cap=14, low_awarded_to="capturer")
    end = run(game, dealt(game, V22_DEAL, 3, {"scores": [14, 0]}), V22_ACTIONS)
    assert game.match_json(end) == {"scores": [17, 1]}


def test_item14_presets() -> None:
    assert set(PRESETS) == {"standard", "bid_out", "bid_out_capped"}
    assert presets("smear")["standard"] == {}
    capped = get_game("smear", "bid_out_capped")
    assert (capped.rules.must_bid_to_win, capped.rules.non_bidder_cap) == (True, 15)
    end = run(capped, dealt(capped, V22_DEAL, 3, {"scores": [0, 14]}), V22_ACTIONS)
    assert capped.match_json(end) == {"scores": [-3, 15]} and capped.winner(end) is None
    assert get_game("smear", "bid_out").rules.non_bidder_cap is None


def test_options_reject_bad_values() -> None:
    for name, value in [
        ("all_pass", "redeal"),
        ("follow_rule", True),
        ("non_bidder_cap", "15"),
        ("dealer_may_equal", 1),
        ("no_such_option", 1),
    ]:
        with pytest.raises(BadRules):
            smear(**{name: value})
    assert mask("AS") == 1 << 39
