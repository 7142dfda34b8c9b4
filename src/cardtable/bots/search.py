"""The search bot: determinized Monte Carlo over worlds sampled from a seat's view.

For each decision the bot samples full states (worlds) that agree with everything the seat has
seen, by the game's ``sample(view, rng)``, which knows only the view. In each world it tries every
legal action and plays the hand out with a playout policy (the game's rule-based bot when there is
one), and it keeps, per action, the hand's value to the seat: its points minus the mean of the
other seats' points (proportional to the margin over the opponents in every one of the three
games). All actions are tried in the same worlds, so their differences are measured with common
random numbers. The budget is spread by sequential halving: it is split evenly between rounds,
and the weaker half of the actions is dropped after each round, so the last ones standing are
measured most precisely. The last round is a duel between the playout policy's own choice and its
best rival so far, on fresh worlds: the rival is played only if it beats the policy's choice there
by more than about one standard error of their difference (`choose`; a search spending a time
limit, whose duel has many more worlds, plays whichever has the better mean there). The search
thus trusts the policy unless the evidence is clear, so that a small, noisy budget does not make
it play worse than the policy alone, and the fresh worlds keep the luckiest of several equal
actions from passing for a better one. When a decision has more than `CANDIDATES` actions (a
Sheepshead bury, a Smear discard) and the policy can rank them (`base.Ranker`), only the policy's
first few are searched. `SearchBot.hints` gives every action's mean with its standard error.

Levels set the budget: at most so many playouts per decision, and at most so many simulated moves
(the moves of all playouts together, each sampled world counted as the moves it costs to draw),
so that a decision early in a hand, whose playouts are long, costs about as much as a late one.
Each game's package sets the moves per level, the cost of a world and how many times its budgets
a level spends where not once (`SearchSettings`, read by `search_settings`): the search names no
game.

Both budgets count work, not time, so a seeded ``rng`` makes the choice deterministic. A time
limit per move is spent whole: the work budget then no longer applies, each
round gets an even share of the time left, and worlds are played until the round's share has
passed. The search asks the game's sampler for worlds weighed by the other seats' plays as well
as the auction (``sample(view, rng, infer=True)``) where the game's settings say so.
``classic=True`` is the earlier search, kept to compare against: worlds weighed by the auction
only, every level on its budgets unscaled, and a time limit that only stops it after the round
in which the limit passed.

The playouts run on the game's fast layer (``cardtable.games.<game>.fast``, see `FastLayer`) when
it has one that takes the sampled world and a fast policy that chooses as the playout policy does;
else on the checked public API. The worlds then come from the game's fast sampler where it has one
(``cardtable.games.<game>.fastsample``, see `fast_sampler`), which draws the checked sampler's
worlds from the same random numbers. Both ways draw the same random numbers and reach the same
outcomes, so the search's choices do not depend on which one ran: the fast layer only makes them
sooner.

Where the game's batched engine can play the playouts (`batch_playouts`: its tables load sampled
worlds and have a version over arrays of the playout policy, and numba compiles the kernels), a
round's worlds are drawn in chunks and each chunk's hands, every world with every action still in
the running, are played out at once (`cardtable.batch.playouts`); the rounds take the same worlds
in the same order and the generator is left as the one-table search leaves it, so the values and
the choices are the same again (`SearchBot._search_batched`). A policy over arrays whose bot breaks
ties with random numbers draws them from each row's own stream (the batch cannot draw the search's
``rng`` in the one-table order): its playouts then choose as the bot does for those numbers, and
the values and choices are the same in law rather than draw for draw.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable import registry
from cardtable.bots.base import Bot, RandomBot, Ranker
from cardtable.bots.facade import DEFAULT_MOVES as DEFAULT_MOVES  # re-exported: the default budgets
from cardtable.bots.facade import SearchSettings, for_bots
from cardtable.core import BadRules

#: Playouts per decision at each level.
LEVELS: dict[str, int] = {"easy": 40, "medium": 160, "hard": 640}


@functools.cache
def search_settings(name: str) -> SearchSettings:
    """The search settings of the game called ``name``: its package's ``SEARCH_SETTINGS`` (in its
    ``bots`` module, found through the registry), else the defaults."""
    try:
        module = registry.part(name, "bots")
    except BadRules:  # not a registered game
        return SearchSettings()
    settings = getattr(module, "SEARCH_SETTINGS", None)
    return settings if isinstance(settings, SearchSettings) else SearchSettings()


class PerGame(Mapping[str, Any]):
    """One of the settings of every registered game, by game name, read from its package's
    `SearchSettings` when asked (so importing the search imports no game)."""

    def __init__(self, read: Callable[[SearchSettings], Any], present: Callable[[SearchSettings], bool]) -> None:
        self._read = read
        self._present = present

    def __getitem__(self, name: str) -> Any:
        from cardtable import registry

        if name not in registry.names():
            raise KeyError(name)
        settings = search_settings(name)
        if not self._present(settings):
            raise KeyError(name)
        return self._read(settings)

    def _names(self) -> list[str]:
        from cardtable import registry

        return [name for name in registry.names() if self._present(search_settings(name))]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())


#: Each game's `SearchSettings.moves`, by name.
MOVES: Mapping[str, Mapping[str, int]] = PerGame(lambda s: s.moves, lambda s: True)
#: How many times its budgets the hard level spends, by game, where not once (`SearchSettings.scale`).
HARD_SCALE: Mapping[str, int] = PerGame(lambda s: s.scale["hard"], lambda s: "hard" in s.scale)
#: How many times their budgets the easy and medium levels spend, by game, where not once.
LEVEL_SCALE: Mapping[str, Mapping[str, int]] = PerGame(
    lambda s: {k: v for k, v in s.scale.items() if k != "hard"}, lambda s: any(k != "hard" for k in s.scale)
)
#: What sampling one world costs, in simulated moves, by game (`SearchSettings.world_moves`).
WORLD_MOVES: Mapping[str, int] = PerGame(lambda s: s.world_moves, lambda s: True)
#: The same for a world weighed by the other seats' plays too, where the game sets it.
INFER_WORLD_MOVES: Mapping[str, int] = PerGame(lambda s: s.infer_world_moves, lambda s: s.infer_world_moves is not None)


@dataclass(frozen=True)
class Hint:
    """One legal action with its estimated value (points per hand, relative to the other seats)
    and the standard error of that estimate."""

    action: Any
    value: float
    stderr: float
    playouts: int


def hand_value(score: Sequence[int], seat: int) -> float:
    """A hand's value to ``seat``: its points minus the mean of the others' points."""
    others = (sum(score) - score[seat]) / (len(score) - 1)
    return score[seat] - others


#: Whether the search asks the game's sampler for worlds weighed by the other seats' plays too
#: (``sample(view, rng, infer=True)``, where the sampler has it), by game, unless told otherwise
#: (`SearchSettings.infer`).
INFER: Mapping[str, bool] = PerGame(lambda s: s.infer, lambda s: s.infer)

#: How many standard errors of the paired difference an action must beat the policy's own choice
#: by to be played instead, and the fewest common worlds that difference needs.
SWITCH_Z = 1.0
SWITCH_WORLDS = 4
#: The same threshold for a search that spends a time limit whole: its final duel is played on
#: many more worlds, so the better mean there decides (measured in Smear at 0.3 s a move against
#: the threshold of one standard error: docs/bots.md).
SPEND_SWITCH_Z = 0.0

#: The most actions a decision is searched among when the playout policy can rank them (a bury of
#: two cards from eight, a discard from the kitty): the policy's first few; the others are
#: unlikely to be best and would starve the budget.
CANDIDATES = 6


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (infinite with fewer than two values)."""
    k = len(values)
    mean = sum(values) / k
    if k < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (k - 1)
    return mean, math.sqrt(var / k)


