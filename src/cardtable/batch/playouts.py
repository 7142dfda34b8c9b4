"""Many hands played out at once: worlds × first actions as rows of a game's batched engine.

A search tries each of its candidate actions in each of the worlds it sampled and plays every
hand out with a playout policy. `Playouts` does all of those hands in one batch: it loads every
world once per action into the rows of the game's batch tables (`protocol.Loadable.load`), gives
each row its first action, then steps every row with the policy over arrays until every hand is
over, and returns each seat's score of each hand and the actions each took after the first.

    >>> from cardtable import registry
    >>> from cardtable.bots import rule_bot
    >>> game = registry.get_game("smear")
    >>> runner = Playouts.make(game, rule_bot(game))
    >>> import random
    >>> state = game.apply(game.start(0), game.deal(game.start(0), random.Random(3)))
    >>> scores, steps = runner.run([state], game.legal_actions(state))
    >>> scores.shape == (1, len(game.legal_actions(state)), 4)
    True

Where the game's tables also have ``play_out(bot)`` (the policy and the steps fused in one
kernel, row by row), the hands after the first actions are played by it in one call.

It names no game: `make` finds the game's batch through the registry and uses it only when its
tables have the `protocol.Loadable` capability, take the rules and have an array policy for the
bot (one that chooses as the bot does); else it gives ``None`` and the caller plays out another
way. Without numba the kernels would run as plain Python, far slower than a game's one-table fast
layer, so `make` then gives ``None`` too unless asked with ``compiled=False``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable import registry
from cardtable.batch.jit import NUMBA
from cardtable.batch.protocol import FACTS, GOING, LOAD_WORLDS, SCORED, Loadable
from cardtable.core import BadRules

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


class Playouts:
    """Plays hands out on a game's batch with a policy over arrays (see the module docstring).

    Made by `make`. The tables grow to the most rows a call has needed and are reused; rows
    past a call's own are idle (no seat to act), so they cost next to nothing. The tables are one
    object's: a call waits for another thread's to end (`run` and `ends` together hold a lock,
    `lock`, which the caller takes around the pair)."""

    def __init__(self, part: Any, rules: Any, bot: Any) -> None:
        self._part = part
        self._rules = rules
        self._bot = bot
        self._tables: Any = None
        self._choose: Callable[[Ints], None] | None = None
        self._size = 0
        #: Held around a `run` and the `ends` of its hands, so that two threads sharing one search
        #: bot never play on the same rows at once.
        self.lock = threading.Lock()
        #: Whether the last `run` cut a hand short (its ends are then not final states).
        self.last_cut = False
        self._grow(16)
        #: The seats at a table.
        self.seats: int = part.BATCH.seats

    @classmethod
    def make(cls, game: Any, bot: Any, compiled: bool = True) -> Playouts | None:
        """Playouts of ``game`` (an engine game with its rules) with ``bot`` as the policy, or
        ``None`` when the game's batch cannot play them: no batch, no `Loadable` tables, rules it
        refuses, no array policy for ``bot``, or (with ``compiled``) no numba."""
        if compiled and not NUMBA:
            return None
        try:
            part = registry.part(game.name, "batch")
        except BadRules:
            return None
        if part is None:
            return None
        try:
            tables = part.BATCH(game.rules, 1)
        except BadRules:
            return None
        if not isinstance(tables, Loadable) or _chooser(tables, bot) is None:
            return None
        return cls(part, game.rules, bot)

    def _grow(self, n: int) -> None:
        size = max(n, 2 * self._size)
        self._tables = self._part.BATCH(self._rules, size)
        self._choose = _chooser(self._tables, self._bot)
        #: Whether hands are cut short at their first seat's next decision and scored by the
        #: policy's value (a policy with one: `values` and `only`, as a learned policy has).
        self.cut = all(callable(getattr(self._choose, f, None)) for f in ("values", "only"))
        fused = getattr(self._tables, "play_out", None)
        self._fused: Callable[[int, Any], None] | None = fused(self._bot) if callable(fused) else None
        self._size = size

    def covers(self, view: Any) -> bool:
        """Whether the policy over arrays plays every decision from the position ``view`` shows
        (`protocol.Loadable.covers`); where it does not, `run` cannot play the hands out."""
        return bool(self._tables.covers(view))

    def ends(self, states: Sequence[Any], actions: Sequence[Any]) -> list[Any]:
        """The engine states at the ends of the hands of the last `run` (called with these
        ``states`` and ``actions``), world-major: world ``w``, action ``a`` at ``w * A + a``."""
        if self.last_cut:
            raise RuntimeError("the last playouts were cut short by a value: their hands have no ends")
        n = len(states) * len(actions)
        loaded = [s for s in states for _ in range(len(actions))]
        ends: list[Any] = self._tables.final_states(np.arange(n, dtype=np.int64), loaded)
        return ends

    def facts(self, states: Sequence[Any], actions: Sequence[Any], seat: int) -> Sequence[Mapping[str, float]] | None:
        """The analysis's facts for ``seat`` of the hands of the last `run` (called with these
        ``states`` and ``actions``), world-major as `ends`, read off the rows at once where the
        game's tables can (`protocol.FACTS`); ``None`` where they cannot (then read `ends`)."""
        if self.last_cut:
            raise RuntimeError("the last playouts were cut short by a value: their hands have no ends")
        read = getattr(self._tables, FACTS, None)
        if not callable(read):
            return None
        out: Sequence[Mapping[str, float]] = read(np.arange(len(states) * len(actions), dtype=np.int64), seat)
        return out

    def run(self, states: Sequence[Any], actions: Sequence[Any]) -> tuple[Floats, Ints]:
        """Every action of ``actions`` taken in every state of ``states`` (engine states, the seat
        to act the same in all), each hand then played out by the policy: ``(scores, steps)``,
        ``scores[w, a]`` each seat's score of the hand (float64 (W, A, seats)) and ``steps[w, a]``
        the actions taken after the first (int64 (W, A)). Rows are world-major: world ``w``'s
        hands are rows ``w * A`` to ``w * A + A - 1``."""
        W, A = len(states), len(actions)
        n = W * A
        self.last_cut = False
        if n > self._size:
            self._grow(n)
        tables = self._tables
        choose = self._choose
        assert choose is not None
        rows = np.arange(n, dtype=np.int64)
        load_worlds = getattr(tables, LOAD_WORLDS, None)
        if not (callable(load_worlds) and load_worlds(rows, states, A)):
            tables.load(rows, [s for s in states for _ in range(A)])
        first = tables.to_act()[:n].copy()  # the seat whose actions these are
        size = self._size
        active = np.zeros(size, np.bool_)
        errors = np.zeros(size, np.bool_)
        ended = np.zeros(size, np.int8)
        rewards = np.zeros((size, self.seats), np.float32)
        scores = np.zeros((size, self.seats), np.float64)
        tokens = np.full(size, -1, np.int64)
        spelled = [tables.tokens(a) for a in actions]
        longest = max((len(t) for t in spelled), default=0)
        for k in range(longest):  # the first actions, token by token
            active[:] = False
            for a, toks in enumerate(spelled):
                if k < len(toks):
                    tokens[a:n:A] = toks[k]
                    active[a:n:A] = True
            self._step(tokens, active, errors, ended, rewards, scores)
        live = rows
        if self.cut:
            return self._run_cut(n, W, A, first, tokens, active, errors, ended, rewards, scores)
        if self._fused is not None:  # the game's policy and steps in one kernel
            played = np.zeros((n, self.seats), np.float32)
            self._fused(n, played)
            scores[:n] += played  # a hand's scores are in one of the two: its first action or the rest
        while True:
            to_act = tables.to_act()[:n]
            if not (to_act >= 0).any():
                break
            choose(tokens)
            active[:n] = to_act >= 0
            active[n:] = False
            self._step(tokens, active, errors, ended, rewards, scores)
        steps = tables.actions_taken(live) - 1
        return scores[:n].reshape(W, A, self.seats), steps.reshape(W, A)

    def _run_cut(
        self,
        n: int,
        W: int,
        A: int,
        first: Ints,
        tokens: Ints,
        active: Any,
        errors: Any,
        ended: Any,
        rewards: Any,
        scores: Floats,
    ) -> tuple[Floats, Ints]:
        """The rest of `run` for a policy with a value: each hand is played until its first seat
        is to act again (or it ends), and then scored by the value from every seat's observation
        there, the value of that seat's observation (its side's expected lead) given as its score,
        scaled so that a hand cut short weighs as one played out does (the search takes the seat's
        score less the others' mean)."""
        policy = self._choose
        cut = np.zeros(n, np.bool_)
        # a seat's score less the others' mean, where its side holds half the seats and leads by
        # the value: the value times seats / (2 (seats - 1)) (two thirds at four seats)
        share = self.seats / (2 * (self.seats - 1))
        while True:
            to_act = self._tables.to_act()[:n]
            stop = np.flatnonzero((to_act == first) & (to_act >= 0) & ~cut)
            if stop.size:
                value = policy.values(stop, first[stop])  # type: ignore[union-attr]
                scores[stop] = 0.0
                scores[stop, first[stop]] = value * share
                cut[stop] = True
            going = np.flatnonzero((to_act >= 0) & ~cut)
            if going.size == 0:
                break
            tokens[:] = -1
            policy.only(tokens, going)  # type: ignore[union-attr]
            active[:] = False
            active[going] = True
            self._step(tokens, active, errors, ended, rewards, scores)
        self.last_cut = bool(cut.any())
        steps = self._tables.actions_taken(np.arange(n, dtype=np.int64)) - 1
        return scores[:n].reshape(W, A, self.seats), steps.reshape(W, A)

    def _step(self, tokens: Ints, active: Any, errors: Any, ended: Any, rewards: Any, scores: Floats) -> None:
        errors[:] = False
        ended[:] = GOING
        self._tables.apply(tokens, active, errors, ended, rewards)
        if errors.any():
            raise RuntimeError(f"batch playouts: a token refused at row {int(np.flatnonzero(errors)[0])}")
        done = ended == SCORED
        if done.any():
            scores[done] = rewards[done]


def _chooser(tables: Any, bot: Any) -> Callable[[Ints], None] | None:
    """The game's own array policy for ``bot`` (`protocol.Loadable.policy`), or the one ``bot``
    makes itself over any game's tables (``bot.over_arrays(tables)``: a learned policy reads the
    tables' observations and masks), or ``None``."""
    choose: Callable[[Ints], None] | None = tables.policy(bot)
    if choose is None and callable(getattr(bot, "over_arrays", None)):
        choose = bot.over_arrays(tables)
    return choose


__all__ = ["Playouts"]
