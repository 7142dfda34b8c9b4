"""OpenSpiel games ``python_seep``, ``python_smear`` and ``python_sheepshead``, registered with
``pyspiel.register_game`` when this module is imported.

A game is one hand. The deal is a run of chance nodes, one card at a time from the top of the
deck (each remaining card equally likely); the players' actions are the tokens of
`cardtable.rl.tokens`, the same player acting until its action is complete. A hand that ends at
the deal (a Seep misdeal, a Smear pass-out, a Sheepshead doubler) is dealt again with new chance
nodes. The returns are the hand's scores per seat. Observation and information-state tensors come
from one observer over the seat's view (`cardtable.rl.encode`); the information state also lists
the tokens the seat has given in the hand. ``resample_from_infostate`` deals the hidden cards
again with the engine's own sampler. The parameter ``preset`` picks one of the game's presets, and
every rule option is a parameter too (``python_smear(kitty_size=2)``; `NONE` stands for a null
option). ``dealer`` is the first hand's dealer (0 by default; `RANDOM_DEALER`, -1, has a first
chance node draw it). The bounds of the returns, the longest hand and whether a game is zero-sum
come from its package (`cardtable.rl.environment`); a game without them has no OpenSpiel game.

>>> import pyspiel
>>> import cardtable.rl.openspiel
>>> game = pyspiel.load_game("python_smear")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
"""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache
from typing import Any, Final

import numpy as np
import pyspiel

from cardtable.cards import format_card
from cardtable.core import BadRules, Deal
from cardtable.registry import get_game
from cardtable.rl.encode import encode, layout
from cardtable.rl.environment import environment
from cardtable.rl.table import REDEALT
from cardtable.rl.tokens import GAMES, vocabulary
from cardtable.rl.walk import Decision

#: Worlds drawn at most by ``resample_from_infostate`` before it gives up (the samplers meet the
#: rules' constraints, so the first draw is expected to do).
_RESAMPLE_TRIES: Final = 100

#: The value of a parameter standing for a rule option's ``None`` (no limit): OpenSpiel parameters
#: cannot be null.
NONE: Final = -1

#: The ``dealer`` parameter that has a first chance node draw the dealer, each seat equally likely.
RANDOM_DEALER: Final = -1

Options = tuple[tuple[str, Any], ...]


@cache
def _engine(name: str, preset: str, options: Options = ()) -> Any:
    return get_game(name, preset, **dict(options))


@cache
def rule_parameters(name: str) -> dict[str, Any]:
    """Every rule option of ``name`` as an OpenSpiel parameter, with its value under the standard
    preset (`NONE` for ``None``)."""
    rules = _engine(name, "standard").rules
    out: dict[str, Any] = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        out[f.name] = NONE if value is None else value
    return out


def _options(name: str, params: dict[str, Any]) -> Options:
    """The rule options given in ``params``: those that differ from the standard preset's value
    (OpenSpiel fills every parameter left out with its default, so one left at the standard value
    cannot be told from one not given, and keeps the preset's)."""
    standard = rule_parameters(name)
    rules = _engine(name, "standard").rules
    out = []
    for key, value in sorted(params.items()):
        if key in standard and value != standard[key]:
            nullable = getattr(rules, key) is None
            out.append((key, None if nullable and value == NONE else value))
    return tuple(out)


def _game_type(name: str) -> Any:
    return pyspiel.GameType(
        short_name=f"python_{name}",
        long_name=f"cardtable {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if environment(name).zero_sum
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_engine(name, "standard").seats,
        min_num_players=_engine(name, "standard").seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "standard", "dealer": 0, **rule_parameters(name)},
    )


