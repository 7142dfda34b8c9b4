"""A hand's summary on a busy machine: how long the replay a page asks for at each hand's end
takes while every core is busy at normal priority (a server whose bots search, or anything else).

    python bench/web_summary_busy.py [--busy N] [--tries 3] [--json]

One real server (``cardtable serve``, SQLite). A table of four rule bots plays one Smear hand; its
record (a few KB) is what each page posts to ``/api/replay`` at the hand's end. The same record
padded with spaces past `SMALL_RECORD_BYTES` goes to the other worker (the one for large uploads,
in Linux's idle class), so both workers answer the same replay, side by side in one process:
first on the quiet machine, then with ``--busy`` processes spinning at normal priority (default:
one per CPU). Each replay is given at most ``--limit`` seconds of waiting (default 60).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.web.client import Server

from cardtable.web.review.replaywork import SMALL_RECORD_BYTES


def spin() -> None:
    while True:
        pass


def timed(url: str, body: bytes, limit: float) -> float | None:
    """Seconds for one replay, or None when it was not answered within ``limit`` (a ``429`` for
    the address's pace is waited out first, and not counted)."""
    while True:
        started = time.monotonic()
        try:
            r = httpx.post(
                url + "/api/replay?steps=false&ended=true",
                content=body,
                headers={"content-type": "application/json"},
                timeout=limit,
            )
        except httpx.TimeoutException:
            return None
        if r.status_code == 429:
            time.sleep(float(r.headers.get("retry-after", "2")))
            continue
        assert r.status_code == 200, r.text[:300]
        return time.monotonic() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--busy", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    db = Path(os.environ.get("TMPDIR", "/tmp")) / f"summary-busy-{os.getpid()}.db"
    server = Server(f"sqlite:///{db}", "--replay-seconds", str(args.limit * 2)).start()
    out: dict[str, object] = {"machine": f"{platform.machine()}, {os.cpu_count()} CPUs", "busy": args.busy}
    spinning: list[multiprocessing.Process] = []
    try:
        made = httpx.post(server.url + "/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 1}).json()
        for _ in range(300):
            if httpx.get(f"{server.url}/api/tables/{made['table']}").json()["status"] == "over":
                break
            time.sleep(0.1)
        record = httpx.get(f"{server.url}/api/tables/{made['table']}/record").content
        padded = record + b" " * (SMALL_RECORD_BYTES + 1 - len(record))
        bodies = {"small-record worker (nice 10)": record, "large-record worker (idle class)": padded}
        out["record_bytes"] = len(record)
        for body in bodies.values():  # each worker started and warm before anything is timed
            timed(server.url, body, args.limit)
        for phase in ("quiet", "busy"):
            if phase == "busy":
                spinning = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
                for p in spinning:
                    p.start()
                time.sleep(1)
            for name, body in bodies.items():
                got = [timed(server.url, body, args.limit) for _ in range(args.tries)]
                out[f"{phase}: {name}"] = [None if t is None else round(t, 3) for t in got]
    finally:
        for p in spinning:
            p.kill()
        server.stop()
        db.unlink(missing_ok=True)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
