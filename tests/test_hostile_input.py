"""Hostile input: every record, file, option and keystroke gets a one-line refusal or an exact
replay, never a traceback, a hang or a false acceptance (record contract §1, §2, §5, §7).

The targeted cases are the faults found before, one test each; the fuzz run mutates valid records
of every game (see ``tests/fuzzing.py``; the long run is ``bench/fuzz_records.py``).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import signal
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import cli, sim
from cardtable.core import BadNotation
from cardtable.plain import run_plain
from cardtable.record import BadRecord, Record, read_records, replay_record
from cardtable.strict import MAX_DEPTH, excerpt, loads, read_int, read_seat
from cardtable.table import make_table
from tests import fuzzing

SEEDS = fuzzing.seeds()
TARGETED = fuzzing.targeted()


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Fail a case that takes longer than ``seconds`` (a hang), where the platform has timers."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"a case ran over {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _main(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(argv))
    return status, out.getvalue(), err.getvalue()


# ------------------------------------------------------------------ the strict reader (§1, §6)


@pytest.mark.parametrize("text", ["²", "¹²", "١", "٣", "０", "1_0", " 1", "1 ", "+1", "01", "", "1" * 13, "9" * 5000])
def test_numbers_are_ascii_digits_of_bounded_length(text: str) -> None:
    with pytest.raises(BadNotation) as e:
        read_int(text, "bid", 0, 10**12)
    assert len(str(e.value)) < 120


def test_seats_have_no_leading_zero_and_stay_in_range() -> None:
    assert read_seat("0", 4) == 0 and read_seat("3", 4) == 3
    for text in ("03", "4", "-1", "١"):
        with pytest.raises(BadNotation):
            read_seat(text, 4)


def test_an_excerpt_is_short_and_one_line() -> None:
    assert len(excerpt("x\n" * 10**6)) < 120 and "\n" not in excerpt("x\n" * 10**6)
    assert len(excerpt(10**4000)) < 60


def test_json_is_read_without_recursion_at_any_depth() -> None:
    for depth in (MAX_DEPTH + 1, 1000, 200_000):
        with pytest.raises(BadNotation, match="deep"):
            loads("[" * depth + "]" * depth)
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_a_deep_value_given_as_python_data_is_refused() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    status, rep = replay_record({"format": "cardtable-record/1", "game": "smear", "players": deep, "hands": []})
    assert status == 2 and "deep" in rep["error"]["reason"]


# ------------------------------------------------------------------ the targeted cases (issue list)


@pytest.mark.parametrize(("name", "text", "status"), TARGETED, ids=[t[0] for t in TARGETED])
def test_targeted_case_is_refused_in_one_line(name: str, text: str, status: int, tmp_path: Path) -> None:
    outcome = fuzzing.run_case(text, tmp_path)
    assert (outcome.status, outcome.verdict) == (status, "refused"), outcome.detail
    assert len(outcome.detail) < 500


def test_rules_preset_is_an_unknown_option_not_a_preset() -> None:
    """§2: rules hold options by name; get_game's own parameters are not options."""
    rec = copy.deepcopy(next(r for r in SEEDS if r["game"] == "smear"))
    rec["rules"] = {"preset": next(iter(__import__("cardtable.registry").registry.presets("smear")))}
    status, rep = replay_record(rec)
    assert status == 2 and "unknown smear option 'preset'" in rep["error"]["reason"]


def test_compound_doublers_up_to_the_cap_replay_and_print() -> None:
    """R42 with doubler_stacking compound: 64 pending doublers (the cap) multiply by 2^64, and
    the report is printable; 65 is refused."""
    rec = copy.deepcopy(next(r for r in SEEDS if r["game"] == "sheepshead" and "deal" in r["hands"][0]))
    rec["rules"] = {"no_pick_rule": "doubler", "doubler_stacking": "compound"}
    rec["hands"] = rec["hands"][:1]
    rec["match"] = {"scores": [0] * 5, "pending_doublers": 64}
    status, rep = replay_record(rec)
    assert status in (0, 1), rep
    json.dumps(rep)
    rec["match"]["pending_doublers"] = 65
    assert replay_record(rec)[0] == 2


