"""How well a learned policy's logits foresee what its moves gain (`cardtable train --rollouts`).

On fresh positions of the rule-based bot's play (every seat, the batch), each head token of a
decision with a choice is played out by the game's ``move_values`` (its move, then the bot at every
seat, the hands as they lie), and the policy's logit of every other head less that of the bot's
own is set beside what that head truly gained over the bot's, in the value head's scale. A policy
that knows which moves gain gives a head it rates above the bot's a gain above zero on average;
the prior weight W of ``--prior`` is worth what the rows above W realise.

    python bench/learned_calibration.py runs/seep/policy --tables 512 --steps 100 --seed 11

Prints each band of the policy's rating with the gains it realised, their correlation, and the
mean gain of the best head (what a seat that saw every hand could make a decision), as JSON with
``--json``. Needs the batch extra.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import Any

import numpy as np

from cardtable import registry
from cardtable.batch import Batch
from cardtable.batch.protocol import MOVE_VALUES
from cardtable.bots import rule_bot
from cardtable.bots.learned import load
from cardtable.learned.duel import rule_chooser
from cardtable.learned.train import return_scale

BANDS = ((-9.0, -0.5), (-0.5, -0.2), (-0.2, 0.0), (0.0, 0.2), (0.2, 0.5), (0.5, 1.0), (1.0, 9.0))


def measure(path: str, game: str, tables: int, steps: int, seed: int) -> dict[str, Any]:
    net = load(path, game)
    batch = Batch(game, tables, seed=seed, keep_records=0)
    choose = rule_chooser(batch)
    bot = rule_bot(registry.get_game(game))
    values_of = getattr(batch.tables, MOVE_VALUES)
    scale = return_scale(game)
    out = np.zeros(tables, np.int64)
    rated: list[float] = []
    gained: list[float] = []
    best: list[float] = []
    for _ in range(steps):
        seats = batch.to_play
        choose(out)
        mask = batch.legal_mask()
        obs = batch.observe(seats)
        rows = np.flatnonzero((seats >= 0) & (mask.sum(axis=1) > 1))
        counts, heads, values = values_of(bot, rows, 64)
        logits, _ = net.forward(obs[rows])
        for i in np.flatnonzero(counts):
            h, v = heads[i, : counts[i]], values[i, : counts[i]]
            own = int(np.flatnonzero(h == out[rows[i]])[0])
            others = np.arange(counts[i]) != own
            rated.extend((logits[i, h] - logits[i, h[own]])[others].tolist())
            gained.extend(((v - v[own]) / scale)[others].tolist())
            best.append(float(v.max() - v[own]))
        batch.step(out.copy())
    r, g = np.array(rated), np.array(gained)
    bands = []
    for low, high in BANDS:
        m = (r >= low) & (r < high)
        bands.append(
            {
                "rated": [low, high],
                "heads": int(m.sum()),
                "rating": round(float(r[m].mean()), 3) if m.any() else None,
                "gained": round(float(g[m].mean()), 3) if m.any() else None,
            }
        )
    return {
        "policy": path,
        "game": game,
        "decisions": len(best),
        "heads": len(r),
        "correlation": round(float(np.corrcoef(r, g)[0, 1]), 3) if len(r) > 1 else None,
        "best_head_over_the_bots": round(float(np.mean(best)), 2) if best else None,
        "bands": bands,
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("policy", help="a policy file without its suffix (runs/seep/policy)")
    ap.add_argument("--game", default="seep")
    ap.add_argument("--tables", type=int, default=512)
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.policy, args.game, args.tables, args.steps, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['decisions']} decisions, {result['heads']} heads beside the bot's own")
    print(f"correlation of rating and gain: {result['correlation']}")
    print(f"the best head over the bot's, the hands as they lay: {result['best_head_over_the_bots']} points")
    for b in result["bands"]:
        if b["heads"]:
            print(
                f"rated [{b['rated'][0]:+.1f}, {b['rated'][1]:+.1f}): {b['heads']:7d} heads, "
                f"rated {b['rating']:+.3f}, gained {b['gained']:+.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
