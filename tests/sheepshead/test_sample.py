"""Worlds sampled from a view agree with everything the seat has seen, and play on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import DECK32_MASK
from cardtable.core import CHANCE, option_variants
from cardtable.games.sheepshead import Sheepshead, State
from cardtable.games.sheepshead import sample as sampler
from cardtable.games.sheepshead.actions import PASS
from cardtable.games.sheepshead.rules import PRESETS, SheepsheadRules
from cardtable.games.sheepshead.tables import FAIL_SUITS, FROM_KERNEL, TRUMP

from .sheepshead_support import TEN_DEAL, UNKNOWN_DEAL, dealt_explicit, mask, run

CONFIGS: list[dict[str, Any]] = [
    *PRESETS.values(),
    {"cracking": True, "blitzing": True},
    {"allow_unknown_call": True, "cracking": True},
    {"allow_call_own_ace": True, "cracking": True, "blitzing": True, "multiplier_limit": 4},
    {"ten_call_hold_must_be_ace": True, "called_ten_beats_ace": True, "allow_unknown_call": True},
    {
        "partner_must_play_called_on_first_lead": False,
        "partner_cannot_discard_called": False,
        "partner_cannot_underlead_called_suit": False,
        "allow_unknown_call": True,
    },
    {"partner_mode": "none", "no_pick_rule": "forced_pick", "blitzing": True},
    {"no_pick_rule": "schwanzer"},
    {"no_pick_rule": "redeal", "allow_ten_call": False},
    {"no_pick_rule": "moster", "leaster_blind": "first_trick"},
    {"no_pick_rule": "mittler", "leaster_tie": "split", "leaster_requires_trick": False},
    {"partner_mode": "jack_of_diamonds", "cracking": True, "blitzing": True},
]


def check_worlds(game: Sheepshead, state: State, rng: random.Random, seats: range = range(5)) -> None:
    """Every seat's view of ``state`` gives worlds that look the same, act the same and play on."""
    for seat in seats:
        view = game.observe(state, seat)
        world = game.sample(view, rng)
        assert game.observe(world, seat) == view
        assert game.actor(world) == game.actor(state)
        if game.actor(state) == seat:
            assert list(game.legal_actions(world)) == list(game.legal_actions(state))
        if game.actor(state) != CHANCE:
            union = 0
            for cards in game.card_places(world).values():
                assert union & cards == 0
                union |= cards
            assert union == DECK32_MASK
        while (actor := game.actor(world)) is not None:  # the world plays on legally to the end
            step = game.deal(world, rng) if actor == CHANCE else rng.choice(game.legal_actions(world))
            world = game.apply(world, step)
        assert game.outcome(world) is not None


def play_and_check(game: Sheepshead, state: State, rng: random.Random, choose: Any = None) -> None:
    while True:
        check_worlds(game, state, rng)
        if game.actor(state) is None:
            return
        legal = game.legal_actions(state)
        action = choose(state, legal) if choose is not None else None
        state = game.apply(state, action if action is not None else rng.choice(legal))


#: Every option switched on alone, as the conformance suite does.
SINGLE = [{name: value} for name, value in option_variants(SheepsheadRules)]


@pytest.mark.parametrize(
    ("options", "hands"),
    [(c, 10) for c in CONFIGS] + [(c, 4) for c in SINGLE],
    ids=[str(c) for c in CONFIGS + SINGLE],
)
def test_sampled_worlds_match_the_view(options: dict[str, Any], hands: int) -> None:
    game = Sheepshead(**options)
    rng = random.Random(str(options))
    before = sampler.relaxed_count
    for _ in range(hands):
        pending = rng.randrange(2 if game.rules.doubler_stacking == "cap" else 3)  # R42: cap keeps at most 1
        scores = {"scores": [rng.randrange(-9, 9) for _ in range(5)], "pending_doublers": pending}
        state = game.start(rng.randrange(5), scores)
        if rng.random() < 0.5:
            check_worlds(game, state, rng)
        state = game.apply(state, game.deal(state, rng))
        play_and_check(game, state, rng)
    assert sampler.relaxed_count == before  # the relaxed filling is a last resort, not needed here


@pytest.mark.parametrize(
    "options", [{}, {"ten_call_hold_must_be_ace": True}, {"called_ten_beats_ace": True, "cracking": True}]
)
def test_ten_call_worlds(options: dict[str, Any]) -> None:
    """R19: every other seat's world puts the three fail aces among the picker's eight cards."""
    game = Sheepshead(**options)
    rng = random.Random(7)
    for _ in range(6):
        state = run(game, dealt_explicit(game, TEN_DEAL), ["0 pick"])
        legal = game.legal_actions(state)
        state = game.apply(state, rng.choice(legal))
        tens = [a for a in game.legal_actions(state) if game.format(a).startswith("call 10")]
        assert tens
        state = game.apply(state, rng.choice(tens))
        aces = mask("AC AS AH")
        view = game.observe(state, 2)
        for _ in range(20):
            world = game.sample(view, rng)
            assert (world.hands[0] | world.setup.bury) & aces == aces
        play_and_check(game, state, rng)


