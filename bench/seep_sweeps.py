"""Where Seep's points come from in a pairing: card points and sweep points per hand, per team.

    PYTHONPATH=src python bench/seep_sweeps.py [--hands N] [--seed S] A B

Bot A holds seats 0 and 2 (team 0), bot B seats 1 and 3, for N hands dealt from seed S (misdeals
count as hands with nothing scored). It prints each team's mean card points and sweep points per
hand: how docs/bots.md tells that the rule-based bot's gain on ``rule:classic`` is mostly sweeps.
"""

from __future__ import annotations

import argparse
import random
import sys

from cardtable.bots import make_bot
from cardtable.games.seep import Seep


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/seep_sweeps.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("bots", nargs=2)
    args = parser.parse_args(argv)
    game = Seep()
    bots = [make_bot(game, name) for name in args.bots]
    rng = random.Random(args.seed)
    cards = [0, 0]
    sweeps = [0, 0]
    for hand in range(args.hands):
        s = game.start(hand % 4)
        s = game.apply(s, game.deal(s, rng))
        while (seat := game.actor(s)) is not None:
            s = game.apply(s, bots[seat % 2].act(game.observe(s, seat), game.legal_actions(s), rng))
        out = game.outcome(s)
        assert out is not None
        if "card_points" in out.details:
            for t in (0, 1):
                cards[t] += out.details["card_points"][t]
                sweeps[t] += out.details["sweeps"][t]
    for t, name in enumerate(args.bots):
        per_hand = (cards[t] / args.hands, sweeps[t] / args.hands)
        print(f"team {t} ({name}): {per_hand[0]:.1f} card points, {per_hand[1]:.1f} sweep points a hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
