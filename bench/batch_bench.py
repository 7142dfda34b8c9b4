"""Decisions per second of the batched engine (`cardtable.batch`) beside OpenSpiel and today's
one-table layers, all in this one process (one core: nothing here runs threads), with the
machine and its load noted.

    python bench/batch_bench.py [--game smear] [--seconds 3] [--rounds 5] [--json] [--quick]

Every figure is decisions (a seat's token or move, chance nodes not counted) per CPU second of
random play, each seat taking a uniformly random legal action. The things measured take turns,
``--rounds`` times over, each for its share of ``--seconds`` of CPU time: a figure is the median
of its rounds and a ratio the median of its ratios round by round, so that a load from other work
that comes and goes weighs on both sides of a ratio alike.
The objects made while setting up are frozen out of the garbage collector's reach before the
rounds (``gc.freeze``), so that the rows driven from Python pay for their own collections only.

- **batch**: `Batch(game, B)` at B = 1,024 (and 64, 1): each step asks for the legal mask and
  the observation of the seat to act at every table, draws one random legal token per table
  (`random_legal`) and steps. Also "rules only": the mask and the step, no observation. The
  kernels are compiled by numba when it is installed; a second process measures them as plain
  Python (``CARDTABLE_NO_NUMBA=1``), the install without numba.
- **OpenSpiel oh_hell from Python**: the C++ game shaped like the game measured (32 cards, 6
  tricks; 4 players for Smear, 5 for Sheepshead), stepped through pyspiel, each decision asking
  for the legal actions mask and the information state tensor (its observation tensor is not
  implemented); chance nodes stepped too but not counted. Also OpenSpiel's default oh_hell.
- **OpenSpiel's C++ random playout**: ``pyspiel.evaluate_bots`` with uniform random bots on the same
  game, a whole hand in C++ per call (no mask or observation asked for); decisions per hand from
  the Python loop's count.
- **fast layer**: today's one-table fast layer of the game (``cardtable.games.<game>.fast``),
  random playouts of whole hands from the deal (rules only). It counts a move as one decision
  where the batch spells it in several tokens (a Smear discard, a Sheepshead bury, a Seep
  capture, build or cement: its head, each loose card taken, ``end``). For Seep the batch is also
  counted in moves (a bid, a throw or an ``end`` finishes one), beside its tokens.
- **VectorTables**: today's RL batched tables (`cardtable.rl.VectorTables`) at N = 1,024, which
  give the observation and mask at every step.

Ratios are to OpenSpiel's oh_hell in the game's shape stepped from Python (the issue's baseline),
and to the fast layer. Seep has no OpenSpiel game of its shape here (a fishing game, not a trick
game): its rows are the batch, the fast layer and `VectorTables`, and its baseline is the fast
layer. Needs the ``rl`` and ``batch`` extras (open_spiel for the OpenSpiel rows).
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

SMEAR_SHAPE = {"players": 4, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 6}
#: Per game: OpenSpiel's oh_hell in its shape (32 cards, 6 tricks, the game's number of players).
SHAPES: dict[str, tuple[str, dict[str, int]]] = {
    "smear": ("Smear-shaped", SMEAR_SHAPE),
    "sheepshead": ("Sheepshead-shaped", {**SMEAR_SHAPE, "players": 5}),
}


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


class Runner:
    """One thing measured: set up once, then run for a while as often as asked."""

    def run(self, seconds: float) -> tuple[int, float]:
        """Play for about ``seconds`` of CPU time: (decisions, CPU seconds taken)."""
        raise NotImplementedError


#: Per game, the tokens that finish a move, for counting the batch in moves (see `BatchRunner`).
MOVE_ENDS: dict[str, tuple[str, ...]] = {"seep": ("bid ", "throw ", "end")}


class BatchRunner(Runner):
    """`Batch(game, B)`: mask, (observation of the seat to act), random legal token, step. With
    ``moves``, the decisions counted are the moves finished (`MOVE_ENDS`), not the tokens."""

    def __init__(self, B: int, observe: bool = True, game: str = "smear", moves: bool = False) -> None:
        from cardtable.batch import Batch, random_legal

        self.b = Batch(game, B, seed=1)
        self.pick = random_legal
        self.rng = np.random.default_rng(2)
        self.observe = observe
        self.ends: Any = None
        if moves:
            self.ends = np.array([n.startswith(MOVE_ENDS[game]) for n in self.b.action_names])
        for _ in range(20):  # compile (or load) the kernels, fill the tables
            self.b.step(self.pick(self.b.legal_mask(), self.rng))

    def run(self, seconds: float) -> tuple[int, float]:
        b, pick, rng, ends = self.b, self.pick, self.rng, self.ends
        steps = moves = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            to_play = b.to_play
            mask = b.legal_mask()
            if self.observe:
                b.observe(to_play)
            actions = pick(mask, rng)
            b.step(actions)
            if ends is not None:  # every row acts (a finished row is dealt again at once)
                moves += int(ends[actions].sum())
            steps += 1
        return (steps * b.B if ends is None else moves), time.process_time() - start


class OhHellPython(Runner):
    """OpenSpiel's oh_hell stepped from Python, with the mask and the observation (the
    information state tensor) at each decision, or rules only."""

    def __init__(self, params: dict[str, int] | None, observe: bool = True) -> None:
        import pyspiel

        self.game = pyspiel.load_game("oh_hell", params or {})
        self.observe = observe
        self.rng = random.Random(3)
        self.decisions = self.hands = 0

    def run(self, seconds: float) -> tuple[int, float]:
        game, rng, observe = self.game, self.rng, self.observe
        decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
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
            self.hands += 1
        self.decisions += decisions
        return decisions, time.process_time() - start


class OhHellCpp(Runner):
    """OpenSpiel's own C++ random playout (``evaluate_bots``, uniform random bots), whole hands;
    decisions per hand counted by a Python loop over the same game."""

    def __init__(self, shape: dict[str, int] = SMEAR_SHAPE) -> None:
        import pyspiel

        self.game = pyspiel.load_game("oh_hell", shape)
        self.bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(self.game.num_players())]
        self.evaluate = pyspiel.evaluate_bots
        counter = OhHellPython(shape, observe=False)
        counter.run(0.5)
        self.per_hand = counter.decisions / counter.hands
        self.n = 0

    def run(self, seconds: float) -> tuple[int, float]:
        hands = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.evaluate(self.game.new_initial_state(), self.bots, self.n)
            self.n += 1
            hands += 1
        return round(hands * self.per_hand), time.process_time() - start


class FastLayer(Runner):
    """Today's one-table Smear fast layer: random playouts of whole hands from the deal."""

    def __init__(self) -> None:
        from cardtable.games.smear import Smear
        from cardtable.games.smear.fast import RandomPolicy, deal, playout

        self.rules, self.deal, self.playout = Smear().rules, deal, playout
        self.policy = RandomPolicy()
        self.rng = random.Random(4)

    def run(self, seconds: float) -> tuple[int, float]:
        decisions = 0
        rng = self.rng
        start = time.process_time()
        while time.process_time() - start < seconds:
            s = self.deal(self.rules, rng.randrange(4), (0, 0), rng)
            decisions += self.playout(s, self.policy, rng)
        return decisions, time.process_time() - start


