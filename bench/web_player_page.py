"""What a player's page costs as its history grows (docs/ratings.md, "The player's page"): the
page's data read for a player with few rated hands and for one with many, on the same database in
the same process, and the same over HTTP against a request that reads nothing (``GET
/api/server``) as the baseline.

    python bench/web_player_page.py [--small 1000] [--large 20000] [--hands-per-table 40] [--db URL]

The rows are written straight into a fresh database (SQLite in a temporary folder unless
``--db`` names an empty one): the history rows, tables, seats, deals and ratings a server would
have written for that many rated hands. The page reads the last `page.HISTORY_POINTS` hands of
each game's chart and `page.TABLES_PAGE` tables, so its cost should not follow the history's size
once each game has that many hands (1,000 hands in three games do).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from fastapi.testclient import TestClient
from sqlalchemy import insert

from cardtable.web import schema
from cardtable.web.app import create_app
from cardtable.web.database import make_engine
from cardtable.web.ops.migrate import upgrade
from cardtable.web.players import page
from cardtable.web.players.store import create_player, new_player_token
from cardtable.web.settings import Settings
from cardtable.web.tokens import token_hash

GAMES = ("sheepshead", "smear", "seep")


def fill(engine: Any, player: str, hands: int, per_table: int, start: float) -> None:
    """``hands`` rated hands of ``player`` spread over tables of ``per_table`` hands, the games
    in turn, as the rating transactions would have written them."""
    key = f"player:{player}"
    now = start
    tables, seats, deals, history, rated, results = [], [], [], [], [], []
    totals: dict[str, dict[str, int]] = {}
    for n in range(0, hands, per_table):
        game = GAMES[(n // per_table) % len(GAMES)]
        table = f"{player[:6]}{n:08d}"
        tables.append(
            {"id": table, "game": game, "rules": {}, "public": False, "hands": per_table, "move_seconds": None,
             "host_hash": "0" * 64, "invite_hash": "0" * 64, "status": "closed", "created": now}
        )  # fmt: skip
        seats += [
            {
                "table_id": table,
                "seat": s,
                "kind": "rule" if s else "human",
                "name": None if s else "Ann",
                "token_hash": None,
            }
            for s in range(5 if game == "sheepshead" else 4)
        ]
        for h in range(min(per_table, hands - n)):
            now += 30
            deck = ["AS"] * 52
            deals.append({"table_id": table, "version": 2 * h + 1, "seat": -1, "text": "deal", "client_id": None,
                          "data": {"deck": deck, "match": 0, "new_match": h == 0, "dealer": 0}, "stand_in": False,
                          "created": now})  # fmt: skip
            counts = {
                "hands": 1,
                "won": h % 2,
                "lost": 1 - h % 2,
                "tied": 0,
                "points": 1 if h % 2 else -1,
                "picked": h % 5 == 0,
            }
            counts = {k: int(v) for k, v in counts.items()}
            history.append({"who": key, "table_id": table, "match": 0, "hand": h, "game": game, "seats": [0],
                            "sides": {"seats": [[0, 2], [1, 3]], "scores": [1, -1]}, "mu": 25 + h % 7,
                            "sigma": 3.0, "mu_before": 25, "counts": counts, "created": now})  # fmt: skip
            rated.append({"table_id": table, "match": 0, "hand": h, "game": game, "sides": {}, "created": now})
            t = totals.setdefault(game, {})
            for k, v in counts.items():
                t[k] = t.get(k, 0) + v
        kept = [r for r in history if r["table_id"] == table]
        results.append({"who": key, "table_id": table, "game": game, "mu_before": 25.0, "mu": kept[-1]["mu"],
                        "counts": {"hands": len(kept), "won": sum(r["counts"]["won"] for r in kept)},
                        "people": {str(s): [len(kept) // 2, len(kept) - len(kept) // 2] for s in range(1, 4)},
                        "first": kept[0]["created"], "last": kept[-1]["created"]})  # fmt: skip
    with engine.begin() as conn:
        conn.execute(insert(schema.tables), tables)
        conn.execute(insert(schema.seats), seats)
        conn.execute(insert(schema.actions), deals)
        conn.execute(insert(schema.hand_history), history)
        conn.execute(insert(schema.rated_hands), rated)
        conn.execute(insert(schema.table_results), results)
        conn.execute(
            insert(schema.seat_players),
            [{"table_id": t["id"], "seat": 0, "player_id": player, "created": t["created"]} for t in tables],
        )
        for game, counts in totals.items():
            mine = sum(1 for r in history if r["game"] == game)
            conn.execute(insert(schema.ratings).values(game=game, who=key, mu=27.0, sigma=3.0, hands=mine, updated=now))
            conn.execute(insert(schema.stat_totals).values(game=game, who=key, counts=counts, since=start, updated=now))


def timed(calls: dict[str, Callable[[], Any]], runs: int) -> dict[str, float]:
    """The median time of ``runs`` calls of each, after one to warm up; the calls take turns, so
    that a busy moment of a shared machine falls on each alike."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    for fn in calls.values():
        fn()
    for _ in range(runs):
        for name, fn in calls.items():
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    return {name: statistics.median(got) for name, got in times.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--large", type=int, default=20000)
    parser.add_argument("--hands-per-table", type=int, default=40)
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="cardtable-page-")
    url = args.db or f"sqlite:///{folder}/tables.db"
    upgrade(url)
    engine = make_engine(url)
    people = {}
    for label, hands in (("small", args.small), ("large", args.large)):
        pid = ("a" if label == "small" else "b") * 12
        token = new_player_token(pid)
        create_player(engine, "Ann", False, token_hash(token), pid)
        fill(engine, pid, hands, args.hands_per_table, 1.7e9)
        people[label] = (pid, token, hands)
    print(
        f"# {platform.machine()} {platform.processor() or ''} python {platform.python_version()}; {url.split(':')[0]}"
    )
    print("| what | few hands | many hands | many / few |")
    print("|---|---|---|---|")
    key = {label: f"player:{pid}" for label, (pid, _, _) in people.items()}
    got = timed({label: lambda k=k: page.page(engine, k) for label, k in key.items()}, args.runs)
    small, large = got["small"], got["large"]
    print(f"| the page's data read (`page.page`), ms | {small * 1e3:.1f} | {large * 1e3:.1f} | {large / small:.2f} |")
    settings = Settings(db=url, bot_workers=0, allowed_hosts=("testserver",))
    with TestClient(create_app(settings)) as client:
        calls: dict[str, Callable[[], Any]] = {"base": lambda: client.get("/api/server")}
        for label, (_, token, _) in people.items():
            calls[label] = lambda t=token: client.post("/api/players/me", json={"token": t})
        http = timed(calls, args.runs)
    base = http["base"]
    print(
        f"| `POST /api/players/me` over `GET /api/server` | {http['small'] / base:.1f} | {http['large'] / base:.1f} |"
        f" {http['large'] / http['small']:.2f} |"
    )
    print(f"# {people['small'][2]} and {people['large'][2]} rated hands, {args.hands_per_table} a table")
    engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
