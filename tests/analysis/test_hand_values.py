"""The open-card values of a hand's seats, solved in turn with one table for each kin of seats
(`opencard.hand_values`), are the values each seat's solve finds alone, and a seat's result does
not hang on which other seats are asked."""

from __future__ import annotations

import pytest

from cardtable.analysis import opencard, review
from cardtable.record import Record, load_game
from tests.analysis.helpers import played_record

HANDS = [("smear", 3), ("smear", 4), ("sheepshead", 3), ("sheepshead", 4), ("sheepshead", 6), ("sheepshead", 7)]


@pytest.mark.parametrize(("name", "seed"), HANDS)
def test_a_hands_values_shared_are_the_values_alone(name: str, seed: int) -> None:
    record = Record.from_json(played_record(name, seed))
    game = load_game(record)
    plays = review.plays(record, game, 0)
    together = opencard.hand_values(game, plays, list(plays))
    shared = 0
    for seat, states in plays.items():
        alone = opencard.earliest_value(game, states, seat)  # a table of its own
        got = together[seat]
        assert got["value"] == alone["value"], seat
        if got["value"] is not None:
            assert got["nodes"] <= alone["nodes"] or not alone["whole"]
            shared += got["nodes"] < alone["nodes"]
        assert opencard.hand_values(game, plays, [seat])[seat] == got  # asked alone, the same
    if name == "smear" or together[next(iter(plays))]["value"] is not None:
        assert shared > 0  # a later seat of a kin started from the earlier one's table
