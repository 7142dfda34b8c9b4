"""What a game gives the batched engine: the ``batch`` part of its package.

`cardtable.batch.Batch` names no game. It finds a game's batch as the module ``batch`` of the
game's package (`cardtable.registry.part`), whose ``BATCH`` is a class built as
``BATCH(rules, n)`` (the engine's rules object of the game, and the number of tables) that refuses
a rule set it cannot play with `cardtable.core.BadRules` naming the option, and whose objects have
what `GameTables` lists. Everything else (the rows' random generators, who deals an episode's
first hand, redeals, truncation, automatic reset, checking the caller's arrays, the records'
envelope, the Gymnasium environment) is generic and lives in `cardtable.batch` and `cardtable.rl`.

The game's tables keep one row per table in arrays of their own and are stepped by kernels
compiled with `cardtable.batch.jit`; they deal from the generators of `cardtable.batch.mt`, so each
row deals what ``game.deal(state, random.Random(seed))`` deals. Their tokens and observations must
be the game's RL tokens and encoding (`cardtable.rl`), byte for byte: the replay test harness
(tests/batch/harness.py) holds every registered game that has a batch to its checked engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]

#: ``ended`` codes written by `GameTables.apply`: the hand goes on, was scored (the episode ends,
#: ``rewards`` hold its scores), or ended without a score (a pass-out, a misdeal: the rules deal
#: again inside the episode, as the RL environments do).
GOING: Final = 0
SCORED: Final = 1
UNSCORED: Final = 2


class GameTables(Protocol):
    """A game's ``n`` tables as arrays (the object ``BATCH(rules, n)`` of its ``batch`` part)."""

    #: Seats at a table.
    seats: int
    #: The token names, the game's RL vocabulary in order: ``action_names[t]`` is token ``t``.
    action_names: tuple[str, ...]
    #: The length of an observation (the game's RL observation vector).
    obs_size: int

    def to_act(self) -> Ints:
        """The seat to act at each row, -1 where the hand is over."""
        ...

    def legal_mask(self, out: Bools) -> None:
        """Write ``out[row]`` whole (whatever it held): ``out[row, t]`` for each token the seat to act
        may give, False for every other (a row with no seat to act all False). Each row is
        cleared just before it is written, while it is in the cache: an array filled with zeros
        first would be written twice."""
        ...

    def observe(self, seats: Ints, out: Bytes) -> None:
        """Write ``out[row]`` whole (whatever it held): the observation of seat ``seats[row]``,
        zeros at -1 (as `legal_mask`, each row cleared just before it is written)."""
        ...

    def apply(self, actions: Ints, active: Bools, errors: Bools, ended: Bytes, rewards: Floats) -> None:
        """Give ``actions[row]`` at each active row with a seat to act. A token that seat may not give
        sets ``errors[row]`` and changes nothing; a hand that ends sets ``ended[row]`` (`SCORED` or
        `UNSCORED`) and, when scored, ``rewards[row]`` (each seat's score for the hand). Every row
        logs its hand's actions for `hand_logs`."""
        ...

    def deal(self, rows: Ints, dealers: Ints, mt: Ints, pos: Ints, keep_scores: bool) -> None:
        """Deal a new hand at each of ``rows`` with dealer ``dealers[k]``, the deck drawn from the
        row's generator (`cardtable.batch.mt`) exactly as the engine's ``deal`` draws it; the match
        state is kept (a redeal inside an episode) or set to the start of a match. A hand that
        ends at its deal (a Seep misdeal) leaves its row with no seat to act (`to_act` -1): the
        batch keeps its record (`hand_logs`) and deals it again (`next_dealers`)."""
        ...

    def next_dealers(self, rows: Ints) -> Ints:
        """The dealer the rules choose after each of ``rows``' hands ended without a score."""
        ...

    def snapshot(self, rows: Ints) -> Any:
        """A copy of ``rows``' tables as they are (for `observe_snapshot`)."""
        ...

    def observe_snapshot(self, snapshot: Any, seats: Ints, out: Bytes) -> None:
        """`observe` on a `snapshot`'s tables."""
        ...

    def hand_logs(self, rows: Ints) -> tuple[Any, ...]:
        """A copy of what ``rows``' hands (just ended) need for their records: numpy arrays, each
        with one row per hand (so the oldest hands can be dropped by slicing)."""
        ...

    def hand_records(self, logs: tuple[Any, ...]) -> list[tuple[dict[str, Any] | None, dict[str, Any]]]:
        """Each hand of `hand_logs` as (the record §5 match state before it, ``None`` for the
        start of a match; the record §2 hand: ``dealer``, ``deal``, ``actions``)."""
        ...


