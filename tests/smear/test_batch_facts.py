"""The analysis's facts of many playouts read off the batch's rows at once (`SmearBatch.facts`,
`Playouts.facts`) must be what `analysis.facts` reads from each hand's end state (R27-R33: the
four points, the bid made or set, the tricks; a hand passed out, R15), for every seat, from
positions in the auction, the discard and the play, under rule sets that move the points."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardtable.batch.playouts import Playouts  # noqa: E402
from cardtable.bots import rule_bot  # noqa: E402
from cardtable.games.smear import Smear, analysis  # noqa: E402
from cardtable.games.smear.state import Phase  # noqa: E402
from tests.random_play import random_states  # noqa: E402
from tests.smear.test_facts import RULES  # noqa: E402


def _positions(game: Smear, n: int, seed: int) -> list[Any]:
    """Positions with a seat to act and a choice: every phase after the deal, and the last
    call of an auction passed so far (passing there passes the hand out, R15)."""
    found: dict[Phase, list[Any]] = {Phase.AUCTION: [], Phase.DISCARD: [], Phase.PLAY: []}
    for s in random_states(game, 400, seed=seed):
        if game.actor(s) is None or s.phase not in found or len(game.legal_actions(s)) < 2:
            continue
        found[s.phase].append(s)
    out = [s for phase in found for s in found[phase][:n]]
    return out


@pytest.mark.parametrize("options", RULES, ids=str)
def test_the_rows_facts_are_those_of_the_ends(options: dict[str, Any]) -> None:
    game = Smear(**options)
    runner = Playouts.make(game, rule_bot(game), compiled=False)
    assert runner is not None
    kinds = set()
    phases = set()
    for state in _positions(game, 12, seed=41):
        actions = game.legal_actions(state)
        runner.run([state], actions)
        ends = runner.ends([state], actions)
        for seat in range(4):
            got = runner.facts([state], actions, seat)
            assert got is not None and len(got) == len(ends)
            for end, facts in zip(ends, got, strict=True):
                want = analysis.facts(game, {}, end, seat)
                assert set(want) <= set(facts), (state, seat)
                assert {k: facts.get(k, 0.0) for k in facts} == {k: want.get(k, 0.0) for k in facts}, (state, seat)
                set_ = "passed_out" not in want and bool(want["set_ours"] or want["set_them"])
                kinds.add("passed" if "passed_out" in want else "set" if set_ else "made")
        phases.add(state.phase)
    assert phases == {Phase.AUCTION, Phase.DISCARD, Phase.PLAY} or game.rules.kitty_size == 0
    assert {"made", "set"} <= kinds


def test_a_hand_passed_out_reads_as_passed_out() -> None:
    """R15: four passes end the hand unscored; its facts say so and nothing else."""
    game = Smear()
    runner = Playouts.make(game, rule_bot(game), compiled=False)
    assert runner is not None
    passed = []
    for s in random_states(game, 600, seed=5):
        if s.phase is Phase.AUCTION and game.actor(s) is not None:
            actions = [a for a in game.legal_actions(s) if game.format(a) == "pass"]
            if not actions:
                continue
            runner.run([s], actions)
            end = runner.ends([s], actions)[0]
            if analysis.facts(game, {}, end, 0) == {"passed_out": 1.0}:
                passed.append((s, actions))
        if len(passed) >= 3:
            break
    assert passed, "no auction passed out in 600 random hands"
    for s, actions in passed:
        runner.run([s], actions)
        facts = runner.facts([s], actions, 1)
        assert facts is not None
        assert {k: v for k, v in facts[0].items() if v} == {"passed_out": 1.0}


def test_a_review_says_the_same_with_the_rows_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's values, grades and reasons are the same whether its re-measured playouts'
    facts are read off the rows or from each end state (`SearchBot.hints`' ``facts``)."""
    from cardtable.analysis import review
    from cardtable.batch import NUMBA
    from cardtable.games.smear.batch import SmearBatch

    if not NUMBA:
        pytest.skip("the search plays on the batch only where numba compiles it")
    game = Smear()
    bot = review.search_bot(game, "easy", None)
    assert bot.batch is not None
    read = []
    facts = SmearBatch.facts
    monkeypatch.setattr(SmearBatch, "facts", lambda self, rows, seat: read.append(len(rows)) or facts(self, rows, seat))
    positions = _positions(game, 6, seed=43)

    def reviews() -> list[dict[str, Any]]:
        out = []
        for k, state in enumerate(positions):
            legal = game.legal_actions(state)
            view = game.observe(state, game.actor(state))
            for i, made in enumerate(legal[:3]):
                out.append(review.analyze_decision(game, view, legal, made, bot, review.decision_rng(7, k, i)))
        return out

    said = reviews()
    assert read, "no review read its facts off the rows"
    monkeypatch.setattr(SmearBatch, "facts", None)  # the ends' states, read one by one
    assert said == reviews()
    assert any(d["why"] and "of the time" in d["why"] for d in said), "no reason read the playouts' facts"
