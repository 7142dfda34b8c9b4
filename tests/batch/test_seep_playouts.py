"""Seep on the batched engine's playouts: positions loaded into rows mid-hand (sampled worlds,
houses, sweeps and the match as they stand), held to the engine at the load and at every token
of the rest of the hand; the rule-based bot over arrays held to the fast layer's rule policy; and
whole playouts of sampled worlds held to the fast layer's."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardtable import registry  # noqa: E402
from cardtable.batch.protocol import GOING, SCORED, Loadable  # noqa: E402
from cardtable.bots import rule_bot  # noqa: E402
from cardtable.games.seep import kernels  # noqa: E402
from cardtable.games.seep.state import Match, Phase  # noqa: E402
from cardtable.rl.table import Table  # noqa: E402
from tests.batch.harness import random_rules  # noqa: E402

#: Rule sets that open the rarer moves: throws that join a house and breaks with loose cards
#: (rules §3.2), the sweep cap (A32), team retention (I3), pair houses and multi-set builds (M3),
#: partners' houses (M4, M5), a second of the three presets' readings.
SEEP_RULES: list[dict[str, Any]] = [
    {},
    {"throw_policy": "free", "auto_merge_loose_sets": True, "break_may_use_floor_cards": True, "sweep_cap": 2},
    {"retention_scope": "team", "allow_pair_house": True, "allow_multi_set_build": True},
    {"capture_policy": "maximal", "partner_add_requires_card": True, "may_break_partner_house": False},
    {"throw_policy": "no_capture_or_build_possible", "majority_bonus": 4, "ten_diamonds_points": 2},
]


def rule_sets(random_sets: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return SEEP_RULES + [random_rules("seep", rng) for _ in range(random_sets)]


def positions(game: Any, hands: int, seed: int, choices_only: bool = True) -> list[Any]:
    """The states of ``hands`` hands where the seat to act has a choice (or every state with a
    seat to act), each move made by the rule-based bot or at random (half and half), each hand in
    a match of its own (a random running lead and baazis)."""
    bot = rule_bot(game)
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        state = game.start(i % 4)
        state = state._replace(match=Match(rng.randrange(-60, 61), (rng.randrange(3), rng.randrange(3))))
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            if len(legal) > 1 or not choices_only:
                out.append(state)
            if rng.random() < 0.5:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bot.act(game.observe(state, seat), legal, rng)
            state = game.apply(state, action)
    return out


def _table_at(options: dict[str, Any], state: Any) -> Table:
    """The RL environments' one-table `Table` on the checked engine, at ``state``."""
    t = Table("seep", **options)
    t.state = state
    t.done = False
    t._settle()
    return t


def test_a_loaded_row_plays_the_rest_of_the_hand_as_the_engine() -> None:
    """Positions of many hands (every phase after the deal: the bid R8, the opening R10, play,
    houses, sweeps, the match's lead and baazis) loaded into rows: the seat to act, the legal
    tokens, the observations of the seat to act and of another seat, then every token of the rest
    of the hand (random legal ones) and the hand's rewards, the engine actions counted and the
    state at the end, equal the engine's from the same state."""
    compared = tokens = 0
    for k, options in enumerate(rule_sets(3, seed=21)):
        game = registry.get_game_from_rules("seep", options)
        states = positions(game, 5, seed=300 + k, choices_only=False)[::4]
        n = len(states)
        tables: Any = registry.part("seep", "batch").BATCH(game.rules, n)
        assert isinstance(tables, Loadable)
        rows = np.arange(n, dtype=np.int64)
        tables.load(rows, states)
        engine = [_table_at(options, s) for s in states]
        rng = random.Random(k)
        paid: list[Any] = [None] * n
        size = len(tables.action_names)
        while True:
            to_act = tables.to_act()
            assert to_act.tolist() == [-1 if t.done else t.actor() for t in engine], options
            if (to_act < 0).all():
                break
            mask = np.zeros((n, size), np.bool_)
            tables.legal_mask(mask)
            other = (np.maximum(to_act, 0) + np.array([rng.randrange(1, 4) for _ in range(n)])) % 4
            for seats in (to_act, other):
                obs = np.zeros((n, tables.obs_size), np.int8)
                tables.observe(seats, obs)
                for i, t in enumerate(engine):
                    if not t.done:
                        assert (obs[i] == t.observe(int(seats[i]))).all(), (options, states[i], int(seats[i]))
            actions = np.full(n, -1, np.int64)
            for i, t in enumerate(engine):
                if t.done:
                    continue
                allowed = t.allowed()
                assert np.flatnonzero(mask[i]).tolist() == sorted(allowed), (options, states[i])
                actions[i] = rng.choice(allowed)
                paid[i] = t.step(int(actions[i]))
                tokens += 1
            errors = np.zeros(n, np.bool_)
            ended = np.zeros(n, np.int8)
            rewards = np.zeros((n, 4), np.float32)
            tables.apply(actions, to_act >= 0, errors, ended, rewards)
            assert not errors.any()
            for i, t in enumerate(engine):
                if ended[i] == SCORED:
                    assert t.done and tuple(rewards[i]) == tuple(paid[i]), (options, states[i])
                else:
                    assert ended[i] == GOING
        ends = tables.final_states(rows, states)
        taken = tables.actions_taken(rows).tolist()
        for i, t in enumerate(engine):
            assert ends[i] == t.state, (options, states[i])
            assert taken[i] == t.state.plays - states[i].plays + (states[i].phase is Phase.BID), options
        compared += n
    assert compared >= 400 and tokens >= 15_000


