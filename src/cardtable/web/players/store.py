"""Storage of players, the seats they took, their ratings and the hands rated (migration 0005), and
each rated one's hands with its statistics (migration 0008).

A player's token is stored only as its hash and compared in constant time, as a seat's is. The
token is ``ID.SECRET``: the id finds the row, the whole token's hash is compared.

A hand is rated in one transaction that marks it rated (``rated_hands``, keyed by table, match and
hand) and writes the new ratings, so a hand is rated once whatever is retried: after the hand's
last action is stored, and again for every hand not marked when a server rebuilds the table. The
same transaction writes each rated one's row of the hand (``hand_history``: its rating after it,
the sides, its statistics in it) and adds the hand to its results at the table
(``table_results``) and its statistics to its sums (``stat_totals``), so a page reads a player's
history, tables and statistics a few rows at a time, never replaying a record nor summing a long
table's hands.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Engine,
    String,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from cardtable.stats import add
from cardtable.web.players.ratings import Contest, Skill, Who, bot_key, player_key, rate
from cardtable.web.schema import (
    hand_history,
    players,
    rated_hands,
    ratings,
    seat_players,
    seats,
    stat_totals,
    table_results,
    tables,
)
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
    #: The language the server writes to the player in (`cardtable.i18n.LANGUAGES`), ``None``
    #: until chosen or learned from a request of theirs (then English).
    language: str | None = None


def new_player_token(player_id: str) -> str:
    """A player's private token: the id, a dot, and 192 random bits."""
    return f"{player_id}.{secrets.token_urlsafe(24)}"


def create_player(
    engine: Engine, name: str, listed: bool, token_hash: str, player_id: str, language: str | None = None
) -> Player:
    row = Player(player_id, name, token_hash, listed, time.time(), language)
    with engine.begin() as conn:
        conn.execute(insert(players).values(**row.__dict__))
    return row


def player_by_id(engine: Engine, player_id: str) -> Player | None:
    with engine.connect() as conn:
        r = conn.execute(select(players).where(players.c.id == player_id)).mappings().first()
    if r is None:
        return None
    return Player(r["id"], r["name"], r["token_hash"], bool(r["listed"]), float(r["created"]), r["language"])


def set_language(engine: Engine, player_id: str, language: str | None) -> None:
    """The player chose ``language`` (one of `cardtable.i18n.LANGUAGES`; ``None``: no choice)."""
    with engine.begin() as conn:
        conn.execute(update(players).where(players.c.id == player_id).values(language=language))


def learn_language(engine: Engine, player_id: str, language: str | None) -> str | None:
    """Keep ``language`` (the one a request of the player's asked in) as the player's when they
    have none yet; returns the player's language after (``None``: none known, or no such player)."""
    with engine.begin() as conn:
        if language is not None:
            conn.execute(
                update(players).where(players.c.id == player_id, players.c.language.is_(None)).values(language=language)
            )
        found = conn.execute(select(players.c.language).where(players.c.id == player_id)).scalar()
    return None if found is None else str(found)


def language_of_player(engine: Engine, player_id: str) -> str | None:
    """The language the player reads the server's messages in, ``None`` when not known."""
    with engine.connect() as conn:
        found = conn.execute(select(players.c.language).where(players.c.id == player_id)).scalar()
    return None if found is None else str(found)


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


@dataclass(frozen=True)
class HandToRate:
    """A finished hand of a table to rate: its match and place in it, the contest, and each seat's
    statistics in it (`cardtable.stats.counts`; ``None`` where they could not be read)."""

    match: int
    hand: int
    contest: Contest
    counts: Sequence[Mapping[str, int] | None] = ()


def rate_hands(engine: Engine, table_id: str, game: str, who: Sequence[Who], hands: Sequence[HandToRate]) -> int:
    """Rate the finished hands of a table not yet rated; returns how many were. Each hand is one
    transaction: marked rated, everyone's new rating written, with their rows of the hand and
    their statistics."""
    done = 0
    with _LOCK:
        with engine.connect() as conn:
            rated = {
                (int(m), int(h))
                for m, h in conn.execute(
                    select(rated_hands.c.match, rated_hands.c.hand).where(rated_hands.c.table_id == table_id)
                )
            }
        for hand in hands:
            if (hand.match, hand.hand) in rated:
                continue
            try:
                _rate_one(engine, table_id, game, who, hand)
            except IntegrityError:
                continue  # rated meanwhile by another process
            done += 1
    return done


