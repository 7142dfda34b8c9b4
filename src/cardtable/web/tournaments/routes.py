"""Tournaments over the web table: a director creates one, entrants register by name, and the
server seats each round, makes and starts its tables (or, at a hall that plays with real cards,
takes each hand's result as entered), and keeps the standings (``docs/tournaments.md``).

Nothing here knows a game by name: the table's size comes from the game, and how a hand's result
becomes points, and how an entered result is checked, from the game's ``entry`` module
(`cardtable.core.ResultEntry`).

Secrets: the director's token and each entrant's token are random, stored only as hashes and
compared in constant time. An entrant's seat at a round's table holds the hash of their entrant
token, so that token is also their seat token there. The standings and the results count only
rounds that are over: nothing of a round still being played is shown but how many hands each
table has finished. A duplicate round's board seed never leaves the server.

Durability: a round and its tables are stored before the tables are made, the tables store every
action as always, and each hand's result is stored as the hand ends (`listen`), again and again
without harm (a hand stored already is kept as it is); a server killed at any moment picks up
where it was, and a round's table missing after a crash is made again when the tournament is
next read.

Cost (web.md §5): reading a tournament never asks for a table (in a cluster that would move it);
it reads the store, and the answer is kept by the tournament's version (`store`), so the many
pages that poll it cost one small read each until something changes. Seating, standings, the CSV
and the QR codes are worked out in the tournaments' worker process (`work`), the QR codes and the
CSV behind a limit per address taken before the work, the round starts behind the limit of
tables created.
"""

from __future__ import annotations

import asyncio
import functools
import json
import secrets
from collections import OrderedDict, defaultdict
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, RedirectResponse, Response

from cardtable import registry
from cardtable.core import CardtableError, HandResult
from cardtable.record import Record, report
from cardtable.strict import excerpt
from cardtable.web import names
from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress, wait_text
from cardtable.web.network import Reach
from cardtable.web.players import store as ratings_store
from cardtable.web.players.routes import player_of
from cardtable.web.requests import body_of, client_address
from cardtable.web.tables.hub import MAX_HANDS, Hub, _preset_rules, bot_seat
from cardtable.web.tables.live import HUMAN, LiveTable
from cardtable.web.tables.store import SeatRow
from cardtable.web.tokens import new_token, token_hash, token_matches
from cardtable.web.tournaments import seating, work
from cardtable.web.tournaments.store import (
    EntrantRow,
    ResultRow,
    RoundTableRow,
    TournamentRow,
    TournamentStore,
)
from cardtable.web.tournaments.view import captain

router = APIRouter()

#: The most entrants a tournament takes (a large hall's event is well under it).
MAX_ENTRANTS = 400
#: The fewest entrants a round can be played with.
MIN_ENTRANTS = 2
#: The most rounds, and hands a round.
MAX_ROUNDS = 30
MAX_ROUND_HANDS = min(100, MAX_HANDS)
#: The most tables a round can have (every entrant at a table of their own, at most).
MAX_TABLES = MAX_ENTRANTS
#: How many tournaments' public answers, standings and QR codes one process keeps.
KEEP = 256
#: QR codes drawn for one address: a second on average, and at once (a hall's score sheets
#: ask for one a table: 80 at a tournament of 400 at tables of five).
QR_RATE, QR_BURST = 5.0, 100
#: The results as CSV for one address: one in this many seconds on average, and at once.
CSV_EVERY, CSV_BURST = 2.0, 10


