"""Duplicate-deal tournaments between bots.

Every deal is played once per seating arrangement: the line-up of bots (``A B A B`` for two bots at
a four-seat table) rotated through the seats, so each bot holds every seat and team with the same
cards and the luck of the deal cancels out. Each deal is a hand from the start of a match with
dealer ``deal % seats``; a deal's cards come from ``(seed, deal)`` alone, and every bot decision
from ``(seed, deal, arrangement, seat)``, so a tournament reproduces exactly from its seed whatever
the number of worker processes, and whichever backend runs it.

Statistics are per deal, since the hands of one deal are not independent: for each deal, a bot's
score is the mean of the points of the seats it held over all arrangements, and its mean and 95%
confidence interval are taken over deals.

In match mode (``Job.matches``) the unit is a whole match instead of one hand: hands follow one
another by the game's own rules (``next_hand``) until the match ends, and match ``m`` deals the
same sequence of decks, from ``(seed, m, hand)``, under every arrangement. A match ends when the
game says it is won (Smear: a team reaches the target), when a baazi is won (Seep: one baazi is the
match), or after ``hands_per_match`` hands: every match of a game without an end of its own
(Sheepshead, R39) lasts that long, and for the others it is a cap so that a match always ends.
Each played match (one match under one arrangement) goes to the bot whose seats did best: the
share of them on the winning side, or, for a match ended by the count of hands, their mean points
over its hands; a tie between every bot is a draw (see `winning_bots`). Statistics are then per
match: a bot's score is the mean of its seats' points over every hand of the match under every
arrangement.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.bots.listen import listeners, tell_action, tell_hand
from cardtable.core import CardtableError, HandResult, game_part, rules_json
from cardtable.record import HandLog

#: Where a tournament's units are played: worker processes on this machine, or a Ray cluster.
BACKENDS = ("process", "ray")


def open_match_hands(game: str) -> int | None:
    """Hands per match for a game whose match has no end of its own, as its package's ``matches``
    part says (``OPEN_HANDS``: one deal by each seat), else ``None``."""
    hands: int | None = getattr(registry.part(game, "matches"), "OPEN_HANDS", None)
    return hands


#: The most hands a match lasts in a game whose rules end it; real matches end long before.
HAND_CAP = 100


def arrangements(seats: int, bots: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct rotation of the line-up ``bots`` repeated to fill the table.

    >>> arrangements(4, ["rule", "random"])
    [('rule', 'random', 'rule', 'random'), ('random', 'rule', 'random', 'rule')]
    >>> len(arrangements(5, ["a", "b"]))
    5
    """
    lineup = [bots[i % len(bots)] for i in range(seats)]
    out: list[tuple[str, ...]] = []
    for r in range(seats):
        row = tuple(lineup[(s + r) % seats] for s in range(seats))
        if row not in out:
            out.append(row)
    return out


@dataclass(frozen=True)
class DealResult:
    """One deal played under every arrangement: per bot, the mean points of its seats; decision
    counts and times; and the records of the hands."""

    deal: int
    points: dict[str, float]
    decisions: dict[str, int]
    seconds: dict[str, float]
    records: list[dict[str, Any]]


@dataclass(frozen=True)
class MatchResult:
    """One match played under every arrangement: per bot, the mean points per hand of its seats
    and the matches it won (one count per arrangement); the drawn matches; the hands played in
    all; decision counts and times; and one record per arrangement, every hand of the match."""

    match: int
    points: dict[str, float]
    wins: dict[str, int]
    draws: int
    hands: int
    decisions: dict[str, int]
    seconds: dict[str, float]
    records: list[dict[str, Any]]


#: What one unit of a tournament gives: a deal, or a match in match mode.
Result = DealResult | MatchResult


@dataclass(frozen=True)
class Job:
    """What a worker needs to play deals or matches: all plain data, so it pickles to another
    process. ``hands_per_match`` (match mode) is the game's default from `hands_per_match` when
    ``None``."""

    game: str
    rules: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    keep_records: bool = True
    matches: bool = False
    hands_per_match: int | None = None


