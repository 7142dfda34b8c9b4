"""Work whose cost grows with what a client sends, kept off the event loop (web.md §5: "no request
delays other tables").

Every door where a client's input costs work (a QR code drawn, a record or a large JSON body read
and checked, a record replayed, a hand reviewed) goes through the same two gates, in this order:

1. a per-address limit taken *before* the work starts: a token bucket of that door
   (`cardtable.web.limits.PerAddress`, ``429`` with ``Retry-After``), and an `Admission` that
   bounds how many of that door's requests may wait or run at once, in all (``503``) and from one
   address (``429``), so that one or two addresses cannot hold every place and a third always
   finds one (a fair share, not first come first served);
2. a `WorkerPool`: worker processes of their own at a lower priority than the tables, each call
   bounded in time (past it the pool is ended and started again, and the call fails), the input
   bounded in size by the door before it is sent.

The tables' event loop only reads the request, hands the bytes over and waits: a flood of such
requests costs the loop what any small request costs, and the CPU they take goes to processes that
yield to the tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from multiprocessing.pool import Pool
from typing import Any

from cardtable.i18n import phrase
from cardtable.web.errors import Refused

log = logging.getLogger("cardtable.web")


def idle_priority() -> None:
    """In a worker: run only on CPU time nothing else wants (Linux's idle scheduling class where
    there is one, else the lowest nice value). For work nobody waits on at once: the replay of a
    large uploaded record. Not for what a person waits for (a table's summary, a review): a machine
    whose every core is wanted at normal priority starves this class for minutes."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))  # type: ignore[attr-defined,unused-ignore]
    except (OSError, AttributeError):
        with contextlib.suppress(OSError, AttributeError):
            os.nice(19)


def low_priority() -> None:
    """In a worker: nice 10, below the tables but not starved by them. For short work a person
    waits for (a QR code, a record read and checked)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


class CallFailed(Exception):
    """A call to a worker ran past its time bound (the pool was ended) or its worker was lost."""


class Admission:
    """How many requests of one kind may wait or run at once: ``total`` in all and ``per_address``
    from one address. ``what`` names them in the refusals ("records read", a message marked where
    it is given: ``N_("records read")``), which are phrases (`cardtable.i18n.phrase`)."""

    def __init__(self, total: int, per_address: int, what: str) -> None:
        self.total, self.per_address, self.what = total, per_address, what
        self.by_address: Counter[str] = Counter()

    @property
    def count(self) -> int:
        return self.by_address.total()

    def enter(self, address: str) -> None:
        """Take a place for ``address``, or refuse: ``429`` when the address holds its share, ``503``
        when every place is taken."""
        if self.by_address[address] >= self.per_address:
            said = phrase(
                "too many {what} from your address at once ({n}); try again when one is done",
                what=phrase(self.what),
                n=self.per_address,
            )
            raise Refused(429, said, retry_after=2)
        if self.count >= self.total:
            said = phrase("the server has too many {what} at once; try again in a few seconds", what=phrase(self.what))
            raise Refused(503, said, retry_after=5)
        self.by_address[address] += 1

    def leave(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    @contextlib.contextmanager
    def held(self, address: str) -> Iterator[None]:
        """A place for ``address`` while the block runs (`enter`, then `leave` however it ends)."""
        self.enter(address)
        try:
            yield
        finally:
            self.leave(address)


class WorkerPool:
    """``processes`` worker processes (spawned on first use, started by ``initializer``), each
    running one call at a time; a call past ``seconds`` ends the whole pool (every call in it
    fails with `CallFailed`) and the next call starts a new one."""

    def __init__(self, processes: int, seconds: float, initializer: Callable[[], None] = low_priority) -> None:
        self.processes, self.seconds, self.initializer = processes, seconds, initializer
        self.pool: Pool | None = None
        self.slots = asyncio.Semaphore(processes)
        self.pending: set[asyncio.Future[Any]] = set()
        #: Set by `close`; the pool is made in a thread, which a close during it must not leave behind.
        self.closed = False
        self.making = threading.Lock()

    def _pool(self) -> Pool:
        with self.making:
            if self.closed:
                raise CallFailed("the server is stopping")
            if self.pool is None:
                self.pool = multiprocessing.get_context("spawn").Pool(self.processes, initializer=self.initializer)
            return self.pool

    def close(self) -> None:
        with self.making:
            self.closed = True
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.terminate()
        for future in self.pending:
            if not future.done():
                future.set_exception(CallFailed("the server is stopping"))

    async def call(self, fn: Callable[..., Any], *args: Any, seconds: float | None = None) -> Any:
        """``fn(*args)`` in a worker (``fn`` importable by name, its arguments and result
        picklable); what it raises is raised here. `CallFailed` past ``seconds`` (default the
        pool's): the pool is ended and the next call starts a new one."""
        async with self.slots:  # the time bound counts from the moment a worker takes the call
            loop = asyncio.get_running_loop()
            done: asyncio.Future[Any] = loop.create_future()

            def settle(result: Any = None, error: BaseException | None = None) -> None:
                if done.done():
                    return
                if error is not None:
                    done.set_exception(error)
                else:
                    done.set_result(result)

            # starting the workers imports their modules: off the loop, the first time
            pool = self.pool if self.pool is not None else await asyncio.to_thread(self._pool)
            self.pending.add(done)
            try:
                pool.apply_async(
                    fn,
                    args,
                    callback=lambda r: loop.call_soon_threadsafe(settle, r),
                    error_callback=lambda e: loop.call_soon_threadsafe(settle, None, e),
                )
                limit = self.seconds if seconds is None else seconds
                try:
                    return await asyncio.wait_for(asyncio.shield(done), limit)
                except TimeoutError:
                    log.warning("a worker's call (%s) took over %.0f s and was stopped", fn.__name__, limit)
                    if self.pool is pool:
                        self.pool = None
                    await asyncio.to_thread(pool.terminate)
                    for future in list(self.pending):
                        if future is not done and not future.done():
                            future.set_exception(CallFailed("its worker was stopped"))
                    raise CallFailed(f"over {limit:g} s") from None
            finally:
                self.pending.discard(done)


#: The server's pool for short work a person waits for (QR codes, records and large bodies read
#: and checked): its processes, and the longest one call may take.
SHORT_PROCESSES = 1
SHORT_SECONDS = 30.0


def pool_of(app: Any) -> WorkerPool:
    """The application's pool of short work, made on first use (`close` ends it)."""
    found: WorkerPool | None = getattr(app.state, "short_work", None)
    if found is None:
        found = app.state.short_work = WorkerPool(SHORT_PROCESSES, SHORT_SECONDS, low_priority)
    return found


def admission_of(app: Any, name: str, total: int, per_address: int, what: str) -> Admission:
    """The application's `Admission` called ``name``, made on first use with those bounds."""
    admissions: dict[str, Admission] | None = getattr(app.state, "admissions", None)
    if admissions is None:
        admissions = app.state.admissions = {}
    found = admissions.get(name)
    if found is None:
        found = admissions[name] = Admission(total, per_address, what)
    return found


def close(app: Any) -> None:
    """End the application's pool of short work, if it has one."""
    found: WorkerPool | None = getattr(app.state, "short_work", None)
    if found is not None:
        found.close()
