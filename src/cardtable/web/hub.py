"""The server's tables: made, looked up and rebuilt from the store on start."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter, defaultdict
from typing import Any

from cardtable import registry
from cardtable.core import CardtableError
from cardtable.registry import get_game_from_rules
from cardtable.strict import excerpt
from cardtable.web.bots import BotPool, refusal
from cardtable.web.limits import PerAddress
from cardtable.web.live import HUMAN, LiveTable, Refused, new_token, token_hash
from cardtable.web.settings import Settings
from cardtable.web.store import Journal, SeatRow, Store, TableRow

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


class Hub:
    """Every live table of this server, with the store and the bots' pool they share."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db_url)
        self.journal = Journal(self.store)
        self.bots = BotPool(settings.bot_workers)
        self.tables: dict[str, LiveTable] = {}
        self.addresses: Counter[str] = Counter()
        self.lock = asyncio.Lock()
        self.create_limit = PerAddress(1 / settings.create_every, settings.create_burst)
        self.join_limit = PerAddress(1 / settings.join_every, settings.join_burst)
        #: The waiting tables each address created (to bound how many one address holds open).
        self.waiting_by: defaultdict[str, set[str]] = defaultdict(set)
        self.sweeper: asyncio.Task[None] | None = None

    async def rebuild(self) -> None:
        """Rebuild every open table by replaying its stored actions through the engine."""
        for table_id in await asyncio.to_thread(self.store.open_tables):
            table = await self._load(table_id)
            if table is None:
                continue
            for n, seat in enumerate(table.seats):
                if seat.human and seat.token_hash is not None:
                    table._start_grace(n)
            table._schedule()

    def close(self) -> None:
        for table in self.tables.values():
            table.stop()
        if self.sweeper is not None:
            self.sweeper.cancel()
        self.journal.close()
        self.bots.close()
        self.store.close()

    async def shutdown(self) -> None:
        """Stop cleanly (SIGTERM): no new moves, what is being stored is stored, then close."""
        for table in self.tables.values():
            table.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.journal.drain(), 5)
        self.close()

    # --- expiry: tables nobody joins or uses any more leave memory (and, if empty, the store) ---

    def start_sweeping(self) -> None:
        if self.settings.sweep_every > 0:
            self.sweeper = asyncio.create_task(self._sweep_forever(), name="sweeper")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of expired tables failed")

    async def sweep(self, now: float | None = None) -> list[str]:
        """Close the tables that waited too long for their people or have been idle too long, and
        unload closed tables with nobody connected; returns the ids unloaded."""
        now = time.time() if now is None else now
        s = self.settings
        gone = []
        for table_id, table in list(self.tables.items()):
            if table.conns:
                continue
            if table.status == "waiting" and s.waiting_expiry and now - table.row.created >= s.waiting_expiry:
                await table.submit(table.expire)
                log.info("table %s: expired after waiting with nobody joining", table_id)
            elif self._idle(table, now):
                await table.submit(table.expire)
                log.info("table %s: closed after %d s idle", table_id, int(now - table.last_active))
            if table.status == "closed":
                await self.unload(table_id)
                gone.append(table_id)
        return gone

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
        """The table ``table_id``; a closed one is rebuilt from the store when first asked for."""
        table = self.tables.get(table_id)
        if table is None and len(table_id) <= 32:
            async with self.lock:
                table = self.tables.get(table_id) or await self._load(table_id)
        if table is None:
            raise Refused(404, f"no table {excerpt(table_id)}")
        return table

    async def _load(self, table_id: str) -> LiveTable | None:
        loaded = await asyncio.to_thread(self.store.load, table_id)
        if loaded is None:
            return None
        row, seat_rows, action_rows = loaded
        try:
            table = LiveTable(row, seat_rows, self.settings, self.store, self.bots, self.journal)
            table.restore(action_rows)
        except CardtableError as e:
            log.error("table %s cannot be rebuilt: %s", table_id, e)
            return None
        self.tables[table_id] = table
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
        if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= MAX_HANDS):
            raise Refused(400, f"hands: expected a whole number of hands, from 1 to {MAX_HANDS}")
        if move_seconds is not None and (
            not isinstance(move_seconds, int | float) or isinstance(move_seconds, bool) or not 1 <= move_seconds <= 3600
        ):
            raise Refused(400, "move_seconds: expected seconds per move, from 1 to 3600")
        try:
            game = get_game_from_rules(game_name, {**_preset_rules(game_name, preset), **rules})
        except CardtableError as e:
            raise Refused(422, str(e)) from None
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise Refused(400, 'seats: expected a list with "human" or a bot name for each seat')
        if len(seats) != game.seats:
            raise Refused(422, f"seats: {game_name} has {game.seats} seats, not {len(seats)}")
        for spec in seats:
            if spec != HUMAN:
                why = refusal(game, spec, self.settings.max_bot_seconds)
                if why is not None:
                    raise Refused(422, why)
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
            )
            seat_rows = [SeatRow(n, spec, None, None) for n, spec in enumerate(seats)]
            await asyncio.to_thread(self.store.create_table, row, seat_rows)
            table = LiveTable(row, seat_rows, self.settings, self.store, self.bots, self.journal)
            self.tables[table_id] = table
            table.start_worker()
            if status == "waiting":
                mine.add(table_id)
        log.info("table %s: created (%s, %d seats)", table_id, game_name, len(seats))
        if status == "playing":
            await table.submit(table._begin)
        return {"table": table_id, "host": host, "invite": invite}

    def listing(self, status: str | None) -> list[dict[str, Any]]:
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
