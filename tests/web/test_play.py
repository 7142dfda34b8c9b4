"""Whole matches over real sockets: people and bots play to the end, and the record replays."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardtable.record import Record, load_game, replay, replay_record
from cardtable.web.ops.audit import leaks
from tests.web.client import SRC, Client, Server, create, join, play


def over(msg: dict) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


async def test_two_people_and_two_bots_play_a_smear_match_that_replays_and_verifies(
    server: Server, tmp_path: Path
) -> None:
    t = create(server, "smear", ["human", "rule", "human", "random"], hands=2)
    a, b = join(server, t, "Ann"), join(server, t, "Ben")
    assert (a["seat"], b["seat"]) == (0, 2)
    ca = await Client.connect(server, t["table"], a["token"])
    cb = await Client.connect(server, t["table"], b["token"])
    rng = random.Random(1)
    await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over) for c in (ca, cb)))
    assert ca.rejected == [] and cb.rejected == []
    assert ca.v == cb.v
    record = server.get(f"/api/tables/{t['table']}/record").json()
    assert len(record["hands"]) == 2
    status, report = replay_record(record)
    assert status == 0 and report["ok"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    env = {**os.environ, "PYTHONPATH": SRC}
    checked = subprocess.run(
        [sys.executable, "-m", "cardtable", "verify", str(path)], env=env, capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.splitlines() == [f"hand {h}: verified" for h in range(2)]
    summary = server.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "over" and summary["version"] == ca.v
    await ca.close()
    await cb.close()


async def test_a_table_of_bots_plays_sheepshead_hands_by_itself(server: Server) -> None:
    t = create(server, "sheepshead", ["rule"] * 5, hands=2)
    spectator = await Client.connect(server, t["table"], None)
    if spectator.table["status"] != "over":
        await spectator.until(over)
    record = server.get(f"/api/tables/{t['table']}/record").json()
    assert [h["dealer"] for h in record["hands"]] == [
        record["hands"][0]["dealer"],
        (record["hands"][0]["dealer"] + 1) % 5,
    ]
    assert replay_record(record)[0] == 0
    await spectator.close()


async def test_the_hand_that_ends_the_tables_match_says_so(server: Server) -> None:
    # web.md: the event of a hand's last action has "match_over": true when it ends the table's
    # match (here its two hands), and the narration it carries then names nobody to deal next.
    t = create(server, "smear", ["human", "rule", "rule", "rule"], hands=2)
    client = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
    rng = random.Random(3)
    await play(client, lambda c: rng.choice(c.legal), over)
    ends = [m for m in client.received if m["t"] == "event" and "result" in m]
    assert len(ends) == 2
    assert "match_over" not in ends[0] and ends[-1]["match_over"] is True
    assert ends[0]["say"][-1].endswith((" next.", " again."))
    assert not ends[-1]["say"][-1].endswith((" next.", " again."))
    await client.close()


async def test_a_snapshot_at_a_hands_end_carries_what_its_event_did(tmp_path: Path) -> None:
    # A page that reconnects while a finished hand's summary is on show (the pause before the next
    # deal, five seconds here) gets a snapshot with the hand's result, the match after it and whether it ended the
    # table's match, as the hand's last event gave them (web.md), so its facts and its summary
    # agree with a page that never left.
    server = Server(f"sqlite:///{tmp_path / 'tables.db'}", "--summary-pause", "5").start()
    try:
        t = create(server, "smear", ["human", "rule", "rule", "rule"], hands=2)
        token = join(server, t, "Ann")["token"]
        ann = await Client.connect(server, t["table"], token)
        rng = random.Random(5)
        end = await _play_until(ann, rng, lambda m: m["t"] == "event" and "result" in m)
        assert "match_over" not in end
        snaps = []
        for who in (token, None):  # Ann again, on a second page, and a spectator
            page = await Client.connect(server, t["table"], who)
            snap = page.received[0]
            assert snap["t"] == "snapshot" and snap["v"] == end["v"]
            assert snap["result"] == end["result"] and snap["match_state"] == end["match_state"]
            assert snap["shuffle"] == end["shuffle"] and "match_over" not in snap
            snaps.append(snap)
            await page.close()
        # and nothing in them names a card its recipient may not see (web.md)
        record = Record.from_json(server.get(f"/api/tables/{t['table']}/record").json())
        game = load_game(record)
        states = [step.state for step in replay(record, game)]
        for snap in snaps:
            assert leaks(game, states[snap["v"] - 1], snap["seat"], snap) == []
        # mid-hand, a snapshot says nothing of a result
        await ann.until(lambda m: m["t"] == "event" and m["action"] == "deal", timeout=60)
        page = await Client.connect(server, t["table"], None)
        assert not {"result", "match_state", "match_over", "shuffle"} & set(page.received[0])
        await page.close()
        last = await _play_until(ann, rng, lambda m: m["t"] == "event" and "result" in m)
        assert last["match_over"] is True
        page = await Client.connect(server, t["table"], None)
        snap = page.received[0]
        assert snap["match_over"] is True and snap["match_state"] == last["match_state"]
        await page.close()
        await ann.close()
    finally:
        server.stop()


async def _play_until(client: Client, rng: random.Random, done: Any) -> dict[str, Any]:
    """Play randomly for ``client`` until a message ``done`` accepts; that message."""
    found: list[dict[str, Any]] = []

    def seen(msg: dict[str, Any]) -> bool:
        if done(msg):
            found.append(msg)
            return True
        return False

    await play(client, lambda c: rng.choice(c.legal), seen)
    return found[0]
