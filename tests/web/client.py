"""Helpers for the web table's tests: a server in a subprocess, HTTP calls and a WebSocket client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

SRC = str(Path(__file__).resolve().parents[2] / "src")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``cardtable serve`` in a subprocess on a free loopback port."""

    def __init__(self, db: str, *extra: str) -> None:
        self.db = db
        self.extra = extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
        args = ["--bot-pause", "0", "--summary-pause", "0", "--bot-workers", "0", "--grace", "30"]
        # the tests make many tables from one address: the per-address limits are tested on their own
        args += ["--creates-per-minute", "100000", "--joins-per-minute", "100000", "--waiting-per-address", "100000"]
        args += self.extra
        cmd = [sys.executable, "-m", "cardtable", "serve", "--port", str(self.port), "--db", self.db, *args]
        # the server's log goes to a file: a pipe nobody reads would fill and stop the server
        self.log = Path(tempfile.mkdtemp(prefix="cardtable-serve-")) / "serve.log"
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                text = self.log.read_text(errors="replace")
                raise RuntimeError(f"the server stopped: {text}")
            try:
                httpx.get(self.url + "/api/tables", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def post(self, path: str, body: Any) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=30)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=30)


@contextlib.contextmanager
def running(db: str, *extra: str) -> Iterator[Server]:
    server = Server(db, *extra).start()
    try:
        yield server
    finally:
        server.stop()


class Client:
    """One WebSocket client at a table, keeping what the protocol gives it: version, view, legal, log."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.v = 0
        self.view: Any = None
        self.legal: list[str] = []
        self.log: list[str] = []
        self.received: list[dict[str, Any]] = []
        self.acks: dict[str, int] = {}
        self.rejected: list[dict[str, Any]] = []
        self.table: dict[str, Any] = {}

    @classmethod
    async def connect(cls, server: Server, table: str, token: str | None, v: int = 0, **kw: Any) -> Client:
        # No keepalive pings and no read-ahead limit: a client read only at the end must not be cut off.
        kw = {"ping_interval": None, "max_queue": None, **kw}
        ws = await websockets.connect(f"{server.ws}/ws/tables/{table}", max_size=2**22, **kw)
        client = cls(ws, None)
        await client.send({"t": "hello", "token": token, "v": v})
        client.v = v
        msg = await client.recv()
        assert msg["t"] in ("snapshot", "event"), msg
        client.seat = msg.get("seat") if msg["t"] == "snapshot" else client.seat
        return client

    async def send(self, msg: Any) -> None:
        await self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(msg)
        t = msg["t"]
        if t == "snapshot":
            self.v, self.view, self.log = msg["v"], msg["view"], list(msg["log"])
            self.legal = msg.get("legal", [])
            self.seat = msg["seat"]
            self.table = msg["table"]
        elif t == "event":
            assert msg["v"] == self.v + 1, (msg["v"], self.v)
            self.v, self.view = msg["v"], msg["view"]
            self.legal = msg.get("legal", [])
            if msg.get("match") is not None and msg["action"] == "deal" and self.log and msg.get("new_match"):
                self.log = []
            self.log.append(msg["action"])
        elif t == "ack":
            self.acks[msg["id"]] = msg["v"]
        elif t == "rejected":
            self.rejected.append(msg)
        elif t == "table":
            self.table = msg["table"]
        return msg

    async def until(self, pred: Any, timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message")
            msg = await self.recv(left)
            if pred(msg):
                return msg

    async def close(self) -> None:
        await self.ws.close()


def create(server: Server, game: str, seats: list[str], **kw: Any) -> dict[str, Any]:
    r = server.post("/api/tables", {"game": game, "seats": seats, **kw})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def join(server: Server, table: dict[str, Any], name: str, seat: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"invite": table["invite"], "name": name}
    if seat is not None:
        body["seat"] = seat
    r = server.post(f"/api/tables/{table['table']}/join", body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


async def play(client: Client, choose: Any, done: Any, timeout: float = 120) -> None:
    """Act with ``choose(client)`` whenever the client's seat is to act, until ``done(msg)``."""
    deadline = time.monotonic() + timeout
    acted = -1
    while True:
        if client.legal and client.v != acted:
            acted = client.v
            await client.send({"t": "act", "v": client.v, "action": choose(client), "id": f"s{client.seat}-{client.v}"})
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the table did not finish in time")
        msg = await client.recv(left)
        if done(msg):
            return
