"""The fast sampler against the checked one: the same worlds from the same random stream.

``fastsample.sampler(rules)(view, rng, infer)`` must equal ``fast.from_state(sample.sample(...))``
field by field and leave the random generator in the same state, for every view a seat can have:
every preset and rule option, every phase, several seats, with and without the card plays
weighed. ``CARDTABLE_FAST_HANDS`` sets the hands per rule set (the long run on demand; see
`tests.fast_support`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardtable.core import option_variants
from cardtable.games.smear import PRESETS, Smear, SmearRules, SmearView, fast, fastsample
from cardtable.games.smear import infer as inference
from cardtable.games.smear import sample as checked
from cardtable.games.smear.bots import RuleBot
from cardtable.games.smear.fast import FastState
from cardtable.games.smear.state import Phase
from tests.fast_support import field_names, hands

CONFIGS: list[dict[str, Any]] = [dict(p) for p in PRESETS.values()]
CONFIGS += [{name: value} for name, value in option_variants(SmearRules)]
CONFIGS += [{"kitty_size": 3, "follow_rule": "strict", "all_pass": "stick_dealer", "dealer_may_equal": True}]

Draw = Callable[[SmearView, random.Random, bool], FastState | None]


def _id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


_FIELDS = field_names(FastState)


def fields(fs: FastState | None) -> tuple[Any, ...] | None:
    """Every field of a fast state (its slots), to compare two field by field."""
    return None if fs is None else tuple(getattr(fs, name) for name in _FIELDS)


def _outcome(draw: Callable[[], FastState | None]) -> Any:
    """The fields of the world drawn, or the refusal of a sampler that found none."""
    try:
        return fields(draw())
    except ValueError as e:  # only with the tries cut down (the checked sampler's own refusal)
        return str(e)


def mismatch(game: Smear, draw: Draw, view: SmearView, seed: float, infer: bool) -> str | None:
    """How ``draw``'s worlds from ``seed`` differ from the checked sampler's, ``None`` if they do
    not: two worlds in a row from one stream, as a search draws them, each compared field by
    field and the generators' states after it."""
    want_rng = random.Random(seed)
    got_rng = random.Random(seed)
    for n in range(2):
        want = _outcome(lambda: fast.from_state(game.sample(view, want_rng, infer), game.rules))
        got = _outcome(lambda: draw(view, got_rng, infer))
        if got != want:
            return f"world {n} differs"
        if got_rng.getstate() != want_rng.getstate():
            return f"the random stream differs after world {n}"
    return None


def views(game: Smear, n_hands: int, rng: random.Random, seats: int = 2) -> Iterator[SmearView]:
    """Views of every phase: before the deal, then every state of ``n_hands`` hands (every other
    one played by rule bots, whose plays the inference finds fitting, the others at random), each
    from ``seats`` seats chosen at random."""
    bot = RuleBot(game)
    for i in range(n_hands):
        state = game.start(rng.randrange(4), {"scores": [rng.randrange(12), rng.randrange(12)]})
        yield game.observe(state, rng.randrange(4))
        state = game.apply(state, game.deal(state, rng))
        while True:
            for seat in rng.sample(range(4), seats):
                yield game.observe(state, seat)
            actor = game.actor(state)
            if actor is None:
                break
            legal = game.legal_actions(state)
            action = bot.act(game.observe(state, actor), legal, rng) if i % 2 == 0 else rng.choice(legal)
            state = game.apply(state, action)


@pytest.mark.parametrize("options", CONFIGS, ids=_id)
def test_fast_worlds_equal_the_checked_ones(options: dict[str, Any]) -> None:
    game = Smear(**options)
    draw = fastsample.sampler(game.rules)
    assert draw is not None
    rng = random.Random(_id(options))
    phases = set()
    compared = 0
    for view in views(game, hands(5), rng):
        phases.add(view.phase)
        for infer in (False, True):
            assert mismatch(game, draw, view, rng.random(), infer) is None, (view, infer)
            compared += 1
    assert compared > 200
    assert {Phase.DEAL, Phase.AUCTION, Phase.PLAY, Phase.OVER} <= phases
    if game.rules.kitty_size:
        assert Phase.DISCARD in phases


