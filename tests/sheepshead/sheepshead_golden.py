"""Golden Sheepshead playthroughs: fixed deals, fixed openings, then a seeded random policy.

Each transcript lists, at every step, the seat to act, its view (every seat's view when a phase
or a trick begins), the legal actions and the action taken, then every view and the result.
Regenerate after an intended change of behaviour with

    python -m tests.sheepshead.sheepshead_golden

and review the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cardtable.games.sheepshead import Sheepshead

from .sheepshead_support import DECK_A, DECK_D1, SCHWANZ_DEAL, TEN_DEAL, UNKNOWN_DEAL

FOLDER = Path(__file__).parent / "golden"

#: name -> (rule options, deal, dealer, opening actions, seed of the random policy that follows)
GOLDEN: dict[str, tuple[dict[str, Any], dict[str, Any], int, list[str], int]] = {
    "deal-a-called-ace": ({}, {"deck": DECK_A.split()}, 4, ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH"], 1),
    "deal-a-leaster": ({}, {"deck": DECK_A.split()}, 4, [f"{i} pass" for i in range(5)], 2),
    "deal-a-jack-of-diamonds": (
        {"partner_mode": "jack_of_diamonds", "cracking": True},
        {"deck": DECK_A.split()},
        4,
        ["0 pass", "1 pick", "1 bury AS 10S", "2 crack", "1 recrack"],
        3,
    ),
    "unknown-call": (
        {"allow_unknown_call": True},
        UNKNOWN_DEAL,
        4,
        ["0 pick", "0 bury JH JD", "0 call AH unknown JS"],
        4,
    ),
    "ten-call": ({"called_ten_beats_ace": True}, TEN_DEAL, 4, ["0 pick", "0 bury KD 9D", "0 call 10H"], 5),
    "blitz-d1": ({"blitzing": True, "double_on_the_bump": True}, {"deck": DECK_D1.split()}, 4, ["0 blitz"], 6),
    "schwanzer": ({"no_pick_rule": "schwanzer"}, SCHWANZ_DEAL, 4, [f"{i} pass" for i in range(5)], 7),
}


def transcript(name: str) -> str:
    """The transcript of one golden hand."""
    options, deal, dealer, opening, seed = GOLDEN[name]
    game = Sheepshead(**options)
    rng = random.Random(seed)
    state = game.apply(game.start(dealer), game.deal_from_json(deal, dealer))
    lines = [f"sheepshead {name} rules {json.dumps(options, sort_keys=True)} dealer {dealer}"]
    step = 0
    last_phase = state.phase
    while (seat := game.actor(state)) is not None:
        lines.append(f"-- step {step}: seat {seat} to act")
        # every seat's view when a phase or a trick begins, else the view of the seat to act
        everyone = step == 0 or state.phase != last_phase or not state.trick
        for s in range(5) if everyone else (seat,):
            lines.append(f"view {s}: {json.dumps(game.observe(state, s).to_json(), sort_keys=True)}")
        last_phase = state.phase
        legal = list(game.legal_actions(state))
        lines.append("legal: " + ", ".join(game.format(a) for a in legal))
        action = game.parse(opening[step].split(" ", 1)[1]) if step < len(opening) else rng.choice(legal)
        lines.append(f"action: {seat} {game.format(action)}")
        state = game.apply(state, action)
        step += 1
    result = game.outcome(state)
    assert result is not None
    for s in range(5):
        lines.append(f"view {s}: {json.dumps(game.observe(state, s).to_json(), sort_keys=True)}")
    lines.append(f"result: {result.result} score {list(result.score)}")
    lines.append(f"details: {json.dumps(result.details, sort_keys=True)}")
    lines.append(f"match: {json.dumps(game.match_json(state), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write every golden transcript."""
    FOLDER.mkdir(exist_ok=True)
    for name in GOLDEN:
        (FOLDER / f"{name}.txt").write_text(transcript(name), encoding="utf-8")


if __name__ == "__main__":
    main()