def choose(values: Sequence[Sequence[float]], default: int | None, start: int = 0, z: float = SWITCH_Z) -> int:
    """The action to play among the most-measured actions (the finalists).

    Without a ``default`` (a random policy), the best mean. Otherwise the policy's ``default`` is
    kept unless its best rival (by the mean over the worlds before ``start``, when the final round
    began there) beats it by more than ``z`` standard errors of their difference over the
    worlds of the final round only (from ``start`` on; at least `SWITCH_WORLDS` of them). Testing
    on worlds that played no part in choosing the rival keeps the test fair: the luckiest of
    several equal actions would otherwise beat the policy's choice far more often than the
    threshold allows.
    """
    most = max(len(v) for v in values)
    finalists = [i for i, v in enumerate(values) if len(v) == most]
    if default is None or default not in finalists:
        return max(finalists, key=lambda i: sum(values[i]) / most)
    rivals = [i for i in finalists if i != default]
    if not rivals:
        return default
    duel = 0 < start < most  # a final round of its own: pick the rival before it, test it in it
    picked = start if duel else most
    rival = max(rivals, key=lambda i: sum(values[i][:picked]) / picked)
    tested = start if duel else 0
    if most - tested < SWITCH_WORLDS:
        return default
    diffs = [a - b for a, b in zip(values[rival][tested:], values[default][tested:], strict=True)]
    diff, stderr = mean_and_stderr(diffs)
    return rival if diff > z * stderr else default


