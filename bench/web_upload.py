"""Uploads against moves: the move latency of a table while clients upload large records to the
replay viewer as fast as the server allows them (web.md §5: "No request delays other tables").

    python bench/web_upload.py [--moves 300] [--uploaders 10] [--record-mb 4] [--json]

One real server (``cardtable serve``, SQLite). A scripted person plays seat 0 of a Sheepshead
table with four rule bots (no pauses), and each move's latency is the time from sending ``act``
to its ``ack``. First ``--moves`` moves with no uploads, then as many while ``--uploaders``
clients, each from an address of its own (127.0.0.10, .11, ...), post a record of
``--record-mb`` MB to ``/api/replay`` in a loop, waiting only as long as a ``429``'s
``Retry-After`` asks; they run in a process of their own, so their work never delays the
measured client. Both phases run in the same process against the same server, and the
report gives each phase's p50/p95/p99 and their ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.web.attacks import long_record
from tests.web.client import Client, Server, create, join


def quantiles(xs: list[float]) -> dict[str, float]:
    s = sorted(xs)

    def q(p: float) -> float:
        return round(1000 * s[min(len(s) - 1, int(p * len(s)))], 2)

    return {"p50_ms": q(0.5), "p95_ms": q(0.95), "p99_ms": q(0.99), "n": len(s)}


async def moves(client: Client, count: int, rng: random.Random) -> list[float]:
    out: list[float] = []
    while len(out) < count:
        if client.legal:
            v = client.v
            sent = time.perf_counter()
            await client.send({"t": "act", "v": v, "action": rng.choice(client.legal), "id": f"m{v}"})
            msg = await client.until(lambda m: m["t"] in ("ack", "rejected"))
            if msg["t"] == "ack":
                out.append(time.perf_counter() - sent)
        else:
            await client.until(lambda m: m["t"] == "event")
    return out


async def uploader(url: str, n: int, record: bytes, stop: Any, counts: dict[str, int]) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{10 + n}")
    async with httpx.AsyncClient(transport=transport, timeout=120) as http:
        while not stop.is_set():
            r = await http.post(url + "/api/replay", content=record, headers={"content-type": "application/json"})
            counts[str(r.status_code)] = counts.get(str(r.status_code), 0) + 1
            if r.status_code in (429, 503):
                await asyncio.sleep(float(r.headers.get("retry-after", "1")))


def uploaders(url: str, how_many: int, record_bytes: int, stop: Any, out: Any) -> None:
    """In a process of its own, so the uploads' client work never delays the measured client."""
    record = long_record(record_bytes)

    async def run() -> dict[str, int]:
        counts: dict[str, int] = {}
        await asyncio.gather(*(uploader(url, n, record, stop, counts) for n in range(how_many)))
        return counts

    out.put(asyncio.run(run()))


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--uploaders", type=int, default=10)
    ap.add_argument("--record-mb", type=float, default=4.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    record = long_record(int(args.record_mb * 1_000_000) - 200_000)  # made here too, to report its size
    db = f"sqlite:///{Path(os.environ.get('TMPDIR', '/tmp')) / f'upload-{os.getpid()}.db'}"
    server = Server(db, "--bot-pause", "0", "--summary-pause", "0").start()
    try:
        t = create(server, "sheepshead", ["human", "rule", "rule", "rule", "rule"], hands=1000)
        seat = join(server, t, "Ann")
        client = await Client.connect(server, t["table"], seat["token"])
        rng = random.Random(1)
        await moves(client, 20, rng)  # warm up
        quiet = await moves(client, args.moves, rng)
        ctx = multiprocessing.get_context("spawn")
        stop, results = ctx.Event(), ctx.Queue()
        flood = ctx.Process(target=uploaders, args=(server.url, args.uploaders, len(record) + 200, stop, results))
        flood.start()
        await asyncio.sleep(8)  # the uploads are under way
        flooded = await moves(client, args.moves, rng)
        stop.set()
        counts = await asyncio.to_thread(results.get, True, 300)
        flood.join(60)
        await client.close()
    finally:
        server.stop()
    a, b = quantiles(quiet), quantiles(flooded)
    out: dict[str, Any] = {
        "record_bytes": len(record),
        "uploaders": args.uploaders,
        "quiet": a,
        "uploading": b,
        "ratio": {k: round(b[k] / a[k], 2) for k in ("p50_ms", "p95_ms", "p99_ms") if a[k]},
        "upload_answers": counts,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    asyncio.run(main())
