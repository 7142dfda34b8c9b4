"""Secrecy: every message received by every seat and the spectator over many hands of every game
and preset, scanned for a card the recipient may not see at that version (0 must be found).

    python bench/web_secrecy.py [--hands 1000] [--hands-per-table 10] [--parallel 8] [--json]

Tables of people only (one scripted client per seat, random legal moves) and a spectator, on a
server in a subprocess; when a table's match ends its record is replayed to the state of every
version, and each snapshot and event is checked with `cardtable.web.ops.audit.leaks` against the
recipient's unseen cards at its version. ``--hands`` is per game, over its presets in turn; tables
are started until each game has that many finished hands (a Seep match may end before its last),
or until ``--minutes`` have passed; the hands actually played are reported.
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
from cardtable.web.ops.audit import leaks

SEATS = {"smear": 4, "seep": 4, "sheepshead": 5}


def over(msg: dict[str, Any]) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


async def one_table(server: Server, game: str, preset: str, hands: int, seed: str, totals: dict[str, Any]) -> None:
    t = await asyncio.to_thread(create, server, game, ["human"] * SEATS[game], preset=preset, hands=hands)
    tokens = [(await asyncio.to_thread(join, server, t, f"P{n}"))["token"] for n in range(SEATS[game])]
    spectator = await Client.connect(server, t["table"], None)
    clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
    rng = random.Random(seed)

    async def watch() -> None:
        if spectator.table.get("status") != "over":
            await spectator.until(over, timeout=900)

    await asyncio.gather(watch(), *(play(c, lambda c: rng.choice(c.legal), over, timeout=900) for c in clients))
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
    ap.add_argument("--minutes", type=float, default=600, help="start no table after this long (then report)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    server = Server(
        f"sqlite:///{tempfile.mkdtemp()}/secrecy.db", "--max-tables", "100000", "--connections-per-address", "100000"
    ).start()
    totals: dict[str, Any] = {"messages": 0, "leaks": [], "hands": dict.fromkeys(names(), 0)}
    started = time.perf_counter()
    in_flight = dict.fromkeys(names(), 0)
    made = dict.fromkeys(names(), 0)

    def next_job() -> tuple[str, str, int, str] | None:
        """A table of the game furthest from its target (a Seep match can end before its hands)."""
        short = [g for g in names() if totals["hands"][g] + in_flight[g] * args.hands_per_table < args.hands]
        if not short or time.perf_counter() - started > 60 * args.minutes:
            return None
        game = min(short, key=lambda g: totals["hands"][g] + in_flight[g] * args.hands_per_table)
        kinds = sorted(presets(game))
        n = made[game]
        made[game] += 1
        return game, kinds[n % len(kinds)], args.hands_per_table, f"{game}-{n}"

    async def worker() -> None:
        while (job := next_job()) is not None:
            in_flight[job[0]] += 1
            try:
                await one_table(server, *job, totals)
            finally:
                in_flight[job[0]] -= 1

    try:
        await asyncio.gather(*(worker() for _ in range(args.parallel)))
    finally:
        server.stop()
    out = {
        "hands": totals["hands"],
        "tables": made,
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
