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
from collections.abc import Callable
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
from sqlalchemy.engine import Connection

from cardtable.web.database import make_engine
from cardtable.web.ops import logs
from cardtable.web.schema import actions, seats, tables


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    #: The table's version when the seat's person was last there (``None``: never).
    seen: int | None = None


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
    #: ``live`` or ``turns`` (a turn-based table: `Turns`).
    mode: str = "live"
    turns: Turns | None = None
    #: What time's end did to a turn-based table, in words (or ``None``).
    note: str | None = None


#: What a turn-based table does when a person's time and bank run out.
ON_TIMEOUT = ("bot", "abandon", "replace")


@dataclass(frozen=True)
class Turns:
    """A turn-based table's clock: the time each move is allowed (``turn_seconds``), the bank a
    seat's moves may overrun into over the match (``bank_seconds``), and what happens when both
    are spent (``on_timeout``: one of `ON_TIMEOUT`)."""

    turn_seconds: float
    bank_seconds: float
    on_timeout: str


@dataclass(frozen=True)
class After:
    """What a turn-based table's row says after an action, stored in the action's transaction:
    the seat to act (``None``: nobody, a chance's turn, the hand or match over) and its deadline,
    and the word that a person's seat waits (`cardtable.web.tables.hooks.Waiting`), if it does."""

    to_act: int | None
    deadline: float | None
    waiting: Any = None


@dataclass(frozen=True)
class ActionRow:
    """One stored action: seat ``-1`` is the deal (``data`` holds the deck, salt and commitment)."""

    version: int
    seat: int
    text: str
    data: dict[str, Any] | None
    client_id: str | None
    stand_in: bool
    #: When it was stored, by the server's wall clock (``None``: an action stored before clocks were kept).
    at: float | None = None


#: Called inside the transaction that stores an action after which a person's seat waits (the
#: hooks' ``turn_waiting`` listeners, `cardtable.web.tables.hooks.TurnWaiting`).
WaitingListener = Callable[[Connection, Any], None]


class Store:
    """The server's storage; every method is one transaction, committed before it returns."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        #: Told, in the storing transaction, that a person's seat of a turn-based table is to act.
        self.turn_waiting: list[WaitingListener] = []

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
                    mode=row.mode,
                    turn_seconds=row.turns.turn_seconds if row.turns else None,
                    bank_seconds=row.turns.bank_seconds if row.turns else None,
                    on_timeout=row.turns.on_timeout if row.turns else None,
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

    def set_seen(self, table_id: str, seat: int, version: int) -> None:
        """Store the version that a seat's person has seen the table at."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(seen=version))

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    def set_note(self, table_id: str, note: str | None, status: str | None = None) -> None:
        """Store what time's end did to a turn-based table (and its new status), its clock stopped."""
        values: dict[str, Any] = {"note": note, "to_act": None, "deadline": None}
        if status is not None:
            values["status"] = status
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(**values))

    def overdue(self, now: float) -> list[str]:
        """The turn-based tables being played whose seat to act is past its deadline, most overdue first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables.c.id)
                .where(tables.c.deadline < now, tables.c.status == "playing", tables.c.mode == "turns")
                .order_by(tables.c.deadline)
            )
            return [r[0] for r in rows]

    def append(self, table_id: str, row: ActionRow, after: After | None = None) -> None:
        """Store one action; the primary key (table, version) refuses a second writer of a version."""
        self.append_many([(table_id, row, after)])

    def append_many(self, rows: list[tuple[str, ActionRow, After | None]]) -> None:
        """Store actions of any tables in one transaction: all of them, or none. A turn-based
        table's row takes its seat to act and deadline (``After``) in the same transaction, and
        the listeners hear of a person's seat that waits in it too (so that no word is sent of a
        move not stored, and none is lost for a move stored)."""
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
                        "at": row.at,
                    }
                    for table_id, row, _ in rows
                ],
            )
            for table_id, _, after in rows:
                if after is None:
                    continue
                conn.execute(
                    update(tables).where(tables.c.id == table_id).values(to_act=after.to_act, deadline=after.deadline)
                )
                if after.waiting is not None:
                    for listener in self.turn_waiting:
                        # each in a savepoint of its own: a listener that fails loses its own
                        # writes (a notice) and is logged, and the move is stored all the same,
                        # so a broken listener never stops play at turn-based tables
                        try:
                            with conn.begin_nested():
                                listener(conn, after.waiting)
                        except Exception as e:
                            logs.failed(
                                logging.getLogger("cardtable.web"),
                                f"table {table_id}: a listener of the seat to act failed",
                                e,
                            )

    def open_tables(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id).where(tables.c.status.not_in(("closed", "abandoned"))))
            return [r[0] for r in rows]

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
                mode=str(t["mode"]),
                turns=Turns(float(t["turn_seconds"]), float(t["bank_seconds"]), str(t["on_timeout"]))
                if t["mode"] == "turns"
                else None,
                note=t["note"],
            )
            seat_rows = [SeatRow(r["seat"], r["kind"], r["name"], r["token_hash"], r["seen"]) for r in s]
            action_rows = [
                ActionRow(
                    r["version"],
                    r["seat"],
                    r["text"],
                    _obj(r["data"]) if r["data"] is not None else None,
                    r["client_id"],
                    bool(r["stand_in"]),
                    r["at"],
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
        self.waiting: list[tuple[str, ActionRow, After | None, asyncio.Future[None]]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.writing = False

    async def drain(self) -> None:
        """Return once nothing is waiting to be stored or being stored (a stopping server)."""
        while self.waiting or self.writing:
            await asyncio.sleep(0.01)

    async def append(self, table_id: str, row: ActionRow, after: After | None = None) -> None:
        """Return once ``row`` (and ``after``) is committed; raise what storing it raised."""
        if self.task is None:
            self.task = asyncio.create_task(self._write())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((table_id, row, after, done))
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

    async def _write_batch(self, batch: list[tuple[str, ActionRow, After | None, asyncio.Future[None]]]) -> None:
        try:
            await asyncio.to_thread(self.store.append_many, [(t, r, a) for t, r, a, _ in batch])
        except Exception:
            # One bad row must not sink the others: store them one by one and say which failed.
            for table_id, row, after, done in batch:
                try:
                    await asyncio.to_thread(self.store.append, table_id, row, after)
                except Exception as e:
                    if not done.done():
                        done.set_exception(e)
                else:
                    if not done.done():
                        done.set_result(None)
            return
        for _, _, _, done in batch:
            if not done.done():
                done.set_result(None)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