def test_unknown_call_worlds() -> None:
    """R35a: the unknown card lies with the picker, unseen by the others, and never in the called suit."""
    game = Sheepshead(allow_unknown_call=True)
    rng = random.Random(3)
    for _ in range(6):
        state = run(game, dealt_explicit(game, UNKNOWN_DEAL), ["0 pick"])
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        unknown = [a for a in game.legal_actions(state) if "unknown" in game.format(a)]
        if not unknown:
            continue
        state = game.apply(state, rng.choice(unknown))
        view = game.observe(state, 3)
        seen = set()
        for _ in range(30):
            world = game.sample(view, rng)
            assert world.setup.under >= 0 and world.hands[0] >> world.setup.under & 1
            assert not FAIL_SUITS[world.setup.suit] >> world.setup.under & 1
            seen.add(world.setup.under)
        assert len(seen) > 1
        play_and_check(game, state, rng)


def test_sampled_hidden_cards_vary() -> None:
    game = Sheepshead()
    rng = random.Random(11)
    state = game.start(4)
    state = game.apply(state, game.deal(state, rng))
    for _ in range(7):  # into the play
        state = game.apply(state, game.legal_actions(state)[0])
    view = game.observe(state, 2)
    hands = {game.sample(view, rng).hands for _ in range(30)}
    assert len(hands) > 20


def test_sampled_hands_respect_shown_voids() -> None:
    """R24: a seat that did not follow a suit is dealt none of it in any world."""
    game = Sheepshead()
    rng = random.Random(5)
    found = 0
    for _ in range(200):
        state = game.start(rng.randrange(5))
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None and found < 40:
            if state.trick and len(state.trick) >= 2 and state.trick_no < 4:
                led = state.trick[0]
                suit = TRUMP if led < 14 else FAIL_SUITS[(led - 14) // 6]
                last = state.trick[-1]
                seat = (state.leader + len(state.trick) - 1) % 5
                if not suit >> last & 1:
                    viewer = (seat + 1) % 5
                    view = game.observe(state, viewer)
                    for _ in range(10):
                        world = game.sample(view, rng)
                        assert world.hands[seat] & suit == 0
                        assert world.hands[viewer] == state.hands[viewer]
                    found += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if found >= 40:
            break
    assert found >= 40


def test_called_card_lies_with_a_possible_partner() -> None:
    """R18, R22, R44: the called ace is never with the picker, nor with a seat that cracked."""
    game = Sheepshead(cracking=True)
    rng = random.Random(9)
    checked = 0
    for _ in range(300):
        state = game.start(4)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None and state.phase.name != "PLAY":
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        setup = state.setup
        if game.actor(state) is None or setup.called < 0 or setup.suit < 0:
            continue
        viewer = next(s for s in range(5) if s not in (setup.picker, setup.partner))
        view = game.observe(state, viewer)
        for _ in range(10):
            world = game.sample(view, rng)
            holder = next(s for s in range(5) if world.hands[s] >> setup.called & 1)
            assert holder not in (setup.picker, setup.cracker, viewer)
            hold = world.hands[setup.picker] & FAIL_SUITS[setup.suit]
            assert hold  # R27: the picker keeps a hold card
        checked += 1
    assert checked > 20


def test_passers_are_seldom_dealt_a_picking_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.games.sheepshead.bots import pick_threshold, strength

    game = Sheepshead()
    rng = random.Random(11)
    state = game.start(0)
    state = game.apply(state, game.deal(state, rng))
    state = game.apply(state, PASS)
    state = game.apply(state, PASS)
    # seats 1 and 2 passed; seat 4 looks on
    view = game.observe(state, 4)
    assert view.passes == 2
    fits = {}
    for unlikely in (1.0, 0.2):
        monkeypatch.setattr(sampler, "UNLIKELY", unlikely)
        worlds = [game.sample(view, random.Random(i)) for i in range(150)]
        for w in worlds:  # weighting never leaves the worlds the view allows
            assert game.observe(w, 4) == view
        fits[unlikely] = sum(
            1
            for w in worlds
            for position, s in enumerate((1, 2))
            if strength(mask_of(w, s)) < pick_threshold(game.rules, position)
        )
    assert fits[0.2] > fits[1.0] + 20


def mask_of(world: State, seat: int) -> int:
    """The cards ``seat`` holds in ``world`` as a Sheepshead card set (nothing is played yet)."""
    places = Sheepshead().card_places(world)
    m = 0
    for c in range(52):
        if places[f"hand {seat}"] >> c & 1:
            m |= 1 << FROM_KERNEL[c]
    return m
