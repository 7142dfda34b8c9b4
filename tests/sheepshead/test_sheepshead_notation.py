"""Notation (record §6), deals (§3), match objects (§5) and positions (§4) of Sheepshead."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable.core import CHANCE, BadNotation, BadPosition, IllegalAction
from cardtable.games.sheepshead import Bury, Call, Crack, Pass, Pick, Play, Sheepshead
from cardtable.record import replay_record

from .sheepshead_support import DECK_A, HA_TRICKS, card, dealt, legal, record, run, trick_actions

HA = ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH", *trick_actions(HA_TRICKS)]


@pytest.mark.parametrize(
    ("text", "action", "canonical"),
    [
        ("pick", Pick(), "pick"),
        ("PICK", Pick(), "pick"),
        ("blitz", Pick(blitz=True), "blitz"),
        ("pass", Pass(), "pass"),
        ("alone", Call(None), "alone"),
        ("crack", Crack(), "crack"),
        ("recrack", Crack(back=True), "recrack"),
        ("play td", Play(card("10D")), "play 10D"),
        ("call ah", Call(card("AH")), "call AH"),
        ("call 10h", Call(card("10H")), "call 10H"),
        ("call AH unknown 7c", Call(card("AH"), card("7C")), "call AH unknown 7C"),
        ("bury 10s as", Bury((card("AS"), card("10S"))), "bury AS 10S"),
        ("bury AS 10S", Bury((card("AS"), card("10S"))), "bury AS 10S"),
        ("bury 7h qc", Bury((card("QC"), card("7H"))), "bury QC 7H"),
    ],
)
def test_notation_parses_and_formats(text: str, action: Any, canonical: str) -> None:
    game = Sheepshead()
    assert game.parse(text) == action
    assert game.format(action) == canonical
    assert game.parse(canonical) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("jump", "unknown Sheepshead action"),
        ("play 2C", "not in the Sheepshead pack"),
        ("play ZZ", "unknown card"),
        ("bury AS AS", "two different cards"),
        ("bury AS", "unknown Sheepshead action"),
        ("call AH unknown", "unknown Sheepshead action"),
        ("pick now", "unknown Sheepshead action"),
    ],
)
def test_notation_errors(text: str, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        Sheepshead().parse(text)


def test_every_legal_action_round_trips_on_random_hands() -> None:
    game = Sheepshead(allow_unknown_call=True, cracking=True, blitzing=True)
    rng = random.Random(4)
    for _ in range(30):
        s = game.start(rng.randrange(5))
        s = game.apply(s, game.deal(s, rng))
        while game.actor(s) is not None:
            acts = game.legal_actions(s)
            for a in acts:
                assert game.parse(game.format(a)) == a
                assert game.parse(game.format(a).lower()) == a
            s = game.apply(s, rng.choice(acts))


# --- deals (record §3) ---


def test_deal_from_json_explicit_equals_deck() -> None:
    game = Sheepshead()
    deck = game.deal_from_json({"deck": DECK_A.split()}, 4)
    hands = [
        ["9C", "8S", "7S", "9D", "JH", "KC"],
        ["QC", "QS", "JC", "AD", "7H", "10S"],
        ["QD", "10D", "KH", "9H", "10C", "8C"],
        ["AH", "10H", "JS", "7D", "9S", "KS"],
        ["QH", "JD", "KD", "AC", "7C", "8H"],
    ]
    assert game.deal_from_json({"hands": hands, "blind": ["AS", "8D"]}, 4) == deck
    assert game.deal_from_json({"deck": [c.lower().replace("10", "t") for c in DECK_A.split()]}, 4) == deck


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "expected an object"),
        ({"cards": []}, "expected 'deck'"),
        ({"deck": DECK_A.split()[:-1]}, "missing 8H"),
        ({"deck": [*DECK_A.split()[:-1], "9C"]}, "9C appears twice"),
        ({"deck": [*DECK_A.split()[:-1], "2C"]}, r"deal.deck\[31\]: 2C is not in the Sheepshead pack"),
        ({"hands": [["QC"]] * 5, "blind": []}, r"deal.hands\[0\]: expected 6 cards"),
        ({"hands": [], "blind": []}, "expected 5 hands"),
        (
            {"hands": [["ZZ", "QS", "QH", "QD", "JC", "JS"]] + [["7C"] * 6] * 4, "blind": ["AS", "8D"]},
            r"deal.hands\[0\]\[0\]: unknown card 'ZZ'",
        ),
    ],
)
def test_deal_from_json_errors(obj: Any, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        Sheepshead().deal_from_json(obj, 4)


def test_deal_must_be_the_pack() -> None:
    game = Sheepshead()
    with pytest.raises(IllegalAction, match="R2"):
        game.apply(game.start(), game.deal(game.start(), random.Random(1)).__class__(tuple(range(32))))


# --- match objects (record §5) ---


@pytest.mark.parametrize(
    ("match", "message"),
    [
        ([1], "expected an object"),
        ({"scores": [0, 0]}, "5 whole numbers"),
        ({"scores": [0, 0, 0, 0, "x"]}, "5 whole numbers"),
        ({"scores": [0] * 5, "pending_doublers": -1}, "pending_doublers"),
        ({"scores": [0] * 5, "bonus": 1}, "unknown field"),
    ],
)
def test_match_object_errors(match: Any, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        Sheepshead().start(0, match)


def test_match_json_before_and_after_a_hand() -> None:
    game = Sheepshead()
    s = game.start(4, {"scores": [1, 2, 3, 4, -10], "pending_doublers": 0})
    assert game.match_json(s) == {"scores": [1, 2, 3, 4, -10], "pending_doublers": 0}
    s = run(game, game.apply(s, game.deal_from_json({"deck": DECK_A.split()}, 4)), HA)
    assert game.match_json(s) == {"scores": [-1, 6, 1, 6, -12], "pending_doublers": 0}


# --- positions (record §4, the Sheepshead form) ---


def _positions(game: Sheepshead, seed: int) -> list[Any]:
    rng = random.Random(seed)
    out = []
    for _ in range(25):
        s = game.start(rng.randrange(5))
        s = game.apply(s, game.deal(s, rng))
        while game.actor(s) is not None:
            if game.position_json(s) is not None:
                out.append(s)
            s = game.apply(s, rng.choice(game.legal_actions(s)))
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"allow_unknown_call": True}, {"partner_mode": "jack_of_diamonds"}, {"cracking": True, "blitzing": True}],
)
def test_position_round_trip(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    for s in _positions(game, 8)[::7]:
        pos = game.position_json(s)
        again = game.position_start(json.loads(json.dumps(pos)), game.match_json(s))
        assert game.position_json(again) == pos
        assert game.legal_actions(again) == game.legal_actions(s)
        assert game.actor(again) == game.actor(s)
        for seat in range(5):
            assert game.observe(again, seat).partner_known == game.observe(s, seat).partner_known


def test_position_of_h_a_after_the_first_trick() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA[:9])
    pos = game.position_json(s)
    assert pos is not None
    assert pos["picker"] == 1 and pos["call"] == "AH" and pos["bury"] == ["AS", "10S"]
    assert pos["tricks"] == [{"leader": 0, "cards": ["KC", "8D", "8C", "KS", "7C"]}]
    assert pos["hands"][1] == ["QC", "QS", "JC", "AD", "7H"]
    obj = record({}, [{"dealer": 4, "position": pos, "actions": HA[9:]}])
    status, report = replay_record(obj)
    assert status == 0, report
    assert report["hands"][0]["score"] == [-2, 4, -2, 2, -2]


def _ha_position() -> dict[str, Any]:
    game = Sheepshead()
    pos = game.position_json(run(game, dealt(game, DECK_A), HA[:9]))
    assert pos is not None
    return pos


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.pop("hands"), "position.hands: missing"),
        (lambda p: p.__setitem__("dealer", 7), "position.dealer"),
        (lambda p: p["hands"][0].append("QC"), "appears twice"),
        (lambda p: p["hands"][0].pop(), "missing"),
        (lambda p: p.__setitem__("call", "AC"), "position.call"),
        (lambda p: p.__setitem__("bury", []), "missing"),
        (lambda p: p["tricks"][0].__setitem__("leader", 2), "leader"),
        (lambda p: p["tricks"][0].__setitem__("cards", ["8D", "KC", "8C", "KS", "7C"]), "may not play"),
        (lambda p: p["hands"][0].append(p["hands"][1].pop()), "seat 0 holds 6 cards but should hold 5"),
    ],
)
def test_position_errors(change: Any, message: str) -> None:
    pos = _ha_position()
    change(pos)
    with pytest.raises((BadPosition, BadNotation), match=message):
        Sheepshead().position_start(pos, None)


def test_position_of_a_leaster() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), [f"{i} pass" for i in range(5)])
    pos = game.position_json(s)
    assert pos is not None and pos["picker"] is None and sorted(pos["blind"]) == ["8D", "AS"]
    again = game.position_start(pos, None)
    assert game.actor(again) == 0 and legal(game, again) == legal(game, s)
    assert game.actor(game.start()) == CHANCE


def test_states_and_actions_have_evaluable_reprs() -> None:
    from cardtable.games.sheepshead import state as state_module

    game = Sheepshead(allow_unknown_call=True)
    names = {"State": state_module.State, "Setup": state_module.Setup}
    names |= {"Phase": state_module.Phase, "CallKind": state_module.CallKind}
    names |= {"Pick": Pick, "Pass": Pass, "Bury": Bury, "Call": Call, "Crack": Crack, "Play": Play}
    rng = random.Random(12)
    s = game.start(2)
    s = game.apply(s, game.deal(s, rng))
    while game.actor(s) is not None:
        assert eval(repr(s), names) == s
        action = rng.choice(game.legal_actions(s))
        assert eval(repr(action), names) == action
        s = game.apply(s, action)
    assert repr(Sheepshead(cracking=True)) == "Sheepshead(cracking=True)"
