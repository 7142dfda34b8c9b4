"""Storage of tournaments: the events, their entrants, rounds, each round's tables and the hands'
results (the schema is migration ``0006_tournaments``). Every method is one transaction,
committed before it returns, so a server killed at any moment loses nothing it has answered.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Engine,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from cardtable.web import names
from cardtable.web.errors import Refused
from cardtable.web.schema import entrants, results, round_tables, rounds, tournaments


@dataclass(frozen=True)
class TournamentRow:
    id: str
    name: str
    game: str
    preset: str | None
    rules: dict[str, Any]
    format: str
    rounds: int
    hands: int
    duplicate: bool
    hall: bool
    bot: str
    director_hash: str
    status: str  # registering, playing (a round is on or between rounds), over
    max_entrants: int = 400


@dataclass(frozen=True)
class EntrantRow:
    number: int
    name: str
    token_hash: str
    replaced_by: str | None
    player_id: str | None = None
    #: The entrant's fixed partnership (the number of the pair's first entrant), else ``None``.
    team: int | None = None


@dataclass(frozen=True)
class RoundTableRow:
    round: int
    number: int
    table_id: str | None
    seats: list[int | None]


@dataclass(frozen=True)
class RoundRow:
    number: int
    status: str  # playing, over
    board_seed: str | None
    started: float
    ended: float | None


@dataclass(frozen=True)
class ResultRow:
    round: int
    table: int
    hand: int
    score: tuple[int, ...]
    entry: Any
    source: str  # played (at the server's table) or entered (at a hall)


class TournamentStore:
    """The tournaments of one database (the table server's own)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, row: TournamentRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tournaments).values(
                    id=row.id,
                    name=row.name,
                    game=row.game,
                    preset=row.preset,
                    rules=row.rules,
                    format=row.format,
                    rounds=row.rounds,
                    hands=row.hands,
                    duplicate=row.duplicate,
                    hall=row.hall,
                    bot=row.bot,
                    director_hash=row.director_hash,
                    status=row.status,
                    max_entrants=row.max_entrants,
                    created=time.time(),
                )
            )

    def get(self, tournament_id: str) -> TournamentRow | None:
        with self.engine.connect() as conn:
            t = conn.execute(select(tournaments).where(tournaments.c.id == tournament_id)).mappings().first()
        if t is None:
            return None
        return TournamentRow(
            t["id"],
            t["name"],
            t["game"],
            t["preset"],
            dict(json.loads(t["rules"]) if isinstance(t["rules"], str) else t["rules"]),
            t["format"],
            t["rounds"],
            t["hands"],
            bool(t["duplicate"]),
            bool(t["hall"]),
            t["bot"],
            t["director_hash"],
            t["status"],
            t["max_entrants"],
        )

    def add_entrants(
        self, tournament_id: str, people: list[tuple[str, str]], team: bool, player_id: str | None = None
    ) -> list[int]:
        """Register entrants, given as (name, token hash), while the tournament takes entries:
        one person, or (``team``) a pair of partners together; the first may be a player
        (``player_id``). Returns their numbers (from 1). A name taken, a player registered
        already or a full tournament is refused, nothing stored."""
        with self.engine.begin() as conn:
            found = conn.execute(
                select(tournaments.c.status, tournaments.c.max_entrants)
                .where(tournaments.c.id == tournament_id)
                .with_for_update()
            ).first()
            status, most = found if found is not None else (None, 0)
            if status != "registering":
                raise Refused(409, "registration is closed: the first round has started")
            rows = conn.execute(
                select(entrants.c.name, entrants.c.player_id).where(entrants.c.tournament_id == tournament_id)
            ).all()
            if player_id is not None and any(r[1] == player_id for r in rows):
                raise Refused(409, "you are registered in this tournament already (as a player)")
            if len(rows) + len(people) > most:
                raise Refused(409, f"the tournament is full ({most} entrants)")
            taken = [r[0] for r in rows]
            for name, _ in people:  # a name that looks like another (`cardtable.web.names.looks_alike`)
                like = names.alike(name, taken)
                if like is not None:
                    raise Refused(409, f"an entrant named {like[:40]} is registered already; choose another name")
                taken.append(name)
            first = len(rows) + 1
            try:
                conn.execute(
                    insert(entrants),
                    [
                        {
                            "tournament_id": tournament_id,
                            "number": first + i,
                            "name": name,
                            "token_hash": token_hash,
                            "team": first if team else None,
                            "player_id": player_id if i == 0 else None,
                            "created": time.time(),
                        }
                        for i, (name, token_hash) in enumerate(people)
                    ],
                )
            except IntegrityError:
                raise Refused(409, "someone registered at the same moment; try again") from None
            return [first + i for i in range(len(people))]

    def entrants(self, tournament_id: str) -> list[EntrantRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(entrants).where(entrants.c.tournament_id == tournament_id).order_by(entrants.c.number)
            ).mappings()
            return [
                EntrantRow(r["number"], r["name"], r["token_hash"], r["replaced_by"], r["player_id"], r["team"])
                for r in rows
            ]

    def replace(self, tournament_id: str, number: int, bot: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(entrants)
                .where(entrants.c.tournament_id == tournament_id, entrants.c.number == number)
                .values(replaced_by=bot)
            )

    def rounds(self, tournament_id: str) -> list[RoundRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(rounds).where(rounds.c.tournament_id == tournament_id).order_by(rounds.c.number)
            ).mappings()
            return [RoundRow(r["number"], r["status"], r["board_seed"], r["started"], r["ended"]) for r in rows]

    def start_round(self, tournament_id: str, number: int, board_seed: str | None, tables: list[RoundTableRow]) -> None:
        """Store a round and its tables in one transaction; a round started twice is refused."""
        with self.engine.begin() as conn:
            open_rounds = conn.execute(
                select(func.count())
                .select_from(rounds)
                .where(rounds.c.tournament_id == tournament_id, rounds.c.status != "over")
            ).scalar()
            if open_rounds:
                raise Refused(409, "a round is being played; end it before starting the next")
            try:
                conn.execute(
                    insert(rounds).values(
                        tournament_id=tournament_id,
                        number=number,
                        status="playing",
                        board_seed=board_seed,
                        started=time.time(),
                    )
                )
            except IntegrityError:
                raise Refused(409, f"round {number} has started already") from None
            conn.execute(
                insert(round_tables),
                [
                    {
                        "tournament_id": tournament_id,
                        "round": number,
                        "number": t.number,
                        "table_id": t.table_id,
                        "seats": t.seats,
                    }
                    for t in tables
                ],
            )
            conn.execute(update(tournaments).where(tournaments.c.id == tournament_id).values(status="playing"))

    def tables(self, tournament_id: str) -> list[RoundTableRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(round_tables)
                .where(round_tables.c.tournament_id == tournament_id)
                .order_by(round_tables.c.round, round_tables.c.number)
            ).mappings()
            return [RoundTableRow(r["round"], r["number"], r["table_id"], list(_list(r["seats"]))) for r in rows]

    def add_results(self, tournament_id: str, rows: list[ResultRow], only_new: bool = False) -> int:
        """Store hands' results in one transaction. A hand stored already is refused (``409``),
        unless ``only_new``, when the hands stored already are left as they are. Returns how many
        were stored."""
        with self.engine.begin() as conn:
            have = {
                (r[0], r[1], r[2])
                for r in conn.execute(
                    select(results.c.round, results.c.table_number, results.c.hand).where(
                        results.c.tournament_id == tournament_id
                    )
                )
            }
            new = [r for r in rows if (r.round, r.table, r.hand) not in have]
            if not only_new and len(new) != len(rows):
                r = next(r for r in rows if (r.round, r.table, r.hand) in have)
                raise Refused(409, f"hand {r.hand} of table {r.table} in round {r.round} was entered already")
            if not new:
                return 0
            try:
                conn.execute(
                    insert(results),
                    [
                        {
                            "tournament_id": tournament_id,
                            "round": r.round,
                            "table_number": r.table,
                            "hand": r.hand,
                            "score": list(r.score),
                            "entry": r.entry,
                            "source": r.source,
                            "created": time.time(),
                        }
                        for r in new
                    ],
                )
            except IntegrityError:
                raise Refused(409, "that hand was entered at the same moment by someone else") from None
            return len(new)

    def results(self, tournament_id: str) -> list[ResultRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(results)
                .where(results.c.tournament_id == tournament_id)
                .order_by(results.c.round, results.c.table_number, results.c.hand)
            ).mappings()
            return [
                ResultRow(r["round"], r["table_number"], r["hand"], tuple(_list(r["score"])), r["entry"], r["source"])
                for r in rows
            ]

    def end_round(self, tournament_id: str, number: int, last: bool) -> bool:
        """Mark a round over (and the tournament with its last round); whether it was still on."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(rounds)
                .where(rounds.c.tournament_id == tournament_id, rounds.c.number == number, rounds.c.status != "over")
                .values(status="over", ended=time.time())
            ).rowcount
            if done and last:
                conn.execute(update(tournaments).where(tournaments.c.id == tournament_id).values(status="over"))
            return bool(done)


def _list(value: Any) -> list[Any]:
    if isinstance(value, str):
        loaded: list[Any] = json.loads(value)
        return loaded
    return list(value)
