"""The search bot's budget and choice: levels grow, the policy's choice is kept unless clearly beaten."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.bots import LEVELS, SearchBot, rule_bot
from cardtable.bots.search import DEFAULT_MOVES, MOVES, SWITCH_WORLDS, choose, mean_and_stderr


def _decision(game: Any, seed: int, steps: int) -> Any:
    """A state some random steps into a hand (the first seed from ``seed`` whose hand lasts) where
    the seat to act has several choices."""
    for tried in range(seed, seed + 50):
        rng = random.Random(tried)
        state = game.start(tried % game.seats)
        state = game.apply(state, game.deal(state, rng))
        for _ in range(steps):
            if game.actor(state) is None:
                break
            state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        while game.actor(state) is not None and len(game.legal_actions(state)) < 2:
            state = game.apply(state, game.legal_actions(state)[0])
        if game.actor(state) is not None:
            return state
    raise AssertionError("no hand with a decision")


@pytest.mark.parametrize("name", registry.names())
def test_every_game_has_growing_move_budgets(name: str) -> None:
    moves = MOVES.get(name, DEFAULT_MOVES)
    assert list(moves) == list(LEVELS)
    assert moves["easy"] < moves["medium"] < moves["hard"]


def test_mean_and_stderr() -> None:
    assert mean_and_stderr([1.0, 3.0]) == (2.0, 1.0)
    mean, stderr = mean_and_stderr([5.0])
    assert mean == 5.0 and stderr == float("inf")


def test_the_policy_choice_stands_unless_clearly_beaten() -> None:
    noisy = [[0.0, 4.0, -4.0, 0.0, 1.0], [1.0, 3.0, -3.0, 2.0, 1.0]]  # action 1 better on average
    clear = [[0.0] * 6, [1.0, 1.1, 0.9, 1.0, 1.2, 0.8]]  # action 1 better in every world
    assert choose(noisy, None) == 1
    assert choose([[0.0, 4.0, -4.0, 0.0], [5.0, 3.0, -9.0, 2.0]], 0) == 0  # better mean, too noisy
    assert choose(clear, 0) == 1
    assert choose(clear, 1) == 1
    few = [[0.0] * (SWITCH_WORLDS - 1), [1.0] * (SWITCH_WORLDS - 1)]
    assert choose(few, 0) == 0  # too few common worlds to leave the policy
    # Only the most-measured actions compete: an action dropped early cannot win on a lucky start.
    assert choose([[9.0, 9.0], [1.0] * 8, [0.0] * 8], 2) == 1


@pytest.mark.parametrize("name", registry.names())
def test_the_move_budget_bounds_the_search(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get_game(name)
    state = _decision(game, 3, 6)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    bot = SearchBot(game, "hard", rule_bot(game))
    full = bot.hints(view, legal, random.Random(1))
    bot.moves = 1  # spent by the first world: every action is played in two worlds, no more
    tiny = bot.hints(view, legal, random.Random(1))
    assert [h.playouts for h in tiny] == [2] * len(legal)
    assert sum(h.playouts for h in full) > sum(h.playouts for h in tiny)
    # The policy's own choice is never dropped, so it is measured as often as any action.
    default = legal.index(rule_bot(game).act(view, legal, random.Random(random.Random(1).random())))
    assert full[default].playouts == max(h.playouts for h in full)


@pytest.mark.parametrize("name", registry.names())
def test_search_is_deterministic_for_a_seed(name: str) -> None:
    game = registry.get_game(name)
    state = _decision(game, 5, 9)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    bot = SearchBot(game, "easy", rule_bot(game))
    first = bot.hints(view, legal, random.Random(7))
    again = bot.hints(view, legal, random.Random(7))
    assert [(h.value, h.stderr, h.playouts) for h in first] == [(h.value, h.stderr, h.playouts) for h in again]
    assert bot.act(view, legal, random.Random(7)) == bot.act(view, legal, random.Random(7))
