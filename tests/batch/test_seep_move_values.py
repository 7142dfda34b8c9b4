"""Seep's move values (`protocol.MOVE_VALUES`, the learned policy's rollout stage): each head
token of a position's seat to act, its move made and the hand played out by the rule-based bot at
every seat, held to the same hands played token by token through the batch's own `apply`."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from cardtable import registry  # noqa: E402
from cardtable.batch.protocol import MOVE_VALUES, SCORED  # noqa: E402
from cardtable.bots import rule_bot  # noqa: E402
from cardtable.games.seep import kernels  # noqa: E402
from cardtable.games.seep.state import Phase  # noqa: E402
from tests.batch.test_seep_playouts import positions  # noqa: E402


def _played_out(tables: object, state: object, actions: list[object], seed: int) -> list[float]:
    """Each of ``actions`` made at ``state`` (each in a row of ``tables`` with the nudges of
    ``seed``), then the rule-based bot at every seat to the end: the acting side's points less
    the other side's."""
    rows = np.arange(len(actions), dtype=np.int64)
    tables.load(rows, [state] * len(actions))  # type: ignore[attr-defined]
    tables.seeds[rows] = seed  # type: ignore[attr-defined]
    team = int(tables.S[0, kernels.TO_ACT]) & 1  # type: ignore[attr-defined]
    queues = [list(tables.tokens(a)) for a in actions]  # type: ignore[attr-defined]
    choose = tables.policy(rule_bot(registry.get_game("seep")))  # type: ignore[attr-defined]
    n = tables.n  # type: ignore[attr-defined]
    out = np.zeros(n, np.int64)
    rewards = np.zeros((n, 4), np.float32)
    result = [0.0] * len(actions)
    live = np.zeros(n, np.bool_)
    live[rows] = True
    while live.any():
        choose(out)
        for r in np.flatnonzero(live):
            if queues[r]:
                out[r] = queues[r].pop(0)
        errors = np.zeros(n, np.bool_)
        ended = np.zeros(n, np.int8)
        tables.apply(out, live.copy(), errors, ended, rewards)  # type: ignore[attr-defined]
        assert not errors.any()
        for r in np.flatnonzero(ended == SCORED):
            result[r] = float(rewards[r, team] - rewards[r, 1 - team])
            live[r] = False
    return result


def test_each_head_is_valued_by_the_rule_based_bots_move_with_it_played_out() -> None:
    """At positions with a choice (rule-based and random play before them), every head token's
    value is the outcome of one of its moves played out by the bot, the bot's own head's that of
    its own move; the tables are left as they were."""
    game = registry.get_game("seep")
    part = registry.part("seep", "batch")
    bot = rule_bot(game)
    rng = random.Random(4)
    checked = heads_checked = 0
    for state in positions(game, 6, 21):
        if rng.random() < 0.6:
            continue
        legal = game.legal_actions(state)
        tables = part.BATCH(game.rules, max(2, len(legal) + 1))
        tables.load(np.array([0]), [state])
        before = (tables.S.copy(), tables.MH.copy(), tables.MT.copy())
        values = getattr(tables, MOVE_VALUES)
        counts, heads, vals = values(bot, np.array([0]), 64)
        assert np.array_equal(tables.S, before[0]) and np.array_equal(tables.MH, before[1])
        assert np.array_equal(tables.MT, before[2])
        if state.phase == Phase.BID:
            assert counts[0] == 0
            continue
        spelled = [tables.tokens(a) for a in legal]
        by_head: dict[int, list[int]] = {}
        for i, tokens in enumerate(spelled):
            by_head.setdefault(tokens[0], []).append(i)
        if len(by_head) < 2:
            assert counts[0] == 0
            continue
        assert counts[0] == len(by_head)
        assert sorted(heads[0, : counts[0]].tolist()) == sorted(by_head)
        assert (heads[0, counts[0] :] == -1).all()
        seed = int(tables.seeds[0])
        outcomes = _played_out(tables, state, list(legal), seed)
        rule_token = np.zeros(tables.n, np.int64)
        tables.load(np.array([0]), [state])
        tables.seeds[0] = seed
        tables.policy(bot)(rule_token)
        for j in range(counts[0]):
            h = int(heads[0, j])
            assert vals[0, j] in [outcomes[i] for i in by_head[h]]
            heads_checked += 1
        own = int(rule_token[0])
        mine = [i for i in by_head[own] if list(spelled[i][1:-1]) == _loose(tables, 0)]
        assert len(mine) == 1 and vals[0, list(heads[0]).index(own)] == outcomes[mine[0]]
        checked += 1
    assert checked >= 20 and heads_checked >= 100


def _loose(tables: object, row: int) -> list[int]:
    """The loose-card tokens of the move the rule-based bot chose at ``row`` (its ``CHOSEN``)."""
    chosen = int(tables.S[row, kernels.CHOSEN])  # type: ignore[attr-defined]
    return [kernels.T_LOOSE + c for c in range(52) if chosen >> c & 1]


def test_rows_with_no_choice_of_head_are_not_valued() -> None:
    """A bid, a move half spelled and a row with no seat to act get no values."""
    from cardtable.batch import Batch

    batch = Batch("seep", 32, seed=9, auto_reset=False)
    bot = rule_bot(batch.game)
    values = getattr(batch.tables, MOVE_VALUES)
    rule = batch.tables.policy(bot)
    out = np.zeros(32, np.int64)
    seen_mid = False
    while (batch.to_play >= 0).any():
        S = batch.tables.S
        counts, heads, _ = values(bot, np.arange(32), 64)
        idle = (S[:, kernels.TO_ACT] < 0) | (S[:, kernels.PHASE] == kernels.BIDDING) | (S[:, kernels.HEAD] >= 0)
        assert (counts[idle] == 0).all() and (heads[idle] == -1).all()
        seen_mid |= bool((S[:, kernels.HEAD] >= 0).any())
        rule(out)
        batch.step(np.where(batch.to_play >= 0, out, 0))
    assert seen_mid