def test_tokens_spell_the_engines_actions() -> None:
    """`tokens` spells an action as the RL vocabulary does: a capture's head, its loose cards in
    card order and ``end``; a throw or a bid alone."""
    game = registry.get_game("seep")
    tables: Any = registry.part("seep", "batch").BATCH(game.rules, 1)
    names = tables.action_names
    assert [names[t] for t in tables.tokens(game.parse("capture JC 3C+8H"))] == ["capture JC", "+3C", "+8H", "end"]
    assert [names[t] for t in tables.tokens(game.parse("throw 4D"))] == ["throw 4D"]
    assert [names[t] for t in tables.tokens(game.parse("bid 12"))] == ["bid 12"]


def test_a_hand_before_its_deal_is_refused() -> None:
    game = registry.get_game("seep")
    tables: Any = registry.part("seep", "batch").BATCH(game.rules, 1)
    with pytest.raises(ValueError, match="only a dealt hand"):
        tables.load(np.zeros(1, np.int64), [game.start(0)])
    assert kernels.COLUMNS == kernels.CHOSEN + 1


class Nudges:
    """The one-table bot's random stream replaced by the nudges `botkernels.nudge` gives each move
    of the position (in the order of the moves the bot is shown)."""

    def __init__(self, values: list[float]) -> None:
        self.values = values
        self.k = 0

    def random(self) -> float:
        u = self.values[self.k]
        self.k += 1
        return u


def _head_and_take(tables: Any, action: Any) -> tuple[int, int]:
    toks = tables.tokens(action)
    take = 0
    for t in toks[1:]:
        if t < kernels.T_END:
            take |= 1 << (t - kernels.T_LOOSE)
    return toks[0], take


def test_the_array_policy_chooses_as_the_fast_rule_policy() -> None:
    """At every position with a choice of many hands (the bid R8, the opening R10, play with
    houses, breaks, cements, sweeps and their cap), under many rule sets, loaded into the rows of
    one batch: the rule-based bot over arrays gives the token the fast layer's rule policy chooses
    when it is given the same nudges; and the rest of each move it spells is the move's."""
    from cardtable.games.seep import botkernels, fast

    compared = 0
    for k, options in enumerate(rule_sets(5, seed=11)):
        game = registry.get_game_from_rules("seep", options)
        bot = rule_bot(game)
        policy = fast.policy_for(bot, game.rules)
        states = positions(game, 6, seed=100 + k)
        tables: Any = registry.part("seep", "batch").BATCH(game.rules, len(states))
        rows = np.arange(len(states), dtype=np.int64)
        tables.load(rows, states)
        choose = tables.policy(bot)
        assert choose is not None
        out = np.zeros(len(states), np.int64)
        choose(out)
        seeds = tables.seeds.tolist()
        for i, state in enumerate(states):
            f = fast.from_state(state, game.rules)
            moves = f.moves()
            nudges = []
            for code in moves:
                head, take = _head_and_take(tables, fast.action_of(f, code))
                nudges.append(botkernels.nudge(seeds[i], state.plays, head, take))
            want = tables.tokens(fast.action_of(f, policy(f, moves, Nudges(nudges))))
            assert out[i] == want[0], (options, state)
            if len(want) > 1:  # the rest of the move, token by token
                spelled = [int(out[i])]
                single = np.zeros(len(states), np.bool_)
                single[i] = True
                for _ in want[1:]:
                    tables.apply(out, single, np.zeros_like(single), np.zeros(len(states), np.int8),
                                 np.zeros((len(states), 4), np.float32))  # fmt: skip
                    choose(out)
                    spelled.append(int(out[i]))
                assert tuple(spelled) == want, (options, state)
        compared += len(states)
    assert compared >= 1500


