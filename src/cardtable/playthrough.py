"""Golden playthroughs: text transcripts of fixed deals played by a seeded random policy.

Each transcript shows every state's actor, each seat's view, the legal actions and the action
taken, then the hand's result. Transcripts are kept under ``tests/playthroughs/`` and diffed by
the tests, so any change of behaviour shows up as a readable diff. Regenerate them after an
intended change with::

    python -m cardtable.playthrough --write tests/playthroughs
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from cardtable import registry
from cardtable.core import CHANCE

#: (game, preset, seed) of every kept transcript: each game's package names the presets
#: (``PLAYTHROUGH_PRESETS``), each played from seeds 1 and 2.
PLAYTHROUGHS: tuple[tuple[str, str, int], ...] = tuple(
    (game, preset, seed)
    for game in registry.names()
    for preset in registry.playthrough_presets(game)
    for seed in (1, 2)
)


def transcript(game_name: str, preset: str, seed: int) -> str:
    """The transcript of one hand of ``game_name`` under ``preset``, dealt and played from ``seed``."""
    game = registry.get_game(game_name, preset)
    rng = random.Random(seed)
    state = game.start(seed % game.seats)
    lines = [f"game {game_name} preset {preset} seed {seed} dealer {game.dealer(state)}"]
    state = game.apply(state, game.deal(state, rng))
    step = 0
    while (seat := game.actor(state)) is not None:
        assert seat != CHANCE
        lines.append(f"-- step {step}: seat {seat} to act")
        for s in range(game.seats):
            lines.append(f"view {s}: {json.dumps(game.observe(state, s).to_json(), sort_keys=True)}")
        legal = list(game.legal_actions(state))
        lines.append("legal: " + ", ".join(game.format(a) for a in legal))
        action = rng.choice(legal)
        lines.append(f"action: {seat} {game.format(action)}")
        state = game.apply(state, action)
        step += 1
    result = game.outcome(state)
    assert result is not None
    lines.append(f"result: {result.result} score {list(result.score)}")
    lines.append(f"details: {json.dumps(result.details, sort_keys=True)}")
    lines.append(f"match: {json.dumps(game.match_json(state), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def file_name(game_name: str, preset: str, seed: int) -> str:
    """The file a transcript is kept in."""
    return f"{game_name}-{preset}-{seed}.txt"


def main(argv: list[str] | None = None) -> int:
    """Write every kept transcript to a folder."""
    parser = argparse.ArgumentParser(prog="python -m cardtable.playthrough")
    parser.add_argument("--write", metavar="DIR", required=True, help="folder to write transcripts to")
    args = parser.parse_args(argv)
    folder = Path(args.write)
    folder.mkdir(parents=True, exist_ok=True)
    for game, preset, seed in PLAYTHROUGHS:
        (folder / file_name(game, preset, seed)).write_text(transcript(game, preset, seed), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
