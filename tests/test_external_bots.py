"""Bots in other programs, in the cardtable bot protocol (docs/bot-protocol.md): the reference
bots in Python and JavaScript play a ``sim`` against ``rule``; a bot that answers wrongly, late
or not at all is stood in for by the rule bot for that move, and the record marks it; a bot that
cannot start or does not play the game is refused in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.bots import make_bot
from cardtable.record import replay_record
from cardtable.registry import get_game
from tests.conftest import need

ROOT = Path(__file__).resolve().parent.parent
PY_BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'first_legal.py'}"
JS_BOT = f"node {ROOT / 'examples' / 'bots' / 'first_legal.mjs'}"


def sim(tmp_path: Path, game: str, bots: str, deals: int = 6) -> tuple[subprocess.CompletedProcess[str], list]:
    out = tmp_path / "records.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", game, "--bots", bots, "--deals", str(deals), "--seed", "3",
         "--jobs", "1", "--records", str(out), "--quiet", "--json"],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )  # fmt: skip
    records = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return done, records


@pytest.mark.parametrize("game", ["seep", "smear", "sheepshead"])
def test_the_python_reference_bot_plays_a_sim_against_rule(tmp_path: Path, game: str) -> None:
    done, records = sim(tmp_path, game, f"cmd:{PY_BOT},rule")
    assert done.returncode == 0, done.stderr
    assert records and all(replay_record(r)[0] == 0 for r in records)
    assert not any("stand_ins" in h for r in records for h in r["hands"])  # every move its own


def test_the_javascript_reference_bot_plays_a_sim_against_rule(tmp_path: Path) -> None:
    need(shutil.which("node") is not None, "node")
    done, records = sim(tmp_path, "smear", f"cmd:{JS_BOT},rule")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert records and all(replay_record(r)[0] == 0 for r in records)
    assert not any("stand_ins" in h for r in records for h in r["hands"])
    assert summary


def bad_bot(tmp_path: Path, body: str) -> str:
    """A bot program whose answer to ``act`` is ``body`` (Python, with ``msg`` the request)."""
    path = tmp_path / "bad.py"
    path.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        print(json.dumps({'t': 'hello', 'protocol': 1, 'name': 'bad', 'games': ['smear']}), flush=True)\n"
        "    elif msg['t'] == 'act':\n" + "".join(f"        {line}\n" for line in body.splitlines())
    )
    return f"{sys.executable} {path}"


@pytest.mark.parametrize(
    "body",
    [
        "print(json.dumps({'t': 'move', 'id': msg['id'], 'action': 'play 2Z'}), flush=True)",  # not legal
        "print('oops', flush=True)",  # not JSON
        "time.sleep(0.5); print(json.dumps({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]}), flush=True)",
        "sys.exit(3)",  # the program ends
    ],
)
def test_a_wrong_late_or_dead_bot_is_stood_in_for_and_marked(tmp_path: Path, body: str) -> None:
    done, records = sim(tmp_path, "smear", f"cmd:@0.2:{bad_bot(tmp_path, body)},rule", deals=2)
    assert done.returncode == 0, done.stderr
    marked = [h["stand_ins"] for r in records for h in r["hands"] if "stand_ins" in h]
    assert marked and all(replay_record(r)[0] == 0 for r in records)


def test_a_bot_is_refused_in_one_line_when_it_cannot_play(tmp_path: Path) -> None:
    game = get_game("seep")
    for spec, words in (
        ("cmd:/no/such/program", "cannot start it"),
        (f"cmd:{bad_bot(tmp_path, 'pass')}", "not seep"),
        (f"cmd:{sys.executable} -c pass", "no hello"),
        ("cmd:", "expected a command"),
        ("cmd:@x:python3", "time limit"),
    ):
        with pytest.raises(Exception) as refused:
            make_bot(game, spec)
        assert words in str(refused.value) and "\n" not in str(refused.value), spec
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "smear", "--bots", "cmd:/no/such/program,rule", "--deals", "1"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "cannot start it" in done.stderr and "Traceback" not in done.stderr
