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
from cardtable.i18n import N_, _, ngettext
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
        help=f"the search's level (default {DEFAULT_LEVEL}, or the game's own: Seep's and Sheepshead's is hard)",
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
        help="the language the review is said in: en, de or hi (default: the terminal's locale, from LANGUAGE, "
        "LC_ALL or LANG); --json stays English",
    )


def _language(args: argparse.Namespace) -> str:
    """The language ``--lang`` names, else the terminal's locale's; a refusal for any other."""
    lang = getattr(args, "lang", None)
    said: str = i18n.language_of_environment(os.environ) if lang is None else str(lang)
    if said not in i18n.LANGUAGES:
        known = ", ".join(i18n.LANGUAGES)
        raise CardtableError(
            i18n.phrase("--lang: expected one of {known}, not {said}", known=known, said=repr(said[:20]))
        )
    return said


def run(args: argparse.Namespace, fail: Fail) -> int:
    """Analyse every record of the file; a malformed or illegal one is refused by ``fail``. A
    file of several records ends with an overall summary, per seat and per player (`overall`)."""
    if args.address is not None and args.backend != "ray":
        raise CardtableError(i18n.phrase("--address is for --backend ray only"))
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
        N_("decisions"),
        sum(counts),
        terminal=False if args.quiet else None,
        detail=lambda: _("record {n} of {total}").format(n=which[0] + 1, total=len(records)) if many else "",
    )
    with i18n.speaking(lang), shown:
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
            print(_("Record {n} of {total}").format(n=r + 1, total=records))
        for line in text_lines(out, record.players):
            print(line)
    if out["complete"]:
        return True
    stopped = [h["hand"] for h in out["hands"] if not h["complete"]]
    parts = {
        "seconds": i18n.written(f"{args.budget:g}"),
        "done": out["analysed"],
        "total": out["decisions"],
        "record": r + 1,
        "records_done": r,
        "records": records,
        "hand": stopped[0] + 1 if stopped else 0,
    }
    if many and stopped:
        said = _(
            "the budget of {seconds} s ran out after {done} of {total} decisions of record {record} "
            "({records_done} of {records} records done), in hand {hand}"
        )
    elif many:
        said = _(
            "the budget of {seconds} s ran out after {done} of {total} decisions of record {record} "
            "({records_done} of {records} records done)"
        )
    elif stopped:
        said = _("the budget of {seconds} s ran out after {done} of {total} decisions, in hand {hand}")
    else:
        said = _("the budget of {seconds} s ran out after {done} of {total} decisions")
    print(f"cardtable analyze: {args.file}: {said.format(**parts)}", file=sys.stderr)
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


#: The grades, said (`grades.GRADES`'s names).
GRADE_WORDS = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}

#: The games' names, said outside English (in English, the name the record writes: ``smear``).
GAME_NAMES = {"smear": N_("Four-Point Smear"), "seep": N_("Seep"), "sheepshead": N_("Sheepshead")}


def _grade(grade: str) -> str:
    return _(GRADE_WORDS[grade]) if grade in GRADE_WORDS else grade


def _graded(counts: dict[str, int]) -> str:
    """How many decisions had each grade: ``3 best, 1 mistake``, each count as its language says it."""
    said = {
        "best": lambda n: ngettext("{n} best", "{n} best", n),
        "good": lambda n: ngettext("{n} good", "{n} good", n),
        "inaccuracy": lambda n: ngettext("{n} inaccuracy", "{n} inaccuracies", n),
        "mistake": lambda n: ngettext("{n} mistake", "{n} mistakes", n),
        "blunder": lambda n: ngettext("{n} blunder", "{n} blunders", n),
    }
    parts = [said[g](n).format(n=n) if g in said else f"{n} {g}" for g, n in counts.items() if n]
    return ", ".join(parts) or _("none")


def _percent(share: float | None) -> str:
    return "-" if share is None else _("{share}%").format(share=f"{share:.0f}")


def _fixed(value: float | None) -> str:
    return "-" if value is None else i18n.written(f"{value:.2f}")


def overall_lines(total: dict[str, Any]) -> list[str]:
    """The overall summary of several records as lines of text, in the language being spoken."""
    lines = [ngettext("Overall, {n} record", "Overall, {n} records", total["records"]).format(n=total["records"])]
    for title, rows in (("seat", total["seats"]), ("player", total["players"])):
        for key, t in rows.items():
            if title == "seat":
                said = _("seat {seat}: {per} points lost a hand, accuracy {accuracy} ({decisions}, {hands})")
            else:
                said = _("player {name}: {per} points lost a hand, accuracy {accuracy} ({decisions}, {hands})")
            decisions = ngettext(
                "{n} decision, {chosen} with a choice", "{n} decisions, {chosen} with a choice", t["decisions"]
            )
            lines.append(
                "  "
                + said.format(
                    seat=key,
                    name=key,
                    per=_fixed(t["points_lost_per_hand"]),
                    accuracy=_percent(t["accuracy"]),
                    decisions=decisions.format(n=t["decisions"], chosen=t["choices"]),
                    hands=ngettext("{n} hand", "{n} hands", t["hands"]).format(n=t["hands"]),
                )
            )
    return lines


