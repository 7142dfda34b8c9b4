"""What the tournaments room works out from its store, apart from any request: the public view of
a tournament, its standings and CSV, and the next round's seating. Run in the tournaments' worker
process (`work`), each with its own connection to the database, so that a tournament of 400
entrants costs the tables' process only the handing over of its answer.

The standings of a tournament are kept (in the worker) until what they count changes: the rounds
over, the hands stored of them, the corrections, the entrants and who was replaced.
"""

from __future__ import annotations

import json
from collections import OrderedDict, defaultdict
from collections.abc import Sequence
from typing import Any

from cardtable import registry
from cardtable.web.tournaments import seating
from cardtable.web.tournaments.standings import TIE_BREAKS, Result, standings, to_csv
from cardtable.web.tournaments.store import EntrantRow, RoundTableRow, Snapshot, TournamentRow, TournamentStore

#: How many tournaments' standings are kept.
KEEP = 256
#: The fewest entrants a round can be played with.
MIN_ENTRANTS = 2

_kept: OrderedDict[str, tuple[Any, list[dict[str, Any]], str]] = OrderedDict()


def game_of(t: TournamentRow) -> Any:
    return registry.get_game(t.game, t.preset, **t.rules)


def captain(row: RoundTableRow, people: dict[int, EntrantRow]) -> int | None:
    """The captain of a hall's table, who enters its results (the director may too): the entrant
    in the table's lowest seat who has not been withdrawn (replaced by a bot). Seat 0 deals the
    first hand, so the captain sits where the score sheet starts."""
    for who in row.seats:
        if who is not None and (e := people.get(who)) is not None and e.replaced_by is None:
            return who
    return None


def pairs_of(people: Sequence[EntrantRow]) -> list[seating.Pair]:
    """The fixed partnerships still in (a member replaced for good is ``None``)."""
    teams: dict[int, list[int | None]] = defaultdict(list)
    for e in people:
        if e.team is not None:
            teams[e.team].append(e.number if e.replaced_by is None else None)
    return [tuple(members) for _, members in sorted(teams.items()) if any(m is not None for m in members)]


def history_of(rows: Sequence[RoundTableRow]) -> list[list[list[int | None]]]:
    by_round: dict[int, list[list[int | None]]] = defaultdict(list)
    for r in rows:
        by_round[r.round].append(r.seats)
    return [by_round[n] for n in sorted(by_round)]


def standings_of(store: TournamentStore, snap: Snapshot) -> tuple[list[dict[str, Any]], str]:
    """The standings of the rounds that are over (as the pages show them) and their CSV."""
    t = snap.tournament
    over = [r.number for r in snap.rounds if r.status == "over"]
    counted_hands = sum(n for (rnd, _), n in snap.hands.items() if rnd in set(over))
    replaced = {e.number: (e.replaced_by, e.replaced_round) for e in snap.entrants if e.replaced_by is not None}
    key = (tuple(over), counted_hands, len(snap.changes), len(snap.entrants), tuple(sorted(replaced.items())))
    kept = _kept.get(t.id)
    if kept is not None and kept[0] == key:
        _kept.move_to_end(t.id)
        return kept[1], kept[2]
    results = [Result(*r) for r in store.counted(t.id, over)]
    seatings: dict[int, dict[int, Sequence[int | None]]] = defaultdict(dict)
    for r in snap.tables:
        seatings[r.round][r.number] = r.seats
    rows = standings([(e.number, e.name) for e in snap.entrants], seatings, results, t.duplicate, replaced)
    out = [r.to_json() for r in rows], to_csv(rows, t.rounds, t.duplicate)
    _kept[t.id] = (key, *out)
    while len(_kept) > KEEP:
        _kept.popitem(last=False)
    return out


