"""Storage of players, the seats they took, their ratings and the hands rated (migration 0005).

A player's token is stored only as its hash and compared in constant time, as a seat's is. The
token is ``ID.SECRET``: the id finds the row, the whole token's hash is compared.

A hand is rated in one transaction that marks it rated (``rated_hands``, keyed by table, match and
hand) and writes the new ratings, so a hand is rated once whatever is retried: after the hand's
last action is stored, and again for every hand not marked when a server rebuilds the table.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Engine,
    String,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from cardtable.web.players.ratings import Contest, Skill, Who, bot_key, player_key, rate
from cardtable.web.schema import actions, players, rated_hands, ratings, seat_players, seats, tables
from cardtable.web.tables.store import SeatRow

#: One rating transaction at a time in this process: SQLite cannot turn a read into a write once
#: another writer has committed, and PostgreSQL's row locks (``FOR UPDATE``) order processes.
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    token_hash: str
    listed: bool
    created: float


def new_player_token(player_id: str) -> str:
    """A player's private token: the id, a dot, and 192 random bits."""
    return f"{player_id}.{secrets.token_urlsafe(24)}"


def create_player(engine: Engine, name: str, listed: bool, token_hash: str, player_id: str) -> Player:
    row = Player(player_id, name, token_hash, listed, time.time())
    with engine.begin() as conn:
        conn.execute(insert(players).values(**row.__dict__))
    return row


def player_by_id(engine: Engine, player_id: str) -> Player | None:
    with engine.connect() as conn:
        r = conn.execute(select(players).where(players.c.id == player_id)).mappings().first()
    if r is None:
        return None
    return Player(r["id"], r["name"], r["token_hash"], bool(r["listed"]), float(r["created"]))


def set_listed(engine: Engine, player_id: str, listed: bool) -> None:
    with engine.begin() as conn:
        conn.execute(update(players).where(players.c.id == player_id).values(listed=listed))


def seat_of_player(engine: Engine, table_id: str, player_id: str) -> int | None:
    """The seat the player holds at the table, if any."""
    with engine.connect() as conn:
        found = conn.execute(
            select(seat_players.c.seat).where(
                seat_players.c.table_id == table_id, seat_players.c.player_id == player_id
            )
        ).first()
    return None if found is None else int(found[0])


def take_seat(engine: Engine, table_id: str, seat: SeatRow, player_id: str) -> None:
    """A player sits down: the seat and its link to the player, in one transaction (the database
    refuses a player's second seat at one table, whoever else tries)."""
    with engine.begin() as conn:
        conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
            .values(kind=seat.kind, name=seat.name, token_hash=seat.token_hash)
        )
        conn.execute(
            insert(seat_players).values(table_id=table_id, seat=seat.seat, player_id=player_id, created=time.time())
        )


def link_seats(engine: Engine, table_id: str, links: dict[int, str]) -> None:
    """Link seats already taken (a tournament's table, made with its people seated) to their
    players; a link made already (the table made again after a restart) is kept as it is."""
    with engine.begin() as conn:
        have = set(conn.execute(select(seat_players.c.seat).where(seat_players.c.table_id == table_id)).scalars())
        new = [
            {"table_id": table_id, "seat": seat, "player_id": pid, "created": time.time()}
            for seat, pid in sorted(links.items())
            if seat not in have
        ]
        if new:
            conn.execute(insert(seat_players), new)


def table_players(engine: Engine, table_id: str) -> dict[int, str]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(seat_players.c.seat, seat_players.c.player_id).where(seat_players.c.table_id == table_id)
        )
        return {int(seat): str(pid) for seat, pid in rows}


def seat_keys(kinds: Sequence[str], links: dict[int, str], human: str) -> list[Who]:
    """Who each seat is for ratings: its player, its bot, or a guest (``None``)."""
    return [
        player_key(links[n]) if n in links else (None if kind == human else bot_key(kind))
        for n, kind in enumerate(kinds)
    ]


def rate_hands(
    engine: Engine, table_id: str, game: str, who: Sequence[Who], hands: Sequence[tuple[int, int, Contest]]
) -> int:
    """Rate the finished hands ``(match, hand, contest)`` of a table not yet rated; returns how
    many were. Each hand is one transaction: marked rated, and everyone's new rating written."""
    done = 0
    with _LOCK:
        with engine.connect() as conn:
            rated = {
                (int(m), int(h))
                for m, h in conn.execute(
                    select(rated_hands.c.match, rated_hands.c.hand).where(rated_hands.c.table_id == table_id)
                )
            }
        for match, hand, contest in hands:
            if (match, hand) in rated:
                continue
            try:
                _rate_one(engine, table_id, game, who, match, hand, contest)
            except IntegrityError:
                continue  # rated meanwhile by another process
            done += 1
    return done


