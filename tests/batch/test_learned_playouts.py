"""The learned policy over arrays (`cardtable.bots.learned.ArrayPolicy`) and the search's playouts
with it (`cardtable.batch.playouts.Playouts`, cut short by the value): each held to the learned
bot playing the checked engine, position by position, in every game (a network of random weights
where no policy is shipped) and with the policy shipped for Smear."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardtable import registry  # noqa: E402
from cardtable.batch.playouts import Playouts  # noqa: E402
from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.learned import LearnedBot, Network, encoder, shipped  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from tests.batch.test_playouts import _positions  # noqa: E402 (the same mixed positions)

GAMES = ["seep", "smear", "sheepshead"]


def _random_net(game: str, seed: int) -> Network:
    """A network of random weights for ``game``'s encoding: its choices are arbitrary but fixed,
    which is what holding the arrays to the engine needs."""
    enc = encoder(game)
    rng = np.random.default_rng(seed)
    obs, tokens, hidden = enc.layout.size, len(enc.names), 32

    def w(*shape: int) -> Any:
        return rng.normal(0, 0.3, size=shape).astype(np.float32)

    arrays = {
        "w0": w(obs, hidden),
        "b0": w(hidden),
        "wp": w(hidden, tokens),
        "bp": w(tokens),
        "wv": w(hidden, 1),
        "bv": w(1),
    }
    return Network(arrays, {"hidden": [hidden]})


def _bots(name: str) -> list[LearnedBot]:
    game = registry.get_game(name)
    bots = [LearnedBot(game, _random_net(name, 7))]
    if name == "smear":
        bots.append(LearnedBot(game, shipped(name)))
    return bots


@pytest.mark.parametrize("name", GAMES)
def test_the_policy_over_arrays_chooses_as_the_learned_bot(name: str) -> None:
    """Loaded into a batch's rows, every position gets from the arrays the first token of the
    action the learned bot chooses from the seat's view."""
    game = registry.get_game(name)
    states = _positions(game, 6, seed=31)
    tables = registry.part(name, "batch").BATCH(game.rules, len(states))
    tables.load(np.arange(len(states), dtype=np.int64), states)
    for bot in _bots(name):
        choose = bot.over_arrays(tables)
        assert choose is not None
        out = np.zeros(len(states), np.int64)
        choose(out)
        want = [
            int(tables.tokens(bot.act(game.observe(s, game.actor(s)), game.legal_actions(s), random.Random(0)))[0])
            for s in states
        ]
        bad = [i for i, s in enumerate(states) if out[i] != want[i]]
        assert not bad, f"{bot.name}: {len(bad)} of {len(states)} positions differ, first {states[bad[0]]}"


@pytest.mark.parametrize("name", GAMES)
def test_playouts_with_a_value_stop_at_the_seats_next_decision(name: str) -> None:
    """Each hand after each first action is played by the learned policy until the seat whose
    actions they are is to act again, and then scored by the value of that seat's view (times
    seats / (2 (seats - 1)), the rest 0); a hand that ends first keeps its own scores. Both as the
    engine played by the learned bot says, and the hands have no ends to give."""
    game = registry.get_game(name)
    share = game.seats / (2 * (game.seats - 1))
    rng = random.Random(5)
    checked = cut = ended = 0
    for bot in _bots(name):
        runner = Playouts.make(game, bot, compiled=False)
        assert runner is not None and runner.cut
        enc = encoder(name)
        for state in _positions(game, 3, seed=41)[::4]:
            seat = game.actor(state)
            view = game.observe(state, seat)
            if not runner.covers(view):
                continue
            worlds = [game.sample(view, rng) for _ in range(3)]
            legal = game.legal_actions(state)
            scores, steps = runner.run(worlds, legal)
            for w, world in enumerate(worlds):
                for a, action in enumerate(legal):
                    s, n = game.apply(world, action), 0
                    while (actor := game.actor(s)) is not None and actor != seat:
                        s = game.apply(s, bot.act(game.observe(s, actor), game.legal_actions(s), rng))
                        n += 1
                    if actor is None:
                        want = np.array(game.outcome(s).score, np.float64)
                        ended += 1
                    else:
                        want = np.zeros(game.seats)
                        want[seat] = float(bot.net.value(enc.encode(game.observe(s, seat), []))) * share
                        cut += 1
                    assert steps[w, a] == n, (world, action)
                    assert np.allclose(scores[w, a], want, rtol=1e-4, atol=1e-4), (world, action, scores[w, a], want)
                    checked += 1
            with pytest.raises(RuntimeError, match="no ends"):
                runner.ends(worlds, legal)
    assert checked >= 100 and cut > 0


def test_the_search_on_the_learned_policy_is_a_bot_level() -> None:
    """``search:learned`` is the search at the hard level's budgets on the shipped policy, with a
    value-cut playout; ``@SECONDS`` gives it a time limit; its moves are legal."""
    game = registry.get_game("smear")
    bot = make_bot(game, "search:learned@0.05")
    assert bot.name == "search:learned@0.05"
    assert bot.batch is not None and bot.batch.cut  # type: ignore[attr-defined]
    state = _positions(game, 1, seed=3)[5]
    legal = game.legal_actions(state)
    assert bot.act(game.observe(state, game.actor(state)), legal, random.Random(1)) in legal


def test_the_search_guided_by_the_learned_policy_keeps_its_choice_by_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``search:guided`` plays out with the rule-based bot but keeps the learned policy's choice
    unless it finds a clearly better one: its default is the learned bot's move, where the hard
    search's is the rule-based bot's; a game with no learned policy refuses it in one line."""
    game = registry.get_game("smear")
    guided, hard = make_bot(game, "search:guided"), make_bot(game, "search:hard")
    assert guided.name == "search:guided"
    learned, rule = make_bot(game, "learned"), make_bot(game, "rule")
    differed = 0
    for state in _positions(game, 6, seed=11):
        legal = game.legal_actions(state)
        if len(legal) < 2:
            continue
        view = game.observe(state, game.actor(state))
        got = guided._default(view, legal, random.Random(2))  # type: ignore[attr-defined]
        assert legal[got] == learned.act(view, legal, random.Random(0))
        assert legal[hard._default(view, legal, random.Random(2))] == rule.act(view, legal, random.Random(0))  # type: ignore[attr-defined]
        differed += learned.act(view, legal, random.Random(0)) != rule.act(view, legal, random.Random(0))
    assert differed > 0  # the two priors are not the same bot
    import cardtable.bots.learned as learned_part

    monkeypatch.setattr(learned_part, "SHIPPED", tmp_path)  # a release that ships none
    with pytest.raises(BadRules, match="no learned policy"):
        make_bot(registry.get_game("seep"), "search:guided")
