"""Playouts on the batched engine: positions loaded into rows mid-hand, the rule-based bot's
choices over arrays, and whole playouts of many worlds × actions at once, each held to the one-table
fast layer (`games.GAME.fast`: its `RulePolicy` and `playout`) on the same positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardtable import registry  # noqa: E402
from cardtable.batch.playouts import Playouts  # noqa: E402
from cardtable.batch.protocol import Loadable  # noqa: E402
from cardtable.bots import rule_bot  # noqa: E402
from cardtable.bots.base import RandomBot  # noqa: E402
from tests.batch.harness import random_rules  # noqa: E402

#: Smear's rule sets: the default, every kitty size (R16-R18), the strict follow rule (R24), Low to
#: its capturer (R28), discards counted for Game (§3.11), a stuck dealer (R15), the cap (§3.14).
SMEAR_RULES: list[dict[str, Any]] = [
    {},
    {"kitty_size": 1},
    {"kitty_size": 2, "follow_rule": "strict", "discards_count_for_game": True},
    {"kitty_size": 3, "low_awarded_to": "capturer", "all_pass": "stick_dealer"},
    {"non_bidder_cap": 15, "dealer_may_equal": True, "high_rule": "highest_in_play"},
]
#: Sheepshead's: the default (a leaster when all pass, R41), an unknown call (R35a), a ten call
#: with the called-card rules (R19, R28-R30), the jack of diamonds (R16), no partner, cracks and
#: blitzes (R44-R45), a leaster that needs a trick.
SHEEPSHEAD_RULES: list[dict[str, Any]] = [
    {},
    {"allow_unknown_call": True, "partner_must_play_called_on_first_lead": True},
    {"allow_ten_call": True, "partner_cannot_discard_called": True, "partner_cannot_underlead_called_suit": True},
    {"partner_mode": "jack_of_diamonds", "cracking": True, "blitzing": True},
    {"partner_mode": "none", "leaster_requires_trick": True},
]
GAMES = [("smear", SMEAR_RULES), ("sheepshead", SHEEPSHEAD_RULES)]


def _positions(game: Any, hands: int, seed: int) -> list[Any]:
    """The states of ``hands`` hands where the seat to act has a choice, each move of the hands
    made by the rule-based bot or at random (half and half), so that the positions are both
    the bot's own and odd ones."""
    bot = rule_bot(game)
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                out.append(state)
            if rng.random() < 0.5:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bot.act(game.observe(state, seat), legal, rng)
            state = game.apply(state, action)
    return out


def _fast_token(tables: Any, fast: Any, policy: Any, state: Any) -> int:
    """The token the fast layer's policy plays at ``state`` (the first token of a discard)."""
    f = fast.from_state(state, tables.rules)
    moves = f.moves()
    action = fast.to_action(moves[0] if len(moves) == 1 else policy.choose(f, moves, random.Random(0)))
    return int(tables.tokens(action)[0])


def _rules_sets(name: str, fixed: list[dict[str, Any]], random_sets: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return fixed + [random_rules(name, rng) for _ in range(random_sets)]


@pytest.mark.parametrize(("name", "fixed"), GAMES)
def test_the_array_policy_chooses_as_the_fast_rule_policy(name: str, fixed: list[dict[str, Any]]) -> None:
    """At every position of many hands (the policy over arrays covers every decision of both
    games), under many rule sets, loaded into the rows of one batch: the rule-based bot
    over arrays gives the token the fast layer's `RulePolicy` chooses."""
    fast = registry.part(name, "fast")
    compared = 0
    for k, options in enumerate(_rules_sets(name, fixed, 6, seed=11)):
        game = registry.get_game_from_rules(name, options)
        for classic in (False, True):
            bot = rule_bot(game, classic=classic)
            policy = fast.policy_for(bot, game.rules)
            tables = registry.part(name, "batch").BATCH(game.rules, 1)
            assert isinstance(tables, Loadable)
            states = [s for s in _positions(game, 30, seed=100 + k) if tables.covers(game.observe(s, game.actor(s)))]
            tables = registry.part(name, "batch").BATCH(game.rules, len(states))
            tables.load(np.arange(len(states), dtype=np.int64), states)
            out = np.zeros(len(states), np.int64)
            choose = tables.policy(bot)
            assert choose is not None
            choose(out)
            want = [_fast_token(tables, fast, policy, s) for s in states]
            bad = [i for i in range(len(states)) if out[i] != want[i]]
            assert not bad, f"{options} classic={classic}: {len(bad)} positions differ, first {states[bad[0]]}"
            compared += len(states)
    assert compared >= 1500


@pytest.mark.parametrize(("name", "fixed"), GAMES)
def test_batched_playouts_end_as_the_fast_layers(name: str, fixed: list[dict[str, Any]]) -> None:
    """Worlds sampled from a seat's view, every legal action tried in each, all played out in one
    batch: each hand's scores and length are those of the fast layer's `playout` of the same world
    and action with the fast rule policy."""
    fast = registry.part(name, "fast")
    hands = 0
    for k, options in enumerate(_rules_sets(name, fixed, 3, seed=12)):
        game = registry.get_game_from_rules(name, options)
        bot = rule_bot(game)
        runner = Playouts.make(game, bot, compiled=False)
        assert runner is not None
        policy = fast.policy_for(bot, game.rules)
        rng = random.Random(k)
        for state in _positions(game, 4, seed=200 + k)[::3]:
            view = game.observe(state, game.actor(state))
            if not runner.covers(view):
                continue
            worlds = [game.sample(view, rng) for _ in range(4)]
            legal = game.legal_actions(state)
            scores, steps = runner.run(worlds, legal)
            assert scores.shape == (4, len(legal), game.seats) and steps.shape == (4, len(legal))
            for w, world in enumerate(worlds):
                for a, action in enumerate(legal):
                    f = fast.from_state(world, game.rules)
                    f.apply(fast.to_int(action))
                    n = fast.playout(f, policy, random.Random(0))
                    assert tuple(scores[w, a]) == f.score(), (options, world, action)
                    assert steps[w, a] == n, (options, world, action)
                    hands += 1
    assert hands >= 200


def test_playouts_refuse_a_policy_they_cannot_follow() -> None:
    """A random policy draws random numbers the batch cannot draw alike: no batched playouts."""
    game = registry.get_game("smear")
    assert Playouts.make(game, RandomBot(game), compiled=False) is None
    assert Playouts.make(game, rule_bot(game), compiled=False) is not None


def test_the_comparison_sees_another_bot() -> None:
    """The classic bot bids up to a quarter point over its count, the bot of today a whole point:
    loaded with one and compared with the other, auction positions differ (the test can fail)."""
    game = registry.get_game("smear")
    fast = registry.part("smear", "fast")
    states = [s for s in _positions(game, 12, seed=7) if s.phase.value == "auction"]
    tables = registry.part("smear", "batch").BATCH(game.rules, len(states))
    tables.load(np.arange(len(states), dtype=np.int64), states)
    out = np.zeros(len(states), np.int64)
    choose = tables.policy(rule_bot(game, classic=True))
    assert choose is not None
    choose(out)
    policy = fast.policy_for(rule_bot(game), game.rules)
    assert any(out[i] != _fast_token(tables, fast, policy, s) for i, s in enumerate(states))
