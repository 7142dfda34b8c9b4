"""A bot sees only what its seat sees: a bot program that writes down everything it is told
proves, in ``sim`` (deals and matches, over the duplicate rotations), ``play`` and ``watch``, that
every seat runs a process of its own, the same command named twice included, and that no process
is ever told two hands of one deal."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable.record import Record, load_game, replay
from cardtable.registry import get_game
from cardtable.table import Table

ROOT = Path(__file__).resolve().parent.parent

#: A bot (protocol 2) that writes every message it is sent to a file of its own (named by its
#: process id) and plays the first legal action.
EAR = """
import json, os, sys
out = open(os.path.join(sys.argv[1], f"{os.getpid()}.jsonl"), "w")
for line in sys.stdin:
    out.write(line); out.flush()
    msg = json.loads(line)
    if msg["t"] == "hello":
        print(json.dumps({"t": "hello", "protocol": 2, "name": "ear"}), flush=True)
    elif msg["t"] == "act":
        print(json.dumps({"t": "move", "id": msg["id"], "action": msg["legal"][0]}), flush=True)
"""


def ear(tmp_path: Path) -> tuple[str, Path]:
    """The ear's command and the folder of what each of its processes was told."""
    heard = tmp_path / "heard"
    heard.mkdir(exist_ok=True)
    script = tmp_path / "ear.py"
    script.write_text(EAR)
    return f"{sys.executable} {script} {heard}", heard


def processes(heard: Path) -> list[list[dict[str, Any]]]:
    """What each process was told, one list of messages per process."""
    return [[json.loads(line) for line in p.read_text().splitlines()] for p in sorted(heard.glob("*.jsonl"))]


def hands_told(messages: list[dict[str, Any]]) -> list[tuple[int, frozenset[str]]]:
    """Each hand a process was told: the seat, and every card that seat's hand held in it."""
    hands: list[tuple[int, set[str]]] = []
    for msg in messages:
        if msg["t"] == "hand":
            hands.append((msg["seat"], set()))
        if msg["t"] in ("hand", "action", "act") and hands:
            seat = msg.get("seat", msg.get("view", {}).get("seat"))
            assert seat == hands[-1][0], msg  # every message of a hand is about the seat told the hand
            hands[-1][1].update(c for c in msg["view"].get("hand") or [] if c)
    return [(seat, frozenset(cards)) for seat, cards in hands]


def deals_of(records: list[dict[str, Any]]) -> dict[tuple[int, frozenset[str]], str]:
    """For every hand of the records: (seat, every card the seat held in it) -> the deal's deck."""
    out: dict[tuple[int, frozenset[str]], str] = {}
    for obj in records:
        record = Record.from_json(obj)
        game = load_game(record)
        held: dict[tuple[int, int], set[str]] = {}
        for step in replay(record, game):
            if game.actor(step.state) is None and step.action is None:
                continue
            for seat in range(game.seats):
                cards = game.observe(step.state, seat).to_json().get("hand") or []
                held.setdefault((step.hand, seat), set()).update(c for c in cards if c)
        for (hand, seat), cards in held.items():
            out[(seat, frozenset(cards))] = json.dumps(obj["hands"][hand]["deal"])
    return out


def check_fair(heard: Path, records: list[dict[str, Any]], least: int) -> list[list[tuple[int, frozenset[str]]]]:
    """Every process was told one seat only, and each deal at most once; at least ``least``
    processes. The hands each process was told."""
    deals = deals_of(records)
    told = []
    for messages in processes(heard):
        if {m["t"] for m in messages} <= {"hello", "bye"}:
            continue  # the program started to check its name before the play, and ended
        told.append(hands_told(messages))
        assert told[-1], "a process that was asked without being told a hand"
    assert len(told) >= least
    for hands in told:
        assert len({seat for seat, _ in hands}) == 1, f"one process told several seats: {sorted({s for s, _ in hands})}"
        decks = Counter(deals[hand] for hand in hands)
        assert max(decks.values()) == 1, "one process told the same deal twice"
    return told


def run_sim(tmp_path: Path, game: str, bots: str, *more: str) -> list[dict[str, Any]]:
    out = tmp_path / "records.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", game, "--bots", bots, "--seed", "5", "--records", str(out),
         "--quiet", "--json", *more],
        capture_output=True, text=True, timeout=600, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in out.read_text().splitlines()]


@pytest.mark.parametrize(
    ("game", "lineup", "more", "processes"),
    [
        ("smear", "cmd:{ear},rule", ["--deals", "3"], 4),  # 2 arrangements x 2 seats
        ("smear", "cmd:{ear},cmd:{ear}", ["--deals", "2"], 8),  # the same command named twice
        ("sheepshead", "cmd:{ear},rule", ["--deals", "2"], 15),  # 5 arrangements x 3 seats
        ("seep", "cmd:{ear},random", ["--deals", "2", "--jobs", "2"], 4),  # in worker processes
        ("smear", "cmd:{ear},rule", ["--matches", "2", "--hands-per-match", "3"], 4),
    ],
)
def test_in_sim_every_seat_of_every_arrangement_has_a_process_of_its_own(
    tmp_path: Path, game: str, lineup: str, more: list[str], processes: int
) -> None:
    command, heard = ear(tmp_path)
    records = run_sim(tmp_path, game, lineup.format(ear=command), *more)
    told = check_fair(heard, records, processes)
    # every hand played was told to each process seated in it (one process per seat)
    seated = [
        sum(p.startswith("ear") for p in r["players"]) * sum(bool(h["actions"]) for h in r["hands"]) for r in records
    ]
    assert sum(len(hands) for hands in told) == sum(seated)


def test_at_the_terminal_table_each_program_seat_has_a_process_of_its_own(tmp_path: Path) -> None:
    command, heard = ear(tmp_path)
    game = get_game("smear")
    table = Table(game, [0], {s: f"cmd:{command}" for s in (1, 2, 3)}, seed=8)
    try:
        for _ in range(2):
            while table.actor() is not None:
                table.run_bots()
                if table.actor() is not None:
                    table.play(table.legal_texts()[0])
            table.next_hand()
        table.run_bots()
        record = table.record()
    finally:
        table.close()
    told = check_fair(heard, [record], 3)
    assert sorted(seat for hands in told for seat in {s for s, _ in hands}) == [1, 2, 3]


def test_watch_runs_a_process_for_every_seat(tmp_path: Path) -> None:
    command, heard = ear(tmp_path)
    record = tmp_path / "watched.json"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "watch", "smear", "--bots", f"cmd:{command}", "--hands", "2",
         "--seed", "4", "--record", str(record)],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    told = check_fair(heard, [json.loads(record.read_text())], 4)
    assert sorted(hands[0][0] for hands in told) == [0, 1, 2, 3]
    assert all(len(hands) == 2 for hands in told)  # each seat's process heard both hands of its seat
