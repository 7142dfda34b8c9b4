"""The bot protocol's version 3 and what a program that misbehaves is told and said to have done
(docs/bot-protocol.md): options declared in the hello and set by the user, a seed and a clock in
each question, ``stop`` when the clock runs out, ``info`` during a decision (in the records, by
``watch``, as hints), a structured refusal of rules; a wrong id replaced at once, an exit or a
line that is not JSON reported as exactly that with the program's own last words, a crashed
program started again, a program that floods or hangs stood in for and ended, bounded."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.bots.external import ExternalBot, read_spec
from cardtable.bots.program import MAX_LINE, Program, TooLong
from cardtable.core import BadRules
from cardtable.record import replay_record
from cardtable.registry import get_game
from cardtable.table import Table
from tests.conftest import need

ROOT = Path(__file__).resolve().parent.parent
PY_BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'first_legal.py'}"
JS_BOT = f"node {ROOT / 'examples' / 'bots' / 'first_legal.mjs'}"


def program(tmp_path: Path, act: str, hello: dict[str, Any] | None = None, name: str = "bot", before: str = "") -> str:
    """A bot program's command: it answers the hello with ``hello`` (protocol 3 by default),
    writes every message it is told to ``told.jsonl`` beside it, and runs ``act`` (Python, with
    ``msg`` the question, ``say(obj)`` to answer, ``n`` the number of questions so far) for every
    ``act``. ``before`` runs once at the start."""
    hello = hello or {"t": "hello", "protocol": 3, "name": name}
    path = tmp_path / f"{name}.py"
    told = tmp_path / f"{name}-told.jsonl"
    body = "".join(f"        {line}\n" for line in act.splitlines())
    path.write_text(
        "import json, os, sys, time\n"
        f"log = open({str(told)!r}, 'a')\n"
        "def say(obj):\n"
        "    sys.stdout.write(json.dumps(obj) + '\\n'); sys.stdout.flush()\n"
        f"{before}\n"
        "n = 0\n"
        "for line in sys.stdin:\n"
        "    log.write(line); log.flush()\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        f"        say({hello!r})\n"
        "    elif msg['t'] == 'act':\n"
        "        n += 1\n" + body
    )
    return f"{sys.executable} {path}"


def told(tmp_path: Path, name: str = "bot") -> list[dict[str, Any]]:
    path = tmp_path / f"{name}-told.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


FIRST = "say({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]})"


def cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        check=False,
    )


def sim_json(tmp_path: Path, bots: str, *more: str, game: str = "smear", deals: int = 2) -> tuple[int, dict, list]:
    out = tmp_path / "records.jsonl"
    done = cli("sim", game, "--bots", bots, "--deals", str(deals), "--seed", "3", "--records", str(out), "--force",
               "--quiet", "--json", *more)  # fmt: skip
    summary = json.loads(done.stdout) if done.stdout.strip() else {}
    records = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, summary | {"stderr": done.stderr}, records


def stood(records: list[dict[str, Any]]) -> int:
    return sum(len(h.get("stand_ins", [])) for r in records for h in r["hands"])


# --- options ---

OPTIONS = {
    "t": "hello",
    "protocol": 3,
    "name": "opts",
    "options": [
        {"name": "depth", "type": "int", "default": 2, "min": 1, "max": 8},
        {"name": "style", "type": "choice", "default": "safe", "values": ["safe", "bold"]},
        {"name": "book", "type": "bool", "default": True},
    ],
}


def test_options_declared_in_the_hello_are_set_by_name_or_by_bot_option(tmp_path: Path) -> None:
    command = program(tmp_path, FIRST, OPTIONS, "opts")
    status, summary, _ = sim_json(tmp_path, f"cmd:depth=5:{command},rule", "--bot-option", "style=bold", deals=1)
    assert status == 0, summary["stderr"]
    sent = [m["values"] for m in told(tmp_path, "opts") if m["t"] == "options"]
    assert sent and all(v == {"depth": 5, "style": "bold", "book": True} for v in sent)
    for spec, words in (
        (f"cmd:colour=red:{command}", "the bot has no option 'colour' (its options: depth, style, book)"),
        (f"cmd:depth=9:{command}", "option depth=9: expected a number from 1 to 8"),
        (f"cmd:style=wild:{command}", "option style=wild: expected one of safe, bold"),
        (f"cmd:book=maybe:{command}", "expected true or false"),
    ):
        with pytest.raises(BadRules) as refused:
            make_bot(get_game("smear"), spec)
        assert words in str(refused.value), (spec, str(refused.value))


def test_a_bad_option_declaration_is_refused_in_one_line(tmp_path: Path) -> None:
    hello = {"t": "hello", "protocol": 3, "options": [{"name": "x", "type": "colour", "default": 1}]}
    with pytest.raises(BadRules, match="declares a bad option: option x: type 'colour'"):
        make_bot(get_game("smear"), f"cmd:{program(tmp_path, FIRST, hello)}")


# --- seed, clock, stop ---


def test_every_question_carries_a_seed_and_the_clock_of_a_bank_for_each_hand(tmp_path: Path) -> None:
    command = program(tmp_path, "time.sleep(0.05)\n" + FIRST)
    game = get_game("smear")
    bot = make_bot(game, f"cmd:@3+0.5:{command}")
    try:
        table = Table(game, [0], {1: "random", 2: "random", 3: "random"}, seed=1)
        state = table.state
        seat = game.actor(state)
        bot.hand_begins(seat, game.observe(state, seat))  # type: ignore[attr-defined]
        legal = game.legal_actions(state)
        for _ in range(3):
            bot.act(game.observe(state, seat), legal, random.Random(7))
    finally:
        bot.close()  # type: ignore[attr-defined]
        table.close()
    asked = [m for m in told(tmp_path) if m["t"] == "act"]
    assert [m["clock"]["per"] for m in asked] == ["hand"] * 3
    assert [m["clock"]["increment_ms"] for m in asked] == [500] * 3
    left = [m["clock"]["ms_left"] for m in asked]
    assert left[0] == 3000 and left[1] > left[0] and left[2] > left[1]  # each answer took less than 0.5 s
    assert all(m["ms"] == m["clock"]["ms_left"] for m in asked)
    assert len({m["seed"] for m in asked}) == 1  # the same seed for the same question and rng


def test_stop_is_sent_when_the_time_runs_out_and_a_move_right_after_it_is_taken(tmp_path: Path) -> None:
    # The bot thinks until told to stop, then answers at once.
    act = (
        "while True:\n"
        "    line = sys.stdin.readline(); log.write(line); log.flush()\n"
        "    if json.loads(line)['t'] == 'stop': break\n" + FIRST
    )
    game = get_game("smear")
    bot = make_bot(game, f"cmd:@0.3:{program(tmp_path, act)}")
    try:
        state = game.apply(game.start(0), game.deal(game.start(0), random.Random(2)))
        seat = game.actor(state)
        action = bot.act(game.observe(state, seat), game.legal_actions(state), random.Random(1))
    finally:
        bot.close()  # type: ignore[attr-defined]
    assert action == game.legal_actions(state)[0]
    assert bot.last_stand_in is None  # type: ignore[attr-defined]
    kinds = [m["t"] for m in told(tmp_path)]
    assert kinds[:3] == ["hello", "act", "stop"]


# --- info ---


def test_info_is_kept_in_the_records_shown_by_watch_and_given_as_hints(tmp_path: Path) -> None:
    status, summary, records = sim_json(tmp_path, f"cmd:{PY_BOT},rule", deals=1)
    assert status == 0, summary["stderr"]
    infos = [i for r in records for h in r["hands"] for i in h.get("info", [])]
    assert infos and all(i["candidates"] and "action" in i for i in infos)
    for r in records:
        for h in r["hands"]:
            mine = {s for s, name in enumerate(r["players"]) if name != "rule"}
            assert {int(h["actions"][i["action"]].split()[0]) for i in h.get("info", [])} <= mine
    assert all(replay_record(r)[0] == 0 for r in records)
    watched = tmp_path / "watched.json"
    done = cli("watch", "smear", "--bots", f"cmd:{PY_BOT},rule,rule,rule", "--seed", "2", "--record", str(watched))
    assert done.returncode == 0, done.stderr
    assert "Seat 0 weighed " in done.stdout and "(style high)" in done.stdout
    assert json.loads(watched.read_text())["hands"][0]["info"]
    game = get_game("smear")
    table = Table(game, [1], {0: "rule", 2: "rule", 3: "rule"}, seed=5, hint_bot=f"cmd:{PY_BOT}")
    try:
        table.run_bots()
        hints = table.hints()
        assert hints and {game.format(h.action) for h in hints} <= set(table.legal_texts())
        assert table.hint_source() == "first-legal (Python) (a program)"
    finally:
        table.close()


# --- refusal ---


def test_a_bot_refuses_rules_it_cannot_play_in_one_structured_line(tmp_path: Path) -> None:
    hello = {"t": "refuse", "rules": ["kitty_size"], "reason": "I play without a kitty only"}
    command = program(tmp_path, FIRST, hello)
    done = cli("sim", "smear", "--bots", f"cmd:{command},rule", "--rule", "kitty_size=2", "--no-records")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("the bot cannot play smear with kitty_size 2 (I play without a kitty only)"), (
        done.stderr
    )
    assert done.stderr.count("\n") == 1


# --- what a misbehaving program is said to have done ---


@pytest.mark.parametrize(
    ("body", "kind", "words"),
    [
        ("say({'t': 'move', 'id': msg['id'] + 1000, 'action': msg['legal'][0]})", "wrong_id", "answered question"),
        ("print('oops', flush=True)", "not_json", "'oops', which is not JSON"),
        ("say({'t': 'move', 'id': msg['id'], 'action': 'play 2Z'})", "illegal", "'play 2Z' is not one of the legal"),
        ("say({'t': 'moov', 'id': msg['id']})", "not_a_move", 'expected a move, got {"t":"moov"'),
        ("sys.stderr.write('ValueError: my board is broken\\n'); sys.exit(3)", "ended", "status 3: ValueError: my"),
    ],
)
def test_a_misbehaving_program_is_stood_in_for_at_once_and_said_to_have_done_exactly_that(
    tmp_path: Path, body: str, kind: str, words: str
) -> None:
    """With a time limit of 600 s a move: a wrong id, a line that is not JSON or an exit is
    replaced at once (the test would time out otherwise), with its own words."""
    game = get_game("smear")
    bot = make_bot(game, f"cmd:@600:{program(tmp_path, body)}")
    assert isinstance(bot, ExternalBot)
    try:
        state = game.apply(game.start(0), game.deal(game.start(0), random.Random(2)))
        seat = game.actor(state)
        began = time.monotonic()
        bot.act(game.observe(state, seat), game.legal_actions(state), random.Random(1))
        assert time.monotonic() - began < 300  # not the whole limit (the test's own guard is the timeout)
    finally:
        bot.close()
    assert bot.last_stand_in is not None
    assert bot.last_stand_in.kind == kind and words in bot.last_stand_in.message, bot.last_stand_in


def test_a_program_ending_before_its_hello_or_writing_garbage_is_said_to_have_done_so(tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.stderr.write('ImportError: no module named torch\\n')\nsys.exit(1)\n")
    garbage = tmp_path / "garbage.py"
    garbage.write_text("print('Loading weights...', flush=True)\nimport time\ntime.sleep(30)\n")
    game = get_game("smear")
    for script, words in (
        (crash, "ended before its hello (it exited with status 1: ImportError: no module named torch)"),
        (garbage, "wrote 'Loading weights...', which is not JSON where its hello was expected"),
    ):
        with pytest.raises(BadRules) as refused:
            make_bot(game, f"cmd:{sys.executable} {script}")
        assert words in str(refused.value), str(refused.value)


def test_a_crashed_program_is_started_again_and_plays_on(tmp_path: Path) -> None:
    # It crashes at its third question, each time it is started.
    command = program(tmp_path, "if n == 3: sys.exit(4)\n" + FIRST, name="crashy")
    status, summary, records = sim_json(tmp_path, f"cmd:{command},rule", deals=4)
    row = summary["bots"]["crashy"]
    starts = sum(m["t"] == "hello" for m in told(tmp_path, "crashy"))
    assert starts >= 3  # started again after a crash (the check at the start is one more)
    assert row["stand_in_kinds"].get("ended", 0) >= 1
    assert row["decisions"] > row["stand_ins"] > 0
    assert all(replay_record(r)[0] == 0 for r in records)
    assert status in (0, 1)


def test_a_program_that_floods_or_answers_old_ids_is_bounded_and_ended(tmp_path: Path) -> None:
    """A program that writes 100,000 lines for a decision is stood in for at `MAX_LINES` and ended;
    one that keeps answering an earlier question is stood in for at the time limit, however many
    lines it writes (each resetting nothing)."""
    flood = "for _ in range(100000):\n    say({'t': 'info', 'id': msg['id'], 'text': 'x'})\n" + FIRST
    old = (
        "if n == 1:\n    " + FIRST + "\n"
        "while n > 1:\n    say({'t': 'move', 'id': 1, 'action': msg['legal'][0]}); time.sleep(0.002)\n"
    )
    game = get_game("smear")
    state = game.apply(game.start(0), game.deal(game.start(0), random.Random(2)))
    seat = game.actor(state)
    kinds = {}
    for body, name in ((flood, "flood"), (old, "old")):
        bot = make_bot(game, f"cmd:@0.5:{program(tmp_path, body, name=name)}")
        assert isinstance(bot, ExternalBot)
        try:
            for _ in range(2):
                bot.act(game.observe(state, seat), game.legal_actions(state), random.Random(1))
                kinds.setdefault(name, []).append(bot.last_stand_in.kind if bot.last_stand_in else None)
        finally:
            bot.close()
    assert kinds == {"flood": ["flood", "flood"], "old": [None, "late"]}


def test_a_line_too_long_is_not_read_on(tmp_path: Path) -> None:
    script = tmp_path / "long.py"
    script.write_text(
        f"import sys\nsys.stdout.write('x' * {MAX_LINE * 3})\nsys.stdout.flush()\nimport time\ntime.sleep(30)\n"
    )
    p = Program(f"{sys.executable} {script}")
    try:
        got = p.receive(time.monotonic() + 30)
        assert isinstance(got, TooLong)
        assert not p.alive() and "more than" in (p.ended_why or "")
    finally:
        p.stop()


# --- names and spellings ---


def test_a_bad_time_limit_suggests_a_spelling_that_works(tmp_path: Path) -> None:
    game = get_game("smear")
    with pytest.raises(BadRules) as refused:
        make_bot(game, "cmd:@soon:python3 x.py")
    assert "cmd:@2:COMMAND" in str(refused.value)
    with pytest.raises(BadRules) as wrong:
        make_bot(game, "cmd@2:python3 x.py")
    assert "cmd:@2:COMMAND" in str(wrong.value)
    bot = make_bot(game, f"cmd:@2:{PY_BOT}")  # the spelling suggested works
    assert isinstance(bot, ExternalBot) and bot.seconds == 2
    bot.close()
    assert read_spec("@2:python3 x.py").clock.seconds == 2


def test_sim_names_a_program_by_its_short_name_and_its_command_in_the_json(tmp_path: Path) -> None:
    out = cli("sim", "smear", "--bots", f"cmd:{PY_BOT},rule", "--deals", "2", "--seed", "1", "--no-records")
    assert out.returncode == 0, out.stderr
    table = out.stdout.splitlines()
    assert table[2].startswith("first-legal (Python) ") and PY_BOT not in table[2]
    status, summary, records = sim_json(tmp_path, f"cmd:{PY_BOT},rule")
    assert status == 0, summary["stderr"]
    assert summary["bots"]["first-legal (Python)"]["bot"] == f"cmd:{PY_BOT}"
    assert records[0]["players"][0] == "first-legal (Python)"


def test_the_javascript_reference_bot_speaks_version_3(tmp_path: Path) -> None:
    need(shutil.which("node") is not None, "node")
    status, summary, records = sim_json(tmp_path, f"cmd:style=low:{JS_BOT},rule", game="sheepshead")
    assert status == 0, summary["stderr"]
    assert summary["bots"]["first-legal (JavaScript)"]["stand_ins"] == 0
    assert any(h.get("info") for r in records for h in r["hands"])
