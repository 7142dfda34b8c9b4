"""Table leases: several server processes over one PostgreSQL database, each live table owned by
exactly one of them at a time (``cardtable serve --cluster``; docs/web.md, "Several processes").

A lease is a row ``(table_id, owner, until, wanted)``. A process serves a table only while it
holds the row's lease, renews every lease it holds a few times per term, and:

- **takes** a table that has no lease, or whose lease ran out (its owner died), in one
  transaction that locks the row (``SELECT ... FOR UPDATE``), so two processes never both get it;
- **asks** for a table that another live process holds by writing its own name in ``wanted``;
  the owner sees it at its next renewal, stores what it is storing, closes the table's
  connections (1012) and passes the lease to the asker, which serves it on the client's next try
  (a load balancer that moved the table's hash, or a rolling restart, settles in a second or two);
- **gives up** all its leases when it stops (SIGTERM), each to the process that asked for it, or
  to whoever takes it first;
- **is noticed when it dies** by its peers at once, not only when its leases run out: each process
  holds a PostgreSQL session-level advisory lock on its own name (`LIFE_LOCKS`, ``hashtext(name)``)
  on a connection of its own, which the database server releases the moment that connection
  dies (a killed process's socket is closed by its kernel). Four times a second every process
  tries that lock of each other lease owner, for the length of one statement
  (``pg_try_advisory_xact_lock``): an owner whose lock it gets, twice `CONFIRM` seconds apart,
  is dead, and its leases count as run out (`dead`): a client's request for one of its tables
  takes it at once, wherever the load balancer sent the client, and the tables nobody asks for
  (bots only) are adopted `ADOPT_AFTER` seconds later, so that a table with people is not first
  adopted by one process and then handed to the one their connections reach. Nothing more is written for it: one read a
  tick, no write per move. A machine that vanishes without closing its sockets is noticed when
  its leases run out, as before. A live process whose own connection broke (the database
  restarted) takes its lock again at its next tick, well within `CONFIRM`; if a peer still took
  its tables meanwhile, the keys below make it let them go, as after a long pause.

The lease is the routine guard; the store's primary key ``(table_id, version)`` is the last one:
a process that lost its lease without knowing (a long pause) cannot store a version another
process stored, and drops the table when it tries (`cardtable.web.tables.live.LiveTable.lost`).
Times are the processes' own clocks (``time.time()``): machines sharing a database keep them
within a second by NTP, well under a lease's term.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Connection, delete, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from cardtable.web.schema import leases, tables
from cardtable.web.tables.store import Store

#: The first key of the processes' own advisory locks (the second is ``hashtext`` of the name);
#: the migrations' lock is a one-key lock, apart from these.
LIFE_LOCKS = 0x63617264
#: Seconds for which an owner's lock must be found free, from first to last look, before it is dead.
CONFIRM = 0.75
#: Seconds after its owner is found dead that a table nobody asked for is adopted.
ADOPT_AFTER = 1.5

_DEAD = text(
    "SELECT owner FROM (SELECT DISTINCT owner FROM leases WHERE owner <> :me) AS o"
    " WHERE pg_try_advisory_xact_lock(:ns, hashtext(owner))"
)


@dataclass(frozen=True)
class Taken:
    """The answer to `Leases.take`: whether this process holds the lease now, and who does."""

    ours: bool
    owner: str | None


class Leases:
    """The lease rows of one process (``me``), each valid for ``term`` seconds after renewal."""

    def __init__(self, store: Store, me: str, term: float) -> None:
        self.store, self.me, self.term = store, me, term
        #: The connection that holds this process's own lock (PostgreSQL only), once taken.
        self.life: Connection | None = None
        #: Whether the database can tell a dead process (PostgreSQL's advisory locks).
        self.watching = store.engine.dialect.name == "postgresql"
        #: Other owners found without their lock: when first found so, and those confirmed dead.
        self.free_since: dict[str, float] = {}
        self.dead: frozenset[str] = frozenset()
        self.long_dead: frozenset[str] = frozenset()

    def watch(self) -> frozenset[str]:
        """Hold this process's own lock (taking it again on a new connection if the old one
        broke), and find the other lease owners that are dead (`CONFIRM`, kept in `dead`): one
        statement on the lock's own connection. Returns those dead long enough that their tables
        nobody asked for are to be adopted (`ADOPT_AFTER`)."""
        if not self.watching:
            return self.long_dead
        if self.life is None:
            conn = self.store.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            try:
                held = conn.execute(
                    text("SELECT pg_try_advisory_lock(:ns, hashtext(:me))"), {"ns": LIFE_LOCKS, "me": self.me}
                ).scalar()
            except Exception:
                conn.close()
                raise
            if not held:  # a peer is looking at our lock this very moment: next tick
                conn.close()
                return self.long_dead
            self.life = conn
        try:
            free = {r[0] for r in self.life.execute(_DEAD, {"me": self.me, "ns": LIFE_LOCKS})}
        except Exception:
            self.close()
            raise
        now = time.monotonic()
        self.free_since = {owner: self.free_since.get(owner, now) for owner in free}
        self.dead = frozenset(owner for owner, since in self.free_since.items() if now - since >= CONFIRM)
        self.long_dead = frozenset(
            owner for owner, since in self.free_since.items() if now - since >= CONFIRM + ADOPT_AFTER
        )
        return self.long_dead

    def close(self) -> None:
        """Let this process's own lock go (its connection closed)."""
        if self.life is not None:
            life, self.life = self.life, None
            try:
                life.invalidate()
                life.close()
            except Exception:  # a connection that broke is gone already
                pass

    def take(self, table_id: str) -> Taken:
        """Take the lease if it is free, expired or ours; else ask its owner for it."""
        now = time.time()
        try:
            with self.store.engine.begin() as conn:
                row = conn.execute(
                    select(leases.c.owner, leases.c.until, leases.c.wanted)
                    .where(leases.c.table_id == table_id)
                    .with_for_update()
                ).first()
                if row is None:
                    conn.execute(insert(leases).values(table_id=table_id, owner=self.me, until=now + self.term))
                    return Taken(True, self.me)
                owner, until, wanted = row
                if owner == self.me or until < now or owner in self.dead:
                    conn.execute(
                        update(leases)
                        .where(leases.c.table_id == table_id)
                        .values(owner=self.me, until=now + self.term, wanted=None)
                    )
                    return Taken(True, self.me)
                if wanted is None:
                    conn.execute(update(leases).where(leases.c.table_id == table_id).values(wanted=self.me))
                return Taken(False, str(owner))
        except IntegrityError:  # another process inserted the row first
            return Taken(False, None)

    def holder(self, table_id: str) -> str | None:
        """The other live process that holds the table's lease now, or ``None`` (nobody, this
        process, an expired lease or a dead owner): a read, nothing asked of anyone."""
        with self.store.engine.connect() as conn:
            row = conn.execute(select(leases.c.owner, leases.c.until).where(leases.c.table_id == table_id)).first()
        if row is None:
            return None
        owner, until = str(row[0]), float(row[1])
        if owner == self.me or until < time.time() or owner in self.dead:
            return None
        return owner

    def renew(self) -> tuple[set[str], set[str]]:
        """Extend every lease this process holds: the tables still ours, and those of them that
        another process has asked for."""
        now = time.time()
        with self.store.engine.begin() as conn:
            conn.execute(update(leases).where(leases.c.owner == self.me).values(until=now + self.term))
            rows = conn.execute(select(leases.c.table_id, leases.c.wanted).where(leases.c.owner == self.me)).all()
        return {r[0] for r in rows}, {r[0] for r in rows if r[1] is not None}

    def wanted(self) -> set[str]:
        """This process's tables that another process has asked for."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(leases.c.table_id).where(leases.c.owner == self.me, leases.c.wanted.is_not(None))
            ).all()
        return {r[0] for r in rows}

    def release(self, table_id: str) -> None:
        """Give up one table's lease (after its connections are closed): to the process that asked
        for it, if one did (so no third process adopts it in between), else to whoever takes it."""
        now = time.time()
        with self.store.engine.begin() as conn:
            mine = (leases.c.table_id == table_id) & (leases.c.owner == self.me)
            conn.execute(
                update(leases)
                .where(mine, leases.c.wanted.is_not(None))
                .values(owner=leases.c.wanted, wanted=None, until=now + self.term)
            )
            conn.execute(delete(leases).where(mine))

    def release_all(self) -> None:
        """Give up every lease (a stopping server), each to the process that asked for it if any."""
        now = time.time()
        with self.store.engine.begin() as conn:
            mine = leases.c.owner == self.me
            conn.execute(
                update(leases)
                .where(mine, leases.c.wanted.is_not(None))
                .values(owner=leases.c.wanted, wanted=None, until=now + self.term)
            )
            conn.execute(delete(leases).where(mine))

    def orphans(self, limit: int = 50) -> list[str]:
        """Tables being played whose lease is missing, ran out, or is held by a process dead for
        a while (`watch`): someone must take them, or their bots wait for ever."""
        now = time.time()
        gone = leases.c.until < now
        if self.long_dead:
            gone = gone | leases.c.owner.in_(sorted(self.long_dead))
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(tables.c.id)
                .outerjoin(leases, leases.c.table_id == tables.c.id)
                .where(tables.c.status == "playing")
                .where((leases.c.table_id.is_(None)) | gone)
                .limit(limit)
            ).all()
        return [r[0] for r in rows]