def test_the_comparison_sees_another_threat(monkeypatch: pytest.MonkeyPatch) -> None:
    """The policy over arrays given a threat weight of 1.0 (`rulebot.THREAT` is 1.6) is compared
    with the bot: some positions differ (the comparison above can fail)."""
    from cardtable.games.seep import botkernels, fast

    right = botkernels.weights

    def wrong(rules: Any) -> Any:
        x = right(rules)
        x[botkernels.X_THREAT] = 1.0
        return x

    monkeypatch.setattr(botkernels, "weights", wrong)
    game = registry.get_game("seep")
    bot = rule_bot(game)
    policy = fast.policy_for(bot, game.rules)
    states = [s for s in positions(game, 4, seed=5) if s.phase is Phase.PLAY]
    tables: Any = registry.part("seep", "batch").BATCH(game.rules, len(states))
    tables.load(np.arange(len(states), dtype=np.int64), states)
    out = np.zeros(len(states), np.int64)
    choose = tables.policy(bot)
    assert choose is not None
    choose(out)
    differ = 0
    for i, state in enumerate(states):
        f = fast.from_state(state, game.rules)
        moves = f.moves()
        nudges = [
            botkernels.nudge(int(tables.seeds[i]), state.plays, *_head_and_take(tables, fast.action_of(f, c)))
            for c in moves
        ]
        differ += out[i] != tables.tokens(fast.action_of(f, policy(f, moves, Nudges(nudges))))[0]
    assert differ > 0


def test_batched_playouts_end_as_the_fast_layers() -> None:
    """Worlds sampled from a seat's view, every legal action tried in each, all played out in one
    batch (`Playouts`, the bot's moves fused in one kernel): each hand's scores, length and end
    are those of the fast layer's `playout` of the same world and action with the fast rule
    policy given the row's nudges."""
    from cardtable.batch.playouts import Playouts
    from cardtable.games.seep import botkernels, fast

    hands = 0
    for k, options in enumerate(rule_sets(1, seed=12)):
        game = registry.get_game_from_rules("seep", options)
        bot = rule_bot(game)
        runner = Playouts.make(game, bot, compiled=False)
        assert runner is not None
        policy = fast.policy_for(bot, game.rules)
        rng = random.Random(k)
        for state in positions(game, 2, seed=200 + k)[::36]:
            view = game.observe(state, game.actor(state))
            worlds = [game.sample(view, rng) for _ in range(3)]
            legal = game.legal_actions(state)
            scores, steps = runner.run(worlds, legal)
            ends = runner.ends(worlds, legal)
            tables = runner._tables
            A = len(legal)
            for w, world in enumerate(worlds):
                for a, action in enumerate(legal):
                    seed = int(tables.seeds[w * A + a])

                    def nudged(
                        st: Any, moves: Any, _: Any, seed: int = seed, tables: Any = tables, policy: Any = policy
                    ) -> int:
                        u = [
                            botkernels.nudge(seed, st.plays, *_head_and_take(tables, fast.action_of(st, c)))
                            for c in moves
                        ]
                        return int(policy(st, moves, Nudges(u)))

                    f = fast.from_state(world, game.rules)
                    f.apply(fast.to_int(action))
                    n = fast.playout(f, nudged, random.Random(0))
                    assert tuple(scores[w, a]) == f.score(), (options, world, action)
                    assert steps[w, a] == n, (options, world, action)
                    assert ends[w * A + a] == f.to_state(), (options, world, action)
                    hands += 1
    assert hands >= 200
