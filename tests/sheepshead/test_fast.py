"""Sheepshead's fast layer against the checked engine: every preset and option value switched on
in turn, the same deals and random stream (see `tests.fast_support`; ``CARDTABLE_FAST_HANDS``
runs it long)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.bots.base import RandomBot
from cardtable.core import option_variants
from cardtable.games.sheepshead import PRESETS, Sheepshead, SheepsheadRules, fast
from cardtable.games.sheepshead.bots import RuleBot
from tests.fast_support import check_playouts, check_policy, check_steps, hands

CONFIGS: list[dict[str, Any]] = [dict(p) for p in PRESETS.values()]
CONFIGS += [{name: value} for name, value in option_variants(SheepsheadRules)]
#: Options that only matter together: the unknown with cracks and blitzes, a ten call with its
#: variants, a picker alone.
CONFIGS += [
    {"allow_unknown_call": True, "cracking": True, "blitzing": True, "multiplier_limit": 4},
    {"allow_call_own_ace": True, "ten_call_hold_must_be_ace": True, "called_ten_beats_ace": True},
    {"partner_mode": "none", "no_pick_rule": "schwanzer"},
]


def _id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_steps_equal_the_checked_engine(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    assert check_steps(game, fast, hands(8), seed=21) > 150


@pytest.mark.parametrize("classic", [False, True], ids=["rule", "rule:classic"])
@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_rule_playouts_equal_the_checked_ones(options: dict[str, Any], classic: bool) -> None:
    game = Sheepshead(**options)
    assert check_playouts(game, fast, RuleBot(game, classic), hands(3), seed=22) > 20


def test_random_playouts_equal_the_checked_ones() -> None:
    game = Sheepshead(allow_unknown_call=True)
    assert check_playouts(game, fast, RandomBot(game), hands(10), seed=23) > 50


@pytest.mark.parametrize("classic", [False, True], ids=["rule", "rule:classic"])
@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_rule_policy_chooses_as_the_rule_bot(options: dict[str, Any], classic: bool) -> None:
    game = Sheepshead(**options)
    assert check_policy(game, fast, RuleBot(game, classic), hands(8), seed=24) > 60


def test_the_state_before_the_deal_is_left_to_the_checked_engine() -> None:
    game = Sheepshead()
    assert fast.from_state(game.start(0), game.rules) is None
    dealt = fast.deal(game, 2, random.Random(5))
    state = game.start(2)
    assert dealt.to_state() == game.apply(state, game.deal(state, random.Random(5)))


def test_policy_for_other_bots_is_none() -> None:
    game = Sheepshead()
    assert fast.policy_for(RuleBot(Sheepshead(cracking=True)), game.rules) is None
    assert fast.policy_for(object(), game.rules) is None
