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
action as always, and the results are read from the finished tables into the store, again and
again without harm (a hand stored already is kept as it is); a server killed at any moment picks
up where it was.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from cardtable import registry
from cardtable.core import CardtableError, HandResult
from cardtable.record import Record, report
from cardtable.strict import BadJson, excerpt, loads
from cardtable.web import names, network
from cardtable.web.errors import Refused
from cardtable.web.players import store as ratings_store
from cardtable.web.players.routes import player_of
from cardtable.web.tables.hub import MAX_HANDS, Hub, _preset_rules, bot_seat
from cardtable.web.tables.live import HUMAN, LiveTable
from cardtable.web.tables.store import SeatRow
from cardtable.web.tokens import new_token, token_hash, token_matches
from cardtable.web.tournaments import seating
from cardtable.web.tournaments.standings import TIE_BREAKS, Result, Row, standings, to_csv
from cardtable.web.tournaments.store import (
    EntrantRow,
    ResultRow,
    RoundTableRow,
    TournamentRow,
    TournamentStore,
)

router = APIRouter()

#: The most entrants a tournament takes (a large hall's event is well under it).
MAX_ENTRANTS = 400
#: The fewest entrants a round can be played with.
MIN_ENTRANTS = 2
#: The most rounds, and hands a round.
MAX_ROUNDS = 30
MAX_ROUND_HANDS = min(100, MAX_HANDS)


