"""Smear's fast layer against the checked engine: every preset and option value switched on in
turn, the same deals and random stream (see `tests.fast_support`; ``CARDTABLE_FAST_HANDS`` runs
it long)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.bots.base import RandomBot
from cardtable.core import option_variants
from cardtable.games.smear import PRESETS, Smear, SmearRules, fast
from cardtable.games.smear.bots import RuleBot
from tests.fast_support import check_playouts, check_policy, check_steps, hands

CONFIGS: list[dict[str, Any]] = [dict(p) for p in PRESETS.values()]
CONFIGS += [{name: value} for name, value in option_variants(SmearRules)]
CONFIGS += [{"kitty_size": 3, "follow_rule": "strict", "all_pass": "stick_dealer", "dealer_may_equal": True}]


def _id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_steps_equal_the_checked_engine(options: dict[str, Any]) -> None:
    game = Smear(**options)
    assert check_steps(game, fast, hands(12), seed=11) > 200


@pytest.mark.parametrize("classic", [False, True], ids=["rule", "rule:classic"])
@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_rule_playouts_equal_the_checked_ones(options: dict[str, Any], classic: bool) -> None:
    game = Smear(**options)
    assert check_playouts(game, fast, RuleBot(game, classic), hands(4), seed=12) > 20


def test_random_playouts_equal_the_checked_ones() -> None:
    game = Smear(kitty_size=2)
    assert check_playouts(game, fast, RandomBot(game), hands(10), seed=13) > 50


@pytest.mark.parametrize("classic", [False, True], ids=["rule", "rule:classic"])
@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_rule_policy_chooses_as_the_rule_bot(options: dict[str, Any], classic: bool) -> None:
    game = Smear(**options)
    assert check_policy(game, fast, RuleBot(game, classic), hands(16), seed=14) > 40


def test_the_state_before_the_deal_is_left_to_the_checked_engine() -> None:
    game = Smear()
    assert fast.from_state(game.start(0), game.rules) is None
    dealt = fast.deal(game.rules, 2, (3, 4), random.Random(5))
    state = game.start(2, {"scores": [3, 4]})
    assert dealt.to_state() == game.apply(state, game.deal(state, random.Random(5)))


def test_policy_for_other_bots_is_none() -> None:
    game = Smear()
    assert fast.policy_for(RuleBot(Smear(kitty_size=1)), game.rules) is None
    assert fast.policy_for(object(), game.rules) is None
