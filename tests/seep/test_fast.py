"""The fast layer (`cardtable.games.seep.fast`) against the checked engine: the same deals and
the same random stream, every legal list, every state and every outcome compared, the converters
checked from mid-hand states, under every preset and every rule option.

A short run is part of the test suite; ``CARDTABLE_LONG=N`` plays N times as many hands (for
example ``CARDTABLE_LONG=50 pytest tests/seep/test_fast.py``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from cardtable.core import option_variants
from cardtable.games.seep import PRESETS, Seep, SeepRules, fast
from cardtable.games.seep.bots import FastRulePolicy, RuleBot
from cardtable.games.seep.state import Phase

LONG = int(os.environ.get("CARDTABLE_LONG", "1") or 1)

#: Every preset, every option on its own at each other value, and a few together.
RULES: list[dict[str, Any]] = [
    *PRESETS.values(),
    *({name: value} for name, value in option_variants(SeepRules)),
    {"throw_policy": "free", "auto_merge_loose_sets": True, "opponent_add_becomes_owner": False},
    {
        "capture_policy": "any_valid_subset",
        "retention_scope": "team",
        "break_may_use_floor_cards": True,
        "auto_merge_loose_sets": True,
        "partner_becomes_owner": True,
    },
]


def _ids(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


def _dealt(game: Seep, rng: random.Random, dealer: int) -> Any:
    s = game.start(dealer)
    return game.apply(s, game.deal(s, rng))


@pytest.mark.parametrize("options", RULES, ids=_ids)
def test_fast_layer_plays_the_engines_game(options: dict[str, Any]) -> None:
    game = Seep(**options)
    eng = fast.FastSeep(game.rules)
    rng = random.Random(_ids(options))
    for hand in range(4 * LONG):
        s = _dealt(game, rng, hand % 4)
        st = fast.from_state(s, game.rules, eng)
        assert st is not None
        while game.actor(s) is not None:
            legal = game.legal_actions(s)
            codes = fast.moves_of(st)
            assert codes == [fast.code_of(a) for a in legal]
            assert fast.to_act(st) == game.actor(s)
            if rng.random() < 0.2:  # converters, from a mid-hand state
                again = fast.from_state(s, game.rules, eng)
                assert again is not None and fast.to_state(again) == s
                for a, code in zip(legal, codes, strict=True):
                    back = fast.action_of(st, code)
                    assert back == a and game.format(back) == game.format(a)
                other = fast.copy(st)
                fast.apply(other, codes[-1])
                assert fast.to_state(st) == s  # the copy is played on, not the original
            i = rng.randrange(len(legal))
            s = game.apply(s, legal[i])
            fast.apply(st, codes[i])
            assert fast.to_state(st) == s
        result = game.outcome(s)
        assert result is not None and fast.score(st) == result.score
        assert fast.to_act(st) is None and fast.moves_of(st) == []


def test_fast_layer_needs_the_deal() -> None:
    game = Seep()
    assert fast.from_state(game.start(0), game.rules) is None


@pytest.mark.parametrize("options", [{}, *PRESETS.values(), RULES[-1]], ids=_ids)
def test_playout_equals_the_engine_played_by_the_same_bots(options: dict[str, Any]) -> None:
    """A whole-hand playout with the fast random policy, and with the fast rule-based policy, gives
    the engine's own hand played by the random and rule-based bots on the same random stream."""
    game = Seep(**options)
    rule = RuleBot(game)
    policy = FastRulePolicy(game.rules)
    rng = random.Random(7)
    for hand in range(4 * LONG):
        start = _dealt(game, rng, hand % 4)
        seed = rng.random()
        for use_rule in (False, True):
            s = start
            r1 = random.Random(seed)
            while (seat := game.actor(s)) is not None:
                legal = game.legal_actions(s)
                if len(legal) == 1:
                    a = legal[0]
                elif use_rule:
                    a = rule.act(game.observe(s, seat), legal, r1)
                else:
                    a = legal[r1.randrange(len(legal))]
                s = game.apply(s, a)
            st = fast.from_state(start, game.rules)
            assert st is not None
            steps = fast.playout(st, policy if use_rule else fast.random_policy, random.Random(seed))
            result = game.outcome(s)
            assert result is not None
            assert fast.score(st) == result.score and fast.to_state(st) == s
            assert steps == s.plays + 1  # every card played, and the bid


@pytest.mark.parametrize("classic", [False, True])
def test_fast_rule_policy_chooses_as_the_rule_bot_at_every_decision(classic: bool) -> None:
    game = Seep()
    rule = RuleBot(game, classic)
    policy = FastRulePolicy(game.rules, classic)
    rng = random.Random(11)
    decisions = 0
    for hand in range(10 * LONG):
        s = _dealt(game, rng, hand % 4)
        while (seat := game.actor(s)) is not None:
            legal = game.legal_actions(s)
            st = fast.from_state(s, game.rules)
            assert st is not None
            seed = rng.random()
            if len(legal) > 1:
                chosen = rule.act(game.observe(s, seat), legal, random.Random(seed))
                code = policy(st, fast.moves_of(st), random.Random(seed))
                assert fast.action_of(st, code) == chosen
                decisions += 1
            s = game.apply(s, legal[rng.randrange(len(legal))])
    assert decisions > 100
    assert s.phase is Phase.OVER


@pytest.mark.parametrize("bot", ["random", "rule", "rule:classic"])
def test_the_search_protocol_plays_out_as_the_checked_playout(bot: str) -> None:
    """The functions the search uses (`fast.policy_for`, `fast.playout` and the state's methods)
    end every playout from mid-hand states where the checked playout ends, after as many moves
    (the rule policy's every choice is compared by
    `test_fast_rule_policy_chooses_as_the_rule_bot_at_every_decision`)."""
    from cardtable.bots.base import RandomBot
    from tests.fast_support import check_playouts, hands

    game = Seep()
    player = (
        RuleBot(game) if bot == "rule" else RuleBot(game, classic=True) if bot == "rule:classic" else RandomBot(game)
    )
    assert check_playouts(game, fast, player, hands(3), seed=41, every=7) > 10
    assert fast.policy_for(object(), game.rules) is None
    assert fast.policy_for(RuleBot(Seep(sweep_points=30)), game.rules) is None
