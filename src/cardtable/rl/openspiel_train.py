"""OpenSpiel's DQN and NFSP (their PyTorch implementations, ``open_spiel.python.pytorch``) trained
by self-play on our OpenSpiel game (`cardtable.rl.openspiel`) through OpenSpiel's
``rl_environment.Environment``, then saved for the bots ``dqn:PATH`` and ``nfsp:PATH``
(`cardtable.rl.agents`, `cardtable.rl.netfile`).

    python -m cardtable.rl.openspiel_train smear --algo dqn --seconds 1200 --seed 1 --save runs/smear_dqn.npz

One agent per seat, as OpenSpiel's examples have them, but all sharing one set of networks, one
replay buffer (and, for NFSP, one reservoir buffer) and one optimizer: each seat's agent keeps its
own last step and mode, and every seat's experience trains the same networks, so the saved policy
plays any seat. Observations are the seats' information-state tensors (`cardtable.rl.encode` of
the seat's view); rewards are the hand's points at its end (discount 1). Training stops after
``--seconds`` seconds of this process's CPU time or ``--hands`` hands, whichever comes first
(``--hands`` alone makes the run reproducible from ``--seed``); an interrupt or a ``kill`` (SIGINT,
SIGTERM) stops it at the end of the hand being played, and what was learned is saved all the
same, with the hands played, so that ``--hands`` plays the run again. The file keeps the acting network:
DQN's Q-network (the bot plays the greedy allowed token), NFSP's average-policy network (the bot
plays its most likely allowed token), with the run's settings and figures.

Needs the ``rl`` and ``train`` extras (OpenSpiel and torch). Runs on one thread.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from cardtable.core import CardtableError
from cardtable.rl import netfile


@dataclass(frozen=True)
class Settings:
    """The settings of a run (each agent's counters are its own seat's steps)."""

    algo: str = "dqn"
    hidden: tuple[int, ...] = (256, 256)
    batch_size: int = 128
    #: Transitions kept for Q-learning, shared by the seats.
    replay_capacity: int = 100_000
    #: NFSP: the (state, best-response action) pairs kept for the average policy.
    reservoir_capacity: int = 300_000
    learning_rate: float = 5e-4
    #: A learning step every this many steps of each seat's agent.
    learn_every: int = 16
    min_buffer: int = 2_000
    #: The target network takes the Q-network's weights every this many steps of each seat.
    target_every: int = 4_000
    #: DQN's exploration, linear from the first to the second over ``epsilon_steps`` (NFSP: of
    #: its best-response steps, OpenSpiel's example's 0.06 to 0.001).
    epsilon: tuple[float, float] = (1.0, 0.05)
    epsilon_steps: int = 150_000
    #: NFSP: the chance of a seat playing its best response for a hand.
    anticipatory: float = 0.1


NFSP_DEFAULTS: dict[str, Any] = {
    "epsilon": (0.06, 0.001),
    "epsilon_steps": 1_000_000,
    "target_every": 1_000,
    "min_buffer": 1_000,
}


@dataclass(frozen=True)
class Run:
    """What a run did: hands and decisions played, CPU and wall seconds, the last loss (NFSP: the
    average policy's and the Q-network's)."""

    hands: int
    decisions: int
    cpu_seconds: float
    wall_seconds: float
    last_loss: Any


def settings_for(algo: str, **given: Any) -> Settings:
    """The default settings of ``algo``, with ``given`` ones instead."""
    base = Settings(algo=algo)
    if algo == "nfsp":
        base = replace(base, **NFSP_DEFAULTS)
    return replace(base, **given)


def _share_dqn(agents: Sequence[Any], buffer: Any) -> None:
    """Every agent of ``agents`` (OpenSpiel DQNs) learns into the first's networks and buffer."""
    lead = agents[0]
    for a in agents:
        a._q_network = lead._q_network
        a._target_q_network = lead._target_q_network
        a._optimizer = lead._optimizer
        a._replay_buffer = buffer


def _dqn_buffer(s: Settings, size: int, actions: int) -> Any:
    from open_spiel.python.pytorch import dqn

    example = dqn.Transition(
        info_state=np.zeros(size, np.float32),
        action=np.asarray(0, dtype=int),
        reward=np.asarray(0.0, dtype=np.float32),
        next_info_state=np.zeros(size, np.float32),
        is_final_step=np.asarray(False, dtype=bool),
        legal_actions_mask=np.zeros(actions, dtype=bool),
    )
    return dqn.ReplayBuffer.init(s.replay_capacity, example)