def _value(v: float | None, interval: list[float] | None) -> str:
    if v is None:
        return ""
    shown = i18n.written(signed_value(v))
    if interval:
        shown += f" [{i18n.written(signed_value(interval[0]))}, {i18n.written(signed_value(interval[1]))}]"
    return shown


def decision_line(d: dict[str, Any]) -> str:
    """One decision as a line: where, who, the move, its grade and values; the better move and
    why; and what the bot that made it weighed, where the record says; all in the language being
    spoken (`cardtable.i18n.speaking`), the reason too where the decision keeps its
    ``why_words`` (else its English sentence), the moves as the record writes them."""
    where = {"index": d["index"], "seat": d["seat"], "move": pretty_action(d["made"])}
    thought = Thought.from_json(d.get("bot_info"))
    weighed = "; " + thought_line(_("it"), thought, pretty_action) if thought is not None else ""
    if d["forced"]:
        return "  " + _("action {index}, seat {seat}: {move}: best (the only legal move)").format(**where) + weighed
    made = _value(d["made_value"], d["made_interval"])
    if d["grade"] == "best":
        return "  " + _("action {index}, seat {seat}: {move}: best, {value}").format(**where, value=made) + weighed
    loss = _value(d["loss"], d["loss_interval"]).lstrip("+")
    best = f"{pretty_action(d['best'])} {_value(d['best_value'], d['best_interval'])}"
    reason = i18n.said_words(d.get("why_words"), d["why"])  # in the language spoken, where the words are kept
    why = _("{reason}.").format(reason=f"{reason[:1].upper()}{reason[1:]}")
    after = " " + thought_line(_("It"), thought, pretty_action) if thought is not None else ""
    said = _("action {index}, seat {seat}: {move}: {grade}, {value}; best {best}; lost {loss}.")
    return "  " + said.format(**where, grade=_grade(d["grade"]), value=made, best=best, loss=loss) + f" {why}{after}"


def text_lines(out: dict[str, Any], players: Sequence[str] | None = None) -> list[str]:
    """A record's analysis as lines of text, in the language being spoken: hands numbered from
    1, seats with their players' names where the record has them."""

    def who(seat: int | str) -> str:
        name = players[int(seat)] if players is not None and int(seat) < len(players) else None
        return _("seat {seat} ({name})").format(seat=seat, name=name) if name else _("seat {seat}").format(seat=seat)

    if out["seconds"] is not None:
        how = _("{seconds} s a decision").format(seconds=i18n.written(f"{out['seconds']:g}"))
    else:
        how = _("level {level}").format(level=out["level"])
    game = out["game"] if i18n.current() == "en" or out["game"] not in GAME_NAMES else _(GAME_NAMES[out["game"]])
    head = _(
        "{game}: seats {seats}; the search at {how}; values in points per hand "
        "(the seat's points minus the others' mean), with {share} intervals"
    )
    lines = [head.format(game=game, seats=", ".join(map(str, out["seats"])), how=how, share="95%")]
    for hand in out["hands"]:
        lines.append(_("Hand {n}").format(n=hand["hand"] + 1))
        lines += [decision_line(d) for d in hand["decisions"]]
        for seat, o in (hand.get("open_card") or {}).items():
            if o["value"] is not None:
                value = i18n.written(signed_value(o["value"]))
                if o["whole"]:
                    said = _("With every card shown, the hand was worth {value} to seat {seat}.")
                else:
                    said = _("With every card shown, the hand was worth {value} to seat {seat} from action {n} on.")
                lines.append("  " + said.format(value=value, seat=seat, n=o["from"]))
            else:
                reason = i18n.said_words(o.get("reason_words"), o["reason"])
                lines.append(
                    "  " + _("With every card shown: {reason} (seat {seat}).").format(reason=reason, seat=seat)
                )
    lines.append(_("Summary"))
    for seat, s in out["summary"].items():
        counts = ngettext(
            "{n} decision ({chosen} with a choice)", "{n} decisions ({chosen} with a choice)", s["decisions"]
        )
        said = _("{who}: {decisions}, accuracy {accuracy}, {lost} points lost ({per} a hand); {grades}")
        lines.append(
            "  "
            + said.format(
                who=who(seat),
                decisions=counts.format(n=s["decisions"], chosen=s["choices"]),
                accuracy=_percent(s["accuracy"]),
                lost=_fixed(s["points_lost"]),
                per=_fixed(s["points_lost_per_hand"]),
                grades=_graded(s["grades"]),
            )
        )
        for d in s["largest"]:
            said = _("largest: hand {hand} action {index}, {made} for {best}, {loss} ({grade})")
            lines.append(
                "    "
                + said.format(
                    hand=d["hand"] + 1,
                    index=d["index"],
                    made=pretty_action(d["made"]),
                    best=pretty_action(d["best"]),
                    loss=_fixed(d["loss"]),
                    grade=_grade(d["grade"]),
                )
            )
    return lines
