"""Storage of tournaments: the events, their entrants, rounds, each round's tables, the hands'
results and the director's corrections of them (the schema is migrations ``0006_tournaments``
and ``0007_tournaments_night``). Every method is one transaction, committed before it returns,
so a server killed at any moment loses nothing it has answered.

Every change of a tournament counts its ``version`` up in the same transaction: the answers
built from it (the public view, the standings, the CSV) are kept by version, in any process of a
cluster, and built again only when it has changed.
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
from cardtable.web.database import snapshot as one_moment
from cardtable.web.errors import Refused
from cardtable.web.schema import entrants, result_changes, results, round_tables, rounds, tournaments
from cardtable.web.schema import tables as live_tables


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
    version: int = 0


@dataclass(frozen=True)
class EntrantRow:
    number: int
    name: str
    token_hash: str
    replaced_by: str | None
    player_id: str | None = None
    #: The entrant's fixed partnership (the number of the pair's first entrant), else ``None``.
    team: int | None = None
    #: The round being played when the director replaced the entrant (else the rounds started).
    replaced_round: int | None = None


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


@dataclass(frozen=True)
class ChangeRow:
    """A correction of an entered result by the director, as the tournament's log keeps it."""

    number: int
    round: int
    table: int
    hand: int
    old_score: tuple[int, ...]
    new_score: tuple[int, ...]
    old_entry: Any
    new_entry: Any
    when: float

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "table": self.table,
            "hand": self.hand,
            "was": list(self.old_score),
            "now": list(self.new_score),
            "was_entry": self.old_entry,
            "now_entry": self.new_entry,
            "when": self.when,
        }


@dataclass(frozen=True)
class Snapshot:
    """What the public view of a tournament is built from, read in one transaction: the event,
    its entrants, rounds and tables, the hands stored for each table, the corrections, and the
    tables of the round being played that are missing from the tables' store (made again)."""

    tournament: TournamentRow
    entrants: list[EntrantRow]
    rounds: list[RoundRow]
    tables: list[RoundTableRow]
    hands: dict[tuple[int, int], int]
    changes: list[ChangeRow]
    missing: list[RoundTableRow]


def _bump(conn: Any, tournament_id: str) -> None:
    """Count the tournament's version up (in the caller's transaction)."""
    conn.execute(update(tournaments).where(tournaments.c.id == tournament_id).values(version=tournaments.c.version + 1))


def _tournament(t: Any) -> TournamentRow:
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
        t["version"],
    )