def hands_per_match(job: Job) -> int:
    """The most hands a match of the job lasts: as asked, else every hand of an open-ended game's
    match (`open_match_hands`), else the cap `HAND_CAP`.

    >>> hands_per_match(Job("sheepshead", {}, ("rule",), 0, matches=True))
    5
    >>> hands_per_match(Job("smear", {}, ("rule",), 0, matches=True))
    100
    """
    if job.hands_per_match is not None:
        return job.hands_per_match
    return open_match_hands(job.game) or HAND_CAP


def labels(bots: Sequence[str]) -> list[str]:
    """Names that tell the entries apart: a bot named twice is ``name`` and ``name#2``.

    >>> labels(["rule", "rule", "random"])
    ['rule', 'rule#2', 'random']
    """
    out: list[str] = []
    for name in bots:
        label, n = name, 1
        while label in out:
            n += 1
            label = f"{name}#{n}"
        out.append(label)
    return out


class _Players:
    """The bots of one unit, by label, with their decision counts and times."""

    def __init__(self, game: Any, job: Job) -> None:
        self.names = labels(job.bots)
        self.bots = {label: make_bot(game, spec) for label, spec in zip(self.names, job.bots, strict=True)}
        self.decisions = dict.fromkeys(self.names, 0)
        self.seconds = dict.fromkeys(self.names, 0.0)
        #: The indices of the last hand's actions that a stand-in made for a bot whose own answer
        #: was refused or late (a program in the bot protocol, `cardtable.bots.external`).
        self.stand_ins: list[int] = []

    def play_hand(self, log: HandLog, seating: Sequence[str], rngs: Sequence[random.Random]) -> HandResult:
        """Play the dealt hand in ``log`` to its end; its outcome."""
        game = log.game
        state = log.state
        self.stand_ins = []
        listening = listeners({s: self.bots[name] for s, name in enumerate(seating)})
        tell_hand(game, state, listening)
        while (seat := game.actor(state)) is not None:
            name = seating[seat]
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            t0 = time.perf_counter()
            bot = self.bots[name]
            action = bot.act(view, legal, rngs[seat])
            self.seconds[name] += time.perf_counter() - t0
            self.decisions[name] += 1
            if getattr(bot, "stood_in", False):
                self.stand_ins.append(len(log.actions))
            before, state = state, log.act(action)
            tell_action(game, before, action, state, listening)
        result: HandResult | None = game.outcome(state)
        assert result is not None
        return result


def play_deal(job: Job, deal: int) -> DealResult:
    """Play deal number ``deal`` under every arrangement of the job's bots."""
    game = registry.get_game(job.game, **job.rules)
    players = _Players(game, job)
    deck_rng = random.Random(f"{job.seed}:deal:{deal}")
    dealer = deal % game.seats
    deck = game.deal(game.start(dealer), deck_rng)
    totals: dict[str, list[float]] = {name: [] for name in players.names}
    records = []
    for a, seating in enumerate(arrangements(game.seats, players.names)):
        log = HandLog(game, dealer=dealer, players=seating)
        log.deal(deck_rng, deck)
        rngs = [random.Random(f"{job.seed}:{deal}:{a}:{s}") for s in range(game.seats)]
        result = players.play_hand(log, seating, rngs)
        for s, name in enumerate(seating):
            totals[name].append(result.score[s])
        if job.keep_records:
            record = log.record()
            if players.stand_ins:  # as a web table marks a move made for an absent person
                record["hands"][-1]["stand_ins"] = list(players.stand_ins)
            records.append(record)
    points = {name: sum(v) / len(v) for name, v in totals.items()}
    return DealResult(deal, points, players.decisions, players.seconds, records)


