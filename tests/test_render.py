"""The table's words for each game's view, and what the table layout draws from it."""

from __future__ import annotations

from typing import Any

from cardtable.render import SeatInfo, places, seat_infos, table_lines, trick_shown, with_match


def test_seep_houses_show_value_owners_and_cement() -> None:
    view = {
        "seat": 2,
        "dealer": 0,
        "bid": 12,
        "plays": 13,
        "floor": {
            "loose": ["3H", "10S"],
            "hidden": 0,
            "houses": [
                {"value": 9, "sets": [["4S", "5S"]], "owners": [3]},
                {"value": 11, "sets": [["JC"], ["JS"]], "owners": [2, 1]},
            ],
        },
        "piles": [[], ["9C", "9S"]],
        "sweeps": [0, 50],
        "match": {"difference": -20, "baazis": [1, 0]},
    }
    lines = table_lines("seep", view)
    assert "House H9 (open, owned by seat 3): 4♠+5♠" in lines
    assert "House H11 (cemented, owned by you, seat 1): J♣ | J♠" in lines
    assert "Loose cards: 3♥ 10♠" in lines
    assert any("theirs 2 cards, sweeps 50" in line for line in lines)
    assert lines[0] == "Match: they lead by 20 · baazis: your team 1, them 0"


def test_smear_auction_trump_and_trick() -> None:
    view = {
        "seat": 0,
        "phase": "play",
        "scores": [3, -2],
        "auction": [{"seat": 1, "call": "bid 2"}, {"seat": 2, "call": "pass"}],
        "bidder": 1,
        "bid": 2,
        "trump": "H",
        "leader": 1,
        "trick": ["AH", "7H"],
        "tricks": [{"leader": 1, "cards": ["KH", "QH", "JH", "10H"], "winner": 1}],
        "kitty": None,
        "discard": None,
        "dead": None,
    }
    lines = table_lines("smear", view)
    assert "Trump: ♥ hearts" in lines
    assert "Trick: seat 1 A♥, seat 2 7♥" in lines
    assert "Tricks won: your team 0, theirs 1" in lines
    assert lines[0] == "Match: your team 3 · them \u22122"  # a true minus sign, as the narration's
    after = with_match("smear", view, {"scores": [7, -2]})
    assert table_lines("smear", after)[0] == "Match: your team 7 · them \u22122"


def test_the_bury_is_labelled_as_the_pickers() -> None:
    view = {"seat": 0, "phase": "done", "scores": [0] * 5, "picker": 3, "bury": ["KC", "10H"], "tricks": []}
    assert "Seat 3's bury: K♣ 10♥" in table_lines("sheepshead", view)
    assert "Your bury: K♣ 10♥" in table_lines("sheepshead", {**view, "seat": 3})


def test_an_unknown_shape_is_listed_plainly() -> None:
    assert table_lines("smear", {"seat": 0, "colour": "red"}) == ["seat: 0", 'colour: "red"']


def test_places_put_you_at_the_bottom_and_your_partner_opposite() -> None:
    assert places(4, 1) == {1: "bottom", 2: "left", 3: "top", 0: "right"}
    assert places(5, 0) == {0: "bottom", 1: "left", 2: "top-left", 3: "top-right", 4: "right"}


def _smear_play_view() -> dict[str, Any]:
    return {
        "seat": 0,
        "phase": "play",
        "dealer": 3,
        "hand_sizes": [4, 4, 3, 3],
        "auction": [{"seat": 0, "call": "pass"}, {"seat": 1, "call": "bid 2"}],
        "bidder": 1,
        "bid": 2,
        "leader": 2,
        "trick": ["AH", "7H"],
        "tricks": [{"leader": 1, "cards": ["KH", "QH", "JH", "10H"], "winner": 2}],
    }


def test_smear_seats_show_counts_tricks_and_markers() -> None:
    seats = seat_infos("smear", _smear_play_view(), 4)
    assert [s.held for s in seats] == [4, 4, 3, 3]
    assert seats[1].markers == ("bidder 2",)
    assert seats[3].markers == ("dealer",)
    assert seats[2].taken == "tricks 1" and seats[0].taken == "tricks 0"


