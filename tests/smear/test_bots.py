"""The rule-based player: always legal, and clearly better than random play."""

from __future__ import annotations

import random

from cardtable.bots import make_bot
from cardtable.games.smear.bots import RuleBot

from .helpers import smear


def _match_points(options: dict[str, object], rule_team: int, seed: int) -> int:
    """Team ``rule_team``'s total score change over hands where it plays by rule and the other
    team plays at random."""
    game = smear(**options)
    rule = RuleBot(game)
    rand = make_bot(game, "random")
    rng = random.Random(seed)
    total = 0
    for h in range(60):
        state = game.start(h % 4)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            bot = rule if seat % 2 == rule_team else rand
            action = bot.act(game.observe(state, seat), legal, rng)
            assert action in legal
            state = game.apply(state, action)
        result = game.outcome(state)
        assert result is not None
        total += result.score[rule_team] - result.score[1 - rule_team]
    return total


def test_rule_bot_beats_random_play() -> None:
    configs: list[dict[str, object]] = [{}, {"kitty_size": 3}, {"all_pass": "stick_dealer", "follow_rule": "strict"}]
    for options in configs:
        assert _match_points(options, 0, 1) + _match_points(options, 1, 2) > 40


def test_rule_bot_is_registered() -> None:
    game = smear(kitty_size=2)
    bot = make_bot(game, "rule")
    assert bot.name == "rule"
    search = make_bot(game, "search:easy")
    state = game.start(0)
    state = game.apply(state, game.deal(state, random.Random(4)))
    rng = random.Random(5)
    while (seat := game.actor(state)) is not None:
        legal = game.legal_actions(state)
        state = game.apply(state, search.act(game.observe(state, seat), legal, rng))
    assert game.outcome(state) is not None