class Tournaments:
    """The tournaments of one server: their storage, and one lock per tournament so that two
    requests never seat a round or read results at once."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = TournamentStore(hub.store.engine)
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

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

    async def start_round(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        t = await self.get(tournament_id)
        self.check_director(t, body.get("director"))
        async with self.locks[t.id]:
            await self._refresh(t)
            t = await self.get(tournament_id)
            rounds = await asyncio.to_thread(self.store.rounds, t.id)
            if any(r.status != "over" for r in rounds):
                raise Refused(409, "a round is being played; end it before starting the next")
            if len(rounds) >= t.rounds:
                raise Refused(409, f"all {t.rounds} rounds have been played")
            everyone = await asyncio.to_thread(self.store.entrants, t.id)
            people = [e for e in everyone if e.replaced_by is None]
            if len(people) < MIN_ENTRANTS:
                raise Refused(409, f"a round needs at least {MIN_ENTRANTS} entrants, and {len(people)} are in")
            game = _game(t)
            entry = registry.entry(t.game)
            history_rows = await asyncio.to_thread(self.store.tables, t.id)
            history = _history(history_rows)
            ranking = [row.number for row in await self._standings(t)]
            number = len(rounds) + 1
            if t.hall:  # real cards: no bot sits at a hall's table
                unit, count, what = (
                    (len(entry.PARTNERS), len(_pairs(everyone)), "pairs")
                    if t.format in seating.PAIR_MOVEMENTS
                    else (game.seats, len(people), "entrants")
                )
                if count % unit:
                    raise Refused(
                        409,
                        f"a hall's tables are played by people only: {count} {what} do not make whole tables "
                        f"of {unit}; register {unit - count % unit} more or withdraw {count % unit}",
                    )
            if t.format in seating.PAIR_MOVEMENTS:
                pairs = _pairs(everyone)
                if len(pairs) < 2:
                    raise Refused(409, f"a round needs at least 2 pairs, and {len(pairs)} are in")
                tables = seating.seat_pairs(pairs, game.seats, entry.PARTNERS, number - 1, history, t.format, ranking)
            else:
                tables = seating.seat_round(
                    [e.number for e in people], game.seats, history, t.format, entry.PARTNERS, ranking, seed=number
                )
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
            await self._make_tables(t, number, board_seed, table_rows)
        return await self.public(t.id)

    async def _make_tables(
        self, t: TournamentRow, number: int, board_seed: str | None, rows: Sequence[RoundTableRow]
    ) -> None:
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
            await self.hub.create_seated(row.table_id, t.game, t.preset, t.rules, t.hands, seat_rows, board_seed)
            links = {
                n: e.player_id
                for n, who in enumerate(row.seats)
                if who is not None and (e := people.get(who)) is not None and e.player_id and e.replaced_by is None
            }
            if links:  # the entrants who registered as players sit there as themselves
                await asyncio.to_thread(ratings_store.link_seats, self.hub.store.engine, row.table_id, links)

    async def end_round(self, tournament_id: str, number: int, body: dict[str, Any]) -> dict[str, Any]:
        """End a round by time: the hands finished count, any hand being played is not played on."""
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

    async def replace(self, tournament_id: str, number: int, body: dict[str, Any]) -> dict[str, Any]:
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
            await asyncio.to_thread(self.store.replace, t.id, number, bot)
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
        """The live table of a round's table (made again if a restart came before it was made)."""
        if row.table_id is None:
            return None
        try:
            return await self.hub.get(row.table_id)
        except Refused as e:
            if e.status != 404:
                raise
        rounds = {r.number: r for r in await asyncio.to_thread(self.store.rounds, t.id)}
        await self._make_tables(t, row.round, rounds[row.round].board_seed, [row])
        return await self.hub.get(row.table_id)

    async def _refresh(self, t: TournamentRow) -> None:
        """Read the finished tables of the round being played into the results; end the round
        once every table has played its hands (or, at a hall, has them all entered)."""
        rounds = await asyncio.to_thread(self.store.rounds, t.id)
        on = [r for r in rounds if r.status != "over"]
        if not on:
            return
        number = on[0].number
        rows = [r for r in await asyncio.to_thread(self.store.tables, t.id) if r.round == number]
        done = 0
        if t.hall:
            entered = await asyncio.to_thread(self.store.results, t.id)
            for row in rows:
                hands = {r.hand for r in entered if r.round == number and r.table == row.number}
                done += len(hands) >= t.hands
        else:
            for row in rows:
                table = await self._table(t, row)
                if table is not None and table.status in ("over", "closed"):
                    await self._harvest(t, row, table)
                    done += 1
        if done == len(rows):
            await asyncio.to_thread(self.store.end_round, t.id, number, number >= t.rounds)

    async def _harvest(self, t: TournamentRow, row: RoundTableRow, table: LiveTable) -> None:
        """Store the results of the table's finished hands (those stored already stay as they are)."""
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

    async def enter(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """A hand's result entered by the director or by an entrant seated at that table (its
        captain), checked by the game's scoring."""
        t = await self.get(tournament_id)
        round_no, table_no, hand = body.get("round"), body.get("table"), body.get("hand")
        if not all(_whole(x) for x in (round_no, table_no, hand)):
            raise Refused(400, "round, table and hand: expected whole numbers")
        assert isinstance(round_no, int) and isinstance(table_no, int) and isinstance(hand, int)
        token = body.get("token")
        async with self.locks[t.id]:
            rows = {(r.round, r.number): r for r in await asyncio.to_thread(self.store.tables, t.id)}
            row = rows.get((round_no, table_no))
            if not token_matches(token, t.director_hash):
                e = await self.entrant_of(t, token)
                if row is None or e.number not in row.seats:
                    raise Refused(403, "only the director or an entrant of that table enters its results")
            if not t.hall:
                raise Refused(409, "this tournament's hands are played at the server's tables, not entered")
            if row is None:
                raise Refused(404, f"round {round_no} has no table {table_no}")
            rounds = {r.number: r for r in await asyncio.to_thread(self.store.rounds, t.id)}
            if rounds[round_no].status == "over":
                raise Refused(409, f"round {round_no} is over: its results cannot change")
            if not 1 <= hand <= t.hands:
                raise Refused(422, f"hand: a round has hands 1 to {t.hands}")
            game = _game(t)
            try:
                score = registry.entry(t.game).points(game, body.get("entry"))
            except CardtableError as e:
                raise Refused(422, f"entry: {e}") from None
            result = ResultRow(round_no, table_no, hand, score, body.get("entry"), "entered")
            await asyncio.to_thread(self.store.add_results, t.id, [result])
            await self._refresh(t)
        return {"round": round_no, "table": table_no, "hand": hand, "score": list(score)}

    # --- what everyone may see ---

    async def _standings(self, t: TournamentRow) -> list[Row]:
        rounds = {r.number: r for r in await asyncio.to_thread(self.store.rounds, t.id)}
        over = {n for n, r in rounds.items() if r.status == "over"}
        table_rows = await asyncio.to_thread(self.store.tables, t.id)
        seatings: dict[int, dict[int, Sequence[int | None]]] = defaultdict(dict)
        for r in table_rows:
            seatings[r.round][r.number] = r.seats
        counted = [
            Result(r.round, r.table, r.hand, r.score)
            for r in await asyncio.to_thread(self.store.results, t.id)
            if r.round in over
        ]
        people = [(e.number, e.name) for e in await asyncio.to_thread(self.store.entrants, t.id)]
        return standings(people, seatings, counted, t.duplicate)

    async def public(self, tournament_id: str) -> dict[str, Any]:
        """The tournament as anyone may see it: its settings, entrants, rounds and tables (with
        the hands each has finished) and the standings of the rounds that are over."""
        t = await self.get(tournament_id)
        async with self.locks[t.id]:
            await self._refresh(t)
            t = await self.get(tournament_id)
            people = await asyncio.to_thread(self.store.entrants, t.id)
            named = {e.number: e.name for e in people}
            rounds = await asyncio.to_thread(self.store.rounds, t.id)
            table_rows = await asyncio.to_thread(self.store.tables, t.id)
            results = await asyncio.to_thread(self.store.results, t.id)
            done: dict[tuple[int, int], int] = defaultdict(int)
            for r in results:
                done[(r.round, r.table)] += 1
            out_rounds = []
            for rnd in rounds:
                tables = []
                for row in (r for r in table_rows if r.round == rnd.number):
                    hands = done[(rnd.number, row.number)]
                    if rnd.status != "over" and row.table_id is not None:
                        table = await self._table(t, row)
                        hands = _finished(table) if table is not None else hands
                    # A duplicate round's tables stay unnamed until it is over: a table that has
                    # finished a board must not show its cards to another still playing it.
                    shown = row.table_id if rnd.status == "over" or not t.duplicate else None
                    tables.append(
                        {
                            "number": row.number,
                            "table": shown,
                            "seats": [
                                {"seat": n, "entrant": who, "name": named.get(who) if who is not None else None}
                                for n, who in enumerate(row.seats)
                            ],
                            "hands": hands,
                        }
                    )
                out_rounds.append({"number": rnd.number, "status": rnd.status, "tables": tables})
            rows = await self._standings(t)
        return {
            "id": t.id,
            "name": t.name,
            "game": t.game,
            "preset": t.preset,
            "rules": t.rules,
            "format": t.format,
            "rounds": t.rounds,
            "hands": t.hands,
            "duplicate": t.duplicate,
            "hall": t.hall,
            "bot": t.bot,
            "status": t.status,
            "seats": _game(t).seats,
            "fields": list(registry.entry(t.game).FIELDS),
            "partners": [list(p) for p in registry.entry(t.game).PARTNERS],
            "entrants": [
                {"entrant": e.number, "name": e.name, "replaced_by": e.replaced_by, "team": e.team} for e in people
            ],
            "played": out_rounds,
            "standings": [r.to_json() for r in rows],
            "tie_breaks": list(TIE_BREAKS),
        }

    async def me(self, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """An entrant's own view: their number, name and their table in the round being played
        (whose seat token is their entrant token)."""
        t = await self.get(tournament_id)
        e = await self.entrant_of(t, body.get("token"))
        table = None
        for row in await self._current(t):
            if e.number in row.seats:
                table = {
                    "round": row.round,
                    "number": row.number,
                    "table": row.table_id,
                    "seat": row.seats.index(e.number),
                }
        return {"entrant": e.number, "name": e.name, "replaced_by": e.replaced_by, "table": table}

    async def csv(self, tournament_id: str) -> str:
        t = await self.get(tournament_id)
        async with self.locks[t.id]:
            await self._refresh(t)
            return to_csv(await self._standings(t), t.rounds, t.duplicate)


def _now(value: Any) -> Any:
    async def done() -> Any:
        return value

    return done()


def _finished(table: LiveTable) -> int:
    """The hands the table has finished, in all its matches (none of one being played)."""
    return sum(len(m) for m in table.matches)


def _pairs(people: Sequence[EntrantRow]) -> list[seating.Pair]:
    """The fixed partnerships still in (a member replaced for good is ``None``)."""
    teams: dict[int, list[int | None]] = defaultdict(list)
    for e in people:
        if e.team is not None:
            teams[e.team].append(e.number if e.replaced_by is None else None)
    return [tuple(members) for _, members in sorted(teams.items()) if any(m is not None for m in members)]


def _history(rows: Sequence[RoundTableRow]) -> list[list[list[int | None]]]:
    by_round: dict[int, list[list[int | None]]] = defaultdict(list)
    for r in rows:
        by_round[r.round].append(r.seats)
    return [by_round[n] for n in sorted(by_round)]


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


async def body_of(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object, read strictly, or ``400``."""
    try:
        body = loads((await request.body()).decode("utf-8"))
    except (UnicodeDecodeError, BadJson):
        raise Refused(400, "the body is not JSON of the expected form") from None
    if not isinstance(body, dict):
        raise Refused(400, "the body must be a JSON object")
    return body


def _limit(wait: float, what: str) -> None:
    if wait > 0:
        raise Refused(429, f"too many {what} from your address; try again in a moment", retry_after=wait)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


@router.post("/api/tournaments", status_code=201)
async def create(request: Request) -> dict[str, Any]:
    s = service(request)
    _limit(s.hub.create_limit.take(_address(request)), "tournaments created")
    return await s.create(await body_of(request))


@router.get("/api/tournaments/{tournament_id}")
async def public(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).public(tournament_id)


@router.post("/api/tournaments/{tournament_id}/entrants", status_code=201)
async def register(request: Request, tournament_id: str) -> dict[str, Any]:
    s = service(request)
    _limit(s.hub.join_limit.take(_address(request)), "registrations")
    return await s.register(tournament_id, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/me")
async def me(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).me(tournament_id, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/rounds")
async def start_round(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).start_round(tournament_id, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/rounds/{number}/end")
async def end_round(request: Request, tournament_id: str, number: int) -> dict[str, Any]:
    return await service(request).end_round(tournament_id, number, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/entrants/{number}/bot")
async def replace(request: Request, tournament_id: str, number: int) -> dict[str, Any]:
    return await service(request).replace(tournament_id, number, await body_of(request))


@router.post("/api/tournaments/{tournament_id}/results", status_code=201)
async def enter(request: Request, tournament_id: str) -> dict[str, Any]:
    return await service(request).enter(tournament_id, await body_of(request))


@router.get("/api/tournaments/{tournament_id}/results.csv")
async def results_csv(request: Request, tournament_id: str) -> Response:
    text = await service(request).csv(tournament_id)
    headers = {"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.csv"'}
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


@router.get("/api/tournaments/{tournament_id}/qr/{round_no}/{table_no}.svg")
async def qr(request: Request, tournament_id: str, round_no: int, table_no: int) -> Response:
    """The QR code of a table's entry page, for its printed score sheet."""
    t = await service(request).get(tournament_id)
    url = f"{str(request.base_url).rstrip('/')}/tournaments/{t.id}/enter?round={round_no}&table={table_no}"
    return Response(network.qr_svg(url), media_type="image/svg+xml")


def _page(name: str) -> FileResponse:
    from cardtable.web.pages import STATIC

    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


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
