"""`Batch`: B tables of one game stepped at once, as arrays.

Each row is one table playing episodes of one hand, exactly as a row of `cardtable.rl.VectorTables`
(the RL environments' `Table` with ``episode="hand"``): its own `random.Random` generator, seeded
``seed * 1_000_003 + row``, deals the hands and draws the dealer of each episode's first hand; a
hand that ends without a score (a Smear pass-out) is dealt again inside the episode, with the dealer
the rules choose, until ``max_redeals`` in a row truncate the episode; a scored hand ends the
episode and pays each seat its score; the table is then dealt a new episode at once (automatic
reset). Tokens, masks, observations and rewards are the RL environments', byte for byte.

>>> import numpy as np
>>> b = Batch("smear", 4, seed=7)
>>> b.to_play.shape, b.legal_mask().shape, b.observe(b.to_play).shape
((4,), (4, 69), (4, 601))
>>> b.action_names[:3]
['pass', 'bid 1', 'bid 2']
>>> rewards, done = b.step(np.zeros(4, np.int64))   # every first bidder passes
>>> rewards.shape, bool(done.any()), bool(b.errors.any())
((4, 4), False, False)
>>> rewards, done = b.step(np.full(4, 68))          # "play KS": not a call, refused row by row
>>> bool(b.errors.all())
True

The game's part of the work (its arrays and kernels) is its package's ``batch`` module
(`cardtable.batch.protocol`); this class is the same for every game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable import registry
from cardtable.batch import mt
from cardtable.batch.protocol import SCORED, UNSCORED, GameTables
from cardtable.core import BadRules, rules_json
from cardtable.record import FORMAT

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]

#: Hands in a row ended without a score before an episode is truncated (as the RL environments).
MAX_REDEALS: Final = 100
#: How the dealer of an episode's first hand is chosen, beside a fixed seat.
DEALER_POLICIES: Final = ("random", "rotate")
#: Finished hands kept for `Batch.finished_records` until it is called (the oldest go first).
KEEP_RECORDS: Final = 100_000
#: The seed of row ``i`` is ``seed * SEED_STRIDE + i`` (`cardtable.rl.VectorTables`' rule).
SEED_STRIDE: Final = 1_000_003


def games() -> list[str]:
    """The registered games whose package has a batched engine (a ``batch`` part)."""
    return [name for name in registry.names() if registry.part(name, "batch") is not None]


def _whole(name: str, value: object, low: int | None) -> int | None:
    """``value`` if it is ``None`` or a whole number at least ``low``; `BadRules` otherwise."""
    if value is None:
        return None
    if not isinstance(value, int | np.integer) or isinstance(value, bool) or (low is not None and value < low):
        raise BadRules(
            f"{name}: expected a whole number{'' if low is None else f' {low} or more'} or None, not {value!r}"
        )
    return int(value)


class Batch:
    """``B`` tables of ``game`` under ``rules`` (a record's ``rules`` object), dealt from ``seed``.

    ``preset`` names a preset whose options come first (``rules`` on top); ``dealer`` deals each
    episode's first hand (``"random"``: drawn from the row's generator, ``"rotate"``: seat 0, 1 …
    episode after episode, or a seat); ``max_redeals`` (hands in a row without a score) and
    ``max_steps`` (tokens in an episode) truncate an episode, ``None`` lifts a bound. With
    ``auto_reset=False`` a finished row keeps its last state and no seat (``to_play`` -1) until
    `reset` deals it again. At most ``keep_records`` finished hands wait for `finished_records`.
    """

    def __init__(
        self,
        game: str,
        B: int,
        rules: Mapping[str, Any] | None = None,
        seed: int | None = 7,
        *,
        preset: str | None = None,
        dealer: int | str = "random",
        max_redeals: int | None = MAX_REDEALS,
        max_steps: int | None = None,
        auto_reset: bool = True,
        keep_records: int = KEEP_RECORDS,
    ) -> None:
        if not isinstance(B, int | np.integer) or isinstance(B, bool) or B < 1:
            raise ValueError(f"B: expected a number of tables 1 or more, not {B!r}")
        if seed is not None and (not isinstance(seed, int | np.integer) or isinstance(seed, bool)):
            raise TypeError(f"seed: expected a whole number or None, not {seed!r}")
        if rules is not None and not isinstance(rules, Mapping):
            raise BadRules("rules: expected an object of rule options (a dict as in records), or None")
        part = registry.part(game, "batch")  # an unknown game is refused here
        if part is None:
            raise BadRules(f"no batched engine for {game!r} (games with one: {', '.join(games()) or 'none'})")
        presets = registry.presets(game)
        if preset is not None and preset not in presets:
            raise BadRules(f"unknown {game} preset {preset!r} (known: {', '.join(sorted(presets))})")
        options = dict(presets[preset]) if preset is not None else {}
        options.update(rules or {})
        self.name = game
        #: The game with these rules, as the checked engine plays it.
        self.game: Any = registry.get_game_from_rules(game, options)
        self.rules: Any = self.game.rules
        self.B = int(B)
        self.tables: GameTables = part.BATCH(self.rules, self.B)
        self.seats: int = self.tables.seats
        self.action_names: list[str] = list(self.tables.action_names)
        self.obs_size: int = self.tables.obs_size
        if dealer not in DEALER_POLICIES and not (
            isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < self.seats
        ):
            raise BadRules(f'dealer: expected a seat 0-{self.seats - 1}, "random" or "rotate", not {dealer!r}')
        self.dealer = dealer
        self.max_redeals = _whole("max_redeals", max_redeals, 1)
        self.max_steps = _whole("max_steps", max_steps, 1)
        self.auto_reset = bool(auto_reset)
        self.keep_records = _whole("keep_records", keep_records, 0) or 0
        #: Which rows the last `step` refused (an out-of-range token or one the rules forbid): those
        #: rows are unchanged.
        self.errors: Bools = np.zeros(self.B, np.bool_)
        #: Which rows' episodes the last `step` cut short (``max_redeals``, ``max_steps``); each is
        #: also ``done``.
        self.truncated: Bools = np.zeros(self.B, np.bool_)
        #: Episodes finished so far, over every row.
        self.episodes = 0
        #: Hands that ended without a score and were dealt again, over every row.
        self.redeals = 0
        #: Finished hands dropped unread because more than ``keep_records`` were waiting.
        self.records_dropped = 0
        self._over: Bools = np.zeros(self.B, np.bool_)
        self._steps: Ints = np.zeros(self.B, np.int64)
        self._unscored: Ints = np.zeros(self.B, np.int64)
        self._started: Ints = np.zeros(self.B, np.int64)  # episodes started at each row
        self._logs: deque[tuple[Ints, tuple[Any, ...]]] = deque()
        self._logged = 0
        self._final_rows: Ints = np.zeros(0, np.int64)
        self._final: Any = None
        self._seed(seed)
        self._new_episodes(np.arange(self.B, dtype=np.int64))

    # ------------------------------------------------------------------ episodes

    def _seed(self, seed: int | None) -> None:
        seeds = [None if seed is None else int(seed) * SEED_STRIDE + i for i in range(self.B)]
        self._mt, self._pos = mt.seeded(seeds)

    def _new_episodes(self, rows: Ints) -> None:
        """Deal each of ``rows`` the first hand of a new episode (the RL `Table.reset`)."""
        if self.dealer == "random":
            dealers = np.zeros(len(rows), np.int64)
            mt.randbelow_rows(self._mt, self._pos, rows, self.seats, dealers)
        elif self.dealer == "rotate":
            dealers = self._started[rows] % self.seats
        else:
            dealers = np.full(len(rows), self.dealer, np.int64)
        self._deal(rows, dealers, False)
        self._started[rows] += 1
        self._steps[rows] = 0
        self._unscored[rows] = 0
        self._over[rows] = False

    def _deal(self, rows: Ints, dealers: Ints, keep_scores: bool) -> None:
        """Deal ``rows`` their next hands. A hand that ends at its deal, before any seat acts (a
        Seep misdeal), has no seat to act: its record is kept and it is dealt again at once, by the
        dealer the rules choose, as the RL tables do."""
        self.tables.deal(rows, dealers, self._mt, self._pos, keep_scores)
        over = rows[self.tables.to_act()[rows] < 0]
        while over.size:
            self._keep(over)
            self.redeals += len(over)
            self.tables.deal(over, self.tables.next_dealers(over), self._mt, self._pos, True)
            over = over[self.tables.to_act()[over] < 0]

    def reset(self, rows: npt.ArrayLike | None = None, seed: int | None = None) -> None:
        """Start new episodes: at ``rows`` (row numbers or a boolean mask; every row by default).
        With ``seed`` every row's generator is seeded again as at the making (rows must then be
        every row); without, the rows deal on from their generators."""
        if seed is not None:
            if rows is not None:
                raise ValueError("reset: give rows or seed, not both (a seed seeds every row)")
            self._seed(seed)
        picked = np.arange(self.B, dtype=np.int64) if rows is None else self._rows(rows)
        self._new_episodes(picked)

    def _rows(self, rows: npt.ArrayLike) -> Ints:
        r = np.asarray(rows)
        if r.dtype == np.bool_:
            if r.shape != (self.B,):
                raise ValueError(f"rows: a boolean mask must have shape ({self.B},), not {r.shape}")
            return np.flatnonzero(r).astype(np.int64)
        if r.dtype.kind not in "iu" or r.ndim != 1:
            raise TypeError(f"rows: expected row numbers (a 1-D int array) or a boolean mask of shape ({self.B},)")
        if r.size and (r.min() < 0 or r.max() >= self.B):
            raise ValueError(f"rows: row numbers run from 0 to {self.B - 1}")
        return r.astype(np.int64)

    # ------------------------------------------------------------------ what each row sees

    @property
    def to_play(self) -> Ints:
        """The seat to act at each row (int array (B,)); -1 where no seat acts now."""
        seats = self.tables.to_act()
        return np.where(self._over, -1, seats) if self._over.any() else seats.copy()

    def legal_mask(self) -> Bools:
        """``mask[row, t]``: token ``t`` is legal for the seat to act at ``row`` (bool (B, tokens))."""
        out = np.empty((self.B, len(self.action_names)), np.bool_)  # the kernel writes each row whole
        self.tables.legal_mask(out)
        if self._over.any():
            out[self._over] = False
        return out

    def observe(self, seats: npt.ArrayLike) -> Bytes:
        """Each row's observation for the seat given in that row (int8 (B, obs_size)): the RL
        environments' vector for that seat, exactly. ``seats`` is an int array (B,) of seats, -1
        for none (a row of zeros), or one seat for every row."""
        s = self._seats(seats, self.B, "seats")
        out = np.empty((self.B, self.obs_size), np.int8)  # the kernel writes each row whole
        self.tables.observe(s, out)
        return out

    def _seats(self, seats: npt.ArrayLike, n: int, what: str) -> Ints:
        s = np.asarray(seats)
        if s.dtype.kind not in "iu" or s.dtype == np.bool_:
            raise TypeError(f"{what}: expected seat numbers (an int array of shape ({n},)), not {s.dtype}")
        if s.ndim == 0:
            s = np.full(n, int(s), np.int64)
        if s.shape != (n,):
            raise ValueError(f"{what}: expected shape ({n},), not {s.shape}")
        if s.size and (s.min() < -1 or s.max() >= self.seats):
            raise ValueError(f"{what}: seats run from 0 to {self.seats - 1} (-1 for none)")
        return s.astype(np.int64)

    # ------------------------------------------------------------------ acting

    def step(self, actions: npt.ArrayLike, active: npt.ArrayLike | None = None) -> tuple[Floats, Bools]:
        """One token per row (int array (B,)); rows with ``to_play == -1`` ignore theirs, and so do
        rows where the boolean mask ``active`` is False. Returns ``(rewards, done)``: ``done[row]``
        when the row's episode ended at this step (a scored hand, or truncated), and
        ``rewards[row]`` (float32 (B, seats)) then each seat's score for the hand (zeros for a
        truncated episode). Ended rows are dealt a new episode at once (unless ``auto_reset`` is
        off). A token out of range or illegal for its row is refused: `errors` marks the row,
        which is left unchanged."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu" or a.dtype == np.bool_:
            raise TypeError(f"actions: expected token numbers (an int array of shape ({self.B},)), not {a.dtype}")
        if a.shape != (self.B,):
            raise ValueError(f"actions: expected shape ({self.B},), not {a.shape}")
        a = a.astype(np.int64)
        act = ~self._over & (self.tables.to_act() >= 0)
        if active is not None:
            m = np.asarray(active)
            if m.dtype != np.bool_:
                raise TypeError(f"active: expected a boolean mask of shape ({self.B},), not {m.dtype}")
            if m.shape != (self.B,):
                raise ValueError(f"active: expected shape ({self.B},), not {m.shape}")
            act &= m
        errors = np.zeros(self.B, np.bool_)
        ended = np.zeros(self.B, np.int8)
        rewards = np.zeros((self.B, self.seats), np.float32)
        self.tables.apply(a, act, errors, ended, rewards)
        self.errors = errors
        stepped = act & ~errors
        self._steps += stepped
        done = np.zeros(self.B, np.bool_)
        truncated = np.zeros(self.B, np.bool_)
        if ended.any():
            rows = np.flatnonzero(ended).astype(np.int64)
            self._keep(rows)
            scored = ended == SCORED
            done |= scored
            self._unscored[scored] = 0
            unscored = ended == UNSCORED
            if unscored.any():
                self._unscored[unscored] += 1
                cut = unscored & (self._unscored > self.max_redeals) if self.max_redeals is not None else truncated
                done |= cut
                truncated |= cut
                again = np.flatnonzero(unscored & ~cut).astype(np.int64)
                if again.size:
                    self.redeals += len(again)
                    self._deal(again, self.tables.next_dealers(again), True)
        if self.max_steps is not None:
            cut = stepped & ~done & (self._steps >= self.max_steps)
            done |= cut
            truncated |= cut
        self.truncated = truncated
        if done.any():
            rows = np.flatnonzero(done).astype(np.int64)
            self._final_rows = rows
            self._final = self.tables.snapshot(rows)
            self.episodes += len(rows)
            if self.auto_reset:
                self._new_episodes(rows)
            else:
                self._over[rows] = True
        elif self._final is not None:
            self._final_rows = np.zeros(0, np.int64)
            self._final = None
        return rewards, done

    # ------------------------------------------------------------------ finished episodes and hands

    @property
    def final_rows(self) -> Ints:
        """The rows whose episodes ended at the last `step` (those ``done``)."""
        return self._final_rows

    def observe_final(self, seats: npt.ArrayLike) -> Bytes:
        """The observations of the episodes that ended at the last `step`, in `final_rows` order,
        each for the seat given (an int array of their number, or one seat): what the seat saw at
        the end, before the row was dealt again."""
        n = len(self._final_rows)
        s = self._seats(seats, n, "seats")
        out = np.zeros((n, self.obs_size), np.int8)
        if n:
            self.tables.observe_snapshot(self._final, s, out)
        return out

    def _keep(self, rows: Ints) -> None:
        if self.keep_records <= 0:
            self.records_dropped += len(rows)
            return
        self._logs.append((rows, self.tables.hand_logs(rows)))
        self._logged += len(rows)
        while self._logged > self.keep_records:  # drop the oldest hands, from the oldest chunk
            old, logs = self._logs[0]
            excess = self._logged - self.keep_records
            if len(old) <= excess:
                self._logs.popleft()
                gone = len(old)
            else:
                self._logs[0] = (old[excess:], tuple(a[excess:] for a in logs))
                gone = excess
            self._logged -= gone
            self.records_dropped += gone

    def finished_records(self, with_rows: bool = False) -> list[Any]:
        """The records (record contract §2, one hand each) of the hands finished since the last
        call, in the order they finished: scored hands and hands that ended without a score (each
        replays on its own with ``cardtable replay``). With ``with_rows`` each comes as
        ``(row, record)``."""
        rules = rules_json(self.rules)
        out: list[Any] = []
        while self._logs:
            rows, logs = self._logs.popleft()
            for row, (match, hand) in zip(rows.tolist(), self.tables.hand_records(logs), strict=True):
                record: dict[str, Any] = {"format": FORMAT, "game": self.name}
                if rules:
                    record["rules"] = dict(rules)
                if match is not None:
                    record["match"] = match
                record["hands"] = [hand]
                out.append((row, record) if with_rows else record)
        self._logged = 0
        return out
