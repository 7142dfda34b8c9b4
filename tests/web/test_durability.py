"""Nothing acknowledged is lost: the server is killed with SIGKILL mid-hand and started again on
the same database; every acknowledged action is there once, and the clients carry on."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path

import pytest

from cardtable.record import replay_record
from tests.web.client import Client, Server, create, join, play


def over(msg: dict) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


async def test_sigkill_mid_hand_loses_no_acknowledged_action_and_the_match_goes_on(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(db).start()
    try:
        t = create(server, "sheepshead", ["human", "rule", "human", "random", "rule"], hands=2)
        tokens = [join(server, t, name)["token"] for name in ("Ann", "Ben")]
        clients = [await Client.connect(server, t["table"], tok) for tok in tokens]
        rng = random.Random(5)
        sent: dict[str, tuple[int, str]] = {}
        acts = 0

        async def act_some(c: Client) -> None:
            nonlocal acts
            while acts < 6:
                if c.legal:
                    move, v = rng.choice(c.legal), c.v
                    sent[f"s{c.seat}-{v}"] = (c.seat or 0, move)
                    await c.send({"t": "act", "v": v, "action": move, "id": f"s{c.seat}-{v}"})
                    msg = await c.until(lambda m: m["t"] in ("ack", "rejected"))
                    acts += msg["t"] == "ack"
                else:
                    # short waits: once the other person's ack ends the loop, no event may come here
                    with contextlib.suppress(TimeoutError):
                        await c.recv(timeout=1)

        await asyncio.wait_for(asyncio.gather(*(act_some(c) for c in clients)), 120)
        acked = {i: v for c in clients for i, v in c.acks.items()}
        assert len(acked) >= 6
        server.kill()  # SIGKILL: no chance to flush anything
        for c in clients:
            await c.ws.close()
    finally:
        server.kill()
    again = Server(db).start()
    try:
        summary = again.get(f"/api/tables/{t['table']}").json()
        assert summary["version"] >= max(acked.values())
        back = [await Client.connect(again, t["table"], tok, v=0) for tok in tokens]
        log = back[0].log
        for client_id, v in acked.items():
            seat, move = sent[client_id]
            assert log[v - 1] == f"{seat} {move}"  # there, at its version, once
        # A resend of an acknowledged move after the restart is acked again, not applied twice.
        some_id, some_v = next(iter(acked.items()))
        seat_client = back[0] if sent[some_id][0] == back[0].seat else back[1]
        await seat_client.send({"t": "act", "v": 0, "action": sent[some_id][1], "id": some_id})
        assert (await seat_client.until(lambda m: m["t"] in ("ack", "rejected")))["v"] == some_v
        await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over) for c in back))
        record = again.get(f"/api/tables/{t['table']}/record").json()
        assert len(record["hands"]) == 2 and replay_record(record)[0] == 0
    finally:
        again.stop()


async def test_killed_at_random_moments_a_table_of_bots_is_rebuilt_whole(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    rng = random.Random(11)
    server = Server(db).start()
    t = create(server, "seep", ["rule"] * 4, hands=1)
    try:
        for _ in range(3):
            await asyncio.sleep(rng.uniform(0.05, 0.4))
            before = server.get(f"/api/tables/{t['table']}").json()["version"]
            server.kill()
            server = Server(db).start()
            after = server.get(f"/api/tables/{t['table']}").json()
            assert after["version"] >= before
        spectator = await Client.connect(server, t["table"], None)
        if spectator.table["status"] != "over":
            await spectator.until(over, timeout=120)
        record = server.get(f"/api/tables/{t['table']}/record").json()
        assert replay_record(record)[0] == 0
        assert len(record["hands"]) == 1
        assert server.get(f"/api/tables/{t['table']}").json()["version"] == 1 + len(record["hands"][0]["actions"])
    finally:
        server.stop()


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_bots_worker_processes_end_with_a_killed_server(tmp_path: Path) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc")
    server = Server(f"sqlite:///{tmp_path / 't.db'}", "--bot-workers", "1").start()
    try:
        t = create(server, "smear", ["rule"] * 4, hands=1)
        assert server.proc is not None
        deadline = time.monotonic() + 30
        while server.get(f"/api/tables/{t['table']}").json()["status"] != "over" and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children(server.proc.pid)
        assert workers, "the pool has started its worker"
    finally:
        server.kill()
    deadline = time.monotonic() + 10
    while any(
        Path(f"/proc/{w}").exists() and "Z" not in Path(f"/proc/{w}/stat").read_text().split()[2] for w in workers
    ):
        assert time.monotonic() < deadline, "a bot worker outlived the server"
        time.sleep(0.2)
