"""Floods of the doors where what a client sends costs the server work, against a real
``cardtable serve`` with its default limits: another table's pace (a table of bots that pause
20 ms a move), in quiet windows and in windows while a few clients from three addresses send one
door's requests as fast as they are answered (tests/web/flood.py), and the server's own CPU over
each door's run (its process, and its worker processes, as a share of one CPU).

    python bench/web_floods.py [--json] [--window SECONDS] [--rounds N] [--doors qr,review,replay,bodies]

The same floods are tests (tests/web/test_floods.py, each failing below half the quiet pace); this
prints the paces measured, with the machine (its CPUs and its load average: on a shared machine
the other processes' load moves both paces).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.analysis.helpers import played_record
from tests.web import flood as flooding
from tests.web.attacks import long_record
from tests.web.client import Server

JSON = {"content-type": "application/json"}


def cpu_seconds(pid: int) -> tuple[float, float]:
    """The CPU seconds of a process and of its children now alive (user + system)."""
    tick = os.sysconf("SC_CLK_TCK")

    def own(p: int) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / tick

    children = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == pid:
                children += own(int(entry.name))
    return own(pid), children


def doors(server: Server) -> dict[str, Callable[[httpx.AsyncClient, int], object]]:
    big = long_record()
    last = len(json.loads(big)["hands"]) - 1
    small = json.dumps(played_record("smear", 4)).encode()
    made = server.post("/api/tables", {"game": "smear", "seats": ["human"] * 4}).json()
    pad = json.dumps({"host": "not the host", "pad": [0] * 20_000}).encode()

    async def qr(http: httpx.AsyncClient, n: int) -> int:
        text = f"http://192.168.1.20:8000/t/{n:010d}?" + "x" * 950
        return (await http.post("/api/qr", json={"text": text})).status_code

    async def review(http: httpx.AsyncClient, n: int) -> int:
        body, hand = (big, last) if n % 2 else (small, 0)
        return (await http.post(f"/api/review?hand={hand}&seat=0", content=body, headers=JSON)).status_code

    async def replay(http: httpx.AsyncClient, n: int) -> int:
        return (await http.post("/api/replay", content=big, headers=JSON)).status_code

    async def bodies(http: httpx.AsyncClient, n: int) -> int:
        return (await http.post(f"/api/tables/{made['table']}/close", content=pad, headers=JSON)).status_code

    tiny = json.dumps({"format": "cardtable-record/1", "game": "smear", "hands": []}).encode()

    async def replay_tiny(http: httpx.AsyncClient, n: int) -> int:
        return (await http.post("/api/replay", content=tiny, headers=JSON)).status_code

    async def oversize(http: httpx.AsyncClient, n: int) -> int:
        return (await http.post("/api/tables", content=big, headers=JSON)).status_code

    return {
        "qr": qr,
        "review": review,
        "replay": replay,
        "bodies": bodies,
        "replay-tiny": replay_tiny,  # the refusals alone: a replay door asked as fast as it answers
        "oversize": oversize,  # 3.8 MB to a door of 64 KiB: refused by its length, never read
    }


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--window", type=float, default=flooding.WINDOW, help="seconds of each window")
    ap.add_argument("--rounds", type=int, default=flooding.ROUNDS, help="quiet and flooded windows of each door")
    ap.add_argument("--doors", default="qr,review,replay,bodies")
    args = ap.parse_args()
    server = Server(f"sqlite:///{tempfile.mkdtemp()}/floods.db", *flooding.PACED).start()
    assert server.proc is not None
    rows = []
    try:
        known = doors(server)
        for n, name in enumerate(args.doors.split(",")):
            addresses = [f"127.0.{n + 1}.{k}" for k in (2, 3, 4)]
            before, started = cpu_seconds(server.proc.pid), time.monotonic()
            mine = time.process_time()
            got = await flooding.flood(
                server,
                known[name],  # type: ignore[arg-type]
                addresses,
                seconds=args.window,
                rounds=args.rounds,
            )
            after, took = cpu_seconds(server.proc.pid), time.monotonic() - started
            mine = time.process_time() - mine
            rows.append(
                {
                    "door": name,
                    "quiet": round(got.quiet, 1),
                    "flooded": round(got.flooded, 1),
                    "ratio": round(got.ratio, 2),
                    "answers": {str(k): v for k, v in sorted(got.statuses.items())},
                    "server_cpu_share": round((after[0] - before[0]) / took, 2),
                    "workers_cpu_share": round(max(0.0, after[1] - before[1]) / took, 2),
                    "flooding_clients_cpu_share": round(mine / took, 2),
                }
            )
            await asyncio.sleep(2)
    finally:
        server.stop()
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
    machine += f", Python {platform.python_version()}"
    if args.json:
        print(json.dumps({"floods": rows, "machine": machine}))
    else:
        for row in rows:
            print(
                f"{row['door']:7} {row['quiet']:6.1f} -> {row['flooded']:6.1f} moves/s  ratio {row['ratio']:.2f}  "
                f"CPU: server {row['server_cpu_share']:.2f}, workers {row['workers_cpu_share']:.2f}, "
                f"flooding clients {row['flooding_clients_cpu_share']:.2f}  {row['answers']}"
            )
        print(f"machine: {machine}")
    return 0 if all(row["ratio"] >= 0.5 for row in rows) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
