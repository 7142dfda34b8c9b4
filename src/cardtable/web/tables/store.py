"""Storage: the tables, their seats and their actions, through SQLAlchemy (SQLite or PostgreSQL).

The actions are the truth: a table is rebuilt by replaying them through the engine. Each is
committed before any client hears of it. The schema is made by the Alembic migrations shipped
with the package (`cardtable.web.ops.migrate`); the `Table` objects here mirror it for queries.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    delete,
    func,
    insert,
    select,
    true,
    update,
)

from cardtable.web.database import make_engine
from cardtable.web.ops import logs
from cardtable.web.schema import actions, seats, tables


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    preset: str | None
    rules: dict[str, Any]
    public: bool
    hands: int | None
    move_seconds: float | None
    host_hash: str
    invite_hash: str
    status: str
    hints: bool = True  # whether the seats may ask the search bot for hints
    created: float = 0.0  # when the table was made (seconds since the epoch)
    talk: str = "phrases"  # free, phrases (only the phrase list while a hand is played) or off
    #: A duplicate round's secret seed: every table given it deals the same boards (else ``None``).
    board_seed: str | None = None
    #: Whether the table plays exactly ``hands`` hands, a won match followed by a new one (a tournament's).
    fixed_hands: bool = False
    #: What made the table, as the room that made it says (a tournament's round), shown in its summary.
    origin: dict[str, Any] | None = None


@dataclass(frozen=True)
class ActionRow:
    """One stored action: seat ``-1`` is the deal (``data`` holds the deck, salt and commitment)."""

    version: int
    seat: int
    text: str
    data: dict[str, Any] | None
    client_id: str | None
    stand_in: bool


class Store:
    """The server's storage; every method is one transaction, committed before it returns."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Ask the database a trivial question; raises if it does not answer."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    def delete_table(self, table_id: str) -> None:
        """Remove a table and everything stored of it (one transaction)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.table_id == table_id))
            conn.execute(delete(seats).where(seats.c.table_id == table_id))
            conn.execute(delete(tables).where(tables.c.id == table_id))

    def exists(self, table_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(tables.c.id).where(tables.c.id == table_id)).first() is not None

    def public_tables(self) -> list[dict[str, Any]]:
        """The public tables not closed, each as its summary's stored part (for a listing that
        several processes share: who is connected is known only to the table's owner)."""
        with self.engine.connect() as conn:
            rows = (
                conn.execute(select(tables).where(tables.c.public == true(), tables.c.status != "closed"))
                .mappings()
                .all()
            )
            out = []
            for t in rows:
                seat_rows = conn.execute(
                    select(seats).where(seats.c.table_id == t["id"]).order_by(seats.c.seat)
                ).mappings()
                last = conn.execute(select(func.max(actions.c.version)).where(actions.c.table_id == t["id"])).scalar()
                out.append(
                    {
                        "id": t["id"],
                        "game": t["game"],
                        "preset": t["preset"],
                        "rules": _obj(t["rules"]),
                        "public": True,
                        "hands": t["hands"],
                        "move_seconds": t["move_seconds"],
                        "hints": bool(t["hints"]),
                        "talk": t["talk"],
                        "seats": [
                            {
                                "seat": s["seat"],
                                "player": s["kind"],
                                "name": s["name"] if s["kind"] == "human" else s["name"] or s["kind"],
                                "taken": s["kind"] != "human" or s["token_hash"] is not None,
                                "connected": s["kind"] != "human",
                                "away": False,
                            }
                            for s in seat_rows
                        ],
                        "status": t["status"],
                        "version": last or 0,
                    }
                )
            return out

    def has_actions(self, table_id: str) -> bool:
        """Whether anything was ever dealt or played at the table (else nothing of it is worth keeping)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(actions.c.version).where(actions.c.table_id == table_id).limit(1)).first()
            return found is not None

    def create_table(self, row: TableRow, seat_rows: list[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables).values(
                    id=row.id,
                    game=row.game,
                    preset=row.preset,
                    rules=row.rules,
                    public=row.public,
                    hands=row.hands,
                    move_seconds=row.move_seconds,
                    host_hash=row.host_hash,
                    invite_hash=row.invite_hash,
                    status=row.status,
                    created=row.created or time.time(),
                    hints=row.hints,
                    talk=row.talk,
                    board_seed=row.board_seed,
                    fixed_hands=row.fixed_hands,
                    origin=row.origin,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {"table_id": row.id, "seat": s.seat, "kind": s.kind, "name": s.name, "token_hash": s.token_hash}
                    for s in seat_rows
                ],
            )

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(kind=seat.kind, name=seat.name, token_hash=seat.token_hash)
            )

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    def append(self, table_id: str, row: ActionRow) -> None:
        """Store one action; the primary key (table, version) refuses a second writer of a version."""
        self.append_many([(table_id, row)])

    def append_many(self, rows: list[tuple[str, ActionRow]]) -> None:
        """Store actions of any tables in one transaction: all of them, or none."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(actions),
                [
                    {
                        "table_id": table_id,
                        "version": row.version,
                        "seat": row.seat,
                        "text": row.text,
                        "data": row.data,
                        "client_id": row.client_id,
                        "stand_in": row.stand_in,
                        "created": now,
                    }
                    for table_id, row in rows
                ],
            )

    def open_tables(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(tables.c.id).where(tables.c.status != "closed"))]

    def load(self, table_id: str) -> tuple[TableRow, list[SeatRow], list[ActionRow]] | None:
        with self.engine.connect() as conn:
            t = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if t is None:
                return None
            s = conn.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).mappings()
            a = conn.execute(
                select(actions).where(actions.c.table_id == table_id).order_by(actions.c.version)
            ).mappings()
            row = TableRow(
                id=t["id"],
                game=t["game"],
                preset=t["preset"],
                rules=_obj(t["rules"]),
                public=bool(t["public"]),
                hands=t["hands"],
                move_seconds=t["move_seconds"],
                host_hash=t["host_hash"],
                invite_hash=t["invite_hash"],
                status=t["status"],
                hints=bool(t["hints"]),
                created=float(t["created"]),
                talk=str(t["talk"]),
                board_seed=t["board_seed"],
                fixed_hands=bool(t["fixed_hands"]),
                origin=_obj(t["origin"]) if t["origin"] is not None else None,
            )
            seat_rows = [SeatRow(r["seat"], r["kind"], r["name"], r["token_hash"]) for r in s]
            action_rows = [
                ActionRow(
                    r["version"],
                    r["seat"],
                    r["text"],
                    _obj(r["data"]) if r["data"] is not None else None,
                    r["client_id"],
                    bool(r["stand_in"]),
                )
                for r in a
            ]
            return row, seat_rows, action_rows