def match_winners(game: Any, state: Any, result: HandResult) -> tuple[int, ...] | None:
    """The seats that won the match with this finished hand, or ``None`` while it goes on: the
    game's own `winner`, or where the rules leave the match open, as the game's ``matches`` part
    says a match is won (Seep: the team that won a baazi, R21, R22; a tournament match is one
    baazi, the game itself leaving the number of baazis to the players)."""
    seats: tuple[int, ...] | None = game.winner(state)
    if seats is not None:
        return tuple(seats)
    open_winners = getattr(game_part(game, "matches"), "winners", None)
    return None if open_winners is None else open_winners(game, state)


def winning_bots(seating: Sequence[str], won: Sequence[int] | None, totals: Sequence[float]) -> tuple[str, ...]:
    """The bots that won a played match, given the seats that won it (``won``, when the rules
    ended it) or else each seat's points over its hands (``totals``). A bot's mark is the share of
    its seats that won, or else its seats' mean points, so a bot holding more seats than another is
    not favoured; the best mark wins, and when every bot's is the same the match is drawn (none).

    >>> winning_bots(("a", "b", "a", "b"), (1, 3), [-2, 5, -2, 5])
    ('b',)
    >>> winning_bots(("a", "b", "a", "b", "a"), None, [3, -2, 3, -2, -2])
    ('a',)
    >>> winning_bots(("a", "b", "a", "b"), None, [0, 0, 0, 0])
    ()
    """
    marks: dict[str, list[float]] = {}
    for s, name in enumerate(seating):
        marks.setdefault(name, []).append(float(s in won) if won is not None else totals[s])
    mean = {name: sum(v) / len(v) for name, v in marks.items()}
    best = max(mean.values())
    if all(m == best for m in mean.values()):
        return ()
    return tuple(name for name, m in mean.items() if m == best)


def play_match(job: Job, match: int) -> MatchResult:
    """Play match number ``match`` under every arrangement of the job's bots: the same decks, hand
    by hand, in each, the first hand dealt by seat ``match % seats``."""
    game = registry.get_game(job.game, **job.rules)
    players = _Players(game, job)
    dealer = match % game.seats
    limit = hands_per_match(job)
    decks: list[Any] = []
    points: dict[str, list[float]] = {name: [] for name in players.names}
    wins = dict.fromkeys(players.names, 0)
    draws = hands = 0
    records = []
    for a, seating in enumerate(arrangements(game.seats, players.names)):
        log = HandLog(game, dealer=dealer, players=seating)
        rngs = [random.Random(f"{job.seed}:match:{match}:{a}:{s}") for s in range(game.seats)]
        totals = [0.0] * game.seats
        winners: tuple[int, ...] | None = None
        for h in range(limit):
            deck_rng = random.Random(f"{job.seed}:match:{match}:hand:{h}")
            if h == len(decks):
                decks.append(game.deal(game.start(dealer), deck_rng))
            log.deal(deck_rng, decks[h])
            result = players.play_hand(log, seating, rngs)
            hands += 1
            for s, name in enumerate(seating):
                points[name].append(result.score[s])
                totals[s] += result.score[s]
            winners = match_winners(game, log.state, result)
            if winners is not None or h + 1 == limit or log.next_hand() is None:
                break
        won = winning_bots(seating, winners, totals)
        for name in won:
            wins[name] += 1
        draws += not won
        if job.keep_records:
            record = log.record()
            if players.stand_ins:  # as a web table marks a move made for an absent person
                record["hands"][-1]["stand_ins"] = list(players.stand_ins)
            records.append(record)
    means = {name: sum(v) / len(v) for name, v in points.items()}
    return MatchResult(match, means, wins, draws, hands, players.decisions, players.seconds, records)


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence interval (normal approximation over deals or matches)."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        n = len(values)
        mean = sum(values) / n if n else 0.0
        if n < 2:
            return cls(mean, -math.inf, math.inf, n)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        half = 1.959964 * math.sqrt(var / n)
        return cls(mean, mean - half, mean + half, n)