def test_the_pending_doublers_a_match_reaches_stop_at_the_cap() -> None:
    from cardtable.games.sheepshead.rules import SheepsheadRules
    from cardtable.games.sheepshead.scoring import MAX_PENDING_DOUBLERS, pending_after

    rules = SheepsheadRules(no_pick_rule="doubler", doubler_stacking="compound")

    class Setup:
        picker, passes, pending = -1, 5, MAX_PENDING_DOUBLERS

    assert pending_after(rules, Setup()) == MAX_PENDING_DOUBLERS  # type: ignore[arg-type]


def _picker_cards(pos: dict[str, Any]) -> set[str]:
    """The picker's eight cards in a Sheepshead position: in hand, buried, and played to tricks."""
    picker = pos["picker"]
    cards = set(pos["hands"][picker]) | set(pos["bury"])
    for trick in [*pos["tricks"], pos["trick"]]:
        k = (picker - trick["leader"]) % 5
        if k < len(trick["cards"]):
            cards.add(trick["cards"][k])
    return cards


@pytest.mark.parametrize("colour", ["black", "red"])
def test_a_blitz_claim_is_checked_against_the_pickers_cards(colour: str) -> None:
    """R45: a blitz shows both queens of a colour, so a position may claim one only when the
    picker's eight cards hold them (a false claim would double the score)."""
    queens = {"black": {"QC", "QS"}, "red": {"QH", "QD"}}[colour]
    checked = {True: 0, False: 0}
    for rec in SEEDS:
        if rec["game"] != "sheepshead" or "position" not in rec["hands"][0]:
            continue
        pos = rec["hands"][0]["position"]
        if pos["picker"] is None or pos["blitz"]:
            continue
        rec = copy.deepcopy(rec)
        rec["rules"] = {**rec.get("rules", {}), "blitzing": True}
        rec["hands"][0]["position"]["blitz"] = [colour]
        holds = queens <= _picker_cards(pos)
        status, rep = replay_record(rec)
        assert (status == 0) == holds, rep
        checked[holds] += 1
    assert checked[False] > 0


def test_a_hand_nobody_picked_has_no_call_blitz_or_crack() -> None:
    """R41: a leaster position refuses the picker's words instead of ignoring them."""
    pos = next(r for r in SEEDS if r["game"] == "sheepshead" and "position" in r["hands"][0])["hands"][0]["position"]
    nobody = {"picker": None, "bury": [], "blind": pos["bury"], "call": None, "unknown": None, "blitz": []}
    base = {**pos, **nobody, "cracks": 0, "cracker": None}
    for key, value in (("call", "AH"), ("blitz", ["black"]), ("cracks", 1), ("cracker", 2), ("unknown", "7C")):
        leaster = {
            "format": "cardtable-record/1",
            "game": "sheepshead",
            "hands": [{"position": {**base, key: value}, "actions": []}],
        }
        status, rep = replay_record(leaster)
        assert status == 2 and f"position.{key}: a hand nobody picked" in rep["error"]["reason"]


# ------------------------------------------------------------------ files (§2)


def _smear_record() -> dict[str, Any]:
    return copy.deepcopy(next(r for r in SEEDS if r["game"] == "smear" and "deal" in r["hands"][0]))


def test_jsonl_lines_end_at_newline_only(tmp_path: Path) -> None:
    rec = _smear_record()
    rec["players"] = ["A\u2028B", "C\u0085D", "E\x1cF", "G"]
    path = tmp_path / "m.JSONL"
    path.write_text(json.dumps(rec, ensure_ascii=False) + "\r\n" + json.dumps(_smear_record()) + "\n", encoding="utf-8")
    records = read_records(path)
    assert len(records) == 2 and records[0].players == ("A\u2028B", "C\u0085D", "E\x1cF", "G")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_smear_record()).encode())
    assert isinstance(read_records(path)[0], Record)


def test_an_error_in_a_jsonl_file_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(_smear_record()) + "\n\n{not json\n", encoding="utf-8")
    with pytest.raises(BadRecord, match="line 3"):
        read_records(path)


def test_a_fifo_a_directory_and_a_device_are_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done: list[int] = []
    worker = threading.Thread(target=lambda: done.append(_main("replay", str(fifo))[0]), daemon=True)
    worker.start()
    worker.join(20)
    assert done == [2]
    for path in (str(tmp_path), "/dev/zero"):
        status, _, err = _main("replay", path)
        assert status == 2 and err.count("\n") == 1


# ------------------------------------------------------------------ the command (§7)


