"""``cardtable analyze FILE``: the review of a record's decisions, as text or JSON.

The command line's parser and `main` add it with `add_parser` and `run`; a record that
``cardtable replay`` refuses is refused here by the same function (``fail``), with the same line
and exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from cardtable import sim_ray
from cardtable.analysis.review import DEFAULT_LEVEL, analyze_record
from cardtable.bots import LEVELS
from cardtable.core import CardtableError
from cardtable.record import MALFORMED, OK, BadRecord, ReplayStopped, read_records, report
from cardtable.render import signed_value
from cardtable.strict import excerpt, is_number_text
from cardtable.table import pretty_action

#: ``fail(args, status, hand, action, text, reason)``: the replay command's refusal.
Fail = Callable[[argparse.Namespace, int, "int | None", "int | None", "str | None", str], int]


def _seats(text: str) -> list[int]:
    seats = []
    for part in text.split(","):
        if not is_number_text(part.strip()):
            raise argparse.ArgumentTypeError(f"invalid seat: {excerpt(part)} (a seat number, or several with commas)")
        seats.append(int(part))
    return seats


def add_parser(
    sub: Any, seconds: Callable[[str], float], count: Callable[[str], int], number: Callable[[str], int]
) -> None:
    """Add ``analyze`` to the command line's subcommands (``seconds``, ``count`` and ``number``
    read a time above 0, a whole number of 1 or more, and any whole number)."""
    p = sub.add_parser(
        "analyze",
        help="grade every decision of a record by the search, from what each seat could see",
        description="For every decision of the chosen seats in every hand of a record: the value of the move made "
        "and of the search's best move from that seat's information only, with 95% intervals, the loss in the "
        "game's points, a grade (best, good, inaccuracy, mistake, blunder) and why; each hand's value with every "
        "card shown where the game's solver finishes; a summary per seat (docs/analysis.md).",
        epilog="exit status: 0 ok, 1 an illegal action in the record, 2 a malformed record or bad input, "
        "3 an internal error to report, 130 interrupted",
    )
    p.add_argument("file")
    p.add_argument(
        "--seat", type=_seats, default=None, help="the seats whose decisions to grade (default all), e.g. 0,2"
    )
    p.add_argument(
        "--seconds",
        type=seconds,
        default=None,
        help="the search's time per decision (default: its work budget at --level, which repeats exactly)",
    )
    p.add_argument(
        "--level",
        choices=list(LEVELS),
        default=None,
        help=f"the search's level (default {DEFAULT_LEVEL}, or the game's own: Seep's is hard)",
    )
    p.add_argument(
        "--budget",
        type=seconds,
        default=None,
        help="the most seconds for the whole analysis: past it, "
        "what was done is shown and the command says how far it got",
    )
    p.add_argument("--jobs", type=count, default=1, help="worker processes, one hand each at a time (default 1)")
    p.add_argument(
        "--backend",
        choices=["process", "ray"],
        default="process",
        help="where to analyse: process, local processes (default); ray, a Ray cluster, one task a hand "
        "(needs pip install 'cardtable[ray]'); the analysis is the same",
    )
    p.add_argument(
        "--address", help="with --backend ray: the cluster to connect to (default: start a local Ray instance)"
    )
    p.add_argument("--seed", type=number, default=None, help="seed of the search's random numbers (default 0)")
    p.add_argument("--json", action="store_true", help="print each record's analysis as one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")


def run(args: argparse.Namespace, fail: Fail) -> int:
    """Analyse every record of the file; a malformed or illegal one is refused by ``fail``."""
    if args.address is not None and args.backend != "ray":
        raise CardtableError("--address is for --backend ray only")
    if args.backend == "ray":
        sim_ray.load_ray()  # fail at once, before any work, if the extra is missing
    try:
        records = read_records(args.file)
    except BadRecord as e:
        return fail(args, MALFORMED, e.hand, None, None, e.reason)
    worst = OK
    budget_end = time.monotonic() + args.budget if args.budget is not None else None
    for r, record in enumerate(records):
        try:
            report(record)
        except BadRecord as e:
            worst = max(worst, fail(args, MALFORMED, e.hand, None, None, e.reason))
            continue
        except ReplayStopped as e:
            worst = max(worst, fail(args, 1, e.hand, e.action, e.text, e.reason))
            continue
        left = None if budget_end is None else max(0.0, budget_end - time.monotonic())
        started = time.monotonic()

        def progress(done: int, total: int, started: float = started) -> None:
            if not args.quiet:
                rate = done / max(time.monotonic() - started, 1e-9)
                print(f"\ranalysed {done}/{total} decisions ({rate:.1f}/s)", end="", file=sys.stderr, flush=True)

        out = analyze_record(
            record.to_json(),
            seats=args.seat,
            seconds=args.seconds,
            level=args.level,
            seed=args.seed or 0,
            budget=left,
            jobs=args.jobs,
            progress=progress,
            backend=args.backend,
            address=args.address,
        )
        if not args.quiet:
            print(file=sys.stderr)
        if args.json:
            print(json.dumps(out))
        else:
            if len(records) > 1:
                print(f"Record {r}")
            for line in text_lines(out):
                print(line)
        if not out["complete"]:
            stopped = [h["hand"] for h in out["hands"] if not h["complete"]]
            where = f", in hand {stopped[0]}" if stopped else ""
            record_text = f" of record {r} ({r} of {len(records)} records done)" if len(records) > 1 else ""
            print(
                f"cardtable analyze: {args.file}: the budget of {args.budget:g} s ran out after {out['analysed']} of "
                f"{out['decisions']} decisions{record_text}{where}",
                file=sys.stderr,
            )
            break
    return worst


def _value(v: float | None, interval: list[float] | None) -> str:
    if v is None:
        return ""
    shown = signed_value(v)
    return shown + (f" [{signed_value(interval[0])}, {signed_value(interval[1])}]" if interval else "")


def decision_line(d: dict[str, Any]) -> str:
    """One decision as a line: where, who, the move, its grade and values; the better move and why."""
    head = f"  action {d['index']}, seat {d['seat']}: {pretty_action(d['made'])}"
    if d["forced"]:
        return f"{head}: best (the only legal move)"
    made = _value(d["made_value"], d["made_interval"])
    if d["grade"] == "best":
        return f"{head}: best, {made}"
    loss = _value(d["loss"], d["loss_interval"]).lstrip("+")
    best = f"{pretty_action(d['best'])} {_value(d['best_value'], d['best_interval'])}"
    return f"{head}: {d['grade']}, {made}; best {best}; lost {loss}. {d['why'][:1].upper()}{d['why'][1:]}."


def text_lines(out: dict[str, Any]) -> list[str]:
    """A record's analysis as lines of text."""
    how = f"{out['seconds']:g} s a decision" if out["seconds"] is not None else f"level {out['level']}"
    lines = [
        f"{out['game']}: seats {', '.join(map(str, out['seats']))}; the search at {how}; values in points per hand "
        "(the seat's points minus the others' mean), with 95% intervals"
    ]
    for hand in out["hands"]:
        lines.append(f"Hand {hand['hand']}")
        lines += [decision_line(d) for d in hand["decisions"]]
        for seat, o in (hand.get("open_card") or {}).items():
            if o["value"] is not None:
                since = "" if o["whole"] else f" from action {o['from']} on"
                lines.append(
                    f"  With every card shown, the hand was worth {signed_value(o['value'])} to seat {seat}{since}."
                )
            else:
                lines.append(f"  With every card shown: {o['reason']} (seat {seat}).")
    lines.append("Summary")
    for seat, s in out["summary"].items():
        acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.0f}%"
        per = "-" if s["points_lost_per_hand"] is None else f"{s['points_lost_per_hand']:.2f}"
        grades = ", ".join(f"{n} {g}" for g, n in s["grades"].items() if n)
        lines.append(
            f"  seat {seat}: {s['decisions']} decisions ({s['choices']} with a choice), accuracy {acc}, "
            f"{s['points_lost']:.2f} points lost ({per} a hand); {grades or 'none'}"
        )
        for d in s["largest"]:
            lines.append(
                f"    largest: hand {d['hand']} action {d['index']}, {pretty_action(d['made'])} for "
                f"{pretty_action(d['best'])}, {d['loss']:.2f} ({d['grade']})"
            )
    return lines