class SheepsheadFastLayer(Runner):
    """Today's one-table Sheepshead fast layer: random playouts of whole hands from the deal."""

    def __init__(self) -> None:
        from cardtable.games.sheepshead import Sheepshead
        from cardtable.games.sheepshead.fast import RandomPolicy, deal, playout

        self.game, self.deal, self.playout = Sheepshead(), deal, playout
        self.policy = RandomPolicy()
        self.rng = random.Random(4)

    def run(self, seconds: float) -> tuple[int, float]:
        decisions = 0
        rng = self.rng
        start = time.process_time()
        while time.process_time() - start < seconds:
            s = self.deal(self.game, rng.randrange(5), rng)
            decisions += self.playout(s, self.policy, rng)
        return decisions, time.process_time() - start


class SeepFastLayer(Runner):
    """Today's one-table Seep fast layer: random playouts of whole hands from the deal (a misdeal
    is dealt again, as the tables do; the bid counts as a move)."""

    def __init__(self) -> None:
        from cardtable.games.seep import Seep
        from cardtable.games.seep.fast import from_state, playout, random_policy

        self.game, self.from_state, self.playout, self.policy = Seep(), from_state, playout, random_policy
        self.rng = random.Random(4)

    def run(self, seconds: float) -> tuple[int, float]:
        decisions = 0
        game, rng = self.game, self.rng
        start = time.process_time()
        while time.process_time() - start < seconds:
            s = game.start(dealer=rng.randrange(4))
            st = self.from_state(game.apply(s, game.deal(s, rng)), game.rules)
            if st is not None:
                decisions += self.playout(st, self.policy, rng)
        return decisions, time.process_time() - start


