"""Duplicate-deal tournaments between bots.

Every deal is played once per seating arrangement: the line-up of bots (``A B A B`` for two bots at
a four-seat table) rotated through the seats, so each bot holds every seat and team with the same
cards and the luck of the deal cancels out. Each deal is a hand from the start of a match with
dealer ``deal % seats``; a deal's cards come from ``(seed, deal)`` alone, and every bot decision
from ``(seed, deal, arrangement, seat)``, so a tournament reproduces exactly from its seed whatever
the number of worker processes.

Statistics are per deal, since the hands of one deal are not independent: for each deal, a bot's
score is the mean of the points of the seats it held over all arrangements, and its mean and 95%
confidence interval are taken over deals.
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
from cardtable.core import rules_json
from cardtable.record import HandLog


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
class Job:
    """What a worker needs to play deals: all plain data, so it pickles to another process."""

    game: str
    rules: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    keep_records: bool = True


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


def play_deal(job: Job, deal: int) -> DealResult:
    """Play deal number ``deal`` under every arrangement of the job's bots."""
    game = registry.get_game(job.game, **job.rules)
    names = labels(job.bots)
    bots = {label: make_bot(game, spec) for label, spec in zip(names, job.bots, strict=True)}
    deck_rng = random.Random(f"{job.seed}:deal:{deal}")
    dealer = deal % game.seats
    deck = game.deal(game.start(dealer), deck_rng)
    totals: dict[str, list[float]] = {name: [] for name in bots}
    decisions = dict.fromkeys(bots, 0)
    seconds = dict.fromkeys(bots, 0.0)
    records = []
    for a, seating in enumerate(arrangements(game.seats, names)):
        log = HandLog(game, dealer=dealer, players=seating)
        state = log.deal(deck_rng, deck)
        rngs = [random.Random(f"{job.seed}:{deal}:{a}:{s}") for s in range(game.seats)]
        while (seat := game.actor(state)) is not None:
            name = seating[seat]
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            t0 = time.perf_counter()
            action = bots[name].act(view, legal, rngs[seat])
            seconds[name] += time.perf_counter() - t0
            decisions[name] += 1
            state = log.act(action)
        result = game.outcome(state)
        assert result is not None
        for s, name in enumerate(seating):
            totals[name].append(result.score[s])
        if job.keep_records:
            records.append(log.record())
    points = {name: sum(v) / len(v) for name, v in totals.items()}
    return DealResult(deal, points, decisions, seconds, records)


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence interval (normal approximation over deals)."""

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
    """A tournament's results: per bot, the mean points per hand with their interval, deals won,
    decision time; per pair of bots, the mean difference per deal with its interval."""

    game: str
    deals: int
    seed: int
    rules: dict[str, Any]
    bots: dict[str, dict[str, Any]] = field(default_factory=dict)
    pairs: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "deals": self.deals,
            "seed": self.seed,
            "rules": self.rules,
            "bots": self.bots,
            "pairs": self.pairs,
        }


def summarize(job: Job, results: Sequence[DealResult]) -> Summary:
    """Fold the deals' results into a `Summary`."""
    names = labels(job.bots)
    summary = Summary(job.game, len(results), job.seed, job.rules)
    for name in names:
        iv = Interval.of([r.points[name] for r in results])
        decisions = sum(r.decisions[name] for r in results)
        secs = sum(r.seconds[name] for r in results)
        wins = sum(1 for r in results if all(r.points[name] > r.points[o] for o in names if o != name))
        summary.bots[name] = {
            "mean": iv.mean,
            "ci_low": iv.low,
            "ci_high": iv.high,
            "deal_wins": wins,
            "decisions": decisions,
            "s_per_decision": secs / decisions if decisions else 0.0,
        }
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            iv = Interval.of([r.points[a] - r.points[b] for r in results])
            summary.pairs[f"{a} vs {b}"] = {"mean_diff": iv.mean, "ci_low": iv.low, "ci_high": iv.high}
    return summary


def _chunk(job: Job, deals: Sequence[int]) -> list[DealResult]:
    return [play_deal(job, d) for d in deals]


def run(
    job: Job,
    deals: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Summary, list[DealResult]]:
    """Play ``deals`` deals (in ``jobs`` worker processes) and summarise them, in deal order."""
    results: list[DealResult] = []
    for done in _stream(job, deals, jobs):
        results.extend(done)
        if progress is not None:
            progress(len(results), deals)
    results.sort(key=lambda r: r.deal)
    return summarize(job, results), results


def _stream(job: Job, deals: int, jobs: int) -> Iterator[list[DealResult]]:
    size = max(1, min(25, deals // (4 * max(jobs, 1)) or 1))
    chunks = [list(range(i, min(i + size, deals))) for i in range(0, deals, size)]
    if jobs <= 1:
        for chunk in chunks:
            yield _chunk(job, chunk)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_chunk, job, chunk) for chunk in chunks]
        for fut in futures:
            yield fut.result()


def print_summary(summary: Summary, out: Any = sys.stdout) -> None:
    """The summary as a small table."""
    print(f"{summary.game}: {summary.deals} deals, seed {summary.seed}", file=out)
    print(f"{'bot':<16}{'points/hand':>12}{'95% CI':>22}{'deals won':>11}{'s/decision':>12}", file=out)
    for name, row in summary.bots.items():
        ci = f"[{row['ci_low']:+.3f}, {row['ci_high']:+.3f}]"
        print(
            f"{name:<16}{row['mean']:>12.3f}{ci:>22}{row['deal_wins']:>11}{row['s_per_decision']:>12.6f}",
            file=out,
        )
    for pair, row in summary.pairs.items():
        print(
            f"{pair}: {row['mean_diff']:+.3f} per hand, 95% CI [{row['ci_low']:+.3f}, {row['ci_high']:+.3f}]",
            file=out,
        )


def job_for(game_name: str, rules: dict[str, Any], bots: Sequence[str], seed: int) -> Job:
    """A checked job: the game, its options and every bot are built once here, so a bad name fails
    at once in this process with one clear error."""
    game = registry.get_game(game_name, **rules)
    for name in bots:
        make_bot(game, name)
    return Job(game_name, rules_json(game.rules), tuple(bots), seed)


def records_lines(results: Sequence[DealResult]) -> Iterator[str]:
    """Every hand's record as a JSON line, in deal order."""
    for r in results:
        for rec in r.records:
            yield json.dumps(rec)
