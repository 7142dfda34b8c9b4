"""The review panel's pieces (`cardtable.analysis.panel`): the steps are the seat's own views, and
a hand not over gets no open-card value, whose solve would show the hidden cards."""

from __future__ import annotations

import pytest

from cardtable.analysis import panel
from cardtable.core import CardtableError
from cardtable.record import Record, load_game, replay
from tests.analysis.helpers import played_record


@pytest.mark.parametrize("game_name", ["seep", "smear", "sheepshead"])
def test_the_steps_are_the_seats_own_views(game_name: str) -> None:
    record = played_record(game_name, 31)
    plan = panel.plan(record, 0, 1)
    rec = Record.from_json(record)
    game = load_game(rec)
    views = [game.observe(step.state, 1).to_json() for step in replay(rec, game)]
    assert [s["view"] for s in plan["steps"]] == views
    assert plan["over"] and plan["score"] is not None
    assert plan["turns"] == [i for i, a in enumerate(record["hands"][0]["actions"]) if a.startswith("1 ")]  # type: ignore[index]


def test_a_hand_not_over_gets_no_open_card_value_and_bad_asks_are_refused() -> None:
    record = played_record("smear", 32)
    hand = record["hands"][0]  # type: ignore[index]
    hand["actions"] = hand["actions"][:12]
    plan = panel.plan(record, 0, 0)
    assert not plan["over"] and plan["score"] is None and plan["value"] is None
    with pytest.raises(CardtableError, match="not over"):
        panel.open_card(record, 0, 0)
    with pytest.raises(CardtableError, match="seat 7"):
        panel.plan(record, 0, 7)
    with pytest.raises(CardtableError, match="hand 2"):
        panel.plan(record, 2, 0)
    with pytest.raises(CardtableError, match="no decision 99"):
        panel.decision(record, 0, 0, 99)
