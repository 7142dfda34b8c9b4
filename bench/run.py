"""Benchmarks: cardtable's engines through the public API, side by side with OpenSpiel.

    python bench/run.py [--quick] [--json] [--games seep,smear,sheepshead]

Per game (default rules) it measures random full hands per second (start, deal, legal actions,
apply, outcome), `legal_actions` and `apply` calls per second, and, where a search bot is
registered, its decision time (median and 90th percentile) at each level. In the same run it
measures OpenSpiel's ``oh_hell`` in the Sheepshead shape (5 players, 32 cards, 6 tricks) and the
Smear shape (4 players, 32 cards, 6 tricks), looped from Python and with its C++ random-bot
evaluator, and its C++ IS-MCTS, and prints our figures over theirs as ratios. OpenSpiel is the
optional ``bench`` extra; without it the script says so and measures cardtable alone.

Machines here are shared and noisy: every figure is the best of ``--repeats`` runs, and the
spread across runs is reported beside it.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from cardtable import registry
from cardtable.bots import make_bot

SHAPES = {"sheepshead": 5, "smear": 4}


def _best(fn: Callable[[], float], repeats: int) -> dict[str, float]:
    """Run ``fn`` (which returns a rate) ``repeats`` times: the best, and the spread in percent."""
    rates = [fn() for _ in range(repeats)]
    best = max(rates)
    spread = 100.0 * (best - min(rates)) / best if best else 0.0
    return {"best": best, "spread_pct": spread}


def random_hands(game: Any, seconds: float, seed: int = 1) -> tuple[float, float, float]:
    """Random full hands through the public API for about ``seconds``: (hands/s, legal/s, apply/s)."""
    rng = random.Random(seed)
    hands = legal_calls = apply_calls = 0
    legal_time = apply_time = 0.0
    perf = time.perf_counter
    start = perf()
    while perf() - start < seconds:
        state = game.start(hands % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None:
            t0 = perf()
            legal = game.legal_actions(state)
            t1 = perf()
            state = game.apply(state, legal[rng.randrange(len(legal))])
            t2 = perf()
            legal_time += t1 - t0
            apply_time += t2 - t1
            legal_calls += 1
            apply_calls += 1
        game.outcome(state)
        hands += 1
    total = perf() - start
    return hands / total, legal_calls / legal_time, apply_calls / apply_time


def search_decisions(game: Any, level: str, decisions: int, seed: int = 2) -> dict[str, float]:
    """Decision times of ``search:level`` over random positions of random hands."""
    bot = make_bot(game, f"search:{level}")
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < decisions:
        state = game.start(len(times) % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None and len(times) < decisions:
            legal = game.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.3:
                t0 = time.perf_counter()
                bot.act(game.observe(state, seat), legal, random.Random(len(times)))
                times.append(time.perf_counter() - t0)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    times.sort()
    return {
        "p50": statistics.median(times),
        "p90": times[min(len(times) - 1, int(0.9 * len(times)))],
    }


def openspiel_figures(seconds: float, repeats: int) -> dict[str, Any] | None:
    """OpenSpiel's oh_hell in both shapes: Python loop, C++ random-bot loop, C++ IS-MCTS."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    out: dict[str, Any] = {}
    for shape, players in SHAPES.items():
        game = pyspiel.load_game(
            "oh_hell",
            {"players": players, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 6},
        )

        def python_loop(game: Any = game) -> float:
            rng = random.Random(3)
            n = 0
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
                n += 1
            return n / (time.perf_counter() - start)

        def cpp_loop(game: Any = game, players: int = players) -> float:
            bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(players)]
            n = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                for _ in range(200):
                    pyspiel.evaluate_bots(game.new_initial_state(), bots, n)
                    n += 1
            return n / (time.perf_counter() - start)

        def ismcts(game: Any = game) -> float:
            sims = 2000
            evaluator = pyspiel.RandomRolloutEvaluator(1, 5)
            policy = pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT
            bot = pyspiel.ISMCTSBot(7, evaluator, 2.0, sims, -1, policy, False, False)
            state = game.new_initial_state()
            rng = random.Random(4)
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            start = time.perf_counter()
            bot.step(state)
            return sims / (time.perf_counter() - start)

        out[shape] = {
            "python_games_per_s": _best(python_loop, repeats),
            "cpp_games_per_s": _best(cpp_loop, repeats),
            "ismcts_sims_per_s": _best(ismcts, repeats),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/run.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test of the script)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", default=",".join(registry.names()), help="games to measure")
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (default 3; quick 1)")
    args = parser.parse_args(argv)
    seconds = 0.3 if args.quick else 3.0
    repeats = args.repeats or (1 if args.quick else 3)
    levels = ("easy", "medium", "hard")
    decisions = 5 if args.quick else 40

    games: dict[str, Any] = {}
    for name in [g.strip() for g in args.games.split(",") if g.strip()]:
        game = registry.get_game(name)
        runs = [random_hands(game, seconds) for _ in range(repeats)]
        hands = [r[0] for r in runs]
        row: dict[str, Any] = {
            "games_per_s": max(hands),
            "games_per_s_spread_pct": 100.0 * (max(hands) - min(hands)) / max(hands),
            "legal_per_s": max(r[1] for r in runs),
            "apply_per_s": max(r[2] for r in runs),
            "decision_p50_s": {},
            "decision_p90_s": {},
        }
        try:
            for level in levels:
                d = search_decisions(game, level, decisions)
                row["decision_p50_s"][level] = d["p50"]
                row["decision_p90_s"][level] = d["p90"]
        except ValueError as e:
            row["search"] = f"not measured: {e}"
        games[name] = row

    spiel = openspiel_figures(seconds, repeats)
    ratios: dict[str, float] = {}
    if spiel is not None:
        for shape in SHAPES:
            if shape in games:
                ours = games[shape]["games_per_s"]
                ratios[f"{shape}_vs_openspiel_python"] = ours / spiel[shape]["python_games_per_s"]["best"]
                ratios[f"{shape}_vs_openspiel_cpp"] = ours / spiel[shape]["cpp_games_per_s"]["best"]
    machine = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "system": platform.platform(),
        "seconds_per_figure": seconds,
        "repeats": repeats,
    }
    result = {"machine": machine, "games": games, "openspiel": spiel, "ratios": ratios}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"machine: {machine['system']}, Python {machine['python']}")
    print(f"each figure: the best of {repeats} runs of {seconds}s")
    for name, row in games.items():
        print(
            f"{name:<11} {row['games_per_s']:>9.0f} hands/s (±{row['games_per_s_spread_pct']:.0f}%)  "
            f"legal {row['legal_per_s']:>9.0f}/s  apply {row['apply_per_s']:>9.0f}/s"
        )
        for level in row["decision_p50_s"]:
            print(
                f"{'':<11} search:{level:<7} decision p50 {row['decision_p50_s'][level]:.3f}s "
                f"p90 {row['decision_p90_s'][level]:.3f}s"
            )
        if "search" in row:
            print(f"{'':<11} search bot {row['search']}")
    if spiel is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): cardtable measured alone.")
    else:
        for shape, row in spiel.items():
            print(
                f"openspiel oh_hell ({shape} shape): python loop {row['python_games_per_s']['best']:.0f}/s, "
                f"C++ loop {row['cpp_games_per_s']['best']:.0f}/s, "
                f"IS-MCTS {row['ismcts_sims_per_s']['best']:.0f} sims/s"
            )
        for key, value in ratios.items():
            print(f"{key}: {value:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
