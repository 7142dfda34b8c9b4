"""Duplicate-deal tournaments between bots.

Every deal is played once per seating arrangement: the line-up of bots (``A B A B`` for two bots at
a four-seat table) rotated through the seats, so each bot holds every seat and team with the same
cards and the luck of the deal cancels out. Each deal is a hand from the start of a match with
dealer ``deal % seats``; a deal's cards come from ``(seed, deal)`` alone, and every bot decision
from ``(seed, deal, arrangement, seat)``, so a tournament reproduces exactly from its seed whatever
the number of worker processes, and whichever backend runs it.

Every seat of every arrangement has a bot of its own, kept from deal to deal: a bot is never
told two seats' cards of one deal, nor the same deal twice (a bot in another program, which may
remember what it was told, runs a process of its own for each). A move that a stand-in made for a
bot (a program that answered late, wrongly or not at all: `cardtable.bots.report`) is marked in
the hand's record (``stand_ins``), counted for the bot in the summary, and a bot stood in for at
most of its decisions gets no result (`MOSTLY`).

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
import multiprocessing.util
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.bots.external import close_bots
from cardtable.bots.listen import listeners, tell_action, tell_hand
from cardtable.bots.report import stand_in_of, thought_of
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

#: A bot stood in for at more than this share of its decisions gets no result.
MOSTLY = 0.5


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
    counts and times; the records of the hands; and the moves stand-ins made for it, by kind of
    failure (`cardtable.bots.report.KINDS`)."""

    deal: int
    points: dict[str, float]
    decisions: dict[str, int]
    seconds: dict[str, float]
    records: list[dict[str, Any]]
    stand_ins: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchResult:
    """One match played under every arrangement: per bot, the mean points per hand of its seats
    and the matches it won (one count per arrangement); the drawn matches; the hands played in
    all; decision counts and times; one record per arrangement, every hand of the match; and the
    moves stand-ins made for each bot, by kind of failure."""

    match: int
    points: dict[str, float]
    wins: dict[str, int]
    draws: int
    hands: int
    decisions: dict[str, int]
    seconds: dict[str, float]
    records: list[dict[str, Any]]
    stand_ins: dict[str, dict[str, int]] = field(default_factory=dict)


#: What one unit of a tournament gives: a deal, or a match in match mode.
Result = DealResult | MatchResult


@dataclass(frozen=True)
class Job:
    """What a worker needs to play deals or matches: all plain data, so it pickles to another
    process. ``hands_per_match`` (match mode) is the game's default from `hands_per_match` when
    ``None``. ``names``: the bots' names in summaries and records, one per bot (`job_for` names a
    program by its short name); by default their `labels`."""

    game: str
    rules: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    keep_records: bool = True
    matches: bool = False
    hands_per_match: int | None = None
    names: tuple[str, ...] | None = None


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


def names_of(job: Job) -> list[str]:
    """The bots' names in the job's summaries and records: ``job.names``, else their `labels`."""
    return list(job.names) if job.names is not None else labels(job.bots)


class Tally:
    """What the bots did in one unit (a deal, or a match), by name: decisions, seconds spent,
    and the moves stand-ins made for them, by kind of failure."""

    def __init__(self, names: Sequence[str]) -> None:
        self.decisions = dict.fromkeys(names, 0)
        self.seconds = dict.fromkeys(names, 0.0)
        self.stand_ins: dict[str, dict[str, int]] = {name: {} for name in names}


