"""Sheepshead's rule-based bot over arrays (`games.sheepshead.botkernels.rule_tokens`) held to the
checked `RuleBot` at every decision of whole hands: the pick and the blitz, the bury (two tokens),
the call (alone, ace, ten and unknown calls, the unknown two tokens), the crack and the re-crack,
and the trick play, under many rule sets (the standard rules, where the taught pick and bury
choose, and rules under which the bot picks by its threshold), for the bot of today and the
classic one."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardtable import registry  # noqa: E402
from cardtable.bots import rule_bot  # noqa: E402
from cardtable.games.sheepshead import kernels  # noqa: E402
from cardtable.games.sheepshead.actions import Bury, Call, Crack, Pass, Pick  # noqa: E402
from cardtable.games.sheepshead.state import Phase  # noqa: E402
from cardtable.games.sheepshead.tables import FAIL_ACES, FROM_KERNEL  # noqa: E402
from tests.batch.harness import random_rules  # noqa: E402

#: The standard rules (the taught pick and bury), a doubler and a forced pick when all pass (R42,
#: R43: the dealer's threshold moves), the jack of diamonds with cracks and blitzes (R34, R44, R45),
#: the unknown call (R35a), ten calls (R19) with and without the ace as hold card, calling one's
#: own ace, no partner in a leaster that needs a trick.
RULES: list[dict[str, Any]] = [
    {},
    {"no_pick_rule": "doubler", "cracking": True},
    {"no_pick_rule": "forced_pick", "blitzing": True, "cracking": True},
    {"partner_mode": "jack_of_diamonds", "cracking": True, "blitzing": True},
    {"allow_unknown_call": True, "cracking": True},
    {"allow_ten_call": True, "ten_call_hold_must_be_ace": True},
    {"allow_ten_call": True, "allow_unknown_call": True, "blitzing": True},
    {"allow_call_own_ace": True, "cracking": True},
    {"partner_mode": "none", "leaster_requires_trick": True},
]


def _hands(game: Any, bot: Any, hands: int, seed: int, share: float) -> list[tuple[Any, Any]]:
    """Every decision with a choice of ``hands`` whole hands, as (state, the bot's action there);
    each move is the bot's, or with chance ``share`` a random legal one (so that the bot meets
    picks, buries and calls it would not have made)."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            mine = bot.act(game.observe(state, seat), legal, rng)
            if len(legal) > 1:
                out.append((state, mine))
            action = legal[rng.randrange(len(legal))] if rng.random() < share else mine
            state = game.apply(state, action)
    return out


def _kind(state: Any, action: Any) -> str:
    """The kind of decision: its phase, or for a pick, a call and a crack the action taken."""
    if isinstance(action, Call):
        if action.card is None:
            return "alone"
        if action.unknown is not None:
            return "unknown"
        return "call" if FROM_KERNEL[action.card] in FAIL_ACES else "ten"
    if isinstance(action, Pick):
        return "blitz" if action.blitz else "pick"
    if isinstance(action, Crack):
        return "recrack" if action.back else "crack"
    if isinstance(action, Pass):
        return "pass" if state.phase == Phase.PICK else "no crack"
    return str(state.phase.name.lower())


def _compare(options: dict[str, Any], classic: bool, hands: int, seed: int, share: float) -> Counter[str]:
    """Load every decision of the hands into a batch's rows and compare the bot over arrays with
    the checked bot, token by token; the decisions compared, by kind."""
    game = registry.get_game_from_rules("sheepshead", options)
    bot = rule_bot(game, classic=classic)
    decisions = _hands(game, bot, hands, seed, share)
    n = len(decisions)
    tables = registry.part("sheepshead", "batch").BATCH(game.rules, n)
    assert tables.covers(game.observe(decisions[0][0], game.actor(decisions[0][0])))
    rows = np.arange(n, dtype=np.int64)
    tables.load(rows, [s for s, _ in decisions])
    choose = tables.policy(bot)
    assert choose is not None
    want = [tables.tokens(a) for _, a in decisions]
    out = np.full(n, -7, np.int64)
    choose(out)
    where = f"{options} classic={classic}"
    for i in range(n):
        assert out[i] == want[i][0], f"{where}: {out[i]} != {want[i]} at {decisions[i][0]}"
    # the second token of a bury or an unknown call, once the first is given
    two = np.array([len(t) == 2 for t in want])
    firsts = np.array([t[0] for t in want], np.int64)
    _give(tables, firsts, two)
    choose(out)
    for i in np.flatnonzero(two):
        assert out[i] == want[i][1], f"{where}: second {out[i]} != {want[i]} at {decisions[i][0]}"
    seen: Counter[str] = Counter(_kind(s, a) for s, a in decisions)
    seen["compared"] = n
    return seen


def _give(tables: Any, tokens: Any, active: Any) -> None:
    n = len(tokens)
    errors = np.zeros(n, np.bool_)
    tables.apply(tokens, active, errors, np.zeros(n, np.int8), np.zeros((n, tables.seats), np.float32))
    assert not errors.any()


