"""What the log says when the world fails rather than the code: a database that stops answering
for a while, and a cluster's table handed from one process to another. Each is one line (when it
begins, and when it is over), never a traceback: tracebacks are kept for bugs, so that an
operator reading the log finds them. The server keeps its promises meanwhile: requests that need
the database are ``503`` with one line, and the tables play on once it is back.

The outage and the two processes need PostgreSQL (``CARDTABLE_TEST_PG``): they skip locally
without it, and fail in CI.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy.engine import make_url

from tests.web.client import Client, Server, create, free_port, join
from tests.web.cluster import Player, cluster_server


class Cable:
    """A TCP connection between the server and its database that the test can cut and mend: a
    forwarder on a port of its own to the database's. Cut, every connection through it is reset
    and new ones are refused; mended, it forwards again on the same port."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = free_port()
        self.listener: socket.socket | None = None
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()

    def mend(self) -> Cable:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def cut(self) -> None:
        listener, self.listener = self.listener, None
        if listener is not None:  # shut down first: that wakes the thread waiting in accept()
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for a, b in pairs:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.pairs.append((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := a.recv(65536):
                b.sendall(data)
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)


@contextlib.contextmanager
def through_cable(db: str) -> Iterator[tuple[Cable, str]]:
    url = make_url(db)
    cable = Cable(url.host or "127.0.0.1", url.port or 5432).mend()
    try:
        yield cable, url.set(host="127.0.0.1", port=cable.port).render_as_string(hide_password=False)
    finally:
        cable.cut()


def tracebacks(server: Server) -> list[str]:
    text = server.log.read_text(errors="replace")
    return [chunk[:600] for chunk in text.split("Traceback (most recent call last)")[1:]]


async def test_a_database_outage_is_one_line_and_the_tables_play_on(pg_db: str) -> None:
    with through_cable(pg_db) as (cable, url):
        server = Server(url, "--bot-pause", "0.05").start()
        try:
            t = create(server, "sheepshead", ["rule"] * 5, hands=100)
            watcher = await Client.connect(server, t["table"], None)
            await watcher.until(lambda m: m["t"] == "event" and m["v"] >= 3)
            cable.cut()
            await asyncio.sleep(2.0)  # the bots try to store their moves, and fail
            r = server.post("/api/tables", {"game": "smear", "seats": ["rule"] * 4})
            assert r.status_code == 503 and set(r.json()) == {"error"} and r.headers["retry-after"], r.text
            assert "127.0.0.1" not in r.json()["error"]  # nothing of the database's address
            assert httpx.get(server.url + "/readyz", timeout=30).status_code == 503
            stalled = watcher.v
            await asyncio.sleep(1.0)
            cable.mend()
            moved = await watcher.until(lambda m: m["t"] == "event" and m["v"] > stalled + 3, timeout=60)
            assert moved["v"] > stalled
            assert server.post("/api/tables", {"game": "smear", "seats": ["rule"] * 4}).status_code == 201
            await watcher.close()
        finally:
            server.stop()
    assert not tracebacks(server), tracebacks(server)
    lines = server.log.read_text().splitlines()
    said = [line for line in lines if "the database does not answer" in line]
    assert said, "the outage is not in the log"
    assert len(said) <= 6, said  # once when it began, not on every retry
    assert any("works again" in line for line in lines)


async def test_a_cluster_hand_over_is_one_line(pg_db: str) -> None:
    """Two people of one table, each on another process: the table is handed back and forth all
    match long. Each hand-over is a line in each process's log, with no traceback."""
    a = cluster_server(pg_db, 2.0, "--bot-pause", "0.02")
    b = cluster_server(pg_db, 2.0, "--bot-pause", "0.02")
    try:  # both are stopped, whatever fails
        a.start()
        b.start()
        t = create(a, "smear", ["human", "rule", "human", "rule"], hands=2)
        ann, ben = (Player(t["table"], join(a, t, name)["token"], seed) for name, seed in (("Ann", 1), ("Ben", 2)))
        deadline = time.monotonic() + 240
        await asyncio.gather(ann.play(a, deadline), ben.play(b, deadline))
        assert ann.over and ben.over, "the match did not end in time"
        assert ann.reconnects + ben.reconnects >= 2, "the table was never handed over"
    finally:
        a.stop()
        b.stop()
    for s in (a, b):
        assert not tracebacks(s), tracebacks(s)
    said = a.log.read_text() + b.log.read_text()
    assert "handed to the server that asked for it" in said


async def test_a_bot_move_met_by_a_hand_over_is_one_line(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A table that another process took over (its next version stored there: `LiveTable.lost`)
    refuses the bot's move it was about to make; that is a hand-over, said in one line."""
    from cardtable.web.ops.migrate import upgrade
    from cardtable.web.settings import Settings
    from cardtable.web.tables.hub import Hub

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    upgrade(url)
    hub = Hub(Settings(db=url, bot_pause=60, summary_pause=60, bot_workers=0))
    try:
        made = await hub.create({"game": "smear", "seats": ["rule"] * 4})
        table = hub.tables[made["table"]]
        table.lost = True  # as a store of its next version found it stored by another process
        actor = table.game.actor(table.state)
        text = table.game.format(table.game.legal_actions(table.state)[0])
        with caplog.at_level(logging.INFO, logger="cardtable.web"):
            await table._quietly(lambda: table._move(actor, text, None, False))
    finally:
        hub.close()
    said = [r for r in caplog.records if "moved to another server" in r.getMessage()]
    assert said and not any(r.exc_info for r in caplog.records), [r.getMessage() for r in caplog.records]
