"""Long work shows how far it has got, on standard error and only on a terminal, refreshed while
a slow unit runs; interrupted work keeps every unit it finished."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable import cli, sim
from cardtable.progress import Progress

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_line_says_done_rate_time_left_and_time_so_far() -> None:
    clock = Clock()
    out = io.StringIO()
    p = Progress("deals", 10, stream=out, terminal=True, clock=clock)
    clock.now += 4
    p.update(2)
    assert out.getvalue().endswith("\r2/10 deals · 0.50/s · 16 s left · 4 s so far")
    p.close()
    assert out.getvalue().endswith("\r\x1b[K")  # the line is cleared for what comes next


def test_the_line_is_kept_fresh_while_no_unit_finishes() -> None:
    out = io.StringIO()
    with Progress("deals", 3, stream=out, terminal=True, every=0.05) as p:
        deadline = time.monotonic() + 30
        while p.writes < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert p.writes >= 4 and out.getvalue().count("0/3 deals") >= 4


def test_nothing_is_written_where_the_stream_is_not_a_terminal() -> None:
    out = io.StringIO()
    with Progress("deals", 3, stream=out, every=0.01) as p:
        p.update(1)
        time.sleep(0.1)
    assert out.getvalue() == ""


def slow_bot(tmp_path: Path) -> str:
    path = tmp_path / "slow.py"
    path.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        print(json.dumps({'t': 'hello', 'protocol': 1, 'name': 'slow'}), flush=True)\n"
        "    elif msg['t'] == 'act':\n"
        "        time.sleep(0.15)\n"
        "        print(json.dumps({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]}), flush=True)\n"
    )
    return f"cmd:{sys.executable} {path}"


def run_on_a_terminal(args: list[str], timeout: float = 300) -> tuple[int, str]:
    """Run ``cardtable ARGS`` with its standard error on a terminal (a pseudo-terminal); the
    status and everything written there."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", *args], stdout=subprocess.DEVNULL, stderr=slave, cwd=ROOT
    )
    os.close(slave)
    got = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    return proc.wait(timeout=60), got.decode(errors="replace")


def test_sim_shows_its_progress_on_a_terminal_only(tmp_path: Path) -> None:
    args = ["sim", "smear", "--bots", f"{slow_bot(tmp_path)},rule", "--deals", "2", "--seed", "1", "--no-records"]
    status, seen = run_on_a_terminal(args)
    assert status == 0, seen
    lines = [part for part in seen.split("\r") if "/2 deals" in part]
    # refreshed while the first deal (two hands of some 20 slow moves) is played
    assert sum(line.startswith("0/2 deals") for line in lines) >= 2, seen
    assert any(line.startswith("1/2 deals") and " left · " in line for line in lines), seen
    piped = subprocess.run(
        [sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert piped.returncode == 0 and "deals ·" not in piped.stderr and "\r" not in piped.stderr


def test_a_sim_interrupted_keeps_every_finished_deal_not_blocks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = sim.play_deal

    def play(job: Any, deal: int) -> Any:
        if deal == 37:
            raise KeyboardInterrupt
        return real(job, deal)

    monkeypatch.setattr(sim, "play_deal", play)
    out = tmp_path / "sim.jsonl"
    status = cli.main(
        ["sim", "smear", "--bots", "random", "--deals", "100", "--records", str(out), "--json", "--quiet"]
    )
    assert status == 130
    assert len(out.read_text().splitlines()) == 37  # deals 0 to 36, not the 25 of a whole block
