"""The fast paths of the Sheepshead engine agree with the rules' plain definitions.

A play state keeps the legal cards of the seat to act; `apply_play` computes them for the next
seat by R24 alone when the called-card rules cannot bind that seat. The deal, the card-set tables
and the views read tuples directly. These tests hold each of them to the plain definition.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import DECK32
from cardtable.core import Deal, IllegalAction
from cardtable.games.sheepshead import Sheepshead
from cardtable.games.sheepshead.actions import PLAYS, Play
from cardtable.games.sheepshead.play import deal_hands, play_actions, play_mask
from cardtable.games.sheepshead.state import Phase
from cardtable.games.sheepshead.tables import TO_KERNEL, indices, kernel_cards
from tests.random_play import random_states

RULE_SETS: list[dict[str, Any]] = [
    {},
    {"partner_mode": "jack_of_diamonds"},
    {"allow_unknown_call": True, "cracking": True, "blitzing": True},
    {"allow_ten_call": True, "ten_call_hold_must_be_ace": True, "called_ten_beats_ace": True},
    {
        "partner_must_play_called_on_first_lead": False,
        "partner_cannot_discard_called": False,
        "partner_cannot_underlead_called_suit": False,
    },
]


@pytest.mark.parametrize("options", RULE_SETS)
def test_kept_legal_cards_are_the_full_rule_check(options: dict[str, Any]) -> None:
    """R24 then R27-R35a in full (`play_mask`) gives the legal cards kept in every play state."""
    game = Sheepshead(**options)
    seen = 0
    for state in random_states(game, 80, seed=1):
        if state.phase != Phase.PLAY:
            continue
        seat = state.actor
        expected = play_mask(
            game.rules, state.setup, seat, state.hands[seat], state.trick, state.trick_no, state.first_x
        )
        assert state.legal == expected
        assert game.legal_actions(state) == tuple(PLAYS[i] for i in indices(expected))
        seen += 1
    assert seen > 1500


@pytest.mark.parametrize("options", RULE_SETS[:3])
def test_apply_takes_exactly_the_legal_plays(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    checked = 0
    for state in random_states(game, 15, seed=2):
        if state.phase != Phase.PLAY:
            continue
        legal = set(game.legal_actions(state))
        for card in DECK32:
            play = Play(card)
            if play in legal:
                game.apply(state, play)
            else:
                with pytest.raises(IllegalAction) as e:
                    game.apply(state, play)
                assert e.value.rule and e.value.seat == state.actor
            checked += 1
    assert checked > 5000


@pytest.mark.parametrize("card", [True, 0.0, -1, 52, "QC", None])
def test_a_play_of_no_card_is_illegal(card: Any) -> None:
    game = Sheepshead()
    for state in random_states(game, 3, seed=3):
        if state.phase == Phase.PLAY:
            with pytest.raises(IllegalAction):
                game.apply(state, Play(card))


def test_deal_is_the_pack_sorted_by_random_keys() -> None:
    """The deal is the pack ordered by one ``random()`` key per card, drawn in pack order."""
    game = Sheepshead()
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        expected = tuple(sorted(DECK32, key=lambda _c: theirs.random()))
        assert game.deal(game.start(0), ours).deck == expected
        assert ours.random() == theirs.random()


@pytest.mark.parametrize(
    "deck",
    [
        DECK32[:31],
        (*DECK32, DECK32[0]),
        (DECK32[0], *DECK32[:31]),
        (1, *DECK32[1:]),  # 2C is not in the pack
        (-1, *DECK32[1:]),
        (*DECK32[:31], 99),
        ("QC", *DECK32[1:]),
        list(DECK32),
    ],
)
def test_bad_decks_are_rejected(deck: Any) -> None:
    assert deal_hands(deck, 0) is None
    game = Sheepshead()
    with pytest.raises(IllegalAction) as e:
        game.apply(game.start(0), Deal(deck))
    assert e.value.rule == "R2"


def test_card_set_tables() -> None:
    rng = random.Random(4)
    masks = [0, 1, 1 << 31, (1 << 32) - 1] + [rng.getrandbits(32) & rng.getrandbits(32) for _ in range(3000)]
    for mask in masks:
        order = tuple(i for i in range(32) if mask >> i & 1)
        assert indices(mask) == order
        assert kernel_cards(mask) == tuple(TO_KERNEL[i] for i in order)
        assert play_actions(mask) == tuple(PLAYS[i] for i in order)
    assert indices(1 << 40 | 5) == (0, 2, 40)


@pytest.mark.parametrize("options", RULE_SETS[:3])
def test_views_show_played_cards_face_up_unless_unknown(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    for state in random_states(game, 40, seed=5):
        for seat in range(5):
            view = game.observe(state, seat)
            assert view.hand == kernel_cards(state.hands[seat])
            assert len(view.tricks) == len(state.tricks) and len(view.trick) == len(state.trick)
            under = state.setup.under
            for (ld, cards, w), (vl, vc, vw) in zip(state.tricks, view.tricks, strict=True):
                assert (ld, w) == (vl, vw)
                for c, shown in zip(cards, vc, strict=True):
                    assert shown == TO_KERNEL[c] or (c == under and shown is None)
            for c, shown in zip(state.trick, view.trick, strict=True):
                assert shown == TO_KERNEL[c] or (c == under and shown is None)
