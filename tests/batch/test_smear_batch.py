"""Smear's batched engine: every kitty size against the engine, an option the kernels do not know
refused by name, and planted faults (a wrong house rule, a wrong score, a wrong observation, wrong
deals, a wrong card order inside a kernel) each caught by the replay harness."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import cardtable.batch.tables as batch_tables  # noqa: E402
import cardtable.games.smear.batch as smear_batch  # noqa: E402
from cardtable.batch import Batch  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.games.smear import kernels  # noqa: E402
from tests.batch.harness import Mismatch, run  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kitty", [0, 1, 2, 3])
def test_every_kitty_size_plays_as_the_engine(kitty: int) -> None:
    """R16-R18: the kitty taken, the discard spelled card by card, the trump restriction."""
    tally = run("smear", {"kitty_size": kitty}, B=48, seed=40 + kitty, hands=300, rng_seed=kitty)
    assert tally.hands >= 300


@pytest.mark.parametrize("steps", [5, 6, 8])
def test_an_episode_cut_short_mid_discard_shows_no_token_half_given(steps: int) -> None:
    """Episodes cut short by ``max_steps`` 5, 6 or 8, some between the tokens of a discard of
    three: the final observation shows no token given toward the discard, as the RL tables' does
    (they drop the decision of an episode that ends). The hands counted are the passed-out ones."""
    tally = run("smear", {"kitty_size": 3}, B=16, seed=5, hands=20, max_steps=steps, low=0.6)
    assert tally.truncated > 0


def test_an_option_the_kernels_do_not_know_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(smear_batch, "SUPPORTED", smear_batch.SUPPORTED - {"non_bidder_cap"})
    Batch("smear", 2)  # at its default, an unknown option changes nothing
    with pytest.raises(BadRules, match="non_bidder_cap is not supported"):
        Batch("smear", 2, rules={"non_bidder_cap": 15})


def _planted(monkeypatch: pytest.MonkeyPatch, option: int, value: int) -> None:
    """The batch plays with one rule number changed, the engine with the true rules."""
    true_params = smear_batch.params

    def wrong(rules: Any) -> Any:
        p = true_params(rules)
        p[option] = value
        return p

    monkeypatch.setattr(smear_batch, "params", wrong)


def test_a_wrong_follow_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, kernels.P_STRICT, 1)  # strict following where the rules say follow or trump (R24)
    with pytest.raises(Mismatch, match="legal tokens"):
        run("smear", {}, B=16, hands=200)


def test_a_wrong_low_point_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, kernels.P_LOW_TO_CAPTURER, 1)  # Low to its capturer, not its player (R28)
    with pytest.raises(Mismatch, match=r"rewards|record scores"):
        run("smear", {}, B=16, hands=400)


def test_a_wrong_observation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    true_layout = smear_batch._layout

    def swapped() -> Any:
        names, offsets, size = true_layout()
        offsets = offsets.copy()
        offsets[kernels.O_BID], offsets[kernels.O_TRUMP] = offsets[kernels.O_TRUMP], offsets[kernels.O_BID]
        return names, offsets, size

    monkeypatch.setattr(smear_batch, "_layout", swapped)
    with pytest.raises(Mismatch, match="observation"):
        run("smear", {}, B=16, hands=50)


def test_wrong_deals_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_tables, "SEED_STRIDE", batch_tables.SEED_STRIDE + 1)
    with pytest.raises(Mismatch, match=r"observation|seat to act|legal"):
        run("smear", {}, B=16, hands=50)


def test_a_fault_inside_a_kernel_is_caught() -> None:
    """The kernels run as Python (numba off) with the 10 and the jack swapped in the order of
    power (R4): the harness finds it. (Compiled kernels cannot be patched from outside.)"""
    env = {**os.environ, "CARDTABLE_NO_NUMBA": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH")]))
    code = (
        "import cardtable.games.smear.kernels as k\n"
        "k.POWER = (7, 0, 1, 2, 4, 3, 5, 6)\n"
        "from tests.batch.harness import Mismatch, run\n"
        "try:\n"
        "    run('smear', {}, B=16, hands=200)\n"
        "except Mismatch as e:\n"
        "    print('caught:', e)\n"
        "else:\n"
        "    print('missed')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("caught:"), done.stdout


def test_the_rules_dataclass_and_the_supported_options_agree() -> None:
    """Every Smear option is played by the kernels (none left to refuse today)."""
    names = {f.name for f in dataclasses.fields(smear_batch.SmearRules)}
    assert names == set(smear_batch.SUPPORTED)
