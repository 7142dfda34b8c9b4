"""A tournament's standings from its seatings and hand results, with the tie-breaks written down.

Nothing here knows the game: a hand's result is one number of points per seat (the game's
`cardtable.core.ResultEntry` made it), and an entrant scores what their seat scored.

Ranking, in this order (``TIE_BREAKS``):

0. an entrant replaced by a bot (the director's "replace by a bot": someone who did not come or
   left) ranks after every entrant who was not, whatever their points: the bot's hands count for
   the seat, but a prize goes to someone who played. Among themselves replaced entrants are
   ranked by the same order, and they are marked, with the round they were replaced in;
1. total points over every hand (a duplicate event: total matchpoints first, then total points);
2. the best single round's points;
3. the most hands with a score above zero;
4. still equal: the same rank, listed by entrant number.

Matchpoints (duplicate): every table of a round plays the same boards (deals) in the same seat
order. For each board, the score of a seat is compared with the score of the same seat at every
other table of the round: 2 matchpoints for each it beats, 1 for each it ties.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

TIE_BREAKS = (
    "an entrant replaced by a bot ranks after everyone who was not",
    "total points (duplicate: total matchpoints, then total points)",
    "the best single round's points",
    "the most hands with a score above zero",
    "still equal: the same rank",
)


@dataclass(frozen=True)
class Result:
    """One hand's points at one table of a round, one number per seat."""

    round: int
    table: int
    hand: int
    score: tuple[int, ...]


@dataclass
class Row:
    """One entrant's line of the standings."""

    number: int
    name: str
    points: int = 0
    matchpoints: int = 0
    hands: int = 0
    hands_won: int = 0
    rounds: dict[int, int] = field(default_factory=dict)
    rank: int = 0
    #: The bot that replaced the entrant, and the round it was done in (0: before the first).
    replaced_by: str | None = None
    replaced_round: int | None = None

    @property
    def best_round(self) -> int:
        return max(self.rounds.values(), default=0)

    def key(self, duplicate: bool) -> tuple[int, ...]:
        first = (self.matchpoints, self.points) if duplicate else (self.points,)
        return (int(self.replaced_by is None), *first, self.best_round, self.hands_won)

    @property
    def replaced(self) -> str:
        """The mark of a replaced entrant, in words ("" when they were not)."""
        if self.replaced_by is None:
            return ""
        when = f" in round {self.replaced_round}" if self.replaced_round else " before the first round"
        return f"replaced by the {self.replaced_by} bot{when}"

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "entrant": self.number,
            "name": self.name,
            "points": self.points,
            "matchpoints": self.matchpoints,
            "hands": self.hands,
            "hands_won": self.hands_won,
            "best_round": self.best_round,
            "rounds": {str(r): p for r, p in sorted(self.rounds.items())},
            "replaced_by": self.replaced_by,
            "replaced_round": self.replaced_round,
            "replaced": self.replaced,
        }


def matchpoints(seatings: dict[int, dict[int, Sequence[int | None]]], results: Sequence[Result]) -> dict[int, int]:
    """Each entrant's matchpoints: per board (round and hand) and seat, 2 for each other table of
    the round whose same seat scored less, 1 for each that scored the same."""
    boards: dict[tuple[int, int], dict[int, tuple[int, ...]]] = defaultdict(dict)
    for r in results:
        boards[(r.round, r.hand)][r.table] = r.score
    out: dict[int, int] = defaultdict(int)
    for (rnd, _hand), by_table in boards.items():
        for table, score in by_table.items():
            seats = seatings.get(rnd, {}).get(table)
            if seats is None:
                continue
            for seat, who in enumerate(seats):
                if who is None:
                    continue
                out[who] += 0  # seated: ranked, with no matchpoints yet
                for other, theirs in by_table.items():
                    if other == table:
                        continue
                    if score[seat] > theirs[seat]:
                        out[who] += 2
                    elif score[seat] == theirs[seat]:
                        out[who] += 1
    return dict(out)


def standings(
    entrants: Sequence[tuple[int, str]],
    seatings: dict[int, dict[int, Sequence[int | None]]],
    results: Sequence[Result],
    duplicate: bool = False,
    replaced: dict[int, tuple[str, int | None]] | None = None,
) -> list[Row]:
    """The standings, best first: ``entrants`` as (number, name), ``seatings`` as round → table
    number → seats (an entrant's number, or ``None`` for a bot), ``results`` the hands counted,
    ``replaced`` the entrants replaced by a bot (number → the bot and the round)."""
    rows = {n: Row(n, name) for n, name in entrants}
    for n, (bot, when) in (replaced or {}).items():
        if n in rows:
            rows[n].replaced_by, rows[n].replaced_round = bot, when
    for r in results:
        seats = seatings.get(r.round, {}).get(r.table)
        if seats is None:
            continue
        for seat, who in enumerate(seats):
            if who is None or who not in rows:
                continue
            row = rows[who]
            row.points += r.score[seat]
            row.hands += 1
            row.hands_won += r.score[seat] > 0
            row.rounds[r.round] = row.rounds.get(r.round, 0) + r.score[seat]
    if duplicate:
        for who, mp in matchpoints(seatings, results).items():
            if who in rows:
                rows[who].matchpoints = mp
    keys = {row.number: row.key(duplicate) for row in rows.values()}
    ordered = sorted(rows.values(), key=lambda row: (tuple(-x for x in keys[row.number]), row.number))
    for i, row in enumerate(ordered):  # equal keys share the rank of the first of them
        same = i > 0 and keys[ordered[i - 1].number] == keys[row.number]
        row.rank = ordered[i - 1].rank if same else i + 1
    return ordered


def to_csv(rows: Sequence[Row], rounds: int, duplicate: bool) -> str:
    """The standings as CSV: rank, entrant, name, points (and matchpoints), each round's points,
    and whether the entrant was replaced by a bot (in words, empty when not)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    head = ["rank", "entrant", "name", "points", *(["matchpoints"] if duplicate else [])]
    w.writerow([*head, "hands", "hands_won", *(f"round {r}" for r in range(1, rounds + 1)), "replaced"])
    for row in rows:
        mp = [row.matchpoints] if duplicate else []
        rounds_cells = [row.rounds.get(r, "") for r in range(1, rounds + 1)]
        head_cells = [row.rank, row.number, _cell(row.name), row.points, *mp, row.hands, row.hands_won]
        w.writerow([*head_cells, *rounds_cells, row.replaced])
    return out.getvalue()


def _cell(text: str) -> str:
    """A name as a CSV cell that a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