#: Each game's one-table fast layer.
FAST_LAYERS: dict[str, type[Runner]] = {"smear": FastLayer, "sheepshead": SheepsheadFastLayer, "seep": SeepFastLayer}


class VectorTablesRunner(Runner):
    """Today's `VectorTables` (observations and masks at every step)."""

    def __init__(self, n: int, game: str = "smear") -> None:
        from cardtable.rl import VectorTables

        self.vt = VectorTables(game, n, seed=1)
        _, self.mask, _ = self.vt.reset()
        self.rng = np.random.default_rng(2)

    def run(self, seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            _, self.mask, _, _, _ = self.vt.step(np.argmax(self.rng.random(self.mask.shape) * self.mask, axis=1))
            steps += self.vt.n
        return steps, time.process_time() - start


def batch_rate(B: int, seconds: float, game: str = "smear") -> float:
    """Decisions per CPU second of `BatchRunner` (for the plain-Python process)."""
    decisions, took = BatchRunner(B, game=game).run(seconds)
    return decisions / took


def plain_python(B: int, seconds: float, game: str = "smear") -> float | None:
    """`batch_rate` in a second process with numba turned off (the kernels as plain Python)."""
    env = {**os.environ, "CARDTABLE_NO_NUMBA": "1"}
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import batch_bench; "
        "from cardtable.batch import NUMBA; assert not NUMBA; "
        f"print(batch_bench.batch_rate({B}, {seconds}, {game!r}))"
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


def run(seconds: float, rounds: int, quick: bool, game: str = "smear") -> dict[str, Any]:
    """Each runner in turn for ``seconds / rounds`` of CPU time, ``rounds`` times over: each
    figure is the median of its rounds, each ratio the median of its ratios to the baseline (the
    oh_hell of the game's shape from Python) round by round (so a load that comes and goes weighs
    on both sides alike)."""
    from cardtable.batch import NUMBA

    out: dict[str, Any] = {"machine": machine(), "numba_compiled": NUMBA, "seconds_each": seconds, "rounds": rounds}
    out["game"] = game
    out["load_average_before"] = [round(x, 2) for x in os.getloadavg()]
    fast = "fast layer (one table, rules only)"
    sizes = (64,) if quick else (1, 64, 1024)
    big = sizes[-1]
    runners: dict[str, Runner] = {f"batch B={B}": BatchRunner(B, game=game) for B in sizes}
    runners[f"batch B={big}, rules only"] = BatchRunner(big, observe=False, game=game)
    if game in MOVE_ENDS:
        runners[f"batch B={big}, counted in moves"] = BatchRunner(big, game=game, moves=True)
    if game in SHAPES:
        shaped, shape = SHAPES[game]
        base = f"OpenSpiel oh_hell ({shaped}) from Python"
        try:
            runners[base] = OhHellPython(shape)
            runners[f"OpenSpiel oh_hell ({shaped}) from Python, rules only"] = OhHellPython(shape, observe=False)
            runners["OpenSpiel oh_hell (default) from Python"] = OhHellPython(None)
            runners[f"OpenSpiel oh_hell ({shaped}), C++ random playout"] = OhHellCpp(shape)
            out["openspiel"] = "open_spiel " + importlib.metadata.version("open_spiel")
        except ImportError:
            out["openspiel"] = "not installed: OpenSpiel rows left out"
    else:
        base = fast
        out["openspiel"] = "no OpenSpiel game of this game's shape: the fast layer is the baseline"
    out["baseline"] = base
    runners[fast] = FAST_LAYERS[game]()
    runners[f"VectorTables N={16 if quick else 1024}"] = VectorTablesRunner(16 if quick else 1024, game)
    rates: dict[str, list[float]] = {k: [] for k in runners}
    # What the setting up made (numba's compiler, the kernels, the engines, OpenSpiel) is put out
    # of the garbage collector's sight, so that the Python-driven rows' collections walk what a
    # process of their own would hold: otherwise Seep's fast layer ran about 15% slower here and
    # swung from 39,000 to 59,000 moves a second round by round.
    gc.collect()
    gc.freeze()
    out["gc_frozen_at_start"] = gc.get_freeze_count()
    for _ in range(rounds):
        for name, runner in runners.items():
            decisions, took = runner.run(seconds / rounds)
            rates[name].append(decisions / took)
    gc.unfreeze()
    plain = plain_python(big, seconds, game)
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    rows = []

    def ratio(got: list[float], to: str) -> float | None:
        if to not in rates:
            return None
        return round(statistics.median(a / b for a, b in zip(got, rates[to], strict=True)), 2)

    oh_hell = base if base != fast else ""
    for name, got in rates.items():
        rows.append(
            {
                "what": name,
                "decisions_per_s": round(statistics.median(got)),
                "ratio_to_oh_hell_python": ratio(got, oh_hell),
                "ratio_to_fast_layer": ratio(got, fast),
            }
        )
    base_rate = statistics.median(rates[oh_hell]) if oh_hell in rates else None
    fast_rate = statistics.median(rates[fast])
    rows.append(
        {
            "what": f"batch B={big}, plain Python kernels (another process, after the rounds)",
            "decisions_per_s": None if plain is None else round(plain),
            "ratio_to_oh_hell_python": None if plain is None or base_rate is None else round(plain / base_rate, 2),
            "ratio_to_fast_layer": None if plain is None else round(plain / fast_rate, 2),
        }
    )
    out["rows"] = rows
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="smear", choices=sorted(FAST_LAYERS), help="the game measured")
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure, over all rounds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="a smoke run: B = 64, a fraction of a second each")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    seconds = 0.2 if args.quick else args.seconds
    out = run(seconds, 1 if args.quick else args.rounds, args.quick, args.game)
    if args.json:
        print(json.dumps(out))
        return
    m = out["machine"]
    head = f"{out['game']}: {m['cpu']}, {m['cores']} cores, Python {m['python']}"
    print(f"{head}, numpy {m['numpy']}, numba {m['numba']}")
    print(f"load average {out['load_average_before']} before, {out['load_average_after']} after")
    print(f"ratios: to {out['baseline']}, then to the fast layer")
    for row in out["rows"]:
        rate = "n/a" if row["decisions_per_s"] is None else f"{row['decisions_per_s']:,}"
        ratio = "" if row["ratio_to_oh_hell_python"] is None else f"  {row['ratio_to_oh_hell_python']}x"
        to_fast = "" if row["ratio_to_fast_layer"] is None else f"  {row['ratio_to_fast_layer']}x fast"
        print(f"{row['what']:<58} {rate:>14}{ratio}{to_fast}")


if __name__ == "__main__":
    main()
