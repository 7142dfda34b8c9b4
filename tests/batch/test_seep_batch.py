"""Seep's batched engine: every kind of move reached and compared with the engine (captures with
and without a house, builds and pair houses, breaks, cements, throws that join a house, sweeps,
misdeals), an option the kernels do not know refused by name, and planted faults (cementing a
partner's house allowed wrongly, a sweep not counted, the ten of diamonds miscounted, two
observation planes swapped, the floor shown before the bid, wrong deals, a wrong house value
inside a kernel) each caught by the replay harness."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import cardtable.batch.tables as batch_tables  # noqa: E402
import cardtable.games.seep.batch as seep_batch  # noqa: E402
from cardtable.batch import Batch, random_legal  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.games.seep import kernels  # noqa: E402
from tests.batch.harness import Mismatch, run  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

#: Rules under which a thrown card may join a house (rules §3.2: the throw equal to a cement is
#: listed once), breaks take loose cards, and sweeps are capped (A32).
JOINING = {"throw_policy": "free", "auto_merge_loose_sets": True, "break_may_use_floor_cards": True, "sweep_cap": 2}


def _kinds(records: list[dict[str, Any]]) -> Counter[str]:
    """What the hands of some records did: each kind of move (a capture with a house apart, a
    pair house apart), and the misdeals."""
    seen: Counter[str] = Counter()
    for record in records:
        actions = record["hands"][0]["actions"]
        if not actions:
            seen["misdeal"] += 1
        for a in actions:
            words = a.split()[1:]
            kind = words[0]
            if kind == "capture" and len(words) > 2 and words[2].startswith("H"):
                kind = "capture house"
            if kind == "build" and len(words) == 4 and words[3][:-1] in ("9", "10", "J", "Q", "K"):
                value = {"9": 9, "10": 10, "J": 11, "Q": 12, "K": 13}[words[3][:-1]]
                kind = "pair house" if value == int(words[1]) and words[2][:-1] == words[3][:-1] else kind
            seen[kind] += 1
    return seen


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ({}, {"bid", "throw", "capture", "capture house", "build", "break", "cement", "pair house", "misdeal"}),
        (JOINING, {"throw", "capture house", "build", "break", "cement"}),
        ({"capture_policy": "any_valid_subset", "retention_scope": "team", "max_houses": 2}, {"build", "cement"}),
    ],
)
def test_every_kind_of_move_is_reached_and_compared(rules: dict[str, Any], expected: set[str]) -> None:
    """The replay harness on rule sets that open the rarer moves (M1-M5, R8), and the records
    showing that the batch played each of them (a move never made would be compared nowhere)."""
    b = Batch("seep", 128, rules=rules, seed=31)
    rng = np.random.default_rng(31)
    while b.episodes < 300:
        b.step(random_legal(b.legal_mask(), rng))
    seen = _kinds(b.finished_records())
    assert expected <= set(seen), f"never reached: {expected - set(seen)} ({dict(seen)})"
    tally = run("seep", rules, B=16, seed=32, hands=60, rng_seed=32)
    assert tally.hands >= 60


def test_an_option_the_kernels_do_not_know_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seep_batch, "SUPPORTED", seep_batch.SUPPORTED - {"sweep_cap"})
    Batch("seep", 2)  # at its default, an unknown option changes nothing
    with pytest.raises(BadRules, match="sweep_cap is not supported"):
        Batch("seep", 2, rules={"sweep_cap": 2})


def test_the_rules_dataclass_and_the_supported_options_agree() -> None:
    """Every Seep option is played by the kernels (none left to refuse today)."""
    names = {f.name for f in dataclasses.fields(seep_batch.SeepRules)}
    assert names == set(seep_batch.SUPPORTED)


def test_the_kernels_card_order_is_the_engines() -> None:
    """The kernels' lowest-card lookup and their order of loose sets (rules §3.2) are the engine's."""
    from cardtable.games.seep.floor import DISPLAY_KEY

    assert kernels.DISPLAY_KEY == DISPLAY_KEY
    assert all(kernels.low_card(1 << c | 1 << 51) == c for c in range(52))


def _planted(monkeypatch: pytest.MonkeyPatch, option: int, value: int) -> None:
    """The batch plays with one rule number changed, the engine with the true rules."""
    true_params = seep_batch.params

    def wrong(rules: Any) -> Any:
        p = true_params(rules)
        p[option] = value
        return p

    monkeypatch.setattr(seep_batch, "params", wrong)


def test_cementing_a_partners_house_allowed_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """M5 with ``partner_add_requires_card``: the batch lets a partner cement without a card kept."""
    _planted(monkeypatch, kernels.P_PARTNER_NEEDS, 0)
    with pytest.raises(Mismatch, match="legal tokens"):
        run("seep", {"partner_add_requires_card": True}, B=16, hands=150)


def test_a_sweep_not_counted_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, kernels.P_SWEEP, 0)  # R20: a sweep in mid-deal worth nothing
    with pytest.raises(Mismatch, match=r"rewards|record scores|observation"):
        run("seep", {}, B=16, hands=150)


def test_the_ten_of_diamonds_miscounted_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, kernels.P_TEN_D, 2)  # R3: 10D scores 6 by default
    with pytest.raises(Mismatch, match=r"rewards|record scores"):
        run("seep", {}, B=16, hands=100)


def test_a_wrong_observation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    true_layout = seep_batch._layout

    def swapped() -> Any:
        names, offsets, size = true_layout()
        offsets = offsets.copy()
        offsets[kernels.O_HAND], offsets[kernels.O_LOOSE] = offsets[kernels.O_LOOSE], offsets[kernels.O_HAND]
        return names, offsets, size

    monkeypatch.setattr(seep_batch, "_layout", swapped)
    with pytest.raises(Mismatch, match="observation"):
        run("seep", {}, B=16, hands=20)


def test_the_floor_shown_before_the_bid_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """R8, R9: the floor stays face down until the bid; a batch showing it is caught."""
    true_observe = seep_batch.SeepBatch.observe

    def leaky(self: Any, seats: Any, out: Any) -> None:
        true_observe(self, seats, out)
        loose = self.offsets[kernels.O_LOOSE]
        for row in np.flatnonzero(seats >= 0):
            if self.S[row, kernels.PHASE] == kernels.BIDDING:
                for c in range(52):
                    if self.S[row, kernels.LOOSE] >> c & 1:
                        out[row, loose + c] = 1

    monkeypatch.setattr(seep_batch.SeepBatch, "observe", leaky)
    with pytest.raises(Mismatch, match="observation"):
        run("seep", {}, B=16, hands=20)


def test_wrong_deals_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_tables, "SEED_STRIDE", batch_tables.SEED_STRIDE + 1)
    with pytest.raises(Mismatch, match=r"observation|seat to act|legal"):
        run("seep", {}, B=16, hands=20)


def _python_kernels(code: str) -> str:
    """Run ``code`` with the kernels as Python (numba off), from the sources; its output."""
    env = {**os.environ, "CARDTABLE_NO_NUMBA": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=900, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_turn_with_more_moves_than_a_row_keeps_plays_as_the_engine() -> None:
    """A turn with more moves than a row keeps (`kernels.MAX_MOVES`: a crowded floor under free
    throws and any captures) lists them again at each token: with the kernels as Python and the
    limit set to 3, nearly every turn takes that way, and the harness finds no difference."""
    out = _python_kernels(
        "import cardtable.games.seep.kernels as k\n"
        "k.MAX_MOVES = 3\n"
        "from tests.batch.harness import run\n"
        "t = run('seep', {'throw_policy': 'free', 'capture_policy': 'any_valid_subset'}, B=4, hands=6)\n"
        "print(t.hands, t.decisions)\n"
    )
    hands, decisions = map(int, out.split())
    assert hands >= 6 and decisions > 6 * 60


def test_a_wrong_house_value_inside_a_kernel_is_caught() -> None:
    """The kernels run as Python (numba off) with the cards of a house's value taken one value
    too high (I2: a loose 10 would join a house of 9): the harness finds it. (Compiled kernels
    cannot be patched from outside.)"""
    out = _python_kernels(
        "import cardtable.games.seep.kernels as k\n"
        "k.value_mask = lambda v: k.ALL_SUITS << v\n"
        "from tests.batch.harness import Mismatch, run\n"
        "try:\n"
        "    run('seep', {}, B=8, hands=40)\n"
        "except Mismatch as e:\n"
        "    print('caught:', e)\n"
        "else:\n"
        "    print('missed')\n"
    )
    assert out.startswith("caught:"), out
