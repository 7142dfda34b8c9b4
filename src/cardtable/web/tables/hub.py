"""The server's tables: made, looked up and rebuilt from the store on start."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from typing import Any

from cardtable import registry
from cardtable.core import CardtableError
from cardtable.registry import get_game_from_rules
from cardtable.strict import excerpt
from cardtable.web import names
from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress
from cardtable.web.ops import logs
from cardtable.web.settings import Settings
from cardtable.web.tables import talk
from cardtable.web.tables.bots import BotPool, refusal
from cardtable.web.tables.hooks import Hooks
from cardtable.web.tables.leases import Leases
from cardtable.web.tables.live import HUMAN, LiveTable
from cardtable.web.tables.store import ON_TIMEOUT, Journal, SeatRow, Store, TableRow, Turns
from cardtable.web.tokens import new_token, token_hash

log = logging.getLogger("cardtable.web")

#: The most hands a table's match may be given (a long evening is well under it).
MAX_HANDS = 1000


def _preset_rules(game: str, preset: str | None) -> dict[str, Any]:
    """The options of ``preset`` (none: ``{}``); an unknown game or preset is `CardtableError`."""
    if preset is None:
        return {}
    known = registry.presets(game)
    if preset not in known:
        raise Refused(422, f"unknown {game} preset {excerpt(preset)} (known: {', '.join(sorted(known))})")
    return dict(known[preset])


def bot_seat(game: Any, spec: object, settings: Settings) -> str:
    """The name under which the bot ``spec`` sits at a table of ``game`` on this server (the
    bot's own name: `cardtable.web.names.bot_name`), or the refusal: ``400`` for a spec that is
    not a short text, ``422`` for an unknown bot or level, a program named by a table, or a bot
    that would think longer than the server allows (`cardtable.web.tables.bots.refusal`)."""
    programs = dict(settings.bot_programs)
    name = names.bot_name(game, spec, programs)
    why = refusal(game, name, settings.max_bot_seconds, programs)
    if why is not None:
        raise Refused(422, why)
    return name


class Hub:
    """Every live table of this server, with the store and the bots' pool they share."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db_url)
        self.journal = Journal(self.store)
        self.bots = BotPool(settings.bot_workers)
        #: What the rooms above hear from the tables and do for them (installed before `rebuild`).
        self.hooks = Hooks()
        # the turn-based tables' word that a person waits is heard in the storing transaction
        self.store.turn_waiting = self.hooks.turn_waiting
        self.tables: dict[str, LiveTable] = {}
        self.addresses: Counter[str] = Counter()
        self.lock = asyncio.Lock()  # held while a table is created
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}  # each table id's (`_only`)
        self.create_limit = PerAddress(1 / settings.create_every, settings.create_burst)
        self.join_limit = PerAddress(1 / settings.join_every, settings.join_burst)
        #: The waiting tables each address created (to bound how many one address holds open).
        self.waiting_by: defaultdict[str, set[str]] = defaultdict(set)
        self.sweeper: asyncio.Task[None] | None = None
        self.renewer: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        #: A table taken over is kept at least this long before it is handed on, so that two
        #: processes asked for it at once pass it on at a pace at which it is also played.
        self.hold = min(settings.lease_seconds / 2, 1.0)
        #: How often a process looks whether another has asked for one of its tables.
        self.tick = min(0.25, settings.lease_seconds / 4)
        #: How long a request for a table that another process holds waits for it to be handed over.
        self.wait_for_lease = self.hold + 4 * self.tick + 1.0
        #: With ``--cluster``: this process's leases on the tables it serves (`cardtable.web.tables.leases`).
        self.leases: Leases | None = None
        if settings.cluster:
            node = settings.node or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
            self.leases = Leases(self.store, node[:80], settings.lease_seconds)

    async def rebuild(self) -> None:
        """Rebuild every open table by replaying its stored actions through the engine (with
        ``--cluster``: only the tables being played that no live process owns)."""
        if self.leases is not None:
            # this process's own lock first (a peer may be looking at it this very moment: a few
            # tries); then, a process started under the name of one that died gives up what that
            # one held. A live process of the same name keeps its lock and its leases.
            for _ in range(10):
                await asyncio.to_thread(self.leases.watch)
                if self.leases.life is not None or not self.leases.watching:
                    break
                await asyncio.sleep(0.2)
            if self.leases.life is not None:
                await asyncio.to_thread(self.leases.release_all)
            elif self.leases.watching:
                log.warning("another live server process is named %s: its leases are left to it", self.leases.me)
            await self.adopt()
            self.renewer = asyncio.create_task(self._renew_forever(), name="leases")
            return
        for table_id in await asyncio.to_thread(self.store.open_tables):
            table = await self._load(table_id)
            if table is not None:
                self._resume(table)

    def _resume(self, table: LiveTable) -> None:
        """A table rebuilt from the store carries on: its people get their grace, its bots play, and
        a full table still waiting starts (`LiveTable.start_if_full`)."""
        for n, seat in enumerate(table.seats):
            if seat.human and seat.token_hash is not None:
                table._start_grace(n)
        table._schedule()
        table.start_if_full()

    # --- several processes: leases (`cardtable.web.tables.leases`) ---

    async def adopt(self) -> None:
        """Take and rebuild the tables being played whose owner died, so their bots play on."""
        assert self.leases is not None
        for table_id in await asyncio.to_thread(self.leases.orphans):
            if table_id in self.tables:
                continue
            async with self._only(table_id):
                if table_id in self.tables or not (await asyncio.to_thread(self.leases.take, table_id)).ours:
                    continue
                table = await self._load(table_id)
            if table is not None:
                log.info("table %s: taken over (its server stopped renewing its lease)", table_id)
                self._resume(table)

    async def _renew_forever(self) -> None:
        """Renew the leases a few times a term, hand on at once a table another process asks for,
        and every tick look for processes that died (`Leases.watch`), whose tables are adopted at once."""
        assert self.leases is not None
        renewed = 0.0
        trouble = logs.Trouble(log, "renewing the leases failed")
        while True:
            await asyncio.sleep(self.tick)
            try:
                if await asyncio.to_thread(self.leases.watch):
                    await self.adopt()
                if time.monotonic() - renewed >= self.settings.lease_seconds / 4:
                    renewed = time.monotonic()
                    present = set(self.tables)  # tables made or taken while renewing are judged next time
                    ours, wanted = await asyncio.to_thread(self.leases.renew)
                    for table_id in present & set(self.tables):
                        if table_id not in ours:
                            log.warning("table %s: its lease was lost; dropped here", table_id)
                            await self.drop(table_id, release=False)
                    await self.adopt()
                else:
                    wanted = await asyncio.to_thread(self.leases.wanted)
                for table_id in wanted:
                    table = self.tables.get(table_id)
                    if table is None:  # a lease held for a table not served here: pass it on
                        async with self._only(table_id):
                            if table_id not in self.tables:
                                await asyncio.to_thread(self.leases.release, table_id)
                    elif time.monotonic() - table.loaded_at >= self.hold:
                        log.info("table %s: handed to the server that asked for it", table_id)
                        await self.drop(table_id, release=True)
                trouble.ok()
            except Exception as e:
                trouble.failed(e)

    def _lost(self, table_id: str) -> None:
        """A table found its next version stored by another process: let it go (no lease to give)."""
        task = asyncio.create_task(self.drop(table_id, release=False))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def drop(self, table_id: str, release: bool) -> None:
        """Stop serving a table here: after what it is storing, its connections are closed with
        1012 (the clients reconnect, through the load balancer, to its new owner)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(table.submit(table.leave), 10)
            table.stop()
        if release and self.leases is not None:
            await asyncio.to_thread(self.leases.release, table_id)

    def close(self) -> None:
        for table in self.tables.values():
            table.stop()
        for task in (self.sweeper, self.renewer):
            if task is not None:
                task.cancel()
        self.journal.close()
        self.bots.close()
        if self.leases is not None:
            self.leases.close()
        self.store.close()

    async def shutdown(self) -> None:
        """Stop cleanly (SIGTERM): no new moves, what is being stored is stored, the leases are
        given up (other processes take the tables at once), then close."""
        if self.renewer is not None:
            self.renewer.cancel()
        for table in self.tables.values():
            table.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.journal.drain(), 5)
        if self.leases is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.leases.release_all)
            self.leases.close()
        self.close()

    # --- expiry: tables nobody joins or uses any more leave memory (and, if empty, the store) ---

    def start_sweeping(self) -> None:
        if self.settings.sweep_every > 0:
            self.sweeper = asyncio.create_task(self._sweep_forever(), name="sweeper")

    async def _sweep_forever(self) -> None:
        trouble = logs.Trouble(log, "the sweep of expired tables failed")
        with contextlib.suppress(Exception):
            await self.overdue()  # the deadlines that passed while no server ran
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.overdue()
                await self.sweep()
                trouble.ok()
            except Exception as e:
                trouble.failed(e)

    async def sweep(self, now: float | None = None) -> list[str]:
        """Close the tables that waited too long for their people or have been idle too long, and
        unload closed tables with nobody connected; returns the ids unloaded."""
        now = time.time() if now is None else now
        s = self.settings
        gone = []
        for table_id, table in list(self.tables.items()):
            if table.conns:
                continue
            # friends who play apart take days to sit down: a turn-based table waits a week at least
            waits = s.waiting_expiry if table.turns is None else max(s.waiting_expiry, TURNS_WAIT)
            if table.status == "waiting" and s.waiting_expiry and now - table.row.created >= waits:
                await table.submit(table.expire)
                log.info("table %s: expired after waiting with nobody joining", table_id)
            elif self._idle(table, now):
                await table.submit(table.expire)
                log.info("table %s: closed after %d s idle", table_id, int(now - table.last_active))
            if table.status in ("closed", "abandoned"):
                await self.unload(table_id)
                gone.append(table_id)
        return gone

    async def overdue(self) -> list[str]:
        """Apply time's end (`LiveTable.time_out`) at the turn-based tables whose person to act is
        past the deadline (the database says which, by the server's wall clock). With
        ``--cluster`` a table held by another live process is left to it (its own sweep acts);
        one nobody holds is taken here. Returns the ids of the tables where time ran out."""
        found = await asyncio.to_thread(self.store.overdue, self.settings.clock.now())
        done = []
        for table_id in found:
            if table_id not in self.tables and self.leases is not None:
                holder = await asyncio.to_thread(self.leases.holder, table_id)
                if holder is not None:
                    continue  # another live process serves it: its own sweep acts
            try:
                table = await self.get(table_id)
                if await table.submit(table.time_out) is not None:
                    done.append(table_id)
            except Exception as e:
                logs.failed(log, f"table {table_id}: time's end could not be applied", e)
        return done

    def _idle(self, table: LiveTable, now: float) -> bool:
        """A finished match, or a match that only bots play on, idle past the idle expiry."""
        expiry = self.settings.idle_expiry
        if not expiry or now - table.last_active < expiry or table.status not in ("over", "playing"):
            return False
        return table.status == "over" or all(not x.human or x.away for x in table.seats)

    async def unload(self, table_id: str) -> None:
        """Take a closed table out of memory; one at which nothing was ever dealt leaves the store too."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        table.stop()
        for ids in self.waiting_by.values():
            ids.discard(table_id)
        if not await asyncio.to_thread(self.store.has_actions, table_id):
            await asyncio.to_thread(self.store.delete_table, table_id)
            log.info("table %s: removed (nothing was played)", table_id)

    async def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``; a closed one is rebuilt from the store when first asked for.
        With ``--cluster`` the table is served only under this process's lease: one that another
        live process holds is asked for and waited for (a second or two); if it does not come,
        ``503``: try again in a moment."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            raise Refused(404, f"no table {excerpt(table_id)}")
        if self.leases is None:
            async with self._only(table_id):
                table = self.tables.get(table_id) or await self._load(table_id)
            if table is None:
                raise Refused(404, f"no table {excerpt(table_id)}")
            return table
        deadline = time.monotonic() + self.wait_for_lease
        while True:
            async with self._only(table_id):
                table = self.tables.get(table_id)
                if table is not None:
                    return table
                if not await asyncio.to_thread(self.store.exists, table_id):
                    raise Refused(404, f"no table {excerpt(table_id)}")
                if (await asyncio.to_thread(self.leases.take, table_id)).ours:
                    table = await self._load(table_id)
                    if table is None:
                        raise Refused(404, f"no table {excerpt(table_id)}")
                    if table.status == "playing":
                        self._resume(table)
                    return table
            if time.monotonic() > deadline:
                raise Refused(
                    503, "the table is moving to this server; try again in a moment", "elsewhere", retry_after=1
                )
            await asyncio.sleep(0.1)

    async def peek(self, table_id: str) -> LiveTable:
        """The table ``table_id`` to read (its summary, a record, a review), never moving it: the
        table this process serves, else (with ``--cluster``) while another live process holds it,
        a copy rebuilt from the store in a thread and kept nowhere, its people not counted as
        connected; else as `get`. Reading a table never takes it from the process its players
        are connected to."""
        table = self.tables.get(table_id)
        if table is not None or self.leases is None or len(table_id) > 32:
            return table or await self.get(table_id)
        if await asyncio.to_thread(self.leases.holder, table_id) is None:
            return await self.get(table_id)
        loaded = await asyncio.to_thread(self.store.load, table_id)
        if loaded is None:
            raise Refused(404, f"no table {excerpt(table_id)}")
        row, seat_rows, action_rows = loaded
        copy = LiveTable(row, seat_rows, self.settings, self.store, self.bots, self.journal)
        try:
            await asyncio.to_thread(copy.restore, action_rows)
        except CardtableError as e:
            log.error("table %s cannot be rebuilt: %s", table_id, e)
            raise Refused(404, f"no table {excerpt(table_id)}") from None
        return copy

    async def check_record(self, table_id: str, match: int) -> None:
        """Refuse (``409``) the record of a table's match, or a review of it, while the room that
        made the table holds it back (`Hooks.record_held`)."""
        if self.hooks.record_held is None:
            return
        why = await asyncio.to_thread(self.hooks.record_held, table_id, match)
        if why is not None:
            raise Refused(409, why)

    @contextlib.asynccontextmanager
    async def _only(self, table_id: str) -> AsyncIterator[None]:
        """Hold the lock of one table's id: one request at a time looks the table up, takes its
        lease and loads it, while other tables' requests go on (loading a long match takes a
        while, and the tables of a dead process are taken all at once)."""
        entry = self._locks.setdefault(table_id, (asyncio.Lock(), [0]))
        entry[1][0] += 1
        try:
            async with entry[0]:
                yield
        finally:
            entry[1][0] -= 1
            if entry[1][0] == 0:
                del self._locks[table_id]

    async def _load(self, table_id: str) -> LiveTable | None:
        loaded = await asyncio.to_thread(self.store.load, table_id)
        if loaded is None:
            return None
        row, seat_rows, action_rows = loaded
        try:
            table = LiveTable(row, seat_rows, self.settings, self.store, self.bots, self.journal, self.hooks)
            # replayed in a thread: a long match's replay does not hold up the other tables
            await asyncio.to_thread(table.restore, action_rows)
        except CardtableError as e:
            log.error("table %s cannot be rebuilt: %s", table_id, e)
            return None
        self.tables[table_id] = table
        table.on_lost = self._lost
        table.start_worker()
        return table

    async def create(self, body: dict[str, Any], address: str = "?") -> dict[str, Any]:
        game_name = body.get("game")
        preset = body.get("preset")
        rules = body.get("rules", {})
        seats = body.get("seats")
        public = body.get("public", False)
        hands = body.get("hands")
        move_seconds = body.get("move_seconds")
        hints = body.get("hints", True)
        talk_mode = body.get("talk", "phrases")
        if not isinstance(game_name, str):
            raise Refused(400, 'game: expected a game name such as "sheepshead"')
        if preset is not None and not isinstance(preset, str):
            raise Refused(400, "preset: expected a preset name")
        if not isinstance(rules, dict):
            raise Refused(400, "rules: expected an object of rule options")
        if not isinstance(public, bool):
            raise Refused(400, "public: expected true or false")
        if not isinstance(hints, bool):
            raise Refused(400, "hints: expected true or false")
        if talk_mode not in talk.MODES:
            raise Refused(400, 'talk: expected "free", "phrases" or "off"')
        if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= MAX_HANDS):
            raise Refused(400, f"hands: expected a whole number of hands, from 1 to {MAX_HANDS}")
        if move_seconds is not None and (
            not isinstance(move_seconds, int | float) or isinstance(move_seconds, bool) or not 1 <= move_seconds <= 3600
        ):
            raise Refused(400, "move_seconds: expected seconds per move, from 1 to 3600")
        turns = _turns(body)
        if turns is not None and move_seconds is not None:
            raise Refused(400, "move_seconds: a turn-based table's time per move is turn_seconds")
        try:
            game = get_game_from_rules(game_name, {**_preset_rules(game_name, preset), **rules})
        except CardtableError as e:
            raise Refused(422, str(e)) from None
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise Refused(400, 'seats: expected a list with "human" or a bot name for each seat')
        if len(seats) != game.seats:
            raise Refused(422, f"seats: {game_name} has {game.seats} seats, not {len(seats)}")
        seats = [spec if spec == HUMAN else bot_seat(game, spec, self.settings) for spec in seats]
        async with self.lock:
            open_now = sum(1 for t in self.tables.values() if t.status != "closed")
            if open_now >= self.settings.max_open_tables:
                raise Refused(429, f"the server has {open_now} open tables, its limit; try again later", retry_after=60)
            mine = self.waiting_by[address]
            mine.intersection_update(t for t in mine if t in self.tables and self.tables[t].status == "waiting")
            if HUMAN in seats and len(mine) >= self.settings.waiting_per_address:
                raise Refused(
                    429,
                    f"your address has {len(mine)} tables waiting for people, its limit; start or close one first",
                    retry_after=60,
                )
            table_id = secrets.token_urlsafe(9)
            host, invite = new_token(), new_token()
            status = "waiting" if HUMAN in seats else "playing"
            row = TableRow(
                table_id,
                game_name,
                preset,
                dict(rules),
                public,
                hands,
                float(move_seconds) if move_seconds is not None else None,
                token_hash(host),
                token_hash(invite),
                "waiting",
                hints,
                created=time.time(),
                talk=talk_mode,
                mode="live" if turns is None else "turns",
                turns=turns,
            )
            seat_rows = [SeatRow(n, spec, None, None) for n, spec in enumerate(seats)]
            await asyncio.to_thread(self.store.create_table, row, seat_rows)
            if self.leases is not None:
                await asyncio.to_thread(self.leases.take, table_id)
            table = LiveTable(row, seat_rows, self.settings, self.store, self.bots, self.journal, self.hooks)
            self.tables[table_id] = table
            table.on_lost = self._lost
            table.start_worker()
            if status == "waiting":
                mine.add(table_id)
        log.info("table %s: created (%s, %d seats)", table_id, game_name, len(seats))
        if status == "playing":
            await table.submit(table._begin)
        return {"table": table_id, "host": host, "invite": invite}

    async def create_seated(
        self,
        table_id: str,
        game: str,
        preset: str | None,
        rules: dict[str, Any],
        hands: int,
        seats: list[SeatRow],
        board_seed: str | None = None,
        origin: dict[str, Any] | None = None,
    ) -> None:
        """Make a table whose seats are filled already (a tournament's round: each person's seat
        holds the hash of their own entrant token, the others a bot) and deal its first hand. It
        plays exactly ``hands`` hands: a match won before then is followed at once by a new one.
        Hints are off: a tournament is played without the search bot's help. A table of that id
        stored already is left as it is (the round's tables are made again after a restart).
        ``origin`` is what made it, shown in its summary (the tournament, round and table number)."""
        if await asyncio.to_thread(self.store.exists, table_id):
            return
        row = TableRow(
            table_id, game, preset, dict(rules), False, hands, None, token_hash(new_token()),
            token_hash(new_token()), "waiting", False, created=time.time(), board_seed=board_seed,
            fixed_hands=True, origin=origin,
        )  # fmt: skip
        async with self.lock:
            await asyncio.to_thread(self.store.create_table, row, seats)
            if self.leases is not None:
                await asyncio.to_thread(self.leases.take, table_id)
            table = LiveTable(row, seats, self.settings, self.store, self.bots, self.journal, self.hooks)
            self.tables[table_id] = table
            table.on_lost = self._lost
            table.start_worker()
        for n, seat in enumerate(table.seats):
            if seat.human:
                table._start_grace(n)
        log.info("table %s: created for a tournament (%s, %d seats)", table_id, game, len(seats))
        await table.submit(table._begin)

    async def listing(self, status: str | None) -> list[dict[str, Any]]:
        """The public tables (``status``: ``open``, those not closed with a free seat; or one
        status). With ``--cluster`` they are read from the store, which every process shares."""
        if self.leases is not None:
            found = await asyncio.to_thread(self.store.public_tables)
            live = {t.id: t.summary() for t in self.tables.values() if t.row.public}
            rows = [live.get(t["id"], t) for t in found]
            return [t for t in rows if _listed(t, status)]
        out = []
        for table in self.tables.values():
            if not table.row.public:
                continue
            if status == "open" and not (table.status != "closed" and table.free_seats()):
                continue
            if status not in (None, "open") and table.status != status:
                continue
            out.append(table.summary())
        return out


