"""Sheepshead's batched engine: every kind of hand reached and compared with the engine (the
calls, the unknown, cracks, blitzes, each no-pick game, doublers pending over thrown-in hands),
an option the kernels do not know refused by name, and planted faults (a wrong called-card rule, a
wrong payment, a wrong observation, a hidden card shown, wrong deals, a wrong card value inside
a kernel) each caught by the replay harness."""

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
import cardtable.games.sheepshead.batch as sheepshead_batch  # noqa: E402
from cardtable.batch import Batch, random_legal  # noqa: E402
from cardtable.cards import DECK32  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.games.sheepshead import kernels, tables  # noqa: E402
from tests.batch.harness import Mismatch, run  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

#: Rules that open every step of a hand: blitzes (R45), cracks (R44), the unknown call (R35a).
EVERYTHING = {"cracking": True, "blitzing": True, "allow_unknown_call": True}


def _kinds(records: list[dict[str, Any]]) -> Counter[str]:
    """What the hands of some records did: each kind of action, and how the hand ended."""
    seen: Counter[str] = Counter()
    for record in records:
        actions = record["hands"][0]["actions"]
        for a in actions:
            words = a.split()[1:]
            if words[0] == "call":
                seen["call unknown" if "unknown" in words else f"call {words[1][:-1]}"] += 1
            else:
                seen[words[0]] += 1
        if sum(a.endswith(" pass") for a in actions[:5]) == 5:
            seen["passed out"] += 1
        if record.get("match", {}).get("pending_doublers"):
            seen["doubled"] += 1
    return seen


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (EVERYTHING, {"blitz", "crack", "recrack", "call A", "call 10", "call unknown", "alone", "bury", "passed out"}),
        ({"partner_mode": "jack_of_diamonds", "no_pick_rule": "schwanzer", "cracking": True}, {"crack", "passed out"}),
        ({"no_pick_rule": "doubler", "doubler_stacking": "compound"}, {"passed out", "doubled"}),
        ({"no_pick_rule": "moster", "partner_mode": "none"}, {"passed out"}),
    ],
)
def test_every_kind_of_hand_is_reached_and_compared(rules: dict[str, Any], expected: set[str]) -> None:
    """The replay harness on rule sets that open the rare steps, and the records showing that the
    comparison reached each of them (a step never taken would be compared nowhere)."""
    b = Batch("sheepshead", 256, rules=rules, seed=21)
    rng = np.random.default_rng(21)
    while b.episodes < 1_500:
        mask = b.legal_mask()
        actions = random_legal(mask, rng)
        passing = (rng.random(b.B) < 0.3) & mask[:, kernels.T_PASS]  # more pass-outs
        actions[passing] = kernels.T_PASS
        b.step(actions)
    seen = _kinds(b.finished_records())
    assert expected <= set(seen), f"never reached: {expected - set(seen)} ({dict(seen)})"
    tally = run("sheepshead", rules, B=32, seed=22, hands=300, rng_seed=22, low=0.2)
    assert tally.hands >= 300


@pytest.mark.parametrize("steps", [6, 7])
def test_an_episode_cut_short_mid_bury_shows_no_token_half_given(steps: int) -> None:
    """Episodes cut short by ``max_steps`` 6 or 7, some between the two tokens of a bury (a pick
    after four or five passes): the final observation shows no token given toward the bury, as
    the RL tables' does (they drop the decision of an episode that ends). The hands counted are
    those thrown in after five passes (``no_pick_rule`` ``redeal``)."""
    tally = run("sheepshead", {"no_pick_rule": "redeal"}, B=16, seed=5, hands=20, max_steps=steps, low=0.5)
    assert tally.truncated > 0


def test_an_option_the_kernels_do_not_know_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheepshead_batch, "SUPPORTED", sheepshead_batch.SUPPORTED - {"leaster_tie"})
    Batch("sheepshead", 2)  # at its default, an unknown option changes nothing
    with pytest.raises(BadRules, match="leaster_tie is not supported"):
        Batch("sheepshead", 2, rules={"leaster_tie": "split"})


def test_the_rules_dataclass_and_the_supported_options_agree() -> None:
    """Every Sheepshead option is played by the kernels (none left to refuse today)."""
    names = {f.name for f in dataclasses.fields(sheepshead_batch.SheepsheadRules)}
    assert names == set(sheepshead_batch.SUPPORTED)


