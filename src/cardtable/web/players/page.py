"""What a player's page and a bot's page show, read from the store: the ratings by game (each the
mean inside its range, provisional until settled), the rating after each of the last hands for
the chart, the statistics by game (`cardtable.stats`), and the tables played at, newest first and
a page at a time, each with its people (who sat with the player and who against, hand by hand),
the hands won, tied and lost, the points, the rating's change there, and the links to each
match's record and its review.

Everything here reads the database and is called from a worker thread (the routes use
``asyncio.to_thread``), never on the event loop; every read is bounded: the chart's last
`HISTORY_POINTS` hands of each game, `TABLES_PAGE` tables at a time (``before`` pages back), each
table's results one row kept up to date as its hands are rated (``table_results``), and a few
queries for the whole page of tables rather than some for each: what a page costs does not grow
with a player's hands (bench/web_player_page.py measures it).

A bot's page is public, so it lists only the public tables it played at (those of the open list,
which anyone may watch): a private table's id is its invitation, and its people did not choose to
be seen there. The bot's ratings, chart and statistics count every rated hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Engine, func, select

from cardtable import registry, stats
from cardtable.core import BadRules, Stat
from cardtable.web.database import snapshot
from cardtable.web.players.ratings import SETTLED_SIGMA, Skill, nearest
from cardtable.web.schema import (
    actions,
    hand_history,
    rated_hands,
    ratings,
    seat_players,
    seats,
    stat_totals,
    table_results,
    tables,
)
from cardtable.web.tables.live import HUMAN

#: The hands of each game the rating chart shows (the last ones).
HISTORY_POINTS = 200
#: The tables one page of results shows.
TABLES_PAGE = 20


def page(
    engine: Engine,
    key: str,
    before: float | None = None,
    public_only: bool = False,
    is_bot: Callable[[str, str], bool] | None = None,
) -> dict[str, Any]:
    """The page of the rated one ``key`` (``player:ID`` or ``bot:NAME``): its ratings, chart
    points, statistics and a page of its tables (those before ``before``, newest first; only the
    public ones with ``public_only``); ``more`` is the ``before`` of the next page, or ``None``.
    ``is_bot(game, name)`` says which rated names are bots a player may be compared with (a name
    stored before tables kept bots under their own names is none).
    Read at one moment, so the ratings agree with the tables' counts while a hand is rated."""
    with snapshot(engine) as conn:
        skills = _skills_of(conn, key)
        # the bots to compare with (a bot is not compared with itself)
        # the bots to compare with: real bots of the game (``is_bot(game, name)``), a bot not with itself
        bots = {
            game: {
                n: s
                for n, s in _bot_skills(conn, game).items()
                if f"bot:{n}" != key and (is_bot is None or is_bot(game, n))
            }
            for game in skills
        }
        shown = {}
        for game, skill in sorted(skills.items()):
            like = nearest(skill, bots[game])
            shown[game] = {
                **skill.to_json(),
                "settled_sigma": SETTLED_SIGMA,
                "like": like,
                **({"like_rating": bots[game][like].to_json()} if like else {}),
            }
        history = {game: _history(conn, key, game, skill) for game, skill in sorted(skills.items())}
        totals = _totals(conn, key)
        if public_only:
            rows, more = _bot_tables(conn, key, before)
        else:
            rows, more = _player_tables(conn, key, before)
        _fill_tables(conn, key, rows)
    return {
        "ratings": shown,
        "history": history,
        "stats": {
            game: {"since": since, "rows": stats.rows(_stats_of(game), counts)} for game, (counts, since) in totals
        },
        "tables": rows,
        "more": more,
    }


def _stats_of(game: str) -> tuple[Stat, ...]:
    try:
        return stats.stats_of(registry.game_class(game))
    except BadRules:  # a game no longer registered: what every game has
        return stats.GENERIC


def _skills_of(conn: Any, key: str) -> dict[str, Skill]:
    rows = conn.execute(select(ratings).where(ratings.c.who == key)).mappings()
    return {r["game"]: Skill(r["mu"], r["sigma"], r["hands"]) for r in rows}


def _bot_skills(conn: Any, game: str) -> dict[str, Skill]:
    rows = conn.execute(select(ratings).where(ratings.c.game == game, ratings.c.who.startswith("bot:"))).mappings()
    return {r["who"].removeprefix("bot:"): Skill(r["mu"], r["sigma"], r["hands"]) for r in rows}


def _history(conn: Any, key: str, game: str, skill: Skill) -> dict[str, Any]:
    """The rating after each of the game's last `HISTORY_POINTS` hands, oldest first (read in the
    index's order, none sorted). ``hands`` is the number of hands the rating was learned from and
    ``first`` the number of the first hand shown among them: the last point is the last hand."""
    rows = conn.execute(
        select(hand_history.c.mu, hand_history.c.sigma, hand_history.c.created)
        .where(hand_history.c.who == key, hand_history.c.game == game)
        .order_by(hand_history.c.created.desc())
        .limit(HISTORY_POINTS)
    ).all()
    points = [
        {"at": float(at), "rating": round(mu, 2), "low": round(mu - 2 * sg, 2), "high": round(mu + 2 * sg, 2)}
        for mu, sg, at in reversed(rows)
    ]
    return {"first": skill.hands - len(points) + 1, "hands": skill.hands, "points": points}


def _totals(conn: Any, key: str) -> list[tuple[str, tuple[dict[str, int], float]]]:
    rows = conn.execute(select(stat_totals).where(stat_totals.c.who == key).order_by(stat_totals.c.game)).mappings()
    return [(r["game"], (_obj(r["counts"]), float(r["since"]))) for r in rows]


