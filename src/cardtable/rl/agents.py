"""Agents of outside libraries as cardtable bots, so that ``cardtable sim`` measures them on paired
duplicate deals beside our own (the baselines table of docs/rl.md, `cardtable.rl.evaluate`).

- ``ismcts`` (``ismcts:SIMULATIONS``, 200 by default): OpenSpiel's information-set Monte Carlo tree
  search (``open_spiel.python.algorithms.ismcts``, with random rollouts) on our OpenSpiel game
  (`cardtable.rl.openspiel`), which resamples the hidden cards with the engine's own sampler.
- ``sb3:PATH``: a MaskablePPO policy of sb3-contrib saved at ``PATH`` (``model.save(PATH)``),
  trained on the Gymnasium environment (``cardtable/GAME-v1``), its most likely allowed token.
- ``dqn:PATH`` and ``nfsp:PATH``: OpenSpiel's DQN and NFSP trained by self-play on our OpenSpiel
  game (`cardtable.rl.openspiel_train`), saved at ``PATH`` (`cardtable.rl.netfile`): the allowed
  token of the greatest Q-value (DQN), the most likely allowed token of the average policy (NFSP).
  The observation is the seat's OpenSpiel information-state tensor, rebuilt from its view.

All are registered as bot plug-ins by cardtable's own package metadata (the ``cardtable.bots``
entry points), so ``--bots ismcts`` works wherever the ``rl`` extra (and, for ``sb3``, the
``train`` extra; ``dqn`` and ``nfsp`` play with numpy alone, their training needs it) is
installed. Each acts one token at a time, as the environments do: the tokens
of an action are asked in turn until they spell one. Each sees what a bot sees, the seat's view:
the IS-MCTS is handed a world drawn from the view by the game's sampler, whose hidden cards it
never reads (it draws its own from the information state at every simulation); the networks are
handed the view's encoding alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.core import BadRules
from cardtable.rl.encode import encode
from cardtable.rl.tokens import vocabulary
from cardtable.rl.walk import Decision

#: IS-MCTS simulations per token when the bot's name gives none, and the most it may ask for.
SIMULATIONS = 200
MAX_SIMULATIONS = 100_000
#: The exploration constant of the IS-MCTS (OpenSpiel's example's, scaled to a hand's points).
UCT_C = 2.0


def _parameters(game: Any) -> dict[str, Any]:
    """``game``'s rules as the parameters of our OpenSpiel game (``None`` as `openspiel.NONE`)."""
    from cardtable.rl.openspiel import NONE

    out: dict[str, Any] = {"preset": "standard"}
    for f in dataclasses.fields(game.rules):
        value = getattr(game.rules, f.name)
        out[f.name] = NONE if value is None else value
    return out


class IsmctsBot:
    """OpenSpiel's IS-MCTS, one search per token (see the module docstring)."""

    def __init__(self, game: Any, simulations: int) -> None:
        import pyspiel

        from cardtable.rl import openspiel

        self.game = game
        self.simulations = simulations
        self.name = f"ismcts:{simulations}"
        self.vocab = vocabulary(game.name)
        self.spiel = pyspiel.load_game(f"python_{game.name}", _parameters(game))
        self._state_class = openspiel.CardtableState

    def _state(self, world: Any, seat: int, legal: Sequence[Any]) -> Any:
        """An OpenSpiel state at ``seat``'s decision in ``world`` (dealt, the decision open)."""
        state = self.spiel.new_initial_state()
        state.dealer = 0
        state.engine_state = world
        state.dealt = list(range(len(self.vocab.cards)))
        state.decision = Decision(self.vocab, legal)
        return state

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        from open_spiel.python.algorithms import ismcts, mcts

        seat = view.seat
        world = self.game.sample(view, rng)
        state = self._state(world, seat, legal)
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        bot = ismcts.ISMCTSBot(
            self.spiel,
            evaluator,
            UCT_C,
            self.simulations,
            random_state=random_state,
            allow_inconsistent_action_sets=True,
        )
        decision = Decision(self.vocab, legal)
        while True:
            allowed = decision.allowed()
            token = allowed[0] if len(allowed) == 1 else int(bot.step(state))
            done = decision.push(token)
            if done is not None:
                return done
            state.apply_action(token)


class Sb3Bot:
    """A MaskablePPO policy (sb3-contrib) playing its most likely allowed token."""

    def __init__(self, game: Any, path: str) -> None:
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise BadRules("the sb3 bot needs sb3-contrib: pip install 'cardtable[rl,train]'") from None
        file = Path(path)
        if not file.exists() and not file.with_suffix(".zip").exists():
            raise BadRules(f"sb3:{path}: no such MaskablePPO file")
        try:
            self.model = MaskablePPO.load(str(file), device="cpu")
        except Exception as e:  # a file of another kind: said in one line
            raise BadRules(f"sb3:{path}: not a MaskablePPO policy ({type(e).__name__})") from None
        self.game = game
        self.name = f"sb3:{file.stem}"
        self.vocab = vocabulary(game.name)
        self.obs_shape = getattr(self.model.observation_space, "shape", None)

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        decision = Decision(self.vocab, legal)

        def choose(allowed: list[int]) -> int:
            obs = encode(self.game.name, view, decision.prefix)
            if self.obs_shape is not None and obs.shape != tuple(self.obs_shape):
                raise BadRules(f"{self.name}: trained on observations of shape {self.obs_shape}, not {obs.shape}")
            mask = np.zeros(self.vocab.size, np.bool_)
            mask[allowed] = True
            action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
            return int(action)

        return decision.spell(choose)


class NetworkBot:
    """A saved DQN or NFSP network (`cardtable.rl.netfile`) playing its best allowed token, the
    observation rebuilt from the seat's view and the tokens given so far, as OpenSpiel's game
    builds its information-state tensor (`cardtable.rl.openspiel.Observer`)."""

    def __init__(self, game: Any, algo: str, path: str) -> None:
        from cardtable.rl import netfile

        self.policy = netfile.load(path, algo, game.name)
        self.game = game
        self.name = f"{algo}:{Path(path).stem}"
        self.vocab = vocabulary(game.name)

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        decision = Decision(self.vocab, legal)
        return decision.spell(lambda allowed: self.policy.best(encode(self.game.name, view, decision.prefix), allowed))


def _network_bot(game: Any, algo: str, level: str) -> NetworkBot:
    if not level:
        raise BadRules(f"{algo}: expected the path of a saved policy, as in {algo}:runs/smear_{algo}.npz")
    return NetworkBot(game, algo, level)


def dqn_bot(game: Any, level: str) -> NetworkBot:
    """The bot ``dqn:PATH``."""
    return _network_bot(game, "dqn", level)


def nfsp_bot(game: Any, level: str) -> NetworkBot:
    """The bot ``nfsp:PATH``."""
    return _network_bot(game, "nfsp", level)


def ismcts_bot(game: Any, level: str) -> IsmctsBot:
    """The bot ``ismcts`` or ``ismcts:SIMULATIONS``."""
    if not level:
        return IsmctsBot(game, SIMULATIONS)
    if not level.isdigit() or not 1 <= int(level) <= MAX_SIMULATIONS:
        raise BadRules(f"ismcts:{level[:20]}: expected simulations per token, 1 to {MAX_SIMULATIONS}")
    return IsmctsBot(game, int(level))


def sb3_bot(game: Any, level: str) -> Sb3Bot:
    """The bot ``sb3:PATH``."""
    if not level:
        raise BadRules("sb3: expected the path of a MaskablePPO policy, as in sb3:runs/smear_ppo.zip")
    return Sb3Bot(game, level)