def _rate_one(engine: Engine, table_id: str, game: str, who: Sequence[Who], match: int, hand: int, c: Contest) -> None:
    keys = sorted({w for w in who if w is not None})
    now = time.time()
    with engine.begin() as conn:
        conn.execute(
            insert(rated_hands).values(
                table_id=table_id,
                match=match,
                hand=hand,
                game=game,
                sides={"who": [[who[s] for s in side] for side in c.sides], "scores": list(c.scores)},
                created=now,
            )
        )
        known = _skills(conn, game, keys, lock=True)
        for key, skill in rate(c, who, known).items():
            values = {"mu": skill.mu, "sigma": skill.sigma, "hands": skill.hands, "updated": now}
            if key in known:
                conn.execute(update(ratings).where(ratings.c.game == game, ratings.c.who == key).values(**values))
            else:
                conn.execute(insert(ratings).values(game=game, who=key, **values))


def _skills(conn: Any, game: str, keys: Sequence[str], lock: bool = False) -> dict[str, Skill]:
    query = select(ratings).where(ratings.c.game == game, ratings.c.who.in_(list(keys))).order_by(ratings.c.who)
    if lock:
        query = query.with_for_update()
    return {r["who"]: Skill(r["mu"], r["sigma"], r["hands"]) for r in conn.execute(query).mappings()}


def write_skills(engine: Engine, game: str, skills: dict[str, Skill]) -> None:
    """Store ratings as they are (a calibration run's), replacing those of the same keys."""
    now = time.time()
    with _LOCK, engine.begin() as conn:
        known = _skills(conn, game, sorted(skills), lock=True)
        for key, skill in skills.items():
            values = {"mu": skill.mu, "sigma": skill.sigma, "hands": skill.hands, "updated": now}
            if key in known:
                conn.execute(update(ratings).where(ratings.c.game == game, ratings.c.who == key).values(**values))
            else:
                conn.execute(insert(ratings).values(game=game, who=key, **values))


def skills(engine: Engine, game: str, prefix: str) -> dict[str, Skill]:
    """Every rating of the game whose key starts with ``prefix`` (``bot:`` or ``player:``)."""
    with engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.game == game, ratings.c.who.startswith(prefix)))
        return {r["who"]: Skill(r["mu"], r["sigma"], r["hands"]) for r in rows.mappings()}


def player_skills(engine: Engine, player_id: str) -> dict[str, Skill]:
    """The player's rating in each game played, by game."""
    with engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.who == player_key(player_id)))
        return {r["game"]: Skill(r["mu"], r["sigma"], r["hands"]) for r in rows.mappings()}


def listed_players(engine: Engine, game: str, limit: int) -> list[tuple[Player, Skill]]:
    """The listed players rated in ``game``, best first (by the shown rating)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(players, ratings.c.mu, ratings.c.sigma, ratings.c.hands)
            .join(ratings, ratings.c.who == literal("player:", String) + players.c.id)
            .where(ratings.c.game == game, players.c.listed.is_(True))
        ).mappings()
        out = [
            (
                Player(r["id"], r["name"], r["token_hash"], True, float(r["created"])),
                Skill(r["mu"], r["sigma"], r["hands"]),
            )
            for r in rows
        ]
    out.sort(key=lambda p: (-p[1].ordinal, p[0].id))
    return out[:limit]


def history(engine: Engine, player_id: str, limit: int = 50) -> list[dict[str, Any]]:
    """The tables the player sat at, newest first: the game, the seat, the table's status, the
    matches begun there and the hands of the player's rated there."""
    with engine.connect() as conn:
        rows = (
            conn.execute(
                select(
                    seat_players.c.table_id, seat_players.c.seat, seat_players.c.created, tables.c.game, tables.c.status
                )
                .join(tables, tables.c.id == seat_players.c.table_id)
                .where(seat_players.c.player_id == player_id)
                .order_by(seat_players.c.created.desc())
                .limit(limit)
            )
            .mappings()
            .all()
        )
        out = []
        for r in rows:
            deals = conn.execute(
                select(actions.c.data).where(actions.c.table_id == r["table_id"], actions.c.seat == -1)
            ).scalars()
            matches = sorted({int(_obj(d)["match"]) for d in deals if d is not None})
            hands = conn.execute(
                select(func.count()).select_from(rated_hands).where(rated_hands.c.table_id == r["table_id"])
            ).scalar()
            out.append(
                {
                    "table": r["table_id"],
                    "game": r["game"],
                    "seat": r["seat"],
                    "joined": r["created"],
                    "status": r["status"],
                    "matches": matches,
                    "rated_hands": int(hands or 0),
                }
            )
        return out


def _obj(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        loaded: dict[str, Any] = json.loads(value)
        return loaded
    return dict(value)
