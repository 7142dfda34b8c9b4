"""Episodes as training needs them: the dealer drawn at random (the default) or rotated, not always
seat 0; a bound on steps and on hands thrown in, so an agent that always passes cannot loop for
ever; the mask in ``info``; any cardtable bot as the policy of any seat."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("gymnasium")

import numpy as np

from cardtable.core import BadRules
from cardtable.rl import BotPolicy, VectorTables, raw_env, vs_bots
from cardtable.rl.table import MAX_REDEALS, Table
from cardtable.rl.tokens import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_the_dealer_is_drawn_at_random_by_default(name: str) -> None:
    t = Table(name)
    t.reset(seed=1)
    dealers: Counter[int] = Counter()
    for _ in range(60):
        t.reset()
        dealers[_dealer(t)] += 1
    assert set(dealers) == set(range(t.seats))
    again = Table(name)
    again.reset(seed=1)
    first = Table(name)
    first.reset(seed=1)
    assert _dealer(again) == _dealer(first)  # drawn from the seeded generator


def test_the_dealer_rotates_or_stays_when_asked() -> None:
    t = Table("sheepshead", dealer="rotate")
    got = []
    for seed in range(7):
        t.reset(seed=seed)
        got.append(_dealer(t))
    assert got == [0, 1, 2, 3, 4, 0, 1]
    fixed = Table("smear", dealer=2)
    for seed in range(3):
        fixed.reset(seed=seed)
        assert _dealer(fixed) == 2
    fixed.reset(seed=0, options={"dealer": "rotate"})  # an episode's own choice
    with pytest.raises(BadRules, match="dealer"):
        Table("smear", dealer=4)
    with pytest.raises(BadRules, match="dealer"):
        fixed.reset(options={"dealer": "left"})


def test_the_agent_sees_every_position_against_bots() -> None:
    e = vs_bots("smear", seat=0, opponents="random")
    e.reset(seed=3)
    dealers = set()
    for _ in range(30):
        e.reset()
        dealers.add(_dealer(e.table))
    assert dealers == {0, 1, 2, 3}


def _dealer(t: Table) -> int:
    """The episode's first dealer, checked against what every seat's view shows when no hand was
    thrown in (a hand dealt again may move the deal on)."""
    if t.redeals == 0:
        assert t.view(0).dealer == t.dealer
    return t.dealer


def test_an_always_passing_smear_agent_is_truncated() -> None:
    # Every seat passes: each hand is thrown in (R12) and dealt again; the bound ends the episode.
    e = raw_env("smear", max_redeals=30)
    e.reset(seed=4)
    steps = 0
    for _agent in e.agent_iter(max_iter=10_000):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            assert trunc and not term and info["redeals"] == 31
            e.step(None)
            continue
        assert obs["action_mask"][0] == 1  # pass is token 0
        e.step(0)
        steps += 1
    assert steps == 31 * 4 and e.agents == []
    assert Table("smear").max_redeals == MAX_REDEALS


def test_the_gymnasium_env_truncates_and_gives_the_mask_in_info() -> None:
    e = vs_bots("smear", seat=1, opponents="random", max_steps=5)
    _, info = e.reset(seed=2)
    assert np.array_equal(info["action_mask"], e.action_masks())
    rng = random.Random(0)
    truncated = terminated = False
    while not (truncated or terminated):
        token = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, _, terminated, truncated, info = e.step(token)
        assert np.array_equal(info["action_mask"], e.action_masks())
    assert truncated and not terminated and not info["action_mask"].any()
    with pytest.raises(BadRules, match="max_steps"):
        vs_bots("smear", max_steps=0)


def test_vector_tables_report_truncation() -> None:
    vt = VectorTables("smear", 3, seed=1, max_steps=4)
    _, mask, _ = vt.reset()
    cut = 0
    for _ in range(20):
        _, mask, _, _, done = vt.step(np.array([np.flatnonzero(m)[0] for m in mask]))
        assert (vt.truncated <= done).all()
        cut += int(vt.truncated.sum())
    assert cut >= 3


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_policy_plays_any_seat_of_the_aec_env(name: str) -> None:
    rule = BotPolicy(name, "rule", seed=1)
    e = raw_env(name)
    e.reset(seed=5)
    for _agent in e.agent_iter(max_iter=20_000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        token = rule.token(e.table)
        assert obs["action_mask"][token] == 1
        e.step(token)
    assert e.table.hands == 1


def test_a_bot_policy_finishes_an_action_begun_by_someone_else() -> None:
    t = Table("seep")
    t.reset(seed=8)
    policy = BotPolicy("seep", "random", seed=0)
    while not t.done:
        opening = t.decision is not None and not t.decision.prefix and len(t.allowed()) > 1
        if opening and random.Random(t.steps).random() < 0.3:
            t.step(t.allowed()[0])  # someone else gives the first token
        else:
            t.step(policy.token(t))
    assert t.hands == 1
    with pytest.raises(BadRules, match="unknown bot"):
        BotPolicy("smear", "genius")
