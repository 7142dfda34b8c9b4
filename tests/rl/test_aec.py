"""The PettingZoo environments pass PettingZoo's own API and seed tests for every game, preset and
rule option in turn; rewards are the engine's scores; fixed deals, matches and redeals."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from cardtable.core import BadNotation, BadRules
from cardtable.rl import env, raw_env
from cardtable.rl.tokens import GAMES
from cardtable.rl.walk import IllegalToken
from tests.rl.support import config_id, configs

CONFIGS = configs()


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_pettingzoo_api_and_seed_tests(config: tuple[str, str | None, dict[str, Any]]) -> None:
    name, preset, options = config
    api_test(env(name, preset=preset, **options), num_cycles=40)
    seed_test(lambda: env(name, preset=preset, **options), num_cycles=40)


@pytest.mark.parametrize("name", GAMES)
def test_rewards_are_the_engines_scores(name: str) -> None:
    rng = random.Random(3)
    for seed in range(6):
        e = raw_env(name)
        e.reset(seed=seed)
        totals = dict.fromkeys(e.agents, 0.0)
        for _ in e.agent_iter(max_iter=100_000):
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            for a in e.agents:
                totals[a] += e.rewards[a]
        table = e.table
        score = table.game.outcome(table.state).score
        assert [totals[f"seat_{i}"] for i in range(table.seats)] == [float(x) for x in score]
        assert table.returns == list(score)


@pytest.mark.parametrize("name", GAMES)
def test_a_match_pays_every_hand_and_ends(name: str) -> None:
    e = raw_env(name, **({"target_score": 5} if name == "smear" else {}))
    e.reset(seed=11, options={"episode": "match", "hands": 4} if name == "seep" else {"episode": "match"})
    rng = random.Random(1)
    got = dict.fromkeys(e.agents, 0.0)
    for _ in e.agent_iter(max_iter=500_000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        for a in e.agents:
            got[a] += e.rewards[a]
    table = e.table
    assert table.hands == len(table.results) >= 1
    expected = [sum(r.score[i] for r in table.results) for i in range(table.seats)]
    assert list(got.values()) == [float(x) for x in expected] == [float(x) for x in table.returns]
    if name == "smear":
        assert table.game.winner(table.state) is not None
    if name == "sheepshead":
        assert table.hands == 5


def test_a_fixed_deal_is_dealt_as_given() -> None:
    deck = [r + s for s in "CDHS" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    e = raw_env("smear")
    e.reset(options={"deal": {"deck": deck}, "dealer": 2})
    view = e.table.view(3)
    assert e.table.state.dealer == 2 and e.agent_selection == "seat_3"
    assert view.hand_sizes == (6, 6, 6, 6)
    e2 = raw_env("smear")
    e2.reset(seed=99, options={"deal": {"deck": deck}, "dealer": 2})
    assert all(np.array_equal(e.observe(a)["observation"], e2.observe(a)["observation"]) for a in e.agents)


def test_a_misdeal_is_dealt_again_and_counted() -> None:
    # Seep R8: the bidder's first four cards hold nothing above 8: a misdeal, dealt again.
    from cardtable.cards import format_card

    low = [c for c in range(52) if c % 13 < 8]
    high = [c for c in range(52) if c % 13 >= 8]
    deck = [format_card(c) for c in low[:4] + high + low[4:]]
    e = raw_env("seep")
    e.reset(seed=5, options={"deal": {"deck": deck}, "dealer": 0})
    assert e.infos[e.agent_selection]["redeals"] >= 1
    assert e.table.actor() is not None


def test_bad_options_and_tokens_are_refused() -> None:
    with pytest.raises(BadRules, match="colour"):
        env("smear", colour="red")
    e = env("smear")
    with pytest.raises(BadRules, match="episode"):
        e.reset(options={"episode": "season"})
    with pytest.raises(BadNotation):
        e.reset(options={"deal": {"deck": ["AC"]}})
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    before = e.observe(agent)["observation"].copy()
    with pytest.raises(IllegalToken):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert np.array_equal(e.observe(agent)["observation"], before)


@pytest.mark.parametrize("name", GAMES)
def test_state_shows_every_card_and_actions_have_features(name: str) -> None:
    e = raw_env(name)
    e.reset(seed=4)
    s = e.state()
    assert s.shape == e.state_space.shape and s.dtype == np.int8
    n = len(e.table.vocab.cards)
    places = s[: len(s) - e.table.seats * e.table.layout.size].reshape(-1, n)
    assert (places.sum(axis=0) == 1).all()  # every card in exactly one place
    info = e.infos[e.agent_selection]
    assert len(info["legal_actions"]) == info["action_features"].shape[0] >= 1
    assert info["action_features"].shape[1] == e.action_space(e.agent_selection).n


def test_auto_forced_gives_no_agent_a_single_choice() -> None:
    e = raw_env("sheepshead", auto_forced=True)
    e.reset(seed=2)
    rng = random.Random(0)
    for _ in e.agent_iter(max_iter=10_000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert obs["action_mask"].sum() >= 2
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_render_shows_the_seat_to_act_its_own_view(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("smear", render_mode="ansi")
    e.reset(seed=6)
    seat = e.table.actor()
    text = e.render()
    assert text is not None and text.startswith(f"smear seat {seat} to act")
    assert f'"seat": {seat}' in text
    h = raw_env("smear", render_mode="human")
    h.reset(seed=6)
    assert h.render() is None and capsys.readouterr().out.strip() == text.strip()
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("smear", render_mode="rgb_array")
