"""The notices' rows: each player's preferences, their browsers' push subscriptions, the outbox of
notices to send and the server's own keys.

`enqueue` is the tables room's listener (`cardtable.web.tables.hooks.TurnWaiting`): it runs inside
the transaction that stores the move after which a person's seat waits, so a notice is written
with the move or not at all, and never for a move that was not stored. The sender
(`cardtable.web.notices.sender`) takes rows from the outbox one at a time with an ``UPDATE ...
WHERE sent IS NULL`` that only one process can win, so in a cluster each notice goes out once.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from cardtable.web.schema import (
    actions,
    notice_outbox,
    notice_prefs,
    player_emails,
    push_subscriptions,
    seat_players,
    server_keys,
    tables,
)
from cardtable.web.tables.hooks import Waiting

#: How often a player hears: a message a turn, or one digest an hour at most.
OFTEN = ("each", "hourly")
#: The most push subscriptions (browsers) a player keeps; a new one past it replaces the oldest.
MAX_SUBSCRIPTIONS = 10
#: The longest base64url text of a subscription's key or secret.
PUSH_KEY_TEXT = 128


@dataclass(frozen=True)
class Prefs:
    """A player's preferences for notices (the defaults until they choose)."""

    email: bool = True
    push: bool = True
    often: str = "each"
    quiet_from: int = 22
    quiet_to: int = 8
    zone: str = "UTC"


@dataclass(frozen=True)
class Notice:
    """A row of the outbox."""

    id: int
    player_id: str
    table_id: str
    seat: int
    game: str
    version: int
    deadline: float
    since: float


@dataclass(frozen=True)
class Subscription:
    id: int
    endpoint: str
    p256dh: str
    auth: str


def enqueue(conn: Connection, waiting: Waiting) -> None:
    """Write a notice that ``waiting``'s seat is to act, for the player who holds it (nothing for a
    seat no player holds); an unsent notice for the same table and seat gives way to it."""
    player = conn.execute(
        select(seat_players.c.player_id).where(
            seat_players.c.table_id == waiting.table_id, seat_players.c.seat == waiting.seat
        )
    ).scalar()
    if player is None:
        return
    conn.execute(
        delete(notice_outbox).where(
            notice_outbox.c.table_id == waiting.table_id,
            notice_outbox.c.seat == waiting.seat,
            notice_outbox.c.sent.is_(None),
        )
    )
    conn.execute(
        insert(notice_outbox).values(
            player_id=player,
            table_id=waiting.table_id,
            seat=waiting.seat,
            game=waiting.game_name,
            version=waiting.version,
            deadline=waiting.deadline,
            since=waiting.since,
            created=waiting.since,
            sent=None,
            results=None,
        )
    )


# --- preferences ---


def prefs(engine: Engine, player_id: str) -> Prefs:
    with engine.connect() as conn:
        row = conn.execute(select(notice_prefs).where(notice_prefs.c.player_id == player_id)).first()
    if row is None:
        return Prefs()
    return Prefs(row.email, row.push, row.often, row.quiet_from, row.quiet_to, row.zone)


def has_prefs(engine: Engine, player_id: str) -> bool:
    """Whether the player ever saved their preferences (else the defaults hold)."""
    with engine.connect() as conn:
        return (
            conn.execute(select(notice_prefs.c.player_id).where(notice_prefs.c.player_id == player_id)).first()
            is not None
        )


def set_prefs(engine: Engine, player_id: str, p: Prefs, now: float) -> None:
    values = dict(
        email=p.email,
        push=p.push,
        often=p.often,
        quiet_from=p.quiet_from,
        quiet_to=p.quiet_to,
        zone=p.zone,
        updated=now,
    )
    with engine.begin() as conn:
        done = conn.execute(update(notice_prefs).where(notice_prefs.c.player_id == player_id).values(**values))
        if done.rowcount == 0:
            conn.execute(insert(notice_prefs).values(player_id=player_id, **values))


def verified_address(engine: Engine, player_id: str) -> str | None:
    """The player's e-mail address if it was shown to be theirs, else ``None``."""
    with engine.connect() as conn:
        row = conn.execute(
            select(player_emails.c.address, player_emails.c.verified).where(player_emails.c.player_id == player_id)
        ).first()
    return row.address if row is not None and row.verified is not None else None


# --- push subscriptions ---


