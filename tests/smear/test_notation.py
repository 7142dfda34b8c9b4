"""Record notation (§6), deals (§3), the match object (§5), positions (§4) and views."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_card
from cardtable.core import BadNotation, BadPosition
from cardtable.games.smear import Bid, Discard, Pass, Play

from .helpers import V22_ACTIONS, V22_DEAL, dealt, run, smear

GAME = smear()


def test_parse_and_format_round_trip() -> None:
    assert GAME.parse("PASS") == Pass()
    assert GAME.parse(" bid  3 ") == Bid(3)
    assert GAME.parse("play td") == Play(parse_card("10D"))
    assert GAME.format(Play(parse_card("10D"))) == "play 10D"
    a = GAME.parse("discard qd 10h 9c")
    b = GAME.parse("DISCARD 9C TH QD")
    assert a == b and isinstance(a, Discard) and GAME.format(a) == "discard 9C QD 10H"
    assert hash(a) == hash(b)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("bid", "expected pass"),
        ("bid three", "whole number"),
        ("play 5H", "not in the Smear deck"),
        ("play ZZ", "unknown card"),
        ("discard QD QD", "named twice"),
        ("pass now", "expected pass"),
        ("take", "expected pass"),
    ],
)
def test_parse_rejects_bad_text(text: str, words: str) -> None:
    with pytest.raises(BadNotation, match=words):
        GAME.parse(text)


def test_every_legal_action_round_trips() -> None:
    rng = random.Random(8)
    for kitty in range(4):
        game = smear(kitty_size=kitty)
        for _ in range(20):
            state = game.start(rng.randrange(4))
            state = game.apply(state, game.deal(state, rng))
            while game.actor(state) is not None:
                legal = game.legal_actions(state)
                for action in legal:
                    assert game.parse(game.format(action)) == action
                    assert game.parse(game.format(action).lower()) == action
                state = game.apply(state, rng.choice(legal))


def test_deal_from_json_faults() -> None:
    bad: list[tuple[Any, str]] = [
        ([], "expected an object"),
        ({"hands": V22_DEAL["hands"][:3], "stock": V22_DEAL["stock"]}, "3 hands, expected 4"),
        ({"hands": [*V22_DEAL["hands"][:2], ["AS"], V22_DEAL["hands"][3]], "stock": []}, r"deal.hands\[2\]: 1 cards"),
        ({"hands": [*V22_DEAL["hands"][:2], ["AS", "JS", "9S", "KH", "10D", "ZZ"], V22_DEAL["hands"][3]],
          "stock": V22_DEAL["stock"]}, r"deal.hands\[2\]\[5\]: unknown card 'ZZ'"),
        ({"hands": [*V22_DEAL["hands"][:2], ["AS", "JS", "9S", "KH", "10D", "2C"], V22_DEAL["hands"][3]],
          "stock": V22_DEAL["stock"]}, "not in the Smear deck"),
        ({"hands": [*V22_DEAL["hands"][:2], ["AS", "JS", "9S", "KH", "10D", "8C"], V22_DEAL["hands"][3]],
          "stock": V22_DEAL["stock"]}, "AS appears twice"),
        ({"hands": V22_DEAL["hands"]}, "stock: missing"),
        ({"hands": V22_DEAL["hands"], "stock": V22_DEAL["stock"][:7]}, "7 cards, expected 8"),
        ({"deck": ["AS"] * 32}, "appears twice"),
        ({"deck": V22_DEAL["stock"]}, "missing"),
        ({"deck": [], "hands": []}, "not both"),
    ]  # fmt: skip
    for obj, words in bad:
        with pytest.raises(BadNotation, match=words):
            GAME.deal_from_json(obj, 3)


def test_match_object_is_checked() -> None:
    assert GAME.match_json(GAME.start(0, {"scores": [3, -4]})) == {"scores": [3, -4]}
    for bad in ([1, 2], {"scores": [1]}, {"scores": [1, "2"]}, {"scores": [True, 0]}, {}):
        with pytest.raises(BadNotation, match="match"):
            GAME.start(0, bad)  # type: ignore[arg-type]


def test_position_round_trips_at_every_step() -> None:
    rng = random.Random(12)
    for kitty in range(4):
        game = smear(kitty_size=kitty)
        for _ in range(8):
            state = game.start(rng.randrange(4), {"scores": [rng.randrange(10), 3]})
            state = game.apply(state, game.deal(state, rng))
            while game.actor(state) is not None:
                pos = game.position_json(state)
                assert pos is not None
                json.dumps(pos)
                again = game.position_start(pos, game.match_json(state))
                assert again == state
                state = game.apply(state, rng.choice(game.legal_actions(state)))
            assert game.position_json(state) is None


def _v22_position(plays: int) -> dict[str, Any]:
    state = run(GAME, dealt(GAME, V22_DEAL, 3), V22_ACTIONS[: 4 + plays])
    pos = GAME.position_json(state)
    assert pos is not None
    return pos


def test_position_form_of_v22() -> None:
    pos = _v22_position(6)
    assert pos["dealer"] == 3 and pos["auction"] == ["bid 3", "pass", "pass", "pass"]
    assert pos["tricks"] == [
        {"leader": 0, "cards": ["AS", "7S", "8S", "QS"]},
        {"leader": 0, "cards": ["JS", "KS"]},
    ]
    assert pos["kitty"] == [] and pos["discard"] == [] and len(pos["stock"]) == 8


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda p: p.update(dealer=7), "dealer"),
        (lambda p: p["hands"][0].append("7C"), "appears twice"),
        (lambda p: p["hands"][0].pop(), "missing"),
        (lambda p: p.update(auction=["bid 3", "bid 3"]), r"auction\[1\]"),
        (lambda p: p.update(auction=["bid 3", "play AS"]), r"auction\[1\]"),
        (lambda p: p["tricks"][0].update(leader=1), "seat 0 leads this trick, not seat 1"),
        (lambda p: p.update(kitty=["JH"]), "kitty"),
        (lambda p: p.pop("stock"), "stock"),
        (lambda p: p["tricks"][0]["cards"].pop(), "tricks"),
        (lambda p: p.update(hands=[[]] * 3), "4 hands"),
    ],
)
def test_position_faults_name_the_condition(change: Any, words: str) -> None:
    pos = _v22_position(6)
    change(pos)
    with pytest.raises(BadPosition, match=words):
        GAME.position_start(pos, None)


def test_position_with_an_illegal_play_is_rejected() -> None:
    pos = _v22_position(16)
    # Seat 0 led KH to trick 4 in V22; pretend seat 0 played 8C instead of 9S in trick 3 under strict.
    strict = smear(follow_rule="strict")
    with pytest.raises(BadPosition, match="must follow hearts"):
        strict.position_start(pos, None)


def test_views_hide_what_a_seat_may_not_know() -> None:
    game = smear(kitty_size=2)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4", "0 discard KH 8C"])
    for seat in range(4):
        view = game.observe(state, seat).to_json()
        assert view["dead"] is None
        assert (view["discard"] is not None) == (seat == 0)
        assert view["hand_sizes"] == [6, 6, 6, 6]
    assert game.observe(state, 0).to_json()["discard"] == ["8C", "KH"]
    assert game.unseen(state, 0) & state.discard == 0
    assert game.unseen(state, 1) & state.discard == state.discard
    # At the end the dead stock is shown to all; the view keeps the discard the bidder's, but the
    # hand's result names it, so it is no longer unseen.
    end = state
    rng = random.Random(2)
    while game.actor(end) is not None:
        end = game.apply(end, rng.choice(game.legal_actions(end)))
    for seat in range(4):
        view = game.observe(end, seat).to_json()
        assert view["dead"] is not None
        assert game.unseen(end, seat) == 0 == game.unseen_public(end)
        assert (view["discard"] is not None) == (seat == 0)


def test_card_places_partition_the_deck() -> None:
    game = smear(kitty_size=1)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4", "0 discard KH", "0 play AS", "1 play 7S"])
    places = game.card_places(state)
    assert places["discard"] == 1 << parse_card("KH")
    assert places["trick"] == (1 << parse_card("AS")) | (1 << parse_card("7S"))
    union = 0
    for cards in places.values():
        assert union & cards == 0
        union |= cards
    assert union.bit_count() == 32


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_parse_never_fails_but_with_bad_notation(text: str) -> None:
    try:
        action = GAME.parse(text)
    except BadNotation:
        return
    assert GAME.parse(GAME.format(action)) == action


@settings(max_examples=100, deadline=None)
@given(st.permutations(["QD", "10H", "9C"]), st.sampled_from([str.lower, str.upper, lambda t: t.replace("10", "T")]))
def test_discard_notation_ignores_order_and_case(cards: list[str], style: Any) -> None:
    assert GAME.parse(style("discard " + " ".join(cards))) == GAME.parse("discard 9C QD 10H")
