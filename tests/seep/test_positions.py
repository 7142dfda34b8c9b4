"""Record §4 positions: every validity condition has its own message; positions round-trip."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardtable.core import BadNotation, BadPosition
from cardtable.games.seep import Seep
from tests.seep.make import position

BASE = position(hand="JH 4C", loose="2S 3D 5C 6H", houses=[(12, ["7H 5D"], [1])])


def bad(change: Any, match: str, **rules: Any) -> None:
    pos = copy.deepcopy(BASE)
    change(pos)
    with pytest.raises(BadPosition, match=match):
        Seep(**rules).position_start(pos, None)


def test_base_position_is_valid() -> None:
    g = Seep()
    s = g.position_start(BASE, None)
    assert g.actor(s) == 0 and g.position_json(s) is not None


def test_not_an_object_or_missing_or_unknown_field() -> None:
    with pytest.raises(BadPosition, match="expected an object"):
        Seep().position_start([], None)
    bad(lambda p: p.pop("bid"), "missing field 'bid'")
    bad(lambda p: p.update(colour="red"), "unknown field 'colour'")


def test_dealer_bid_plays_ranges() -> None:
    bad(lambda p: p.update(dealer=4), r"position.dealer: expected a whole number from 0 to 3")
    bad(lambda p: p.update(bid=8), r"position.bid: expected a whole number from 9 to 13")
    bad(lambda p: p.update(plays=0), r"position.plays: expected a whole number from 1 to 48")


def test_every_card_exactly_once() -> None:
    bad(lambda p: p["piles"][1].pop(), "every card must appear once; missing")
    bad(lambda p: p["floor"]["loose"].append("JH"), "JH appears twice")
    bad(lambda p: p["hands"][0].__setitem__(0, "ZZ"), "unknown card")


def test_hand_sizes_follow_plays() -> None:
    def move(p: dict[str, Any]) -> None:
        p["piles"][1].append(p["hands"][2].pop())

    bad(move, r"position.hands\[2\]: seat 2 must hold 1 cards after 43 plays, not 0")


def test_house_values_sets_and_owners() -> None:
    bad(lambda p: p["floor"]["houses"][0].update(value=8), "a house value is 9 to 13")
    bad(lambda p: p["floor"]["houses"][0].update(value=11), r"sets\[0\]: 5D\+7H does not sum to 11")
    bad(lambda p: p["floor"]["houses"][0].update(owners=[]), "owners must be a non-empty list")
    bad(lambda p: p["floor"]["houses"][0].update(owners=[2]), r"owner 2: seat 2 holds no card of value 12 \(I3\)")

    def twice(p: dict[str, Any]) -> None:
        p["floor"]["houses"].append({"value": 12, "sets": [["QD"]], "owners": [1]})
        p["piles"][1].remove("QD")

    bad(twice, r"already a house of value 12 \(I1\)")


def test_house_of_one_card_is_refused() -> None:
    def one(p: dict[str, Any]) -> None:
        p["floor"]["houses"].append({"value": 13, "sets": [["KD"]], "owners": [1]})
        p["piles"][1].remove("KD")

    bad(one, r"at least 2 cards \(R13\)")


def test_no_loose_card_of_a_house_value() -> None:
    def loose_q(p: dict[str, Any]) -> None:
        p["floor"]["loose"].append("QD")
        p["piles"][1].remove("QD")

    bad(loose_q, r"QD has the value of house 12 \(I2\)")


def test_every_owner_holds_a_card_under_either_retention_scope() -> None:
    pos = copy.deepcopy(BASE)
    q = next(c for c in pos["hands"][1] if c.startswith("Q"))
    pos["hands"][1].remove(q)
    pos["hands"][3].append(q)
    pos["hands"][1].append(pos["hands"][3].pop(0))
    for scope in ("player", "team"):
        with pytest.raises(BadPosition, match="I3"):
            Seep(retention_scope=scope).position_start(pos, None)


def test_rule_dependent_conditions() -> None:
    def houses3(p: dict[str, Any]) -> None:
        for v, cards, seat in [(9, ["4S", "5S"], 2), (11, ["6S", "5H"], 0)]:
            p["floor"]["houses"].append({"value": v, "sets": [cards], "owners": [seat]})
            for c in cards:
                p["piles"][1].remove(c)
        p["piles"][1].append(p["hands"][2][0])  # seat 2 keeps a 9 for its house
        p["hands"][2][0] = "9C"
        p["piles"][1].remove("9C")

    bad(houses3, "at most 2 houses", max_houses=2)


def test_sweeps_and_last_capture() -> None:
    bad(lambda p: p.update(sweeps=[0]), "position.sweeps: expected two whole numbers")
    bad(lambda p: p.update(last_capture=2), "position.last_capture: expected 0, 1 or null")
    bad(lambda p: p.update(last_capture=None), "null, yet a pile holds captured cards")
    bad(lambda p: p.update(last_capture=0), "team 0 has captured nothing")


def test_floor_shape() -> None:
    bad(lambda p: p.update(floor=[]), "position.floor: expected an object")
    bad(lambda p: p["floor"].update(houses={}), "expected a list of houses")


def test_position_json_round_trip_in_random_play() -> None:
    g = Seep()
    rng = random.Random(44)
    for _ in range(10):
        s = g.start(rng.randrange(4), {"difference": 12, "baazis": [1, 0]})
        s = g.apply(s, g.deal(s, rng))
        while g.actor(s) is not None:
            pos = g.position_json(s)
            if s.plays == 0:
                assert pos is None
            else:
                assert pos is not None
                again = g.position_start(pos, {"difference": 12, "baazis": [1, 0]})
                assert again == s
            s = g.apply(s, rng.choice(g.legal_actions(s)))
        assert g.position_json(s) is None


def test_match_object_is_checked() -> None:
    g = Seep()
    with pytest.raises(BadNotation, match="match: difference"):
        g.start(0, {"difference": "x"})
    with pytest.raises(BadNotation, match="match: baazis"):
        g.start(0, {"difference": 0, "baazis": [1]})
    with pytest.raises(BadNotation, match="unknown field"):
        g.start(0, {"scores": [0, 0]})
    assert g.match_json(g.start(0, {"difference": -40, "baazis": [2, 1]})) == {"difference": -40, "baazis": [2, 1]}


@pytest.mark.parametrize("lead", [100, 50, 1])
def test_a_difference_that_would_have_won_the_baazi_is_refused(lead: int) -> None:
    """R22: a lead of ``baazi_lead`` or more wins the baazi and the difference starts again from
    0, so no hand (nor position) starts with one; one short of it, and 0, are fine."""
    g = Seep(baazi_lead=lead)
    for d in (lead, -lead, lead + 7, -(lead + 7)):
        with pytest.raises(BadNotation, match=f"match: difference {d} cannot stand between deals.*R22"):
            g.start(1, {"difference": d, "baazis": [0, 0]})
        with pytest.raises(BadNotation, match="R22"):
            g.position_start(BASE, {"difference": d, "baazis": [1, 1]})
    for d in (lead - 1, 1 - lead, 0):
        assert g.match_json(g.start(1, {"difference": d, "baazis": [0, 0]}))["difference"] == d
        assert g.match_json(g.position_start(BASE, {"difference": d, "baazis": [0, 2]}))["difference"] == d
