"""Seep's fast layer: unchecked, mutable hands for playouts and simulation, where nobody needs the
engine's checks.

The public engine (`Seep`) is the contract for people, records and tables: every action checked,
states immutable. This layer plays the same game by the same rules, and is made only for speed:

- `FastState` is a slotted, mutable hand with the fields of `SeepState`;
- moves are numbers (`moves.code_of`: ``take << 12 | value << 8 | card << 2 | kind``; a bid is
  ``value << 8``), listed by `moves_of` in the engine's canonical order;
- `apply` plays a move without checking it; `copy`, `to_act` and `score` do what they say;
- `from_state` and `to_state` convert to and from the engine's states, `action_of` and `code_of`
  between numbers and actions;
- `playout` plays a whole hand with a policy (`random_policy`, or `bots.FastRulePolicy`, which
  chooses as the rule-based bot does) and gives the moves it took.

For the search (`cardtable.bots.search.FastLayer`) a state also has the methods ``copy``,
``apply``, ``score``, ``moves``, ``to_act`` and ``to_state``; `to_int` is `code_of`, `policy_for`
gives the fast version of a bot, and `new_engine` an engine with tables of its own (one per bot).

Nothing here is a second implementation of the rules: the moves come from the engine's own
generator (`fastgen.Generator.codes`) and their effects from the engine's own `play.effect_of`, so
the two cannot drift apart. What makes it faster is that no action objects are made, nothing is
checked, and a state is changed in place.

Every rule option is supported. `from_state` returns None only for a hand not yet dealt (the
deal is a chance step the caller makes with the engine).

>>> import random
>>> from cardtable.games.seep import Seep
>>> game = Seep()
>>> s = game.start(dealer=0)
>>> s = game.apply(s, game.deal(s, random.Random(2)))
>>> st = from_state(s, game.rules)
>>> [game.format(action_of(st, a)) for a in moves_of(st)]
['bid 9', 'bid 10']
>>> apply(st, code_of(game.parse("bid 10")))
>>> to_state(st) == game.apply(s, game.parse("bid 10"))
True
>>> playout(st, random_policy, random.Random(1))
48
>>> st.score()
(71, 29, 71, 29)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from cardtable.games.seep import fastgen, play
from cardtable.games.seep.actions import Bid, SeepAction
from cardtable.games.seep.floor import HOUSE_VALUES, VALUE_MASK
from cardtable.games.seep.moves import action_of as _action_of
from cardtable.games.seep.moves import code_of
from cardtable.games.seep.play import effect_of
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.scoring import score_deal
from cardtable.games.seep.state import House, Match, Phase, SeepState

_BID: Final = Phase.BID
_OPENING: Final = Phase.OPENING
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
#: Every rank, as `fastgen.Generator.codes` takes them.
_ALL: Final = (1 << 13) - 1

#: A policy: given the state, its moves (two or more) and a random stream, the move to play.
Policy = Callable[["FastState", Sequence[int], random.Random], int]

__all__ = [
    "FastSeep",
    "FastState",
    "Policy",
    "action_of",
    "apply",
    "code_of",
    "copy",
    "engine",
    "from_state",
    "moves_of",
    "new_engine",
    "playout",
    "policy_for",
    "random_policy",
    "score",
    "to_act",
    "to_int",
    "to_state",
]


class FastSeep:
    """The rules of the hands it plays, and a move generator of its own (its tables of loose
    cards are its own; the move lists per floor shape are shared by every generator of the rules)."""

    __slots__ = ("gen", "rules")

    def __init__(self, rules: SeepRules) -> None:
        self.rules = rules
        self.gen = fastgen.Generator(rules)


class FastState:
    """A hand of Seep, mutable (the fields of `SeepState`, and the engine ``game`` it is played
    by). Every field holds an immutable value, so a copy shares them all."""

    __slots__ = (
        "bid",
        "dealer",
        "game",
        "hands",
        "houses",
        "last_capture",
        "loose",
        "match",
        "phase",
        "piles",
        "plays",
        "stock",
        "sweeps",
    )  # fmt: skip

    def __init__(
        self,
        game: FastSeep,
        dealer: int,
        match: Match,
        phase: Phase,
        bid: int,
        plays: int,
        hands: tuple[int, int, int, int],
        stock: tuple[int, int, int, int],
        loose: int,
        houses: tuple[House, ...],
        piles: tuple[int, int],
        sweeps: tuple[tuple[int, ...], tuple[int, ...]],
        last_capture: int,
    ) -> None:
        self.game = game
        self.dealer = dealer
        self.match = match
        self.phase = phase
        self.bid = bid
        self.plays = plays
        self.hands = hands
        self.stock = stock
        self.loose = loose
        self.houses = houses
        self.piles = piles
        self.sweeps = sweeps
        self.last_capture = last_capture

    def __repr__(self) -> str:
        return f"FastState({to_state(self)!r})"

    # The module's functions as methods, as the search and the shared differential checks use them.

    def copy(self) -> FastState:
        """A copy to play on (`copy`)."""
        return copy(self)

    def apply(self, a: int) -> None:
        """Play move ``a``, unchecked (`apply`)."""
        apply(self, a)

    def moves(self) -> list[int]:
        """The legal moves (`moves_of`)."""
        return moves_of(self)

    def score(self) -> tuple[int, int, int, int]:
        """A finished hand's score per seat (`score`)."""
        return score(self)

    def to_act(self) -> int | None:
        """The seat to act (`to_act`)."""
        return to_act(self)

    def to_state(self) -> SeepState:
        """The engine's state (`to_state`)."""
        return to_state(self)


