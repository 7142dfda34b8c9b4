"""The rule-based player: always legal, sees only its view, and clearly better than random play."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from cardtable import sim
from cardtable.bots import make_bot
from cardtable.games.sheepshead import Sheepshead, State
from cardtable.games.sheepshead.actions import PASS
from cardtable.games.sheepshead.bots import RuleBot, strength
from cardtable.games.sheepshead.rules import PRESETS
from cardtable.games.sheepshead.state import Phase

from .sheepshead_support import DECK_D1, mask
from .test_sample import CONFIGS


def _playout(game: Sheepshead, state: State, bots: list[Any], rng: random.Random) -> State:
    while (seat := game.actor(state)) is not None:
        legal = game.legal_actions(state)
        action = bots[seat].act(game.observe(state, seat), legal, rng)
        assert action in legal
        state = game.apply(state, action)
    return state


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_rule_bot_is_always_legal(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    rule = RuleBot(game)
    rand = make_bot(game, "random")
    rng = random.Random(str(options))
    for h in range(40):
        state = game.start(h % 5)
        state = game.apply(state, game.deal(state, rng))
        bots = [rule if (h + s) % 3 else rand for s in range(5)] if h % 2 else [rule] * 5
        state = _playout(game, state, bots, rng)
        assert game.outcome(state) is not None


def _decision_states(game: Sheepshead, rng: random.Random, hands: int) -> list[State]:
    """States where a seat must choose among several actions, from rule-bot hands."""
    rule = RuleBot(game)
    out = []
    for h in range(hands):
        state = game.start(h % 5)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                out.append(state)
            state = game.apply(state, rule.act(game.observe(state, seat), legal, rng))
    return out


@pytest.mark.parametrize("options", [{}, {"allow_unknown_call": True, "cracking": True}, PRESETS["jack_of_diamonds"]])
def test_rule_bot_sees_only_the_view(options: dict[str, Any]) -> None:
    """Two states that look the same from the seat to act (the true one and a world sampled from
    its view, with the hidden cards placed anew) get the same action."""
    game = Sheepshead(**options)
    rule = RuleBot(game)
    rng = random.Random(1)
    for state in _decision_states(game, rng, 30):
        seat = game.actor(state)
        assert seat is not None
        view = game.observe(state, seat)
        world = game.sample(view, rng)
        assert game.observe(world, seat) == view
        legal = game.legal_actions(state)
        assert rule.act(view, legal, random.Random(4)) == rule.act(
            game.observe(world, seat), game.legal_actions(world), random.Random(4)
        )


def _swapped(game: Sheepshead, state: State, seat: int) -> State | None:
    """``state`` with two hidden cards of the same suit swapped between two other hands."""
    setup = state.setup
    special = (1 << setup.called if setup.called >= 0 else 0) | (1 << setup.under if setup.under >= 0 else 0)
    others = [s for s in range(5) if s != seat and s != setup.picker and state.hands[s]]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for suit in (0x3FFF, 0x3F << 14, 0x3F << 20, 0x3F << 26):
                ca = state.hands[a] & suit & ~special
                cb = state.hands[b] & suit & ~special
                if ca and cb:
                    x, y = ca & -ca, cb & -cb
                    hands = list(state.hands)
                    hands[a] ^= x | y
                    hands[b] ^= x | y
                    return state._replace(hands=tuple(hands))
    return None


def test_bots_play_the_same_with_hidden_cards_swapped() -> None:
    game = Sheepshead()
    rule = RuleBot(game)
    search = make_bot(game, "search:easy")
    rng = random.Random(2)
    swapped = searched = 0
    for state in _decision_states(game, rng, 12):
        seat = game.actor(state)
        assert seat is not None
        other = _swapped(game, state, seat)
        if other is None:
            continue
        view = game.observe(state, seat)
        assert game.observe(other, seat) == view
        legal = game.legal_actions(state)
        assert game.legal_actions(other) == legal
        assert rule.act(view, legal, random.Random(3)) == rule.act(game.observe(other, seat), legal, random.Random(3))
        swapped += 1
        if swapped % 6 == 0:
            a = search.act(view, legal, random.Random(8))
            b = search.act(game.observe(other, seat), game.legal_actions(other), random.Random(8))
            assert a == b
            searched += 1
    assert swapped > 20 and searched >= 3


def test_search_bot_sees_only_the_view() -> None:
    """The search bot given the view of a sampled world acts as on the true state's view."""
    game = Sheepshead(cracking=True)
    search = make_bot(game, "search:easy")
    rng = random.Random(6)
    states = _decision_states(game, rng, 3)
    for state in states[::5]:
        seat = game.actor(state)
        assert seat is not None
        view = game.observe(state, seat)
        world = game.sample(view, rng)
        a = search.act(view, game.legal_actions(state), random.Random(12))
        b = search.act(game.observe(world, seat), game.legal_actions(world), random.Random(12))
        assert a == b


