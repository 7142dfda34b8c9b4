"""The worked examples of the Seep rules page (§4, T01-T26) as records, replayed through
`cardtable.record.replay_record` and checked against the page: legality, the floor after, owners,
sweeps, card points, deal scores, the running difference, baazis and the next dealer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.record import replay_record
from tests.seep.build_records import examples

RECORDS = Path(__file__).parent / "records"


def H(value: int, sets: list[list[str]], owners: list[int]) -> dict[str, Any]:
    return {"value": value, "sets": [sorted(s) for s in sets], "owners": owners}


#: name -> ("illegal", rule, words in the reason) or ("ok", {field: expected}).
EXPECT: dict[str, tuple[Any, ...]] = {
    # T01
    "t01a": ("ok", {"loose": ["2S", "3D"], "houses": [], "pile0": ["5C", "6H", "JH"], "sweeps": [0, 0]}),
    "t01b": ("ok", {"loose": ["5C"], "pile0": ["2S", "3D", "6H", "JH"]}),
    "t01c": ("illegal", "M2", "2S+3D sums to 5, not 11"),
    "t01d": ("illegal", "M1", "may not be thrown"),
    "t01e": ("ok", {"loose": ["2S", "3D", "4C", "5C", "6H"], "pile0": []}),
    # T03
    "t03a": ("illegal", "M2", "H12 is not 13"),
    "t03b": ("ok", {"loose": ["AH", "KD"], "houses": [H(12, [["7H", "5D"]], [1])]}),
    "t03c": ("ok", {"loose": ["AH"], "houses": [], "pile0": ["5D", "7H", "QC"]}),
    "t03d": ("illegal", "M1", "can capture H12"),
    # T05
    "t05a": ("ok", {"loose": ["9D"], "houses": [H(11, [["5H", "6S"]], [0])], "hand0": ["2D", "JC"]}),
    "t05b": ("ok", {"loose": ["6S"], "houses": [H(11, [["2D", "9D"]], [0])]}),
    "t05c": ("illegal", "M3", "no card of value 11"),
    "t05d": ("illegal", "M3", "9 to 13"),
    # T06
    "t06": ("ok", {"loose": [], "houses": [H(11, [["5H", "6S"], ["JD"]], [0])]}),
    # T08
    "t08a": ("ok", {"loose": ["KC"], "houses": [H(11, [["4H", "5C", "2S"]], [0])]}),
    "t08b": ("illegal", "M4", "no card of value 11"),
    "t08c": ("ok", {"loose": [], "houses": [H(13, [["4H", "5C", "4S"], ["KC"]], [0])]}),
    "t08d": ("illegal", "M4", "14, above 13"),
    # T10
    "t10a": ("ok", {"loose": [], "houses": [H(11, [["5D", "6D"], ["4H", "5C", "2S"]], [0])]}),
    "t10b": ("ok", {"houses": [H(11, [["5D", "6D"], ["4H", "5C", "2S"]], [0, 3])]}),
    # T12
    "t12a": ("ok", {"loose": [], "houses": [H(13, [["6C", "7D"], ["KH"], ["9S", "4H"]], [2])]}),
    "t12b": ("illegal", "M5", "no card of value 13"),
    "t12c": ("ok", {"houses": [H(13, [["6C", "7D"], ["KH"], ["9S", "4H"]], [0, 1])]}),
    "t12d": ("illegal", "M5", "2D sums to 2, not 13"),
    # T16
    "t16a": ("illegal", "M2", "not a maximal capture"),
    "t16b": ("illegal", "M2", "must take H9"),
    "t16c": ("ok", {"loose": ["KD"], "houses": [], "sweeps": [0, 0], "pile0": ["3C", "4H", "5C", "6S", "9D"]}),
    "t16d": ("ok", {"loose": [], "houses": [], "sweeps": [50, 0]}),
    # T18
    "t18_bid": ("ok", {"to_act": 1}),
    "t18_bid_9": ("illegal", "R8", "no card of value 9"),
    "t18_bid_10": ("illegal", "R8", "no card of value 10"),
    "t18_bid_11": ("illegal", "R8", "no card of value 11"),
    "t18_bid_13": ("illegal", "R8", "no card of value 13"),
    "t18_build_7c": (
        "ok",
        {"loose": ["4C", "9H", "10D"], "houses": [H(12, [["7C", "5S"]], [1])], "sizes": [12, 11, 12, 12], "to_act": 2},
    ),
    "t18_build_3d_9h": ("ok", {"houses": [H(12, [["3D", "9H"]], [1])], "sizes": [12, 11, 12, 12]}),
    "t18_build_3d_5s_4c": ("ok", {"houses": [H(12, [["3D", "5S", "4C"]], [1])]}),
    "t18_build_2s_10d": ("ok", {"houses": [H(12, [["2S", "10D"]], [1])]}),
    "t18_build_11": ("illegal", "R10", "bid value 12"),
    "t18_throw_qh": ("ok", {"loose": ["4C", "5S", "9H", "10D", "QH"], "to_act": 2, "sizes": [12, 11, 12, 12]}),
    "t18_capture_qh": ("illegal", "M2", "captures nothing"),
    "t18_throw_7c": ("illegal", "R10", "bid value 12"),
    # T21: 9S is 9 card points; team 1 holds the other 91 in these positions.
    "t21_play48": ("ok", {"score": [9, 91, 9, 91], "sweeps_detail": [0, 0], "sweep_list": [[0], []]}),
    "t21_play47": ("ok", {"score": [59, 91, 59, 91], "sweeps_detail": [50, 0]}),
    # T23
    "t23": (
        "ok",
        {
            "score": [174, 51, 174, 51],
            "card_points": [74, 26],
            "match": {"difference": 0, "baazis": [1, 0]},
            "baazi": {"team": 0, "why": "lead"},
            "difference_after": 0,
        },
    ),
    # T25
    "t25_deal1": ("ok", {"match": {"difference": 20, "baazis": [0, 0]}, "baazi": None}),
    "t25_deal2": ("ok", {"match": {"difference": -30, "baazis": [0, 0]}, "baazi": None}),
    "t25_deal3": (
        "ok",
        {
            "score": [30, 120, 30, 120],
            "match": {"difference": 0, "baazis": [0, 1]},
            "baazi": {"team": 1, "why": "lead"},
        },
    ),
    "t25_deal4": ("ok", {"match": {"difference": 48, "baazis": [0, 1]}, "baazi": None}),
    "t25_deal5": ("ok", {"match": {"difference": 98, "baazis": [0, 1]}, "baazi": None}),
    "t25_deal6": ("ok", {"match": {"difference": 0, "baazis": [1, 1]}, "baazi": {"team": 0, "why": "lead"}}),
    # T26
    "t26a": ("ok", {"next_dealer": 1, "difference_after": 20}),
    "t26b": ("ok", {"next_dealer": 1, "difference_after": 5}),
    "t26c": ("ok", {"next_dealer": 1, "difference_after": 0}),
    "t26d": ("ok", {"next_dealer": 2, "difference_after": -10}),
    "t26e": ("ok", {"next_dealer": 0, "baazi": {"team": 1, "why": "lead"}}),
    "t26f": ("ok", {"next_dealer": 1, "baazi": {"team": 0, "why": "lead"}}),
    # R8 (record §3): a misdeal is a hand of the record with no actions.
    "r8_misdeal_then_redeal": ("ok", {"to_act": 0}),
}


def test_every_example_has_a_record_and_an_expectation() -> None:
    files = {p.stem for p in RECORDS.glob("*.json")}
    assert files == set(EXPECT) == set(examples())


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_record_file_is_up_to_date(name: str) -> None:
    assert json.loads((RECORDS / f"{name}.json").read_text()) == examples()[name]


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_example_replays(name: str) -> None:
    status, rep = replay_record(json.loads((RECORDS / f"{name}.json").read_text()))
    kind, *rest = EXPECT[name]
    if kind == "illegal":
        rule, words = rest
        assert status == 1, rep
        assert rep["error"]["action"] == len(examples()[name]["hands"][0]["actions"]) - 1
        assert f"({rule})" in rep["error"]["reason"] and words in rep["error"]["reason"], rep["error"]
        return
    assert status == 0, rep
    checks: dict[str, Any] = rest[0]
    pos = rep["position"]
    hand = rep["hands"][-1]
    details = hand.get("details", {})
    for key, want in checks.items():
        if key == "loose":
            assert sorted(pos["floor"]["loose"]) == sorted(want)
        elif key == "houses":
            got = [H(h["value"], h["sets"], sorted(h["owners"])) for h in pos["floor"]["houses"]]
            assert sorted(map(_house_key, got)) == sorted(map(_house_key, want))
        elif key == "pile0":
            assert sorted(pos["piles"][0]) == sorted(want)
        elif key == "hand0":
            assert sorted(pos["hands"][0]) == sorted(want)
        elif key == "sizes":
            assert [len(h) for h in pos["hands"]] == want
        elif key == "sweeps":
            assert pos["sweeps"] == want
        elif key == "to_act":
            assert rep["to_act"] == want
        elif key == "score":
            assert hand["score"] == want
        elif key == "match":
            assert rep["match"] == want
        elif key == "next_dealer":
            assert rep["next_dealer"] == want
        elif key == "sweeps_detail":
            assert details["sweeps"] == want
        else:
            assert details[key] == want, key


def _house_key(h: dict[str, Any]) -> str:
    return json.dumps({"value": h["value"], "sets": sorted(sorted(s) for s in h["sets"]), "owners": h["owners"]})


def test_t23_card_points_total_100() -> None:
    status, rep = replay_record(json.loads((RECORDS / "t23.json").read_text()))
    assert status == 0
    assert sum(rep["hands"][0]["details"]["card_points"]) == 100


def test_r8_misdeal_record_reports_the_misdeal() -> None:
    status, rep = replay_record(json.loads((RECORDS / "r8_misdeal_then_redeal.json").read_text()))
    assert status == 0
    first, second = rep["hands"]
    assert first["result"] == "misdeal" and first["score"] == [0, 0, 0, 0] and first["dealer"] == 3
    assert second == {"dealer": 3, "result": "unfinished"}
    assert rep["match"] == {"difference": 0, "baazis": [0, 0]}
    assert rep["legal"][0].startswith("build 12") or "throw QH" in rep["legal"]
    assert rep["position"] is None  # before the opening move