def public_of(snap: Snapshot, standings_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The public view of a tournament (docs/tournaments.md, ``GET /api/tournaments/{ID}``)."""
    t = snap.tournament
    people = {e.number: e for e in snap.entrants}
    over = {r.number for r in snap.rounds if r.status == "over"}
    by_round: dict[int, list[RoundTableRow]] = defaultdict(list)
    for row in snap.tables:
        by_round[row.round].append(row)
    out_rounds = []
    for rnd in snap.rounds:
        tables = []
        for row in by_round[rnd.number]:
            # A duplicate round's tables stay unnamed until it is over: a table that has
            # finished a board must not show its cards to another still playing it.
            shown = row.table_id if rnd.status == "over" or not t.duplicate else None
            tables.append(
                {
                    "number": row.number,
                    "table": shown,
                    "seats": [
                        {"seat": n, "entrant": who, "name": people[who].name if who in people else None}
                        for n, who in enumerate(row.seats)
                    ],
                    "hands": min(snap.hands.get((rnd.number, row.number), 0), t.hands),
                    **({"captain": captain(row, people)} if t.hall else {}),
                }
            )
        out_rounds.append({"number": rnd.number, "status": rnd.status, "tables": tables})
    entry = registry.entry(t.game)
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
        "seats": game_of(t).seats,
        "fields": list(entry.FIELDS),
        "partners": [list(p) for p in entry.PARTNERS],
        "entrants": [
            {
                "entrant": e.number,
                "name": e.name,
                "replaced_by": e.replaced_by,
                "replaced_round": e.replaced_round,
                "team": e.team,
            }
            for e in snap.entrants
        ],
        "played": out_rounds,
        "standings": standings_rows,
        "tie_breaks": list(TIE_BREAKS),
        # the director's corrections: of a round being played, only which hand (its scores stay
        # unshown until the round is over, as every result of it)
        "corrections": [
            c.to_json() if c.round in over else {"number": c.number, "round": c.round, "table": c.table, "hand": c.hand}
            for c in snap.changes
        ],
    }


def public_json(store: TournamentStore, tournament_id: str) -> tuple[int, bytes, list[RoundTableRow]] | None:
    """The tournament's version, its public view as JSON, and the tables of its round being
    played that are missing from the tables' store (a crash came between storing and making
    them); ``None`` for no such tournament."""
    snap = store.snapshot(tournament_id)
    if snap is None:
        return None
    rows, _ = standings_of(store, snap)
    body = json.dumps(public_of(snap, rows), separators=(",", ":")).encode()
    return snap.tournament.version, body, snap.missing


def csv_text(store: TournamentStore, tournament_id: str) -> str | None:
    snap = store.snapshot(tournament_id)
    return None if snap is None else standings_of(store, snap)[1]


def next_round(store: TournamentStore, tournament_id: str) -> tuple[int, str] | tuple[int, list[list[int | None]]]:
    """The next round's number and seating, or a refusal (its HTTP status and one line)."""
    snap = store.snapshot(tournament_id)
    if snap is None:
        return 404, "no such tournament"
    t = snap.tournament
    if any(r.status != "over" for r in snap.rounds):
        return 409, "a round is being played; end it before starting the next"
    if len(snap.rounds) >= t.rounds:
        return 409, f"all {t.rounds} rounds have been played"
    everyone = snap.entrants
    people = [e for e in everyone if e.replaced_by is None]
    if len(people) < MIN_ENTRANTS:
        return 409, f"a round needs at least {MIN_ENTRANTS} entrants, and {len(people)} are in"
    game = game_of(t)
    entry = registry.entry(t.game)
    number = len(snap.rounds) + 1
    pairs = t.format in seating.PAIR_MOVEMENTS
    if t.hall:  # real cards: no bot sits at a hall's table
        unit, count, what = (
            (len(entry.PARTNERS), len(pairs_of(everyone)), "pairs") if pairs else (game.seats, len(people), "entrants")
        )
        if count % unit:
            return 409, (
                f"a hall's tables are played by people only: {count} {what} do not make whole tables "
                f"of {unit}; register {unit - count % unit} more or withdraw {count % unit}"
            )
    ranking = [row["entrant"] for row in standings_of(store, snap)[0]]
    history = history_of(snap.tables)
    if pairs:
        teams = pairs_of(everyone)
        if len(teams) < 2:
            return 409, f"a round needs at least 2 pairs, and {len(teams)} are in"
        tables = seating.seat_pairs(teams, game.seats, entry.PARTNERS, number - 1, history, t.format, ranking)
    else:
        who = [e.number for e in people]
        tables = seating.seat_round(who, game.seats, history, t.format, entry.PARTNERS, ranking, seed=number)
    return number, tables