@pytest.mark.parametrize(
    "constants",
    [
        # Every weighed world kept at once; every auction misfit refused until the first is kept.
        {"UNLIKELY": 1.0, "PLAY_UNLIKELY": 1.0},
        {"UNLIKELY": 1e-9, "WEIGHED_TRIES": 1, "PLAY_UNLIKELY": 1e-9, "PLAY_TRIES": 1},
        # One try with the shown voids, then one without them (or no world at all).
        {"_TRIES": 1, "UNLIKELY": 0.05, "PLAY_UNLIKELY": 0.05, "PLAY_TRIES": 40},
        # Nothing kept by weight: the first world drawn is the one fallen back on (once a loop).
        {"UNLIKELY": 0.0, "WEIGHED_TRIES": 3, "PLAY_UNLIKELY": 0.0, "PLAY_TRIES": 3},
    ],
    ids=["keep", "refuse", "few-tries", "zero"],
)
def test_the_constants_are_read_at_every_call(constants: dict[str, Any], monkeypatch: Any) -> None:
    game = Smear(kitty_size=2, follow_rule="strict")
    draw = fastsample.sampler(game.rules)
    assert draw is not None
    for name, value in constants.items():
        monkeypatch.setattr(inference if name.startswith("PLAY") else checked, name, value)
    rng = random.Random(str(constants))
    for view in views(game, hands(2), rng, seats=1):
        for infer in (False, True):
            assert mismatch(game, draw, view, rng.random(), infer) is None, (view, infer)


def _open_views(game: Smear, n_hands: int, seed: int) -> list[SmearView]:
    """Views that many worlds agree with: of the auction and of the play before its last trick."""
    return [
        view
        for view in views(game, n_hands, random.Random(seed), seats=1)
        if view.phase is Phase.AUCTION or (view.phase is Phase.PLAY and len(view.tricks) < 5)
    ]


def test_the_comparison_tells_a_different_world() -> None:
    # A sampler that draws its world from another stream (seeded from the caller's, which a shift
    # of a number or two would not do: the rejection loops soon bring such a stream back in step),
    # then moves the caller's generator on exactly as the fast sampler does: only the worlds tell.
    game = Smear(kitty_size=1)
    draw = fastsample.sampler(game.rules)
    assert draw is not None

    def shifted(view: SmearView, rng: random.Random, infer: bool) -> FastState | None:
        other = random.Random()
        other.setstate(rng.getstate())
        other.seed(other.getrandbits(64))
        world = draw(view, other, infer)
        draw(view, rng, infer)
        return world

    found = [mismatch(game, shifted, view, k, k % 2 == 1) for k, view in enumerate(_open_views(game, 6, 4))]
    assert len(found) > 80
    assert sum(1 for f in found if f == "world 0 differs") > 0.8 * len(found)
    assert found.count(None) <= 0.05 * len(found)


def test_the_comparison_tells_a_different_stream() -> None:
    # The same worlds, but one random number more drawn after each: only the stream tells.
    game = Smear()
    draw = fastsample.sampler(game.rules)
    assert draw is not None

    def wasteful(view: SmearView, rng: random.Random, infer: bool) -> FastState | None:
        world = draw(view, rng, infer)
        rng.random()
        return world

    found = [mismatch(game, wasteful, view, k, False) for k, view in enumerate(_open_views(game, 4, 5))]
    assert len(found) > 50
    assert all(f == "the random stream differs after world 0" for f in found)


def test_before_the_deal_there_is_no_world_and_no_number_drawn() -> None:
    game = Smear()
    draw = fastsample.sampler(game.rules)
    assert draw is not None
    rng = random.Random(3)
    before = rng.getstate()
    for infer in (False, True):
        assert draw(game.observe(game.start(1), 2), rng, infer) is None
    assert rng.getstate() == before
