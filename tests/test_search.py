"""The search bot's budget and choice: levels grow, the policy's choice is kept unless clearly beaten."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.bots import LEVELS, SearchBot, rule_bot
from cardtable.bots.base import Ranker
from cardtable.bots.search import (
    CANDIDATES,
    DEFAULT_MOVES,
    HARD_SCALE,
    LEVEL_SCALE,
    MOVES,
    SWITCH_WORLDS,
    choose,
    hand_value,
    mean_and_stderr,
)
from tests.random_play import random_states


def _decision(game: Any, seed: int, steps: int) -> Any:
    """A state some random steps into a hand (the first seed from ``seed`` whose hand lasts) where
    the seat to act has several choices."""
    for tried in range(seed, seed + 50):
        rng = random.Random(tried)
        state = game.start(tried % game.seats)
        state = game.apply(state, game.deal(state, rng))
        for _ in range(steps):
            if game.actor(state) is None:
                break
            state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        while game.actor(state) is not None and len(game.legal_actions(state)) < 2:
            state = game.apply(state, game.legal_actions(state)[0])
        if game.actor(state) is not None:
            return state
    raise AssertionError("no hand with a decision")


@pytest.mark.parametrize("name", registry.names())
def test_every_game_has_growing_move_budgets(name: str) -> None:
    moves = MOVES.get(name, DEFAULT_MOVES)
    assert list(moves) == list(LEVELS)
    assert moves["easy"] < moves["medium"] < moves["hard"]


@pytest.mark.parametrize("name", registry.names())
def test_the_hard_level_spends_its_games_scale_the_classic_one_its_budget(name: str) -> None:
    """`HARD_SCALE`: the hard level has that many times the classic hard level's budgets, and
    plays about that many times the playouts it would on those budgets; easy and medium have
    their `LEVEL_SCALE` (Smear's easy level medium's budgets, its medium the hard level's), and
    the classic search is unscaled."""
    game = registry.get_game(name)
    scale = HARD_SCALE.get(name, 1)
    moves = MOVES.get(name, DEFAULT_MOVES)
    hard, classic = SearchBot(game, "hard"), SearchBot(game, "hard", classic=True)
    assert (hard.budget, hard.moves) == (LEVELS["hard"] * scale, moves["hard"] * scale)
    assert (classic.budget, classic.moves) == (LEVELS["hard"], moves["hard"])
    for level in ("easy", "medium"):
        times = LEVEL_SCALE.get(name, {}).get(level, 1)
        bot, earlier = SearchBot(game, level), SearchBot(game, level, classic=True)
        assert (bot.budget, bot.moves) == (LEVELS[level] * times, moves[level] * times)
        assert (earlier.budget, earlier.moves) == (LEVELS[level], moves[level])
    if name == "smear":  # easy searches as medium did, medium as the classic hard level
        assert (SearchBot(game, "easy").moves, SearchBot(game, "medium").moves) == (moves["medium"], moves["hard"])
    if scale == 1:
        return
    # The same search on the classic budgets plays about 1/scale of the playouts.
    state = _decision(game, 3, 6)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    policy = rule_bot(game)
    scaled, unscaled = SearchBot(game, "hard", policy), SearchBot(game, "hard", policy)
    unscaled.budget, unscaled.moves = LEVELS["hard"], moves["hard"]
    played = [sum(h.playouts for h in bot.hints(view, legal, random.Random(1))) for bot in (scaled, unscaled)]
    assert 0.8 * scale <= played[0] / played[1] <= 1.25 * scale


def test_mean_and_stderr() -> None:
    assert mean_and_stderr([1.0, 3.0]) == (2.0, 1.0)
    mean, stderr = mean_and_stderr([5.0])
    assert mean == 5.0 and stderr == float("inf")


def test_the_policy_choice_stands_unless_clearly_beaten() -> None:
    noisy = [[0.0, 4.0, -4.0, 0.0, 1.0], [1.0, 3.0, -3.0, 2.0, 1.0]]  # action 1 better on average
    clear = [[0.0] * 6, [1.0, 1.1, 0.9, 1.0, 1.2, 0.8]]  # action 1 better in every world
    assert choose(noisy, None) == 1
    assert choose([[0.0, 4.0, -4.0, 0.0], [5.0, 3.0, -9.0, 2.0]], 0) == 0  # better mean, too noisy
    assert choose(clear, 0) == 1
    assert choose(clear, 1) == 1
    few = [[0.0] * (SWITCH_WORLDS - 1), [1.0] * (SWITCH_WORLDS - 1)]
    assert choose(few, 0) == 0  # too few common worlds to leave the policy
    # Only the most-measured actions compete: an action dropped early cannot win on a lucky start.
    assert choose([[9.0, 9.0], [1.0] * 8, [0.0] * 8], 2) == 1


def test_with_no_threshold_the_better_mean_of_the_duel_is_played() -> None:
    noisy = [[0.0, 4.0, -4.0, 0.0], [5.0, 3.0, -9.0, 2.0]]  # action 1 better on average, noisily
    assert choose(noisy, 0) == 0
    assert choose(noisy, 0, z=0.0) == 1
    assert choose([[1.0] * 4, [1.0] * 4], 0, z=0.0) == 0  # a tie keeps the policy's choice
    few = [[0.0] * (SWITCH_WORLDS - 1), [1.0] * (SWITCH_WORLDS - 1)]
    assert choose(few, 0, z=0.0) == 0  # still too few common worlds


def test_the_final_duel_is_judged_on_fresh_worlds_only() -> None:
    # Action 1 won the early rounds (worlds 0-3) by luck; in the final round's worlds (4-9) it is
    # no better than the policy's choice, so the policy's choice stays.
    lucky = [[0.0] * 10, [3.0] * 4 + [0.0, 1.0, -1.0, 0.0, 1.0, -1.0]]
    assert choose(lucky, 0) == 1  # judged on every world, the lucky start would carry it
    assert choose(lucky, 0, start=4) == 0
    # A rival that keeps winning on the fresh worlds is played.
    steady = [[0.0] * 10, [3.0] * 4 + [1.0, 1.2, 0.8, 1.0, 1.1, 0.9]]
    assert choose(steady, 0, start=4) == 1
    # The rival is the best before the final round: here action 2, though 1 did better after.
    split = [[0.0] * 8, [0.0] * 4 + [5.0] * 4, [1.0] * 4 + [0.5, 0.6, 0.4, 0.5]]
    assert choose(split, 0, start=4) == 2


def test_the_last_round_is_a_duel_with_the_policys_choice() -> None:
    game = registry.get_game("sheepshead")
    state = _long_decisions(game, 40)[0]
    seat = game.actor(state)
    view = game.observe(state, seat)
    legal = list(game.legal_actions(state))[:6]
    bot = SearchBot(game, "medium", rule_bot(game))
    values, start = bot._search(view, legal, random.Random(3), 0)
    most = max(len(v) for v in values)
    finalists = [i for i, v in enumerate(values) if len(v) == most]
    assert 0 in finalists and len(finalists) == 2
    assert 0 < start < most
    assert all(len(v) <= start for i, v in enumerate(values) if i not in finalists)


@pytest.mark.parametrize("name", registry.names())
def test_the_move_budget_bounds_the_search(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get_game(name)
    state = _decision(game, 3, 6)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    bot = SearchBot(game, "hard", rule_bot(game))
    full = bot.hints(view, legal, random.Random(1))
    bot.moves = 1  # spent by the first world: every action is played in two worlds, no more
    tiny = bot.hints(view, legal, random.Random(1))
    assert [h.playouts for h in tiny] == [2] * len(legal)
    assert sum(h.playouts for h in full) > sum(h.playouts for h in tiny)
    # The policy's own choice is never dropped, so it is measured as often as any action.
    default = legal.index(rule_bot(game).act(view, legal, random.Random(random.Random(1).random())))
    assert full[default].playouts == max(h.playouts for h in full)


@pytest.mark.parametrize("name", registry.names())
def test_search_is_deterministic_for_a_seed(name: str) -> None:
    game = registry.get_game(name)
    state = _decision(game, 5, 9)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    bot = SearchBot(game, "easy", rule_bot(game))
    first = bot.hints(view, legal, random.Random(7))
    again = bot.hints(view, legal, random.Random(7))
    assert [(h.value, h.stderr, h.playouts) for h in first] == [(h.value, h.stderr, h.playouts) for h in again]
    assert bot.act(view, legal, random.Random(7)) == bot.act(view, legal, random.Random(7))


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("fast", [True, False])
def test_the_playouts_ends_are_shown_without_changing_the_search(name: str, fast: bool) -> None:
    """`hints(..., ends)` shows the finished state of every playout of every action, world by
    world, on the fast layer and the checked one alike; the values are those of a search without it."""
    game = registry.get_game(name)
    state = _decision(game, 5, 9)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    bot = SearchBot(game, "easy", rule_bot(game), fast=fast)
    seen: list[list[Any]] = [[] for _ in legal]
    told = bot.hints(view, legal, random.Random(3), lambda i, end: seen[i].append(end))
    plain = bot.hints(view, legal, random.Random(3))
    assert [(h.value, h.stderr, h.playouts) for h in told] == [(h.value, h.stderr, h.playouts) for h in plain]
    assert [len(ends) for ends in seen] == [h.playouts for h in told]
    for i, ends in enumerate(seen):
        values = [hand_value(game.outcome(end).score, seat) for end in ends]
        assert sum(values) / len(values) == pytest.approx(told[i].value)


def _with_long_decisions(name: str) -> Any:
    """The game, with Smear's bidder taking three undealt cards (a discard of three from nine)."""
    return registry.get_game(name, **({"kitty_size": 3} if name == "smear" else {}))


def _long_decisions(game: Any, hands: int) -> list[Any]:
    """States of random hands where the seat to act has more than `CANDIDATES` legal actions and
    the rule-based bot ranks them (Sheepshead's bury, Smear's discard)."""
    found = []
    policy = rule_bot(game)
    for state in random_states(game, hands, 11):
        seat = game.actor(state)
        if seat is None:
            continue
        legal = list(game.legal_actions(state))
        if len(legal) > CANDIDATES and policy.rank(game.observe(state, seat), legal) is not None:
            found.append(state)
    return found


@pytest.mark.parametrize("name", ["sheepshead", "smear"])
def test_the_rule_bot_ranks_long_decisions_with_its_own_choice_first(name: str) -> None:
    game = _with_long_decisions(name)
    policy = rule_bot(game)
    states = _long_decisions(game, 40)
    assert len(states) >= 5
    for state in states:
        seat = game.actor(state)
        legal = list(game.legal_actions(state))
        view = game.observe(state, seat)
        ranked = policy.rank(view, legal)
        assert ranked is not None
        assert sorted(map(repr, ranked)) == sorted(map(repr, legal))
        assert ranked[0] == policy.act(view, legal, random.Random(0))


@pytest.mark.parametrize("name", ["sheepshead", "smear"])
def test_search_chooses_among_the_policys_first_candidates(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bury or a discard with dozens of choices is searched among the rule bot's first
    `CANDIDATES` (so the budget is not spread over hopeless ones); hints still cover them all."""
    game = _with_long_decisions(name)
    state = _long_decisions(game, 40)[0]
    seat = game.actor(state)
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    bot = SearchBot(game, "easy", rule_bot(game))
    searched: list[int] = []
    search = bot._search

    def spy(
        view: Any, actions: Any, rng: random.Random, default: int | None, *began: float, **kw: Any
    ) -> tuple[list[list[float]], int]:
        searched.append(len(actions))
        return search(view, actions, rng, default, *began, **kw)

    monkeypatch.setattr(bot, "_search", spy)
    ranked = rule_bot(game).rank(view, legal)
    assert ranked is not None
    for seed in range(3):
        assert bot.act(view, legal, random.Random(seed)) in ranked[:CANDIDATES]
    assert len(bot.hints(view, legal, random.Random(0))) == len(legal)
    assert searched == [CANDIDATES] * 3 + [len(legal)]


def test_a_policy_without_a_ranking_searches_every_action() -> None:
    game = registry.get_game("seep")
    assert not isinstance(rule_bot(game), Ranker)
    state = _decision(game, 3, 6)
    legal = list(game.legal_actions(state))
    bot = SearchBot(game, "easy", rule_bot(game))
    assert bot._candidates(game.observe(state, game.actor(state)), legal) == legal


def test_the_search_names_no_game() -> None:
    """Each game's budgets live in its own package (`SearchSettings`): the search's code, its
    docstrings aside, holds no game's name, in a string or an identifier."""
    import ast
    import inspect

    from cardtable.bots import search

    tree = ast.parse(inspect.getsource(search))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
    named = [(name, word) for word in words for name in registry.names() if name in word.lower()]
    assert not named


@pytest.mark.parametrize("name", registry.names())
def test_the_search_spends_as_its_games_package_says(name: str) -> None:
    """`search_settings` is the package's ``SEARCH_SETTINGS`` (the defaults for a game whose package
    sets none, as the toy game's), and the levels spend by it."""
    from cardtable.bots.search import SearchSettings, search_settings

    own = getattr(registry.part(name, "bots"), "SEARCH_SETTINGS", None)
    settings = search_settings(name)
    assert isinstance(settings, SearchSettings)
    assert settings is own if own is not None else settings == SearchSettings()
    game = registry.get_game(name)
    for level in LEVELS:
        bot = SearchBot(game, level, infer=False)
        scale = settings.scale.get(level, 1)
        assert (bot.budget, bot.moves, bot.world_moves) == (
            LEVELS[level] * scale,
            settings.moves[level] * scale,
            settings.world_moves,
        )


def test_a_game_without_search_settings_gets_the_defaults() -> None:
    from cardtable.bots.search import SearchSettings, search_settings

    assert search_settings("no-such-game") == SearchSettings()
    assert SearchSettings().moves == DEFAULT_MOVES
