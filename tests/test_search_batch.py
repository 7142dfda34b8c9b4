"""The search with its playouts on the batched engine chooses exactly as on the one-table fast
layer: the same values world by world and the same choices, from the same seeds, whatever the
chunks its worlds are drawn in, under several rule sets; it falls back to the fast layer where the
batch cannot play the policy."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

from cardtable import registry
from cardtable.batch import NUMBA
from cardtable.bots import SearchBot, rule_bot
from cardtable.bots import search as search_module
from cardtable.bots.base import RandomBot
from tests.random_play import random_states

pytestmark = pytest.mark.skipif(not NUMBA, reason="the search uses the batch only with numba")

CASES: list[tuple[str, dict[str, Any]]] = [
    ("smear", {}),
    ("smear", {"kitty_size": 2, "follow_rule": "strict", "discards_count_for_game": True}),
    ("smear", {"kitty_size": 3, "all_pass": "stick_dealer", "low_awarded_to": "capturer"}),
    ("sheepshead", {}),
    ("sheepshead", {"allow_unknown_call": True, "cracking": True, "blitzing": True}),
]


def _decisions(game: Any, hands: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of random hands where the seat to act has a choice."""
    out = []
    for k, state in enumerate(random_states(game, hands, seed)):
        if game.actor(state) is not None and len(game.legal_actions(state)) > 1 and k % every == 0:
            out.append(state)
    return out


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda c: str(c))
def test_the_batched_search_chooses_as_the_fast_one(name: str, options: dict[str, Any]) -> None:
    game = registry.get_game(name, **options)
    batched = SearchBot(game, "easy", rule_bot(game))
    fast = SearchBot(game, "easy", rule_bot(game), batch=False)
    assert batched.batch is not None and fast.batch is None
    states = _decisions(game, 4, seed=41, every=4)
    assert len(states) >= 8
    covered = 0
    for k, state in enumerate(states):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        covered += batched.batch.covers(view)
        assert batched.hints(view, legal, random.Random(k)) == fast.hints(view, legal, random.Random(k))
        assert batched.act(view, legal, random.Random(k)) == fast.act(view, legal, random.Random(k))
    assert covered == len(states)  # every decision, the auction's too, is played out on the batch


@pytest.mark.parametrize("chunk", [1, 3, 100_000])
def test_the_worlds_are_the_same_whatever_the_chunks(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of one world, of a few, and one chunk far larger than a round needs (the worlds
    drawn past the round's end are drawn again from where the round ended)."""
    monkeypatch.setattr(search_module, "FIRST_CHUNK", chunk)
    monkeypatch.setattr(search_module, "MAX_CHUNK", max(chunk, 3))
    game = registry.get_game("smear")
    batched = SearchBot(game, "medium", rule_bot(game))
    fast = SearchBot(game, "medium", rule_bot(game), batch=False)
    for k, state in enumerate(_decisions(game, 2, seed=43, every=9)):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        assert batched.hints(view, legal, random.Random(k)) == fast.hints(view, legal, random.Random(k))


@pytest.mark.parametrize("name", ["smear", "sheepshead"])
def test_the_search_keeps_the_fast_layer_where_the_batch_cannot_follow_the_policy(name: str) -> None:
    game = registry.get_game(name)
    assert SearchBot(game, "easy", RandomBot(game)).batch is None  # random play: other random numbers
    assert SearchBot(game, "easy", rule_bot(game), fast=False).batch is None


def test_a_batched_search_on_a_time_limit_spends_it_and_plays_a_legal_action() -> None:
    game = registry.get_game("smear")
    bot = SearchBot(game, "hard", rule_bot(game), time_limit=0.05)
    assert bot.batch is not None
    for k, state in enumerate(_decisions(game, 1, seed=44, every=5)):
        legal = game.legal_actions(state)
        assert bot.act(game.observe(state, game.actor(state)), legal, random.Random(k)) in legal


@pytest.mark.parametrize("name", ["smear", "sheepshead"])
def test_the_ends_of_the_batched_playouts_are_the_fast_layers(name: str) -> None:
    """What the analysis reads of each playout's end (`SearchBot.hints`'s ``ends``): the same
    checked states, in the same order, from the batch's rows replayed as from the fast layer."""
    game = registry.get_game(name)
    batched = SearchBot(game, "easy", rule_bot(game))
    fast = SearchBot(game, "easy", rule_bot(game), batch=False)
    seen = 0
    for k, state in enumerate(_decisions(game, 2, seed=45, every=5)):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        got: list[tuple[int, Any]] = []
        want: list[tuple[int, Any]] = []
        hb = batched.hints(view, legal, random.Random(k), lambda i, end, got=got: got.append((i, end)))
        hf = fast.hints(view, legal, random.Random(k), lambda i, end, want=want: want.append((i, end)))
        assert hb == hf and got == want
        assert all(game.actor(end) is None for _, end in got)
        seen += batched.batch.covers(view) * len(got)
    assert seen >= 50


def test_two_threads_sharing_a_batched_search_choose_as_one_alone() -> None:
    """The web tables keep one bot per rule set and spec: calls from two threads wait for each
    other's playouts, and each gets the choice it would get alone."""
    from concurrent.futures import ThreadPoolExecutor

    game = registry.get_game("smear")
    bot = SearchBot(game, "easy", rule_bot(game))
    states = _decisions(game, 2, seed=46, every=4)[:8]

    def act(k: int) -> Any:
        state = states[k]
        return bot.hints(game.observe(state, game.actor(state)), game.legal_actions(state), random.Random(k))

    alone = [act(k) for k in range(len(states))]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(act, range(len(states))))
    assert together == alone


def test_seeps_batched_search_is_seeded_and_plays_legal_actions() -> None:
    """Seep's rule-based bot breaks near-ties with nudges drawn over arrays from each row's own
    stream, so its batched search is not the fast layer's draw for draw; it is still its seed's
    alone (the same hints and choice from the same seed, whatever the bot did before), covers
    every decision, plays a legal action, and shows the analysis hands played to their ends."""
    game = registry.get_game("seep")
    bot = SearchBot(game, "easy", rule_bot(game))
    assert bot.batch is not None
    states = _decisions(game, 1, seed=47, every=6)[:5]
    assert len(states) >= 3
    for k, state in enumerate(states):
        view = game.observe(state, game.actor(state))
        legal = game.legal_actions(state)
        assert bot.batch.covers(view)
        ends: list[Any] = []
        first = bot.hints(view, legal, random.Random(k), lambda i, end, ends=ends: ends.append(end))
        assert first == bot.hints(view, legal, random.Random(k))
        assert ends and all(game.actor(end) is None for end in ends)
        assert bot.act(view, legal, random.Random(k)) == bot.act(view, legal, random.Random(k))
        assert bot.act(view, legal, random.Random(k)) in legal