class _Players:
    """The bots of one tournament in this process: a bot of its own for every seat of every
    arrangement (see the module's docstring), built once and kept for every unit played here."""

    def __init__(self, game: Any, job: Job) -> None:
        self.game = game
        self.names = names_of(job)
        specs = dict(zip(self.names, job.bots, strict=True))
        self.rows = arrangements(game.seats, self.names)
        self.bots: dict[tuple[int, int], Any] = {}
        try:
            for a, row in enumerate(self.rows):
                for seat, name in enumerate(row):
                    self.bots[(a, seat)] = make_bot(game, specs[name])
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """End the bots' programs, if any."""
        close_bots(self.bots.values())

    def play_hand(
        self, log: HandLog, a: int, rngs: Sequence[random.Random], tally: Tally
    ) -> tuple[HandResult, dict[str, Any]]:
        """Play the dealt hand in ``log`` to its end under arrangement ``a``; its outcome, and
        the hand's marks for its record: the actions stand-ins made (``stand_ins``) and what
        the bots weighed (``info``), where there are any."""
        game = log.game
        state = log.state
        seating = self.rows[a]
        seats = {seat: self.bots[(a, seat)] for seat in range(game.seats)}
        marks: dict[str, Any] = {}
        listening = listeners(seats)
        tell_hand(game, state, listening)
        while (seat := game.actor(state)) is not None:
            name = seating[seat]
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            bot = seats[seat]
            t0 = time.perf_counter()
            action = bot.act(view, legal, rngs[seat])
            tally.seconds[name] += time.perf_counter() - t0
            tally.decisions[name] += 1
            why = stand_in_of(bot)
            if why is not None:
                counts = tally.stand_ins[name]
                counts[why.kind] = counts.get(why.kind, 0) + 1
                marks.setdefault("stand_ins", []).append(len(log.actions))
            thought = thought_of(bot)
            if thought is not None:
                marks.setdefault("info", []).append({"action": len(log.actions), **thought.to_json()})
            before, state = state, log.act(action)
            tell_action(game, before, action, state, listening)
        result: HandResult | None = game.outcome(state)
        assert result is not None
        return result, marks


#: The players of the last job played in this process (a worker keeps them from unit to unit).
_HELD: tuple[Job, _Players] | None = None


def players_for(job: Job) -> _Players:
    """The bots of ``job`` in this process: those of the job played last if it is the same job,
    else new ones (the earlier job's are ended)."""
    global _HELD
    if _HELD is not None and _HELD[0] == job:
        return _HELD[1]
    release()
    players = _Players(registry.get_game(job.game, **job.rules), job)
    _HELD = (job, players)
    return players


def release() -> None:
    """End the bots this process holds (`players_for`)."""
    global _HELD
    held, _HELD = _HELD, None
    if held is not None:
        held[1].close()


def _marked(record: dict[str, Any], marks: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``record`` with each hand's marks (`_Players.play_hand`) added to that hand."""
    for hand, extra in zip(record["hands"], marks, strict=False):
        hand.update(extra)
    return record


def play_deal(job: Job, deal: int) -> DealResult:
    """Play deal number ``deal`` under every arrangement of the job's bots."""
    players = players_for(job)
    game = players.game
    tally = Tally(players.names)
    deck_rng = random.Random(f"{job.seed}:deal:{deal}")
    dealer = deal % game.seats
    deck = game.deal(game.start(dealer), deck_rng)
    totals: dict[str, list[float]] = {name: [] for name in players.names}
    records = []
    for a, seating in enumerate(players.rows):
        log = HandLog(game, dealer=dealer, players=seating)
        log.deal(deck_rng, deck)
        rngs = [random.Random(f"{job.seed}:{deal}:{a}:{s}") for s in range(game.seats)]
        result, marks = players.play_hand(log, a, rngs, tally)
        for s, name in enumerate(seating):
            totals[name].append(result.score[s])
        if job.keep_records:
            records.append(_marked(log.record(), [marks]))
    points = {name: sum(v) / len(v) for name, v in totals.items()}
    return DealResult(deal, points, tally.decisions, tally.seconds, records, tally.stand_ins)


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
    players = players_for(job)
    game = players.game
    tally = Tally(players.names)
    dealer = match % game.seats
    limit = hands_per_match(job)
    decks: list[Any] = []
    points: dict[str, list[float]] = {name: [] for name in players.names}
    wins = dict.fromkeys(players.names, 0)
    draws = hands = 0
    records = []
    for a, seating in enumerate(players.rows):
        log = HandLog(game, dealer=dealer, players=seating)
        rngs = [random.Random(f"{job.seed}:match:{match}:{a}:{s}") for s in range(game.seats)]
        totals = [0.0] * game.seats
        winners: tuple[int, ...] | None = None
        marks = []
        for h in range(limit):
            deck_rng = random.Random(f"{job.seed}:match:{match}:hand:{h}")
            if h == len(decks):
                decks.append(game.deal(game.start(dealer), deck_rng))
            log.deal(deck_rng, decks[h])
            result, marked = players.play_hand(log, a, rngs, tally)
            marks.append(marked)
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
            records.append(_marked(log.record(), marks))
    means = {name: sum(v) / len(v) for name, v in points.items()}
    return MatchResult(match, means, wins, draws, hands, tally.decisions, tally.seconds, records, tally.stand_ins)


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
    matches won, in match mode), decision time, the moves stand-ins made for it (``stand_ins``,
    and by kind of failure) and the name it was given (``bot``); per pair of bots, the mean
    difference per deal (or match) with its interval. A bot stood in for at most of its
    decisions (`MOSTLY`) has no result: its mean, its interval and its pairs' are ``None``, and
    ``withheld`` says why. ``matches`` holds match mode's counts: ``matches``, ``played`` (each
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

    def withheld(self) -> list[str]:
        """The bots that have no result (`MOSTLY`)."""
        return [name for name, row in self.bots.items() if row.get("withheld")]


