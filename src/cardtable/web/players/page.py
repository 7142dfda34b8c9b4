"""What a player's page and a bot's page show, read from the store: the ratings by game (each the
mean inside its range, provisional until settled), the rating after each of the last hands for
the chart, the statistics by game (`cardtable.stats`), and the tables played at, newest first and
a page at a time, each with its people (who sat with the player and who against, hand by hand),
the hands won, tied and lost, the points, the rating's change there, and the links to each
match's record and its review.

Everything here reads the database and is called from a worker thread (the routes use
``asyncio.to_thread``), never on the event loop; every read is bounded: the chart's last
`HISTORY_POINTS` hands of each game, `TABLES_PAGE` tables at a time (``before`` pages back), and a
few queries for the whole page of tables rather than some for each.

A bot's page is public, so it lists only the public tables it played at (those of the open list,
which anyone may watch): a private table's id is its invitation, and its people did not choose to
be seen there. The bot's ratings, chart and statistics count every rated hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, func, select

from cardtable import registry, stats
from cardtable.core import BadRules, Stat
from cardtable.web.players.ratings import SETTLED_SIGMA, Skill, nearest
from cardtable.web.schema import actions, hand_history, rated_hands, ratings, seat_players, seats, stat_totals, tables
from cardtable.web.tables.live import HUMAN

#: The hands of each game the rating chart shows (the last ones).
HISTORY_POINTS = 200
#: The tables one page of results shows.
TABLES_PAGE = 20


def page(engine: Engine, key: str, before: float | None = None, public_only: bool = False) -> dict[str, Any]:
    """The page of the rated one ``key`` (``player:ID`` or ``bot:NAME``): its ratings, chart
    points, statistics and a page of its tables (those before ``before``, newest first; only the
    public ones with ``public_only``); ``more`` is the ``before`` of the next page, or ``None``."""
    with engine.connect() as conn:
        skills = _skills_of(conn, key)
        bots = {game: _bot_skills(conn, game) for game in skills}
        shown = {}
        for game, skill in sorted(skills.items()):
            like = nearest(skill, bots[game])
            shown[game] = {
                **skill.to_json(),
                "settled_sigma": SETTLED_SIGMA,
                "like": like,
                **({"like_rating": bots[game][like].to_json()} if like else {}),
            }
        history = {game: _history(conn, key, game) for game in sorted(skills)}
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


def _history(conn: Any, key: str, game: str) -> dict[str, Any]:
    """The rating after each of the game's last `HISTORY_POINTS` hands, oldest first; ``first``
    is the number (from 1) of the first hand shown among the hands in the history."""
    where = (hand_history.c.who == key, hand_history.c.game == game)
    total = int(conn.execute(select(func.count()).select_from(hand_history).where(*where)).scalar() or 0)
    rows = conn.execute(
        select(hand_history.c.mu, hand_history.c.sigma, hand_history.c.created)
        .where(*where)
        .order_by(
            hand_history.c.created.desc(),
            hand_history.c.table_id,
            hand_history.c.match.desc(),
            hand_history.c.hand.desc(),
        )
        .limit(HISTORY_POINTS)
    ).all()
    points = [
        {"at": float(at), "rating": round(mu, 2), "low": round(mu - 2 * sg, 2), "high": round(mu + 2 * sg, 2)}
        for mu, sg, at in reversed(rows)
    ]
    return {"first": total - len(points) + 1, "hands": total, "points": points}


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
    first, last = func.min(hand_history.c.created), func.max(hand_history.c.created)
    query = (
        select(hand_history.c.table_id, first, last, tables.c.game, tables.c.status)
        .join(tables, tables.c.id == hand_history.c.table_id)
        .where(hand_history.c.who == key, tables.c.public.is_(True))
        .group_by(hand_history.c.table_id, tables.c.game, tables.c.status)
        .order_by(last.desc())
        .limit(TABLES_PAGE + 1)
    )
    if before is not None:
        query = query.having(last < before)
    rows = conn.execute(query).all()
    out = [
        {"table": t, "game": game, "joined": float(a), "last": float(b), "status": status}
        for t, a, b, game, status in rows[:TABLES_PAGE]
    ]
    return out, (out[-1]["last"] if len(rows) > TABLES_PAGE else None)


def _fill_tables(conn: Any, key: str, rows: list[dict[str, Any]]) -> None:
    """Add to each table of a page its matches and links, its people, and the rated one's hands
    there: a few queries for the whole page."""
    ids = [r["table"] for r in rows]
    if not ids:
        return
    hands: dict[str, list[Any]] = {t: [] for t in ids}
    for h in conn.execute(
        select(hand_history)
        .where(hand_history.c.who == key, hand_history.c.table_id.in_(ids))
        .order_by(hand_history.c.match, hand_history.c.hand)
    ).mappings():
        hands[h["table_id"]].append(h)
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
        mine = hands[t]
        held = sorted({int(s) for h in mine for s in _list(h["seats"])} | set(r.get("seats", [])))
        r["seats"] = held
        r.setdefault("seat", held[0] if held else None)
        r["matches"] = list(range(begun[t] + 1)) if t in begun else []
        r["records"] = [f"/api/tables/{t}/record?match={m}" for m in r["matches"]]
        seat_q = f"&seat={held[0]}" if held else ""
        r["reviews"] = [f"/replay?table={t}&match={m}{seat_q}" for m in r["matches"]]
        r["rated_hands"] = int(counted.get(t, 0))
        r.update(_results(mine))
        r["people"] = _people(people[t], held, mine)


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


def _results(mine: Sequence[Any]) -> dict[str, Any]:
    """The rated one's hands at a table: how many, won, tied, lost, its points, and its rating's
    change there (from before its first hand to after its last)."""
    total: dict[str, int] = {}
    for h in mine:
        stats.add(total, _obj(h["counts"]))
    change = round(mine[-1]["mu"] - mine[0]["mu_before"], 2) if mine else None
    return {
        "hands": len(mine),
        "won": total.get("won", 0),
        "tied": total.get("tied", 0),
        "lost": total.get("lost", 0),
        "points": total.get("points", 0),
        "change": change,
    }


def _people(
    at: Sequence[tuple[int, str, str | None]], held: Sequence[int], mine: Sequence[Any]
) -> list[dict[str, Any]]:
    """The other seats of a table: each one's name (a bot's by its name), and in how many of the
    rated one's hands it was on the same side and on another (partners and opponents: fixed in
    Seep and Smear, hand by hand in Sheepshead)."""
    out = []
    for seat, kind, name in at:
        if seat in held:
            continue
        together = against = 0
        for h in mine:
            sides = [set(side) for side in _obj(h["sides"])["seats"]]
            ours = [side for side in sides if side & set(_list(h["seats"]))]
            if any(seat in side for side in ours):
                together += 1
            elif any(seat in side for side in sides):
                against += 1
        bot = None if kind == HUMAN else kind
        out.append(
            {
                "seat": seat,
                "name": name if name else (bot or f"seat {seat + 1}"),
                "bot": bot,
                "with": together,
                "against": against,
            }
        )
    return out


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
