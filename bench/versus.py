"""The search against the classic search, on duplicate deals: the evidence in ``docs/bots.md``.

    python bench/versus.py [--seconds T] [--deals game=N ...] [--minutes M] [--jobs K]
                           [--games seep,smear,sheepshead] [--seed S] [--equal-work] [--write docs/bots.md]

For each game it plays ``search:hard@T`` against ``search:classic:hard@T`` (the same time limit
per move, ``--seconds``, default 0.3) on the same seeded deals, each deal once per seating
arrangement; with ``--equal-work``, where the search weighs the worlds by the others' plays, also
``search:easy`` against ``search:classic:easy``: the same work budget and no time limit, so that
row measures the weighted worlds alone and reproduces exactly. Each row gives the deals played,
the mean difference per hand with its 95% confidence interval (over deals) and each side's
decision time per move on this machine; a claim stands only where the interval's lower bound is
above zero.

A game plays ``--deals game=N`` deals per pairing when given, else deals in batches until its
share of ``--minutes`` is spent (deals numbered from 0, so ``cardtable sim`` with the same seed
and deal count replays a row; with a time limit the choices also depend on the machine's load,
so such a row reproduces only in distribution).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from strength import pairing_row  # bench/strength.py, beside this script

from cardtable import registry
from cardtable.bots import search

#: Each game's share of ``--minutes``: Seep's differences show in a few dozen deals.
GAME_SHARES = {"sheepshead": 0.45, "smear": 0.4, "seep": 0.15}


def pairings(game: str, seconds: float, equal_work: bool) -> list[tuple[str, str]]:
    """The pairings measured for ``game``: equal time always; with ``equal_work``, also the two
    at the easy level without a time limit where the search weighs the worlds by the plays."""
    out = [(f"search:hard@{seconds:g}", f"search:classic:hard@{seconds:g}")]
    if equal_work and search.SearchBot(registry.get_game(game), "easy").infer:
        out.append(("search:easy", "search:classic:easy"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/versus.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.3, help="time limit per move (default 0.3)")
    parser.add_argument("--deals", action="append", default=[], metavar="GAME=N", help="deals per pairing")
    parser.add_argument("--minutes", type=float, default=30.0, help="time shared by games without --deals")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals (default 2026)")
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--write", metavar="FILE", help="write the table into this markdown file")
    parser.add_argument("--equal-work", action="store_true", help="also the equal-work pairing (see above)")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    fixed = {g: int(n) for g, _, n in (d.partition("=") for d in args.deals)}
    timed = [g for g in games if g not in fixed]
    total = sum(GAME_SHARES.get(g, 1 / 3) for g in timed) or 1.0
    command = " ".join(["python bench/versus.py", *sys.argv[1:]]) if argv is None else "python bench/versus.py"
    lines = [
        f"Measured with `{command}` on {platform.platform()}, Python {platform.python_version()}, "
        f"{args.jobs} worker process(es), started {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
        "| game | pairing | deals | mean difference per hand | 95% CI | shown better | "
        "ms per decision (first / second) | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    pool: Any = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for game in games:
            pairs = pairings(game, args.seconds, args.equal_work)
            for strong, weak in pairs:
                if game in fixed:
                    row = pairing_row(game, strong, weak, args.seed, None, fixed[game], args.jobs, pool)
                else:
                    share = 60.0 * args.minutes * GAME_SHARES.get(game, 1 / 3) / total / len(pairs)
                    row = pairing_row(game, strong, weak, args.seed, share, 100_000, args.jobs, pool)
                lines.append(f"| {game} {row}")
                print(lines[-1], file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    text = "\n".join(lines) + "\n"
    if args.write:
        path = Path(args.write)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        start_mark, end_mark = "<!-- versus:start -->", "<!-- versus:end -->"
        if start_mark not in old or end_mark not in old:
            print(f"{path} has no {start_mark} … {end_mark} block to replace", file=sys.stderr)
            return 2
        text = old[: old.index(start_mark) + len(start_mark)] + "\n" + text + old[old.index(end_mark) :]
        path.write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
