"""A live table: one writer that owns a table's state, stores each action, then tells everyone.

Every command for a table (a person's move, a bot's move, a timer, a join, a hello) is put on the
table's queue and run by its one worker task, so no two moves race and a client that says hello
gets a snapshot and then every later event, none missed and none twice. An action is checked by
the engine, committed to the store, and only then applied in memory and broadcast, each recipient
getting its own view and the actions as it may see them.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import itertools
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError

from cardtable.cards import format_card
from cardtable.core import CHANCE, BadNotation, Deal, IllegalAction, game_part, rules_json
from cardtable.i18n import _, ngettext, speaking
from cardtable.record import FORMAT
from cardtable.registry import get_game
from cardtable.shuffle import Shuffle, draw
from cardtable.web import names
from cardtable.web.errors import Refused
from cardtable.web.ops import logs, metrics
from cardtable.web.settings import Settings
from cardtable.web.tables import engine, talk, words
from cardtable.web.tables.bots import BotPool, resolve
from cardtable.web.tables.hooks import Ended, EndedHand, Hooks, Waiting
from cardtable.web.tables.programs import TablePrograms, is_program
from cardtable.web.tables.store import ActionRow, After, Journal, SeatRow, Store, TableRow
from cardtable.web.tokens import new_token, token_hash, token_matches

log = logging.getLogger("cardtable.web")

#: How long a table waits before it asks again a bot whose move failed (`LiveTable._bot_turn`), or
#: tries again to start once its store failed (`LiveTable._begin`).
BOT_RETRY_SECONDS = 1.0

HUMAN = "human"


def _shuffle(data: dict[str, Any]) -> Shuffle:
    """The shuffle of a stored deal (its ``salt`` and ``commitment``)."""
    return Shuffle(data["salt"], data["commitment"])


@dataclass(eq=False)
class Conn:
    """One client's connection as the table sees it: its seat (``None``: a spectator), the address
    it comes from, the last version it was sent (``v``), and the queue of messages waiting to be
    sent to it (a message for many recipients is queued as its JSON text, encoded once)."""

    seat: int | None = None
    outbox: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=lambda: asyncio.Queue(maxsize=2000))
    table: str = ""
    closed: bool = False
    address: str = ""
    v: int = 0
    #: The language its person hears the game and its refusals in (``hello``'s ``lang``; docs/languages.md).
    language: str = "en"
    #: The close code and reason to end the connection with (default: 1008, a client that reads nothing).
    ending: tuple[int, str] = (1008, "the client does not read its messages")

    def end(self, code: int, reason: str) -> None:
        """Close the connection with ``code`` once what is queued for it is sent."""
        if self.closed:
            return
        self.ending = (code, reason)
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    def send(self, msg: dict[str, Any] | str) -> None:
        """Queue ``msg`` (an object, or the JSON text of one) to be sent."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:  # a client that reads nothing is dropped, not waited for
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.get_nowait()
                self.outbox.put_nowait(None)


def _timed_out(who: str) -> str:
    """The words of a move the stand-in bot made at a turn-based table when time ran out."""
    return _("{who} ran out of time; the stand-in bot moved for them.").format(who=who)


def encoded(msg: dict[str, Any]) -> str:
    """``msg`` as the JSON text sent on the wire."""
    return json.dumps(msg, separators=(",", ":"))


@dataclass
class SeatInfo:
    kind: str
    name: str | None
    token_hash: str | None
    connections: int = 0
    away: bool = False
    #: The table's version when the seat's person was last there (a turn-based table's words since).
    seen: int | None = None

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def taken(self) -> bool:
        return not self.human or self.token_hash is not None


@dataclass
class Entry:
    """One version of the table: the action (seat ``-1``: a deal), its public form, the state after."""

    v: int
    seat: int
    text: str
    public: str
    state: Any
    data: dict[str, Any] | None = None
    stand_in: bool = False
    #: When it was stored, by the server's wall clock (``None`` for an action stored before clocks were kept).
    at: float | None = None

    def shown(self, seat: int | None) -> str:
        """The action as ``seat`` (``None``: a spectator) sees it, seat first as in records."""
        if self.seat < 0:
            return "deal"
        return f"{self.seat} {self.text if seat == self.seat else self.public}"


