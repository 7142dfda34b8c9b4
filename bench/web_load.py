"""Load: many tables at once on one server process, each played to the end by bots and one
scripted WebSocket client acting for a person's seat, with a spectator watching each table.

    python bench/web_load.py [--tables 200] [--hands 2] [--bot-workers 2] [--db URL] [--json]

The server is ``cardtable serve`` in a subprocess on a loopback port (bots without pause, no
pause between hands). First one table of each game is played alone on the same server, as the
baseline; then all the tables at once. Reported: the latency from a client's move to the moment
every client of its table (the mover and the spectator) has the event, as p50/p95/p99, alone
and under load; the server's peak RSS (its own process, and with the bots' worker processes);
actions (deals and moves) stored per second under load; and errors (refused moves, closed
connections, timeouts, records that do not replay or whose scores differ from the scores the
clients were sent: all must be 0). The clients run in this process on the same machine, so
they share its cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.web.client import Client, Server, create, join

from cardtable.record import replay_record

GAMES = ("seep", "smear", "sheepshead")
SEATS = {"seep": 4, "smear": 4, "sheepshead": 5}


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.moves = 0
        self.hands = 0
        self.versions = 0


async def one_table(server: Server, n: int, hands: int, stats: Stats, deadline: float) -> None:
    game = GAMES[n % len(GAMES)]
    t = await asyncio.to_thread(create, server, game, ["human"] + ["rule"] * (SEATS[game] - 1), hands=hands)
    spectator = await Client.connect(server, t["table"], None)  # before the deal, to see every hand's result
    seat = await asyncio.to_thread(join, server, t, f"P{n}")
    player = await Client.connect(server, t["table"], seat["token"])
    sent: dict[int, float] = {}
    got_player: dict[int, float] = {}
    got_spectator: dict[int, float] = {}
    scores: list[list[int]] = []
    rng = random.Random(n)
    done = asyncio.Event()

    async def watch() -> None:
        while not done.is_set():
            msg = await spectator.recv(max(1.0, deadline - time.monotonic()))
            if msg["t"] == "event":
                got_spectator[msg["v"]] = time.perf_counter()
                if "result" in msg:
                    scores.append(msg["result"]["score"])
            elif msg["t"] == "table" and msg["table"]["status"] == "over":
                done.set()

    async def act() -> None:
        acted = -1
        while not done.is_set():
            if player.legal and player.v != acted:
                acted = player.v
                sent[player.v + 1] = time.perf_counter()
                await player.send({"t": "act", "v": player.v, "action": rng.choice(player.legal), "id": f"m{player.v}"})
            try:
                msg = await player.recv(1.0)
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise
                continue
            if msg["t"] == "event":
                got_player[msg["v"]] = time.perf_counter()
            elif msg["t"] == "rejected":
                stats.errors.append(f"table {n}: rejected {msg}")

    watcher = asyncio.create_task(watch())
    try:
        await asyncio.wait_for(asyncio.gather(watcher, act()), max(1.0, deadline - time.monotonic()))
    except Exception as e:
        stats.errors.append(f"table {n}: {type(e).__name__} {e}")
        watcher.cancel()
    await player.close()
    await spectator.close()
    for v, t0 in sent.items():
        if v in got_player and v in got_spectator:
            stats.latencies.append(max(got_player[v], got_spectator[v]) - t0)
            stats.moves += 1
    record = (await asyncio.to_thread(server.get, f"/api/tables/{t['table']}/record")).json()
    status, report = replay_record(record)
    if status != 0:
        stats.errors.append(f"table {n}: record does not replay: {report}")
    elif [h["score"] for h in report["hands"]] != scores:
        stats.errors.append(f"table {n}: record scores {report['hands']} differ from sent {scores}")
    stats.hands += len(record.get("hands", []))
    stats.versions += sum(1 + len(h["actions"]) for h in record.get("hands", []))


def _rss_of(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            child = int(stat.parent.name)
            out += [child, *_children(child)]
    return out


def rss(pid: int) -> tuple[int, int]:
    """The RSS of ``pid`` (Linux /proc), and with all its descendants."""
    own = _rss_of(pid)
    return own, own + sum(_rss_of(c) for c in _children(pid))


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--db", help="database URL (default: a new SQLite file)")
    ap.add_argument("--timeout", type=float, default=1200, help="seconds for the whole run")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    db = args.db or f"sqlite:///{tempfile.mkdtemp()}/load.db"
    extra = ["--bot-workers", str(args.bot_workers), "--connections-per-address", "100000", "--max-tables", "100000"]
    server = Server(db, *extra).start()
    assert server.proc is not None
    pid = server.proc.pid
    peak = [0, 0]
    stats = Stats()

    async def sample() -> None:
        while True:
            own, total = rss(pid)
            peak[0], peak[1] = max(peak[0], own), max(peak[1], total)
            await asyncio.sleep(1.0)

    sampler = asyncio.create_task(sample())
    deadline = time.monotonic() + args.timeout
    alone = Stats()
    try:
        # The baseline, in the same server: one table of each game played alone, one after another.
        for n in range(len(GAMES)):
            await one_table(server, n, args.hands, alone, deadline)
        started = time.perf_counter()
        await asyncio.gather(*(one_table(server, n, args.hands, stats, deadline) for n in range(args.tables)))
        wall = time.perf_counter() - started
    finally:
        sampler.cancel()
        server.stop()
    lat = sorted(stats.latencies)
    base = sorted(alone.latencies)
    stats.errors += alone.errors

    def pct(p: float, values: list[float] | None = None) -> float:
        v = lat if values is None else values
        return 1000 * v[min(len(v) - 1, int(p * len(v)))] if v else float("nan")

    out: dict[str, Any] = {
        "tables": args.tables,
        "hands_per_table": args.hands,
        "hands_recorded": stats.hands,
        "client_moves_timed": stats.moves,
        "latency_ms": {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99), "mean": 1000 * statistics.fmean(lat)},
        "alone_latency_ms": {"p50": pct(0.50, base), "p95": pct(0.95, base), "p99": pct(0.99, base)},
        "p50_ratio_to_alone": round(pct(0.50) / pct(0.50, base), 1),
        "server_rss_mb": round(peak[0] / 2**20, 1),
        "server_with_bot_workers_rss_mb": round(peak[1] / 2**20, 1),
        "errors": len(stats.errors),
        "wall_s": round(wall, 1),
        "actions_per_s": round(stats.versions / wall, 1),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "db": db.split(":")[0],
    }
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    for e in stats.errors[:10]:
        print("error:", e, file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
