"""No client of the tournaments slows every table (web.md §5): while a few clients create
tournaments of 400 entrants and start their rounds, poll a big tournament's public view while its
results come in, or ask for QR codes and the CSV, another table played by bots keeps at least half
the pace it had on the quiet server, measured in the same run (moves a second, from the table's
version before and after each window: a ratio, never a time).

Each flood prints its paces (``-s`` shows them): docs/tournaments.md quotes them.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.client import Server, create, running

#: A measure of pace: run with no test of another process beside it (tests/conftest.py).
pytestmark = pytest.mark.alone

#: How long each window of measuring lasts, in seconds.
WINDOW = 6.0
#: The clients flooding at once.
CLIENTS = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("floods") / "tables.db"
    s = Server(f"sqlite:///{db}", "--bot-pause", "0.02", "--summary-pause", "0").start()
    try:
        yield s
    finally:
        s.stop()


def big_hall(server: Server, game: str = "sheepshead", people: int = 400, rounds: int = 30) -> dict[str, Any]:
    """A hall tournament (no tables made: the round's cost is its seating and its store) of
    ``people`` entrants, registered."""
    r = server.post(
        "/api/tournaments",
        {"name": "Flood", "game": game, "rounds": rounds, "hands": 2, "hall": True, "max_entrants": 400},
    )
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()
    with httpx.Client(base_url=server.url, timeout=60) as http:
        for n in range(1, people + 1):
            got = http.post(f"/api/tournaments/{t['tournament']}/entrants", json={"name": f"Entrant {n}"})
            assert got.status_code == 201, got.text
    return t


async def pace(http: httpx.AsyncClient, table: str, seconds: float) -> float:
    """The bot table's moves a second over ``seconds``."""

    async def version() -> tuple[float, int]:
        got = await http.get(f"/api/tables/{table}")
        return time.monotonic(), int(got.json()["version"])

    t0, v0 = await version()
    await asyncio.sleep(seconds)
    t1, v1 = await version()
    return (v1 - v0) / (t1 - t0)


async def measure(server: Server, flood: Callable[[httpx.AsyncClient, int], Awaitable[None]], name: str) -> None:
    """The bot table's pace quiet, then while ``CLIENTS`` clients run ``flood`` over and over."""
    table = create(server, "sheepshead", ["rule"] * 5, hands=1000)["table"]  # a match with no end of its own
    async with httpx.AsyncClient(base_url=server.url, timeout=120) as http:
        await asyncio.sleep(1.0)  # the table is dealt and under way
        quiet = await pace(http, table, WINDOW)
        stop = asyncio.Event()
        counts: dict[int, int] = {}

        async def client(n: int) -> None:
            async with httpx.AsyncClient(base_url=server.url, timeout=120) as own:
                while not stop.is_set():
                    await flood(own, n)
                    counts[n] = counts.get(n, 0) + 1

        clients = [asyncio.create_task(client(n)) for n in range(CLIENTS)]
        await asyncio.sleep(0.5)
        flooded = await pace(http, table, WINDOW)
        stop.set()
        await asyncio.gather(*clients)
    print(f"{name}: quiet {quiet:.1f} moves/s, flooded {flooded:.1f} moves/s ({flooded / quiet:.2f}); {counts}")
    assert quiet > 5, f"the bot table barely moved on the quiet server ({quiet:.1f} moves/s)"
    assert sum(counts.values()) >= CLIENTS, "the flood did not run"
    assert flooded >= quiet / 2, f"{name}: {flooded:.1f} moves/s against {quiet:.1f} quiet"


async def test_starting_rounds_of_400_entrants_leaves_other_tables_their_pace(server: Server) -> None:
    tournaments = [big_hall(server) for _ in range(CLIENTS)]
    rounds = dict.fromkeys(range(CLIENTS), 0)

    async def flood(http: httpx.AsyncClient, n: int) -> None:
        t = tournaments[n]
        base = f"/api/tournaments/{t['tournament']}"
        if rounds[n] >= 30:
            return
        r = await http.post(f"{base}/rounds", json={"director": t["director"]})
        assert r.status_code in (200, 429, 503), r.text
        if r.status_code == 200:
            rounds[n] += 1
            r = await http.post(f"{base}/rounds/{rounds[n]}/end", json={"director": t["director"]})
            assert r.status_code == 200, r.text

    await measure(server, flood, "round starts of 400 entrants")
    assert sum(rounds.values()) >= CLIENTS, rounds


async def test_polling_a_big_tournament_while_its_results_come_in_leaves_other_tables_their_pace(
    server: Server,
) -> None:
    t = big_hall(server, "smear", 400)
    base = f"/api/tournaments/{t['tournament']}"
    for n in (1, 2):  # two rounds over, so the standings have something to count
        assert server.post(f"{base}/rounds", {"director": t["director"]}).status_code == 200
        assert server.post(f"{base}/rounds/{n}/end", {"director": t["director"]}).status_code == 200
    assert server.post(f"{base}/rounds", {"director": t["director"]}).status_code == 200
    hands = itertools.count()

    async def flood(http: httpx.AsyncClient, n: int) -> None:
        if n == 0:  # the director enters a result: the tournament's version changes
            k = next(hands)
            body = {"token": t["director"], "round": 3, "table": 1 + k // 2 % 100, "hand": 1 + k % 2}
            entry = {"bidder": 0, "bid": 2, "points": [3, 1]}
            r = await http.post(f"{base}/results", json={**body, "entry": entry})
            assert r.status_code in (201, 409), r.text
        r = await http.get(base)
        assert r.status_code == 200 and len(r.json()["standings"]) == 400

    await measure(server, flood, "public reads of 400 entrants with results coming in")


async def test_qr_codes_and_the_csv_leave_other_tables_their_pace(server: Server) -> None:
    t = big_hall(server, "sheepshead", 400, rounds=2)
    base = f"/api/tournaments/{t['tournament']}"
    assert server.post(f"{base}/rounds", {"director": t["director"]}).status_code == 200
    numbers = itertools.count()

    async def flood(http: httpx.AsyncClient, n: int) -> None:
        k = next(numbers)
        if n == 0:
            r = await http.get(f"{base}/results.csv")
            assert r.status_code in (200, 429), r.text
        r = await http.get(f"{base}/qr/1/{1 + k % 80}.svg")
        assert r.status_code in (200, 429), r.text
        r = await http.get(f"{base}/qr/{'9' * 900}/1.svg")  # refused at once
        assert r.status_code in (404, 429), r.text

    await measure(server, flood, "QR codes and CSV")


def test_the_qr_codes_and_the_csv_are_limited_per_address(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 't.db'}") as s:
        t = big_hall(s, "sheepshead", 10, rounds=2)
        base = f"/api/tournaments/{t['tournament']}"
        assert s.post(f"{base}/rounds", {"director": t["director"]}).status_code == 200
        with httpx.Client(base_url=s.url, timeout=60) as http:
            qr = [http.get(f"{base}/qr/1/{1 + k % 2}.svg").status_code for k in range(130)]
            csv = [http.get(f"{base}/results.csv").status_code for _ in range(20)]
        assert 429 in qr and qr[:50] == [200] * 50, qr
        assert 429 in csv and csv[:5] == [200] * 5, csv
