"""The conformance suite: every registered game, each preset and each rule option switched on in
turn, on seeded random playouts. A new game gets all of it by registering.

At every step: the seat to act has a legal action, listed once; every legal action's notation
parses back to it; actions that are not legal are refused and change nothing; cards are
conserved; no view names a card hidden from its seat, and the spectator's view names none
hidden from a spectator (which are all hidden from some seat); an action's public form names no card
hidden from the other seats after it; a world sampled from a view (for games with
a sampler) looks the same from that seat. At the end: every hand ends, card points add up, and
the match written as a record replays to the same results.

The number of hands per configuration is ``CARDTABLE_CONFORMANCE_HANDS`` (default 12; presets
play four times as many); ``CARDTABLE_CONFORMANCE_GAMES`` limits the run to some games.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import os
import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.cards import parse_card
from cardtable.core import CHANCE, BadNotation, Deal, HandResult, IllegalAction, option_variants
from cardtable.record import HandLog, replay_record
from cardtable.secrecy import named_cards

HANDS = int(os.environ.get("CARDTABLE_CONFORMANCE_HANDS", "12"))
#: A comma-separated subset of games to check (default: every registered game).
GAMES = [g for g in os.environ.get("CARDTABLE_CONFORMANCE_GAMES", "").split(",") if g] or registry.names()
MAX_STEPS = 2000


def _configs() -> list[Any]:
    out = []
    for name in GAMES:
        for preset in sorted(registry.presets(name)):
            out.append(pytest.param(name, preset, {}, 4 * HANDS, id=f"{name}-preset-{preset}"))
        rules_class = type(registry.get_game(name).rules)
        for option, value in option_variants(rules_class):
            options = {option: value}
            try:
                registry.get_game(name, **options)
            except ValueError:
                continue  # an option that only goes with others; its presets cover it
            out.append(pytest.param(name, None, options, HANDS, id=f"{name}-{option}={json.dumps(value)}"))
    return out


def _card_tokens(obj: object) -> set[int]:
    """Every card named anywhere in a JSON value, including inside action text like '5C+6H'."""
    out: set[int] = set()
    if isinstance(obj, str):
        for token in obj.replace("+", " ").replace(",", " ").split():
            with contextlib.suppress(BadNotation):
                out.add(parse_card(token))
    elif isinstance(obj, dict):
        for key, value in obj.items():
            out |= _card_tokens(key) | _card_tokens(value)
    elif isinstance(obj, list | tuple):
        for value in obj:
            out |= _card_tokens(value)
    return out


def _check_state(game: Any, state: Any, deck_mask: int) -> None:
    places = game.card_places(state)
    union = 0
    for place, cards in places.items():
        assert union & cards == 0, f"cards in two places at once ({place})"
        union |= cards
    assert union == deck_mask, "cards are not conserved"
    for seat in range(game.seats):
        view = game.observe(state, seat)
        data = view.to_json()
        json.dumps(data)
        leaked = _card_tokens(data) & {c for c in range(64) if game.unseen(state, seat) >> c & 1}
        assert not leaked, f"seat {seat}'s view names hidden cards {sorted(leaked)}"
        assert game.unseen(state, seat) & ~game.unseen_public(state) == 0, f"a card hidden from seat {seat} is public"
    public = game.observe_public(state).to_json()
    assert public["seat"] is None
    json.dumps(public)
    leaked = _card_tokens(public) & {c for c in range(64) if game.unseen_public(state) >> c & 1}
    assert not leaked, f"the public view names hidden cards {sorted(leaked)}"


def _check_public_action(game: Any, before: Any, action: Any, after: Any) -> None:
    """The public form of an action names no card hidden, after it, from a seat that did not act
    (a called card names the card sought, not its place: `cardtable.secrecy`)."""
    actor = game.actor(before)
    named = named_cards(game.public_action(before, action), ignore=())
    assert not named & {c for c in range(64) if game.unseen_public(after) >> c & 1}, game.format(action)
    for seat in range(game.seats):
        if seat != actor:
            assert not named & {c for c in range(64) if game.unseen(after, seat) >> c & 1}, game.format(action)


def _check_rejects(game: Any, state: Any, legal: list[Any], pool: set[Any], rng: random.Random) -> None:
    before = copy.deepcopy(state)
    others = [a for a in pool if a not in legal]
    rng.shuffle(others)
    for action in others[:3]:
        with pytest.raises(IllegalAction):
            game.apply(state, action)
    if game.actor(state) != CHANCE:
        with pytest.raises(IllegalAction):
            game.apply(state, Deal(tuple(range(52))))
    assert state == before, "a rejected action changed the state"


def _check_sample(game: Any, state: Any, rng: random.Random) -> None:
    """A world sampled from a seat's view looks the same from that seat, and plays on."""
    if not hasattr(game, "sample"):
        return
    seat = rng.randrange(game.seats)
    view = game.observe(state, seat)
    world = game.sample(view, rng)
    assert game.observe(world, seat) == view, "a sampled world does not match the view it came from"
    assert game.actor(world) == game.actor(state)
    if game.actor(state) == seat:
        assert list(game.legal_actions(world)) == list(game.legal_actions(state))


