"""Smear's worlds weighed by the plays (``sample(view, rng, infer=True)``) against the plain ones.

On decisions of the card play (after the first trick, where there are plays to weigh) of hands
played by rule bots in every seat, it measures in one process, in alternating rounds (so that a
loaded machine slows both alike), this process's CPU time (`time.process_time`) per world of
``infer=False`` and of ``infer=True`` (each drawing ``--worlds`` worlds from one view, as a search
draws many from one decision's view), and the time of the playouts the search plays in one world
(every legal action played out with the fast rule policy). It also reports what the weighting
buys: the share of worlds in which every other seat's plays are what the rule policy plays, and
the share of the hidden hands' cards placed in the hand that truly holds them.

    PYTHONPATH=src python bench/smear_infer.py [--hands 30] [--worlds 20] [--rounds 2] [--json]
"""

from __future__ import annotations

import random
import time
from typing import Any

import sampling  # bench/sampling.py, beside this script

from cardtable.games.smear import Smear
from cardtable.games.smear.bots import RuleBot
from cardtable.games.smear.fast import from_state, playout, to_int
from cardtable.games.smear.infer import PLAY_TRIES, PLAY_UNLIKELY, PlayCheck, policy
from cardtable.games.smear.state import Phase


def positions(game: Smear, hands: int, seed: int) -> list[Any]:
    """States of the play after its first trick, of hands played by rule bots in every seat."""
    bot = RuleBot(game)
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        state = game.start(rng.randrange(4), {"scores": [0, 0]})
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            if state.phase is Phase.PLAY and state.tricks:
                out.append(state)
            state = game.apply(state, bot.act(game.observe(state, seat), game.legal_actions(state), rng))
    return out


def measure(hands: int = 30, worlds: int = 20, rounds: int = 2, seed: int = 11) -> dict[str, Any]:
    game = Smear()
    states = positions(game, hands, seed)
    views = [game.observe(s, seat) for s in states if (seat := game.actor(s)) is not None]
    times: dict[str, list[float]] = {"plain": [], "infer": [], "playouts": []}
    fit = {"plain": 0, "infer": 0}
    placed = {"plain": 0, "infer": 0}
    hidden = 0
    rule = policy(game.rules)
    for r in range(rounds):
        for mode in ("plain", "infer") if r % 2 == 0 else ("infer", "plain"):
            t0 = time.process_time()
            for k, view in enumerate(views):
                rng = random.Random(k)
                for _ in range(worlds):
                    game.sample(view, rng, infer=mode == "infer")
            times[mode].append(time.process_time() - t0)
        t0 = time.process_time()
        for k, view in enumerate(views):
            rng = random.Random(k)
            world = game.sample(view, rng)
            for action in game.legal_actions(world):
                fs = from_state(world, game.rules)
                assert fs is not None
                fs.apply(to_int(action))
                playout(fs, rule, rng)
        times["playouts"].append(time.process_time() - t0)
    for k, (state, view) in enumerate(zip(states, views, strict=True)):
        check = PlayCheck(game.rules, view)
        for mode in ("plain", "infer"):
            rng = random.Random(k)
            for _ in range(worlds):
                world = game.sample(view, rng, infer=mode == "infer")
                fit[mode] += check.misfits(world) == 0
                for s in range(4):
                    if s != view.seat:
                        placed[mode] += (world.hands[s] & state.hands[s]).bit_count()
        hidden += worlds * sum(state.hands[s].bit_count() for s in range(4) if s != view.seat)
    n = len(views) * worlds
    per_world = {m: min(times[m]) / n * 1e6 for m in ("plain", "infer")}
    playouts = min(times["playouts"]) / len(views) * 1e6
    return {
        **sampling.machine(),
        "PLAY_UNLIKELY": PLAY_UNLIKELY,
        "PLAY_TRIES": PLAY_TRIES,
        "decisions": len(views),
        "worlds_per_decision": worlds,
        "us_per_world_plain": round(per_world["plain"], 1),
        "us_per_world_infer": round(per_world["infer"], 1),
        "infer_over_plain": round(per_world["infer"] / per_world["plain"], 2),
        "us_playouts_per_world": round(playouts, 1),
        "infer_over_playouts": round(per_world["infer"] / playouts, 2),
        "all_fit_plain": round(fit["plain"] / n, 3),
        "all_fit_infer": round(fit["infer"] / n, 3),
        "placed_plain": round(placed["plain"] / hidden, 3),
        "placed_infer": round(placed["infer"] / hidden, 3),
    }


if __name__ == "__main__":
    sampling.main(__doc__, measure, hands=30, worlds=20, rounds=2)
