"""The search bot: determinized Monte Carlo over worlds sampled from a seat's view.

For each decision the bot samples full states (worlds) that agree with everything the seat has
seen, by the game's ``sample(view, rng)``, which knows only the view. In each world it tries every
legal action and plays the hand out with a playout policy (the game's rule-based bot when there is
one), and it keeps, per action, the hand's value to the seat: its points minus the mean of the
other seats' points (proportional to the margin over the opponents in every one of the three
games). All actions are tried in the same worlds, so their differences are measured with common
random numbers. The budget is spread by sequential halving (the weaker half of the actions is
dropped after each round), and the best mean among the most-measured actions wins;
`SearchBot.hints` gives every action's mean with its standard error.

Levels set the budget (playouts per decision); a time limit can stop earlier. A seeded ``rng``
makes the choice deterministic.
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
        self.policy: Bot = policy if policy is not None else RandomBot(game)
        self.time_limit = time_limit

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        hints = self.hints(view, legal, rng)
        most = max(h.playouts for h in hints)
        return max((h for h in hints if h.playouts == most), key=lambda h: h.value).action

    def hints(self, view: Any, legal: Sequence[Any], rng: random.Random) -> list[Hint]:
        """Every legal action with its estimated value and uncertainty, in the order of ``legal``.

        The budget is spent by sequential halving: each round samples fresh worlds, plays every
        action still in the running in each of them, and keeps the better half, so the last
        actions standing are measured most precisely. With a time limit, search stops after the
        round in which the limit passed.
        """
        game = self.game
        seat = view.seat
        n = len(legal)
        sums = [0.0] * n
        squares = [0.0] * n
        counts = [0] * n
        deadline = time.perf_counter() + self.time_limit if self.time_limit is not None else math.inf
        remaining = list(range(n))
        rounds = max(1, math.ceil(math.log2(n))) if n > 1 else 1
        per_round = self.budget / rounds
        for _ in range(rounds):
            for _ in range(max(2, int(per_round // len(remaining)))):
                world = game.sample(view, rng)
                for i in remaining:
                    value = self._playout(game.apply(world, legal[i]), seat, rng)
                    sums[i] += value
                    squares[i] += value * value
                    counts[i] += 1
            if len(remaining) <= 2 or time.perf_counter() > deadline:
                break
            remaining.sort(key=lambda i: -sums[i] / counts[i])
            remaining = remaining[: max(2, (len(remaining) + 1) // 2)]
        out = []
        for i, action in enumerate(legal):
            k = counts[i]
            mean = sums[i] / k
            var = max(0.0, squares[i] / k - mean * mean) * k / (k - 1) if k > 1 else math.inf
            out.append(Hint(action, mean, math.sqrt(var / k) if k > 1 else math.inf, k))
        return out

    def _playout(self, state: Any, seat: int, rng: random.Random) -> float:
        game = self.game
        policy = self.policy
        while (actor := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else policy.act(game.observe(state, actor), legal, rng)
            state = game.apply(state, action)
        result = game.outcome(state)
        assert result is not None
        return hand_value(result.score, seat)