def play_hand(game: Any, log: HandLog, rng: random.Random, pool: set[Any], deck_mask: int) -> HandResult:
    """Play one random hand through ``log``, checking every state on the way."""
    state = log.state
    assert game.actor(state) == CHANCE
    assert list(game.legal_actions(state)) == []
    state = log.deal(rng)
    for _ in range(MAX_STEPS):
        seat = game.actor(state)
        if seat is None:
            break
        assert 0 <= seat < game.seats
        _check_state(game, state, deck_mask)
        legal = list(game.legal_actions(state))
        assert legal, "a seat to act has no legal action"
        assert len(set(legal)) == len(legal), "an action is listed twice"
        for action in legal:
            text = game.format(action)
            assert game.parse(text) == action, f"{text!r} does not parse back to the same action"
            assert game.parse(text.lower()) == action
        _check_rejects(game, state, legal, pool, rng)
        _check_sample(game, state, rng)
        pool.update(legal)
        before = copy.deepcopy(state)
        action = rng.choice(legal)
        nxt = log.act(action)
        assert state == before, "apply changed its input"
        _check_public_action(game, state, action, nxt)
        state = nxt
    else:
        pytest.fail("the hand did not end")
    result = game.outcome(state)
    assert result is not None
    assert len(result.score) == game.seats
    json.dumps(result.details)
    assert list(game.legal_actions(state)) == []
    counted, expected = game.card_point_totals(state)
    assert counted == expected, f"card points counted {counted}, the rules say {expected}"
    _check_state(game, state, deck_mask)
    for action in list(pool)[:3]:
        with pytest.raises(IllegalAction):
            game.apply(state, action)
    return result


@pytest.mark.parametrize(("name", "preset", "options", "hands"), _configs())
def test_conformance(name: str, preset: str | None, options: dict[str, Any], hands: int) -> None:
    game = registry.get_game(name, preset, **options)
    rng = random.Random(f"{name}/{preset}/{sorted(options.items())}")
    deck_mask = 0
    for c in game.deal(game.start(0), random.Random(0)).deck:
        deck_mask |= 1 << c
    pool: set[Any] = set()
    played = 0
    while played < hands:
        log = HandLog(game, dealer=rng.randrange(game.seats))
        results = []
        for _ in range(4):
            results.append(play_hand(game, log, rng, pool, deck_mask))
            played += 1
            if game.winner(log.state) is not None or played >= hands or log.next_hand() is None:
                break
        # The match written as a record replays to the same results and match state.
        status, rep = replay_record(log.record())
        assert status == 0, rep
        for row, result in zip(rep["hands"], results, strict=True):
            assert (row["result"], row["score"], row["details"]) == (
                result.result,
                list(result.score),
                json.loads(json.dumps(result.details)),
            )
        assert rep["match"] == game.match_json(log.state)


@pytest.mark.parametrize("name", GAMES)
def test_rules_are_frozen_and_options_checked(name: str) -> None:
    game = registry.get_game(name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.rules.__setattr__(dataclasses.fields(game.rules)[0].name, None)
    with pytest.raises(ValueError, match="unknown"):
        registry.get_game(name, no_such_option=1)
    for option, value in option_variants(type(game.rules))[:1]:
        with pytest.raises(ValueError):
            registry.get_game(name, **{option: [value]})


@pytest.mark.parametrize("name", GAMES)
def test_deal_is_deterministic_and_complete(name: str) -> None:
    game = registry.get_game(name)
    start = game.start(0)
    a = game.deal(start, random.Random(5))
    b = game.deal(start, random.Random(5))
    assert a == b
    assert sorted(a.deck) == sorted(game.deal(start, random.Random(6)).deck)
    assert len(set(a.deck)) == len(a.deck)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_hand(name: str) -> None:
    game = registry.get_game(name)
    texts = []
    for _ in range(2):
        rng = random.Random(11)
        log = HandLog(game, dealer=1)
        state = log.deal(rng)
        while (seat := game.actor(state)) is not None:
            assert seat != CHANCE
            state = log.act(rng.choice(list(game.legal_actions(state))))
        texts.append(json.dumps(log.record()))
    assert texts[0] == texts[1]
