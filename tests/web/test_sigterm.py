"""A server stopped with ``SIGTERM`` mid-hand (web.md §5): it closes every live connection with
code 1012, exits with status 0 within 10 s, and a server started again on the same database has
every acknowledged move; the clients come back with ``hello`` and carry on."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
from pathlib import Path

import websockets

from tests.web.client import Client, Server, create, join


async def test_sigterm_mid_hand_closes_with_1012_exits_0_and_loses_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(db, "--bot-pause", "0.05").start()
    try:
        t = create(server, "sheepshead", ["human", "rule", "human", "rule", "rule"], hands=3)
        tokens = [join(server, t, name)["token"] for name in ("Ann", "Ben")]
        clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
        rng = random.Random(3)
        acts = 0

        async def act_some(c: Client) -> None:
            nonlocal acts
            while acts < 5:
                if c.legal:
                    v = c.v
                    await c.send({"t": "act", "v": v, "action": rng.choice(c.legal), "id": f"s{c.seat}-{v}"})
                    msg = await c.until(lambda m: m["t"] in ("ack", "rejected"))
                    acts += msg["t"] == "ack"
                else:
                    with contextlib.suppress(TimeoutError):
                        await c.recv(timeout=0.5)

        await asyncio.wait_for(asyncio.gather(*(act_some(c) for c in clients)), 120)
        acked = {i: v for c in clients for i, v in c.acks.items()}
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        codes = []
        for c in clients:
            with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
                while True:
                    await c.recv(timeout=10)
            codes.append(c.ws.close_code)
        assert server.proc.wait(10) == 0
        assert codes == [1012, 1012], codes
    finally:
        server.kill()
    again = Server(db).start()
    try:
        summary = again.get(f"/api/tables/{t['table']}").json()
        assert summary["version"] >= max(acked.values())
        back = [await Client.connect(again, t["table"], tok, v=c.v) for tok, c in zip(tokens, clients, strict=True)]
        for c, b in zip(clients, back, strict=True):
            assert b.v >= c.v  # a snapshot at the version reached, or the events missed since
        full = await Client.connect(again, t["table"], tokens[0], v=0)
        mine = [line for line in full.log if line.startswith(("0 ", "2 "))]
        assert len(mine) >= len(acked)
        for c in [*back, full]:
            await c.close()
    finally:
        again.stop()
