"""Bots see only views: the same view gives the same action, whatever the hidden cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.bots import LEVELS, SearchBot, bot_names, has_classic_rule_bot, make_bot
from cardtable.core import BadRules


def _midhand(game: Any, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = game.start(seed % game.seats)
    state = game.apply(state, game.deal(state, rng))
    for _ in range(steps):
        if game.actor(state) is None:
            break
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    return state


def test_bots_by_name() -> None:
    game = registry.get_game("smear")
    assert {"random", "rule", "search"} <= set(bot_names())
    assert make_bot(game, "search:hard").name == "search:hard"
    for bad in ("genius", "search:godlike", "rule:hard"):
        with pytest.raises(BadRules):
            make_bot(game, bad)


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("spec", ["random", "rule", "rule:classic", "search:easy"])
def test_a_bot_plays_only_legal_actions_and_ignores_the_hidden_cards(name: str, spec: str) -> None:
    game = registry.get_game(name)
    bot = make_bot(game, spec)
    checked = 0
    for seed in range(4):
        state = _midhand(game, seed, 3 + 5 * seed)
        seat = game.actor(state)
        if seat is None:
            continue
        legal = list(game.legal_actions(state))
        view = game.observe(state, seat)
        action = bot.act(view, legal, random.Random(seed))
        assert action in legal
        # Another world with the same view: the hidden cards are dealt anew.
        world = game.sample(view, random.Random(100 + seed))
        assert game.observe(world, seat) == view
        assert bot.act(game.observe(world, seat), list(game.legal_actions(world)), random.Random(seed)) == action
        checked += 1
    assert checked


@pytest.mark.parametrize("name", registry.names())
def test_sampled_worlds_differ_only_where_the_seat_cannot_see(name: str) -> None:
    game = registry.get_game(name)
    state = next(s for s in (_midhand(game, seed, 6) for seed in range(20)) if game.actor(s) is not None)
    seat = game.actor(state)
    view = game.observe(state, seat)
    unseen = game.unseen(state, seat)
    worlds = [game.sample(view, random.Random(i)) for i in range(12)]
    own = game.card_places(state)[f"hand {seat}"]
    assert all(game.card_places(w)[f"hand {seat}"] == own for w in worlds)
    if unseen:
        placements = {tuple(sorted(game.card_places(w).items())) for w in worlds}
        assert len(placements) > 1, "the sampler always returns the same hidden cards"


def test_search_levels_and_hints() -> None:
    game = registry.get_game("smear")
    assert list(LEVELS) == ["easy", "medium", "hard"]
    assert LEVELS["easy"] < LEVELS["medium"] < LEVELS["hard"]
    state = _midhand(game, 1, 6)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    bot = make_bot(game, "search:easy")
    assert isinstance(bot, SearchBot)
    hints = bot.hints(game.observe(state, seat), legal, random.Random(0))
    assert [h.action for h in hints] == legal
    assert all(h.playouts >= 2 and h.stderr >= 0 for h in hints)
    again = bot.hints(game.observe(state, seat), legal, random.Random(0))
    assert [(h.value, h.stderr) for h in hints] == [(h.value, h.stderr) for h in again]


@pytest.mark.parametrize("name", registry.names())
def test_a_time_limit_by_name(name: str) -> None:
    game = registry.get_game(name)
    bot = make_bot(game, "search:hard@0.25")
    assert isinstance(bot, SearchBot)
    assert (bot.level, bot.time_limit, bot.name) == ("hard", 0.25, "search:hard@0.25")
    assert make_bot(game, "search:@2").level == "medium"
    assert make_bot(game, "search:easy").time_limit is None
    for bad in ("search:hard@", "search:hard@soon", "search:hard@0", "search:hard@-1", "search:hard@inf", "search:x@1"):
        with pytest.raises(BadRules, match=r"time limit|search level"):
            make_bot(game, bad)


def test_a_time_limit_stops_the_search_after_a_round() -> None:
    game = registry.get_game("smear")
    state = _midhand(game, 2, 5)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    assert len(legal) > 2
    view = game.observe(state, seat)
    unlimited = make_bot(game, "search:hard")
    limited = make_bot(game, "search:hard@0.000001")
    assert isinstance(unlimited, SearchBot) and isinstance(limited, SearchBot)
    full = unlimited.hints(view, legal, random.Random(0))
    cut = limited.hints(view, legal, random.Random(0))
    # One round only: every action played in the same few worlds, fewer than the full search's finalists.
    assert len({h.playouts for h in cut}) == 1
    assert cut[0].playouts < max(h.playouts for h in full)
    # A limit already passed still answers, with a legal action.
    assert SearchBot(game, "hard", time_limit=0.0).act(view, legal, random.Random(0)) in legal


@pytest.mark.parametrize("name", registry.names())
def test_the_classic_search_by_name(name: str) -> None:
    game = registry.get_game(name)
    bot = make_bot(game, "search:classic:hard@0.25")
    assert isinstance(bot, SearchBot)
    assert (bot.classic, bot.level, bot.time_limit, bot.name) == (True, "hard", 0.25, "search:classic:hard@0.25")
    assert not bot.infer and not bot.spend
    plain = make_bot(game, "search:classic")
    assert isinstance(plain, SearchBot) and (plain.classic, plain.level) == (True, "medium")
    new = make_bot(game, "search:hard@0.25")
    assert isinstance(new, SearchBot) and not new.classic and new.spend
    for bad in ("search:classic:godlike", "search:classic:hard@soon", "search:classicx"):
        with pytest.raises(BadRules, match=r"time limit|search level"):
            make_bot(game, bad)
    # The classic search plays out with the classic rule-based bot where the game keeps one.
    assert getattr(bot.policy, "classic", False) == has_classic_rule_bot(game)
    assert not getattr(new.policy, "classic", False)


@pytest.mark.parametrize("name", registry.names())
def test_the_classic_rule_bot_by_name(name: str) -> None:
    """``rule:classic`` is the rule-based bot before the last change of its play (Sheepshead's
    took an unsure trick with its cheapest safe card, Smear's bid up to a quarter point over its
    estimate, Seep's judged its moves by what they take at once and a throw's opening of a sweep
    by the loose cards' total alone); every game keeps one."""
    game = registry.get_game(name)
    assert has_classic_rule_bot(game)
    # A level is refused, naming the earlier bot.
    with pytest.raises(BadRules, match="no levels") as refused:
        make_bot(game, "rule:hard")
    assert "rule:classic" in str(refused.value)
    classic, rule = make_bot(game, "rule:classic"), make_bot(game, "rule")
    assert (classic.name, rule.name) == ("rule:classic", "rule")
    assert getattr(classic, "classic", False) and not getattr(rule, "classic", True)
    differ = 0
    for seed in range(60):
        state = _midhand(game, seed, 0)
        while (seat := game.actor(state)) is not None:
            legal = list(game.legal_actions(state))
            view = game.observe(state, seat)
            mine = rule.act(view, legal, random.Random(0))
            differ += mine != classic.act(view, legal, random.Random(0))
            state = game.apply(state, mine)
    assert differ > 0  # the two play apart somewhere in sixty hands


class _Clock:
    """A clock that moves a little at every reading, so a time limit is reached after a known
    number of readings whatever the machine's speed."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_the_search_spends_a_time_limit_the_classic_only_caps_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time limit the search plays worlds until the limit, beyond its level's work budget;
    the classic search stops at its budget, well before the limit."""
    import cardtable.bots.search as search

    game = registry.get_game("smear")
    state = _midhand(game, 2, 5)
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    played = {}
    for spec in ("search:easy@0.05", "search:classic:easy@0.05"):
        monkeypatch.setattr(search, "time", _Clock(1e-5))
        bot = make_bot(game, spec)
        assert isinstance(bot, SearchBot)
        hints = bot.hints(view, legal, random.Random(0))
        played[spec] = sum(h.playouts for h in hints)
    assert played["search:classic:easy@0.05"] <= LEVELS["easy"] + len(legal)
    assert played["search:easy@0.05"] > 4 * LEVELS["easy"]


def test_a_search_spending_its_time_plays_the_better_mean_of_its_duel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The threshold a rival must clear against the policy's choice: none for the search that
    spends a time limit (`SPEND_SWITCH_Z`), one standard error otherwise (`SWITCH_Z`)."""
    import cardtable.bots.search as search

    game = registry.get_game("smear")
    state = next(
        s
        for s in (_midhand(game, seed, 5) for seed in range(40))
        if game.actor(s) is not None and len(game.legal_actions(s)) > 1
    )
    seat = game.actor(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    thresholds: list[float] = []
    choose = search.choose

    def spy(values: Any, default: Any, start: int = 0, z: float = search.SWITCH_Z) -> int:
        thresholds.append(z)
        return choose(values, default, start, z)

    monkeypatch.setattr(search, "choose", spy)
    for spec in ("search:easy@0.05", "search:classic:easy@0.05", "search:easy"):
        monkeypatch.setattr(search, "time", _Clock(1e-5))
        make_bot(game, spec).act(view, legal, random.Random(0))
    assert thresholds == [search.SPEND_SWITCH_Z, search.SWITCH_Z, search.SWITCH_Z]
    assert search.SPEND_SWITCH_Z < search.SWITCH_Z


@pytest.mark.parametrize("name", registry.names())
def test_the_search_asks_for_worlds_weighed_by_the_plays_only_where_it_should(name: str) -> None:
    """The search asks the sampler for ``infer=True`` as `INFER` says (Sheepshead), the classic
    search never, and ``infer=`` overrides the default; every world asked for is passed on."""
    from cardtable.bots.search import INFER

    game = registry.get_game(name)
    state = next(
        s
        for s in (_midhand(game, seed, 9) for seed in range(40))
        if game.actor(s) is not None and len(game.legal_actions(s)) > 1
    )
    seat = game.actor(state)
    legal = list(game.legal_actions(state))
    view = game.observe(state, seat)
    for bot, expected in (
        (SearchBot(game, "easy"), INFER.get(name, False)),
        (SearchBot(game, "easy", classic=True), False),
        (SearchBot(game, "easy", classic=True, infer=True), name != "seep"),
        (SearchBot(game, "easy", infer=False), False),
    ):
        assert bot.infer is expected
        asked: list[bool] = []
        sample = bot.game.sample

        def spy(
            view: Any, rng: random.Random, infer: bool = False, sample: Any = sample, asked: list[bool] = asked
        ) -> Any:
            asked.append(infer)
            return sample(view, rng, infer=infer) if infer else sample(view, rng)

        bot.game.sample = spy
        if bot.fast_sample is not None:  # the fast sampler draws the same worlds, when asked alike
            fast_sample = bot.fast_sample

            def fast_spy(
                view: Any, rng: random.Random, infer: bool, asked: list[bool] = asked, fast_sample: Any = fast_sample
            ) -> Any:
                asked.append(infer)
                return fast_sample(view, rng, infer)

            bot.fast_sample = fast_spy
        bot.hints(view, legal, random.Random(0))
        assert asked and set(asked) == {expected}
