"""The table's words for each game's view."""

from __future__ import annotations

from cardtable.render import table_lines


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
    assert lines[0].startswith("Match: difference -20")


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


def test_an_unknown_shape_is_listed_plainly() -> None:
    assert table_lines("smear", {"seat": 0, "colour": "red"}) == ["seat: 0", 'colour: "red"']
