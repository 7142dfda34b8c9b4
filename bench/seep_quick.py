"""Random full Seep hands per second through the public Game API.

python bench/seep_quick.py [hands] [option=value ...]
python bench/seep_quick.py rule [hands] [option=value ...]   (the rule-based bot in every seat)
"""

from __future__ import annotations

import json
import random
import sys
import time

from cardtable.registry import get_game


def main() -> None:
    args = sys.argv[1:]
    rule = bool(args) and args[0] == "rule"
    if rule:
        args = args[1:]
    hands = int(args[0]) if args and "=" not in args[0] else 2000
    options = {k: json.loads(v) for k, v in (a.split("=", 1) for a in args if "=" in a)}
    game = get_game("seep", **options)
    rng = random.Random(1)
    actor, legal, apply, choice = game.actor, game.legal_actions, game.apply, rng.choice
    if rule:
        from cardtable.bots import make_bot

        bot = make_bot(game, "rule")
        observe, act = game.observe, bot.act

        def choose(state: object, moves: list[object]) -> object:
            return moves[0] if len(moves) == 1 else act(observe(state, actor(state)), moves, rng)
    else:

        def choose(state: object, moves: list[object]) -> object:
            return choice(moves)

    t0 = time.process_time()
    steps = 0
    for i in range(hands):
        state = game.start(i % 4)
        state = apply(state, game.deal(state, rng))
        while actor(state) is not None:
            state = apply(state, choose(state, legal(state)))
            steps += 1
        game.outcome(state)
    dt = time.process_time() - t0
    mode = "rule-bot" if rule else "random"
    print(f"{hands / dt:,.0f} {mode} hands/s, {steps / dt:,.0f} actions/s ({options or 'defaults'})")


if __name__ == "__main__":
    main()
