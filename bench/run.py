"""Benchmarks: cardtable's engines through the public API, side by side with OpenSpiel.

    python bench/run.py [--quick] [--json] [--games seep,smear,sheepshead] [--repeats N]
                        [--option game:name=value ...] [--variants] [--rule-bot] [--no-search]

Per game (default rules, or those ``--option`` sets) it measures random full hands per second
through the public API (start, deal, legal actions, apply, outcome) in a loop with no timing
inside it, the same loop OpenSpiel's games are driven by below; `legal_actions`, `apply` and
`observe` calls per second, each timed in a loop of its own over positions of random hands;
and, where a search bot is registered, its decision time (median and 90th percentile) and its
playouts (simulations) per second at each level. With ``--variants`` it also measures random
hands under house-rule sets that take other paths through the engine, and with ``--rule-bot``
hands with the rule-based bot in every seat.

For Smear and Sheepshead it also measures the fast layer (``games/<game>/fast.py``): random
hands stepped through its step API (``moves``, ``apply(int)``, ``score``) and whole random hands
played by its one-function ``playout``, both dealt by the layer from the same random stream.

In the same run it measures OpenSpiel's ``oh_hell`` in the Sheepshead shape (5 players, 32 cards,
6 tricks) and the Smear shape (4 players, 32 cards, 6 tricks), looped from Python and with its
C++ random-bot evaluator, and its C++ IS-MCTS, and prints our figures over theirs as ratios. The
ratios against OpenSpiel's Python loop come from rounds interleaved on the machine: each round
runs OpenSpiel's loop, then ours through the public API, the fast step API and the fast playout,
so that a noisy moment hits both sides; a ratio is our best rate over theirs (each the best of
the rounds, as every figure here), with the median and the range of the rounds' own ratios beside
it. OpenSpiel is the optional ``bench`` extra; without it the script says so
and measures cardtable alone.

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

#: House-rule sets measured with ``--variants``: each takes the engine down other paths.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "seep": [{"capture_policy": "any_valid_subset"}, {"allow_multi_set_build": False}],
    "smear": [
        {"kitty_size": 2},
        {"follow_rule": "strict", "high_rule": "highest_in_play", "low_rule": "lowest_in_play"},
    ],
    "sheepshead": [
        {"partner_mode": "jack_of_diamonds"},
        {"allow_unknown_call": True, "cracking": True, "blitzing": True, "double_on_the_bump": True},
        {"partner_mode": "none", "no_pick_rule": "doubler"},
    ],
}


def _best(fn: Callable[[], float], repeats: int) -> dict[str, float]:
    """Run ``fn`` (which returns a rate) ``repeats`` times: the best, and the spread in percent."""
    rates = [fn() for _ in range(repeats)]
    best = max(rates)
    spread = 100.0 * (best - min(rates)) / best if best else 0.0
    return {"best": best, "spread_pct": spread}


def random_hands(game: Any, seconds: float, seed: int = 1) -> tuple[float, float]:
    """Random full hands through the public API for about ``seconds``: (hands/s, actions/s).

    Nothing is timed inside the loop, as in `openspiel_figures`' Python loop, and the random
    choice is made the same way (``legal[rng.randrange(len(legal))]``)."""
    rng = random.Random(seed)
    hands = actions = 0
    perf = time.perf_counter
    start = perf()
    while perf() - start < seconds:
        state = game.start(hands % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            actions += 1
        game.outcome(state)
        hands += 1
    total = perf() - start
    return hands / total, actions / total


def positions(game: Any, hands: int, seed: int = 5) -> list[tuple[Any, Any, int]]:
    """(state, a random legal action, the seat to act) at every decision of ``hands`` random hands."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any, int]] = []
    for i in range(hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            out.append((state, action, seat))
            state = game.apply(state, action)
    return out


def call_rates(game: Any, seconds: float, repeats: int) -> dict[str, dict[str, float]]:
    """`legal_actions`, `apply` and `observe` (by the seat to act) calls per second, each in a loop
    of its own over the positions of 200 random hands."""
    where = positions(game, 200)
    states = [s for s, _, _ in where]
    moves = [(s, a) for s, a, _ in where]
    seen = [(s, seat) for s, _, seat in where]
    legal_actions, apply, observe = game.legal_actions, game.apply, game.observe

    def rate(body: Callable[[], None]) -> float:
        calls = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            body()
            calls += len(where)
        return calls / (time.perf_counter() - start)

    def legal() -> None:
        for s in states:
            legal_actions(s)

    def step() -> None:
        for s, a in moves:
            apply(s, a)

    def look() -> None:
        for s, seat in seen:
            observe(s, seat)

    return {
        "legal": _best(lambda: rate(legal), repeats),
        "apply": _best(lambda: rate(step), repeats),
        "observe": _best(lambda: rate(look), repeats),
    }


def rule_bot_hands(game: Any, seconds: float, seed: int = 1) -> float:
    """Full hands per second with the rule-based bot in every seat (one observe and one decision
    per move with a choice)."""
    bot = make_bot(game, "rule")
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.start(hands % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else bot.act(game.observe(state, seat), legal, rng)
            state = game.apply(state, action)
        game.outcome(state)
        hands += 1
    return hands / (time.perf_counter() - start)


def search_decisions(game: Any, level: str, decisions: int, seed: int = 2) -> dict[str, float]:
    """Decision times of ``search:level`` over random positions of random hands, and its playouts
    per second (from `hints`, which runs the same search and counts the playouts of each action,
    on every fourth of those positions)."""
    bot = make_bot(game, f"search:{level}")
    rng = random.Random(seed)
    times: list[float] = []
    playouts = 0
    playout_time = 0.0
    while len(times) < decisions:
        state = game.start(len(times) % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None and len(times) < decisions:
            legal = game.legal_actions(state)
            if len(legal) > 1 and rng.random() < 0.3:
                view = game.observe(state, seat)
                t0 = time.perf_counter()
                bot.act(view, legal, random.Random(len(times)))
                times.append(time.perf_counter() - t0)
                if len(times) % 4 == 1 and hasattr(bot, "hints"):
                    t0 = time.perf_counter()
                    hints = bot.hints(view, legal, random.Random(len(times)))
                    playout_time += time.perf_counter() - t0
                    playouts += sum(h.playouts for h in hints)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    times.sort()
    return {
        "p50": statistics.median(times),
        "p90": times[min(len(times) - 1, int(0.9 * len(times)))],
        "sims_per_s": playouts / playout_time if playout_time else 0.0,
    }


def fast_hands(name: str, options: dict[str, Any], seconds: float, whole: bool, seed: int = 1) -> float:
    """Random full hands per second on the fast layer of ``name``: stepped through ``moves`` and
    ``apply`` (the random choice made as in `random_hands`), or, with ``whole``, played out by
    its ``playout`` with the random policy; each hand dealt by the layer and scored."""
    game = registry.get_game(name, **options)
    if name == "smear":
        from cardtable.games.smear import fast as smear_fast

        rules = game.rules

        def deal_smear(n: int, rng: random.Random) -> Any:
            return smear_fast.deal(rules, n % 4, (0, 0), rng)

        deal, layer = deal_smear, smear_fast
    else:
        from cardtable.games.sheepshead import fast as sheepshead_fast

        def deal_sheepshead(n: int, rng: random.Random) -> Any:
            return sheepshead_fast.deal(game, n % 5, rng)

        deal, layer = deal_sheepshead, sheepshead_fast
    rng = random.Random(seed)
    policy = layer.RandomPolicy()
    playout = layer.playout
    hands = 0
    perf = time.perf_counter
    start = perf()
    if whole:
        while perf() - start < seconds:
            state = deal(hands, rng)
            playout(state, policy, rng)
            state.score()
            hands += 1
    else:
        while perf() - start < seconds:
            state = deal(hands, rng)
            while state.to_act >= 0:
                moves = state.moves()
                state.apply(moves[rng.randrange(len(moves))])
            state.score()
            hands += 1
    return hands / (perf() - start)


def fast_builds() -> dict[str, str]:
    """Whether each fast layer runs compiled (the opt-in mypyc build, setup.py) or pure Python."""
    import importlib

    out = {}
    for name in (*FAST_GAMES, "seep"):
        module = importlib.import_module(f"cardtable.games.{name}.fast")
        out[name] = "pure" if (module.__file__ or "").endswith(".py") else "compiled"
    return out


#: The games with a fast layer measured here.
FAST_GAMES = ("smear", "sheepshead")


def oh_hell(players: int) -> Any:
    """OpenSpiel's oh_hell in a shape of ours (32 cards, 6 tricks), or ``None`` without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(
        "oh_hell", {"players": players, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 6}
    )


def openspiel_python_loop(game: Any, seconds: float) -> float:
    """OpenSpiel games per second driven from Python, chance and random choices as ours."""
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


def interleaved(name: str, options: dict[str, Any], seconds: float, repeats: int) -> dict[str, Any] | None:
    """Rounds of OpenSpiel's Python loop in ``name``'s shape, then ours: the public API, and for a
    game with a fast layer its step API and its playout. Each figure's best and spread, and each
    of ours over OpenSpiel's: the best over the best, and the least, median and greatest of the
    rounds' own ratios."""
    spiel = oh_hell(SHAPES[name])
    if spiel is None:
        return None
    game = registry.get_game(name, **options)
    kinds = ["public"] + (["fast", "playout"] if name in FAST_GAMES else [])
    rounds: dict[str, list[float]] = {k: [] for k in ["openspiel_python", *kinds]}
    for _ in range(repeats):
        rounds["openspiel_python"].append(openspiel_python_loop(spiel, seconds))
        rounds["public"].append(random_hands(game, seconds)[0])
        if name in FAST_GAMES:
            rounds["fast"].append(fast_hands(name, options, seconds, whole=False))
            rounds["playout"].append(fast_hands(name, options, seconds, whole=True))
    out: dict[str, Any] = {"rounds": rounds, "hands_per_s": {}, "ratios": {}}
    theirs = max(rounds["openspiel_python"])
    for kind, rates in rounds.items():
        best = max(rates)
        out["hands_per_s"][kind] = {"best": best, "spread_pct": 100.0 * (best - min(rates)) / best}
        if kind != "openspiel_python":
            each = sorted(ours / them for ours, them in zip(rates, rounds["openspiel_python"], strict=True))
            out["ratios"][kind] = {
                "best": best / theirs,
                "round_min": each[0],
                "round_median": statistics.median(each),
                "round_max": each[-1],
            }
    return out


def seep_fast_figure(seconds: float, repeats: int) -> dict[str, float] | None:
    """Seep's fast layer: random hands a second through ``fast.playout``, measured by
    ``bench/seep_fast.py`` (``seep_fast_hands_per_s``: the median of rounds alternated with the
    public API, in CPU time, each round also checking the layer's scores against the engine's);
    the best of ``repeats`` such runs. ``None`` when that script is not beside this one."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().with_name("seep_fast.py")
    spec = importlib.util.spec_from_file_location("seep_fast", path)
    if spec is None or spec.loader is None or not path.exists():
        return None
    seep_fast = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(seep_fast)
    warmup = 100 if seconds < 1 else 500
    return _best(lambda: float(seep_fast.seep_fast_hands_per_s(seconds, warmup=warmup)), repeats)


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
            return openspiel_python_loop(game, seconds)

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


def _options(pairs: list[str]) -> dict[str, dict[str, Any]]:
    """``game:name=value`` pairs (values in JSON, else plain text) as options per game."""
    out: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        game, _, setting = pair.partition(":")
        name, eq, text = setting.partition("=")
        if not (game and name and eq):
            raise SystemExit(f"--option {pair!r}: expected game:name=value")
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = text
        out.setdefault(game, {})[name] = value
    return out


def measure_game(name: str, options: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of one game (see the module docstring)."""
    seconds, repeats = args.seconds, args.repeats
    game = registry.get_game(name, **options)
    runs = [random_hands(game, seconds) for _ in range(repeats)]
    hands = [r[0] for r in runs]
    calls = call_rates(game, seconds, repeats)
    row: dict[str, Any] = {
        "options": options,
        "games_per_s": max(hands),
        "games_per_s_spread_pct": 100.0 * (max(hands) - min(hands)) / max(hands),
        "actions_per_s": max(r[1] for r in runs),
        "legal_per_s": calls["legal"]["best"],
        "apply_per_s": calls["apply"]["best"],
        "observe_per_s": calls["observe"]["best"],
        "calls_spread_pct": {k: v["spread_pct"] for k, v in calls.items()},
        "decision_p50_s": {},
        "decision_p90_s": {},
        "sims_per_s": {},
    }
    if args.rule_bot:
        row["rule_bot_games_per_s"] = _best(lambda: rule_bot_hands(game, seconds), repeats)["best"]
    if args.variants:
        row["variants"] = {
            ",".join(f"{k}={v}" for k, v in variant.items()): _best(
                lambda variant=variant: random_hands(registry.get_game(name, **options, **variant), seconds)[0],
                repeats,
            )["best"]
            for variant in VARIANTS.get(name, [])
        }
    if not args.no_search:
        try:
            for level in ("easy", "medium", "hard"):
                d = search_decisions(game, level, args.decisions)
                row["decision_p50_s"][level] = d["p50"]
                row["decision_p90_s"][level] = d["p90"]
                row["sims_per_s"][level] = d["sims_per_s"]
        except ValueError as e:
            row["search"] = f"not measured: {e}"
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/run.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test of the script)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", default=",".join(registry.names()), help="games to measure")
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (default 3; quick 1)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="GAME:NAME=VALUE", help="a rule option (repeatable)"
    )
    parser.add_argument("--variants", action="store_true", help="also measure the house-rule sets of VARIANTS")
    parser.add_argument("--rule-bot", action="store_true", help="also measure hands with the rule bot in every seat")
    parser.add_argument("--no-search", action="store_true", help="skip the search bot's figures")
    args = parser.parse_args(argv)
    args.seconds = 0.3 if args.quick else 3.0
    args.repeats = args.repeats or (1 if args.quick else 3)
    args.decisions = 5 if args.quick else 40
    options = _options(args.option)

    games: dict[str, Any] = {}
    for name in [g.strip() for g in args.games.split(",") if g.strip()]:
        games[name] = measure_game(name, options.get(name, {}), args)

    if "seep" in games:
        seep_fast = seep_fast_figure(args.seconds, args.repeats)
        if seep_fast is not None:
            games["seep"]["fast_hands_per_s"] = seep_fast["best"]
            games["seep"]["fast_hands_per_s_spread_pct"] = seep_fast["spread_pct"]

    spiel = openspiel_figures(args.seconds, args.repeats)
    ratios: dict[str, float] = {}
    ratio_spreads: dict[str, dict[str, float]] = {}
    if spiel is not None:
        for shape in SHAPES:
            if shape in games:
                rounds = interleaved(shape, options.get(shape, {}), args.seconds, args.repeats)
                assert rounds is not None
                spiel[shape]["interleaved"] = rounds
                names = {"public": "vs", "fast": "fast_vs", "playout": "playout_vs"}
                for kind, r in rounds["ratios"].items():
                    key = f"{shape}_{names[kind]}_openspiel_python"
                    ratios[key] = r["best"]
                    ratio_spreads[key] = {k: r[k] for k in ("round_min", "round_median", "round_max")}
                for kind in ("fast", "playout"):
                    if kind in rounds["hands_per_s"]:
                        games[shape][f"{kind}_games_per_s"] = rounds["hands_per_s"][kind]["best"]
                        games[shape][f"{kind}_games_per_s_spread_pct"] = rounds["hands_per_s"][kind]["spread_pct"]
                ratios[f"{shape}_vs_openspiel_cpp"] = (
                    games[shape]["games_per_s"] / spiel[shape]["cpp_games_per_s"]["best"]
                )
    machine = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "system": platform.platform(),
        "fast_layers": fast_builds(),
        "seconds_per_figure": args.seconds,
        "repeats": args.repeats,
    }
    result = {
        "machine": machine,
        "games": games,
        "openspiel": spiel,
        "ratios": ratios,
        "ratio_spreads": ratio_spreads,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"machine: {machine['system']}, Python {machine['python']}, fast layers {machine['fast_layers']}")
    print(f"each figure: the best of {args.repeats} runs of {args.seconds}s")
    for name, row in games.items():
        rules = f" ({', '.join(f'{k}={v}' for k, v in row['options'].items())})" if row["options"] else ""
        print(
            f"{name:<11} {row['games_per_s']:>9.0f} hands/s (±{row['games_per_s_spread_pct']:.0f}%), "
            f"{row['actions_per_s']:>9.0f} actions/s{rules}"
        )
        print(
            f"{'':<11} legal_actions {row['legal_per_s']:>9.0f}/s  apply {row['apply_per_s']:>9.0f}/s  "
            f"observe {row['observe_per_s']:>9.0f}/s"
        )
        for kind in ("fast", "playout"):
            if f"{kind}_games_per_s" in row:
                what = "fast step API" if kind == "fast" else "fast playout"
                print(
                    f"{'':<11} {what}: {row[f'{kind}_games_per_s']:.0f} hands/s "
                    f"(±{row[f'{kind}_games_per_s_spread_pct']:.0f}%)"
                )
        if "fast_hands_per_s" in row:
            print(
                f"{'':<11} fast layer: {row['fast_hands_per_s']:.0f} hands/s "
                f"(±{row['fast_hands_per_s_spread_pct']:.0f}%)"
            )
        if "rule_bot_games_per_s" in row:
            print(f"{'':<11} rule bot in every seat: {row['rule_bot_games_per_s']:.0f} hands/s")
        for variant, rate in row.get("variants", {}).items():
            print(f"{'':<11} {variant}: {rate:.0f} hands/s")
        for level in row["decision_p50_s"]:
            print(
                f"{'':<11} search:{level:<7} decision p50 {row['decision_p50_s'][level]:.3f}s "
                f"p90 {row['decision_p90_s'][level]:.3f}s, {row['sims_per_s'][level]:.0f} playouts/s"
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
            spread = ratio_spreads.get(key)
            rounds = (
                f" (rounds: median {spread['round_median']:.2f}x, "
                f"{spread['round_min']:.2f}x-{spread['round_max']:.2f}x)"
                if spread
                else ""
            )
            print(f"{key}: {value:.2f}x{rounds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
