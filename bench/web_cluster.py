"""Several servers behind HAProxy over one PostgreSQL database (``cardtable serve --cluster``):
correctness under load, failover, and throughput by the number of processes.

    python bench/web_cluster.py --pg postgresql+psycopg://postgres@127.0.0.1:5432/postgres \\
        [--processes 3] [--tables 600] [--hands 2] [--kills 0] [--game smear] [--lease S] [--json]

Each table is a table of ``--game`` (Smear by default) with rule bots and a scripted person in
seat 0 who plays random legal moves through HAProxy (docs/deploy/haproxy.cfg with its ports changed), reconnecting
whenever the connection closes. A database of the run's own is made on ``--pg`` and dropped.

- Correctness: every table plays ``--hands`` hands; then each record is read back through the
  proxy and replayed: it must replay, hold every acknowledged move at its version, and give the
  scores the hand-end events told the person.
- Failover (``--kills K``): K times at random moments one of the processes is killed (SIGKILL)
  and started again on its port; the time from each lost connection until that client is served
  again is reported (p50, p95, max). ``--lease`` is the server's own default unless given, so
  that the failover measured is the one a deployment gets; a Smear match ends when it is won,
  so a long run of kills wants ``--game sheepshead``, whose matches play all their hands.
- Throughput: moves of all seats stored per second, and the person's move latency (act to ack).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import secrets
import signal
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tests.web.client import create, join
from tests.web.cluster import Player, Proxy, cluster_server, lost_moves

from cardtable import registry
from cardtable.record import replay_record
from cardtable.web.settings import Settings

QUANTILES = (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return round(s[min(len(s) - 1, int(q * len(s)))], 3) if s else 0.0


async def run(args: argparse.Namespace, db: str) -> dict[str, Any]:
    extra = ("--bot-pause", str(args.bot_pause), "--summary-pause", "0", "--bot-workers", "1")
    extra += ("--creates-per-minute", "100000", "--joins-per-minute", "100000", "--waiting-per-address", "100000")
    extra += ("--connections-per-address", "100000", "--grace", "3600")  # no stand-in for a person yet to connect
    servers: list[Any] = []
    proxy = Proxy(servers)
    rng = random.Random(args.seed)
    try:  # everything started is stopped, whatever fails
        for _ in range(args.processes):
            servers.append(cluster_server(db, args.lease, *extra))
            servers[-1].start()
        proxy.start()
        seats = ["human"] + ["rule"] * (registry.get_game(args.game).seats - 1)
        tables = [create(proxy, args.game, seats, hands=args.hands) for _ in range(args.tables)]
        players = [Player(t["table"], join(proxy, t, f"P{n}")["token"], n) for n, t in enumerate(tables)]
        started = time.monotonic()
        deadline = started + args.timeout
        playing = [asyncio.create_task(p.play(proxy, deadline)) for p in players]
        kills = 0
        while kills < args.kills and not all(p.done() for p in playing):
            await asyncio.sleep(rng.uniform(1.0, args.gap))
            n = rng.randrange(len(servers))
            victim = servers[n]
            assert victim.proc is not None
            victim.proc.send_signal(signal.SIGKILL)
            await asyncio.to_thread(victim.proc.wait, 10)
            fresh = cluster_server(db, args.lease, *extra)
            fresh.port = victim.port
            servers[n] = await asyncio.to_thread(fresh.start)
            kills += 1
        await asyncio.gather(*playing)
        wall = time.monotonic() - started
        errors, lost, wrong_scores = [], 0, 0
        told_hands = all_hands = 0
        versions = 0
        for t, p in zip(tables, players, strict=True):
            errors += p.errors
            if not p.over:
                errors.append(f"{t['table']}: not over")
                continue
            r = httpx.get(f"{proxy.url}/api/tables/{t['table']}/record", timeout=60)
            for _ in range(40):
                if r.status_code != 503:
                    break
                await asyncio.sleep(0.25)
                r = httpx.get(f"{proxy.url}/api/tables/{t['table']}/record", timeout=60)
            rec = r.json()
            status, report = replay_record(rec)
            if status != 0:
                errors.append(f"{t['table']}: the record does not replay")
                continue
            lost += len(lost_moves(p, rec, 0))
            # each hand's score against what its last event told the person, for the hands whose
            # end the person saw (one away at that moment is sent a snapshot of a later moment)
            ends, v = {}, 0
            for hand, rep in zip(rec["hands"], report["hands"], strict=True):
                v += 1 + len(hand["actions"])
                ends[v] = rep["score"]
            told = {v: score for v, score in p.scores.items() if v in ends}
            if any(ends[v] != score for v, score in told.items()) or len(told) < len(p.scores):
                wrong_scores += 1
                errors.append(f"{t['table']}: scores {ends}, told {p.scores}")
            told_hands += len(told)
            all_hands += len(ends)
            versions += sum(1 + len(h["actions"]) for h in rec["hands"])
        lat = [x for p in players for x in p.latencies]
        gaps = [x for p in players for x in p.gaps]
        return {
            "processes": args.processes,
            "tables": len(tables),
            "hands": args.tables * args.hands,
            "versions_stored": versions,
            "versions_per_s": round(versions / wall, 1),
            "person_moves": len(lat),
            "latency_ms": {
                k: round(1000 * quantile(lat, q), 1) for k, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
            },
            "kills": kills,
            "acknowledged_lost": lost,
            "records_with_other_scores": wrong_scores,
            "hand_ends_seen_by_the_person": f"{told_hands} of {all_hands}",
            "errors": len(errors),
            "first_errors": errors[:3],
            "back_after_loss_s": {
                "p50": quantile(gaps, 0.5),
                "p95": quantile(gaps, 0.95),
                "max": max(gaps, default=0.0),
                "n": len(gaps),
            },
            "wall_s": round(wall, 1),
        }
    finally:
        proxy.kill()
        for s in servers:
            s.kill()


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pg", required=True, help="a PostgreSQL URL on which a database of the run's own is made")
    ap.add_argument("--processes", type=int, default=3)
    ap.add_argument("--tables", type=int, default=600)
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--gap", type=float, default=4.0, help="longest time between kills (s)")
    ap.add_argument("--lease", type=float, default=Settings().lease_seconds, help="a lease's term (the server's)")
    ap.add_argument("--game", default="smear", choices=registry.names())
    ap.add_argument("--bot-pause", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    name = f"cardtable_bench_{secrets.token_hex(4)}"
    admin = create_engine(args.pg, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        out = await run(args, make_url(args.pg).set(database=name).render_as_string(hide_password=False))
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    out["game"], out["lease_seconds"] = args.game, args.lease
    out["machine"] = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    asyncio.run(main())