@dataclass
class Summary:
    """A tournament's results: per bot, the mean points per hand with their interval, deals won (or
    matches won, in match mode), decision time; per pair of bots, the mean difference per deal (or
    match) with its interval. ``matches`` holds match mode's counts: ``matches``, ``played`` (each
    match once per arrangement), ``drawn``, ``hands`` played in all and ``hands_per_match``; it is
    empty in deal mode."""

    game: str
    deals: int
    seed: int
    rules: dict[str, Any]
    bots: dict[str, dict[str, Any]] = field(default_factory=dict)
    pairs: dict[str, dict[str, Any]] = field(default_factory=dict)
    matches: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        head: dict[str, Any] = {"game": self.game}
        head |= self.matches if self.matches else {"deals": self.deals}
        return head | {"seed": self.seed, "rules": self.rules, "bots": self.bots, "pairs": self.pairs}


def summarize(job: Job, results: Sequence[Result]) -> Summary:
    """Fold the deals' (or matches') results into a `Summary`."""
    names = labels(job.bots)
    matches = [r for r in results if isinstance(r, MatchResult)]
    summary = Summary(job.game, 0 if job.matches else len(results), job.seed, job.rules)
    if job.matches:
        seats = registry.get_game(job.game, **job.rules).seats
        summary.matches = {
            "matches": len(results),
            "played": len(results) * len(arrangements(seats, names)),
            "drawn": sum(r.draws for r in matches),
            "hands": sum(r.hands for r in matches),
            "hands_per_match": hands_per_match(job),
        }
    for name in names:
        iv = Interval.of([r.points[name] for r in results])
        decisions = sum(r.decisions[name] for r in results)
        secs = sum(r.seconds[name] for r in results)
        row: dict[str, Any] = {"mean": iv.mean, "ci_low": iv.low, "ci_high": iv.high}
        if job.matches:
            row["match_wins"] = sum(r.wins[name] for r in matches)
        else:
            row["deal_wins"] = sum(1 for r in results if all(r.points[name] > r.points[o] for o in names if o != name))
        row |= {"decisions": decisions, "s_per_decision": secs / decisions if decisions else 0.0}
        summary.bots[name] = row
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            iv = Interval.of([r.points[a] - r.points[b] for r in results])
            summary.pairs[f"{a} vs {b}"] = {"mean_diff": iv.mean, "ci_low": iv.low, "ci_high": iv.high}
    return summary


def play_units(job: Job, units: Sequence[int]) -> list[Result]:
    """Play the numbered deals (or matches, in match mode) of a job, in order: one task of a backend."""
    if job.matches:
        return [play_match(job, m) for m in units]
    return [play_deal(job, d) for d in units]


