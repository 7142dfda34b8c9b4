"""Worlds weighed by the other seats' card plays: still exact, reproducible, and likelier."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from cardtable.bots.base import RandomBot
from cardtable.games.sheepshead import Sheepshead, State
from cardtable.games.sheepshead import infer as inference
from cardtable.games.sheepshead import sample as sampler
from cardtable.games.sheepshead.bots import RuleBot
from cardtable.games.sheepshead.state import Phase

from .test_sample import CONFIGS, SINGLE


def rule_hand(game: Sheepshead, rng: random.Random, wild: int = -1) -> list[State]:
    """Every state of one hand played by rule bots (``wild`` plays at random)."""
    rule, chance = RuleBot(game), RandomBot(game)
    state = game.start(rng.randrange(5))
    state = game.apply(state, game.deal(state, rng))
    states = [state]
    while (seat := game.actor(state)) is not None:
        bot = chance if seat == wild else rule
        state = game.apply(state, bot.act(game.observe(state, seat), game.legal_actions(state), rng))
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("options", "hands"),
    [(c, 3) for c in CONFIGS] + [(c, 1) for c in SINGLE],
    ids=[str(c) for c in CONFIGS + SINGLE],
)
def test_inferred_worlds_match_the_view(options: dict[str, Any], hands: int) -> None:
    game = Sheepshead(**options)
    rng = random.Random(str(options))
    before = sampler.relaxed_count
    for hand in range(hands):
        # rule bots, one seat at random in two hands of three: plays that fit and plays that do not
        for state in rule_hand(game, rng, wild=rng.randrange(5) if hand or hands == 1 else -1):
            for seat in range(5):
                view = game.observe(state, seat)
                seed = rng.randrange(1 << 30)
                world = game.sample(view, random.Random(seed), infer=True)
                assert game.observe(world, seat) == view
                assert game.actor(world) == game.actor(state)
                again = game.sample(view, random.Random(seed), infer=True)
                assert again == world  # the same seed, the same world
    assert sampler.relaxed_count == before


def worlds_digest(**sample_options: Any) -> str:
    h = hashlib.sha256()
    shapes: list[dict[str, Any]] = [
        {},
        {"cracking": True, "blitzing": True, "allow_unknown_call": True},
        {"partner_mode": "jack_of_diamonds"},
    ]
    for options in shapes:
        game = Sheepshead(**options)
        rng = random.Random(5)
        for _ in range(3):
            state = game.start(rng.randrange(5))
            state = game.apply(state, game.deal(state, rng))
            while (seat := game.actor(state)) is not None:
                view = game.observe(state, (seat + 1) % 5)
                world = game.sample(view, random.Random(len(state.tricks) * 7 + seat), **sample_options)
                h.update(repr(game.card_places(world)).encode())
                state = game.apply(state, rng.choice(game.legal_actions(state)))
    return h.hexdigest()[:16]


def test_without_inference_the_worlds_are_unchanged() -> None:
    # the worlds the sampler drew before it could weigh the plays (same seeds, same worlds)
    assert worlds_digest() == "4235584924f1f021"
    assert worlds_digest(infer=False) == "4235584924f1f021"
    assert worlds_digest(infer=True) != "4235584924f1f021"


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_rule_bots_plays_fit_in_the_true_state(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    rng = random.Random(f"fit {options}")
    for _ in range(6):
        for state in rule_hand(game, rng):
            assert inference.world_misfits(game.rules, state) == 0


def test_a_seat_playing_otherwise_is_a_misfit_except_to_itself() -> None:
    game = Sheepshead()
    rng = random.Random(4)
    seen = 0
    for _ in range(20):
        wild = rng.randrange(5)
        end = rule_hand(game, rng, wild)[-1]
        misfits = inference.world_misfits(game.rules, end)
        assert inference.world_misfits(game.rules, end, viewer=wild) == 0  # only the wild seat strays
        seen += misfits > 0
    assert seen >= 15  # a seat playing at random seldom plays a whole hand as the rule bot


def test_inference_finds_likelier_worlds() -> None:
    game = Sheepshead()
    rng = random.Random(8)
    fit = {False: 0, True: 0}
    right = {False: 0, True: 0}
    hidden = 0
    for _ in range(12):
        for state in rule_hand(game, rng):
            seat = game.actor(state)
            if state.phase != Phase.PLAY or seat is None or len(state.tricks) < 2:
                continue
            view = game.observe(state, seat)
            hidden += 3 * sum(state.hands[s].bit_count() for s in range(5) if s != seat)
            for infer in (False, True):
                draw = random.Random(len(state.tricks))
                for _ in range(3):
                    world = game.sample(view, draw, infer=infer)
                    fit[infer] += inference.world_misfits(game.rules, world, seat) == 0
                    right[infer] += sum((world.hands[s] & state.hands[s]).bit_count() for s in range(5) if s != seat)
    assert fit[True] > 1.4 * fit[False]  # the others' plays fit far more often
    assert right[True] > right[False] + hidden // 100  # and more hidden cards lie where they truly are
