"""No hidden card reaches a seat or a spectator: every message each client got over random hands
of every game and preset, scanned against the cards it may not see at that version."""

from __future__ import annotations

import asyncio
import random

import pytest

from cardtable.record import Record, load_game, replay
from cardtable.registry import get_game, names, presets
from cardtable.web.ops.audit import leaks
from tests.web.client import Client, Server, create, join, play

CASES = [(game, preset) for game in names() for preset in sorted(presets(game))]


def over(msg: dict) -> bool:
    return msg["t"] == "table" and msg["table"]["status"] == "over"


@pytest.mark.parametrize(("game", "preset"), CASES)
async def test_no_message_names_a_card_its_recipient_may_not_see(server: Server, game: str, preset: str) -> None:
    seats = get_game(game).seats
    # A Seep hand may be a misdeal (about one in eight), told in a message or two: four hands make
    # a match of misdeals alone (too few messages to scan) about one in 3,500.
    t = create(server, game, ["human"] * seats, preset=preset, hands=4 if game == "seep" else 2)
    spectator = await Client.connect(server, t["table"], None)
    # Each person connects as soon as they join, before the last one's joining deals the first hand
    # (a seat not yet connected would be played for, and its messages never seen).
    clients = []
    for n in range(seats):
        clients.append(await Client.connect(server, t["table"], join(server, t, f"P{n}")["token"]))
    rng = random.Random(f"{game}-{preset}")
    await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), over) for c in clients))
    if spectator.table.get("status") != "over":
        await spectator.until(over)
    record = Record.from_json(server.get(f"/api/tables/{t['table']}/record").json())
    g = load_game(record)
    states = [step.state for step in replay(record, g)]
    checked = 0
    for c in [*clients, spectator]:
        for msg in c.received:
            if msg["t"] in ("snapshot", "event") and msg["v"] >= 1:
                assert leaks(g, states[msg["v"] - 1], c.seat, msg) == [], (c.seat, msg)
                checked += 1
    assert checked > 20
    for c in [*clients, spectator]:
        await c.close()