@pytest.mark.parametrize("classic", [False, True])
@pytest.mark.parametrize("options", RULES, ids=[str(i) for i in range(len(RULES))])
def test_every_decision_is_the_checked_bots(options: dict[str, Any], classic: bool) -> None:
    """At every decision of many whole hands (the bot's own moves, with some random ones), the
    token(s) over arrays are those of `RuleBot.act`'s action."""
    seen = _compare(options, classic, hands=100, seed=31 + len(options), share=0.3)
    assert seen["pick"] + seen["pass"] >= 100 and seen["bury"] >= 10 and seen["play"] >= 500


def test_every_decision_under_random_rules() -> None:
    """The same on random rule sets (every option of the engine may be switched)."""
    rng = random.Random(5)
    for k in range(6):
        options = random_rules("sheepshead", rng)
        _compare(options, classic=k % 2 == 1, hands=25, seed=70 + k, share=0.4)


def test_every_kind_of_decision_is_met() -> None:
    """The comparisons above meet every kind of decision: blitzes, buries, ace, ten and unknown
    calls, going alone, cracks and re-cracks (here under rules that open them all, with more
    random moves so that odd hands reach the call)."""
    total: Counter[str] = Counter()
    for k, options in enumerate(
        [
            {"allow_unknown_call": True, "cracking": True, "blitzing": True},
            {"allow_ten_call": True, "cracking": True, "blitzing": True},
        ]
    ):
        total += _compare(options, classic=False, hands=200, seed=90 + k, share=0.6)
    kinds = ("pick", "blitz", "pass", "bury", "call", "ten", "alone", "unknown", "crack", "no crack", "recrack", "play")
    for kind in kinds:
        assert total[kind] > 0, (kind, total)


def test_a_bury_or_call_begun_by_another_is_finished_legally() -> None:
    """A bury whose first card another player named is finished as the bot would finish it: its
    own second card when its choice starts there, else its choice among the buries that do; an
    unknown call's card set aside is always one the seat may set aside."""
    game = registry.get_game_from_rules("sheepshead", {"allow_unknown_call": True})
    rng = random.Random(8)
    for classic in (False, True):
        bot = rule_bot(game, classic=classic)
        decisions = [(s, a) for s, a in _hands(game, bot, 150, seed=12, share=0.6) if isinstance(a, Bury | Call)]
        n = len(decisions)
        tables = registry.part("sheepshead", "batch").BATCH(game.rules, n)
        tables.load(np.arange(n, dtype=np.int64), [s for s, _ in decisions])
        firsts = np.zeros(n, np.int64)
        active = np.zeros(n, np.bool_)
        expect: dict[int, int] = {}
        for i, (state, mine) in enumerate(decisions):
            legal = game.legal_actions(state)
            if isinstance(mine, Bury):
                first = rng.choice(sorted({tables.tokens(a)[0] for a in legal}))
                among = [a for a in legal if tables.tokens(a)[0] == first]
                if tables.tokens(mine)[0] != first:
                    mine = bot.act(game.observe(state, game.actor(state)), among, rng)
                expect[i] = tables.tokens(mine)[1]
            else:
                unknown = sorted({tables.tokens(a)[0] for a in legal if isinstance(a, Call) and a.unknown is not None})
                if not unknown:
                    continue
                first = rng.choice(unknown)
            firsts[i] = first
            active[i] = True
        _give(tables, firsts, active)
        out = np.zeros(n, np.int64)
        tables.policy(bot)(out)
        mask = tables_mask(tables, n)
        for i in np.flatnonzero(active):
            assert mask[i, out[i]], (decisions[i][0], out[i])
            if i in expect:
                assert out[i] == expect[i], (decisions[i][0], out[i], expect[i])
        assert len(expect) >= 20 and active.sum() > len(expect)


def tables_mask(tables: Any, n: int) -> Any:
    mask = np.zeros((n, kernels.TOKENS), np.bool_)
    tables.legal_mask(mask)
    return mask


def test_the_bots_own_shift_and_weights_are_followed() -> None:
    """A bot retuned as `bench/sheepshead_rule_tune.py` retunes it (the pick's threshold shifted by
    place, the bury's weights changed, the taught models off) is followed too, and a bot differing
    only in them chooses otherwise somewhere (the comparison sees the settings)."""
    game = registry.get_game_from_rules("sheepshead", {})
    bot = rule_bot(game)
    bot.taught_pick = bot.taught_bury = False
    bot.pick_shift = (0.4, -0.3, 0.2, -0.5, -1.0)
    bot.bury_weights.update(points=0.5, trump=2.0, ace=9.0, void=1.5)
    decisions = _hands(game, bot, 80, seed=3, share=0.3)
    n = len(decisions)
    tables = registry.part("sheepshead", "batch").BATCH(game.rules, n)
    tables.load(np.arange(n, dtype=np.int64), [s for s, _ in decisions])
    want = np.array([tables.tokens(a)[0] for _, a in decisions], np.int64)
    out = np.zeros(n, np.int64)
    tables.policy(bot)(out)
    assert (out == want).all(), decisions[int(np.flatnonzero(out != want)[0])][0]
    tables.policy(rule_bot(game))(out)
    assert (out != want).any()
