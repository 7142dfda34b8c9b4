"""The fast paths of the Smear engine agree with the rules' plain definitions.

`Smear.legal_actions` writes out R24-R25 and `apply` checks a play without building the legal
list; the deal, the scoring and the views read tuples directly. These tests hold each of them to a
plain restatement of the rule, over random positions of several rule sets.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import Deal, IllegalAction
from cardtable.games.smear import Phase, Smear, State
from cardtable.games.smear.actions import Play
from cardtable.games.smear.game import shuffled
from cardtable.games.smear.play import playable, plays_of
from cardtable.games.smear.scoring import score_hand
from cardtable.games.smear.tables import DECK, SUIT, TRUMP_ACE, TRUMP_JACK, TRUMP_SEVEN, highest, lowest, value_of
from tests.random_play import random_states

RULE_SETS = [
    {},
    {"kitty_size": 2},
    {"kitty_size": 3, "follow_rule": "strict", "all_pass": "stick_dealer"},
    {
        "kitty_size": 1,
        "high_rule": "highest_in_play",
        "low_rule": "lowest_in_play",
        "low_awarded_to": "capturer",
        "game_tie": "bidding_team",
        "discards_as_captured": True,
        "discards_count_for_game": False,
    },
]


@pytest.mark.parametrize("options", RULE_SETS)
def test_play_legal_actions_are_the_r24_r25_cards(options: dict[str, object]) -> None:
    game = Smear(**options)
    strict = options.get("follow_rule") == "strict"
    plays = 0
    for state in random_states(game, 60, seed=1):
        if state.phase is not Phase.PLAY:
            continue
        hand = state.hands[state.to_act]  # type: ignore[index]
        if not state.trick:
            expected = hand if state.tricks else hand & state.lead_ok
        else:
            led = state.trick[0] // 13
            follow = hand & SUIT[led]
            if not follow:
                expected = hand
            elif strict or led == state.trump:
                expected = follow
            else:
                expected = follow | (hand & SUIT[state.trump])
        legal = game.legal_actions(state)
        assert legal == plays_of(expected) == plays_of(playable(strict, state))
        assert [a.card for a in legal] == sorted(c for c in range(52) if expected >> c & 1)
        plays += 1
    assert plays > 1000


@pytest.mark.parametrize("options", RULE_SETS)
def test_apply_takes_exactly_the_legal_plays(options: dict[str, object]) -> None:
    game = Smear(**options)
    checked = 0
    for state in random_states(game, 25, seed=2):
        if state.phase is not Phase.PLAY:
            continue
        legal = set(game.legal_actions(state))
        for card in DECK:
            play = Play(card)
            if play in legal:
                after = game.apply(state, play)
                assert after.hands[state.to_act] == state.hands[state.to_act] & ~(1 << card)  # type: ignore[index]
            else:
                with pytest.raises(IllegalAction) as e:
                    game.apply(state, play)
                assert e.value.rule in ("R18", "R23", "R24")
                assert e.value.seat == state.to_act
            checked += 1
    assert checked > 10000


def test_shuffle_is_rng_shuffle() -> None:
    """The deal is exactly ``random.shuffle`` of the deck from the same generator state."""
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        deck = list(DECK)
        theirs.shuffle(deck)
        assert shuffled(ours) == tuple(deck)
        assert ours.random() == theirs.random()  # the same random bits were used up


@pytest.mark.parametrize(
    "deck",
    [
        DECK[:31],
        (*DECK, DECK[0]),
        (DECK[0], *DECK[:31]),  # a card twice, one missing
        (1, *DECK[1:]),  # 2C is not in the Smear deck
        (-1, *DECK[1:]),
        (*DECK[:31], 99),
        ("AC", *DECK[1:]),
        (),
    ],
)
def test_bad_decks_are_rejected(deck: tuple[int, ...]) -> None:
    game = Smear()
    start = game.start(0)
    with pytest.raises(IllegalAction) as e:
        game.apply(start, Deal(deck))
    assert e.value.rule == "R3"


def reference_tally(game: Smear, state: State) -> tuple[int, int, int, int, tuple[int, int]]:
    """(High, Low, Jack, Game teams, Game counts) from the rules page, with card sets."""
    rules = game.rules
    played, won = [0, 0], [0, 0]
    for trick in state.tricks:
        for i, c in enumerate(trick.cards):
            played[(trick.leader + i) & 1] |= 1 << c
            won[trick.winner & 1] |= 1 << c
    trump = state.trump
    trumps = (played[0] | played[1]) & SUIT[trump]

    def team(card: int, sets: list[int]) -> int:
        return next((t for t in (0, 1) if card >= 0 and sets[t] >> card & 1), -1)

    high_card = TRUMP_ACE[trump] if rules.high_rule == "ace_only" else highest(trumps) if trumps else -1
    low_card = TRUMP_SEVEN[trump] if rules.low_rule == "seven_only" else lowest(trumps) if trumps else -1
    jack = team(TRUMP_JACK[trump], won)
    bidding = state.bidder & 1
    if jack < 0 and rules.discards_as_captured and state.discard >> TRUMP_JACK[trump] & 1:
        jack = bidding
    counts = [value_of(won[0]), value_of(won[1])]
    if rules.discards_count_for_game:
        counts[bidding] += value_of(state.discard)
    if counts[0] != counts[1]:
        game_team = 0 if counts[0] > counts[1] else 1
    else:
        game_team = {"bidding_team": bidding, "non_bidding_team": 1 - bidding}.get(rules.game_tie, -1)
    low = team(low_card, played if rules.low_awarded_to == "player" else won)
    return team(high_card, played), low, jack, game_team, (counts[0], counts[1])


@pytest.mark.parametrize("options", RULE_SETS)
def test_score_hand_matches_the_rules_page(options: dict[str, object]) -> None:
    game = Smear(**options)
    scored = 0
    for state in random_states(game, 300, seed=3):
        if state.phase is not Phase.OVER or state.tally is None:
            continue
        t = state.tally
        assert (t.high, t.low, t.jack, t.game, t.counts) == reference_tally(game, state)
        assert t == score_hand(
            game.rules, state.bidder, state.bid, state.trump, state.tricks, state.discard, state.scores
        )
        scored += 1
    assert scored > 100


@pytest.mark.parametrize("options", RULE_SETS)
def test_views_show_what_the_rules_allow(options: dict[str, object]) -> None:
    game = Smear(**options)
    kitty_size = game.rules.kitty_size
    for state in random_states(game, 40, seed=4):
        over = state.phase is Phase.OVER
        picked = state.phase in (Phase.DISCARD, Phase.PLAY) or (over and state.bidder >= 0)
        for seat in range(4):
            view = game.observe(state, seat)
            assert view.hand == state.hands[seat]
            assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
            assert (view.seat, view.phase, view.to_act, view.dealer) == (seat, state.phase, state.to_act, state.dealer)
            own = bool(kitty_size) and picked and seat == state.bidder
            assert view.kitty == (state.kitty if own else None)
            assert view.discard == (state.discard if own and state.phase is not Phase.DISCARD else None)
            assert view.dead == (state.dead if over and state.bidder >= 0 else None)
            assert view.trick == state.trick and view.tricks == state.tricks
