"""Masks walked from random decision points give exactly the engine's legal actions, each spelled
once, and every spelling decodes to the same action (equal, and written the same)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from cardtable.registry import get_game
from cardtable.rl.tokens import GAMES, vocabulary
from cardtable.rl.walk import Decision, IllegalToken
from tests.rl.support import decision_points, walk_all

#: Random hands walked per game and rule set: a few thousand decision points in all.
HANDS = {"seep": 25, "smear": 120, "sheepshead": 100}
VARIANTS = {
    "seep": [{}, {"capture_policy": "any_valid_subset", "break_may_use_floor_cards": True, "throw_policy": "free"}],
    "smear": [{}, {"kitty_size": 3}, {"kitty_size": 2, "min_bid": 1, "all_pass": "stick_dealer"}],
    "sheepshead": [
        {},
        {"allow_unknown_call": True, "cracking": True, "blitzing": True},
        {"partner_mode": "jack_of_diamonds"},
    ],
}


@pytest.mark.parametrize("name", GAMES)
def test_walking_the_masks_gives_exactly_the_legal_actions(name: str) -> None:
    vocab = vocabulary(name)
    points = 0
    for k, options in enumerate(VARIANTS.get(name, [{}])):
        game = get_game(name, **options)
        for state in decision_points(game, HANDS.get(name, 150), seed=100 + k):
            legal = list(game.legal_actions(state))
            walked = walk_all(Decision(vocab, legal))
            assert len(walked) == len(legal)
            assert sorted(map(game.format, (a for _, a in walked))) == sorted(map(game.format, legal))
            for spelling, action in walked:
                assert spelling == vocab.spell(action)
                assert action in legal
            # the engine takes every decoded action (it raises on an illegal one)
            for _, action in walked:
                game.apply(state, action)
            points += 1
    assert points > 2000


def test_spellings_are_prefix_free_at_every_point() -> None:
    for name in GAMES:
        game, vocab = get_game(name), vocabulary(name)
        for state in decision_points(game, 3, seed=5):
            spellings = [vocab.spell(a) for a in game.legal_actions(state)]
            assert len(set(spellings)) == len(spellings)
            for a in spellings:
                for b in spellings:
                    assert a == b or a != b[: len(a)], (name, a, b)


def test_a_token_no_legal_action_spells_is_refused_and_changes_nothing() -> None:
    game, vocab = get_game("smear"), vocabulary("smear")
    state = next(decision_points(game, 1, seed=1))
    d = Decision(vocab, game.legal_actions(state))
    before = d.allowed()
    bad = next(t for t in range(vocab.size) if t not in before)
    with pytest.raises(IllegalToken, match="spells no legal action"):
        d.push(bad)
    assert d.allowed() == before and d.prefix == ()