def summarize(job: Job, results: Sequence[Result]) -> Summary:
    """Fold the deals' (or matches') results into a `Summary`."""
    names = names_of(job)
    specs = dict(zip(names, job.bots, strict=True))
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
    withheld = set()
    for name in names:
        iv = Interval.of([r.points[name] for r in results])
        decisions = sum(r.decisions[name] for r in results)
        secs = sum(r.seconds[name] for r in results)
        kinds: dict[str, int] = {}
        for r in results:
            for kind, n in r.stand_ins.get(name, {}).items():
                kinds[kind] = kinds.get(kind, 0) + n
        stood = sum(kinds.values())
        row: dict[str, Any] = {"bot": specs[name], "mean": iv.mean, "ci_low": iv.low, "ci_high": iv.high}
        if job.matches:
            row["match_wins"] = sum(r.wins[name] for r in matches)
        else:
            row["deal_wins"] = sum(1 for r in results if all(r.points[name] > r.points[o] for o in names if o != name))
        row |= {"decisions": decisions, "s_per_decision": secs / decisions if decisions else 0.0}
        row |= {"stand_ins": stood, "stand_in_kinds": dict(sorted(kinds.items()))}
        if decisions and stood > MOSTLY * decisions:
            withheld.add(name)
            row |= {"mean": None, "ci_low": None, "ci_high": None}
            row["withheld"] = f"a stand-in made {stood} of its {decisions} moves"
        summary.bots[name] = row
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            iv = Interval.of([r.points[a] - r.points[b] for r in results])
            pair: dict[str, Any] = {"mean_diff": iv.mean, "ci_low": iv.low, "ci_high": iv.high}
            if {a, b} & withheld:
                pair = {"mean_diff": None, "ci_low": None, "ci_high": None, "withheld": True}
            summary.pairs[f"{a} vs {b}"] = pair
    return summary


def play_units(job: Job, units: Sequence[int]) -> list[Result]:
    """Play the numbered deals (or matches, in match mode) of a job, in order: one task of a backend."""
    return [play_unit(job, u) for u in units]


def play_unit(job: Job, unit: int) -> Result:
    """Play deal (or match, in match mode) number ``unit`` of a job."""
    return play_match(job, unit) if job.matches else play_deal(job, unit)


#: How a backend plays a job's units: ``stream(job, units, jobs, done)`` plays units ``0 …
#: units - 1`` and calls ``done`` with each result as soon as it is finished (in any order); on
#: Ctrl-C it hands over every result finished by then before it lets `KeyboardInterrupt` on.
Stream = Callable[[Job, int, int, Callable[[Result], None]], None]


