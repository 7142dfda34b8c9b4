"""The secrecy checker finds hidden cards planted in any form and passes the engines' own views."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.cards import format_card, iter_cards
from cardtable.secrecy import cards_in_text, hidden_from, leaks, named_cards, seen_action
from tests.random_play import random_states


def _dealt(name: str, seed: int = 4, **options: Any) -> tuple[Any, Any]:
    game = registry.get_game(name, **options)
    state = game.start(0)
    return game, game.apply(state, game.deal(state, random.Random(seed)))


def _forms(card: str) -> list[str]:
    """A card in every form the notation accepts."""
    out = [card, card.lower()]
    if card.startswith("10"):
        out += ["T" + card[2:], "t" + card[2:].lower()]
    return out


@pytest.mark.parametrize("name", registry.names())
def test_planted_hidden_cards_are_found_in_every_form_and_place(name: str) -> None:
    game, state = _dealt(name)
    seat = 1
    hidden = [format_card(c) for c in iter_cards(game.unseen(state, seat))]
    assert hidden
    tens = [c for c in hidden if c.startswith("10")]
    for card in hidden[:3] + tens[:1]:
        for form in _forms(card):
            for message in (
                form,
                {"t": "event", "action": f"2 play {form}"},
                {"log": ["0 pass", f"3 capture {form} 5C+{form}"]},
                {"view": {"trick": [None, form]}},
                {form: 1},
                [[{"x": f"({form}),"}]],
            ):
                assert card in leaks(game, state, seat, message), (form, message)
                assert card in leaks(game, state, None, message), (form, message)


@pytest.mark.parametrize("name", registry.names())
def test_the_engines_views_and_known_cards_pass(name: str) -> None:
    game = registry.get_game(name)
    for state in random_states(game, 8, seed=3):
        for seat in range(game.seats):
            assert leaks(game, state, seat, game.observe(state, seat).to_json()) == []
            own = [format_card(c) for c in iter_cards(~game.unseen(state, seat) & ((1 << 52) - 1))]
            assert leaks(game, state, seat, {"known": own}) == []
        assert leaks(game, state, None, game.observe_public(state).to_json()) == []


def test_a_seats_own_hand_is_hidden_from_the_others_and_a_spectator() -> None:
    game, state = _dealt("smear")
    hand = game.observe(state, 0).to_json()["hand"]
    assert leaks(game, state, 0, {"hand": hand}) == []
    assert sorted(leaks(game, state, 1, {"hand": hand})) == sorted(hand)
    assert sorted(leaks(game, state, None, {"hand": hand})) == sorted(hand)
    assert hidden_from(game, state, None) == game.unseen_public(state)


def test_a_called_card_names_no_place() -> None:
    assert cards_in_text("call AH") == set()
    assert {format_card(c) for c in cards_in_text("call AH unknown 7C")} == {"7C"}
    assert {format_card(c) for c in cards_in_text("4 play AH")} == {"AH"}


def test_prose_words_and_other_tokens() -> None:
    assert cards_in_text("as good as it gets, ah") == set()
    assert {format_card(c) for c in cards_in_text("as", ignore=())} == {"AS"}
    assert {format_card(c) for c in cards_in_text("AS and 10♦ and Q♠")} == {"AS", "10D", "QS"}
    # houses, bids, counts, hex digests and ids are not cards
    assert named_cards({"a": "build 11 H11 bid 12", "commitment": "5c" + "0" * 62, "id": "c-41"}) == set()


@pytest.mark.parametrize("name", registry.names())
def test_an_action_as_each_recipient_sees_it_names_nothing_hidden_from_it(name: str) -> None:
    options = {"smear": {"kitty_size": 2}, "sheepshead": {"allow_unknown_call": True}}.get(name, {})
    game = registry.get_game(name, **options)
    rng = random.Random(9)
    hidden_forms = 0
    for i in range(20):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            action = rng.choice(list(game.legal_actions(state)))
            after = game.apply(state, action)
            for recipient in [None, *range(game.seats)]:
                line = seen_action(game, state, action, recipient)
                assert line.startswith(f"{seat} ")
                assert leaks(game, after, recipient, line) == [], line
                hidden_forms += line != f"{seat} {game.format(action)}"
            assert seen_action(game, state, action, None, shown=True) == f"{seat} {game.format(action)}"
            state = after
    assert (hidden_forms > 0) == (name in ("smear", "sheepshead"))  # a discard or bury face down
