"""Speed of the RL environments: PettingZoo turns per second, VectorTables steps per second at
N = 1, 64 and 1,024, and the OpenSpiel games registered from Python beside OpenSpiel's own C++
games of the same shape, all driven by the same loops in one process.

    python bench/rl_bench.py [--seconds 3] [--json] [--games seep,smear,sheepshead]

- **PettingZoo**: PettingZoo's own ``performance_benchmark`` (masked random tokens, 5 s fixed by
  PettingZoo) on ``cardtable.rl.env(game)``, and again with ``action_features=False``; a turn is
  one token (or one dead step at the end of a hand).
- **VectorTables**: ``step`` calls with one masked random token per table (drawn with numpy for
  all tables at once) for ``--seconds``; steps/s counts table-steps (N per call).
- **OpenSpiel**: random playouts of whole hands (chance nodes included) through the Python API
  (``legal_actions``/``apply_action``), and through OpenSpiel's C++ ``evaluate_bots`` with uniform
  random bots, for ``python_<game>`` and for the C++ game of the same shape: ``oh_hell`` with 4
  players, 32 cards, 6 tricks for Smear; with 5 players for Sheepshead; ``hearts`` (4 players,
  52 cards) for Seep. Our figures over theirs are printed as ratios.
- **Side by side** (``--side-by-side``): random play, every seat taking a uniformly random legal
  action, environment reset and step counted, for ``--seconds`` each, in this one process:
  cardtable's PettingZoo AEC environments (``action_features=False``; a step is one token),
  OpenSpiel's C++ trick-taking games through their Python API (``hearts``, ``bridge`` without its
  double-dummy scoring, ``skat``,
  ``oh_hell``, ``spades``, ``euchre``; a step is one ``apply_action``, chance included, timed bare
  and again with the acting seat's observation tensor built at each decision, as the other two
  frameworks build theirs at every step) and RLCard's
  card games (``bridge``, ``gin-rummy``, ``uno``, ``doudizhu``; a step is one ``env.step``). Each
  figure is also given over cardtable Smear's, as a ratio. RLCard is not one of cardtable's extras:
  ``pip install rlcard`` first (it is skipped with a note otherwise).

Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import platform
import random
import time
from typing import Any

import numpy as np

GAMES = ("seep", "smear", "sheepshead")
SIZES = (1, 64, 1024)
CPP_SHAPES = {
    "smear": ("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 6}),
    "sheepshead": ("oh_hell", {"players": 5, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 6}),
    "seep": ("hearts", {}),
}


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "system": platform.system(),
    }


def pettingzoo_turns(name: str, **options: Any) -> float:
    from pettingzoo.test import performance_benchmark

    from cardtable.rl import env

    out = io.StringIO()
    random.seed(1)
    with contextlib.redirect_stdout(out):
        performance_benchmark(env(name, **options))
    line = next(x for x in out.getvalue().splitlines() if x.endswith("turns per second"))
    return float(line.split()[0])


def vector_steps(name: str, n: int, seconds: float) -> float:
    from cardtable.rl import VectorTables

    vt = VectorTables(name, n, seed=1)
    _, mask, _ = vt.reset()
    rng = np.random.default_rng(2)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        _, mask, _, _, _ = vt.step(actions)
        steps += n
    return steps / (time.perf_counter() - start)


def openspiel_loops(game: Any, seconds: float) -> dict[str, float]:
    import pyspiel

    rng = random.Random(3)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    took = time.perf_counter() - start
    python = {"python_games_per_s": games / took, "python_moves_per_s": moves / took}
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(game.num_players())]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, n)
        n += 1
    python["cpp_bots_games_per_s"] = n / (time.perf_counter() - start)
    return python


#: OpenSpiel's bridge scores a deal by a double-dummy solve unless told not to: only the play is timed.
OPENSPIEL_SIDE = ("hearts", "bridge(use_double_dummy_result=False)", "skat", "oh_hell", "spades", "euchre")
RLCARD_SIDE = ("bridge", "gin-rummy", "uno", "doudizhu")


def cardtable_steps(name: str, seconds: float) -> dict[str, float]:
    """Random play of ``cardtable.rl.env(name)``: every seat a uniformly random allowed token."""
    from cardtable.rl import env

    e = env(name, action_features=False)
    rng = np.random.default_rng(5)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=hands)
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        hands += 1
    took = time.perf_counter() - start
    return {"steps_per_s": steps / took, "hands_per_s": hands / took}


def openspiel_steps(name: str, seconds: float) -> dict[str, float]:
    """Random play of OpenSpiel's game ``name`` through its Python API, chance nodes included."""
    import pyspiel

    game = pyspiel.load_game(name)
    o = openspiel_loops(game, seconds)
    out = {"steps_per_s": o["python_moves_per_s"], "hands_per_s": o["python_games_per_s"]}
    # the same loop with the observation a learner needs, as the other two frameworks give it
    kind = game.get_type()
    observe = (
        "observation_tensor" if kind.provides_observation_tensor
        else "information_state_tensor" if kind.provides_information_state_tensor
        else None
    )  # fmt: skip
    if observe is None:
        return out
    rng = random.Random(3)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                getattr(state, observe)()
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    out["steps_per_s_observed"] = steps / (time.perf_counter() - start)
    return out