def run(
    job: Job,
    deals: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    *,
    stream: Stream | None = None,
) -> tuple[Summary, list[Result]]:
    """Play ``deals`` deals (``deals`` matches in match mode) and summarise them, in order.

    ``stream`` plays them (`Stream`): by default worker processes on this machine (this process
    when ``jobs`` is 1); `cardtable.sim_ray` sends the same units to a Ray cluster. Either way the
    results are the same. ``progress(done, total)`` is called as each unit finishes. Ctrl-C
    raises `Interrupted` with every unit finished before it (plain `KeyboardInterrupt` when none
    was)."""
    results: list[Result] = []

    def done(result: Result) -> None:
        results.append(result)
        if progress is not None:
            progress(len(results), deals)

    try:
        (stream or local)(job, deals, jobs, done)
    except KeyboardInterrupt:
        results.sort(key=_unit)
        if not results:
            raise
        raise Interrupted(summarize(job, results), results) from None
    results.sort(key=_unit)
    return summarize(job, results), results


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during `run`: the summary and results of every unit finished before it, in order,
    so that what was played is kept."""

    def __init__(self, summary: Summary, results: list[Result]) -> None:
        super().__init__(f"interrupted after {len(results)}")
        self.summary = summary
        self.results = results


def _unit(result: Result) -> int:
    return result.match if isinstance(result, MatchResult) else result.deal


def local(job: Job, units: int, jobs: int, done: Callable[[Result], None]) -> None:
    """The process backend (`Stream`): in this process when ``jobs`` is 1, else in ``jobs``
    worker processes, one unit a task, each worker keeping its bots from unit to unit."""
    if jobs <= 1:
        try:
            for unit in range(units):
                done(play_unit(job, unit))
        finally:
            release()
        return
    with Workers(jobs) as workers:
        workers.stream(job, units, jobs, done)


class Workers:
    """Worker processes kept for several `run` calls (``stream=workers.stream``), so that a
    command playing several jobs one after another (`cardtable ratings calibrate`: one duplicate
    tournament for each order of its bots) starts its workers, and loads their bots and compiled
    kernels, once rather than once a job. Used as a context manager: the workers end with it."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        # Workers start from a fresh server process, not a fork of this one: a fork of a process
        # holding other threads (a Ray client, a web server's) may inherit a lock held mid-call.
        self._pool = ProcessPoolExecutor(
            max_workers=jobs, mp_context=multiprocessing.get_context("forkserver"), initializer=_worker_started
        )

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        # On Ctrl-C (or any early stop) drop the tasks not yet started instead of playing them.
        self._pool.shutdown(wait=True, cancel_futures=True)

    def stream(self, job: Job, units: int, jobs: int, done: Callable[[Result], None]) -> None:
        """The `Stream` of these workers (``jobs`` is theirs, whatever is asked)."""
        pool = self._pool
        live: set[Future[Result]] = set()  # submitted and not yet handed over: a few per worker at a time
        unit = 0
        try:
            with _CtrlC() as ctrl_c:
                while unit < units or live:
                    if ctrl_c.pressed:
                        raise KeyboardInterrupt
                    while unit < units and len(live) < 4 * self.jobs:
                        live.add(pool.submit(play_unit, job, unit))
                        unit += 1
                    finished, _ = wait(live, timeout=0.2, return_when=FIRST_COMPLETED)
                    for fut in sorted(finished, key=id):
                        result = fut.result()
                        live.discard(fut)
                        done(result)
        except KeyboardInterrupt:
            # Every unit finished before Ctrl-C is kept, whichever order they finished in.
            for fut in list(live):
                if fut.done() and not fut.cancelled() and fut.exception() is None:
                    live.discard(fut)
                    done(fut.result())
            raise
        finally:
            for fut in live:  # the tasks not yet started are not played
                fut.cancel()


class _CtrlC:
    """Ctrl-C noted while the pool's futures are waited on, and acted on between waits: a
    KeyboardInterrupt raised where the signal falls can leave a future's lock held (inside
    `concurrent.futures.wait`), and the pool's shutdown then waits on it for ever. Only the main
    thread can take the signal; elsewhere nothing changes."""

    def __init__(self) -> None:
        self.pressed = False
        self._old: Any = None
        self._installed = False

    def __enter__(self) -> _CtrlC:
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._note)
            self._installed = True
        return self

    def _note(self, _signum: int, _frame: object) -> None:
        self.pressed = True

    def __exit__(self, *_exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._old if self._old is not None else signal.default_int_handler)


