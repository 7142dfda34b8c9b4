"""A move the rule bot made for a bot program (late, wrong, dead) is never invisible: it is marked
in every record (``stand_ins``: sim in every hand of a match, play, watch), said at the table and
by ``watch``, counted per bot in the summary of ``sim``, which gives no result for a bot that was
mostly stood in for."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from cardtable.plain import run_plain
from cardtable.record import replay_record
from cardtable.registry import get_game
from cardtable.table import Table

ROOT = Path(__file__).resolve().parent.parent


def slow_bot(tmp_path: Path, every: int = 10**6) -> str:
    """A bot (protocol 1) that answers every ``every``-th question at once and sleeps through the
    others (far past any limit the tests give)."""
    path = tmp_path / "slow.py"
    path.write_text(
        "import json, sys, time\n"
        "n = 0\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        print(json.dumps({'t': 'hello', 'protocol': 1, 'name': 'slow'}), flush=True)\n"
        "    elif msg['t'] == 'act':\n"
        "        n += 1\n"
        f"        if n % {every}:\n"
        "            time.sleep(0.6)\n"
        "        print(json.dumps({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]}), flush=True)\n"
    )
    return f"cmd:@0.2:{sys.executable} {path}"


def test_the_table_says_and_records_every_move_the_rule_bot_made(tmp_path: Path) -> None:
    game = get_game("smear")
    table = Table(game, [0], {1: slow_bot(tmp_path), 2: "rule", 3: "rule"}, seed=3)
    try:
        while table.actor() is not None:
            table.run_bots()
            if table.actor() is not None:
                table.play(table.legal_texts()[0])
        stood = [i for i, m in enumerate(table.moves) if m.stand_in is not None]
        assert stood and all(table.moves[i].seat == 1 for i in stood)
        said = [line for m in table.moves for line in m.said if line.startswith("The rule bot")]
        assert said and said[0] == "The rule bot played for Seat 1: it answered late (no answer within 0.2 s)."
        record = table.record()
        assert record["hands"][0]["stand_ins"] == stood
        path = table.save(tmp_path / "match.json")
        saved = json.loads(path.read_text())
        assert saved["hands"][0]["stand_ins"] == stood and replay_record(saved)[0] == 0
    finally:
        table.close()


def test_plain_mode_says_the_rule_bot_played(tmp_path: Path) -> None:
    game = get_game("smear")
    table = Table(game, [0], {1: slow_bot(tmp_path), 2: "rule", 3: "rule"}, seed=3)
    out = io.StringIO()
    try:
        run_plain(table, io.StringIO("1\n" * 30 + "quit\n"), out)
    finally:
        table.close()
    assert "The rule bot played for Seat 1: it answered late" in out.getvalue()


def test_watch_says_and_records_the_stand_ins(tmp_path: Path) -> None:
    record = tmp_path / "w.json"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "watch", "smear", "--bots", f"rule,{slow_bot(tmp_path)},rule,rule",
         "--seed", "1", "--record", str(record)],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "  The rule bot played for Seat 1: it answered late (no answer within 0.2 s)." in done.stdout
    hand = json.loads(record.read_text())["hands"][0]
    assert hand["stand_ins"] and all(hand["actions"][i].startswith("1 ") for i in hand["stand_ins"])


def test_sim_counts_stand_ins_per_bot_and_marks_every_hand_of_a_match(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    base = ["sim", "smear", "--bots", f"{slow_bot(tmp_path, every=3)},rule", "--seed", "2", "--records", str(out)]
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", *base, "--matches", "1", "--hands-per-match", "3", "--json", "--quiet"],
        capture_output=True, text=True, timeout=600, cwd=ROOT, check=False,
    )  # fmt: skip
    summary = json.loads(done.stdout)
    row = summary["bots"]["slow"]
    assert row["stand_ins"] > 0 and row["stand_in_kinds"]["late"] > 0
    assert sum(row["stand_in_kinds"].values()) == row["stand_ins"] < row["decisions"]
    assert summary["bots"]["rule"]["stand_ins"] == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    marked = sum(len(h.get("stand_ins", [])) for r in records for h in r["hands"])
    assert marked == row["stand_ins"]
    assert all(h.get("stand_ins") for r in records for h in r["hands"])  # every hand, not the last only
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", *base, "--deals", "1", "--force"],
        capture_output=True, text=True, timeout=600, cwd=ROOT, check=False,
    )  # fmt: skip
    assert "slow: a stand-in made " in done.stdout and " (it answered late ×" in done.stdout


def test_sim_gives_no_result_for_a_bot_mostly_stood_in_for(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "smear", "--bots", f"{slow_bot(tmp_path)},rule",
         "--deals", "1", "--seed", "2", "--no-records"],
        capture_output=True, text=True, timeout=600, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    row = next(line for line in lines if line.startswith("slow "))
    assert row.split()[1] == "-"  # no points a hand printed for it
    assert any(line.startswith("No result for slow: a stand-in made ") for line in lines)
    assert not any(line.startswith("slow vs rule") for line in lines)
    assert done.stderr.strip().endswith("no result for slow: a stand-in made most of its moves")
