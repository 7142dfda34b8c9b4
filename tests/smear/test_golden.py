"""Golden fixed-deal playthroughs: every state's seat to act, the views, the legal actions and the
action taken, then the result. After an intended change of behaviour, regenerate with
``python -m tests.smear.test_golden`` (from the project root) and read the diff."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from .helpers import V22_DEAL, smear

FOLDER = Path(__file__).parent / "golden"

#: name -> (options, dealer, seed, match): each a full match hand dealt from ``seed`` (or V22's deal).
GOLDEN: dict[str, tuple[dict[str, Any], int, int | None, dict[str, Any] | None]] = {
    "v22_deal_random_play": ({}, 3, None, None),
    "kitty3_seed7": ({"kitty_size": 3}, 1, 7, None),
    "kitty2_capturer_seed11": ({"kitty_size": 2, "low_awarded_to": "capturer"}, 2, 11, {"scores": [13, 12]}),
    "bid_out_capped_strict_seed5": (
        {"must_bid_to_win": True, "non_bidder_cap": 15, "follow_rule": "strict"},
        0,
        5,
        {"scores": [14, 14]},
    ),
}


def transcript(name: str) -> str:
    """The playthrough of one golden hand, as text."""
    options, dealer, seed, match = GOLDEN[name]
    game = smear(**options)
    rng = random.Random(seed if seed is not None else 22)
    state = game.start(dealer, match)
    deal = game.deal_from_json(V22_DEAL, dealer) if seed is None else game.deal(state, rng)
    lines = [f"smear {json.dumps(options, sort_keys=True)} dealer {dealer} match {game.match_json(state)}"]
    lines.append("deck: " + json.dumps(game.position_json(game.apply(state, deal))))
    state = game.apply(state, deal)
    step = 0
    while (seat := game.actor(state)) is not None:
        lines.append(f"-- step {step}: seat {seat}")
        for s in range(4):
            lines.append(f"view {s}: {json.dumps(game.observe(state, s).to_json(), sort_keys=True)}")
        legal = game.legal_actions(state)
        lines.append("legal: " + ", ".join(game.format(a) for a in legal))
        action = rng.choice(legal)
        lines.append(f"action: {seat} {game.format(action)}")
        state = game.apply(state, action)
        step += 1
    result = game.outcome(state)
    assert result is not None
    lines.append(f"result: {result.result} {list(result.score)}")
    lines.append(f"details: {json.dumps(result.details, sort_keys=True)}")
    lines.append(f"match: {json.dumps(game.match_json(state))} winner {game.winner(state)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name: str) -> None:
    kept = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(name) == kept


if __name__ == "__main__":
    FOLDER.mkdir(exist_ok=True)
    for key in GOLDEN:
        (FOLDER / f"{key}.txt").write_text(transcript(key), encoding="utf-8")