def _worker_started() -> None:
    """In a worker process: end its bots' programs when it exits (atexit does not run there), and
    leave Ctrl-C (sent to the whole process group) to the parent, which stops the pool between
    units and keeps what they played."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    multiprocessing.util.Finalize(None, release, exitpriority=10)


def _count(n: int, one: str, many: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {one if n == 1 else many}"


def _interval(low: float | None, high: float | None) -> str:
    """A 95% interval as printed: ``[-0.120, +0.340]``, or why there is none."""
    if low is None or high is None:
        return "-"
    if not (math.isfinite(low) and math.isfinite(high)):
        return "none (one unit)"
    return f"[{low:+.3f}, {high:+.3f}]"


def stand_in_words(row: dict[str, Any]) -> str:
    """A bot's stand-ins in words, by kind: ``112 (it answered late ×110, its program had ended ×2)``."""
    from cardtable.bots.report import KINDS

    kinds = row.get("stand_in_kinds") or {}
    parts = ", ".join(f"{KINDS.get(k, k)} ×{n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
    return f"{row.get('stand_ins', 0)}" + (f" ({parts})" if parts else "")


def print_summary(summary: Summary, out: Any = None) -> None:
    """The summary as a small table, on ``out`` (standard output by default, as it is at the call)."""
    out = sys.stdout if out is None else out
    m = summary.matches
    if m:
        print(
            f"{summary.game}: {_count(m['matches'], 'match', 'matches')} "
            f"({m['played']} played over the arrangements, {m['drawn']} drawn; {_count(m['hands'], 'hand', 'hands')}, "
            f"at most {m['hands_per_match']} a match), seed {summary.seed}",
            file=out,
        )
    else:
        print(f"{summary.game}: {_count(summary.deals, 'deal', 'deals')}, seed {summary.seed}", file=out)
    won, heading = ("match_wins", "matches won") if m else ("deal_wins", "deals won")
    alone = len(summary.bots) == 1  # one bot in every seat: it has nobody to beat
    width = max(16, *(len(name) + 2 for name in summary.bots))
    stood = any(row.get("stand_ins") for row in summary.bots.values())
    extra = f"{'stand-ins':>11}" if stood else ""
    print(f"{'bot':<{width}}{'points/hand':>12}{'95% CI':>22}{heading:>13}{'s/decision':>12}{extra}", file=out)
    for name, row in summary.bots.items():
        wins = "-" if alone else row[won]
        mean = "-" if row["mean"] is None else f"{row['mean']:.3f}"
        count = f"{row.get('stand_ins', 0):>11}" if stood else ""
        ci = _interval(row["ci_low"], row["ci_high"])
        print(f"{name:<{width}}{mean:>12}{ci:>22}{wins:>13}{row['s_per_decision']:>12.6f}{count}", file=out)
    if alone:
        print("One bot in every seat: nothing is won against another bot (name two or more to compare).", file=out)
    for name, row in summary.bots.items():
        if row.get("withheld"):
            print(
                f"No result for {name}: {row['withheld']} ({stand_in_words(row).partition(' ')[2].strip('()')}); "
                "its points are the stand-in's, not its own.",
                file=out,
            )
        elif row.get("stand_ins"):
            print(f"{name}: a stand-in made {stand_in_words(row)} of its {row['decisions']} moves.", file=out)
    over = " (interval over matches)" if m else ""
    for pair, row in summary.pairs.items():
        if row.get("withheld"):
            continue
        ci = _interval(row["ci_low"], row["ci_high"])
        print(f"{pair}: {row['mean_diff']:+.3f} per hand, 95% CI {ci}{over}", file=out)
    named = {name: row["bot"] for name, row in summary.bots.items() if row.get("bot") not in (None, name)}
    for name, spec in named.items():
        print(f"{name}: {spec}", file=out)


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
    at once in this process with one clear error (a program is started, greeted and ended). Each
    bot is named by its short name (a program: the name it gives, `short_name`). ``matches``
    plays whole matches, of at most ``hands`` hands (default `hands_per_match`)."""
    game = registry.get_game(game_name, **rules)
    if len(bots) > game.seats:
        raise CardtableError(f"{game_name} seats {game.seats}: name at most {game.seats} bots")
    if hands is not None and (not matches or hands < 1):
        raise CardtableError("hands per match: a number of at least 1, in match mode only")
    shorts = []
    for name in bots:
        bot = make_bot(game, name)
        title = getattr(bot, "title", None)
        shorts.append(title if isinstance(title, str) and title else name)
        close_bots([bot])
    names = labels(shorts)
    return Job(
        game_name,
        rules_json(game.rules),
        tuple(bots),
        seed,
        matches=matches,
        hands_per_match=hands,
        names=None if names == labels(bots) else tuple(names),
    )


def records_lines(results: Sequence[Result]) -> Iterator[str]:
    """Every hand's record as a JSON line, in deal order; in match mode one line per match and
    arrangement, holding every hand of the match."""
    for r in results:
        for rec in r.records:
            yield json.dumps(rec)
