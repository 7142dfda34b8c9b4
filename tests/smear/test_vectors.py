"""The worked examples of §4 that are not whole hands (V01, V02, V10's Game bank), and V29's
invariants as random-playout property tests with every option switched on in turn."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import format_card
from cardtable.core import option_variants
from cardtable.games.smear import Smear, SmearRules, State
from cardtable.games.smear.tables import DECK, POWER, SUIT, TRICK_KEY, value_of

from .helpers import mask, random_hand, smear


def test_v01_deck() -> None:
    assert len(DECK) == 32 and len(set(DECK)) == 32
    for suit in range(4):
        cards = [c for c in DECK if c // 13 == suit]
        assert sorted(format_card(c)[:-1] for c in cards) == sorted(["A", "K", "Q", "J", "10", "9", "8", "7"])
        assert value_of(sum(1 << c for c in cards)) == 20
    assert value_of(sum(1 << c for c in DECK)) == 80
    assert not any(format_card(c)[:-1] in {"2", "3", "4", "5", "6"} for c in DECK)


def _winner(cards: str, trump: str) -> str:
    """Trick winner by the engine's table (R26), as the winning card."""
    played = [c for c in DECK if format_card(c) in cards.split()]
    order = cards.split()
    led = next(c for c in played if format_card(c) == order[0]) // 13
    key = TRICK_KEY["CDHS".index(trump) * 4 + led]
    return max(order, key=lambda t: key[next(c for c in played if format_card(c) == t)])


def test_v02_rank_is_not_value() -> None:
    # Hearts led, spades trump: JH wins although 10H is worth 10 and JH 1.
    assert _winner("10H JH 9H 8H", "S") == "JH"
    assert POWER[36] > POWER[35] > POWER[34]  # J > 10 > 9 (hearts)
    assert value_of(mask("10H")) == 10 and value_of(mask("JH")) == 1
    assert _winner("KS AS", "H") == "AS"


def test_v21_winners_by_table() -> None:
    assert _winner("KS AS 7H QS", "H") == "7H"
    assert _winner("QD KD AC JD", "H") == "KD"
    assert _winner("8H AS 7H 9H", "H") == "9H"
    assert _winner("9C 7H 8H AC", "H") == "8H"


def test_v10_discard_banks_game_for_the_bidder() -> None:
    from .test_rules import _kitty_hand

    game, state = _kitty_hand("AS KS 9S 7S 10H 8H", "QD 9C 7C")
    after = game.apply(state, game.parse("discard 10H QD 9C"))
    assert value_of(after.discard) == 12


# --- V29 ---

CONFIGS: list[dict[str, Any]] = [{}] + [{name: value} for name, value in option_variants(SmearRules)]
CONFIGS += [
    {"kitty_size": 3, "discards_as_captured": True, "discards_count_for_game": False},
    {"kitty_size": 2, "must_bid_to_win": True, "non_bidder_cap": 14, "simultaneous": "higher_score"},
    {"kitty_size": 1, "all_pass": "stick_dealer", "dealer_may_equal": True, "max_bid_ends_auction": False},
    {"high_rule": "highest_in_play", "low_rule": "lowest_in_play", "low_awarded_to": "capturer"},
]


def check_v29(game: Smear, end: State, before: tuple[int, int]) -> None:
    """V29's invariants for a finished hand that started at match score ``before``."""
    t = end.tally
    if t is None:  # passed out: scores change only after hands with a bid
        assert game.match_json(end) == {"scores": list(before)}
        assert game.outcome(end) is not None
        return
    assert len(end.tricks) == 6
    per_seat = [0, 0, 0, 0]
    for trick in end.tricks:
        assert len(trick.cards) == 4  # one card per seat, clockwise from the leader
        for i, _ in enumerate(trick.cards):
            per_seat[(trick.leader + i) % 4] += 1
    assert per_seat == [6, 6, 6, 6]
    counted, expected = game.card_point_totals(end)
    assert counted == expected
    discard_value = value_of(end.discard) if game.rules.discards_count_for_game else 0
    assert sum(t.counts) == 80 - value_of(end.dead) - value_of(end.discard) + discard_value
    assert sum(t.points) <= 4
    bidding = end.bidder % 2
    change = t.change[bidding]
    assert change == -end.bid or end.bid <= change <= 4
    other = t.change[1 - bidding]
    assert 0 <= other <= 4
    assert game.match_json(end) == {"scores": [before[0] + t.change[0], before[1] + t.change[1]]}
    result = game.outcome(end)
    assert result is not None and result.score == (t.change[0], t.change[1], t.change[0], t.change[1])


