"""The search on a game's fast layer (its playouts, and its worlds where the game has a fast
sampler) chooses exactly as on the checked public API: the same actions and the same playout
values, from the same seeds, under several rule sets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.bots import SearchBot, rule_bot
from cardtable.bots.base import RandomBot
from tests.random_play import random_states

CASES: list[tuple[str, dict[str, Any]]] = [
    ("smear", {}),
    ("smear", {"kitty_size": 2, "follow_rule": "strict"}),
    ("sheepshead", {}),
    ("sheepshead", {"allow_unknown_call": True, "cracking": True, "blitzing": True}),
    ("sheepshead", {"no_pick_rule": "schneidster"}),
    ("seep", {}),
    ("seep", {"capture_policy": "any_valid_subset", "retention_scope": "team", "auto_merge_loose_sets": True}),
]


def _decisions(game: Any, hands: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of random hands where the seat to act has a choice."""
    out = []
    for k, state in enumerate(random_states(game, hands, seed)):
        if game.actor(state) is not None and len(game.legal_actions(state)) > 1 and k % every == 0:
            out.append(state)
    return out


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda c: str(c))
def test_the_fast_search_chooses_as_the_checked_one(name: str, options: dict[str, Any]) -> None:
    game = registry.get_game(name, **options)
    fast = SearchBot(game, "easy", rule_bot(game), batch=False)  # the fast layer itself, not the batch
    slow = SearchBot(game, "easy", rule_bot(game), fast=False)
    assert fast.fast is not None and fast.batch is None and slow.fast is None
    # The fast search draws its worlds from the game's fast sampler where it has one.
    assert (fast.fast_sample is not None) == (name != "seep") and slow.fast_sample is None
    states = _decisions(game, 3, seed=31, every=5)
    assert len(states) >= 6
    for k, state in enumerate(states):
        seat = game.actor(state)
        view = game.observe(state, seat)
        legal = game.legal_actions(state)
        assert fast.act(view, legal, random.Random(k)) == slow.act(view, legal, random.Random(k))
        if k % 3 == 0:
            assert fast.hints(view, legal, random.Random(k)) == slow.hints(view, legal, random.Random(k))


@pytest.mark.parametrize("name", ["smear", "sheepshead"])
def test_the_fast_search_with_worlds_weighed_by_the_plays_chooses_as_the_checked_one(name: str) -> None:
    """With ``infer`` the fast sampler's weighed worlds are the checked sampler's too."""
    game = registry.get_game(name)
    fast = SearchBot(game, "easy", rule_bot(game), infer=True)
    slow = SearchBot(game, "easy", rule_bot(game), infer=True, fast=False)
    assert fast.infer and slow.infer and fast.fast_sample is not None
    for k, state in enumerate(_decisions(game, 3, seed=34, every=6)):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        assert fast.hints(view, legal, random.Random(k)) == slow.hints(view, legal, random.Random(k))


@pytest.mark.parametrize("name", ["smear", "sheepshead", "seep"])
def test_the_fast_search_with_random_playouts_chooses_as_the_checked_one(name: str) -> None:
    game = registry.get_game(name)
    fast = SearchBot(game, "easy", RandomBot(game))
    slow = SearchBot(game, "easy", RandomBot(game), fast=False)
    assert fast.fast is not None
    for k, state in enumerate(_decisions(game, 2, seed=32, every=7)):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        assert fast.hints(view, legal, random.Random(k)) == slow.hints(view, legal, random.Random(k))


def test_a_policy_without_a_fast_version_plays_out_on_the_checked_api() -> None:
    game = registry.get_game("smear")

    class Odd(RandomBot):
        name = "odd"

    bot = SearchBot(game, "easy", Odd(game))
    assert bot.fast is None
    state = _decisions(game, 1, seed=33, every=1)[0]
    legal = game.legal_actions(state)
    assert bot.act(game.observe(state, game.actor(state)), legal, random.Random(1)) in legal


def test_each_seep_search_bot_plays_its_worlds_on_an_engine_of_its_own() -> None:
    game = registry.get_game("seep")
    one, two = SearchBot(game, "easy", rule_bot(game)), SearchBot(game, "easy", rule_bot(game))
    assert one.fast is not None and two.fast is not None
    state = _decisions(game, 1, seed=34, every=1)[0]
    world = game.sample(game.observe(state, game.actor(state)), random.Random(1))
    a, b, c = one.fast[2](world), one.fast[2](world), two.fast[2](world)
    assert a.game is b.game and a.game is not c.game
