"""Golden observation transcripts: fixed deals played by seeded masked-random tokens, every step's
agent, allowed tokens, observation (its nonzero entries by plane) and the token given.

After an intended change of an encoding (which bumps the environment's version), regenerate with
``python -m tests.rl.golden --write`` and read the diff.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

from cardtable.cards import format_card
from cardtable.rl import raw_env
from cardtable.rl.encode import layout

FOLDER = Path(__file__).parent / "golden"
#: (game, seed): the deal is the deck shuffled by ``random.Random(seed)``, dealt by seat 1.
GOLDEN = [("seep", 1), ("smear", 1), ("sheepshead", 1)]


def _nonzero(name: str, obs: np.ndarray) -> str:  # type: ignore[type-arg]
    lay = layout(name)
    parts = []
    for plane, _, _ in lay.planes:
        values = lay.view(obs, plane).reshape(-1)
        hits = np.flatnonzero(values)
        if len(hits):
            parts.append(plane + "[" + " ".join(f"{i}" if values[i] == 1 else f"{i}={values[i]}" for i in hits) + "]")
    return " ".join(parts)


def transcript(name: str, seed: int) -> str:
    e = raw_env(name)
    deck = list(e.table.vocab.cards)
    rng = random.Random(seed)
    rng.shuffle(deck)
    e.reset(seed=seed, options={"deal": {"deck": [format_card(c) for c in deck]}, "dealer": 1})
    names = e.table.vocab.names
    lines = [f"game {name} seed {seed} dealer 1 deck {' '.join(format_card(c) for c in deck)}"]
    for step, agent in enumerate(e.agent_iter(max_iter=5000)):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            lines.append(f"-- end {agent}: reward {reward:g} results {info['results']} redeals {info['redeals']}")
            e.step(None)
            continue
        allowed = np.flatnonzero(obs["action_mask"]).tolist()
        token = rng.choice(allowed)
        lines.append(f"-- step {step}: {agent}")
        lines.append("allowed: " + ", ".join(names[t] for t in allowed))
        lines.append("observation: " + _nonzero(name, obs["observation"]))
        lines.append(f"token: {names[token]}")
        e.step(token)
    return "\n".join(lines) + "\n"


def file_name(name: str, seed: int) -> str:
    return f"{name}-{seed}.txt"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.rl.golden --write")
    for name, seed in GOLDEN:
        (FOLDER / file_name(name, seed)).write_text(transcript(name, seed), encoding="utf-8")
