"""Worlds weighed by the other seats' card plays (`sample(..., infer=True)`): they still agree with
the view exactly, the true hands of rule-based players always fit, and the weighting makes the
worlds fit the plays (and place the hidden cards where they are) far more often."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from cardtable.games.smear import PRESETS, Smear, State
from cardtable.games.smear.bots import RuleBot
from cardtable.games.smear.fast import RulePolicy
from cardtable.games.smear.infer import PlayCheck
from cardtable.games.smear.state import Phase
from cardtable.games.smear.tables import DECK_MASK

#: Every preset, and the options that change what is played or what the rule bot plays.
CONFIGS: list[dict[str, Any]] = [
    *PRESETS.values(),
    {"kitty_size": 1},
    {"kitty_size": 2, "follow_rule": "strict"},
    {"kitty_size": 3, "low_awarded_to": "capturer", "discards_count_for_game": False},
    {"all_pass": "stick_dealer", "dealer_may_equal": True, "max_bid_ends_auction": False},
]


def _hands(game: Smear, rng: random.Random, bots: bool) -> Any:
    """The states of a random hand, played by rule bots in every seat (or at random)."""
    bot = RuleBot(game)
    state = game.start(rng.randrange(4), {"scores": [rng.randrange(10), rng.randrange(10)]})
    state = game.apply(state, game.deal(state, rng))
    while game.actor(state) is not None:
        yield state
        seat = game.actor(state)
        legal = game.legal_actions(state)
        action = bot.act(game.observe(state, seat), legal, rng) if bots else rng.choice(legal)
        state = game.apply(state, action)
    yield state


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_inferred_worlds_match_the_view(options: dict[str, Any]) -> None:
    game = Smear(**options)
    rng = random.Random(str(options))
    for n in range(6):
        for state in _hands(game, rng, bots=n % 2 == 0):
            for seat in range(4):
                view = game.observe(state, seat)
                seed = rng.random()
                world = game.sample(view, random.Random(seed), infer=True)
                assert game.observe(world, seat) == view
                assert game.actor(world) == game.actor(state)
                union = 0
                for cards in game.card_places(world).values():
                    assert union & cards == 0
                    union |= cards
                assert union == DECK_MASK
                # The same seed gives the same world.
                assert game.sample(view, random.Random(seed), infer=True) == world
                if not PlayCheck(game.rules, view):  # no other seat's play to weigh: as without
                    assert game.sample(view, random.Random(seed)) == world


def _digest(options: dict[str, Any], infer: bool) -> str:
    game = Smear(**options)
    rng = random.Random("golden")
    h = hashlib.sha256()
    for _ in range(6):
        state = game.start(rng.randrange(4), {"scores": [rng.randrange(10), 2]})
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None:
            seat = game.actor(state)
            assert seat is not None
            world = game.sample(game.observe(state, (seat + 1) % 4), rng, infer=infer)
            h.update(repr((world.hands, world.setup)).encode())
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    return h.hexdigest()[:16]


@pytest.mark.parametrize(
    ("options", "digest"),
    [
        ({}, "714d9ab31a182c8c"),
        ({"kitty_size": 2}, "eefe8f73293489e7"),
        ({"kitty_size": 3, "follow_rule": "strict"}, "2d9aef6f28fef660"),
    ],
)
def test_without_inference_the_worlds_are_unchanged(options: dict[str, Any], digest: str) -> None:
    # The worlds the sampler drew before the plays were weighed, from the same random stream.
    assert _digest(options, infer=False) == digest
    assert _digest(options, infer=True) != digest


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_rule_bots_true_hands_fit_their_plays(options: dict[str, Any]) -> None:
    # Replaying the play from the true hands, the rule policy makes every play the rule bots made:
    # the replay rebuilds each decision faithfully (the rule bot plays cards without randomness).
    game = Smear(**options)
    rng = random.Random(7)
    checked = 0
    for _ in range(12):
        for state in _hands(game, rng, bots=True):
            for seat in range(4):
                check = PlayCheck(game.rules, game.observe(state, seat))
                if check:
                    assert check.misfits(state) == 0
                    checked += 1
    assert checked > 100


def test_random_plays_do_not_fit() -> None:
    # The same check finds the plays of random players unlike the rule bot's, and stops counting
    # once past the bound it is given.
    game = Smear()
    rng = random.Random(8)
    counts = []
    for _ in range(10):
        states = list(_hands(game, rng, bots=False))
        final: State = states[-1]
        if final.phase is Phase.OVER and final.tricks:
            check = PlayCheck(game.rules, game.observe(final, 0))
            full = check.misfits(final)
            counts.append(full)
            for most in range(4):
                assert check.misfits(final, most) == min(full, most + 1)
    assert len(counts) >= 8
    assert sum(counts) / len(counts) > 3


def _replayed_misfits(game: Smear, view: Any, world: State) -> int:
    """The misfits counted the plain way: the whole play replayed on the fast layer from the
    world's hands at the first lead, the policy asked at each other seat's decision (a forced
    card other than the one played, in a world whose voids the sampler had to drop, is a misfit
    too)."""
    check = PlayCheck(game.rules, view)
    s = check.start(world)
    policy = RulePolicy(game.rules)
    count = 0
    for trick in [*(t.cards for t in view.tricks), view.trick]:
        for card in trick:
            moves = s.moves()
            if s.to_act != view.seat and (
                policy.choose(s, moves, random.Random(0)) != card if len(moves) > 1 else moves != [card]
            ):
                count += 1
            s.apply(card)
    return count


@pytest.mark.parametrize("options", CONFIGS[2:5], ids=[str(c) for c in CONFIGS[2:5]])
def test_the_check_counts_as_a_plain_replay(options: dict[str, Any]) -> None:
    # The check keeps the states of the decisions and remembers its answers; it counts exactly
    # what replaying the whole play for each world counts.
    game = Smear(**options)
    rng = random.Random(9)
    counted = 0
    for n in range(6):
        for state in _hands(game, rng, bots=n % 2 == 0):
            seat = rng.randrange(4)
            view = game.observe(state, seat)
            check = PlayCheck(game.rules, view)
            if not check:
                continue
            for _ in range(5):
                world = game.sample(view, rng)
                expected = _replayed_misfits(game, view, world)
                assert check.misfits(world) == expected
                counted += expected
    assert counted > 50


def test_inference_finds_the_likely_worlds() -> None:
    game = Smear()
    rng = random.Random(3)
    fit = {False: 0, True: 0}
    placed = {False: 0, True: 0}
    worlds = hidden = 0
    for _ in range(12):
        for state in _hands(game, rng, bots=True):
            seat = game.actor(state)
            if seat is None or state.phase is not Phase.PLAY or not state.tricks:
                continue
            view = game.observe(state, seat)
            check = PlayCheck(game.rules, view)
            seed = rng.random()
            for infer in (False, True):
                srng = random.Random(seed)
                for _ in range(4):
                    world = game.sample(view, srng, infer=infer)
                    fit[infer] += check.misfits(world) == 0
                    for s in range(4):
                        if s != seat:
                            placed[infer] += (world.hands[s] & state.hands[s]).bit_count()
            worlds += 4
            hidden += 4 * sum(state.hands[s].bit_count() for s in range(4) if s != seat)
    assert worlds > 300
    # Without the plays weighed about one world in five fits them all; with them, about half.
    assert fit[True] > 1.6 * fit[False]
    # And more of the hidden cards are placed in the hand that holds them.
    assert placed[True] / hidden > placed[False] / hidden + 0.03