def test_the_kernels_card_tables_are_the_engines() -> None:
    """The kernels keep their own copies of the card tables (numba reads them as constants): each
    is the engine's (`tables`), and the pack is `cards.DECK32` as the engine deals it."""
    assert kernels.POINTS == tables.POINTS and kernels.SCHWANZ == tables.SCHWANZ
    assert kernels.SUIT_CLASS == tables.SUIT_CLASS and kernels.FOLLOW == tables.FOLLOW
    assert kernels.FAIL_SUITS == tables.FAIL_SUITS and kernels.TRUMP == tables.TRUMP
    assert (kernels.FAIL_ACES, kernels.FAIL_TENS, kernels.JD) == (tables.FAIL_ACES, tables.FAIL_TENS, tables.JD)
    assert (kernels.BLACK_QUEENS, kernels.RED_QUEENS) == (tables.BLACK_QUEENS, tables.RED_QUEENS)
    assert tuple(tables.FROM_KERNEL[c] for c in DECK32) == kernels.PACK
    assert all(kernels.BIT_INDEX[((1 << i) * 0x077CB531 & kernels.ALL) >> 27] == i for i in range(32))


def _planted(monkeypatch: pytest.MonkeyPatch, option: int, value: int) -> None:
    """The batch plays with one rule number changed, the engine with the true rules."""
    true_params = sheepshead_batch.params

    def wrong(rules: Any) -> Any:
        p = true_params(rules)
        p[option] = value
        return p

    monkeypatch.setattr(sheepshead_batch, "params", wrong)


def test_a_wrong_called_card_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, kernels.P_NO_DISCARD_CALLED, 0)  # the partner may throw the called ace (R29)
    with pytest.raises(Mismatch, match="legal tokens"):
        run("sheepshead", {}, B=16, hands=200)


def test_a_wrong_payment_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch, kernels.P_BUMP, 1)  # a lost hand paid double though the rules say not (R40)
    with pytest.raises(Mismatch, match=r"rewards|record scores"):
        run("sheepshead", {}, B=16, hands=200)


def test_a_wrong_observation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    true_layout = sheepshead_batch._layout

    def swapped() -> Any:
        names, offsets, size = true_layout()
        offsets = offsets.copy()
        offsets[kernels.O_CRACKS], offsets[kernels.O_CRACKER] = offsets[kernels.O_CRACKER], offsets[kernels.O_CRACKS]
        return names, offsets, size

    monkeypatch.setattr(sheepshead_batch, "_layout", swapped)
    with pytest.raises(Mismatch, match="observation"):
        run("sheepshead", {}, B=16, hands=50)


def test_a_hidden_card_shown_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The blind shown to every seat (R13, R16 keep it to the picker until the hand ends)."""
    true_observe = sheepshead_batch.SheepsheadBatch.observe

    def leaky(self: Any, seats: Any, out: Any) -> None:
        true_observe(self, seats, out)
        blind = self.offsets[kernels.O_BLIND]
        for row in np.flatnonzero(seats >= 0):
            for c in range(32):
                if self.S[row, kernels.BLIND] >> c & 1:
                    out[row, blind + c] = 1

    monkeypatch.setattr(sheepshead_batch.SheepsheadBatch, "observe", leaky)
    with pytest.raises(Mismatch, match="observation"):
        run("sheepshead", {}, B=16, hands=50)


def test_wrong_deals_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_tables, "SEED_STRIDE", batch_tables.SEED_STRIDE + 1)
    with pytest.raises(Mismatch, match=r"observation|seat to act|legal"):
        run("sheepshead", {}, B=16, hands=50)


def test_a_fault_inside_a_kernel_is_caught() -> None:
    """The kernels run as Python (numba off) with a king worth 3 points instead of 4 (R6): the
    harness finds it in the payments. (Compiled kernels cannot be patched from outside.)"""
    env = {**os.environ, "CARDTABLE_NO_NUMBA": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH")]))
    code = (
        "import cardtable.games.sheepshead.kernels as k\n"
        "k.POINTS = tuple(3 if p == 4 else p for p in k.POINTS)\n"
        "from tests.batch.harness import Mismatch, run\n"
        "try:\n"
        "    run('sheepshead', {}, B=16, hands=300)\n"
        "except Mismatch as e:\n"
        "    print('caught:', e)\n"
        "else:\n"
        "    print('missed')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=900, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("caught:"), done.stdout
