"""Worlds drawn many at a time (`fastsample.Sampler.many`, compiled) against the sampler called
once per world: the same worlds, field by field, and the same random stream after each; and the
batch's rows loaded from the worlds' arrays (`SmearBatch.load_worlds`) the rows of their states.

Every preset and rule option, every phase, several seats; the constants of the weighing changed
as `test_fastsample` changes them. Needs the batch extra (numba), as the batched search does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.games.smear import Smear, SmearView, fastsample
from cardtable.games.smear import sample as checked
from cardtable.games.smear.state import Phase
from tests.fast_support import hands
from tests.smear.test_fastsample import CONFIGS, _id, views

np = pytest.importorskip("numpy")
jit = pytest.importorskip("cardtable.batch.jit")
from cardtable.games.smear.batch import SmearBatch  # noqa: E402

needs_numba = pytest.mark.skipif(not jit.NUMBA, reason="the worlds are drawn at once only with numba")


def test_without_numba_the_sampler_draws_one_by_one() -> None:
    """Where numba is missing (the compiled build's tests, an install without the batch extra)
    `many` declines and the search draws world by world."""
    if jit.NUMBA:
        pytest.skip("numba is installed here")  # the rest of this module runs instead
    game = Smear()
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    view = next(v for v in views(game, 1, random.Random(1), seats=1) if v.phase is Phase.AUCTION)
    assert sampler.many(view, random.Random(2), 4) is None


def mismatch(sampler: fastsample.Sampler, view: SmearView, seed: float, n: int) -> str | None:
    """How ``sampler.many(view, rng, n)`` differs from ``n`` calls of ``sampler``, ``None`` if it
    does not."""
    want_rng = random.Random(seed)
    got_rng = random.Random(seed)
    want, after = [], []
    for _ in range(n):
        world = sampler(view, want_rng)
        assert world is not None
        want.append(world.to_state())
        after.append(want_rng.getstate())
    drawn = sampler.many(view, got_rng, n)
    if drawn is None:
        return "no worlds"
    worlds, state_after = drawn
    for w in range(n):
        if worlds[w] != want[w]:
            return f"world {w} differs"
        if state_after(w) != after[w]:
            return f"the random stream differs after world {w}"
    if got_rng.getstate() != want_rng.getstate():
        return "the generator is left elsewhere"
    if len(worlds) != n or list(worlds) != want:
        return "the worlds as a sequence differ"
    # each world loaded twice over, from its arrays and from its state
    from_arrays, from_states = SmearBatch(sampler.rules, 2 * n + 1), SmearBatch(sampler.rules, 2 * n + 1)
    rows = np.arange(1, 2 * n + 1)  # not from the first row
    if not from_arrays.load_worlds(rows, worlds, 2):
        return "the worlds' arrays were not loaded"
    from_states.load(rows, [state for state in want for _ in range(2)])
    if not np.array_equal(from_arrays.S, from_states.S):
        return "the rows loaded from the worlds' arrays are not those of their states"
    if from_states.load_worlds(rows, want, 2):
        return "a list of states was loaded as worlds drawn at once"
    return None


@needs_numba
@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_worlds_drawn_at_once_equal_those_drawn_one_by_one(options: dict[str, Any]) -> None:
    game = Smear(**options)
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    rng = random.Random("many " + _id(options))
    phases = set()
    compared = 0
    for view in views(game, hands(4), rng):
        if view.phase is Phase.DEAL:
            assert sampler.many(view, rng, 3) is None
            continue
        phases.add(view.phase)
        assert mismatch(sampler, view, rng.random(), rng.randint(1, 6)) is None, view
        compared += 1
    assert compared > 100
    assert {Phase.AUCTION, Phase.PLAY, Phase.OVER} <= phases
    if game.rules.kitty_size:
        assert Phase.DISCARD in phases


@needs_numba
@pytest.mark.parametrize(
    "constants",
    [
        {"UNLIKELY": 1.0},
        {"UNLIKELY": 1e-9, "WEIGHED_TRIES": 1},
        {"_TRIES": 1, "UNLIKELY": 0.05},
        {"UNLIKELY": 0.0, "WEIGHED_TRIES": 3},
    ],
    ids=["keep", "refuse", "few-tries", "zero"],
)
def test_the_weighing_constants_are_read_at_every_call(constants: dict[str, Any], monkeypatch: Any) -> None:
    game = Smear(kitty_size=2, follow_rule="strict")
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    for name, value in constants.items():
        monkeypatch.setattr(checked, name, value)
    rng = random.Random(str(constants))
    for view in views(game, hands(2), rng, seats=1):
        if view.phase is not Phase.DEAL:
            try:
                found = mismatch(sampler, view, rng.random(), 3)
            except ValueError as e:  # with one try, some views have no world: both must say so
                with pytest.raises(ValueError, match=str(e)):
                    sampler(view, random.Random(0))
                continue
            assert found is None, view


@needs_numba
def test_the_comparison_tells_a_world_out_of_place(monkeypatch: Any) -> None:
    # The kernel's worlds with two of them swapped: the comparison must see it.
    game = Smear(kitty_size=1)
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    honest = fastsample.Sampler.many

    def swapped(self: Any, view: SmearView, rng: random.Random, n: int, infer: bool = False) -> Any:
        drawn = honest(self, view, rng, n, infer)
        assert drawn is not None
        worlds, after = drawn
        for kept in (worlds.hands, worlds.sets):  # the worlds' arrays, before any state is made
            kept[[0, 1]] = kept[[1, 0]]
        return worlds, after

    monkeypatch.setattr(fastsample.Sampler, "many", swapped)
    rng = random.Random(9)
    found = [
        mismatch(sampler, view, rng.random(), 4)
        for view in views(game, 3, rng, seats=1)
        if view.phase is Phase.AUCTION or (view.phase is Phase.PLAY and len(view.tricks) < 5)
    ]
    assert len(found) > 20
    assert found.count("world 0 differs") > 0.9 * len(found)


@needs_numba
def test_without_every_state_only_the_last_is_kept() -> None:
    game = Smear(kitty_size=2)
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    view = next(v for v in views(game, 2, random.Random(3), seats=1) if v.phase is Phase.PLAY)
    every, lean = random.Random(5), random.Random(5)
    a = sampler.many(view, every, 6)
    b = sampler.many(view, lean, 6, every=False)
    assert a is not None and b is not None
    assert list(a[0]) == list(b[0])
    assert every.getstate() == lean.getstate() == b[1](5) == a[1](5)
    with pytest.raises(ValueError, match="last world"):
        b[1](2)


@needs_numba
def test_worlds_weighed_by_the_card_plays_are_left_to_the_sampler() -> None:
    game = Smear()
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    rng = random.Random(4)
    late = [v for v in views(game, 3, rng, seats=1) if v.phase is Phase.PLAY and len(v.tricks) >= 2]
    assert late
    assert all(sampler.many(v, rng, 2, infer=True) is None for v in late)
    assert all(sampler.many(v, rng, 2) is not None for v in late)
