"""Helpers for the tests and benchmarks of several servers over one database: HAProxy in front
(run from the configuration in docs/deploy/haproxy.cfg, with only its ports changed), and a
scripted person who keeps playing through reconnections and hand-overs."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.web.client import Client, Server

CONFIG = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "haproxy.cfg"


class Proxy(Server):
    """HAProxy from the documented configuration, in front of ``servers``."""

    def __init__(self, servers: list[Server]) -> None:
        super().__init__("")
        self.servers = servers
        self.dir = Path(tempfile.mkdtemp())

    def start(self) -> Proxy:
        text = CONFIG.read_text()
        text = text.replace("bind 127.0.0.1:8080", f"bind 127.0.0.1:{self.port}")
        lines = [f"    server s{n + 1} 127.0.0.1:{s.port} check" for n, s in enumerate(self.servers)]
        text = re.sub(r"(?m)^    server s\d .*\n?", "", text).rstrip() + "\n" + "\n".join(lines) + "\n"
        cfg = self.dir / "haproxy.cfg"
        cfg.write_text(text)
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        with open(self.dir / "haproxy.log", "wb") as out:  # a file, not a pipe nobody reads
            self.proc = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/readyz", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("HAProxy did not start")


def cluster_server(db: str, lease: float = 2.0, *extra: str) -> Server:
    return Server(db, "--cluster", "--lease-seconds", str(lease), "--trusted-proxy", "127.0.0.1", *extra)


class Player:
    """A scripted person in one seat who plays random legal moves, reconnecting whenever the
    connection closes (a hand-over, a dead server), until the table's match is over."""

    def __init__(self, table: str, token: str, seed: int) -> None:
        self.table, self.token = table, token
        self.rng = random.Random(seed)
        self.seen = 0
        self.sent: dict[str, tuple[int, str]] = {}
        self.acked: dict[str, int] = {}
        self.errors: list[str] = []
        self.reconnects = 0
        self.over = False
        self.gaps: list[float] = []  # seconds from a lost connection to a served hello
        self.latencies: list[float] = []  # seconds from an act to its ack
        self.scores: dict[int, list[int]] = {}  # each hand's score as the hand's end was sent, by version

    async def play(self, via: Any, deadline: float, stop_after: int | None = None) -> None:
        """Play through ``via`` (a `Server` or a function giving one) until the match is over."""
        lost_at: float | None = None
        while time.monotonic() < deadline and not self.over:
            server = via() if callable(via) else via
            try:
                c = await Client.connect(server, self.table, self.token, v=self.seen)
            except (websockets.ConnectionClosed, websockets.InvalidStatus, OSError, AssertionError, TimeoutError):
                await asyncio.sleep(0.1)
                continue
            if lost_at is not None:
                self.gaps.append(time.monotonic() - lost_at)
                lost_at = None
            self.seen = c.v
            try:
                if c.table.get("status") == "over":
                    self.over = True
                    break
                acted = -1
                sent_at = 0.0
                while True:
                    if stop_after is not None and len(self.acked) >= stop_after:
                        await c.close()
                        return
                    if c.legal and c.v != acted:
                        acted = c.v
                        move = self.rng.choice(c.legal)
                        client_id = f"p{c.seat}-{c.v}"
                        self.sent[client_id] = (c.v + 1, move)
                        sent_at = time.perf_counter()
                        await c.send({"t": "act", "v": c.v, "action": move, "id": client_id})
                    msg = await c.recv(30)
                    self.seen = c.v
                    if msg.get("result") and msg["t"] == "event":
                        self.scores[msg["v"]] = list(msg["result"]["score"])
                    if msg["t"] == "ack":
                        if msg["id"] not in self.acked:
                            self.latencies.append(time.perf_counter() - sent_at)
                        self.acked[msg["id"]] = msg["v"]
                    elif msg["t"] == "rejected" and msg["reason"] not in ("stale", "elsewhere", "not_your_turn"):
                        self.errors.append(str(msg))
                    elif msg["t"] == "table" and msg["table"]["status"] == "over":
                        self.over = True
                        await c.close()
                        return
            except (websockets.ConnectionClosed, OSError, TimeoutError):
                self.reconnects += 1
                lost_at = time.monotonic()
                await asyncio.sleep(0.05)


def lost_moves(player: Player, record: dict[str, Any], seat: int) -> list[str]:
    """The acknowledged moves of ``player`` that the final record does not hold at their version."""
    versions: list[str] = []
    for hand in record["hands"]:
        versions += ["deal", *hand["actions"]]
    lost = []
    for client_id, v in player.acked.items():
        if v > len(versions) or versions[v - 1] != f"{seat} {player.sent[client_id][1]}":
            lost.append(client_id)
    return lost