def _player_tables(conn: Any, key: str, before: float | None) -> tuple[list[dict[str, Any]], float | None]:
    """A page of the tables a player sat at, newest first."""
    query = (
        select(seat_players.c.table_id, seat_players.c.seat, seat_players.c.created, tables.c.game, tables.c.status)
        .join(tables, tables.c.id == seat_players.c.table_id)
        .where(seat_players.c.player_id == key.removeprefix("player:"))
        .order_by(seat_players.c.created.desc())
        .limit(TABLES_PAGE + 1)
    )
    if before is not None:
        query = query.where(seat_players.c.created < before)
    rows = conn.execute(query).mappings().all()
    out = [
        {
            "table": r["table_id"],
            "game": r["game"],
            "seat": int(r["seat"]),
            "seats": [int(r["seat"])],
            "joined": float(r["created"]),
            "status": r["status"],
        }
        for r in rows[:TABLES_PAGE]
    ]
    return out, (out[-1]["joined"] if len(rows) > TABLES_PAGE else None)


def _bot_tables(conn: Any, key: str, before: float | None) -> tuple[list[dict[str, Any]], float | None]:
    """A page of the public tables where a bot's hands were rated, newest first (by its last)."""
    query = (
        select(table_results.c.table_id, table_results.c.first, table_results.c.last, tables.c.game, tables.c.status)
        .join(tables, tables.c.id == table_results.c.table_id)
        .where(table_results.c.who == key, tables.c.public.is_(True))
        .order_by(table_results.c.last.desc())
        .limit(TABLES_PAGE + 1)
    )
    if before is not None:
        query = query.where(table_results.c.last < before)
    rows = conn.execute(query).all()
    out = [
        {"table": t, "game": game, "joined": float(a), "last": float(b), "status": status}
        for t, a, b, game, status in rows[:TABLES_PAGE]
    ]
    return out, (out[-1]["last"] if len(rows) > TABLES_PAGE else None)


def _fill_tables(conn: Any, key: str, rows: list[dict[str, Any]]) -> None:
    """Add to each table of a page its matches and links, its people, and the rated one's results
    there (`store` keeps them as each hand is rated): a few queries for the whole page, whatever
    the number of hands played at its tables."""
    ids = [r["table"] for r in rows]
    if not ids:
        return
    results = {
        r["table_id"]: r
        for r in conn.execute(
            select(table_results).where(table_results.c.who == key, table_results.c.table_id.in_(ids))
        ).mappings()
    }
    people: dict[str, list[tuple[int, str, str | None]]] = {t: [] for t in ids}
    for t, seat, kind, name in conn.execute(
        select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.name)
        .where(seats.c.table_id.in_(ids))
        .order_by(seats.c.table_id, seats.c.seat)
    ):
        people[t].append((int(seat), str(kind), name))
    counted = dict(
        conn.execute(
            select(rated_hands.c.table_id, func.count())
            .where(rated_hands.c.table_id.in_(ids))
            .group_by(rated_hands.c.table_id)
        ).all()
    )
    begun = _last_matches(conn, ids)
    for r in rows:
        t = r["table"]
        result = results.get(t)
        sides = {int(k): v for k, v in _obj(result["people"]).items()} if result is not None else {}
        held = sorted(set(r.get("seats", [])) | _held(people[t], sides, result))
        r["seats"] = held
        r.setdefault("seat", held[0] if held else None)
        r["matches"] = list(range(begun[t] + 1)) if t in begun else []
        r["records"] = [f"/api/tables/{t}/record?match={m}" for m in r["matches"]]
        seat_q = f"&seat={held[0]}" if held else ""
        r["reviews"] = [f"/replay?table={t}&match={m}{seat_q}" for m in r["matches"]]
        r["rated_hands"] = int(counted.get(t, 0))
        counts = _obj(result["counts"]) if result is not None else {}
        r.update({k: int(counts.get(k, 0)) for k in ("hands", "won", "tied", "lost", "points")})
        r["change"] = round(result["mu"] - result["mu_before"], 2) if result is not None else None
        r["people"] = [
            {
                "seat": seat,
                "name": name if name else (kind if kind != HUMAN else f"seat {seat}"),
                "bot": None if kind == HUMAN else kind,
                "with": sides.get(seat, [0, 0])[0],
                "against": sides.get(seat, [0, 0])[1],
            }
            for seat, kind, name in people[t]
            if seat not in held
        ]


def _held(at: Sequence[tuple[int, str, str | None]], sides: dict[int, Any], result: Any) -> set[int]:
    """The seats a rated one held at a table where it has results: every side of a contest names
    all the seats (docs/ratings.md), so those it held are the ones not counted as others."""
    if result is None or int(_obj(result["counts"]).get("hands", 0)) == 0:
        return set()
    return {seat for seat, _, _ in at if seat not in sides}


def _last_matches(conn: Any, ids: Sequence[str]) -> dict[str, int]:
    """The last match begun at each table (a table's matches are numbered from 0 on, one after
    another), read from each table's last deal."""
    last = (
        select(actions.c.table_id, func.max(actions.c.version).label("v"))
        .where(actions.c.table_id.in_(ids), actions.c.seat == -1)
        .group_by(actions.c.table_id)
        .subquery()
    )
    rows = conn.execute(
        select(actions.c.table_id, actions.c.data).join(
            last, (actions.c.table_id == last.c.table_id) & (actions.c.version == last.c.v)
        )
    ).all()
    return {t: int(_obj(data)["match"]) for t, data in rows if data is not None}


def _list(value: Any) -> list[Any]:
    if isinstance(value, str):
        loaded: list[Any] = json.loads(value)
        return loaded
    return list(value)


def _obj(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        loaded: dict[str, Any] = json.loads(value)
        return loaded
    return dict(value)