def _game_info(name: str, engine: Any) -> Any:
    env = environment(name)
    low, high = env.bounds(engine.rules)
    return pyspiel.GameInfo(
        num_distinct_actions=vocabulary(name).size,
        max_chance_outcomes=len(vocabulary(name).cards),
        num_players=_engine(name, "standard").seats,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if env.zero_sum else None,
        max_game_length=env.length(),
    )


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of a cardtable game as an OpenSpiel game."""

    card_game: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        name = self.card_game
        self.preset = str(given.get("preset", "standard"))
        self.options = _options(name, given)
        self.engine = _engine(name, self.preset, self.options)
        self.dealer = given.get("dealer", 0)
        seats = self.engine.seats
        if not isinstance(self.dealer, int) or not RANDOM_DEALER <= self.dealer < seats:
            expected = f"a seat 0-{seats - 1} or {RANDOM_DEALER} (drawn by chance)"
            raise BadRules(f"dealer: expected {expected}, not {self.dealer!r}")
        super().__init__(_game_type(name), _game_info(name, self.engine), given)

    def new_initial_state(self) -> CardtableState:
        return CardtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params!r}")
        return Observer(self.card_game, iig_obs_type)


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the cards dealt so far, then the engine state and the decision."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self.name = game.card_game
        self.preset = game.preset
        self.options = game.options
        #: The dealer of the first hand; None until the first chance node draws it.
        self.dealer: int | None = None if game.dealer == RANDOM_DEALER else game.dealer
        self.engine_state: Any = None if self.dealer is None else game.engine.start(self.dealer)
        self.dealt: list[int] = []
        self.decision: Decision | None = None
        self.given: list[list[int]] = [[] for _ in range(self.get_game().num_players())]
        self.redeals = 0
        self.score: tuple[int, ...] | None = None

    @property
    def engine(self) -> Any:
        return _engine(self.name, self.preset, self.options)

    def current_player(self) -> int:
        if self.score is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.decision is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.engine.actor(self.engine_state))

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.decision is None else self.decision.allowed()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            seats = self.get_game().num_players()
            return [(s, 1.0 / seats) for s in range(seats)]
        dealt = set(self.dealt)
        left = [i for i in range(len(vocabulary(self.name).cards)) if i not in dealt]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _apply_action(self, action: int) -> None:
        if self.dealer is None:
            self.dealer = action
            self.engine_state = self.engine.start(action)
            return
        if self.decision is None:
            self.dealt.append(action)
            cards = vocabulary(self.name).cards
            if len(self.dealt) == len(cards):
                deal = Deal(tuple(cards[i] for i in self.dealt))
                self.engine_state = self.engine.apply(self.engine_state, deal)
                self._settle()
            return
        self.given[self.current_player()].append(action)
        done = self.decision.push(action)
        if done is not None:
            self.engine_state = self.engine.apply(self.engine_state, done)
            self._settle()

    def _settle(self) -> None:
        engine = self.engine
        if engine.actor(self.engine_state) is not None:
            self.decision = Decision(vocabulary(self.name), engine.legal_actions(self.engine_state))
            return
        self.decision = None
        result = engine.outcome(self.engine_state)
        if result.result in REDEALT:
            self.redeals += 1
            self.engine_state = engine.next_hand(self.engine_state)
            self.dealt = []
            return
        self.score = tuple(result.score)

    def _action_to_string(self, player: int, action: int) -> str:
        vocab = vocabulary(self.name)
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer is None:
                return f"dealer {action}"
            return f"deal {format_card(vocab.cards[action])}"
        return vocab.names[action]

    def is_terminal(self) -> bool:
        return self.score is not None

    def returns(self) -> list[float]:
        if self.score is None:
            return [0.0] * self.get_game().num_players()
        return [float(x) for x in self.score]

    def view(self, player: int) -> Any:
        """The engine's view of ``player`` (``None`` while the cards are being dealt)."""
        if self.decision is None and self.score is None:
            return None
        return self.engine.observe(self.engine_state, player)

    def partial(self, player: int) -> tuple[int, ...]:
        if self.decision is None or self.current_player() != player:
            return ()
        return self.decision.prefix

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardtableState:
        """A state ``player_id`` cannot tell from this one: the hidden cards dealt again by the
        engine's sampler (another seat's half-spelled action is spelled again at random)."""
        view = self.view(player_id)
        if view is None or self.score is not None:
            raise ValueError("only a hand past the deal and not over can be resampled")
        rng = random.Random(int(probability_sampler() * 2**53))
        for _ in range(_RESAMPLE_TRIES):
            world = self.engine.sample(view, rng)
            legal = self.engine.legal_actions(world)
            if legal:  # a world the rules cannot reach (a seat to act with nothing to do) is drawn again
                break
        else:
            raise ValueError(f"{self.name}: no world with a legal action in {_RESAMPLE_TRIES} samples")
        clone: CardtableState = self.clone()
        clone.engine_state = world
        actor = self.current_player()
        clone.decision = Decision(vocabulary(self.name), legal)
        prefix = self.partial(actor)
        if actor != player_id and prefix:
            longer = [s for s in clone.decision.spellings if len(s) > len(prefix)]
            prefix = longer[rng.randrange(len(longer))][: len(prefix)] if longer else ()
        for t in prefix:
            clone.decision.push(t)
        return clone

    def __str__(self) -> str:
        if self.decision is None and self.score is None:
            return f"{self.name}: dealing, {len(self.dealt)} cards dealt"
        return f"{self.name}: {json.dumps(self.engine.position_json(self.engine_state) or {})} score {self.score}"


class Observer:
    """Observation and information-state tensors and strings from a seat's view (one observer
    for both: the information state adds the tokens the seat has given this hand)."""

    def __init__(self, name: str, iig_obs_type: Any) -> None:
        self.name = name
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        lay = layout(name)
        self.tensor = np.zeros(lay.size, np.float32)
        self.dict = {plane: lay.view(self.tensor, plane) for plane, _, _ in lay.planes}  # type: ignore[arg-type]

    def set_from(self, state: CardtableState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = encode(self.name, view, state.partial(player))

    def string_from(self, state: CardtableState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return f"seat {player}: dealing"
        vocab = vocabulary(self.name)
        text = json.dumps(view.to_json(), sort_keys=True)
        partial = " ".join(vocab.names[t] for t in state.partial(player))
        out = f"{text} partial [{partial}]"
        if self.perfect_recall:
            out += " given [" + " ".join(vocab.names[t] for t in state.given[player]) + "]"
        return out


def _register(name: str) -> type[CardtableGame]:
    cls = type(f"Python{name.capitalize()}Game", (CardtableGame,), {"card_game": name})
    pyspiel.register_game(_game_type(name), cls)
    return cls


#: The OpenSpiel game class of every game whose package tells OpenSpiel what it needs.
GAME_CLASSES: Final = {
    name: _register(name)
    for name in GAMES
    if environment(name).utility_bounds is not None and environment(name).max_game_length is not None
}