def rlcard_steps(name: str, seconds: float) -> dict[str, float]:
    """Random play of RLCard's game ``name``: ``reset``, then ``step`` with a random legal action."""
    import rlcard

    e = rlcard.make(name, config={"seed": 7})
    rng = random.Random(7)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = e.reset()
        while not e.is_over():
            state, _ = e.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        hands += 1
    took = time.perf_counter() - start
    return {"steps_per_s": steps / took, "hands_per_s": hands / took}


def side_by_side(seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {"load_average_before": os.getloadavg()}
    rows: list[dict[str, Any]] = []
    for g in GAMES:
        rows.append({"framework": "cardtable (PettingZoo AEC)", "game": g, **cardtable_steps(g, seconds)})
    for g in OPENSPIEL_SIDE:
        rows.append({"framework": "OpenSpiel (C++, Python API)", "game": g, **openspiel_steps(g, seconds)})
    try:
        import rlcard  # noqa: F401
    except ImportError:
        out["rlcard"] = "not installed: pip install rlcard"
    else:
        for g in RLCARD_SIDE:
            rows.append({"framework": "RLCard", "game": g, **rlcard_steps(g, seconds)})
    smear = next(r for r in rows if r["game"] == "smear")
    for r in rows:
        r["steps_ratio_to_cardtable_smear"] = r["steps_per_s"] / smear["steps_per_s"]
        if "steps_per_s_observed" in r:
            r["observed_ratio_to_cardtable_smear"] = r["steps_per_s_observed"] / smear["steps_per_s"]
    out["rows"] = rows
    out["load_average_after"] = os.getloadavg()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--side-by-side", action="store_true", help="only the random-play comparison of frameworks")
    args = ap.parse_args()
    if args.side_by_side:
        side = {"machine": machine(), **side_by_side(args.seconds)}
        if args.json:
            print(json.dumps(side, indent=1))
            return
        print(f"machine: {side['machine']}; load average before {side['load_average_before']}")
        for r in side["rows"]:
            print(
                f"{r['framework']:28} {r['game']:12} {r['steps_per_s']:10.0f} steps/s {r['hands_per_s']:9.1f} hands/s"
                f"  x{r['steps_ratio_to_cardtable_smear']:.2f} of cardtable smear"
                + (
                    f"; observed {r['steps_per_s_observed']:.0f} steps/s, x{r['observed_ratio_to_cardtable_smear']:.2f}"
                    if "steps_per_s_observed" in r
                    else ""
                )
            )
        note = f"; RLCard {side['rlcard']}" if "rlcard" in side else ""
        print(f"load average after {side['load_average_after']}{note}")
        return
    games = [g for g in args.games.split(",") if g]
    out: dict[str, Any] = {
        "machine": machine(),
        "pettingzoo_turns_per_s": {},
        "pettingzoo_turns_per_s_without_features": {},
        "vector_steps_per_s": {},
        "openspiel": {},
    }
    for g in games:
        out["pettingzoo_turns_per_s"][g] = pettingzoo_turns(g)
        out["pettingzoo_turns_per_s_without_features"][g] = pettingzoo_turns(g, action_features=False)
        out["vector_steps_per_s"][g] = {str(n): vector_steps(g, n, args.seconds) for n in SIZES}
    try:
        import pyspiel

        import cardtable.rl.openspiel  # noqa: F401 (registers the games)
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        for g in games:
            ours = openspiel_loops(pyspiel.load_game(f"python_{g}"), args.seconds)
            cpp_name, params = CPP_SHAPES[g]
            theirs = openspiel_loops(pyspiel.load_game(cpp_name, params), args.seconds)
            out["openspiel"][g] = {
                "ours": ours,
                "cpp_game": cpp_name + (json.dumps(params) if params else ""),
                "theirs": theirs,
                "ratio_python_loop": ours["python_games_per_s"] / theirs["python_games_per_s"],
                "ratio_cpp_bots": ours["cpp_bots_games_per_s"] / theirs["cpp_bots_games_per_s"],
            }
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"machine: {out['machine']}")
    for g in games:
        v = out["vector_steps_per_s"][g]
        print(
            f"{g}: pettingzoo {out['pettingzoo_turns_per_s'][g]:.0f} turns/s "
            f"({out['pettingzoo_turns_per_s_without_features'][g]:.0f} without action features); vector steps/s "
            + ", ".join(f"N={n} {v[str(n)]:.0f}" for n in SIZES)
        )
        o = out["openspiel"].get(g)
        if o:
            print(
                f"  openspiel python_{g}: {o['ours']['python_games_per_s']:.1f} hands/s (python loop), "
                f"{o['ours']['cpp_bots_games_per_s']:.1f} (C++ bots); {o['cpp_game']}: "
                f"{o['theirs']['python_games_per_s']:.1f} / {o['theirs']['cpp_bots_games_per_s']:.1f}; "
                f"ratios {o['ratio_python_loop']:.3f} / {o['ratio_cpp_bots']:.4f}"
            )


if __name__ == "__main__":
    main()