def run(
    job: Job,
    deals: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    *,
    backend: str = "process",
    address: str | None = None,
) -> tuple[Summary, list[Result]]:
    """Play ``deals`` deals (``deals`` matches in match mode) and summarise them, in order.

    The ``process`` backend plays in ``jobs`` worker processes (in this one when ``jobs`` is 1);
    the ``ray`` backend sends the same tasks to a Ray cluster: the one at ``address``, or a local
    instance started for the run. Either way the results are the same.
    """
    if backend not in BACKENDS:
        raise CardtableError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise CardtableError("an address is for the ray backend only")
    results: list[Result] = []
    if backend == "ray":
        from cardtable import sim_ray

        chunks = sim_ray.stream(job, deals, jobs, address, play_units, split)
    else:
        chunks = _stream(job, deals, jobs)
    try:
        for done in chunks:
            results.extend(done)
            if progress is not None:
                progress(len(results), deals)
    except KeyboardInterrupt:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
        results.sort(key=_unit)
        if not results:
            raise
        raise Interrupted(summarize(job, results), results) from None
    results.sort(key=_unit)
    return summarize(job, results), results


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during `run`: the summary and results of the units finished before it (the first
    ones, in order), so that what was played is kept."""

    def __init__(self, summary: Summary, results: list[Result]) -> None:
        super().__init__(f"interrupted after {len(results)}")
        self.summary = summary
        self.results = results


def _unit(result: Result) -> int:
    return result.match if isinstance(result, MatchResult) else result.deal


def split(units: int, workers: int) -> list[list[int]]:
    """The unit numbers in tasks: about four per worker, at most 25 units each.

    >>> split(10, 2)
    [[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]]
    >>> list(map(len, split(100, 1)))
    [25, 25, 25, 25]
    """
    size = max(1, min(25, units // (4 * max(workers, 1)) or 1))
    return [list(range(i, min(i + size, units))) for i in range(0, units, size)]


def _stream(job: Job, deals: int, jobs: int) -> Iterator[list[Result]]:
    chunks = split(deals, jobs)
    if jobs <= 1:
        for chunk in chunks:
            yield play_units(job, chunk)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(play_units, job, chunk) for chunk in chunks]
        for fut in futures:
            yield fut.result()
    finally:
        # On Ctrl-C (or any early stop) drop the tasks not yet started instead of playing them.
        pool.shutdown(wait=True, cancel_futures=True)


def print_summary(summary: Summary, out: Any = None) -> None:
    """The summary as a small table, on ``out`` (standard output by default, as it is at the call)."""
    out = sys.stdout if out is None else out
    m = summary.matches
    if m:
        print(
            f"{summary.game}: {m['matches']} matches ({m['played']} played over the arrangements, "
            f"{m['drawn']} drawn; {m['hands']} hands, at most {m['hands_per_match']} a match), seed {summary.seed}",
            file=out,
        )
    else:
        print(f"{summary.game}: {summary.deals} deals, seed {summary.seed}", file=out)
    won, heading = ("match_wins", "matches won") if m else ("deal_wins", "deals won")
    alone = len(summary.bots) == 1  # one bot in every seat: it has nobody to beat
    print(f"{'bot':<16}{'points/hand':>12}{'95% CI':>22}{heading:>13}{'s/decision':>12}", file=out)
    for name, row in summary.bots.items():
        ci = f"[{row['ci_low']:+.3f}, {row['ci_high']:+.3f}]"
        wins = "-" if alone else row[won]
        print(f"{name:<16}{row['mean']:>12.3f}{ci:>22}{wins:>13}{row['s_per_decision']:>12.6f}", file=out)
    if alone:
        print("One bot in every seat: nothing is won against another bot (name two or more to compare).", file=out)
    over = " (interval over matches)" if m else ""
    for pair, row in summary.pairs.items():
        print(
            f"{pair}: {row['mean_diff']:+.3f} per hand, 95% CI [{row['ci_low']:+.3f}, {row['ci_high']:+.3f}]{over}",
            file=out,
        )


def job_for(
    game_name: str,
    rules: dict[str, Any],
    bots: Sequence[str],
    seed: int,
    *,
    matches: bool = False,
    hands: int | None = None,
) -> Job:
    """A checked job: the game, its options and every bot are built once here, so a bad name fails
    at once in this process with one clear error. ``matches`` plays whole matches, of at most
    ``hands`` hands (default `hands_per_match`)."""
    game = registry.get_game(game_name, **rules)
    if len(bots) > game.seats:
        raise CardtableError(f"{game_name} seats {game.seats}: name at most {game.seats} bots")
    if hands is not None and (not matches or hands < 1):
        raise CardtableError("hands per match: a number of at least 1, in match mode only")
    for name in bots:
        make_bot(game, name)
    return Job(game_name, rules_json(game.rules), tuple(bots), seed, matches=matches, hands_per_match=hands)


def records_lines(results: Sequence[Result]) -> Iterator[str]:
    """Every hand's record as a JSON line, in deal order; in match mode one line per match and
    arrangement, holding every hand of the match."""
    for r in results:
        for rec in r.records:
            yield json.dumps(rec)