def _entrant(r: Any) -> EntrantRow:
    return EntrantRow(
        r["number"], r["name"], r["token_hash"], r["replaced_by"], r["player_id"], r["team"], r["replaced_round"]
    )


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
        return None if t is None else _tournament(t)

    def version(self, tournament_id: str) -> int | None:
        """The tournament's version (``None``: no such tournament): one small read."""
        with self.engine.connect() as conn:
            found = conn.execute(select(tournaments.c.version).where(tournaments.c.id == tournament_id)).first()
        return None if found is None else int(found[0])

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
            _bump(conn, tournament_id)
            return [first + i for i in range(len(people))]

    def entrants(self, tournament_id: str) -> list[EntrantRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(entrants).where(entrants.c.tournament_id == tournament_id).order_by(entrants.c.number)
            ).mappings()
            return [_entrant(r) for r in rows]

    def replace(self, tournament_id: str, number: int, bot: str | None, when: int | None = None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(entrants)
                .where(entrants.c.tournament_id == tournament_id, entrants.c.number == number)
                .values(replaced_by=bot, replaced_round=when)
            )
            _bump(conn, tournament_id)

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
            _bump(conn, tournament_id)

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
            _bump(conn, tournament_id)
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
            return self._end_round(conn, tournament_id, number, last)

    def _end_round(self, conn: Any, tournament_id: str, number: int, last: bool) -> bool:
        done = conn.execute(
            update(rounds)
            .where(rounds.c.tournament_id == tournament_id, rounds.c.number == number, rounds.c.status != "over")
            .values(status="over", ended=time.time())
        ).rowcount
        if done and last:
            conn.execute(update(tournaments).where(tournaments.c.id == tournament_id).values(status="over"))
        if done:
            _bump(conn, tournament_id)
        return bool(done)

    def end_if_complete(self, tournament_id: str, number: int, hands: int, last: bool) -> bool:
        """End round ``number`` if every one of its tables has ``hands`` results stored; whether it ended now."""
        with self.engine.begin() as conn:
            n_tables = conn.execute(
                select(func.count())
                .select_from(round_tables)
                .where(round_tables.c.tournament_id == tournament_id, round_tables.c.round == number)
            ).scalar()
            full = conn.execute(
                select(results.c.table_number)
                .where(results.c.tournament_id == tournament_id, results.c.round == number)
                .group_by(results.c.table_number)
                .having(func.count() >= hands)
            ).all()
            if not n_tables or len(full) < n_tables:
                return False
            return self._end_round(conn, tournament_id, number, last)

    # --- corrections ---

    def correct(self, tournament_id: str, row: ResultRow) -> ChangeRow:
        """Change an entered hand's result to ``row``'s, the change kept in the log; ``404`` when
        the hand was never entered, ``409`` when it was played at the server's tables."""
        with self.engine.begin() as conn:
            key = (
                results.c.tournament_id == tournament_id,
                results.c.round == row.round,
                results.c.table_number == row.table,
                results.c.hand == row.hand,
            )
            found = conn.execute(select(results).where(*key).with_for_update()).mappings().first()
            if found is None:
                raise Refused(404, f"hand {row.hand} of table {row.table} in round {row.round} was never entered")
            if found["source"] != "entered":
                raise Refused(409, "that hand was played at the server's table: its record is its result")
            conn.execute(update(results).where(*key).values(score=list(row.score), entry=row.entry))
            last = conn.execute(
                select(func.max(result_changes.c.number)).where(result_changes.c.tournament_id == tournament_id)
            ).scalar()
            change = ChangeRow(
                (last or 0) + 1,
                row.round,
                row.table,
                row.hand,
                tuple(_list(found["score"])),
                tuple(row.score),
                found["entry"],
                row.entry,
                time.time(),
            )
            conn.execute(
                insert(result_changes).values(
                    tournament_id=tournament_id,
                    number=change.number,
                    round=change.round,
                    table_number=change.table,
                    hand=change.hand,
                    old_score=list(change.old_score),
                    new_score=list(change.new_score),
                    old_entry=change.old_entry,
                    new_entry=change.new_entry,
                    created=change.when,
                )
            )
            _bump(conn, tournament_id)
            return change

    def changes(self, tournament_id: str) -> list[ChangeRow]:
        with self.engine.connect() as conn:
            return self._changes(conn, tournament_id)

    def _changes(self, conn: Any, tournament_id: str) -> list[ChangeRow]:
        rows = conn.execute(
            select(result_changes)
            .where(result_changes.c.tournament_id == tournament_id)
            .order_by(result_changes.c.number)
        ).mappings()
        return [
            ChangeRow(
                r["number"],
                r["round"],
                r["table_number"],
                r["hand"],
                tuple(_list(r["old_score"])),
                tuple(_list(r["new_score"])),
                r["old_entry"],
                r["new_entry"],
                float(r["created"]),
            )
            for r in rows
        ]

    # --- what the reads need, without the tables ---

    def snapshot(self, tournament_id: str) -> Snapshot | None:
        """Everything the public view shows, read at one moment (`Snapshot`): a round that ends
        while it is read is over in both the round and, with the last round, the tournament, or in
        neither."""
        with one_moment(self.engine) as conn:
            t = conn.execute(select(tournaments).where(tournaments.c.id == tournament_id)).mappings().first()
            if t is None:
                return None
            people = [
                _entrant(r)
                for r in conn.execute(
                    select(entrants).where(entrants.c.tournament_id == tournament_id).order_by(entrants.c.number)
                ).mappings()
            ]
            round_rows = [
                RoundRow(r["number"], r["status"], r["board_seed"], r["started"], r["ended"])
                for r in conn.execute(
                    select(rounds).where(rounds.c.tournament_id == tournament_id).order_by(rounds.c.number)
                ).mappings()
            ]
            table_rows = [
                RoundTableRow(r["round"], r["number"], r["table_id"], list(_list(r["seats"])))
                for r in conn.execute(
                    select(round_tables)
                    .where(round_tables.c.tournament_id == tournament_id)
                    .order_by(round_tables.c.round, round_tables.c.number)
                ).mappings()
            ]
            hands = {
                (r[0], r[1]): int(r[2])
                for r in conn.execute(
                    select(results.c.round, results.c.table_number, func.count())
                    .where(results.c.tournament_id == tournament_id)
                    .group_by(results.c.round, results.c.table_number)
                )
            }
            playing = {r.number for r in round_rows if r.status != "over"}
            wanted = [r for r in table_rows if r.round in playing and r.table_id is not None]
            made = set()
            if wanted:
                made = {
                    r[0]
                    for r in conn.execute(
                        select(live_tables.c.id).where(live_tables.c.id.in_([r.table_id for r in wanted]))
                    )
                }
            missing = [r for r in wanted if r.table_id not in made]
            return Snapshot(
                _tournament(t), people, round_rows, table_rows, hands, self._changes(conn, tournament_id), missing
            )

    def counted(self, tournament_id: str, over: list[int]) -> list[tuple[int, int, int, tuple[int, ...]]]:
        """The results of the rounds ``over``, as (round, table, hand, score)."""
        if not over:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(results.c.round, results.c.table_number, results.c.hand, results.c.score)
                .where(results.c.tournament_id == tournament_id, results.c.round.in_(over))
                .order_by(results.c.round, results.c.table_number, results.c.hand)
            )
            return [(r[0], r[1], r[2], tuple(_list(r[3]))) for r in rows]

    def table_results(self, tournament_id: str, round_no: int, table_no: int) -> list[ResultRow]:
        """The hands stored of one table of a round."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(results)
                .where(
                    results.c.tournament_id == tournament_id,
                    results.c.round == round_no,
                    results.c.table_number == table_no,
                )
                .order_by(results.c.hand)
            ).mappings()
            return [
                ResultRow(r["round"], r["table_number"], r["hand"], tuple(_list(r["score"])), r["entry"], r["source"])
                for r in rows
            ]

    def origin(self, table_id: str) -> dict[str, Any] | None:
        """What made a live table (its ``origin``: a tournament's round and table), or ``None``."""
        with self.engine.connect() as conn:
            found = conn.execute(select(live_tables.c.origin).where(live_tables.c.id == table_id)).first()
        if found is None or found[0] is None:
            return None
        value = found[0]
        out: dict[str, Any] = json.loads(value) if isinstance(value, str) else dict(value)
        return out

    def board_tables(self, tournament_id: str, round_no: int, hand: int) -> tuple[str, int, int]:
        """For a board (a hand of a round): the round's status, its tables, and how many have it stored."""
        with self.engine.connect() as conn:
            status = conn.execute(
                select(rounds.c.status).where(rounds.c.tournament_id == tournament_id, rounds.c.number == round_no)
            ).scalar()
            n_tables = conn.execute(
                select(func.count())
                .select_from(round_tables)
                .where(round_tables.c.tournament_id == tournament_id, round_tables.c.round == round_no)
            ).scalar()
            done = conn.execute(
                select(func.count())
                .select_from(results)
                .where(results.c.tournament_id == tournament_id, results.c.round == round_no, results.c.hand == hand)
            ).scalar()
        return str(status), int(n_tables or 0), int(done or 0)


def _list(value: Any) -> list[Any]:
    if isinstance(value, str):
        loaded: list[Any] = json.loads(value)
        return loaded
    return list(value)