class LiveTable:
    """A table in memory, rebuilt from its stored actions and kept by one worker task."""

    def __init__(
        self,
        row: TableRow,
        seat_rows: list[SeatRow],
        settings: Settings,
        store: Store,
        bots: BotPool,
        journal: Journal | None = None,
        hooks: Hooks | None = None,
    ):
        self.row = row
        self.id = row.id
        self.settings = settings
        self.store = store
        self.journal = journal or Journal(store)
        self.bots = bots
        #: The rooms above that hear of ended hands and seat players (`cardtable.web.tables.hooks`).
        self.hooks = hooks or Hooks()
        self.game: Any = get_game(row.game, row.preset, **row.rules)
        self.rules = rules_json(self.game.rules)
        self.seats = [SeatInfo(s.kind, s.name, s.token_hash, seen=s.seen) for s in seat_rows]
        self.status = row.status
        self.version = 0
        self.state: Any = None
        self.match = -1
        self.hand_in_match = 0
        #: The hands dealt at the table in every match so far, and before the current match.
        self.dealt = 0
        self.dealt_before_match = 0
        self.entries: list[Entry] = []  # this match's versions
        self.matches: list[list[dict[str, Any]]] = []  # finished hands of each match, as record hands
        self.hand: dict[str, Any] | None = None  # the hand being played, as a record hand
        self.hand_before: Any = None  # the state before the deal of the hand being played
        self.acks: dict[tuple[int, str], int] = {}
        self.conns: set[Conn] = set()
        self.queue: asyncio.Queue[tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any]]] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.graces: dict[int, asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        #: When anything last happened at the table (an action, a join, a connection).
        self.last_active = time.time()
        #: Whether the table's people were told that the server is busy storing.
        self.busy = False
        #: Whether a hint is being worked out for the table's seat to act (one at a time).
        self.hinting = False
        #: The talk kept for pages that reconnect, and its pace (`cardtable.web.tables.talk`).
        self.talk = talk.TalkLog()
        self.pace = talk.Pace()
        #: The addresses from which a seat's connection came: a spectator connection from one of
        #: them is taken for that seated person's (it never hears the spectators' talk).
        self.seat_addresses: set[str] = set()
        #: When the current version began: a person's clock runs from here (web.md §4).
        self.turn_started = time.monotonic()
        #: When this process loaded the table (a lease's hand-over waits a little after it).
        self.loaded_at = time.monotonic()
        #: Whether this process no longer serves the table (another took it: `cardtable.web.tables.leases`).
        self.lost = False
        #: Called when a store of this table's next version finds it stored by another process.
        self.on_lost: Callable[[str], None] | None = None
        #: The operator's bot programs seated here, each seat in a process of its own.
        self.programs = TablePrograms(self.game)
        #: The hands ended and not yet announced to the hooks (`_announce`).
        self.ended: list[EndedHand] = []
        #: A turn-based table's clock (`cardtable.web.tables.store.Turns`), else ``None``: when the
        #: current turn began (the last action's stored time) and how much of its bank each seat
        #: has spent in this match, both read again from the stored actions on a restart.
        self.turns = row.turns if row.mode == "turns" else None
        self.turn_since: float | None = None
        self.bank_used = [0.0] * len(self.seats)
        #: What time's end did at a turn-based table, in words (`time_out`).
        self.note = row.note
        #: A bot that could not move: said once when it begins and once when it is over.
        self.bot_trouble = logs.Trouble(log, f"table {self.id}: a bot could not move")

    # --- the one writer ---

    def start_worker(self) -> None:
        # the worker and every task it starts log with this table's id (`cardtable.web.ops.logs`)
        context = contextvars.copy_context()
        context.run(logs.TABLE.set, self.id)
        self.worker = asyncio.create_task(self._work(), name=f"table {self.id}", context=context)
        # the hands rebuilt from the store are announced first, in case a stop came before they were
        self.queue.put_nowait((self._announce, asyncio.get_running_loop().create_future()))

    async def _work(self) -> None:
        while True:
            job, done = await self.queue.get()
            try:
                result = await job()
            except Exception as e:  # the caller hears of it; the table goes on
                if not done.done():
                    done.set_exception(e)
            else:
                if not done.done():
                    done.set_result(result)

    async def submit(self, job: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``job`` on the table's worker, after every command before it, and return its result."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self.queue.put((job, done))
        return await done

    async def leave(self) -> None:
        """This process stops serving the table (run on its worker): nothing more is scheduled,
        and every connection is closed with 1012 so its client reconnects to the new owner."""
        for task in [self.timer, *self.graces.values(), *self.tasks]:
            if task is not None:
                task.cancel()
        self.lost = True
        self.programs.close()
        for conn in list(self.conns):
            conn.end(1012, "the table moved to another server; reconnect")

    def stop(self) -> None:
        for task in [self.worker, self.timer, *self.graces.values(), *self.tasks]:
            if task is not None:
                task.cancel()
        self.programs.close()

    # --- rebuilding from the store ---

    def restore(self, rows: list[ActionRow]) -> None:
        """Replay the stored actions through the engine (no storing, no broadcasting)."""
        for row in rows:
            if row.seat < 0:
                assert row.data is not None
                self._apply_deal(row.version, row.data, row.at)
            else:
                before = self.state
                action = self.game.parse(row.text)
                after = self.game.apply(before, action)
                public = engine.public_action(self.game, before, action)
                entry = Entry(row.version, row.seat, row.text, public, after, row.data, row.stand_in, row.at)
                self._commit(entry, row.client_id)

    # --- what a table is: seats, summary, record ---

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.row.game,
            "preset": self.row.preset,
            "rules": self.rules,
            "public": self.row.public,
            "hands": self.row.hands,
            "move_seconds": self.row.move_seconds,
            "hints": self.row.hints,
            "talk": self.row.talk,
            **({"phrases": list(talk.PHRASES)} if self.row.talk == "phrases" else {}),
            "seats": [
                {
                    "seat": n,
                    "player": s.kind,
                    "name": s.name if s.human else s.name or s.kind,
                    "taken": s.taken,
                    "connected": s.connections > 0 if s.human else True,
                    "away": s.away,
                }
                for n, s in enumerate(self.seats)
            ],
            "status": self.status,
            "version": self.version,
            "match": max(self.match, 0),
            "hand": self.hand_in_match,
            "winner": list(won) if self.status in ("over", "closed") and (won := self._winner(self.state)) else None,
            **({"origin": self.row.origin} if self.row.origin is not None else {}),
            **self._turns_summary(),
        }

    def _turns_summary(self) -> dict[str, Any]:
        """A turn-based table's part of its summary: its mode and clock, the seat to act and its
        deadline (wall clock, seconds since the epoch), each seat's bank left, and the note of
        what time's end did. A live table's summary is as it always was."""
        if self.turns is None:
            return {}
        deadline = self.deadline()
        return {
            "mode": "turns",
            "turn_seconds": self.turns.turn_seconds,
            "bank_seconds": self.turns.bank_seconds,
            "on_timeout": self.turns.on_timeout,
            "to_act": self._person_to_act(self.state),
            "deadline": deadline,
            "banks": [round(self.bank_left(n), 3) for n in range(len(self.seats))],
            **({"note": self.note} if self.note else {}),
        }

    # --- a turn-based table's clock: wall-clock times read from the stored actions ---

    def _person_to_act(self, state: Any) -> int | None:
        """The person's seat to act at ``state`` while the table is played, else ``None``."""
        if state is None or self.status != "playing" or self.game.outcome(state) is not None:
            return None
        actor = self.game.actor(state)
        if actor is None or actor == CHANCE or not self.seats[actor].human:
            return None
        return int(actor)

    def bank_left(self, seat: int, used: list[float] | None = None) -> float:
        """What is left of ``seat``'s bank in this match (``used``: each seat's bank spent)."""
        if self.turns is None:
            return 0.0
        return max(0.0, self.turns.bank_seconds - (self.bank_used if used is None else used)[seat])

    def deadline(self) -> float | None:
        """When the person to act at a turn-based table runs out of time (wall clock), or ``None``."""
        seat = self._person_to_act(self.state)
        if self.turns is None or seat is None:
            return None
        since = self.turn_since if self.turn_since is not None else self.settings.clock.now()
        return since + self.turns.turn_seconds + self.bank_left(seat)

    def _overrun(self, at: float | None) -> float:
        """How far a move stored at ``at`` went beyond its allowance (what its bank pays)."""
        if self.turns is None or at is None or self.turn_since is None:
            return 0.0
        return max(0.0, at - self.turn_since - self.turns.turn_seconds)

    def _after(
        self, state: Any, seat: int, at: float, v: int, new_match: bool = False, stand_in: bool = False
    ) -> After | None:
        """What a turn-based table's row says once the action of ``seat`` (``-1``: a deal) stored
        at ``at`` brought the table to ``state``: its seat to act and deadline, and the word that
        a person waits when their seat has just become the one to act, or is to act again after
        the stand-in moved for them (they were away). ``None`` at a live table."""
        if self.turns is None:
            return None
        used = [0.0] * len(self.seats) if new_match else list(self.bank_used)
        if seat >= 0:
            used[seat] = min(self.turns.bank_seconds, used[seat] + self._overrun(at))
        to_act = self._person_to_act(state)
        if to_act is None:
            return After(None, None)
        deadline = at + self.turns.turn_seconds + self.bank_left(to_act, used)
        before = self._person_to_act(self.state) if seat >= 0 else None
        waiting = None
        if (to_act != before or seat < 0 or stand_in) and self.seats[to_act].token_hash is not None:
            waiting = Waiting(self.id, self.row.game, to_act, v, deadline, at)
        return After(to_act, deadline, waiting)

    def free_seats(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s.human and s.token_hash is None]

    def seat_of_token(self, token: object) -> int | None:
        """The seat whose token this is (every seat compared, in constant time), or ``None``."""
        found = None
        for n, s in enumerate(self.seats):
            if token_matches(token, s.token_hash):
                found = n
        return found

    def players(self) -> list[str]:
        return [s.name or (f"seat {n}" if s.human else s.kind) for n, s in enumerate(self.seats)]

    def record(self, match: int | None) -> dict[str, Any] | None:
        """The open record of a match's finished hands (the current match by default), or ``None``."""
        m = self.match if match is None else match
        if not 0 <= m < len(self.matches) or not self.matches[m]:
            return None
        return {
            "format": FORMAT,
            "game": self.row.game,
            **({"rules": self.rules} if self.rules else {}),
            "players": self.players(),
            "hands": list(self.matches[m]),
        }

    # --- the commands (run on the worker) ---

    async def join(
        self, invite: object, name: str, seat: int | None, player: str | None = None, held: object = None
    ) -> tuple[int, str]:
        """Take a free seat: with the invite (or host) token, or at a public table without one,
        since the open list shows it to everyone to join.

        One person holds one seat. A person is known here by what their client shows: a
        player's id (``player``, from the player's token: a player sits once at a table, rated
        or not) and a seat's token they hold at this table already (``held``: ``join``'s
        ``token``). A join that shows either for a seat of this table is ``409``. Nothing else
        tells two browsers of one person apart (not an address: a family or a club shares one),
        so a person who shows nothing is a new person. A name that looks like the name of
        someone seated here (`cardtable.web.names.looks_alike`) is ``409`` too, so that nobody
        at a table passes for another."""
        invited = token_matches(invite, self.row.invite_hash) or token_matches(invite, self.row.host_hash)
        if not (invited or self.row.public):
            raise Refused(403, "the invite token is not this table's")
        if held is not None and (mine := self.seat_of_token(held)) is not None:
            raise Refused(409, f"you already sit at this table, in seat {mine}")
        if player is not None and self.hooks.player_seat is not None:
            mine = await asyncio.to_thread(self.hooks.player_seat, self.id, player)
            if mine is not None:
                raise Refused(409, f"you already sit at this table, in seat {mine}")
        seated = [s.name for s in self.seats if s.human and s.token_hash is not None]
        like = names.alike(name, seated)
        if like is not None:
            raise Refused(409, f"{like[:40]!r} sits at this table already: choose a name that does not look like it")
        free = self.free_seats()
        if seat is None:
            if not free:
                raise Refused(409, "the table is full")
            seat = free[0]
        elif not 0 <= seat < len(self.seats):
            raise Refused(422, f"seat {seat} is not a seat at this table (0 to {len(self.seats) - 1})")
        elif seat not in free:
            raise Refused(409, f"seat {seat} is taken")
        token = new_token()
        info = self.seats[seat]
        row = SeatRow(seat, HUMAN, name, token_hash(token))
        if player is None:
            await asyncio.to_thread(self.store.set_seat, self.id, row)
        else:
            if self.hooks.seat_player is None:
                raise Refused(422, "this server keeps no players: join with a name")
            held = await asyncio.to_thread(self.hooks.seat_player, self.id, row, player)
            if held is not None:
                raise Refused(409, f"you already sit at this table, in seat {held}")
        info.name, info.token_hash = name, token_hash(token)
        self._start_grace(seat)
        self._tell_table()
        if self.status == "waiting" and not self.free_seats():
            await self._begin()
        return seat, token

    async def start(self, host: object, bot: str) -> None:
        self._check_host(host)
        if self.status != "waiting":
            return  # started already: starting again changes nothing
        for n in self.free_seats():
            await asyncio.to_thread(self.store.set_seat, self.id, SeatRow(n, bot, None, None))
            self.seats[n] = SeatInfo(bot, None, None)
        await self._begin()

    async def seat_bot(self, host: object, seat: int, bot: str) -> None:
        self._check_host(host)
        if not 0 <= seat < len(self.seats):
            raise Refused(422, f"seat {seat} is not a seat at this table (0 to {len(self.seats) - 1})")
        if seat not in self.free_seats():
            raise Refused(409, f"seat {seat} is not a waiting seat for a person")
        await asyncio.to_thread(self.store.set_seat, self.id, SeatRow(seat, bot, None, None))
        self.seats[seat] = SeatInfo(bot, None, None)
        self._tell_table()
        if self.status == "waiting" and not self.free_seats():
            await self._begin()

    async def replace(self, seat: int, bot: str) -> None:
        """Put the bot ``bot`` in a person's seat for good (a tournament's director replaces an
        entrant who did not come): the seat's token no longer works and the bot plays on."""
        await asyncio.to_thread(self.store.set_seat, self.id, SeatRow(seat, bot, None, None))
        grace = self.graces.pop(seat, None)
        if grace is not None:
            grace.cancel()
        self.seats[seat] = SeatInfo(bot, None, None)
        for conn in list(self.conns):
            if conn.seat == seat:
                conn.end(4401, "a bot plays this seat now")
        self._tell_table()
        self._schedule()

    async def again(self, token: object, match: int) -> int:
        if self.seat_of_token(token) is None and not token_matches(token, self.row.host_hash):
            raise Refused(403, "the token is not a seat's or the host's at this table")
        if self.row.fixed_hands:
            raise Refused(409, "this table plays a tournament's hands once; the next round is at the tournament's page")
        if match < self.match:
            return self.match  # asked again: that match was already followed by this one
        if match > self.match or self.status != "over":
            raise Refused(409, f"match {self.match} is {self.status}, not over")
        await self._set_status("playing")
        await self._deal(new_match=True)
        return self.match

    async def time_out(self) -> str | None:
        """At a turn-based table whose person to act is past the deadline: what the table's
        ``on_timeout`` says (the stand-in bot makes that one move, the match is abandoned, or a
        bot takes the seat for good), told in words; returns those words, or ``None`` when no
        deadline has passed (it moved in time, or another sweep came first)."""
        seat, deadline = self._person_to_act(self.state), self.deadline()
        if self.turns is None or seat is None or deadline is None or self.settings.clock.now() < deadline:
            return None
        who = self.players()[seat]
        if self.turns.on_timeout == "abandon":
            note = f"{who} ran out of time; the match is abandoned."
            await asyncio.to_thread(self.store.set_note, self.id, note, "abandoned")
            self.note, self.status = note, "abandoned"
            if self.timer is not None:
                self.timer.cancel()
            self._tell_table()
        elif self.turns.on_timeout == "replace":
            note = f"{who} ran out of time; a bot ({self.settings.stand_in}) takes the seat for good."
            await asyncio.to_thread(self.store.set_note, self.id, note)
            self.note = note
            await self.replace(seat, self.settings.stand_in)
        else:
            text = await self._stand_in_move(seat)
            await self._move(seat, text, None, True, {"timeout": True})
            note = f"{who} ran out of time; the stand-in bot moved for them."
        log.info("table %s: seat %d ran out of time (%s)", self.id, seat, self.turns.on_timeout)
        return note

    async def _stand_in_move(self, seat: int) -> str:
        """The stand-in bot's move for ``seat``, the seat to act."""
        legal = list(self.game.legal_actions(self.state))
        if len(legal) == 1:
            return str(self.game.format(legal[0]))
        seeded = self._seeded(f"bot {seat}")
        seed = seeded.getrandbits(64) if seeded is not None else None
        view = self.game.observe(self.state, seat)
        return str(await self.bots.choose(self.row.game, self.rules, self.settings.stand_in, view, legal, seed))

    async def close(self, host: object) -> None:
        self._check_host(host)
        await self.expire()

    async def expire(self) -> None:
        """Close the table (the host closed it, or nobody came or stayed): no more deals or moves."""
        if self.status != "closed":
            await self._set_status("closed")
            if self.timer is not None:
                self.timer.cancel()

    def _check_host(self, host: object) -> None:
        if not token_matches(host, self.row.host_hash):
            raise Refused(403, "the host token is not this table's")

    async def _set_status(self, status: str) -> None:
        await asyncio.to_thread(self.store.set_status, self.id, status)
        self.status = status
        self._tell_table()

    async def _begin(self) -> None:
        """Play starts: every seat is taken. A store that fails here is tried again a moment
        later (the status here; the first deal by `_deal` itself), so that a full table never
        waits for a start that will not come."""
        try:
            await self._set_status("playing")
        except Exception as e:
            self.journal.trouble.failed(e, f" (table {self.id}, its start)")
            self._spawn(self._begin_later())
            return
        await self._deal(new_match=True)

    async def _begin_later(self) -> None:
        await asyncio.sleep(BOT_RETRY_SECONDS)
        await self._quietly(self._begin_if_full)

    async def _begin_if_full(self) -> None:
        if self.status == "waiting" and not self.free_seats():
            await self._begin()

    def start_if_full(self) -> None:
        """A table rebuilt from the store with every seat taken but still waiting starts now: the
        server stopped after storing its last seat and before storing its start, and no join can
        come to start it. (The person of that last seat never had the answer with the seat's
        token; the seat is then like any person's who went away: its grace, then a stand-in.)"""
        if self.status == "waiting" and not self.free_seats():
            self._spawn(self._quietly(self._begin_if_full))

    # --- the live connection ---

    async def hello(self, conn: Conn, seat: int | None, seen: int) -> None:
        """Register ``conn`` and send it a snapshot, or the events it missed if only a few."""
        if conn.closed:
            return
        self.last_active = time.time()
        fresh = conn not in self.conns
        conn.seat = seat
        if fresh:
            self.conns.add(conn)
            if seat is not None:
                if conn.address and len(self.seat_addresses) < 256:
                    self.seat_addresses.add(conn.address)
                info = self.seats[seat]
                info.connections += 1
                grace = self.graces.pop(seat, None)
                if grace is not None:
                    grace.cancel()
                if info.away:
                    info.away = False
                    self._schedule()
        self._answer_hello(conn, seat, seen)  # the answer to hello comes first, then the seats' news
        if fresh and seat is not None and self.turns is not None:
            await self._welcome_back(conn, seat)
        if fresh:  # the talk it missed, at most the last 100
            for said in self.talk.for_seat(seat, spectators=self._hears_spectators(conn)):
                conn.send({**said, "old": True})
        if fresh and seat is not None:
            self._tell_table()

    def _answer_hello(self, conn: Conn, seat: int | None, seen: int) -> None:
        first = self.entries[0].v if self.entries else self.version + 1
        if 0 < seen < self.version and self.version - seen <= self.settings.catch_up and seen >= first - 1:
            missed = [e for e in self.entries if e.v > seen]
            if all(e.state is not None for e in missed):
                for e in missed:
                    conn.send(self._event(e, seat, conn.language))
                conn.v = self.version
                return
        conn.send(self._snapshot(seat))
        conn.v = self.version

    async def _welcome_back(self, conn: Conn, seat: int) -> None:
        """A seat's person comes back to a turn-based table: what was played since their last
        visit, in words as their seat may hear them (``{"t": "since", "from", "v", "say"}``);
        then this version is the one they have seen."""
        info = self.seats[seat]
        if info.seen is not None and info.seen < self.version:
            with speaking(conn.language):
                lines = self.since(seat, info.seen)
            conn.send({"t": "since", "from": info.seen, "v": self.version, "say": lines})
        if info.seen != self.version:
            info.seen = self.version
            await asyncio.to_thread(self.store.set_seen, self.id, seat, self.version)

    def since(self, seat: int, seen: int) -> list[str]:
        """The moves made after version ``seen``, in words for ``seat`` (`words.said`: no card
        hidden from the seat is named): those of the hand being played, or just finished,
        each, and of the hands that ended before it, how many."""
        deal = next((e for e in reversed(self.entries) if e.seat < 0), None)
        if deal is None or deal.data is None or self.hand_before is None:
            return []
        lines: list[str] = []
        # a hand before this one ended since then when its last action (the one before the next deal) did
        deals = [e.v for e in self.entries if e.seat < 0]
        earlier = sum(1 for _, after in itertools.pairwise(deals) if after - 1 > seen)
        if seen < self.entries[0].v - 1:
            lines.append(_("A match ended since your last visit, and a new one began."))
        elif earlier:
            said = ngettext("{n} hand ended since your last visit.", "{n} hands ended since your last visit.", earlier)
            lines.append(said.format(n=earlier))
        if deal.v > seen:
            lines.append(_("A new hand was dealt."))
        dealt = self.game.deal_from_json({"deck": deal.data["deck"]}, deal.data["dealer"])
        state = self.game.apply(self.hand_before, Deal(dealt.deck))
        replayed = [dataclasses.replace(deal, state=state)]
        names = words.people_names([s.name if s.human else None for s in self.seats])
        for e in self.entries:
            if e.v <= deal.v:
                continue
            state = self.game.apply(state, self.game.parse(e.text))
            replayed.append(dataclasses.replace(e, state=state))
            if e.v <= seen:
                continue
            if e.data is not None and e.data.get("timeout"):
                lines.append(_timed_out(self.players()[e.seat]))
            ends = e.v == self.version and self.status == "over"
            lines.extend(words.said(self.game, replayed, replayed[-1], seat, names, ends))
        return lines

    def _hears_spectators(self, conn: Conn) -> bool:
        """Whether ``conn`` hears the spectators' talk: a spectator's connection, unless it comes
        from an address from which a seat of this table connected (a seated person watching too:
        web.md §4 lets no spectator's words reach a player, and no table here allows it)."""
        return conn.seat is None and conn.address not in self.seat_addresses

    async def bye(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None:
            info = self.seats[conn.seat]
            info.connections -= 1
            if info.connections == 0:
                self._start_grace(conn.seat)
                if self.turns is not None and info.seen != self.version:
                    info.seen = self.version  # seen while connected: told nothing of it again
                    await asyncio.to_thread(self.store.set_seen, self.id, conn.seat, self.version)
            self._tell_table()

    async def act(self, conn: Conn, v: int, text: str, client_id: str) -> None:
        seat = conn.seat
        if seat is None:
            raise Refused(0, "a spectator cannot act", "spectator")
        applied = self.acks.get((seat, client_id))
        if applied is not None:
            conn.send({"t": "ack", "id": client_id, "v": applied})
            return
        if v != self.version:
            raise Refused(0, f"version {v} is not the table's version {self.version}", "stale")
        actor = self.game.actor(self.state) if self.state is not None and self.status == "playing" else None
        if actor != seat:
            if actor is None or actor == CHANCE:
                raise Refused(0, "no seat is to act now", "not_your_turn")
            raise Refused(0, f"it is seat {actor}'s turn, not seat {seat}'s", "not_your_turn")
        try:
            entry = await self._move(seat, text, client_id, stand_in=False)
        except (BadNotation, IllegalAction) as e:
            raise Refused(0, words.refusal(e, conn.language), "illegal") from None
        conn.send({"t": "ack", "id": client_id, "v": entry.v})

    async def say(self, conn: Conn, text: object) -> None:
        """Talk (web.md §4): a seat's words to everyone, a spectator's to spectators only."""
        in_hand = self.state is not None and self.status == "playing" and self.game.outcome(self.state) is None
        why = talk.refusal(text, self.row.talk, in_hand)
        if why is not None:
            raise Refused(0, why, "talk")
        assert isinstance(text, str)
        seat = conn.seat
        name = (self.players()[seat] if seat is not None else None) or "a spectator"
        msg = {"t": "said", "seat": seat, "name": name, "text": text}
        self.talk.add(msg, spectators_only=seat is None)
        wire = encoded(msg)
        for other in list(self.conns):
            if seat is None and other is not conn and not self._hears_spectators(other):
                continue  # a spectator is never heard by a player, nor by a player's other connection
            other.send(wire)

    def _snapshot(self, seat: int | None) -> dict[str, Any]:
        msg: dict[str, Any] = {"t": "snapshot", "v": self.version, "seat": seat}
        msg["view"] = self._view(self.state, seat) if self.state is not None else None
        legal = self._legal(self.state, seat)
        if legal is not None:
            msg["legal"] = legal
        msg["log"] = [e.shown(seat) for e in self.entries]
        # the moves a bot made for a person, by their place in the log (as events say "stand_in")
        stood = [i for i, e in enumerate(self.entries) if e.stand_in]
        if stood:
            msg["stand_ins"] = stood
        msg["table"] = self.summary()
        clock = self._clock(self.state)
        if clock is not None:
            msg["clock"] = clock
        deal = next((e for e in reversed(self.entries) if e.seat < 0), None)
        if deal is not None and deal.data is not None:
            msg["commitment"] = _shuffle(deal.data).commitment
        if self.entries and self.entries[-1].state is self.state:  # at a hand's end: as its event
            msg.update(self._hand_end(self.entries[-1], self._ends_match(self.entries[-1])))
        return msg

    def _event(self, e: Entry, seat: int | None, language: str = "en") -> dict[str, Any]:
        msg: dict[str, Any] = {"t": "event", "v": e.v, "action": e.shown(seat), "view": self._view(e.state, seat)}
        legal = self._legal(e.state, seat)
        if legal is not None:
            msg["legal"] = legal
        if e.seat < 0 and e.data is not None:
            msg["commitment"] = _shuffle(e.data).commitment
            msg["match"] = e.data["match"]
            if e.data["new_match"]:
                msg["new_match"] = True
        if e.stand_in:
            msg["stand_in"] = True
        clock = self._clock(e.state) if e.v == self.version else None
        if clock is not None:
            msg["clock"] = clock
        names = words.people_names([s.name if s.human else None for s in self.seats])
        ends = self._ends_match(e)
        # the action in words, for the pages
        with speaking(language):
            msg["say"] = words.said(self.game, self.entries, e, seat, names, ends)
            if e.data is not None and e.data.get("timeout") and e.seat >= 0:
                msg["timeout"] = True
                msg["say"] = [_timed_out(self.players()[e.seat]), *msg["say"]]
        msg.update(self._hand_end(e, ends))
        return msg

    def _hand_end(self, e: Entry, ends: bool) -> dict[str, Any]:
        """What a message adds when ``e`` ended its hand (none of it otherwise): the ``result``,
        the ``match_state`` after the hand, ``match_over`` when the hand ended the table's match
        (``ends``) and the deal's ``shuffle`` revealed. An event and a snapshot taken at the hand's
        end carry the same, so a page that reconnects there shows what one that saw the event does."""
        result = self.game.outcome(e.state)
        if result is None:
            return {}
        out: dict[str, Any] = {
            "result": {"result": result.result, "score": list(result.score), "details": result.details},
            "match_state": self.game.match_json(e.state),
        }
        if ends:
            out["match_over"] = True
        deal = next((d for d in reversed(self.entries) if d.seat < 0 and d.v <= e.v), None)
        if deal is not None and deal.data is not None:
            out["shuffle"] = _shuffle(deal.data).to_json()
        return out

    def _clock(self, state: Any) -> dict[str, Any] | None:
        """``{"seat", "ms_left"}`` while a person is to act at a table with a time per move; at a
        turn-based table with the wall-clock ``deadline`` (seconds since the epoch) and the seat's
        ``bank_ms`` left too (``ms_left`` counts to the deadline, the bank included)."""
        if self.turns is not None:
            seat, deadline = self._person_to_act(state), self.deadline()
            if seat is None or deadline is None:
                return None
            left = deadline - self.settings.clock.now()
            return {
                "seat": seat,
                "ms_left": max(0, round(left * 1000)),
                "deadline": deadline,
                "bank_ms": round(self.bank_left(seat) * 1000),
            }
        if state is None or not self.row.move_seconds or self.status != "playing":
            return None
        actor = self.game.actor(state)
        if actor is None or actor == CHANCE or not self.seats[actor].human or self.seats[actor].away:
            return None
        left = self.row.move_seconds - (time.monotonic() - self.turn_started)
        return {"seat": actor, "ms_left": max(0, round(left * 1000))}

    def _view(self, state: Any, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return engine.public_view(self.game, state)
        view: dict[str, Any] = self.game.observe(state, seat).to_json()
        return view

    def _legal(self, state: Any, seat: int | None) -> list[str] | None:
        if state is None or seat is None or self.game.actor(state) != seat:
            return None
        return [self.game.format(a) for a in self.game.legal_actions(state)]

    def _broadcast(self, e: Entry) -> None:
        public: dict[str, str] = {}  # the spectators' event, made and encoded once in each language
        for conn in list(self.conns):
            if conn.seat is None:
                if conn.language not in public:
                    public[conn.language] = encoded(self._event(e, None, conn.language))
                conn.send(public[conn.language])
            else:
                conn.send(self._event(e, conn.seat, conn.language))
            conn.v = e.v

    def _tell_table(self) -> None:
        self._tell_all({"t": "table", "table": self.summary()})

    # --- applying actions: store first, then memory, then everyone ---

    async def _store(self, row: ActionRow, after: After | None = None) -> None:
        """Store ``row`` durably; if that takes longer than the busy setting, tell everyone at the
        table that the server is busy (``{"t": "busy"}``), and that it is over once it is."""
        started = time.monotonic()
        task = asyncio.ensure_future(self.journal.append(self.id, row, after))
        try:
            done, _ = await asyncio.wait({task}, timeout=self.settings.busy_after)
            if not done:
                self.busy = True
                metrics.BUSY.inc()
                log.warning("table %s: storing version %d is slow", self.id, row.version)
                self._tell_all({"t": "busy", "busy": True, "message": "The server is busy: saving the last move…"})
                await asyncio.shield(task)
            task.result()
            self.journal.trouble.ok()
        finally:
            metrics.STORE.observe(time.monotonic() - started)
            if self.busy:
                self.busy = False
                self._tell_all({"t": "busy", "busy": False, "message": "The server is back."})
        self.last_active = time.time()

    def _lose(self, v: int) -> None:
        """Version ``v`` is already stored: another process serves this table now. Stop here."""
        log.warning("table %s: version %d was stored by another server; this one lets the table go", self.id, v)
        self.lost = True
        if self.on_lost is not None:
            self.on_lost(self.id)

    def _tell_all(self, msg: dict[str, Any]) -> None:
        wire = encoded(msg)
        for conn in list(self.conns):
            conn.send(wire)

    async def _move(
        self, seat: int, text: str, client_id: str | None, stand_in: bool, data: dict[str, Any] | None = None
    ) -> Entry:
        before = self.state
        action = self.game.parse(text)
        after = self.game.apply(before, action)
        canonical = self.game.format(action)
        public = engine.public_action(self.game, before, action)
        v = self.version + 1
        if self.lost:
            raise Refused(503, "the table moved to another server; reconnect", "elsewhere")
        at = self.settings.clock.now()
        try:
            await self._store(
                ActionRow(v, seat, canonical, data, client_id, stand_in, at),
                self._after(after, seat, at, v, stand_in=stand_in),
            )
        except IntegrityError:
            self._lose(v)
            raise Refused(503, "the table moved to another server; reconnect", "elsewhere") from None
        except Exception as e:
            self.journal.trouble.failed(e, f" (table {self.id}, version {v})")
            self._schedule()  # a bot's or a timer's move is tried again
            raise Refused(503, "the server could not save the move; try again", "busy") from None
        metrics.MOVES.labels(by="stand_in" if stand_in else ("person" if self.seats[seat].human else "bot")).inc()
        entry = Entry(v, seat, canonical, public, after, data, stand_in, at)
        self._commit(entry, client_id)
        self.programs.acted(before, action, after)
        self._broadcast(entry)
        if self.game.outcome(after) is not None and self._match_over(after):
            await self._set_status("over")
        self._schedule()
        await self._announce()
        return entry

    async def _announce(self) -> None:
        """Tell the hooks of the hands ended since the last time (in a worker thread, right after
        the hand's last action is stored; a stop between the two is made good when the table is
        rebuilt, since every finished hand is announced then and a listener acts once a hand)."""
        pending, self.ended = self.ended, []
        if not pending or not self.hooks.hands_ended:
            return
        ended = Ended(self.id, self.game, self.row.game, tuple(s.kind for s in self.seats), tuple(pending))
        for listener in self.hooks.hands_ended:
            try:
                await asyncio.to_thread(listener, ended)
            except Exception as e:
                what = f"table {self.id}: a listener of the hands that ended failed (told again when rebuilt)"
                logs.failed(log, what, e)

    async def _deal(self, new_match: bool) -> None:
        board = self._board()
        seeded = board or self._seeded("deal")
        if board is not None:  # a duplicate board is a match of its own, with its own dealer
            new_match = True
            start = self.game.start(self.dealt % self.game.seats)
        elif new_match or self.state is None:
            dealer = (seeded or random.SystemRandom()).randrange(self.game.seats)
            start = self.game.start(dealer)
        else:
            start = self.game.next_hand(self.state)
        deal, shuffle = draw(self.game, start, seeded)
        data = {
            "deck": [format_card(c) for c in deal.deck],
            "salt": shuffle.salt,
            "commitment": shuffle.commitment,
            "dealer": self.game.dealer(start),
            "match": self.match + 1 if new_match else self.match,
            "new_match": new_match,
        }
        v = self.version + 1
        if self.lost:
            return
        at = self.settings.clock.now()
        after = self._after(self._dealt_state(data), -1, at, v, new_match) if self.turns is not None else None
        try:
            await self._store(ActionRow(v, -1, "deal", data, None, False, at), after)
        except IntegrityError:
            self._lose(v)
            return
        except Exception as e:
            self.journal.trouble.failed(e, f" (table {self.id}, version {v}, a deal)")
            self._schedule()  # the deal is tried again after the summary's pause
            raise Refused(503, "the server could not save the deal; try again", "busy") from None
        metrics.MOVES.labels(by="deal").inc()
        entry = self._apply_deal(v, data, at)
        self.programs.dealt(entry.state)
        self._broadcast(entry)
        if self.game.outcome(entry.state) is not None and self._match_over(entry.state):
            await self._set_status("over")  # a misdeal can be the last hand too
        self._schedule()
        await self._announce()  # a misdeal is a hand that ended

    def _board(self) -> random.Random | None:
        """At a table of a duplicate round: the generator of the next deal's board, fixed by the
        round's secret seed and the number of the deal at the table, so that every table of the
        round deals the same cards to the same seats from the same dealer. Each board is a match
        of its own (from no score, board k dealt by seat k modulo the seats, as duplicate boards
        carry their dealer), so that no board depends on how another was played."""
        if self.row.board_seed is None:
            return None
        return random.Random(f"{self.row.board_seed}:{self.dealt}")

    def _seeded(self, what: str) -> random.Random | None:
        """With the (test-only) seed setting: a generator fixed by the seed, the game and the version."""
        if self.settings.seed is None:
            return None
        return random.Random(f"{self.settings.seed}:{self.row.game}:{self.version}:{what}")

    def _dealt_state(self, data: dict[str, Any]) -> Any:
        """The state after the stored deal ``data`` (nothing changed)."""
        if data["new_match"] or self.state is None:
            start = self.game.start(data["dealer"])
        else:
            start = self.game.next_hand(self.state)
        deal = self.game.deal_from_json({"deck": data["deck"]}, data["dealer"])
        return self.game.apply(start, Deal(deal.deck))

    def _apply_deal(self, v: int, data: dict[str, Any], at: float | None = None) -> Entry:
        if data["new_match"] or self.state is None:
            self.bank_used = [0.0] * len(self.seats)  # a match's bank is the match's
            start = self.game.start(data["dealer"])
            self.match = data["match"]
            self.matches.append([])
            self.entries = []
            self.hand_in_match = 0
            self.dealt_before_match = self.dealt
        else:
            start = self.game.next_hand(self.state)
        self.dealt += 1
        deal = self.game.deal_from_json({"deck": data["deck"]}, data["dealer"])
        after = self.game.apply(start, Deal(deal.deck))
        self.hand_before = start  # the state before the deal, for the hooks (`EndedHand.before`)
        self.hand = {
            "dealer": data["dealer"],
            "deal": {"deck": list(data["deck"])},
            "actions": [],
            "shuffle": _shuffle(data).to_json(),
        }
        self.hand_in_match += 1
        entry = Entry(v, -1, "deal", "deal", after, data, False, at)
        self._commit(entry, None)
        if (result := self.game.outcome(after)) is not None:  # a misdeal: the hand ends at the deal
            self.matches[self.match].append(self.hand)
            n = len(self.matches[self.match]) - 1
            self.ended.append(EndedHand(self.match, n, result, self.dealt - 1, self.hand_before, self.hand))
            self.hand = None
        return entry

    def _commit(self, entry: Entry, client_id: str | None) -> None:
        if self.turns is not None:
            if entry.seat >= 0:
                spent = self.bank_used[entry.seat] + self._overrun(entry.at)
                self.bank_used[entry.seat] = min(self.turns.bank_seconds, spent)
            self.turn_since = entry.at
        self.state = entry.state
        self.version = entry.v
        self.turn_started = time.monotonic()
        self.entries.append(entry)
        keep = self.settings.catch_up + 1
        if len(self.entries) > keep:
            self.entries[-keep - 1].state = None  # only the last few states are kept, for catching up
        if entry.seat < 0:
            return
        if client_id is not None:
            self.acks[(entry.seat, client_id)] = entry.v
        assert self.hand is not None
        if entry.stand_in:
            self.hand.setdefault("stand_ins", []).append(len(self.hand["actions"]))
        self.hand["actions"].append(f"{entry.seat} {entry.text}")
        result = self.game.outcome(entry.state)
        if result is not None:
            self.matches[self.match].append(self.hand)
            n = len(self.matches[self.match]) - 1
            self.ended.append(EndedHand(self.match, n, result, self.dealt - 1, self.hand_before, self.hand))
            self.hand = None

    def _winner(self, state: Any) -> tuple[int, ...] | None:
        """The seats that have won the match with the hand just over, or ``None``: the game's own
        `winner`, or where the rules leave the match open, as the game's ``matches`` part says a
        table's match is won (a Seep match at the table is one baazi)."""
        if state is None or self.game.outcome(state) is None:
            return None
        won: tuple[int, ...] | None = self.game.winner(state)
        table_winners = getattr(game_part(self.game, "matches"), "winners", None)
        if won is None and table_winners is not None:
            won = table_winners(self.game, state)
        return won

    def _ends_match(self, e: Entry) -> bool:
        """Whether ``e`` ends its hand and with it the table's match, judged as of ``e`` (an event
        sent again later is told as it was first)."""
        if self.game.outcome(e.state) is None:
            return False
        return self._match_over(e.state, sum(1 for d in self.entries if d.seat < 0 and d.v <= e.v))

    def _match_over(self, state: Any, dealt: int | None = None) -> bool:
        """Whether the match is over at ``state``, a finished hand: won, or the table's number of
        hands played (``dealt``, the hands dealt in the match by then; default all so far)."""
        played = self.hand_in_match if dealt is None else dealt
        if self.row.fixed_hands:  # a tournament's table: its hands in all, a won match or not
            return self.row.hands is not None and self.dealt_before_match + played >= self.row.hands
        if self._winner(state) is not None or self.game.next_hand(state) is None:
            return True
        return self.row.hands is not None and played >= self.row.hands

    # --- what happens next: bots, timers, the next deal ---

    def _schedule(self) -> None:
        """After every change: start whatever must happen next without a person."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.status != "playing":
            return
        if self.state is None:  # a first deal that could not be stored: tried again
            self.timer = asyncio.create_task(self._next_hand(self.version))
            return
        actor = self.game.actor(self.state)
        if actor is None:
            self.timer = asyncio.create_task(self._next_hand(self.version))
            return
        info = self.seats[actor]
        if not info.human:
            self.timer = asyncio.create_task(self._bot_turn(self.version, actor, info.kind, False))
        elif self.turns is not None:
            return  # a person's turn at a turn-based table waits for them, or for its deadline (`time_out`)
        elif info.away or self.row.move_seconds:
            self.timer = asyncio.create_task(self._bot_turn(self.version, actor, self.settings.stand_in, True))

    async def _next_hand(self, v: int) -> None:
        await asyncio.sleep(self.settings.summary_pause)

        async def deal() -> None:
            if self.version == v and self.status == "playing":
                # a table that plays a fixed number of hands starts a new match when one is won
                won = (
                    self.state is None
                    or self._winner(self.state) is not None
                    or self.game.next_hand(self.state) is None
                )
                await self._deal(new_match=won)

        self._spawn(self._quietly(deal))

    async def _bot_turn(self, v: int, seat: int, spec: str, stand_in: bool) -> None:
        info = self.seats[seat]
        if info.human and not info.away and self.row.move_seconds:
            # the person's clock runs from the start of the turn (`_clock`), whatever rescheduled it
            await asyncio.sleep(max(0.0, self.row.move_seconds - (time.monotonic() - self.turn_started)))
        else:
            await asyncio.sleep(self.settings.bot_pause)
        if self.version != v:
            return
        state = self.state
        legal = list(self.game.legal_actions(state))
        if len(legal) == 1:
            text = self.game.format(legal[0])
        else:
            view = self.game.observe(state, seat)
            seeded = self._seeded(f"bot {seat}")
            seed = seeded.getrandbits(64) if seeded is not None else None
            started = time.monotonic()
            spec = resolve(spec, dict(self.settings.bot_programs))  # an operator's program by its name
            try:
                if is_program(spec) and not stand_in:
                    text, stand_in = await self.programs.choose(seat, spec, state, legal, seed)
                else:
                    text = await self.bots.choose(self.row.game, self.rules, spec, view, legal, seed)
            except Exception as e:  # never a table left waiting in silence: said, and asked again
                self.bot_trouble.failed(e, f" (seat {seat}); it is asked again every {BOT_RETRY_SECONDS:g} s")
                await asyncio.sleep(BOT_RETRY_SECONDS)

                async def again() -> None:
                    if self.version == v and self.status == "playing":
                        self._schedule()

                self._spawn(self._quietly(again))
                return
            self.bot_trouble.ok()
            metrics.BOT_THINK.observe(time.monotonic() - started)

        async def move() -> None:
            if self.version != v or self.status != "playing":
                return
            await self._move(seat, text, None, stand_in)

        self._spawn(self._quietly(move))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _quietly(self, job: Callable[[], Awaitable[None]]) -> None:
        try:
            await self.submit(job)
        except Exception as e:
            logs.failed(log, f"table {self.id}: a command failed", e)

    def _start_grace(self, seat: int) -> None:
        if self.turns is not None:
            return  # at a turn-based table being away is normal: no stand-in plays for the absent
        old = self.graces.pop(seat, None)
        if old is not None:
            old.cancel()
        self.graces[seat] = asyncio.create_task(self._grace(seat))

    async def _grace(self, seat: int) -> None:
        await asyncio.sleep(self.settings.grace)

        async def away() -> None:
            info = self.seats[seat]
            if info.human and info.connections == 0 and not info.away:
                info.away = True
                self._tell_table()
                self._schedule()

        self._spawn(self._quietly(away))