@runtime_checkable
class Loadable(Protocol):
    """An optional capability of a game's tables: positions loaded into rows and played out there
    (`cardtable.batch.playouts`, the search's playouts). Generic code asks for it by its members
    (``isinstance(tables, Loadable)``), never by the game's name.

    A loaded row is an ordinary table in the middle of its hand: `GameTables.apply` steps it and
    ends it as any other; only its records are not kept (nothing before the load was logged)."""

    def load(self, rows: Ints, states: Sequence[Any]) -> None:
        """Set each of ``rows`` to the engine state ``states[k]``: any state after the deal (a
        world sampled for a search, in the middle of a hand)."""
        ...

    def tokens(self, action: Any) -> tuple[int, ...]:
        """The tokens that spell one of the engine's actions (several for a Smear discard, a
        Sheepshead bury)."""
        ...

    def covers(self, view: Any) -> bool:
        """Whether `policy` plays every decision of a hand from the position a seat's ``view``
        shows on (a game may write only some of its bot's decisions over arrays, say the trick
        play alone); where it does not, the hand is played out another way."""
        ...

    def policy(self, bot: Any) -> Callable[[Ints], None] | None:
        """``choose(out)``, which writes into ``out[row]`` the token ``bot`` would give at each row
        (-1 where no seat acts), choosing exactly as ``bot`` does from the same position; ``None``
        when the game has no such policy for ``bot`` (its choices use random numbers, or it is
        not one the game knows). A bot that only breaks near-ties with random numbers may have a
        policy that draws them from each row's own stream: the bot's choices for those numbers."""
        ...

    def final_states(self, rows: Ints, states: Sequence[Any]) -> list[Any]:
        """The engine state at the end of each of ``rows``' hands (played out), the row loaded from
        ``states[k]``: what a reader of the hand's end (the analysis) is shown."""
        ...

    def actions_taken(self, rows: Ints) -> Ints:
        """The engine actions taken at each of ``rows`` since it was loaded (the tokens of one
        action counted once)."""
        ...


#: An optional member of a `Loadable` game's tables, asked for by name (``getattr``):
#: ``facts(rows, seat)``, the analysis's facts (the game's ``analysis.facts``: what a playout led
#: to for ``seat``'s side) of each of ``rows``' hands, over, read off the rows at once
#: (`cardtable.batch.facts.FactRows`) with the same numbers ``analysis.facts`` reads from each
#: hand's end; for a game whose facts need only the end, not the view the seat decided from.
FACTS: Final = "facts"
#: Another, ``load_worlds(rows, worlds, times)``: `Loadable.load` of each of ``worlds`` (a sequence
#: of engine states) ``times`` times over, world ``w`` at ``rows[w * times]`` on, from what a
#: sampler that drew them at once kept of them (arrays), without making their states; False,
#: with nothing loaded, for worlds it cannot read so (then `Loadable.load` loads them).
LOAD_WORLDS: Final = "load_worlds"
#: Another, ``move_values(bot, rows, most)``: what each move of the seat to act at each of ``rows``
#: leads to when ``bot`` plays every seat after it from the position as it truly lies (each move
#: played out to the hand's end): ``(counts, heads, values)``, the moves valued at each row (0
#: where it is not at the start of a move with a choice among at most ``most``), their head tokens
#: (-1 past the count) and the acting side's points less the other side's; ``None`` for a bot it
#: has no policy for. The learned policy's rollout stage (`cardtable.learned.train`) learns from it.
MOVE_VALUES: Final = "move_values"