@pytest.mark.parametrize("options", CONFIGS, ids=[str(sorted(c.items())) for c in CONFIGS])
def test_v29_invariants_on_random_hands(options: dict[str, Any]) -> None:
    game = smear(**options)
    rng = random.Random(str(options))
    for _ in range(150):
        before = (rng.randrange(-10, 16), rng.randrange(-10, 16))
        end = random_hand(game, rng, rng.randrange(4), {"scores": list(before)})
        check_v29(game, end, before)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), kitty=st.integers(0, 3), dealer=st.integers(0, 3))
def test_v29_invariants_hypothesis(seed: int, kitty: int, dealer: int) -> None:
    game = smear(kitty_size=kitty)
    end = random_hand(game, random.Random(seed), dealer)
    check_v29(game, end, (0, 0))


# --- an independent scorer (R27-R32), written from the rules page, against the engine ---


def reference_points(rules: SmearRules, end: State) -> tuple[list[int], list[int]]:
    """(points per team, Game counts) computed plainly from the trick history."""
    trump = end.tricks[0].cards[0] // 13
    player: dict[int, int] = {}
    capturer: dict[int, int] = {}
    for trick in end.tricks:
        for i, c in enumerate(trick.cards):
            player[c] = (trick.leader + i) % 2
            capturer[c] = trick.winner % 2
    trumps = [c for c in player if c // 13 == trump]
    bidding = end.bidder % 2
    points = [0, 0]
    ace, seven, jack = trump * 13 + 0, trump * 13 + 6, trump * 13 + 10
    high = max(trumps, key=lambda c: POWER[c]) if rules.high_rule == "highest_in_play" else ace
    if high in player:
        points[player[high]] += 1
    low = min(trumps, key=lambda c: POWER[c]) if rules.low_rule == "lowest_in_play" else seven
    if low in player:
        points[(player if rules.low_awarded_to == "player" else capturer)[low]] += 1
    if jack in capturer:
        points[capturer[jack]] += 1
    elif rules.discards_as_captured and end.discard >> jack & 1:
        points[bidding] += 1
    counts = [0, 0]
    for c, team in capturer.items():
        counts[team] += value_of(1 << c)
    if rules.discards_count_for_game:
        counts[bidding] += value_of(end.discard)
    if counts[0] != counts[1]:
        points[0 if counts[0] > counts[1] else 1] += 1
    elif rules.game_tie != "none":
        points[bidding if rules.game_tie == "bidding_team" else 1 - bidding] += 1
    return points, counts


@pytest.mark.parametrize("options", CONFIGS, ids=[str(sorted(c.items())) for c in CONFIGS])
def test_r27_r32_engine_agrees_with_a_plain_scorer(options: dict[str, Any]) -> None:
    game = smear(**options)
    rng = random.Random("ref" + str(options))
    for _ in range(150):
        end = random_hand(game, rng, rng.randrange(4))
        if end.tally is None:
            continue
        points, counts = reference_points(game.rules, end)
        assert list(end.tally.points) == points
        assert list(end.tally.counts) == counts
        bidding = end.bidder % 2
        made = points[bidding] >= end.bid
        assert end.tally.made == made
        assert end.tally.change[bidding] == (points[bidding] if made else -end.bid)
    assert SUIT[0] == 0x1FFF