def make_agents(s: Settings, players: int, size: int, actions: int, seed: int) -> list[Any]:
    """One OpenSpiel agent per seat, all sharing one set of networks and buffers."""
    q_settings = {
        "batch_size": s.batch_size,
        "replay_buffer_capacity": s.replay_capacity,
        "update_target_network_every": s.target_every,
        "learn_every": s.learn_every,
        "discount_factor": 1.0,
        "min_buffer_size_to_learn": s.min_buffer,
        "epsilon_start": s.epsilon[0],
        "epsilon_end": s.epsilon[1],
        "epsilon_decay_duration": s.epsilon_steps,
        "epsilon_decay_schedule_str": "linear",
        "optimizer_str": "adam",
        "loss_str": "huber",
    }
    if s.algo == "dqn":
        from open_spiel.python.pytorch import dqn

        agents = [
            dqn.DQN(p, size, actions, list(s.hidden), learning_rate=s.learning_rate, seed=seed, **q_settings)
            for p in range(players)
        ]
        _share_dqn(agents, _dqn_buffer(s, size, actions))
        return agents
    from open_spiel.python.pytorch import nfsp

    q_settings.pop("batch_size")
    q_settings.pop("learn_every")
    q_settings.pop("min_buffer_size_to_learn")
    q_settings.pop("optimizer_str")
    agents = [
        nfsp.NFSP(
            p,
            size,
            actions,
            list(s.hidden),
            reservoir_buffer_capacity=s.reservoir_capacity,
            anticipatory_param=s.anticipatory,
            batch_size=s.batch_size,
            rl_learning_rate=s.learning_rate,
            sl_learning_rate=s.learning_rate,
            min_buffer_size_to_learn=s.min_buffer,
            learn_every=s.learn_every,
            optimizer_str="adam",
            seed=seed,
            **q_settings,
        )
        for p in range(players)
    ]
    example = nfsp.Transition(
        info_state=np.zeros(size, np.float32),
        action_probs=np.zeros(actions, np.float32),
        legal_actions_mask=np.zeros(actions, dtype=bool),
    )
    reservoir = nfsp.ReservoirBuffer.init(s.reservoir_capacity, example)
    _share_dqn([a._rl_agent for a in agents], _dqn_buffer(s, size, actions))
    lead = agents[0]
    for a in agents:
        a._avg_network = lead._avg_network
        a._optimizer = lead._optimizer
        a._reservoir_buffer = reservoir
    return agents


def acting_layers(algo: str, agent: Any) -> list[tuple[Any, Any]]:
    """The weights and biases of the network the bot plays by, first layer first."""
    from torch import nn

    net = agent._q_network if algo == "dqn" else agent._avg_network
    linear = [m for m in net.modules() if isinstance(m, nn.Linear)]
    return [(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linear]


def train(
    game_name: str,
    s: Settings,
    seed: int,
    seconds: float | None = None,
    hands: int | None = None,
    progress: Any = None,
    every: int = 1000,
    stopped: Callable[[], bool] | None = None,
) -> tuple[list[Any], Run]:
    """Self-play of ``s.algo`` on ``game_name`` until ``seconds`` of CPU or ``hands`` hands, or
    until ``stopped()`` says so between two hands."""
    import pyspiel
    import torch
    from open_spiel.python import rl_environment

    import cardtable.rl.openspiel  # noqa: F401 (registers the games)

    if seconds is None and hands is None:
        raise CardtableError("give --seconds or --hands (or both): when training stops")
    _, want_size, want_actions = netfile.expected(game_name)  # refuses a game without an environment
    torch.set_num_threads(1)
    game = pyspiel.load_game(f"python_{game_name}")
    env = rl_environment.Environment(game)
    env.seed(seed)
    size = int(env.observation_spec()["info_state"][0])
    actions = int(env.action_spec()["num_actions"])
    if (size, actions) != (want_size, want_actions):
        raise CardtableError(f"{game_name}: OpenSpiel's sizes {size}, {actions} differ from the encoder's")
    agents = make_agents(s, game.num_players(), size, actions, seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    played = decisions = 0
    while (hands is None or played < hands) and (seconds is None or time.process_time() - cpu0 < seconds):
        step = env.reset()
        while not step.last():
            out = agents[step.observations["current_player"]].step(step)
            step = env.step([out.action])
            decisions += 1
        for agent in agents:
            agent.step(step)
        played += 1
        if stopped is not None and stopped():
            break
        if progress is not None and played % every == 0:
            progress(
                f"{played} hands, {decisions} decisions, {time.process_time() - cpu0:.0f} s CPU, loss {agents[0].loss}"
            )
    run = Run(played, decisions, time.process_time() - cpu0, time.perf_counter() - wall0, agents[0].loss)
    return agents, run


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardtable.rl.openspiel_train", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("game")
    parser.add_argument("--algo", choices=netfile.ALGORITHMS, required=True)
    parser.add_argument("--seconds", type=float, help="stop after this much CPU time")
    parser.add_argument("--hands", type=int, help="stop after this many hands")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", default="256,256", help="the hidden layers' widths (default 256,256)")
    parser.add_argument("--save", required=True, help="the .npz file to write")
    args = parser.parse_args(argv)
    try:
        hidden = tuple(int(x) for x in args.hidden.split(","))
    except ValueError:
        parser.error(f"--hidden: expected widths such as 256,256, not {args.hidden[:40]!r}")
    if not hidden or min(hidden) < 1:
        parser.error("--hidden: every width at least 1")
    if args.seconds is None and args.hands is None:
        parser.error("give --seconds or --hands (or both): when training stops")
    s = settings_for(args.algo, hidden=hidden)

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    asked: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        asked.append(signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop)
    try:
        agents, run = train(args.game, s, args.seed, args.seconds, args.hands, say, stopped=lambda: bool(asked))
        figures = {"settings": asdict(s), "seed": args.seed, **asdict(run), "last_loss": repr(run.last_loss)}
        figures["interrupted"] = bool(asked)
        out = netfile.save(args.save, args.algo, args.game, acting_layers(args.algo, agents[0]), figures)
    except CardtableError as e:
        print(f"cardtable.rl.openspiel_train: {e}", file=sys.stderr)
        return 2
    print(json.dumps({"saved": str(out), **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
