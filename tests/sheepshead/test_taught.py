"""The rule-based bot's taught pick and bury (`bots.PICK_MODEL`, `bots.BURY_MODEL`) and the script
that teaches them (``bench/sheepshead_teach.py``)."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardtable import sim
from cardtable.bots import base as bot_base
from cardtable.games.sheepshead import Sheepshead
from cardtable.games.sheepshead import bots as sheepshead_bots
from cardtable.games.sheepshead.actions import PASS, PICK
from cardtable.games.sheepshead.bots import (
    BURY_MODEL,
    BURY_SHORTLIST,
    PICK_MODEL,
    RuleBot,
    pick_features,
    pick_threshold,
    pick_value,
    strength,
)
from cardtable.games.sheepshead.state import Phase

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _pick_states(game: Sheepshead, n: int, seed: int) -> list[tuple[object, int]]:
    """Pick decisions of seat to act at the start of ``n`` random deals (the first seat's)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        state = game.start(i % 5)
        state = game.apply(state, game.deal(state, rng))
        out.append((state, game.actor(state)))
    return out


def test_the_models_read_as_many_features_as_they_weigh() -> None:
    assert len(pick_features((1 << 32) - 1, 0)) == len(PICK_MODEL) == 27
    game = Sheepshead()
    bot = RuleBot(game)
    state = game.start(0)
    state = game.apply(state, game.deal(state, random.Random(3)))
    state = game.apply(state, PICK)
    assert state.phase is Phase.BURY
    seat = game.actor(state)
    assert seat is not None
    view = game.observe(state, seat)
    hand = sheepshead_bots._mask(view.hand)
    action = game.legal_actions(state)[0]
    assert len(bot.bury_features(hand, action)) == len(BURY_MODEL)


def test_standard_rules_pick_by_the_taught_model_and_other_rules_by_the_threshold() -> None:
    """Where the model and the threshold disagree, the bot follows the model under the standard
    rules (R11) and the threshold under any other rules, as the classic bot always does."""
    disagreements = 0
    for options in ({}, {"double_on_the_bump": True}, {"no_pick_rule": "doubler"}):
        game = Sheepshead(**options)
        taught, classic = RuleBot(game), RuleBot(game, classic=True)
        rng = random.Random(0)
        for state, seat in _pick_states(game, 400, 7):
            view = game.observe(state, seat)
            legal = game.legal_actions(state)
            hand = sheepshead_bots._mask(view.hand)
            place = (seat - view.dealer - 1) % 5
            by_model = pick_value(hand, place) > 0
            by_threshold = strength(hand) >= pick_threshold(game.rules, place)
            if by_model == by_threshold:
                continue
            disagreements += 1
            expected = by_model if not options else by_threshold
            assert (taught.act(view, legal, rng) != PASS) == expected
            assert (classic.act(view, legal, rng) != PASS) == by_threshold
    assert disagreements > 50


def test_the_taught_bury_chooses_among_the_written_judgements_first_few() -> None:
    """Under the standard rules the bury is one of `BURY_SHORTLIST` the written judgement ranks
    first, chosen by the model; under other rules (R34's jack of diamonds) that judgement's own first."""
    for options in ({}, {"partner_mode": "jack_of_diamonds"}):
        game = Sheepshead(**options)
        bot = RuleBot(game)
        rng = random.Random(1)
        moved = 0
        for state, _seat in _pick_states(game, 150, 11):
            state = game.apply(state, PICK)
            if state.phase is not Phase.BURY:
                continue
            seat = game.actor(state)
            assert seat is not None
            view = game.observe(state, seat)
            legal = game.legal_actions(state)
            hand = sheepshead_bots._mask(view.hand)
            written = bot.shortlist(hand, legal)
            chosen = bot.act(view, legal, rng)
            if options:
                assert chosen == written[0]
                continue
            first = written[:BURY_SHORTLIST]
            assert chosen in first
            values = [sheepshead_bots._dot(BURY_MODEL, bot.bury_features(hand, a)) for a in first]
            assert chosen == first[values.index(max(values))]
            moved += chosen != written[0]
        if not options:
            assert moved > 5  # the model does change some buries


def test_fit_recovers_a_planted_linear_rule() -> None:
    teach = _script("sheepshead_teach")
    rng = random.Random(5)
    truth = [1.5, -2.0, 0.25]
    rows = []
    for _ in range(400):
        f = [rng.random(), rng.random(), 1.0]
        rows.append((f, sum(w * x for w, x in zip(truth, f, strict=True)), 0.0))
    w = teach.fit(rows, 1e-9)
    assert all(math.isclose(a, b, abs_tol=1e-6) for a, b in zip(w, truth, strict=True))


def test_the_lessons_are_what_picking_and_passing_bring() -> None:
    teach = _script("sheepshead_teach")
    game = Sheepshead()
    rows = teach.lessons(game, 60, 3)
    assert len(rows) >= 60  # at least one pick decision a deal
    for features, value, _margin in rows:
        assert len(features) == len(PICK_MODEL)
        assert math.isfinite(value)
    assert any(value != 0 for _, value, _ in rows)
    buries = teach.bury_lessons(game, 40, 3)
    assert buries
    for features, values, chosen in buries:
        assert len(features) == len(values) <= BURY_SHORTLIST and chosen == 0
        assert all(len(f) == len(BURY_MODEL) for f in features)


def test_the_script_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    teach = _script("sheepshead_teach")
    assert teach.main(["--deals", "300", "--check", "100"]) == 0
    out = capsys.readouterr().out
    assert "PICK_MODEL: Final" in out and "BURY_MODEL: Final" in out


def test_the_taught_bot_beats_the_threshold_bot_on_duplicate_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The taught pick and bury against the same bot picking by its threshold and burying by its
    written judgement (``pick:0,0,0,0,0`` of ``bench/sheepshead_rule_tune.py``): seeded duplicate
    deals, the interval above zero (docs/bots.md has the 20,000-deal figure)."""
    monkeypatch.setattr(bot_base, "_FACTORIES", dict(bot_base._FACTORIES))  # registered for this test only
    _script("sheepshead_rule_tune")  # registers the pick: and taught: variants
    job = sim.Job("sheepshead", {}, ("rule", "pick:0,0,0,0,0"), 3811, keep_records=False)
    summary, _ = sim.run(job, 1500)
    pair = summary.pairs["rule vs pick:0,0,0,0,0"]
    assert pair["ci_low"] > 0, pair
