"""Every worked example of the rules page (§4) that is a hand or part of one, kept as a record in
``records/`` and replayed through `cardtable.record.replay_record` with its exact result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.record import replay_record

RECORDS = Path(__file__).parent / "records"

# name -> what the replay report must show (score rows per hand, match, winner, to_act, legal, error)
EXPECTED: dict[str, dict[str, Any]] = {
    # V22: A has High and Game (2 points) against a bid of 3: set. B has Low and Jack.
    "v22_full_hand_bidder_set": {"scores": [[-3, 2, -3, 2]], "match": [-3, 2], "winner": None, "next_dealer": 0},
    "v22_low_awarded_to_capturer": {"scores": [[3, 1, 3, 1]], "match": [3, 1], "winner": None},
    "v22_strict_follow_rejects_trump": {"error": (15, "0 play 9S", "must follow hearts")},
    # V25: High nobody (AD dead), Low A, Jack B, Game tied: A set 2, B +1.
    "v25_game_tie_ace_dead": {"scores": [[-2, 1, -2, 1]], "match": [-2, 1], "winner": None},
    "v25_game_tie_non_bidding_team": {"scores": [[-2, 2, -2, 2]]},
    "v25_high_highest_in_play": {"scores": [[-2, 2, -2, 2]]},
    "v25_low_awarded_to_capturer": {"scores": [[-2, 2, -2, 2]]},
    # V03-V05: the auction.
    "v03_normal_auction": {"to_act": 2, "legal": ["play KC", "play AD", "play 9H", "play QH", "play 8S", "play 10S"]},
    "v04_equal_bid_rejected": {"error": (1, "1 bid 2", "equal bid")},
    "v04_legal_after_bid_2": {"to_act": 1, "legal": ["pass", "bid 3", "bid 4"]},
    "v05_first_bidder_range": {"to_act": 0, "legal": ["pass", "bid 2", "bid 3", "bid 4"]},
    "v05_bid_1_rejected": {"error": (0, "0 bid 1", "bids run from 2 to 4")},
    "v05_bid_5_rejected": {"error": (0, "0 bid 5", "bids run from 2 to 4")},
    # V10: the discard and the first lead (kitty_size 3).
    "v10_discard_keeps_spades": {"to_act": 0, "legal": ["play AS", "play 7S", "play 9S", "play KS"]},
    "v10_discard_leaves_diamonds": {"to_act": 0, "legal": ["play QD"]},
    "v10_spade_lead_rejected": {"error": (2, "0 play AS", "spades cannot be trump")},
    "v10_discard_leaves_clubs": {"to_act": 0, "legal": ["play 7C", "play 9C"]},
    # V15, V17, V19: following.
    "v15_follow_or_trump": {"to_act": 2, "legal": ["play 7H", "play QS"]},
    "v15_strict": {"to_act": 2, "legal": ["play QS"]},
    "v15_off_suit_rejected": {"error": (18, "2 play AD", "must follow spades or play a trump")},
    "v17_trump_led": {"to_act": 2, "legal": ["play 7H"]},
    "v19_first_lead_sets_trump": {"to_act": 3, "legal": ["play AC"]},
    "v19_void_in_trump_any_card": {
        "to_act": 0,
        "legal": ["play 9D", "play JD", "play AH", "play JH", "play 9S", "play 10S"],
    },
    # V21: the trick's winner leads next.
    "v21a_only_trump_wins": {"to_act": 3},
    "v21b_off_suit_ace_never_wins": {"to_act": 1},
    "v21c_highest_trump_wins": {"to_act": 1},
    "v21d_higher_trump_wins": {"to_act": 2},
    # R34-R37 and §3 items 13-15: the end of the match.
    "r35_one_team_reaches_target": {"scores": [[-3, 2, -3, 2]], "match": [10, 15], "winner": [1, 3]},
    "item13_must_bid_to_win_defender_waits": {"match": [10, 15], "winner": None, "next_dealer": 0},
    "item14_bid_out_capped": {"scores": [[-3, 1, -3, 1]], "match": [10, 15], "winner": None},
    "r36_both_reach_bidder_wins": {"match": [15, 15], "winner": [0, 2]},
    "item15_higher_score_wins": {"match": [15, 16], "winner": [1, 3]},
    "item15_bidder_wins_over_higher_score": {"match": [15, 16], "winner": [0, 2]},
    "v28_set_bidder_over_target_wins_by_default": {"match": [15, 2], "winner": [0, 2]},
    "v28_set_bidder_cannot_go_out": {"match": [15, 2], "winner": None, "next_dealer": 0},
    # R15 and §3 item 6: four passes.
    "r15_passed_out_same_dealer": {"results": ["passed_out"], "scores": [[0, 0, 0, 0]], "next_dealer": 3},
    "item6_passed_out_next_dealer": {"results": ["passed_out"], "next_dealer": 0},
    "item6_stick_dealer_cannot_pass": {"error": (3, "3 pass", "may not pass")},
    "r15_redeal_then_play": {
        "results": ["passed_out", "played"],
        "scores": [[0, 0, 0, 0], [-3, 2, -3, 2]],
        "next_dealer": 0,
    },
}


def test_every_record_has_expectations() -> None:
    assert sorted(p.stem for p in RECORDS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_replays_to_its_worked_result(name: str) -> None:
    record = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    status, report = replay_record(record)
    want = EXPECTED[name]
    if "error" in want:
        index, text, reason = want["error"]
        assert status == 1, report
        assert (report["error"]["action"], report["error"]["text"]) == (index, text)
        assert reason in report["error"]["reason"]
        return
    assert status == 0, report
    if "scores" in want:
        assert [h.get("score") for h in report["hands"]] == want["scores"]
    if "results" in want:
        assert [h["result"] for h in report["hands"]] == want["results"]
    if "match" in want:
        assert report["match"] == {"scores": want["match"]}
    if "winner" in want:
        assert report["winner"] == want["winner"]
    if "next_dealer" in want:
        assert report["next_dealer"] == want["next_dealer"]
    if "to_act" in want:
        assert report["to_act"] == want["to_act"]
        assert report["position"] is not None
    if "legal" in want:
        assert report["legal"] == want["legal"]


def test_v22_details_name_who_scored_what() -> None:
    record = json.loads((RECORDS / "v22_full_hand_bidder_set.json").read_text(encoding="utf-8"))
    _, report = replay_record(record)
    details = report["hands"][0]["details"]
    assert details["points"] == {"high": 0, "low": 1, "jack": 1, "game": 0}
    assert details["game_counts"] == [42, 31]
    assert details["team_points"] == [2, 2]
    assert (details["bidder"], details["bid"], details["trump"], details["made"]) == (0, 3, "S", False)
    assert details["trick_winners"] == [0, 1, 0, 0, 2, 3]
    assert details["dead"] == ["9C", "JC", "QC", "7D", "8D", "KD", "7H", "JH"]


def test_v25_details_game_tie() -> None:
    record = json.loads((RECORDS / "v25_game_tie_ace_dead.json").read_text(encoding="utf-8"))
    _, report = replay_record(record)
    details = report["hands"][0]["details"]
    assert details["points"] == {"high": None, "low": 0, "jack": 1, "game": None}
    assert details["game_counts"] == [38, 38]
    assert details["high_card"] is None and details["low_card"] == "7D"