class FastLayer(Protocol):
    """What the search needs of a game's fast layer module (``cardtable.games.<game>.fast``).

    ``from_state(state, rules)`` is a mutable copy of a checked state (``None`` when the layer
    cannot take it), with ``copy()``, ``apply(int)``, ``score()`` (each seat's score, as the
    checked ``outcome`` gives it) and ``to_state()`` (the checked state, for `SearchBot.hints`'s
    ``ends``); ``to_int(action)`` is a checked action's int;
    ``policy_for(bot, rules)`` is a fast policy that chooses as ``bot`` does from the same
    random numbers (``None`` if there is none); ``playout(state, policy, rng)`` plays the hand out
    in place and returns the moves it took, asking the policy only when there is a choice.

    A layer whose states play on an engine with tables of its own (Seep's move lists per floor)
    also has ``new_engine(rules)``; the search then makes one per bot and passes it to
    ``from_state(state, rules, engine)``, so every world of the bot plays on the same tables.
    """

    def from_state(self, state: Any, rules: Any) -> Any: ...

    def to_int(self, action: Any) -> int: ...

    def policy_for(self, bot: Any, rules: Any) -> Any: ...

    def playout(self, state: Any, policy: Any, rng: random.Random) -> int: ...


def fast_layer(game: Any, policy: Bot) -> tuple[FastLayer, Any, Callable[[Any], Any]] | None:
    """The game's fast layer, its fast version of ``policy`` and the function that makes a fast
    state of a sampled world (on an engine of its own when the layer has ``new_engine``), or
    ``None`` when the layer or the policy is missing (the search then plays out through the
    checked public API)."""
    try:
        module = importlib.import_module(f"cardtable.games.{game.name}.fast")
    except ModuleNotFoundError:
        return None
    if not all(callable(getattr(module, f, None)) for f in ("from_state", "to_int", "policy_for", "playout")):
        return None
    layer: FastLayer = module
    rules = game.rules
    fast_policy = layer.policy_for(policy, rules)
    if fast_policy is None:
        return None
    new_engine = getattr(module, "new_engine", None)
    if callable(new_engine):
        engine = new_engine(rules)
        return layer, fast_policy, lambda state: module.from_state(state, rules, engine)
    return layer, fast_policy, lambda state: layer.from_state(state, rules)


#: The worlds of a decision's first chunk of batched playouts (`SearchBot._search_batched`),
#: and the most of any chunk.
FIRST_CHUNK = 16
MAX_CHUNK = 4096


def batch_playouts(game: Any, policy: Bot) -> Any:
    """The game's batched playouts with ``policy`` (`cardtable.batch.playouts.Playouts`), or
    ``None`` where the game's batch cannot play them (no batch, no numba, no numpy, a policy
    without a version over arrays): the search then plays out on the fast layer."""
    try:
        from cardtable.batch.playouts import Playouts
    except ImportError:  # numpy missing: the batch extra is not installed
        return None
    return Playouts.make(game, policy)


