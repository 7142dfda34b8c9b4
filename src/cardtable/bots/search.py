"""The search bot: determinized Monte Carlo over worlds sampled from a seat's view.

For each decision the bot samples full states (worlds) that agree with everything the seat has
seen, by the game's ``sample(view, rng)``, which knows only the view. In each world it tries every
legal action and plays the hand out with a playout policy (the game's rule-based bot when there is
one), and it keeps, per action, the hand's value to the seat: its points minus the mean of the
other seats' points (proportional to the margin over the opponents in every one of the three
games). All actions are tried in the same worlds, so their differences are measured with common
random numbers. The budget is spread by sequential halving (the weaker half of the actions is
dropped after each round), and the best mean among the most-measured actions wins, unless the
playout policy chose otherwise and the best beats the policy's choice by less than about one
standard error of their difference (`choose`): the search then trusts the policy, so that a small,
noisy budget does not make it play worse than the policy alone. `SearchBot.hints` gives every
action's mean with its standard error.

Levels set the budget: at most so many playouts per decision, and at most so many simulated moves
(the moves of all playouts together, `MOVES`), so that a decision early in a hand, whose playouts
are long, costs about as much as a late one. Both budgets count work, not time, so a seeded ``rng``
makes the choice deterministic; an optional time limit can stop earlier.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.bots.base import Bot, RandomBot
from cardtable.core import BadRules

#: Playouts per decision at each level.
LEVELS: dict[str, int] = {"easy": 40, "medium": 160, "hard": 480}

#: Simulated moves per decision at each level, per game (a move costs each game a different time:
#: these keep the strongest level near 0.2 s per decision on one core).
MOVES: dict[str, dict[str, int]] = {
    "seep": {"easy": 250, "medium": 750, "hard": 2000},
    "smear": {"easy": 500, "medium": 1600, "hard": 4000},
    "sheepshead": {"easy": 550, "medium": 1650, "hard": 4400},
}
#: The move budgets of a game not in `MOVES`.
DEFAULT_MOVES: dict[str, int] = {"easy": 500, "medium": 1500, "hard": 4000}


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


#: How many standard errors of the paired difference an action must beat the policy's own choice
#: by to be played instead, and the fewest common worlds that difference needs.
SWITCH_Z = 1.0
SWITCH_WORLDS = 4


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (infinite with fewer than two values)."""
    k = len(values)
    mean = sum(values) / k
    if k < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (k - 1)
    return mean, math.sqrt(var / k)


def choose(values: Sequence[Sequence[float]], default: int | None) -> int:
    """The action to play: the best mean among the most-measured actions, unless that is not the
    policy's ``default`` choice and beats it by less than `SWITCH_Z` standard errors of their
    difference over the worlds both were played in (then ``default``)."""
    most = max(len(v) for v in values)
    best = max((i for i, v in enumerate(values) if len(v) == most), key=lambda i: sum(values[i]) / most)
    if default is None or best == default:
        return best
    k = min(len(values[best]), len(values[default]))
    if k < SWITCH_WORLDS:
        return default
    diff, stderr = mean_and_stderr([a - b for a, b in zip(values[best][:k], values[default][:k], strict=True)])
    return best if diff > SWITCH_Z * stderr else default


class SearchBot:
    """Determinized Monte Carlo search over sampled worlds (see the module docstring)."""

    def __init__(
        self,
        game: Any,
        level: str = "medium",
        policy: Bot | None = None,
        time_limit: float | None = None,
    ) -> None:
        if level not in LEVELS:
            raise BadRules(f"unknown search level {level!r} (known: {', '.join(LEVELS)})")
        if not hasattr(game, "sample"):
            raise BadRules(f"the search bot needs {game.name}'s sample(view, rng), which it lacks")
        self.game = game
        self.level = level
        self.name = f"search:{level}"
        self.budget = LEVELS[level]
        self.moves = MOVES.get(game.name, DEFAULT_MOVES)[level]
        self.policy: Bot = policy if policy is not None else RandomBot(game)
        self.time_limit = time_limit

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        default = self._default(view, legal, rng)
        values = self._search(view, legal, rng, default)
        return legal[choose(values, default)]

    def hints(self, view: Any, legal: Sequence[Any], rng: random.Random) -> list[Hint]:
        """Every legal action with its estimated value and uncertainty, in the order of ``legal``."""
        values = self._search(view, legal, rng, self._default(view, legal, rng))
        out = []
        for action, v in zip(legal, values, strict=True):
            mean, stderr = mean_and_stderr(v)
            out.append(Hint(action, mean, stderr, len(v)))
        return out

    def _default(self, view: Any, legal: Sequence[Any], rng: random.Random) -> int | None:
        """The index of the playout policy's own choice, which the search keeps unless it finds a
        clearly better one; ``None`` when the policy is random play (no choice worth keeping)."""
        if isinstance(self.policy, RandomBot) or len(legal) < 2:
            return None
        return legal.index(self.policy.act(view, legal, random.Random(rng.random())))

    def _search(self, view: Any, legal: Sequence[Any], rng: random.Random, default: int | None) -> list[list[float]]:
        """Each action's playout values, world by world: action ``i``'s ``k``-th value was played
        in the same world as every other action's ``k``-th value.

        The budget is spent by sequential halving: each round samples fresh worlds, plays every
        action still in the running in each of them, and keeps the better half (and the policy's
        own choice), so the last actions standing are measured most precisely. The search stops
        when the playouts or the simulated moves of the level are spent (after a world, so every
        action in the running has been played in the same worlds), and with a time limit after
        the round in which the limit passed.
        """
        game = self.game
        seat = view.seat
        n = len(legal)
        values: list[list[float]] = [[] for _ in range(n)]
        deadline = time.perf_counter() + self.time_limit if self.time_limit is not None else math.inf
        remaining = list(range(n))
        rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
        per_round = self.budget / rounds
        moves_left = self.moves
        for _ in range(rounds):
            for _ in range(max(2, int(per_round // len(remaining)))):
                world = game.sample(view, rng)
                for i in remaining:
                    value, steps = self._playout(game.apply(world, legal[i]), seat, rng)
                    moves_left -= steps
                    values[i].append(value)
                if moves_left <= 0 and len(values[remaining[0]]) >= 2:
                    break
            if len(remaining) <= 2 or moves_left <= 0 or time.perf_counter() > deadline:
                break
            remaining.sort(key=lambda i: -sum(values[i]) / len(values[i]))
            kept = remaining[: max(2, (len(remaining) + 1) // 2)]
            if default is not None and default not in kept:
                kept.append(default)
            remaining = kept
        return values

    def _playout(self, state: Any, seat: int, rng: random.Random) -> tuple[float, int]:
        """The hand played out from ``state``: its value to ``seat`` and the moves it took."""
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
        return hand_value(result.score, seat), steps