_ENGINES: dict[SeepRules, FastSeep] = {}


def engine(rules: SeepRules) -> FastSeep:
    """The fast engine of these rules (one per set of rules)."""
    g = _ENGINES.get(rules)
    if g is None:
        if len(_ENGINES) >= 64:
            _ENGINES.clear()
        g = _ENGINES[rules] = FastSeep(rules)
    return g


def new_engine(rules: SeepRules) -> FastSeep:
    """A fast engine of these rules with tables of its own, not shared with any other caller (the
    search makes one per bot and plays every world it samples on it)."""
    return FastSeep(rules)


def from_state(state: SeepState, rules: SeepRules, game: FastSeep | None = None) -> FastState | None:
    """The hand ``state`` as a fast state (played by ``game``, by default `engine(rules)`); None
    before the deal, which the caller makes with the engine."""
    if state.phase is Phase.DEAL:
        return None
    return FastState(game or engine(rules), *state)


def to_state(st: FastState) -> SeepState:
    """The engine's state of a fast state."""
    return SeepState(
        st.dealer, st.match, st.phase, st.bid, st.plays, st.hands, st.stock, st.loose, st.houses, st.piles, st.sweeps,
        st.last_capture,
    )  # fmt: skip


def copy(st: FastState) -> FastState:
    """A copy to play on."""
    return FastState(
        st.game, st.dealer, st.match, st.phase, st.bid, st.plays, st.hands, st.stock, st.loose, st.houses, st.piles,
        st.sweeps, st.last_capture,
    )  # fmt: skip


def to_act(st: FastState) -> int | None:
    """The seat to act (R12), None once the hand is over."""
    if st.phase is _OVER:
        return None
    return (st.dealer + st.plays + 1) & 3


def moves_of(st: FastState) -> list[int]:
    """The legal moves, as numbers, in the engine's canonical order (each effect once)."""
    phase = st.phase
    if phase is _PLAY or phase is _OPENING:
        return st.game.gen.codes(st)
    if phase is _BID:  # R8: a bid of each value 9-13 among the bidder's four cards
        hand = st.hands[(st.dealer + 1) & 3]
        return [v << 8 for v in HOUSE_VALUES if hand & VALUE_MASK[v]]
    return []