def fast_sampler(game: Any) -> Callable[[Any, random.Random, bool], Any] | None:
    """The game's fast sampler (``cardtable.games.<game>.fastsample.sampler(rules)``): called as
    ``sampler(view, rng, infer)``, it returns the fast state of the very world the checked
    ``game.sample(view, rng, infer=infer)`` would, from the same random numbers, only sooner;
    ``None`` when the game has none or it cannot take these rules."""
    try:
        module = importlib.import_module(f"cardtable.games.{game.name}.fastsample")
    except ModuleNotFoundError:
        return None
    make = getattr(module, "sampler", None)
    if not callable(make):
        return None
    sampler: Callable[[Any, random.Random, bool], Any] | None = make(game.rules)
    return sampler


class SearchBot:
    """Determinized Monte Carlo search over sampled worlds (see the module docstring).

    ``fast=False`` keeps the playouts on the checked public API even when the game has a fast
    layer (the same choices, more slowly: for tests and comparisons). ``classic=True`` is the
    earlier search (see the module docstring); ``infer`` asks for worlds weighed by the other
    seats' plays (default: as `INFER` says for the game; never for the classic search)."""

    def __init__(
        self,
        game: Any,
        level: str = "medium",
        policy: Bot | None = None,
        time_limit: float | None = None,
        fast: bool = True,
        classic: bool = False,
        infer: bool | None = None,
        batch: bool = True,
        prior: Bot | None = None,
    ) -> None:
        if level not in LEVELS:
            raise BadRules(f"unknown search level {level!r} (known: {', '.join(LEVELS)})")
        if not hasattr(game, "sample"):
            raise BadRules(f"the search bot needs {game.name}'s sample(view, rng), which it lacks")
        self.game = game = for_bots(game)  # a game of its own: no way to the true state
        self.level = level
        self.classic = classic
        self.name = f"search:classic:{level}" if classic else f"search:{level}"
        settings = search_settings(game.name)
        scale = 1 if classic else settings.scale.get(level, 1)
        self.budget = LEVELS[level] * scale
        self.moves = settings.moves[level] * scale
        self.world_moves = settings.world_moves
        self.policy: Bot = policy if policy is not None else RandomBot(game)
        #: The bot whose choice the search keeps unless it finds a clearly better one, and whose
        #: ranking picks the candidates of a wide decision: the playout policy unless given.
        self.prior: Bot = prior if prior is not None else self.policy
        self.time_limit = time_limit
        self.fast = fast_layer(game, self.policy) if fast else None
        if infer is None:
            infer = not classic and settings.infer
        #: Whether the worlds are weighed by the other seats' plays too (the game's
        #: ``sample(view, rng, infer=True)``), where the game's sampler can.
        self.infer = infer and "infer" in inspect.signature(game.sample).parameters
        if self.infer and settings.infer_world_moves is not None:
            self.world_moves = settings.infer_world_moves
        #: The playouts on the game's batched engine, all the worlds of a round at once, where
        #: the game's batch can play them with a policy choosing as ``self.policy`` does.
        self.batch = batch_playouts(game, self.policy) if fast and batch else None
        #: The game's fast sampler, which draws the checked sampler's worlds as fast states.
        self.fast_sample = fast_sampler(game) if self.fast is not None or self.batch is not None else None
        #: Whether a time limit is spent whole (the new search) rather than only capping the
        #: level's work budget (the classic one).
        self.spend = not classic and time_limit is not None

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        began = time.perf_counter()
        candidates = self._candidates(view, legal)
        default = self._default(view, candidates, rng)
        values, start = self._search(view, candidates, rng, default, began)
        return candidates[choose(values, default, start, SPEND_SWITCH_Z if self.spend else SWITCH_Z)]

    def _candidates(self, view: Any, legal: Sequence[Any]) -> Sequence[Any]:
        """The actions worth searching: all of them, or when there are more than `CANDIDATES`
        and the policy can rank them, its first `CANDIDATES` (its own choice among them)."""
        if len(legal) <= CANDIDATES or not isinstance(self.prior, Ranker):
            return legal
        ranked = self.prior.rank(view, legal)
        return legal if ranked is None else ranked[:CANDIDATES]

    def hints(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        ends: Callable[[int, Any], None] | None = None,
        facts: Callable[[int, Mapping[str, float]], None] | None = None,
    ) -> list[Hint]:
        """Every legal action with its estimated value and uncertainty, in the order of ``legal``.

        ``ends(i, state)``, when given, is shown the checked state at the end of every playout of
        action ``legal[i]``, world by world in the order the values are kept (the analysis reads
        there what a move led to: tricks, points, sweeps). ``facts(i, f)``, given with it, is
        shown in its place the game's analysis facts of each playout for the seat (what its
        ``analysis.facts`` reads from the end), where the playouts run on the batch and its
        tables read them off the rows at once (`cardtable.batch.protocol.FACTS`): no end state is
        built then. The search's choices and values are the same with or without them."""
        values, _ = self._search(view, legal, rng, self._default(view, legal, rng), ends=ends, facts=facts)
        out = []
        for action, v in zip(legal, values, strict=True):
            mean, stderr = mean_and_stderr(v)
            out.append(Hint(action, mean, stderr, len(v)))
        return out

    def _default(self, view: Any, legal: Sequence[Any], rng: random.Random) -> int | None:
        """The index of the playout policy's own choice, which the search keeps unless it finds a
        clearly better one; ``None`` when the policy is random play (no choice worth keeping)."""
        if isinstance(self.prior, RandomBot) or len(legal) < 2:
            return None
        return legal.index(self.prior.act(view, legal, random.Random(rng.random())))

    def _search(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        default: int | None,
        began: float | None = None,
        ends: Callable[[int, Any], None] | None = None,
        facts: Callable[[int, Mapping[str, float]], None] | None = None,
    ) -> tuple[list[list[float]], int]:
        """Each action's playout values, world by world (action ``i``'s ``k``-th value was played
        in the same world as every other action's ``k``-th value), and the index of the first
        world of the last round played.

        The budget is spent by sequential halving: the playouts and the simulated moves of the
        level are split evenly between ``ceil(log2(n))`` rounds; each round samples fresh worlds
        (at least two) and plays every action still in the running in each of them until its
        share is spent, then keeps the better half and the policy's own choice. The last round
        is a duel between the policy's choice and its best rival so far, on fresh worlds (see
        `choose`). A round ends after a world, so every action in the running has been played in
        the same worlds; the search ends early when the budget is spent, and with a time limit
        after the round in which the limit passed.
        """
        if self.batch is not None and self.batch.covers(view):
            return self._search_batched(view, legal, rng, default, began, ends, facts)
        game = self.game
        seat = view.seat
        n = len(legal)
        values: list[list[float]] = [[] for _ in range(n)]
        if began is None:
            began = time.perf_counter()
        deadline = began + self.time_limit if self.time_limit is not None else math.inf
        spend = self.spend
        sample = functools.partial(game.sample, infer=True) if self.infer else game.sample
        remaining = list(range(n))
        rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
        moves_left = float(self.moves)
        playouts_left = float(self.budget)
        start = 0
        fast = self.fast
        fast_sample = self.fast_sample
        infer = self.infer
        ints = [fast[0].to_int(a) for a in legal] if fast is not None else []
        for r in range(rounds):
            start = len(values[remaining[0]])
            round_moves = moves_left / (rounds - r)
            round_playouts = playouts_left / (rounds - r)
            moves = playouts = worlds = 0
            round_end = (now := time.perf_counter()) + (deadline - now) / (rounds - r)
            while worlds < 2 or (
                time.perf_counter() < round_end if spend else moves < round_moves and playouts < round_playouts
            ):
                fast_world = fast_sample(view, rng, infer) if fast_sample is not None else None
                if fast_world is None:  # no fast sampler (or no fast state: before the deal)
                    world = sample(view, rng)
                    fast_world = fast[2](world) if fast is not None else None
                for i in remaining:
                    keep = None if ends is None else functools.partial(ends, i)
                    if fast_world is not None:
                        value, steps = self._fast_playout(fast_world, ints[i], seat, rng, keep)
                    else:
                        value, steps = self._playout(game.apply(world, legal[i]), seat, rng, keep)
                    moves += steps
                    values[i].append(value)
                moves += self.world_moves
                playouts += len(remaining)
                worlds += 1
            moves_left -= moves
            playouts_left -= playouts
            spent = not spend and (moves_left <= 0 or playouts_left <= 0)
            if len(remaining) <= 2 or spent or time.perf_counter() > deadline:
                break
            remaining.sort(key=lambda i: -sum(values[i]) / len(values[i]))
            if default is not None and r == rounds - 2:
                kept = [default, next(i for i in remaining if i != default)]
            else:
                kept = remaining[: max(2, (len(remaining) + 1) // 2)]
                if default is not None and default not in kept:
                    kept.append(default)
            remaining = kept
        return values, start

    def _search_batched(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        default: int | None,
        began: float | None,
        ends: Callable[[int, Any], None] | None = None,
        facts: Callable[[int, Mapping[str, float]], None] | None = None,
    ) -> tuple[list[list[float]], int]:
        """`_search` with every round's playouts on the game's batched engine: the same rounds,
        worlds, values and choices, as many worlds at a time as the round is expected to need.

        The worlds are drawn in chunks, each chunk's hands (every world with every action still
        in the running) played out in one batch. A round on a work budget takes the worlds of its
        chunks one by one, as `_search` plays them, until its share is spent; the generator is
        then put back as it was after the last world taken, so the next round draws the worlds
        `_search` draws. The first chunk of a decision is small (`FIRST_CHUNK`); the next ones
        are sized by the moves the worlds so far took. A search spending a time limit sizes its chunks by
        the time the worlds so far took (at most twice the last chunk) and takes their worlds while
        its round's share of the time lasts, as `_search` does.
        ``ends`` is shown each playout's end, as in `_search` (the rows' hands replayed to their
        ends on the fast layer)."""
        runner = self.batch
        assert runner is not None
        seat = view.seat
        n = len(legal)
        values: list[list[float]] = [[] for _ in range(n)]
        if began is None:
            began = time.perf_counter()
        deadline = began + self.time_limit if self.time_limit is not None else math.inf
        spend = self.spend
        sample = functools.partial(self.game.sample, infer=True) if self.infer else self.game.sample
        fast_sample = self.fast_sample
        #: ``many(view, rng, n, infer, every)``: a chunk's worlds in one call, where the sampler has
        #: it (the generator after each world kept only where a round may end within the chunk)
        many = getattr(fast_sample, "many", None)
        infer = self.infer
        world_moves = self.world_moves
        remaining = list(range(n))
        rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
        moves_left = float(self.moves)
        playouts_left = float(self.budget)
        start = 0
        per_world = 0.0  # the moves of a world (its playouts and its drawing) in the last chunk
        per_second = 0.0  # the worlds drawn and played a second in the last chunk
        last = FIRST_CHUNK  # the last chunk's worlds
        for r in range(rounds):
            start = len(values[remaining[0]])
            round_moves = moves_left / (rounds - r)
            round_playouts = playouts_left / (rounds - r)
            moves = playouts = worlds = 0
            round_end = (now := time.perf_counter()) + (deadline - now) / (rounds - r)
            actions = [legal[i] for i in remaining]
            k = len(remaining)
            going = True
            while going:
                if spend:  # as many as the time left allows at the last chunk's pace, at most twice as many
                    left = round_end - time.perf_counter()
                    chunk = FIRST_CHUNK if per_second <= 0 else min(MAX_CHUNK, 2 * last, int(left * per_second))
                else:
                    chunk = math.ceil((round_playouts - playouts) / k)
                    if per_world <= 0:
                        chunk = min(chunk, FIRST_CHUNK)
                    else:
                        chunk = min(chunk, math.ceil((round_moves - moves) / per_world), MAX_CHUNK)
                chunk = last = max(chunk, 2 - worlds, 1)
                t0 = time.perf_counter()
                drawn = []
                # the generator after each of the chunk's last worlds, and before the chunk: where
                # a round ends before the chunk does, the generator is put back after its last world
                tail = chunk - max(4, chunk // 8)
                before = rng.getstate()
                after: dict[int, Any] = {}
                at_once = many(view, rng, chunk, infer, not spend) if many is not None else None
                if at_once is not None:  # the chunk's worlds in one call, and the generator after each
                    drawn = at_once[0]
                for w in range(chunk if at_once is None else 0):
                    fast_world = fast_sample(view, rng, infer) if fast_sample is not None else None
                    drawn.append(sample(view, rng) if fast_world is None else fast_world.to_state())
                    if not spend and w >= tail:
                        after[w] = rng.getstate()
                with runner.lock:
                    scores, steps = runner.run(drawn, actions)
                    read = runner.facts(drawn, actions, seat) if ends is not None and facts is not None else None
                    finals = runner.ends(drawn, actions) if ends is not None and read is None else []
                mine = scores[:, :, seat]
                value = (mine - (scores.sum(axis=2) - mine) / (runner.seats - 1)).tolist()
                cost = (steps.sum(axis=1) + world_moves).tolist()
                per_world = sum(cost) / chunk
                per_second = chunk / max(time.perf_counter() - t0, 1e-9)
                for w in range(chunk):
                    if spend and worlds >= 2 and time.perf_counter() >= round_end:
                        going = False  # the round's time has passed: the rest of the chunk is not taken
                        break
                    if not spend and worlds >= 2 and not (moves < round_moves and playouts < round_playouts):
                        # as if the worlds not taken were never drawn
                        if at_once is not None:
                            rng.setstate(at_once[1](w - 1) if w > 0 else before)
                        elif w - 1 in after:
                            rng.setstate(after[w - 1])
                        else:
                            rng.setstate(before)
                            for _ in range(w):
                                if fast_sample is None or fast_sample(view, rng, infer) is None:
                                    sample(view, rng)
                        going = False
                        break
                    for j, i in enumerate(remaining):
                        values[i].append(value[w][j])
                        if read is not None:
                            assert facts is not None
                            facts(i, read[w * k + j])
                        elif ends is not None:
                            ends(i, finals[w * k + j])
                    moves += cost[w]
                    playouts += k
                    worlds += 1
                if going:
                    going = worlds < 2 or (
                        time.perf_counter() < round_end if spend else moves < round_moves and playouts < round_playouts
                    )
            moves_left -= moves
            playouts_left -= playouts
            spent = not spend and (moves_left <= 0 or playouts_left <= 0)
            if len(remaining) <= 2 or spent or time.perf_counter() > deadline:
                break
            remaining.sort(key=lambda i: -sum(values[i]) / len(values[i]))
            if default is not None and r == rounds - 2:
                kept = [default, next(i for i in remaining if i != default)]
            else:
                kept = remaining[: max(2, (len(remaining) + 1) // 2)]
                if default is not None and default not in kept:
                    kept.append(default)
            remaining = kept
        return values, start

    def _fast_playout(
        self, world: Any, action: int, seat: int, rng: random.Random, keep: Callable[[Any], None] | None = None
    ) -> tuple[float, int]:
        """`_playout` after ``action`` in a copy of ``world``, on the game's fast layer (``keep``
        is shown the end as a checked state)."""
        assert self.fast is not None
        layer, policy, _ = self.fast
        state = world.copy()
        state.apply(action)
        steps = layer.playout(state, policy, rng)
        if keep is not None:
            keep(state.to_state())
        return hand_value(state.score(), seat), steps

    def _playout(
        self, state: Any, seat: int, rng: random.Random, keep: Callable[[Any], None] | None = None
    ) -> tuple[float, int]:
        """The hand played out from ``state``: its value to ``seat`` and the moves it took
        (``keep`` is shown the state at its end)."""
        game = self.game
        policy = self.policy
        steps = 0
        while (actor := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else policy.act(game.observe(state, actor), legal, rng)
            state = game.apply(state, action)
            steps += 1
        result = game.outcome(state)
        assert result is not None
        if keep is not None:
            keep(state)
        return hand_value(result.score, seat), steps
