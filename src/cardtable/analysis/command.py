"""``cardtable analyze FILE``: the review of a record's decisions, as text or JSON.

The command line's parser and `main` add it with `add_parser` and `run`; a record that
``cardtable replay`` refuses is refused here by the same function (``fail``), with the same line
and exit status.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardtable import i18n
from cardtable.analysis import grades
from cardtable.analysis.review import DEFAULT_LEVEL, analyze_record, count_decisions
from cardtable.bots import LEVELS
from cardtable.bots.report import Thought, thought_line
from cardtable.core import CardtableError
from cardtable.progress import Progress
from cardtable.ray_cluster import load_ray
from cardtable.record import MALFORMED, OK, BadRecord, Record, ReplayStopped, read_records, report
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
        "card shown where the game's solver finishes; a summary per seat; for a file of several records, an "
        "overall summary per seat and per player; beside a bot program's move, what it weighed, where the record "
        "keeps it (docs/analysis.md).",
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
    p.add_argument("--quiet", action="store_true", help="no progress on standard error (shown on a terminal only)")
    p.add_argument(
        "--lang",
        help="the language the reasons are said in: en, de or hi (default: the terminal's locale, from LANGUAGE, "
        "LC_ALL or LANG); the rest of the lines and --json stay English",
    )


def _language(args: argparse.Namespace) -> str:
    """The language ``--lang`` names, else the terminal's locale's; a refusal for any other."""
    lang = getattr(args, "lang", None)
    said: str = i18n.language_of_environment(os.environ) if lang is None else str(lang)
    if said not in i18n.LANGUAGES:
        raise CardtableError(f"--lang: expected one of {', '.join(i18n.LANGUAGES)}, not {said[:20]!r}")
    return said


def run(args: argparse.Namespace, fail: Fail) -> int:
    """Analyse every record of the file; a malformed or illegal one is refused by ``fail``. A
    file of several records ends with an overall summary, per seat and per player (`overall`)."""
    if args.address is not None and args.backend != "ray":
        raise CardtableError("--address is for --backend ray only")
    lang = _language(args)
    if args.backend == "ray":
        load_ray()  # fail at once, before any work, if the extra is missing
    try:
        records = read_records(args.file)
    except BadRecord as e:
        return fail(args, MALFORMED, e.hand, None, None, e.reason)
    raw = _raw_records(args.file, len(records))
    worst = OK
    budget_end = time.monotonic() + args.budget if args.budget is not None else None
    many = len(records) > 1
    done: list[tuple[dict[str, Any], Record]] = []
    counts = [_decisions(record, args.seat) for record in records]
    which = [0]  # the record under analysis
    before = [0]  # decisions of the records before it
    shown = Progress(
        "decisions",
        sum(counts),
        terminal=False if args.quiet else None,
        detail=lambda: f"record {which[0] + 1} of {len(records)}" if many else "",
    )
    with shown:
        for r, record in enumerate(records):
            which[0] = r
            try:
                report(record)
            except BadRecord as e:
                shown.clear()
                worst = max(worst, fail(args, MALFORMED, e.hand, None, None, e.reason))
                continue
            except ReplayStopped as e:
                shown.clear()
                worst = max(worst, fail(args, 1, e.hand, e.action, e.text, e.reason))
                continue
            left = None if budget_end is None else max(0.0, budget_end - time.monotonic())
            out = analyze_record(
                record.to_json(),
                seats=args.seat,
                seconds=args.seconds,
                level=args.level,
                seed=args.seed or 0,
                budget=left,
                jobs=args.jobs,
                progress=lambda n, _total: shown.update(before[0] + n),
                backend=args.backend,
                address=args.address,
            )
            before[0] += counts[r]
            shown.clear()
            with i18n.speaking(lang):
                if not _show(args, out, record, raw[r] if r < len(raw) else {}, r, len(records), done):
                    break
    if many and done:
        total = overall(done)
        if args.json:
            print(json.dumps({"overall": total}))
        else:
            for line in overall_lines(total):
                print(line)
    return worst


def _decisions(record: Record, seats: Sequence[int] | None) -> int:
    """How many decisions of ``seats`` the record holds (0 for one that does not replay: it is
    refused when its turn comes)."""
    try:
        return sum(count_decisions(record, seats))
    except (CardtableError, ValueError):
        return 0


def _show(
    args: argparse.Namespace,
    out: dict[str, Any],
    record: Record,
    raw: dict[str, Any],
    r: int,
    records: int,
    done: list[tuple[dict[str, Any], Record]],
) -> bool:
    """Print one record's analysis and keep it for the overall summary; ``False`` when the budget
    ran out in it (nothing more is analysed)."""
    many = records > 1
    add_bot_info(out, raw)
    done.append((out, record))
    if args.json:
        print(json.dumps(out))
    else:
        if many:
            print(f"Record {r + 1} of {records}")
        for line in text_lines(out, record.players):
            print(line)
    if out["complete"]:
        return True
    stopped = [h["hand"] for h in out["hands"] if not h["complete"]]
    where = f", in hand {stopped[0] + 1}" if stopped else ""
    record_text = f" of record {r + 1} ({r} of {records} records done)" if many else ""
    print(
        f"cardtable analyze: {args.file}: the budget of {args.budget:g} s ran out after {out['analysed']} of "
        f"{out['decisions']} decisions{record_text}{where}",
        file=sys.stderr,
    )
    return False


def _raw_records(path: str, count: int) -> list[dict[str, Any]]:
    """The records of the file as JSON objects, with the optional fields a `Record` drops (a
    hand's ``info``); empty where the file cannot be read so (it was read once already)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        if path.lower().endswith(".jsonl"):
            found = [json.loads(line) for line in text.splitlines() if line.strip()]
        else:
            found = [json.loads(text)]
    except (OSError, ValueError, RecursionError):
        return []
    return [r for r in found if isinstance(r, dict)] if len(found) == count else []


def add_bot_info(out: dict[str, Any], record: dict[str, Any]) -> None:
    """Put beside each graded decision what the bot that made it weighed, where the record's hand
    says (its ``info``, docs/records.md): the decision's ``bot_info``."""
    found = record.get("hands")
    hands: list[Any] = found if isinstance(found, list) else []
    for hand in out["hands"]:
        h = hand["hand"]
        infos = hands[h].get("info") if h < len(hands) and isinstance(hands[h], dict) else None
        by_action = {i.get("action"): i for i in infos if isinstance(i, dict)} if isinstance(infos, list) else {}
        for d in hand["decisions"]:
            thought = Thought.from_json(by_action.get(d["index"]))
            if thought is not None:
                d["bot_info"] = thought.to_json()


def overall(done: list[tuple[dict[str, Any], Record]]) -> dict[str, Any]:
    """The summary of several records' analyses: per seat and per player (the records'
    ``players``, such as the bots of a ``sim``), decisions, hands, points lost in all and per hand,
    and accuracy."""
    by_seat: dict[str, list[dict[str, Any]]] = {}
    by_player: dict[str, list[dict[str, Any]]] = {}
    for r, (out, record) in enumerate(done):
        for hand in out["hands"]:
            for d in hand["decisions"]:
                mark = {**d, "hand": (r, d["hand"])}
                by_seat.setdefault(str(d["seat"]), []).append(mark)
                if record.players is not None:
                    by_player.setdefault(record.players[d["seat"]], []).append(mark)
    return {
        "records": len(done),
        "seats": {seat: _totals(ds) for seat, ds in sorted(by_seat.items(), key=lambda kv: int(kv[0]))},
        "players": {name: _totals(ds) for name, ds in sorted(by_player.items())},
    }


def _totals(decisions: list[dict[str, Any]]) -> dict[str, Any]:
    hands = {d["hand"] for d in decisions}
    lost = sum(d["loss"] for d in decisions)
    score = grades.accuracy(decisions)
    return {
        "decisions": len(decisions),
        "choices": sum(not d["forced"] for d in decisions),
        "hands": len(hands),
        "points_lost": round(lost, 4),
        "points_lost_per_hand": round(lost / len(hands), 4) if hands else None,
        "accuracy": None if score is None else round(score, 1),
    }


def overall_lines(total: dict[str, Any]) -> list[str]:
    """The overall summary of several records as lines of text."""
    lines = [f"Overall, {total['records']} records"]
    for title, rows in (("seat", total["seats"]), ("player", total["players"])):
        for key, t in rows.items():
            acc = "-" if t["accuracy"] is None else f"{t['accuracy']:.0f}%"
            per = "-" if t["points_lost_per_hand"] is None else f"{t['points_lost_per_hand']:.2f}"
            lines.append(
                f"  {title} {key}: {per} points lost a hand, accuracy {acc} ({t['decisions']} decisions, "
                f"{t['choices']} with a choice, {t['hands']} {'hand' if t['hands'] == 1 else 'hands'})"
            )
    return lines


def _value(v: float | None, interval: list[float] | None) -> str:
    if v is None:
        return ""
    shown = signed_value(v)
    return shown + (f" [{signed_value(interval[0])}, {signed_value(interval[1])}]" if interval else "")


def decision_line(d: dict[str, Any]) -> str:
    """One decision as a line: where, who, the move, its grade and values; the better move and
    why (in the language being spoken, `cardtable.i18n.speaking`, where the decision keeps its
    ``why_words``; else the English sentence); and what the bot that made it weighed, where the
    record says."""
    head = f"  action {d['index']}, seat {d['seat']}: {pretty_action(d['made'])}"
    thought = Thought.from_json(d.get("bot_info"))
    weighed = f"; {thought_line('it', thought, pretty_action)}" if thought is not None else ""
    if d["forced"]:
        return f"{head}: best (the only legal move){weighed}"
    made = _value(d["made_value"], d["made_interval"])
    if d["grade"] == "best":
        return f"{head}: best, {made}{weighed}"
    loss = _value(d["loss"], d["loss_interval"]).lstrip("+")
    best = f"{pretty_action(d['best'])} {_value(d['best_value'], d['best_interval'])}"
    reason = i18n.said_words(d.get("why_words"), d["why"])  # in the language spoken, where the words are kept
    why = f"{reason[:1].upper()}{reason[1:]}."
    after = f" {thought_line('It', thought, pretty_action)}" if thought is not None else ""
    return f"{head}: {d['grade']}, {made}; best {best}; lost {loss}. {why}{after}"


def text_lines(out: dict[str, Any], players: Sequence[str] | None = None) -> list[str]:
    """A record's analysis as lines of text: hands numbered from 1, seats with their players'
    names where the record has them."""

    def who(seat: int | str) -> str:
        name = players[int(seat)] if players is not None and int(seat) < len(players) else None
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    how = f"{out['seconds']:g} s a decision" if out["seconds"] is not None else f"level {out['level']}"
    lines = [
        f"{out['game']}: seats {', '.join(map(str, out['seats']))}; the search at {how}; values in points per hand "
        "(the seat's points minus the others' mean), with 95% intervals"
    ]
    for hand in out["hands"]:
        lines.append(f"Hand {hand['hand'] + 1}")
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
        count = ", ".join(f"{n} {g}" for g, n in s["grades"].items() if n)
        lines.append(
            f"  {who(seat)}: {s['decisions']} decisions ({s['choices']} with a choice), accuracy {acc}, "
            f"{s['points_lost']:.2f} points lost ({per} a hand); {count or 'none'}"
        )
        for d in s["largest"]:
            lines.append(
                f"    largest: hand {d['hand'] + 1} action {d['index']}, {pretty_action(d['made'])} for "
                f"{pretty_action(d['best'])}, {d['loss']:.2f} ({d['grade']})"
            )
    return lines
