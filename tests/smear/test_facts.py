"""Smear's playout facts (`analysis.facts`, what the review's "why" counts) are read off the hand's
tally: they must be what `Smear.outcome` reports of the same end (R27-R33: the four points, the
bid made or set, the tricks), for every seat, under rule sets that move the points."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games.smear import Smear, analysis
from tests.random_play import random_states

RULES: list[dict[str, Any]] = [
    {},
    {"kitty_size": 2, "high_rule": "highest_in_play", "low_rule": "lowest_in_play"},
    {"low_awarded_to": "capturer", "discards_as_captured": True, "discards_count_for_game": True, "kitty_size": 3},
    {"all_pass": "stick_dealer", "min_bid": 3},
]


def _from_outcome(game: Smear, end: Any, seat: int) -> dict[str, float]:
    """The facts as the outcome states them (the reference)."""
    result = game.outcome(end)
    if result is None or result.result != "played":
        return {"passed_out": 1.0}
    d = result.details
    ours = seat % 2
    bid_ours = d["bidder"] % 2 == ours
    counts = {ours: not (bid_ours and not d["made"]), 1 - ours: bid_ours or d["made"]}
    out: dict[str, float] = {}
    for name, team in d["points"].items():
        out[name] = float(team == ours)
        out[f"{name}_them"] = float(team == 1 - ours)
        out[f"{name}_worth"] = float(team == ours and counts[ours]) - float(team == 1 - ours and counts[1 - ours])
    out["bid"] = float(d["bid"])
    out["made_ours"] = float(bid_ours and d["made"])
    out["set_ours"] = float(bid_ours and not d["made"])
    out["set_them"] = float(not bid_ours and not d["made"])
    out["tricks"] = float(sum(w % 2 == ours for w in d["trick_winners"]))
    return out


@pytest.mark.parametrize("options", RULES, ids=str)
def test_the_facts_are_the_outcomes(options: dict[str, Any]) -> None:
    game = Smear(**options)
    ends = [s for s in random_states(game, 150, seed=27) if game.actor(s) is None]
    assert len(ends) == 150
    kinds = set()
    for end in ends:
        for seat in range(4):
            got = analysis.facts(game, {}, end, seat)
            assert got == _from_outcome(game, end, seat), (end, seat)
            kinds.add("passed" if "passed_out" in got else "set" if got["set_ours"] or got["set_them"] else "made")
    assert {"made", "set"} <= kinds  # both ends of a bid met
