"""Every whole-hand example of §4 as a record (tests/sheepshead/records), replayed through
`cardtable.record.replay_record` with its exact scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.record import replay_record

RECORDS = Path(__file__).parent / "records"


def _replay(name: str) -> dict[str, Any]:
    obj = json.loads((RECORDS / f"{name}.json").read_text())
    status, report = replay_record(obj)
    assert status == 0, report
    return report


def test_h_a_schneider_win() -> None:
    """H-A: T = 4, P = 77 + 21 = 98, schneider (+4, +2, -2)."""
    report = _replay("h_a")
    hand = report["hands"][0]
    assert hand["result"] == "played"
    assert hand["score"] == [-2, 4, -2, 2, -2]
    d = hand["details"]
    assert (d["picker"], d["partner"], d["picker_points"], d["defender_points"], d["picker_tricks"]) == (
        1,
        3,
        98,
        22,
        4,
    )
    assert d["tricks"] == [1, 4, 0, 0, 1]
    assert d["outcome"] == "schneider"
    assert report["match"] == {"scores": [-2, 4, -2, 2, -2], "pending_doublers": 0}
    assert report["next_dealer"] == 0  # D3
    assert report["winner"] is None


def test_h_a_double_on_the_bump_makes_no_difference() -> None:
    obj = json.loads((RECORDS / "h_a.json").read_text())
    obj["rules"] = {"double_on_the_bump": True}
    status, report = replay_record(obj)
    assert status == 0 and report["hands"][0]["score"] == [-2, 4, -2, 2, -2]


def test_h_a_alone() -> None:
    hand = _replay("h_a_alone")["hands"][0]
    assert hand["score"] == [-2, 8, -2, -2, -2]
    assert hand["details"]["picker_points"] == 98


def test_h_a_jack_of_diamonds() -> None:
    """H-A-JD: the partner is s4 (JD); P = 77 + 9 + 21 = 107, T = 5: level 2."""
    hand = _replay("h_a_jd")["hands"][0]
    assert hand["score"] == [-2, 4, -2, -2, 2]
    d = hand["details"]
    assert (d["partner"], d["picker_points"], d["picker_tricks"], d["level"]) == (4, 107, 5, 2)


@pytest.mark.parametrize(
    ("name", "s1_points"),
    [("x1", 106), ("x1_first_trick", 106), ("x1_nobody", 95)],
)
def test_x1_leaster(name: str, s1_points: int) -> None:
    """X1: only s1 and s3 qualify; s3 (14) wins +4, every other seat -1."""
    hand = _replay(name)["hands"][0]
    assert hand["result"] == "leaster"
    assert hand["score"] == [-1, -1, -1, 4, -1]
    assert hand["details"]["points"] == [0, s1_points, 0, 14, 0]
    assert hand["details"]["tricks"] == [0, 5, 0, 1, 0]


def test_y1_doubler() -> None:
    """Y1: all pass (no score, pending 1), a doubled win (+4, +2, -2), then x1 again."""
    report = _replay("y1_doubler")
    first, second, third = report["hands"]
    assert (first["result"], first["score"], first["dealer"]) == ("doubler", [0, 0, 0, 0, 0], 3)
    assert first["details"]["pending_doublers"] == 1
    assert second["dealer"] == 4
    assert second["details"]["picker_points"] == 70
    assert second["details"]["multiplier"] == 2
    assert second["score"] == [-2, 4, -2, 2, -2]
    assert second["details"]["pending_doublers"] == 0
    assert third["details"]["multiplier"] == 1
    assert third["score"] == [1, 2, -1, -1, -1]
    assert report["match"] == {"scores": [-1, 6, -3, 1, -3], "pending_doublers": 0}


def test_illegal_action_in_a_record_names_hand_action_and_rule() -> None:
    obj = json.loads((RECORDS / "h_a.json").read_text())
    actions = obj["hands"][0]["actions"]
    actions[5] = "1 play 7H"  # R27: the picker's last heart, on a club lead
    status, report = replay_record(obj)
    assert status == 1
    err = report["error"]
    assert (err["hand"], err["action"], err["text"]) == (0, 5, "1 play 7H")
    assert "R27" in err["reason"] and "hold card" in err["reason"]


def test_unfinished_record_reports_legal_actions_and_position() -> None:
    obj = json.loads((RECORDS / "h_a.json").read_text())
    obj["hands"][0]["actions"] = obj["hands"][0]["actions"][:5]
    status, report = replay_record(obj)
    assert status == 0
    assert report["to_act"] == 1
    assert report["legal"] == ["play QC", "play QS", "play JC", "play AD", "play 8D"]
    assert report["position"]["trick"] == {"leader": 0, "cards": ["KC"]}
    assert report["hands"][0]["result"] == "unfinished"