class Tournaments:
    """The tournaments of one server: their storage, one lock per tournament so that two requests
    never seat a round or enter results at once, the worker of their heavy work, and the answers
    kept by each tournament's version."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = TournamentStore(hub.store.engine)
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: One build of a tournament's public answer at a time (the others wait for it).
        self.building: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.worker = work.Worker()
        #: A tournament's public answer (its version, the JSON); the least recently read go first.
        self.views: OrderedDict[str, tuple[int, bytes]] = OrderedDict()
        self.db_url = hub.store.url
        self.qr_kept: OrderedDict[str, str] = OrderedDict()
        self.qr_limit = PerAddress(QR_RATE, QR_BURST)
        self.csv_limit = PerAddress(1 / CSV_EVERY, CSV_BURST)

    def close(self) -> None:
        self.worker.close()

    async def get(self, tournament_id: str) -> TournamentRow:
        row = None if len(tournament_id) > 32 else await asyncio.to_thread(self.store.get, tournament_id)
        if row is None:
            raise Refused(404, f"no tournament {excerpt(tournament_id)}")
        return row

    def check_director(self, t: TournamentRow, token: object) -> None:
        if not token_matches(token, t.director_hash):
            raise Refused(403, "the director token is not this tournament's")

    async def entrant_of(self, t: TournamentRow, token: object) -> EntrantRow:
        """The entrant whose token this is (every entrant compared, in constant time)."""
        found = None
        for e in await asyncio.to_thread(self.store.entrants, t.id):
            if token_matches(token, e.token_hash):
                found = e
        if found is None:
            raise Refused(403, "the entrant token is not this tournament's")
        return found

    # --- creating and registering ---

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        name = body.get("name", "")
        game_name = body.get("game")
        preset = body.get("preset")
        rules = body.get("rules", {})
        movement = body.get("format", "mixed")
        rounds: Any = body.get("rounds")
        hands: Any = body.get("hands")
        duplicate, hall = body.get("duplicate", False), body.get("hall", False)
        bot = body.get("bot", "rule")
        most = body.get("max_entrants", MAX_ENTRANTS)
        name = names.title(name)
        if not isinstance(game_name, str):
            raise Refused(400, 'game: expected a game name such as "sheepshead"')
        if preset is not None and not isinstance(preset, str):
            raise Refused(400, "preset: expected a preset name")
        if not isinstance(rules, dict):
            raise Refused(400, "rules: expected an object of rule options")
        if movement not in seating.MOVEMENTS:
            raise Refused(400, f"format: expected one of {', '.join(seating.MOVEMENTS)}")
        if not _whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:
            raise Refused(400, f"rounds: expected a whole number of rounds, from 1 to {MAX_ROUNDS}")
        if not _whole(hands) or not 1 <= hands <= MAX_ROUND_HANDS:
            raise Refused(400, f"hands: expected a whole number of hands a round, from 1 to {MAX_ROUND_HANDS}")
        if not isinstance(duplicate, bool) or not isinstance(hall, bool):
            raise Refused(400, "duplicate and hall: expected true or false")
        if not _whole(most) or not MIN_ENTRANTS <= most <= MAX_ENTRANTS:
            raise Refused(
                422, f"max_entrants: a tournament takes from {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants, not {most}"
            )
        try:
            game = registry.get_game_from_rules(game_name, {**_preset_rules(game_name, preset), **rules})
            registry.entry(game_name)
        except CardtableError as e:
            raise Refused(422, str(e)) from None
        bot = bot_seat(game, bot, self.hub.settings)
        if movement in seating.PAIR_MOVEMENTS and len(registry.entry(game_name).PARTNERS) != 2:
            raise Refused(422, f"format {movement}: {game_name} is not played by two sides of fixed partners")
        director = new_token()
        row = TournamentRow(
            secrets.token_urlsafe(9), name, game_name, preset, dict(rules), movement, rounds, hands,
            duplicate, hall, bot, token_hash(director), "registering", most,
        )  # fmt: skip
        await asyncio.to_thread(self.store.create, row)
        return {"tournament": row.id, "director": director}

    async def register(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """Register one entrant, or at a tournament of fixed partnerships a pair together (the
        ``partner``'s name too): each gets their own token."""
        t = await self.get(tournament_id)
        name, partner = body.get("name"), body.get("partner")
        # A player (docs/ratings.md) registers as themselves: their tables are linked to them, so
        # the hands count in their history and rating; the name is the player's unless given.
        player = await player_of(self.hub, body["player"]) if body.get("player") is not None else None
        if player is not None and name is None:
            name = player.name
        name = names.person(name)
        pairs = t.format in seating.PAIR_MOVEMENTS
        if pairs and partner is None:
            raise Refused(
                400, "partner: this tournament's partners are fixed: give your partner's name (1 to 40 characters)"
            )
        if not pairs and partner is not None:
            raise Refused(400, "partner: this tournament's partners change; register each person alone")
        kept = [name, *([names.person(partner, "partner")] if pairs else [])]
        if len(kept) == 2 and names.looks_alike(kept[0], kept[1]):
            raise Refused(400, "partner: a pair is two different people, with names that do not look alike")
        tokens = [new_token() for _ in kept]
        people = [(n, token_hash(tok)) for n, tok in zip(kept, tokens, strict=True)]
        player_id = player.id if player is not None else None
        numbers = await asyncio.to_thread(self.store.add_entrants, t.id, people, pairs, player_id)
        out: dict[str, Any] = {"entrant": numbers[0], "name": kept[0], "token": tokens[0]}
        if pairs:
            out["partner"] = {"entrant": numbers[1], "name": kept[1], "token": tokens[1]}
        return out

    # --- rounds ---

    async def start_round(self, tournament_id: str, body: dict[str, Any]) -> bytes:
        t = await self.get(tournament_id)
        self.check_director(t, body.get("director"))
        async with self.locks[t.id]:
            got = await self.worker.run("seating", work.next_round, self.db_url, t.id)
            if isinstance(got[1], str):
                raise Refused(got[0], got[1])
            number, tables = got
            if not t.hall:
                open_now = sum(1 for x in self.hub.tables.values() if x.status != "closed")
                if open_now + len(tables) > self.hub.settings.max_open_tables:
                    raise Refused(
                        429,
                        f"the server has {open_now} open tables and its limit is "
                        f"{self.hub.settings.max_open_tables}: the round's {len(tables)} do not fit; try again later",
                        retry_after=60,
                    )
            seated = [p for seats in tables for p in seats if p is not None]
            if len(seated) != len(set(seated)):  # never: one entrant in two seats at once
                raise Refused(500, "the seating put an entrant in two seats; nothing was started")
            board_seed = secrets.token_hex(16) if t.duplicate and not t.hall else None
            table_rows = [
                RoundTableRow(number, n + 1, None if t.hall else secrets.token_urlsafe(9), seats)
                for n, seats in enumerate(tables)
            ]
            await asyncio.to_thread(self.store.start_round, t.id, number, board_seed, table_rows)
            await self._make_tables(t, board_seed, table_rows)
        return await self.public(t.id)

    async def _make_tables(self, t: TournamentRow, board_seed: str | None, rows: Sequence[RoundTableRow]) -> None:
        """Make (or make again, after a restart) the server's tables of a round."""
        people = {e.number: e for e in await asyncio.to_thread(self.store.entrants, t.id)}
        for row in rows:
            if row.table_id is None:
                continue
            seat_rows = []
            for n, who in enumerate(row.seats):
                e = people.get(who) if who is not None else None
                if e is None or e.replaced_by is not None:
                    seat_rows.append(
                        SeatRow(n, e.replaced_by if e is not None and e.replaced_by else t.bot, None, None)
                    )
                else:
                    seat_rows.append(SeatRow(n, HUMAN, e.name, e.token_hash))
            origin = {"tournament": t.id, "round": row.round, "table": row.number}
            await self.hub.create_seated(
                row.table_id, t.game, t.preset, t.rules, t.hands, seat_rows, board_seed, origin
            )
            links = {
                n: e.player_id
                for n, who in enumerate(row.seats)
                if who is not None and (e := people.get(who)) is not None and e.player_id and e.replaced_by is None
            }
            if links:  # the entrants who registered as players sit there as themselves
                await asyncio.to_thread(ratings_store.link_seats, self.hub.store.engine, row.table_id, links)

    async def end_round(self, tournament_id: str, number: int, body: dict[str, Any]) -> bytes:
        """End a round by time: the hands finished count, any hand being played is not played on.
        (The round's tables are asked for, to close them: in a cluster they come to this process.)"""
        t = await self.get(tournament_id)
        self.check_director(t, body.get("director"))
        async with self.locks[t.id]:
            rounds = {r.number: r for r in await asyncio.to_thread(self.store.rounds, t.id)}
            if number not in rounds:
                raise Refused(404, f"round {number} has not started")
            if rounds[number].status == "over":
                raise Refused(409, f"round {number} is over already")
            rows = [r for r in await asyncio.to_thread(self.store.tables, t.id) if r.round == number]
            for row in rows:
                table = await self._table(t, row)
                if table is not None:
                    await table.submit(table.expire)
                    await self._harvest(t, row, table)
            await asyncio.to_thread(self.store.end_round, t.id, number, number >= t.rounds)
        return await self.public(t.id)

    async def replace(self, tournament_id: str, number: int, body: dict[str, Any]) -> bytes:
        """Replace an entrant who is missing by a bot: at their table of the round being played,
        and in the rounds to come they are no longer seated."""
        t = await self.get(tournament_id)
        self.check_director(t, body.get("director"))
        bot = bot_seat(_game(t), body.get("bot", t.bot), self.hub.settings)
        async with self.locks[t.id]:
            people = {e.number: e for e in await asyncio.to_thread(self.store.entrants, t.id)}
            if number not in people:
                raise Refused(404, f"no entrant {number}")
            if people[number].replaced_by is not None:
                raise Refused(409, f"entrant {number} is replaced by a bot already")
            rounds = await asyncio.to_thread(self.store.rounds, t.id)
            on = [r.number for r in rounds if r.status != "over"]
            await asyncio.to_thread(self.store.replace, t.id, number, bot, on[0] if on else len(rounds))
            current = await self._current(t)
            for row in current:
                if number in row.seats and row.table_id is not None:
                    table = await self._table(t, row)
                    seat = row.seats.index(number)
                    if table is not None and table.status == "playing" and table.seats[seat].human:
                        await table.submit(functools.partial(table.replace, seat, bot))
        return await self.public(t.id)

    async def _current(self, t: TournamentRow) -> list[RoundTableRow]:
        """The tables of the round being played (none between rounds)."""
        rounds = await asyncio.to_thread(self.store.rounds, t.id)
        on = [r.number for r in rounds if r.status != "over"]
        if not on:
            return []
        return [r for r in await asyncio.to_thread(self.store.tables, t.id) if r.round == on[0]]

    async def _table(self, t: TournamentRow, row: RoundTableRow) -> LiveTable | None:
        """The live table of a round's table, to change it (made again if a restart came before
        it was made). Only the director's actions ask for one: reading a tournament never does."""
        if row.table_id is None:
            return None
        try:
            return await self.hub.get(row.table_id)
        except Refused as e:
            if e.status != 404:
                raise
        rounds = {r.number: r for r in await asyncio.to_thread(self.store.rounds, t.id)}
        await self._make_tables(t, rounds[row.round].board_seed, [row])
        return await self.hub.get(row.table_id)

    async def _harvest(self, t: TournamentRow, row: RoundTableRow, table: LiveTable) -> None:
        """Store the results of the table's finished hands (those stored already stay as they are):
        what the hands' announcements stored already, made sure of when a round ends by time."""
        records = await table.submit(lambda: _now([table.record(m) for m in range(len(table.matches))]))
        game = _game(t)
        entry = registry.entry(t.game)
        hands = [h for rec in records if rec is not None for h in report(Record.from_json(rec), game)["hands"]]
        out = []
        for i, hand in enumerate(hands, start=1):
            if hand["result"] == "unfinished" or i > t.hands:
                continue
            result = HandResult(hand["result"], tuple(hand["score"]), hand["details"])
            written = entry.entry_of(game, result)
            out.append(ResultRow(row.round, row.number, i, entry.points(game, written), written, "played"))
        await asyncio.to_thread(self.store.add_results, t.id, out, True)

    # --- results entered at a hall ---

    async def _hall_table(
        self, t: TournamentRow, body: dict[str, Any], director_only: bool = False
    ) -> tuple[int, int, RoundTableRow, bool]:
        """The round and table a hall's entry names, and whether the director sent it. The director
        enters any table's results; an entrant only their own table's, and only its captain
        (`captain`); a withdrawn entrant none."""
        round_no, table_no = body.get("round"), body.get("table")
        if not all(_whole(x) for x in (round_no, table_no)):
            raise Refused(400, "round and table: expected whole numbers")
        assert isinstance(round_no, int) and isinstance(table_no, int)
        token = body.get("token")
        rows = {(r.round, r.number): r for r in await asyncio.to_thread(self.store.tables, t.id)}
        row = rows.get((round_no, table_no))
        director = token_matches(token, t.director_hash)
        if not director:
            if director_only:
                raise Refused(403, "only the director corrects a result entered already")
            e = await self.entrant_of(t, token)
            if e.replaced_by is not None:
                raise Refused(403, "you were withdrawn from the tournament: the director enters your table's results")
            people = {p.number: p for p in await asyncio.to_thread(self.store.entrants, t.id)}
            if row is None or e.number not in row.seats:
                raise Refused(403, "only the director or the captain of that table enters its results")
            if captain(row, people) != e.number:
                who = people.get(captain(row, people) or -1)
                raise Refused(
                    403, f"only the table's captain{f' ({who.name})' if who else ''} or the director enters its results"
                )
        if not t.hall:
            raise Refused(409, "this tournament's hands are played at the server's tables, not entered")
        if row is None:
            raise Refused(404, f"round {round_no} has no table {table_no}")
        return round_no, table_no, row, director

    async def enter(self, tournament_id: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """A hand's result entered by the director or the table's captain, checked by the game's
        scoring; with ``"correct": true`` the director changes a hand entered already (the change
        kept in the tournament's log), in any round, over or not. Returns the status and answer."""
        t = await self.get(tournament_id)
        hand = body.get("hand")
        correct = body.get("correct", False)
        if not _whole(hand):
            raise Refused(400, "round, table and hand: expected whole numbers")
        if not isinstance(correct, bool):
            raise Refused(400, "correct: expected true or false")
        assert isinstance(hand, int)
        async with self.locks[t.id]:
            round_no, table_no, _row, director = await self._hall_table(t, body, director_only=correct)
            rounds = {r.number: r for r in await asyncio.to_thread(self.store.rounds, t.id)}
            if rounds[round_no].status == "over" and not correct:
                raise Refused(409, f"round {round_no} is over: only the director changes its results (a correction)")
            if not 1 <= hand <= t.hands:
                raise Refused(422, f"hand: a round has hands 1 to {t.hands}")
            game = _game(t)
            try:
                score = registry.entry(t.game).points(game, body.get("entry"))
            except CardtableError as e:
                raise Refused(422, f"entry: {e}") from None
            result = ResultRow(round_no, table_no, hand, score, body.get("entry"), "entered")
            if correct:
                change = await asyncio.to_thread(self.store.correct, t.id, result)
                return 200, {
                    "round": round_no,
                    "table": table_no,
                    "hand": hand,
                    "score": list(score),
                    "change": change.to_json(),
                }
            try:
                await asyncio.to_thread(self.store.add_results, t.id, [result])
            except Refused as e:
                if e.status == 409 and director:
                    raise Refused(409, f"{e.message}; to change it, send the entry again as a correction") from None
                if e.status == 409:
                    raise Refused(409, f"{e.message}; only the director changes it") from None
                raise
            await asyncio.to_thread(self.store.end_if_complete, t.id, round_no, t.hands, round_no >= t.rounds)
        return 201, {"round": round_no, "table": table_no, "hand": hand, "score": list(score)}

    async def entries(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """The hands entered at one table of a hall, for the director or an entrant of that table
        (to see what is entered, and for the director to correct it)."""
        t = await self.get(tournament_id)
        round_no, table_no = body.get("round"), body.get("table")
        if not all(_whole(x) for x in (round_no, table_no)):
            raise Refused(400, "round and table: expected whole numbers")
        assert isinstance(round_no, int) and isinstance(table_no, int)
        token = body.get("token")
        if not token_matches(token, t.director_hash):
            e = await self.entrant_of(t, token)
            rows = {(r.round, r.number): r for r in await asyncio.to_thread(self.store.tables, t.id)}
            row = rows.get((round_no, table_no))
            if row is None or e.number not in row.seats:
                raise Refused(403, "only the director or an entrant of that table sees its entries")
        got = await asyncio.to_thread(self.store.table_results, t.id, round_no, table_no)
        return {
            "round": round_no,
            "table": table_no,
            "hands": [{"hand": r.hand, "score": list(r.score), "entry": r.entry, "source": r.source} for r in got],
        }

    async def log(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """The director's corrections, in order, with the entries as they were and are."""
        t = await self.get(tournament_id)
        self.check_director(t, body.get("director"))
        return {"changes": [c.to_json() for c in await asyncio.to_thread(self.store.changes, t.id)]}

    # --- what everyone may see ---

    async def public(self, tournament_id: str) -> bytes:
        """The tournament as anyone may see it (JSON): its settings, entrants, rounds and tables
        (with the hands each has finished), the standings of the rounds that are over and the
        director's corrections. Kept by the tournament's version (one small read a request), and
        built again in the worker only when it changed, one build at a time."""
        if len(tournament_id) > 32:
            raise Refused(404, f"no tournament {excerpt(tournament_id)}")
        version = await asyncio.to_thread(self.store.version, tournament_id)
        if version is None:
            raise Refused(404, f"no tournament {excerpt(tournament_id)}")
        kept = self.views.get(tournament_id)
        if kept is not None and kept[0] == version:
            self.views.move_to_end(tournament_id)
            return kept[1]
        async with self.building[tournament_id]:
            kept = self.views.get(tournament_id)
            if kept is not None and kept[0] >= version:
                return kept[1]
            got = await self.worker.run("standings", work.public, self.db_url, tournament_id)
            if got is None:
                raise Refused(404, f"no tournament {excerpt(tournament_id)}")
            built, body, missing = int(got[0]), bytes(got[1]), list(got[2])
            if missing:  # a crash came between storing a round and making its tables
                t = await self.get(tournament_id)
                if not t.hall:
                    async with self.locks[tournament_id]:
                        seeds = {r.number: r.board_seed for r in await asyncio.to_thread(self.store.rounds, t.id)}
                        for row in missing:
                            await self._make_tables(t, seeds.get(row.round), [row])
            self.views[tournament_id] = (built, body)
            while len(self.views) > KEEP:
                self.views.popitem(last=False)
            for locks in (self.building, self.locks):
                if len(locks) > 4 * KEEP:  # forget the locks of tournaments nobody is using
                    for name in [k for k, lock in locks.items() if not lock.locked()][: len(locks) - KEEP]:
                        del locks[name]
        return body

    async def me(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """An entrant's own view: their number, name and their table in the round being played
        (whose seat token is their entrant token), and whether they are its captain."""
        t = await self.get(tournament_id)
        e = await self.entrant_of(t, body.get("token"))
        table = None
        current = await self._current(t)
        people = {p.number: p for p in await asyncio.to_thread(self.store.entrants, t.id)} if current else {}
        for row in current:
            if e.number in row.seats:
                table = {
                    "round": row.round,
                    "number": row.number,
                    "table": row.table_id,
                    "seat": row.seats.index(e.number),
                    "captain": captain(row, people) == e.number,
                }
        return {
            "entrant": e.number,
            "name": e.name,
            "replaced_by": e.replaced_by,
            "replaced_round": e.replaced_round,
            "table": table,
        }

    async def csv(self, tournament_id: str) -> str:
        await self.get(tournament_id)
        text = await self.worker.run("results", work.csv, self.db_url, tournament_id)
        if text is None:
            raise Refused(404, f"no tournament {excerpt(tournament_id)}")
        return str(text)

    async def qr(self, tournament_id: str, round_no: int, table_no: int, base: str) -> str:
        """The QR code of a table's entry page at ``base`` (the address others reach the server
        by): the round and table must be the tournament's; drawn once, then kept."""
        t = await self.get(tournament_id)
        rows = await asyncio.to_thread(self.store.tables, t.id)
        if not any(r.round == round_no and r.number == table_no for r in rows):
            raise Refused(404, f"round {round_no} has no table {table_no}")
        url = f"{base}/tournaments/{t.id}/enter?round={round_no}&table={table_no}"
        svg = self.qr_kept.get(url)
        if svg is None:
            svg = str(await self.worker.run("QR code", work.qr, url))
            self.qr_kept[url] = svg
            while len(self.qr_kept) > 4 * KEEP:
                self.qr_kept.popitem(last=False)
        return svg


def _now(value: Any) -> Any:
    async def done() -> Any:
        return value

    return done()


def _game(t: TournamentRow) -> Any:
    return registry.get_game(t.game, t.preset, **t.rules)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def service(request: Request) -> Tournaments:
    state = request.app.state
    got: Tournaments | None = getattr(state, "tournaments", None)
    if got is None or got.hub is not state.hub:
        got = state.tournaments = Tournaments(state.hub)
    return got


def close(app: Any) -> None:
    """Stop the tournaments' worker (the server is stopping)."""
    got: Tournaments | None = getattr(app.state, "tournaments", None)
    if got is not None:
        got.close()


def _limit(wait: float, what: str) -> None:
    if wait > 0:
        raise Refused(429, f"too many {what} from your address; try again in {wait_text(wait)}", retry_after=wait)


def _json(body: bytes) -> Response:
    return Response(body, media_type="application/json")


def _number(text: str, what: str, most: int) -> int:
    """A round's or table's number in a path: digits, from 1 to ``most`` (else ``404``)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= most):
        raise Refused(404, f"no {what} {excerpt(text)}: expected a number from 1 to {most}")
    return int(text)


def shared_base(request: Request) -> str:
    """The address other devices reach the server by (no final "/"): the public URL, else this
    machine's address on its network (never the loopback a request may have come by), else,
    on a server that listens on this machine only, the address the request came by."""
    reach: Reach | None = getattr(request.app.state, "reach", None)
    shared = reach.shared_urls() if reach is not None else []
    return (shared[0] if shared else str(request.base_url)).rstrip("/")


@router.post("/api/tournaments", status_code=201)
async def create(request: Request) -> dict[str, Any]:
    s = service(request)
    _limit(s.hub.create_limit.take(client_address(request)), "tournaments created")
    return await s.create(await body_of(request))


@router.get("/api/tournaments/{tournament_id}")
async def public(request: Request, tournament_id: str) -> Response:
    return _json(await service(request).public(tournament_id))


@router.post("/api/tournaments/{tournament_id}/entrants", status_code=201)
async def register(request: Request, tournament_id: str) -> dict[str, Any]:
    s = service(request)
    _limit(s.hub.join_limit.take(client_address(request)), "registrations")
    return await s.register(tournament_id, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/me")
async def me(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).me(tournament_id, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/rounds")
async def start_round(request: Request, tournament_id: str) -> Response:
    """Start the next round: it makes tables, so it counts against the address's tables created."""
    s = service(request)
    body = await body_of(request)
    _limit(s.hub.create_limit.take(client_address(request)), "rounds started")
    return _json(await s.start_round(tournament_id, body))


@router.post("/api/tournaments/{tournament_id}/rounds/{number}/end")
async def end_round(request: Request, tournament_id: str, number: str) -> Response:
    n = _number(number, "round", MAX_ROUNDS)
    return _json(await service(request).end_round(tournament_id, n, await body_of(request)))


@router.post("/api/tournaments/{tournament_id}/entrants/{number}/bot")
async def replace(request: Request, tournament_id: str, number: str) -> Response:
    n = _number(number, "entrant", MAX_ENTRANTS)
    return _json(await service(request).replace(tournament_id, n, await body_of(request)))


@router.post("/api/tournaments/{tournament_id}/results", status_code=201)
async def enter(request: Request, tournament_id: str) -> Response:
    status, out = await service(request).enter(tournament_id, await body_of(request))
    return Response(json.dumps(out), status_code=status, media_type="application/json")


@router.post("/api/tournaments/{tournament_id}/entries")
async def entries(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).entries(tournament_id, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/log")
async def log(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).log(tournament_id, await body_of(request))


@router.get("/api/tournaments/{tournament_id}/results.csv")
async def results_csv(request: Request, tournament_id: str) -> Response:
    s = service(request)
    _limit(s.csv_limit.take(client_address(request)), "results fetched")
    text = await s.csv(tournament_id)
    headers = {"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.csv"'}
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


@router.get("/api/tournaments/{tournament_id}/qr/{round_no}/{table_no}.svg")
async def qr(request: Request, tournament_id: str, round_no: str, table_no: str) -> Response:
    """The QR code of a table's entry page, for its printed score sheet: a link at the address
    other devices reach the server by (`shared_base`), whatever address the sheet was opened at."""
    s = service(request)
    _limit(s.qr_limit.take(client_address(request)), "QR codes")
    r, t = _number(round_no, "round", MAX_ROUNDS), _number(table_no, "table", MAX_TABLES)
    svg = await s.qr(tournament_id, r, t, shared_base(request))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


def _page(name: str) -> FileResponse:
    from cardtable.web.pages import STATIC

    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/tournaments", include_in_schema=False)
def tournaments_page() -> RedirectResponse:
    """``/tournaments`` typed by hand: a tournament is reached by its own link, so lead to making one."""
    return RedirectResponse("/tournaments/new", status_code=307)


@router.get("/tournaments/new", include_in_schema=False)
def new_page() -> FileResponse:
    return _page("tournament-new.html")


@router.get("/tournaments/{tournament_id}", include_in_schema=False)
def standings_page(tournament_id: str) -> FileResponse:
    """The standings (spectators welcome), registration and the printable results."""
    return _page("tournament.html")


@router.get("/tournaments/{tournament_id}/director", include_in_schema=False)
def director_page(tournament_id: str) -> FileResponse:
    return _page("tournament-director.html")


@router.get("/tournaments/{tournament_id}/me", include_in_schema=False)
def entrant_page(tournament_id: str) -> FileResponse:
    return _page("tournament-entrant.html")


@router.get("/tournaments/{tournament_id}/enter", include_in_schema=False)
def entry_page(tournament_id: str) -> FileResponse:
    return _page("tournament-enter.html")


@router.get("/tournaments/{tournament_id}/sheets", include_in_schema=False)
def sheets_page(tournament_id: str) -> FileResponse:
    return _page("tournament-sheets.html")
