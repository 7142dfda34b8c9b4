"""Crash or stop: the server is killed with SIGKILL (or stopped with SIGTERM, ``--signal term``)
at random moments and started again on the same database while tables of all three games are
played; nothing acknowledged may be lost, nothing applied twice, and each table's final record
must equal that of a run without a crash. With SIGTERM it also counts the server's exit statuses
(web.md §5: 0) and times each client's return: from the signal until its ``hello`` is answered by
the next server.

    python bench/web_crash.py [--kills 50] [--signal kill|term] [--hands 6] [--seed 1] [--bot-pause 0.1] [--json]

Both runs use the server's test-only seed, so deals, dealers and bots' choices follow the game
and the version, and the scripted client (one per table, in seat 0) chooses by the table and the
version too: the same table played twice is the same match, whatever happened in between. The
clients reconnect after each kill with ``hello`` and the last version they saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.web.client import Client, Server, create, join

from cardtable.record import replay_record

GAMES = ("seep", "smear", "sheepshead")
SEATS = {"seep": 4, "smear": 4, "sheepshead": 5}


class Run:
    def __init__(self, db: str, extra: list[str]) -> None:
        self.db, self.extra = db, extra
        self.server = Server(db, *extra).start()
        self.up = asyncio.Event()
        self.up.set()
        self.over: set[int] = set()
        self.sent: dict[str, tuple[int, str]] = {}
        self.acked: dict[str, int] = {}
        self.errors: list[str] = []
        self.stop_with = "kill"
        self.signalled = 0.0
        self.exits: list[int | None] = []
        self.back: list[float] = []  # seconds from a signal until a client was served again

    async def restart(self) -> None:
        port = self.server.port
        self.up.clear()
        self.signalled = time.monotonic()
        if self.stop_with == "term" and self.server.proc is not None:
            self.server.proc.send_signal(signal.SIGTERM)
            try:
                self.exits.append(await asyncio.to_thread(self.server.proc.wait, 15))
            except subprocess.TimeoutExpired:
                self.exits.append(None)
                self.server.kill()
        else:
            self.server.kill()
        server = Server(self.db, *self.extra)
        server.port = port
        self.server = await asyncio.to_thread(server.start)
        self.up.set()


async def drive(run: Run, n: int, table: str, token: str, deadline: float) -> None:
    """Seat 0 of table ``n``: act by the table and the version, reconnect after every kill."""
    seen = 0
    served_after = -1.0
    while time.monotonic() < deadline:
        await run.up.wait()
        try:
            c = await Client.connect(run.server, table, token, v=seen)
            seen = c.v
            if run.signalled and served_after != run.signalled:
                served_after = run.signalled
                run.back.append(time.monotonic() - run.signalled)
            if c.table.get("status") == "over":
                run.over.add(n)
                await c.close()
                return
            acted = -1
            while True:
                if c.legal and c.v != acted:
                    acted = c.v
                    move = random.Random(f"{n}:{c.v}").choice(c.legal)
                    client_id = f"t{n}-{c.v}"
                    run.sent[client_id] = (c.v + 1, move)
                    await c.send({"t": "act", "v": c.v, "action": move, "id": client_id})
                msg = await c.recv(60)
                seen = c.v
                if msg["t"] == "ack":
                    run.acked[msg["id"]] = msg["v"]
                elif msg["t"] == "rejected" and msg["reason"] != "stale":
                    run.errors.append(f"table {n}: {msg}")
                elif msg["t"] == "table" and msg["table"]["status"] == "over":
                    run.over.add(n)
                    await c.close()
                    return
        except (websockets.ConnectionClosed, OSError, TimeoutError, AssertionError):
            await asyncio.sleep(0.05)
    run.errors.append(f"table {n}: not over in time")


def versions(record: dict[str, Any]) -> list[str]:
    """The table's versions in order as the record holds them: each hand's deal, then its actions."""
    out: list[str] = []
    for hand in record["hands"]:
        out += ["deal", *hand["actions"]]
    return out


async def play(args: argparse.Namespace, kills: int) -> tuple[list[dict[str, Any]], Run, list[int]]:
    db = f"sqlite:///{tempfile.mkdtemp()}/crash.db"
    extra = ["--seed", str(args.seed), "--bot-pause", str(args.bot_pause), "--bot-workers", "1"]
    run = Run(db, extra)
    run.stop_with = args.signal
    tables = []
    for n in range(args.tables_per_game * len(GAMES)):
        game = GAMES[n % len(GAMES)]
        bots = ["rule", "random"] * 3
        t = create(run.server, game, ["human", *bots[: SEATS[game] - 1]], hands=args.hands)
        tables.append((t["table"], join(run.server, t, f"P{n}")["token"]))
    deadline = time.monotonic() + args.timeout
    drivers = [asyncio.create_task(drive(run, n, tab, tok, deadline)) for n, (tab, tok) in enumerate(tables)]
    rng = random.Random(args.seed)
    at_kill: list[int] = []
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.05, args.gap))
        if len(run.over) == len(tables):
            break
        at_kill.append(sum(run.server.get(f"/api/tables/{tab}").json()["version"] for tab, _ in tables))
        await run.restart()
    await asyncio.gather(*drivers)
    records = [run.server.get(f"/api/tables/{tab}/record").json() for tab, _ in tables]
    run.server.stop()
    return records, run, at_kill


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--signal", choices=["kill", "term"], default="kill", help="SIGKILL (default) or SIGTERM")
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--tables-per-game", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot-pause", type=float, default=0.1)
    ap.add_argument("--gap", type=float, default=1.5, help="longest time between restarts and kills (s)")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    started = time.perf_counter()
    calm, calm_run, _ = await play(args, 0)
    crashed, run, at_kill = await play(args, args.kills)
    errors = list(calm_run.errors) + list(run.errors)
    lost = 0
    for client_id, v in run.acked.items():
        n = int(client_id[1:].split("-")[0])
        log = versions(crashed[n])
        if v > len(log) or log[v - 1] != f"0 {run.sent[client_id][1]}":
            lost += 1
    for n, (a, b) in enumerate(zip(calm, crashed, strict=True)):
        if replay_record(b)[0] != 0:
            errors.append(f"table {n}: the record after crashes does not replay")
        if a != b:
            errors.append(f"table {n}: the record after crashes differs from the run without")
    out = {
        "kills": len(at_kill),
        "tables": len(crashed),
        "hands": sum(len(r["hands"]) for r in crashed),
        "versions": sum(len(versions(r)) for r in crashed),
        "acknowledged_moves": len(run.acked),
        "acknowledged_lost": lost,
        "records_equal_no_crash_run": sum(a == b for a, b in zip(calm, crashed, strict=True)),
        "signal": args.signal,
        "errors": len(errors),
        "wall_s": round(time.perf_counter() - started, 1),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
    }
    if args.signal == "term":
        out["exit_status_0"] = sum(1 for e in run.exits if e == 0)
        out["exit_other"] = [e for e in run.exits if e != 0]
        back = sorted(run.back)
        if back:
            out["client_back_s"] = {
                "p50": round(back[len(back) // 2], 2),
                "p95": round(back[min(len(back) - 1, int(len(back) * 0.95))], 2),
                "max": round(back[-1], 2),
                "n": len(back),
            }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    for e in errors[:10]:
        print("error:", e, file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