def apply(st: FastState, a: int) -> None:
    """Play move ``a`` (one of `moves_of`), unchecked, changing ``st``."""
    if st.phase is _BID:  # R8, R9
        st.bid = a >> 8
        st.phase = _OPENING
        return
    game = st.game
    (st.plays, st.hands, st.stock, st.loose, st.houses, st.piles, st.sweeps, st.last_capture) = effect_of(
        game.rules, st.dealer, st.phase, st.plays, st.hands, st.stock, st.loose, st.houses, st.piles, st.sweeps,
        st.last_capture, a & 3, a >> 2 & 63, a >> 8 & 15, a >> 12,
    )  # fmt: skip
    st.phase = _PLAY
    if st.plays == 48:  # R15, R16
        (_, _, st.phase, _, _, _, _, st.loose, st.houses, st.piles, _, _) = play.finish(game.rules, to_state(st))


def score(st: FastState) -> tuple[int, int, int, int]:
    """A finished hand's score per seat: its team's deal total as it counts for the match, as the
    engine's outcome gives it (zeros for a misdeal)."""
    if st.bid == 0:
        return (0, 0, 0, 0)
    c0, c1 = score_deal(st.game.rules, to_state(st)).counted
    return (c0, c1, c0, c1)


def action_of(st: FastState, a: int) -> SeepAction:
    """The engine's action of move ``a`` in ``st``."""
    if st.phase is _BID:
        return Bid(a >> 8)
    return _action_of(a, st.loose)


def to_int(action: SeepAction) -> int:
    """The number of an action (`code_of`), as `moves_of` lists it."""
    return code_of(action)


def policy_for(bot: object, rules: SeepRules) -> Policy | None:
    """The fast policy that chooses as ``bot`` does from the same random stream: `random_policy`
    for `cardtable.bots.RandomBot`, `bots.FastRulePolicy` for the rule-based bot of these rules
    (or its classic version);
    ``None`` for any other bot."""
    from cardtable.bots.base import RandomBot
    from cardtable.games.seep.bots import FastRulePolicy, RuleBot

    if type(bot) is RandomBot:
        return random_policy
    if type(bot) is RuleBot and bot.game.rules == rules:
        return FastRulePolicy(rules, bot.classic)
    return None


def random_policy(st: FastState, moves: Sequence[int], rng: random.Random) -> int:
    """Uniform among the moves, drawing as `RandomBot` does."""
    return moves[rng.randrange(len(moves))]


def playout(st: FastState, policy: Policy, rng: random.Random) -> int:
    """Play the hand in ``st`` to its end (changing ``st``), the policy choosing whenever there are
    two moves or more (a single move is played without asking it, as the search's checked playout
    does, so both draw the same random numbers); the number of moves played. `score` then gives
    the hand's score."""
    game = st.game
    rules = game.rules
    gen = game.gen
    randomly = policy is random_policy
    bits = rng.getrandbits
    steps = 0
    while True:
        phase = st.phase
        if phase is _PLAY or phase is _OPENING:
            m = (st.dealer + st.plays + 1) & 3
            if randomly:  # only the drawn move is written out
                a = gen.turn(st, m, st.hands, st.loose, phase, st.bid, st.houses, _ALL, True, bits)[0]
            else:
                ms = gen.turn(st, m, st.hands, st.loose, phase, st.bid, st.houses)
                a = ms[0] if len(ms) == 1 else policy(st, ms, rng)
        elif phase is _OVER:
            return steps
        else:
            ms = moves_of(st)
            n = len(ms)
            if n == 1:
                a = ms[0]
            elif randomly:  # `random_policy`, drawn from the same random bits as rng.randrange
                a = fastgen.drawn(ms, bits)
            else:
                a = policy(st, ms, rng)
        steps += 1
        if phase is _BID:
            apply(st, a)
            continue
        (plays, st.hands, st.stock, st.loose, st.houses, st.piles, st.sweeps, st.last_capture) = effect_of(
            rules, st.dealer, phase, st.plays, st.hands, st.stock, st.loose, st.houses, st.piles, st.sweeps,
            st.last_capture, a & 3, a >> 2 & 63, a >> 8 & 15, a >> 12,
        )  # fmt: skip
        st.phase = _PLAY
        st.plays = plays
        if plays == 48:
            (_, _, st.phase, _, _, _, _, st.loose, st.houses, st.piles, _, _) = play.finish(rules, to_state(st))