def test_the_trick_is_shown_by_seat_and_the_last_trick_once_gathered() -> None:
    view = _smear_play_view()
    shown = trick_shown("smear", view, 4)
    assert shown is not None and shown.cards == {2: "AH", 3: "7H"} and shown.caption == "trick 2, led by seat 2"
    view["trick"] = []
    shown = trick_shown("smear", view, 4)
    assert shown is not None and shown.cards == {1: "KH", 2: "QH", 3: "JH", 0: "10H"}
    assert shown.winner == 2 and shown.caption == "trick 1 won by seat 2"
    assert trick_shown("smear", {**view, "phase": "auction", "tricks": [], "leader": None}, 4) is None
    assert trick_shown("seep", view, 4) is None


def test_sheepshead_seats_count_cards_and_points_from_the_tricks() -> None:
    view = {
        "seat": 0,
        "dealer": 4,
        "phase": "play",
        "hand": ["QC", "JD", "AH", "7S", "9D"],
        "picker": 2,
        "passes": 1,
        "partner_known": True,
        "partner": 3,
        "cracks": 0,
        "tricks": [{"leader": 0, "cards": ["10H", "KH", "AS", None, "8H"], "winner": 2}],
        "trick": {"leader": 2, "cards": ["QD"]},
    }
    seats = seat_infos("sheepshead", view, 5)
    assert [s.held for s in seats] == [5, 5, 4, 5, 5]
    assert seats[2].markers == ("picker",) and seats[3].markers == ("partner",) and seats[4].markers == ("dealer",)
    assert seats[2].taken == "tricks 1 · 25 pts"  # R6: 10 + 4 + 11, the face-down card not counted
    # R14: while the picker buries, the picker holds the blind too
    bury = {**view, "phase": "bury", "tricks": [], "trick": {"leader": 0, "cards": []}, "hand": ["QC"] * 6}
    assert [s.held for s in seat_infos("sheepshead", bury, 5)] == [6, 6, 8, 6, 6]


def test_seep_seats_show_the_bidder_and_the_team_piles() -> None:
    view = {
        "seat": 0,
        "dealer": 3,
        "bid": 12,
        "hand_sizes": [11, 12, 12, 12],
        "piles": [["9C", "9S"], []],
        "sweeps": [50, 0],
        "last_capture": 0,
    }
    seats = seat_infos("seep", view, 4, [(0, "bid 12"), (0, "capture 9C 9S")])
    assert seats[0].markers == ("bidder 12", "took last") and seats[3].markers == ("dealer",)
    assert seats[2].markers == ()
    # Without the hand's actions the view names only the team (R16): both its seats say so.
    bare = seat_infos("seep", view, 4)
    assert bare[0].markers == ("bidder 12", "team took last") and bare[2].markers == ("team took last",)
    assert seats[2].taken == "team pile 2 · sweeps 50" and seats[1].taken == "team pile 0"
    assert seat_infos("seep", {"seat": 0}, 4) == [SeatInfo(s, None, "", ()) for s in range(4)]


def test_seep_took_last_is_the_seat_that_captured_not_its_team_number() -> None:
    """Team 1 captured last, with seat 3: seat 3 is marked, not seat 1 (a team compared with a seat)."""
    view = {
        "seat": 0,
        "dealer": 0,
        "bid": 13,
        "hand_sizes": [12, 12, 12, 11],
        "piles": [[], ["3C", "4S", "6C", "KD"]],
        "sweeps": [0, 0],
        "last_capture": 1,
    }
    history = [(1, "bid 13"), (1, "build 13 KD"), (2, "throw 2C"), (3, "capture KD 3C+4S+6C")]
    seats = seat_infos("seep", view, 4, history)
    assert [s.seat for s in seats if "took last" in s.markers] == [3]
    assert "took last" not in seats[1].markers