#: How long a turn-based table waits for its people to sit down at least (``waiting_expiry`` if longer).
TURNS_WAIT = 7 * 86400.0

#: A turn-based table's bounds and defaults (docs/web.md, "Turn-based tables"), in seconds.
TURN_SECONDS = (60.0, 14 * 86400.0, 86400.0)
BANK_SECONDS = (0.0, 30 * 86400.0, 72 * 3600.0)


def _turns(body: dict[str, Any]) -> Turns | None:
    """The turn-based clock a table is created with (``"mode": "turns"``), or ``None`` for a live
    table; a setting out of its bounds, or given to a live table, is ``400``."""
    mode = body.get("mode", "live")
    if mode not in ("live", "turns"):
        raise Refused(400, 'mode: expected "live" or "turns"')
    if mode == "live":
        given = [k for k in ("turn_seconds", "bank_seconds", "on_timeout") if k in body]
        if given:
            raise Refused(400, f'{given[0]}: only a turn-based table ("mode": "turns") has it')
        return None
    out = []
    for key, (low, high, default) in (("turn_seconds", TURN_SECONDS), ("bank_seconds", BANK_SECONDS)):
        value = body.get(key, default)
        if not isinstance(value, int | float) or isinstance(value, bool) or not low <= value <= high:
            raise Refused(400, f"{key}: expected seconds, from {int(low)} to {int(high)}")
        out.append(float(value))
    on_timeout = body.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise Refused(400, 'on_timeout: expected "bot", "abandon" or "replace"')
    return Turns(out[0], out[1], on_timeout)


def _listed(summary: dict[str, Any], status: str | None) -> bool:
    free = any(s["player"] == HUMAN and not s["taken"] for s in summary["seats"])
    if status == "open":
        return bool(summary["status"] != "closed" and free)
    return status is None or summary["status"] == status
