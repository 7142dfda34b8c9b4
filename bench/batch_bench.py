"""Decisions per second of the batched engine (`cardtable.batch`) beside OpenSpiel and today's
one-table layers, measured one after another in this one process (one core: nothing here runs
threads), with the machine and its load noted.

    python bench/batch_bench.py [--seconds 3] [--json] [--quick]

Every figure is decisions (a seat's token or move, chance nodes not counted) per second of random
play, each seat taking a uniformly random legal action:

- **batch**: `Batch("smear", B)` at B = 1,024 (and 64, 1): each step asks for the legal mask and
  the observation of the seat to act at every table, draws one random legal token per table
  (`random_legal`) and steps. Also "rules only": the mask and the step, no observation. The
  kernels are compiled by numba when it is installed; a second process measures them as plain
  Python (``CARDTABLE_NO_NUMBA=1``), the install without numba.
- **OpenSpiel oh_hell from Python**: the C++ game shaped like Smear (4 players, 32 cards, 6 tricks),
  stepped through pyspiel, each decision asking for the legal actions mask and the information
  state tensor (its observation tensor is not implemented); chance nodes stepped too but not
  counted. Also OpenSpiel's default oh_hell.
- **OpenSpiel's C++ random playout**: ``pyspiel.evaluate_bots`` with uniform random bots on the same
  game, a whole hand in C++ per call (no mask or observation asked for); decisions per hand from
  the Python loop's count.
- **fast layer**: today's one-table Smear fast layer (`cardtable.games.smear.fast`), random
  playouts of whole hands from the deal (rules only).
- **VectorTables**: today's RL batched tables (`cardtable.rl.VectorTables`) at N = 1,024, which
  give the observation and mask at every step.

Ratios are to OpenSpiel's Smear-shaped oh_hell stepped from Python (the issue's baseline).
Needs the ``rl`` and ``batch`` extras (open_spiel for the OpenSpiel rows).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

SMEAR_SHAPE = {"players": 4, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 6}


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    out: dict[str, Any] = {"python": platform.python_version(), "cpu": cpu, "cores": os.cpu_count()}
    out["numpy"] = np.__version__
    try:
        import numba

        out["numba"] = numba.__version__
    except ImportError:
        out["numba"] = None
    return out


def batch_rate(B: int, seconds: float, observe: bool = True) -> float:
    """Decisions per second of `Batch("smear", B)`: mask, (observation), random legal token, step."""
    from cardtable.batch import Batch, random_legal

    b = Batch("smear", B, seed=1)
    rng = np.random.default_rng(2)
    for _ in range(20):  # compile (or load) the kernels, fill the tables
        b.step(random_legal(b.legal_mask(), rng))
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        to_play = b.to_play
        mask = b.legal_mask()
        if observe:
            b.observe(to_play)
        b.step(random_legal(mask, rng))
        steps += 1
    return steps * B / (time.perf_counter() - start)


def oh_hell_python(seconds: float, params: dict[str, int] | None = None) -> dict[str, float]:
    """OpenSpiel's oh_hell stepped from Python: decisions per second with mask and observation,
    and without them."""
    import pyspiel

    game = pyspiel.load_game("oh_hell", params or {})
    out = {}
    for observe in (True, False):
        rng = random.Random(3)
        decisions = hands = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                if observe:
                    state.information_state_tensor()
                    state.legal_actions_mask()
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            hands += 1
        took = time.perf_counter() - start
        key = "observed" if observe else "rules_only"
        out[f"decisions_per_s_{key}"] = decisions / took
        out["decisions_per_hand"] = decisions / hands
    return out


def oh_hell_cpp(seconds: float, decisions_per_hand: float) -> float:
    """OpenSpiel's own C++ random playout (``evaluate_bots``, uniform random bots), decisions/s."""
    import pyspiel

    game = pyspiel.load_game("oh_hell", SMEAR_SHAPE)
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(game.num_players())]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, n)
        n += 1
    return n * decisions_per_hand / (time.perf_counter() - start)


