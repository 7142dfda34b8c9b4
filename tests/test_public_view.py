"""The spectator's view and the public form of actions, in every game and preset.

Over many random hands: the public view names no card hidden from a spectator; a card hidden from
any seat is hidden from a spectator; the public view agrees with every seat's view on what all
seats see alike; and an action's public form names no card the other seats may not know.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.core import CHANCE
from cardtable.secrecy import leaks
from tests.random_play import random_states

HANDS = 40

CONFIGS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in registry.names()
    for preset in [None, *sorted(registry.presets(name))]
]

#: The keys of a seat's view that every seat sees alike, so the spectator sees them too.
COMMON: dict[str, tuple[str, ...]] = {
    "seep": ("dealer", "phase", "to_act", "bid", "plays", "hand_sizes", "piles", "sweeps", "last_capture", "match"),
    "smear": ("phase", "to_act", "dealer", "scores", "hand_sizes", "auction", "bidder", "bid", "trump", "leader"),
    "sheepshead": ("dealer", "phase", "actor", "scores", "pending_doublers", "passes", "picker", "blitz", "call"),
    "toy": ("dealer", "phase", "to_act", "hand_sizes", "trick", "tricks", "scores"),
}
#: Keys every seat's view has and the spectator's must not (what one seat holds).
PRIVATE: dict[str, tuple[str, ...]] = {
    "seep": ("hand",),
    "smear": ("hand", "kitty", "discard"),
    "sheepshead": ("hand",),
    "toy": ("hand",),
}


def _walk(game: Any, hands: int, seed: int) -> Any:
    """(state before, action, state after) for every action of random hands."""
    rng = random.Random(seed)
    for i in range(hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            after = game.apply(state, action)
            yield state, action, after
            state = after


@pytest.mark.parametrize(("name", "preset"), CONFIGS)
def test_the_public_view_hides_what_any_seat_holds(name: str, preset: str | None) -> None:
    game = registry.get_game(name, preset)
    for state in random_states(game, HANDS, seed=len(name) + len(preset or "")):
        public = game.observe_public(state).to_json()
        json.dumps(public)
        assert public["seat"] is None
        assert leaks(game, state, None, public, ignore=()) == []
        hidden = game.unseen_public(state)
        for seat in range(game.seats):
            assert game.unseen(state, seat) & ~hidden == 0, f"a card hidden from seat {seat} is public"
            view = game.observe(state, seat).to_json()
            for key in COMMON[name]:
                assert public[key] == view[key], key
            for key in PRIVATE[name]:
                assert key not in public
        assert sum(public["hand_sizes"]) == sum(
            len(game.observe(state, s).to_json()["hand"]) for s in range(game.seats)
        )


@pytest.mark.parametrize(("name", "preset"), CONFIGS)
def test_an_actions_public_form_names_no_card_the_others_may_not_know(name: str, preset: str | None) -> None:
    game = registry.get_game(name, preset)
    for before, action, after in _walk(game, HANDS, seed=7):
        text = game.public_action(before, action)
        actor = game.actor(before)
        assert actor != CHANCE
        assert leaks(game, after, None, text, ignore=()) == [], text
        for seat in range(game.seats):
            if seat != actor:
                assert leaks(game, after, seat, text, ignore=()) == [], text


def _find(game: Any, want: Any, seed: int = 0) -> tuple[Any, Any]:
    """The first (state, action) of random play whose action satisfies ``want``."""
    for s in range(seed, seed + 500):
        for before, action, _after in _walk(game, 1, s):
            if want(game.format(action)):
                return before, action
    raise AssertionError("no such action in 500 random hands")


def test_sheepshead_bury_call_and_unknown_are_face_down() -> None:
    game = registry.get_game("sheepshead", allow_unknown_call=True)
    state, bury = _find(game, lambda t: t.startswith("bury"))
    assert game.public_action(state, bury) == "bury 2 cards face down"
    state, call = _find(game, lambda t: " unknown " in t)
    called = game.format(call).split()[1]
    assert game.public_action(state, call) == f"call {called} unknown with a card face down"
    under = game.format(call).split()[-1]
    state = game.apply(state, call)
    while game.actor(state) is not None:  # play on until the unknown card is played
        legal = [game.format(a) for a in game.legal_actions(state)]
        text = f"play {under}" if f"play {under}" in legal else legal[-1]
        action = game.parse(text)
        if text == f"play {under}":
            assert game.public_action(state, action) == "play a card face down"
            break
        assert game.public_action(state, action) == text
        state = game.apply(state, action)
    else:
        raise AssertionError("the unknown card was never played")


def test_smear_discard_is_face_down() -> None:
    game = registry.get_game("smear", kitty_size=2)
    state, discard = _find(game, lambda t: t.startswith("discard"))
    assert game.public_action(state, discard) == "discard 2 cards face down"
    state, play = _find(game, lambda t: t.startswith("play"))
    assert game.public_action(state, play) == game.format(play)


def test_seep_moves_read_the_same_to_everyone() -> None:
    game = registry.get_game("seep")
    for before, action, _after in _walk(game, 3, seed=2):
        assert game.public_action(before, action) == game.format(action)


def test_a_seep_misdeal_shows_the_bidders_cards() -> None:
    game = registry.get_game("seep")
    for seed in range(400):
        state = game.start(0)
        state = game.apply(state, game.deal(state, random.Random(seed)))
        if game.outcome(state) is not None and game.outcome(state).result == "misdeal":
            break
    else:
        raise AssertionError("no misdeal in 400 deals")
    public = game.observe_public(state).to_json()
    assert public["shown"] == game.observe(state, 1).to_json()["hand"]
    assert public["floor"]["loose"] is None and public["floor"]["hidden"] == 4
