"""Blunders planted in records are graded blunders, and a forced move is best.

Each record is a hand of the rule-based bot at every seat (`helpers.played_record`, fixed
seeds), cut at one decision where a plain blunder was at hand, with the blunder played there:

- Smear: the trump jack spent, last to play, on a trick the 10♣ would have taken too (the trump
  ace thrown on the partner's trick came out at the seeds tried as a loss of about a fifth of a
  point);
- Seep: a card thrown when the house of 13 was there to take;
- Sheepshead: the picker burying two high trumps (the queens of spades and diamonds). An ace
  schmeared onto a late trick came out at the seeds tried as a loss of about a quarter of a
  point by the search, not a blunder.

The decision is analysed as `cardtable analyze` analyses it (the same search, the same random
numbers for the same place in the record), at the game's default level.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.analysis.parts import level, thresholds
from cardtable.analysis.review import DEFAULT_LEVEL, analyze_position, decision_rng, search_bot
from cardtable.record import Record, replay
from tests.analysis.helpers import played_record

#: (game, seed of the record, index of the action replaced, the blunder, words its "why" holds,
#: whether the record is played by the classic rule-based bot: Seep's and Sheepshead's positions
#: were found in hands of the bots as they were before their rule-based bots changed)
PLANTED = [
    ("smear", 22, 19, "2 play JS", "the 10♣ would have taken the trick too, and the trump was spent", False),
    ("seep", 1, 17, "1 throw AH", "the house of 13 was there to take", True),
    ("sheepshead", 4, 4, "4 bury QS QD", "the Q♠ and the Q♦ are trump, which wins tricks", True),
]


def _planted(name: str, seed: int, index: int, blunder: str, classic: bool) -> tuple[Any, Any, dict[str, Any]]:
    """The game, the state before the blunder, and the record cut after it."""
    game = registry.get_game(name)
    record = played_record(name, seed, classic=classic)
    hand = record["hands"][0]
    record["hands"] = [hand | {"actions": [*hand["actions"][:index], blunder]}]
    states = [step.state for step in replay(Record.from_json(record), game)]
    return game, states[-2], record


@pytest.mark.parametrize(("name", "seed", "index", "blunder", "words", "classic"), PLANTED)
def test_a_planted_blunder_is_graded_a_blunder(
    name: str, seed: int, index: int, blunder: str, words: str, classic: bool
) -> None:
    game, before, _ = _planted(name, seed, index, blunder, classic)
    made = game.parse(blunder.split(" ", 1)[1])
    bot = search_bot(game, level(game, DEFAULT_LEVEL), None)
    d = analyze_position(game, before, made, bot, decision_rng(0, 0, index))
    assert d["grade"] == "blunder", d
    assert d["best"] != d["made"] and d["loss"] >= thresholds(game).mistake
    assert d["loss_interval"][0] > 0  # measured again on fresh worlds, the loss is clear of noise
    assert words in d["why"]


@pytest.mark.parametrize("name", ["seep", "sheepshead", "smear"])
def test_a_forced_move_is_best_without_a_search(name: str) -> None:
    game = registry.get_game(name)
    record = played_record(name, 4)
    before = None
    for step in replay(Record.from_json(record), game):
        if step.action is not None and len(game.legal_actions(before)) == 1:
            (only,) = game.legal_actions(before)
            d = analyze_position(game, before, only, None, random.Random(0))  # no search to call
            assert d["forced"] and d["grade"] == "best" and d["best"] == d["made"] == game.format(only)
            return
        before = step.state
    pytest.fail("no forced move in the hand")