def fast_layer(seconds: float) -> float:
    """Today's one-table Smear fast layer: random playouts of whole hands, decisions per second."""
    from cardtable.games.smear import Smear
    from cardtable.games.smear.fast import RandomPolicy, deal, playout

    rules = Smear().rules
    rng = random.Random(4)
    policy = RandomPolicy()
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = deal(rules, rng.randrange(4), (0, 0), rng)
        decisions += playout(s, policy, rng)
    return decisions / (time.perf_counter() - start)


def vector_tables(seconds: float, n: int = 1024) -> float:
    """Today's `VectorTables` (observations and masks at every step), decisions per second."""
    from cardtable.rl import VectorTables

    vt = VectorTables("smear", n, seed=1)
    _, mask, _ = vt.reset()
    rng = np.random.default_rng(2)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, mask, _, _, _ = vt.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
        steps += n
    return steps / (time.perf_counter() - start)


def plain_python(B: int, seconds: float) -> float | None:
    """`batch_rate` in a second process with numba turned off (the kernels as plain Python)."""
    env = {**os.environ, "CARDTABLE_NO_NUMBA": "1"}
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import batch_bench; "
        "from cardtable.batch import NUMBA; assert not NUMBA; "
        f"print(batch_bench.batch_rate({B}, {seconds}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    return float(done.stdout.strip()) if done.returncode == 0 else None


def run(seconds: float, quick: bool) -> dict[str, Any]:
    from cardtable.batch import NUMBA

    out: dict[str, Any] = {"machine": machine(), "numba_compiled": NUMBA, "seconds_each": seconds}
    out["load_average_before"] = [round(x, 2) for x in os.getloadavg()]
    sizes = (64,) if quick else (1, 64, 1024)
    rates: dict[str, float | None] = {}
    for B in sizes:
        rates[f"batch B={B}"] = batch_rate(B, seconds)
    big = sizes[-1]
    rates[f"batch B={big}, rules only"] = batch_rate(big, seconds, observe=False)
    rates[f"batch B={big}, plain Python kernels"] = plain_python(big, seconds)
    try:
        smear_shaped = oh_hell_python(seconds, SMEAR_SHAPE)
        default = oh_hell_python(seconds)
        rates["OpenSpiel oh_hell (Smear-shaped) from Python"] = smear_shaped["decisions_per_s_observed"]
        rates["OpenSpiel oh_hell (Smear-shaped) from Python, rules only"] = smear_shaped["decisions_per_s_rules_only"]
        rates["OpenSpiel oh_hell (default) from Python"] = default["decisions_per_s_observed"]
        rates["OpenSpiel oh_hell (Smear-shaped), C++ random playout"] = oh_hell_cpp(
            seconds, smear_shaped["decisions_per_hand"]
        )
        out["openspiel"] = "open_spiel " + importlib.metadata.version("open_spiel")
    except ImportError:
        out["openspiel"] = "not installed: OpenSpiel rows left out"
    rates["fast layer (one table, rules only)"] = fast_layer(seconds)
    rates["VectorTables N=1024"] = vector_tables(min(seconds, 1.0) if not quick else 0.2, 1024 if not quick else 16)
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    base = rates.get("OpenSpiel oh_hell (Smear-shaped) from Python")
    out["rows"] = [
        {
            "what": k,
            "decisions_per_s": None if v is None else round(v),
            "ratio_to_oh_hell_python": None if v is None or not base else round(v / base, 2),
        }
        for k, v in rates.items()
    ]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--quick", action="store_true", help="a smoke run: B = 64, a fraction of a second each")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    seconds = 0.2 if args.quick else args.seconds
    out = run(seconds, args.quick)
    if args.json:
        print(json.dumps(out))
        return
    m = out["machine"]
    print(f"{m['cpu']}, {m['cores']} cores, Python {m['python']}, numpy {m['numpy']}, numba {m['numba']}")
    print(f"load average {out['load_average_before']} before, {out['load_average_after']} after")
    for row in out["rows"]:
        rate = "n/a" if row["decisions_per_s"] is None else f"{row['decisions_per_s']:,}"
        ratio = "" if row["ratio_to_oh_hell_python"] is None else f"  {row['ratio_to_oh_hell_python']}x"
        print(f"{row['what']:<58} {rate:>14}{ratio}")


if __name__ == "__main__":
    main()
