"""Secrecy: every message received by every seat and the spectator over many hands of every game
and preset, scanned for a card the recipient may not see at that version (0 must be found).

    python bench/web_secrecy.py [--hands 1000] [--hands-per-table 10] [--parallel 8] [--json]

Tables of people only (one scripted client per seat, random legal moves) and a spectator, on a
server in a subprocess; when a table's match ends its record is replayed to the state of every
version, and each snapshot and event is checked with `cardtable.web.audit.leaks` against the
recipient's unseen cards at its version. ``--hands`` is per game, split over its presets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.web.client import Client, Server, create, join, play

from cardtable.record import Record, load_game, replay
from cardtable.registry import names, presets
from cardtable.web.audit import leaks

SEATS = {"smear": 4, "seep": 4, "sheepshead": 5}


def over(msg: dict[str, Any]) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


async def one_table(server: Server, game: str, preset: str, hands: int, seed: str, totals: dict[str, Any]) -> None:
    t = await asyncio.to_thread(create, server, game, ["human"] * SEATS[game], preset=preset, hands=hands)
    tokens = [(await asyncio.to_thread(join, server, t, f"P{n}"))["token"] for n in range(SEATS[game])]
    spectator = await Client.connect(server, t["table"], None)
    clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
    rng = random.Random(seed)
    await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over, timeout=600) for c in clients))
    if spectator.table.get("status") != "over":
        await spectator.until(over, timeout=60)
    for c in [*clients, spectator]:
        await c.close()
    record = Record.from_json((await asyncio.to_thread(server.get, f"/api/tables/{t['table']}/record")).json())
    g = load_game(record)
    states = [step.state for step in replay(record, g)]
    for c in [*clients, spectator]:
        for msg in c.received:
            if msg["t"] in ("snapshot", "event") and msg["v"] >= 1:
                found = leaks(g, states[msg["v"] - 1], c.seat, msg)
                totals["messages"] += 1
                if found:
                    totals["leaks"].append((game, preset, c.seat, msg["v"], found))
    totals["hands"][game] += len(record.hands)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1000, help="hands per game, split over its presets")
    ap.add_argument("--hands-per-table", type=int, default=10)
    ap.add_argument("--parallel", type=int, default=8, help="tables played at once")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    server = Server(
        f"sqlite:///{tempfile.mkdtemp()}/secrecy.db", "--max-tables", "100000", "--connections-per-address", "100000"
    ).start()
    totals: dict[str, Any] = {"messages": 0, "leaks": [], "hands": dict.fromkeys(names(), 0)}
    jobs = []
    for game in names():
        kinds = sorted(presets(game))
        tables = -(-args.hands // args.hands_per_table)
        for n in range(tables):
            jobs.append((game, kinds[n % len(kinds)], args.hands_per_table, f"{game}-{n}"))
    gate = asyncio.Semaphore(args.parallel)
    started = time.perf_counter()

    async def run(job: tuple[str, str, int, str]) -> None:
        async with gate:
            await one_table(server, *job, totals)

    try:
        await asyncio.gather(*(run(j) for j in jobs))
    finally:
        server.stop()
    out = {
        "hands": totals["hands"],
        "messages_scanned": totals["messages"],
        "hidden_cards_found": len(totals["leaks"]),
        "wall_s": round(time.perf_counter() - started, 1),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    for leak in totals["leaks"][:10]:
        print("leak:", leak, file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