def add_subscription(engine: Engine, player_id: str, endpoint: str, p256dh: str, auth: str, now: float) -> None:
    """Keep a browser's subscription for the player (an endpoint kept before, for anyone, is
    replaced: a browser's endpoint belongs to whoever subscribed last); past `MAX_SUBSCRIPTIONS`
    the player's oldest goes."""
    with engine.begin() as conn:
        conn.execute(delete(push_subscriptions).where(push_subscriptions.c.endpoint == endpoint))
        conn.execute(
            insert(push_subscriptions).values(
                player_id=player_id, endpoint=endpoint, p256dh=p256dh, auth=auth, created=now
            )
        )
        ids = list(
            conn.execute(
                select(push_subscriptions.c.id)
                .where(push_subscriptions.c.player_id == player_id)
                .order_by(push_subscriptions.c.created.desc(), push_subscriptions.c.id.desc())
            ).scalars()
        )
        if len(ids) > MAX_SUBSCRIPTIONS:
            conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id.in_(ids[MAX_SUBSCRIPTIONS:])))


def remove_subscription(engine: Engine, player_id: str, endpoint: str) -> bool:
    with engine.begin() as conn:
        done = conn.execute(
            delete(push_subscriptions).where(
                push_subscriptions.c.player_id == player_id, push_subscriptions.c.endpoint == endpoint
            )
        )
    return bool(done.rowcount)


def drop_subscription(engine: Engine, sub_id: int) -> None:
    with engine.begin() as conn:
        conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id == sub_id))


def subscriptions(engine: Engine, player_id: str) -> list[Subscription]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(push_subscriptions)
            .where(push_subscriptions.c.player_id == player_id)
            .order_by(push_subscriptions.c.id)
        ).all()
    return [Subscription(r.id, r.endpoint, r.p256dh, r.auth) for r in rows]


# --- the server's keys ---


def server_key(engine: Engine, name: str, make: Callable[[], tuple[str, str]], now: float) -> tuple[str, str]:
    """The server's key pair ``name`` (private, public), made by ``make`` and stored at first need;
    when two processes make one at once, the first stored is everyone's."""
    with engine.connect() as conn:
        row = conn.execute(select(server_keys).where(server_keys.c.name == name)).first()
    if row is not None:
        return row.private, row.public
    private, public = make()
    try:
        with engine.begin() as conn:
            conn.execute(insert(server_keys).values(name=name, private=private, public=public, created=now))
    except IntegrityError:
        with engine.connect() as conn:
            row = conn.execute(select(server_keys).where(server_keys.c.name == name)).one()
        return row.private, row.public
    return private, public


# --- the outbox ---


def pending(engine: Engine, limit: int = 1000) -> list[Notice]:
    """The notices not yet taken, oldest first."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(notice_outbox).where(notice_outbox.c.sent.is_(None)).order_by(notice_outbox.c.id).limit(limit)
        ).all()
    return [Notice(r.id, r.player_id, r.table_id, r.seat, r.game, r.version, r.deadline, r.since) for r in rows]


def passed(engine: Engine, notice: Notice) -> str | None:
    """Why the turn a notice tells of is over (the table moved on, or is over), or ``None``."""
    with engine.connect() as conn:
        status = conn.execute(select(tables.c.status).where(tables.c.id == notice.table_id)).scalar()
        if status is None or status in ("over", "closed", "abandoned"):
            return "the table is over"
        if "to_act" in tables.c:  # a turn-based table's row names the seat to act
            to_act = conn.execute(select(tables.c["to_act"]).where(tables.c.id == notice.table_id)).scalar()
            if to_act != notice.seat:
                return "the turn passed"
        last = conn.execute(select(func.max(actions.c.version)).where(actions.c.table_id == notice.table_id)).scalar()
    if last is not None and last > notice.version:
        return "the turn passed"
    return None


def claim(engine: Engine, ids: Sequence[int], now: float) -> list[int]:
    """Take the notices ``ids`` for this process: those no other process took first."""
    got = []
    with engine.begin() as conn:
        for i in ids:
            done = conn.execute(
                update(notice_outbox)
                .where(notice_outbox.c.id == i, notice_outbox.c.sent.is_(None))
                .values(sent=now, results={"taken": True})
            )
            if done.rowcount == 1:
                got.append(i)
    return got


def finish(engine: Engine, ids: Sequence[int], results: dict[str, Any]) -> None:
    with engine.begin() as conn:
        conn.execute(update(notice_outbox).where(notice_outbox.c.id.in_(list(ids))).values(results=results))


def last_sent(engine: Engine, player_id: str) -> float | None:
    """When a message last went to the player (a notice skipped does not count)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(notice_outbox.c.sent, notice_outbox.c.results)
            .where(notice_outbox.c.player_id == player_id, notice_outbox.c.sent.is_not(None))
            .order_by(notice_outbox.c.sent.desc())
            .limit(200)
        ).all()
    for r in rows:
        if not (isinstance(r.results, dict) and "skipped" in r.results):
            return float(r.sent)
    return None


def purge(engine: Engine, before: float) -> int:
    """Forget the notices taken before ``before``."""
    with engine.begin() as conn:
        done = conn.execute(
            delete(notice_outbox).where(notice_outbox.c.sent.is_not(None), notice_outbox.c.sent < before)
        )
    return int(done.rowcount or 0)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