def test_an_unexpected_error_is_one_line_with_status_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def broken(record: Any, game: Any = None) -> Any:
        raise RuntimeError("a bug\nwith two lines")

    monkeypatch.setattr(cli, "report", broken)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(_smear_record()))
    status, _, err = _main("replay", str(path))
    assert status == 3
    assert err.count("\n") == 1 and err.startswith("cardtable replay: internal error: please report: RuntimeError")


def test_ctrl_c_is_one_line_with_status_130(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def interrupted(record: Any, game: Any = None) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "report", interrupted)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(_smear_record()))
    status, _, err = _main("replay", str(path))
    assert (status, err) == (130, "cardtable replay: interrupted\n")


def test_a_sim_interrupted_keeps_the_deals_it_finished(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = sim.play_deal

    def play(job: Any, deal: int) -> Any:
        if deal == 50:
            raise KeyboardInterrupt
        return real(job, deal)

    monkeypatch.setattr(sim, "play_deal", play)
    out = tmp_path / "sim.jsonl"
    status, stdout, err = _main(
        "sim", "smear", "--bots", "random", "--deals", "200", "--records", str(out), "--json", "--quiet"
    )
    assert status == 130 and "interrupted after 50 of 200 deals" in err
    assert json.loads(stdout)["deals"] == 50
    lines = out.read_text().splitlines()
    assert lines and all(replay_record(json.loads(line))[0] == 0 for line in lines)


def test_output_files_are_not_replaced_without_force(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    out.write_text("keep me\n")
    status, _, err = _main("sim", "smear", "--bots", "random", "--deals", "2", "--records", str(out), "--quiet")
    assert status == 2 and "--force" in err and out.read_text() == "keep me\n"
    status, _, _ = _main(
        "sim", "smear", "--bots", "random", "--deals", "2", "--records", str(out), "--quiet", "--force"
    )
    assert status == 0 and out.read_text() != "keep me\n"
    rec = tmp_path / "match.json"
    rec.write_text("keep me\n")
    status, _, err = _main("watch", "smear", "--record", str(rec))
    assert status == 2 and "--force" in err and rec.read_text() == "keep me\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_symlinks_and_unwritable_folders_are_refused_before_the_work(tmp_path: Path) -> None:
    target = tmp_path / "target.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    status, out, err = _main("sim", "smear", "--bots", "random", "--deals", "2", "--records", str(link), "--force")
    assert status == 2 and "symbolic link" in err and not target.exists() and out == ""
    status, out, err = _main("watch", "smear", "--record", str(tmp_path / "no" / "such" / "m.json"))
    assert status == 2 and "does not exist" in err and out == ""


def test_a_rule_value_of_thousands_of_digits_is_refused(tmp_path: Path) -> None:
    status, _, err = _main("watch", "smear", "--rule", "target_score=" + "9" * 5000)
    assert status == 2 and err.count("\n") == 1 and len(err) < 400


def test_a_long_refusal_is_one_line_of_300_characters_cut_with_an_ellipsis(tmp_path: Path) -> None:
    """A refusal that would run long (an unknown option lists every known one; a file's long name)
    is cut, all of it, to `cli.MAX_REFUSAL` characters ending in an ellipsis."""
    record = next(r for r in SEEDS if r["game"] == "sheepshead")
    path = tmp_path / ("a-long-name-" * 20 + ".json")
    path.write_text(json.dumps({**record, "rules": {"no_such_option": True}}))
    status, out, err = _main("replay", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1, err
    line = err.rstrip("\n")
    assert len(line) == cli.MAX_REFUSAL == 300 and line.endswith("…"), line
    assert line.startswith("cardtable replay: ")


def test_plain_mode_reads_a_number_only_from_ascii_digits() -> None:
    table = make_table("smear", None, {}, 0, "random", 1)
    out = io.StringIO()
    assert run_plain(table, io.StringIO("²\n١\n" + "9" * 5000 + "\nquit\n"), out) == 0
    assert out.getvalue().count("Refused") == 3


# ------------------------------------------------------------------ the fuzz run (short profile)


@settings(
    max_examples=int(os.environ.get("CARDTABLE_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
@given(st.data())
def test_mutated_records_are_refused_or_replay_exactly(data: st.DataObject) -> None:
    class Draws:
        def choice(self, options: Any) -> Any:
            return data.draw(st.sampled_from(list(options)))

        def integer(self, lo: int, hi: int) -> int:
            return data.draw(st.integers(lo, hi))

    record = data.draw(st.sampled_from(SEEDS))
    mutant = fuzzing.mutate(record, Draws())
    with tempfile.TemporaryDirectory() as folder, _deadline(10):
        outcome = fuzzing.run_case(mutant.text, Path(folder))
    assert outcome.verdict in ("refused", "replayed"), (outcome, mutant.ops)


def test_seeded_mutants_of_every_game() -> None:
    """A fixed sample of seeded mutants, as the long run makes them (bench/fuzz_records.py)."""
    chooser = fuzzing.RandomChooser(random.Random(19))
    seen: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(300):
            record = chooser.choice(SEEDS)
            mutant = fuzzing.mutate(record, chooser)
            with _deadline(10):
                outcome = fuzzing.run_case(mutant.text, Path(folder))
            assert outcome.verdict in ("refused", "replayed"), (outcome, mutant.ops)
            seen[outcome.verdict] = seen.get(outcome.verdict, 0) + 1
    assert seen.get("replayed", 0) > 0 and seen.get("refused", 0) > 0


@pytest.mark.parametrize("value", ["١", "²", "1_0", "9" * 5000])
def test_number_options_are_ascii_digits(value: str) -> None:
    with pytest.raises(SystemExit) as e, contextlib.redirect_stderr(io.StringIO()) as err:
        cli.main(["watch", "smear", "--hands", value])
    assert e.value.code == 2 and err.getvalue().count("\n") == 1 and len(err.getvalue()) < 300


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--bot-pause", "-5"),
        ("--summary-pause", "nan"),
        ("--grace", "1e999"),
        ("--grace", "soon"),
        ("--max-bot-seconds", "0"),
        ("--max-bot-seconds", "-1"),
        ("--bot-workers", "-1"),
        ("--max-tables", "0"),
        ("--connections-per-address", "0"),
        ("--bot-pause", "9" * 5000),
    ],
)
def test_the_servers_numbers_are_refused_in_one_line_before_it_starts(option: str, value: str) -> None:
    # Refused by the command line itself, before the server or its database is touched.
    with pytest.raises(SystemExit) as e, contextlib.redirect_stderr(io.StringIO()) as err:
        cli.main(["serve", "--db", "sqlite:////nonexistent/dir/t.db", option, value])
    assert e.value.code == 2 and err.getvalue().count("\n") == 1 and len(err.getvalue()) < 300
    assert option in err.getvalue()


def test_a_watch_interrupted_keeps_the_match_so_far(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cardtable.record import HandLog

    real = HandLog.act
    calls = [0]

    def act(self: HandLog, action: Any) -> Any:
        calls[0] += 1
        if calls[0] == 40:
            raise KeyboardInterrupt
        return real(self, action)

    monkeypatch.setattr(HandLog, "act", act)
    path = tmp_path / "m.json"
    status, _, err = _main("watch", "smear", "--hands", "5", "--seed", "3", "--record", str(path))
    assert status == 130 and err.count("\n") == 1 and "the match so far" in err
    status, _ = replay_record(json.loads(path.read_text()))
    assert status == 0 and sum(len(h["actions"]) for h in json.loads(path.read_text())["hands"]) == 39


def test_ctrl_c_in_a_sim_with_workers_keeps_what_was_played(tmp_path: Path) -> None:
    """A real SIGINT, as Ctrl-C sends it to the whole process group: one line, status 130, and the
    records and summary of the deals finished."""
    import subprocess
    import sys
    import time

    out = tmp_path / "sim.jsonl"
    args = ["sim", "smear", "--bots", "random", "--deals", "1000000", "--records", str(out), "--json", "--jobs", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal's foreground job
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONPATH": str(Path(cli.__file__).parents[1])},
    )
    try:
        time.sleep(4)
        os.killpg(proc.pid, signal.SIGINT)  # the sim and its workers, as Ctrl-C does
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:  # a sim that did not stop is not left running
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130
    lines = [line for line in stderr.replace("\r", "\n").splitlines() if line and "deals (" not in line]
    assert len(lines) == 1 and lines[0].startswith("cardtable sim: interrupted after"), stderr[-500:]
    deals = json.loads(stdout)["deals"]
    assert 0 < deals < 1_000_000
    lines = out.read_text().splitlines()
    assert len(lines) == deals  # one bot: one seating per deal
    assert replay_record(json.loads(lines[-1]))[0] == 0