def test_rule_bot_beats_random_play() -> None:
    """Duplicate deals, seeded: the rule bot's margin over random play is above zero with 95% confidence."""
    job = sim.job_for("sheepshead", {}, ["rule", "random"], seed=2024)
    job = sim.Job(job.game, job.rules, job.bots, job.seed, keep_records=False)
    summary, _ = sim.run(job, 40)
    pair = summary.pairs["rule vs random"]
    assert pair["ci_low"] > 0


def test_rule_bot_picks_strong_hands_and_passes_weak_ones() -> None:
    game = Sheepshead()
    rule = RuleBot(game)
    rng = random.Random(0)
    assert strength(mask("QC QS JC JS AD AH")) > strength(mask("9D 8C 7C 9S 8H 7H"))
    state = game.start(4)
    state = game.apply(state, game.deal_from_json({"hands": _hands("QC QS QH JC AD 7H"), "blind": ["9C", "8C"]}, 4))
    assert game.format(rule.act(game.observe(state, 0), game.legal_actions(state), rng)) == "pick"
    state = game.start(4)
    state = game.apply(state, game.deal_from_json({"hands": _hands("9S 8S 7S 9H 8H 7C"), "blind": ["9C", "8C"]}, 4))
    assert game.format(rule.act(game.observe(state, 0), game.legal_actions(state), rng)) == "pass"


def _hands(first: str) -> list[list[str]]:
    """Five hands, seat 0's given, the rest from the remaining cards (less the blind 9C 8C)."""
    pack = [c for c in DECK_D1.split() if c not in ("9C", "8C")]
    mine = first.split()
    rest = [c for c in pack if c not in mine]
    return [mine] + [rest[6 * i : 6 * i + 6] for i in range(4)]


def test_rule_bot_is_registered() -> None:
    game = Sheepshead()
    assert make_bot(game, "rule").name == "rule"
    search = make_bot(game, "search:easy")
    state = game.start(0)
    state = game.apply(state, game.deal(state, random.Random(4)))
    state = _playout(game, state, [search] * 5, random.Random(5))
    assert game.outcome(state) is not None


def _leaster_digest(hands: int, **options: Any) -> tuple[str, int]:
    """Every card the rule bot plays in ``hands`` leasters (all five seats made to pass, R41), as
    a digest, with the number of leasters played."""
    game = Sheepshead(**options)
    bot = RuleBot(game)
    rng = random.Random(41)
    digest = hashlib.sha256()
    leasters = 0
    for i in range(hands):
        state = game.start(i % 5)
        state = game.apply(state, game.deal(state, rng))
        while state.phase is Phase.PICK:
            state = game.apply(state, PASS)
        leasters += state.setup.picker < 0 and state.phase is Phase.PLAY
        while (seat := game.actor(state)) is not None:
            action = bot.act(game.observe(state, seat), game.legal_actions(state), rng)
            digest.update(f"{seat} {action};".encode())
            state = game.apply(state, action)
    return digest.hexdigest()[:16], leasters


@pytest.mark.parametrize(("requires_trick", "expected"), [(True, "cc83e3676ec9d9da"), (False, "d2bbcebb08820690")])
def test_the_rule_bot_plays_leasters_as_it_always_has(requires_trick: bool, expected: str) -> None:
    """R41: the rule bot's leaster play (`bots.leaster_card`, which its fast policy shares, so the
    differential tests cannot see a change to it) is pinned over 60 leasters of each kind."""
    digest, leasters = _leaster_digest(60, leaster_requires_trick=requires_trick)
    assert leasters == 60
    assert digest == expected