def _obj(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        loaded: dict[str, Any] = json.loads(value)
        return loaded
    return dict(value)


class Journal:
    """Appends actions for every table through one writer: whatever is waiting when a commit ends
    goes into the next commit together (a group commit), and each caller returns only once its
    own action is committed. One disk flush then serves many tables' moves."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Said once when storing fails (the database down), and once when it works again.
        self.trouble = logs.Trouble(logging.getLogger("cardtable.web"), "storing the tables' actions failed")
        self.waiting: list[tuple[str, ActionRow, asyncio.Future[None]]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.writing = False

    async def drain(self) -> None:
        """Return once nothing is waiting to be stored or being stored (a stopping server)."""
        while self.waiting or self.writing:
            await asyncio.sleep(0.01)

    async def append(self, table_id: str, row: ActionRow) -> None:
        """Return once ``row`` is committed; raise what storing it raised."""
        if self.task is None:
            self.task = asyncio.create_task(self._write())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((table_id, row, done))
        self.wake.set()
        await done

    async def _write(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.waiting = self.waiting, []
            if not batch:
                continue
            self.writing = True
            try:
                await self._write_batch(batch)
            finally:
                self.writing = False

    async def _write_batch(self, batch: list[tuple[str, ActionRow, asyncio.Future[None]]]) -> None:
        try:
            await asyncio.to_thread(self.store.append_many, [(t, r) for t, r, _ in batch])
        except Exception:
            # One bad row must not sink the others: store them one by one and say which failed.
            for table_id, row, done in batch:
                try:
                    await asyncio.to_thread(self.store.append, table_id, row)
                except Exception as e:
                    if not done.done():
                        done.set_exception(e)
                else:
                    if not done.done():
                        done.set_result(None)
            return
        for _, _, done in batch:
            if not done.done():
                done.set_result(None)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
