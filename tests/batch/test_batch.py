"""The `Batch` interface, for every game with a batched engine: the RL vocabulary and layout,
bad input refused with one clear error (per row for tokens), episodes without automatic reset,
reseeding, the records (replayed by ``cardtable replay`` itself), and the numba-compiled kernels
giving the same bytes as the plain Python ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from cardtable.batch import NUMBA, Batch, games, random_legal  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.rl.encode import layout  # noqa: E402
from cardtable.rl.tokens import vocabulary  # noqa: E402
from tests.batch.harness import digest  # noqa: E402
from tests.conftest import need  # noqa: E402

GAMES = games()
#: Rules for the numba-against-Python digest that open more of a game's steps than its defaults.
DIGEST_RULES: dict[str, dict[str, object]] = {
    "smear": {"kitty_size": 2},
    "sheepshead": {"cracking": True, "blitzing": True, "allow_unknown_call": True, "no_pick_rule": "doubler"},
    "seep": {"throw_policy": "free", "auto_merge_loose_sets": True, "break_may_use_floor_cards": True, "sweep_cap": 2},
}
ROOT = Path(__file__).resolve().parents[2]


def _play(b: Batch, steps: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        b.step(random_legal(b.legal_mask(), rng))


@pytest.mark.parametrize("game", GAMES)
def test_tokens_and_observations_are_the_rl_environments(game: str) -> None:
    b = Batch(game, 3, seed=1)
    assert b.action_names == list(vocabulary(game).names)
    assert b.obs_size == layout(game).size
    assert b.observe(b.to_play).dtype == np.int8 and b.legal_mask().dtype == np.bool_
    assert b.to_play.shape == (3,) and (b.to_play >= 0).all()


@pytest.mark.parametrize("game", GAMES)
def test_bad_input_is_refused_with_what_was_expected(game: str) -> None:
    b = Batch(game, 4, seed=1)
    with pytest.raises(TypeError, match=r"int array of shape \(4,\)"):
        b.step(np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="int array"):
        b.step(np.zeros(4, bool))
    with pytest.raises(ValueError, match=r"expected shape \(4,\), not \(5,\)"):
        b.step(np.zeros(5, np.int64))
    with pytest.raises(ValueError, match=r"expected shape \(4,\)"):
        b.step(np.zeros((4, 1), np.int64))
    with pytest.raises(TypeError, match="boolean mask"):
        b.step(np.zeros(4, np.int64), active=np.ones(4, np.int64))
    with pytest.raises(ValueError, match="seats run from 0"):
        b.observe(np.full(4, b.seats))
    with pytest.raises(TypeError, match="seat numbers"):
        b.observe(np.zeros(4, np.float64))
    with pytest.raises(ValueError, match="B: expected a number of tables"):
        Batch(game, 0)
    with pytest.raises(TypeError, match="seed"):
        Batch(game, 2, seed="7")  # type: ignore[arg-type]
    with pytest.raises(BadRules, match="unknown"):
        Batch(game, 2, rules={"no_such_option": 1})
    with pytest.raises(BadRules, match="preset"):
        Batch(game, 2, preset="no_such_preset")
    with pytest.raises(BadRules, match="dealer"):
        Batch(game, 2, dealer=99)
    with pytest.raises(BadRules, match="max_steps"):
        Batch(game, 2, max_steps=0)


def test_a_game_without_a_batch_is_refused_by_name() -> None:
    with pytest.raises(BadRules, match="no batched engine for 'toy'"):
        Batch("toy", 2)
    with pytest.raises(BadRules, match="unknown game"):
        Batch("no-such-game", 2)


@pytest.mark.parametrize("game", GAMES)
def test_tokens_out_of_range_or_illegal_are_refused_per_row(game: str) -> None:
    b = Batch(game, 6, seed=2)
    mask = b.legal_mask()
    obs = b.observe(b.to_play)
    actions = random_legal(mask, np.random.default_rng(1))
    bad = np.array([-1, len(b.action_names), 2**40, int(np.flatnonzero(~mask[3])[0]), -(2**62), 0])
    actions[:5] = bad[:5]
    before = b.to_play
    rewards, done = b.step(actions)
    assert b.errors.tolist() == [True, True, True, True, True, False]
    assert np.array_equal(b.observe(before)[:5], obs[:5]) and not rewards[:5].any() and not done[:5].any()
    assert not np.array_equal(b.observe(before)[5], obs[5])  # the legal row moved on


@pytest.mark.parametrize("game", GAMES)
def test_inactive_rows_and_rows_without_reset_wait(game: str) -> None:
    b = Batch(game, 8, seed=3, auto_reset=False)
    rng = np.random.default_rng(3)
    still = np.zeros(8, bool)
    still[0] = True
    frozen = b.observe(b.to_play)[0]
    while not (b.to_play[1:] < 0).any():
        b.step(random_legal(b.legal_mask(), rng), active=~still)
    assert np.array_equal(b.observe(b.to_play)[0], frozen)
    over = b.to_play < 0
    assert not b.legal_mask()[over].any()
    finished = b.observe(np.where(over, 0, -1))
    b.step(np.zeros(8, np.int64), active=over)  # rows without a seat ignore their tokens
    assert not b.errors.any() and np.array_equal(b.observe(np.where(over, 0, -1)), finished)
    b.reset(over)
    assert (b.to_play >= 0).all()
    with pytest.raises(ValueError, match="rows or seed"):
        b.reset(over, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_deals_the_same_tables(game: str) -> None:
    a = Batch(game, 5, seed=11)
    first = a.observe(a.to_play)
    _play(a, 40)
    a.reset(seed=11)
    assert np.array_equal(a.observe(a.to_play), first)
    assert np.array_equal(Batch(game, 5, seed=11).observe(0), Batch(game, 5, seed=11).observe(0))
    assert not np.array_equal(Batch(game, 5, seed=12).observe(0), Batch(game, 5, seed=11).observe(0))


@pytest.mark.parametrize("game", GAMES)
def test_final_observations_and_records(game: str, tmp_path: Path) -> None:
    b = Batch(game, 16, seed=4, keep_records=1_000)
    rng = np.random.default_rng(4)
    finals = 0
    while finals < 20:
        _, done = b.step(random_legal(b.legal_mask(), rng))
        assert np.array_equal(b.final_rows, np.flatnonzero(done))
        final = b.observe_final(b.to_play[b.final_rows] * 0)
        assert final.shape == (done.sum(), b.obs_size) and (final.any(axis=1) | ~done[done]).all()
        finals += int(done.sum())
    records = b.finished_records()
    assert len(records) >= finals and b.finished_records() == []
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    replayed = subprocess.run(
        [sys.executable, "-m", "cardtable", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stdout[-2000:] + replayed.stderr[-2000:]
    reports = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(reports) == len(records) and all(r["ok"] for r in reports)


@pytest.mark.parametrize("game", GAMES)
def test_records_wait_up_to_their_limit(game: str) -> None:
    b = Batch(game, 16, seed=5, keep_records=3)
    rng = np.random.default_rng(5)
    while b.records_dropped == 0:
        b.step(random_legal(b.legal_mask(), rng))
    assert len(b.finished_records(with_rows=True)) == 3


@pytest.mark.parametrize("game", GAMES)
def test_numba_and_plain_python_kernels_give_the_same_bytes(game: str) -> None:
    need(NUMBA, "numba (the batch extra)")
    rules = DIGEST_RULES.get(game, {})
    here = digest(game, rules)
    env = {**os.environ, "CARDTABLE_NO_NUMBA": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH")]))
    code = (
        "from cardtable.batch import NUMBA; assert not NUMBA; "
        f"from tests.batch.harness import digest; print(digest({game!r}, {rules!r}))"
    )
    there = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600, check=False, cwd=ROOT
    )
    assert there.returncode == 0, there.stderr[-3000:]
    assert there.stdout.strip() == here
