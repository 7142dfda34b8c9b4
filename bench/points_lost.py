"""Bots as students: each bot's points lost per hand against a longer search, from `sim` records.

Every decision of every seat in the records is analysed as ``cardtable analyze`` analyses it
(`cardtable.analysis.analyze_record`, without the open-card values), at ``--level`` (default
``hard``) or ``--seconds`` a decision, and the seats' losses are gathered by the bot the record's
``players`` names at each seat. Per bot: the hands, the decisions with a choice, the points lost
per hand with a 95% confidence interval over hands, and the accuracy (docs/analysis.md). The
measure needs no opponent: it says how far a bot's own choices fall short of the analysing search.

    PYTHONPATH=src python bench/points_lost.py FILE.jsonl [FILE ...] [--level hard] [--seconds T]
        [--records N] [--jobs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from cardtable.analysis import analyze_record
from cardtable.record import read_records


def gather(paths: list[str], level: str, seconds: float | None, records: int | None, jobs: int) -> list[dict[str, Any]]:
    """Per game and bot: hands, choices, points lost per hand (mean, 95% interval), accuracy."""
    losses: dict[tuple[str, str], list[float]] = defaultdict(list)
    graded: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for path in paths:
        for n, record in enumerate(read_records(path)):
            if records is not None and n >= records:
                break
            players = record.players or ()
            out = analyze_record(record.to_json(), level=level, seconds=seconds, jobs=jobs, open_card=False)
            for seat_text, s in out["summary"].items():
                name = players[int(seat_text)] if players else f"seat {seat_text}"
                key = (out["game"], name)
                per_hand: dict[int, float] = defaultdict(float)
                for hand in out["hands"]:
                    for d in hand["decisions"]:
                        if d["seat"] == int(seat_text):
                            per_hand[d["hand"]] += d["loss"]
                losses[key] += list(per_hand.values())
                graded[key][0] += s["choices"]
                graded[key][1] += s["grades"]["best"] + s["grades"]["good"] - (s["decisions"] - s["choices"])
            print(f"\r{path}: {n + 1} records", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    rows = []
    for (game, bot), values in sorted(losses.items()):
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
        choices, accurate = graded[(game, bot)]
        rows.append(
            {
                "game": game,
                "bot": bot,
                "hands": len(values),
                "choices": choices,
                "points_lost_per_hand": round(mean, 3),
                "interval": [round(mean - half, 3), round(mean + half, 3)],
                "accuracy": round(100 * accurate / choices, 1) if choices else None,
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--records", type=int, default=None, help="at most this many records of each file")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    began = time.monotonic()
    rows = gather(args.files, args.level, args.seconds, args.records, args.jobs)
    if args.json:
        print(json.dumps({"level": args.level, "seconds": args.seconds, "rows": rows}))
        return
    how = f"{args.seconds} s a decision" if args.seconds else f"level {args.level}"
    print(f"analysed by the search at {how} in {time.monotonic() - began:.0f} s")
    for r in rows:
        low, high = r["interval"]
        print(
            f"{r['game']:<11} {r['bot']:<14} {r['hands']:>4} hands {r['choices']:>5} choices  "
            f"{r['points_lost_per_hand']:.3f} lost a hand [{low:.3f}, {high:.3f}]  accuracy {r['accuracy']}%"
        )


if __name__ == "__main__":
    main()