def _rate_one(engine: Engine, table_id: str, game: str, who: Sequence[Who], hand: HandToRate) -> None:
    c = hand.contest
    keys = sorted({w for w in who if w is not None})
    now = time.time()
    with engine.begin() as conn:
        conn.execute(
            insert(rated_hands).values(
                table_id=table_id,
                match=hand.match,
                hand=hand.hand,
                game=game,
                sides={"who": [[who[s] for s in side] for side in c.sides], "scores": list(c.scores)},
                created=now,
            )
        )
        known = _skills(conn, game, keys, lock=True)
        sides = {"seats": [list(side) for side in c.sides], "scores": list(c.scores)}
        for key, skill in rate(c, who, known).items():
            values = {"mu": skill.mu, "sigma": skill.sigma, "hands": skill.hands, "updated": now}
            if key in known:
                conn.execute(update(ratings).where(ratings.c.game == game, ratings.c.who == key).values(**values))
            else:
                conn.execute(insert(ratings).values(game=game, who=key, **values))
            held = [s for s, w in enumerate(who) if w == key]
            counts: dict[str, int] = {}
            for s in held:
                got = hand.counts[s] if s < len(hand.counts) else None
                add(counts, got or {})
            conn.execute(
                insert(hand_history).values(
                    who=key,
                    table_id=table_id,
                    match=hand.match,
                    hand=hand.hand,
                    game=game,
                    seats=held,
                    sides=sides,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    mu_before=known.get(key, Skill()).mu,
                    counts=counts,
                    created=now,
                )
            )
            _add_totals(conn, game, key, counts, now)
            before = known.get(key, Skill()).mu
            _add_table_result(conn, table_id, game, key, held, c.sides, counts, before, skill.mu, now)


#: The generic counts a table's results sum (`cardtable.stats.GENERIC`).
_RESULTS = ("hands", "won", "tied", "lost", "points")


def _add_table_result(
    conn: Any,
    table_id: str,
    game: str,
    key: str,
    held: Sequence[int],
    sides: Sequence[Sequence[int]],
    counts: Mapping[str, int],
    mu_before: float,
    mu: float,
    now: float,
) -> None:
    """Add a hand to the rated one's results at the table: the generic counts, each other seat's
    hand with it or against it, and its rating after the hand."""
    ours = {s for side in sides if set(side) & set(held) for s in side}
    seated = {s for side in sides for s in side}
    where = (table_results.c.who == key, table_results.c.table_id == table_id)
    row = conn.execute(select(table_results.c.counts, table_results.c.people).where(*where).with_for_update()).first()
    total = {k: 0 for k in _RESULTS} if row is None else _obj(row[0])
    people: dict[str, list[int]] = {} if row is None else {k: list(v) for k, v in _obj(row[1]).items()}
    add(total, {k: counts.get(k, 0) for k in _RESULTS})
    for seat in sorted(seated - set(held)):
        got = people.setdefault(str(seat), [0, 0])
        got[0 if seat in ours else 1] += 1
    if row is None:
        conn.execute(
            insert(table_results).values(
                who=key, table_id=table_id, game=game, counts=total, people=people, mu_before=mu_before, mu=mu,
                first=now, last=now,
            )
        )  # fmt: skip
    else:
        conn.execute(update(table_results).where(*where).values(counts=total, people=people, mu=mu, last=now))


def _add_totals(conn: Any, game: str, key: str, counts: Mapping[str, int], now: float) -> None:
    """Add a hand's counts to the rated one's sums (its rating's row is locked by now)."""
    where = (stat_totals.c.game == game, stat_totals.c.who == key)
    row = conn.execute(select(stat_totals.c.counts).where(*where).with_for_update()).first()
    if row is None:
        conn.execute(insert(stat_totals).values(game=game, who=key, counts=dict(counts), since=now, updated=now))
    else:
        total = add(dict(_obj(row[0])), counts)
        conn.execute(update(stat_totals).where(*where).values(counts=total, updated=now))


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


def listed_players(engine: Engine, game: str, limit: int) -> list[tuple[Player, Skill]]:
    """The listed players rated in ``game``, best first: the settled by rating, then the
    provisional (`ratings.ranked`)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(players, ratings.c.mu, ratings.c.sigma, ratings.c.hands)
            .join(ratings, ratings.c.who == literal("player:", String) + players.c.id)
            .where(ratings.c.game == game, players.c.listed.is_(True))
        ).mappings()
        out = [
            (
                Player(r["id"], r["name"], r["token_hash"], True, float(r["created"]), r["language"]),
                Skill(r["mu"], r["sigma"], r["hands"]),
            )
            for r in rows
        ]
    out.sort(key=lambda p: (p[1].provisional, -p[1].mu, p[0].id))
    return out[:limit]


def _obj(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        loaded: dict[str, Any] = json.loads(value)
        return loaded
    return dict(value)


def turn_tables(engine: Engine, player_id: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The turn-based tables not over where the player holds a seat: those where it is to act,
    most urgent (the earliest deadline) first, and the others, by their seat to act's deadline."""
    query = (
        select(tables.c.id, tables.c.game, tables.c.status, tables.c.to_act, tables.c.deadline, seat_players.c.seat)
        .join(seat_players, seat_players.c.table_id == tables.c.id)
        .where(
            seat_players.c.player_id == player_id,
            tables.c.mode == "turns",
            tables.c.status.in_(("waiting", "playing")),
        )
        .order_by(tables.c.deadline.is_(None), tables.c.deadline, tables.c.created.desc())
    )
    yours, others = [], []
    with engine.connect() as conn:
        for r in conn.execute(query).mappings():
            row = {"table": r["id"], "game": r["game"], "seat": r["seat"], "status": r["status"]}
            if r["to_act"] == r["seat"] and r["status"] == "playing":
                yours.append({**row, "deadline": r["deadline"]})
            else:
                others.append({**row, "deadline": r["deadline"], "to_act": r["to_act"]})
    return yours, others
