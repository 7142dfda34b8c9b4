"""The open-card values of a hand's seats, solved in turn with one table for each kin of seats
(`opencard.hand_values`), are the values each seat's solve finds alone, and a seat's result does
not hang on which other seats are asked."""

from __future__ import annotations

from typing import Any

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


@pytest.mark.parametrize(("name", "seed"), [("seep", 3), ("seep", 5), ("smear", 3)])
def test_a_seats_solves_go_back_from_its_last_decision_and_stop_at_the_limit(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`opencard.earliest_value` solves from the seat's last decision back, one decision at a
    time, and asks nothing before the first solve that passes the node limit: its value is the one
    from the earliest decision solved (a Seep hand, too wide to solve whole, passes the limit a few
    decisions from its end; a Smear hand is solved whole)."""
    record = Record.from_json(played_record(name, seed))
    game = load_game(record)
    plays = review.plays(record, game, 0)
    asked: list[tuple[Any, dict[str, Any]]] = []
    open_value = opencard.open_value

    def recorded(game: Any, state: Any, seat: int, **kwargs: Any) -> dict[str, Any]:
        got = open_value(game, state, seat, **kwargs)
        asked.append((state, got))
        return got

    monkeypatch.setattr(opencard, "open_value", recorded)
    passed = 0
    for seat, states in plays.items():
        asked.clear()
        tables: dict[Any, Any] = {}
        got = opencard.earliest_value(game, states, seat, tables)
        back = [s for _, s in reversed(states)][: len(asked)]
        assert [state for state, _ in asked] == back  # the last decision first, none skipped
        solved = [v for _, v in asked if v["value"] is not None]
        assert all(v["value"] is not None for _, v in asked[:-1])  # only the last asked can fail
        growth = getattr(opencard.solver(game), "growth", None)
        for _, v in asked[:-1]:  # a solve is asked after one only while it might finish
            assert growth is None or v["nodes"] * growth <= opencard.solver(game).node_limit
        if asked[-1][1]["value"] is None:
            passed += 1
            assert "not solved within" in asked[-1][1]["reason"]
            assert len(asked) < len(states) or not solved
        elif len(asked) < len(states):  # stopped short of the first decision: predicted to pass
            passed += 1
            assert growth is not None and asked[-1][1]["nodes"] * growth > opencard.solver(game).node_limit
            earlier = states[len(states) - len(asked) - 1][1]
            assert open_value(game, earlier, seat, tables=tables)["value"] is None  # it would have passed
        if solved:
            assert got == solved[-1] | {"from": states[len(states) - len(asked) + (asked[-1][1]["value"] is None)][0],
                                        "whole": len(solved) == len(states)}  # fmt: skip
    if name == "seep":
        assert passed > 0  # the limit was met, and nothing before it asked
    else:
        assert passed == 0
