"""The fast sampler draws the checked sampler's worlds: for every view (every phase, preset and
option, several seats, with and without the play weighing) and seed, the same fast state as
``fast.from_state(sample.sample(...))`` and the random stream left in the same state.
``CARDTABLE_FAST_HANDS`` runs it long (see `tests.fast_support`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.games.sheepshead import Sheepshead, View, fastsample
from cardtable.games.sheepshead import infer as inference
from cardtable.games.sheepshead import sample as checked
from cardtable.games.sheepshead.fast import FastState, from_state
from tests.fast_support import field_names, hands
from tests.random_play import random_states

from .test_infer import rule_hand
from .test_sample import CONFIGS, SINGLE

_FIELDS = field_names(FastState)


def fields(s: FastState | None) -> dict[str, Any] | None:
    """A fast state field by field (fast states have no equality of their own)."""
    return None if s is None else {name: getattr(s, name) for name in _FIELDS}


def worlds(
    sampler: fastsample.Sampler, view: View, seed: int, infer: bool, other: int | None = None
) -> tuple[dict[str, Any] | None, dict[str, Any] | None, bool]:
    """The fast sampler's world of ``view`` and the checked one's from the same seed (from the
    seed ``other``, to show the check bites), and whether the two streams end in the same state."""
    rules = sampler.rules
    ours, theirs = random.Random(seed), random.Random(seed if other is None else other)
    want = fields(from_state(checked.sample(rules, view, theirs, infer), rules))
    got = fields(sampler(view, ours, infer))
    return got, want, ours.getstate() == theirs.getstate()


def differs(sampler: fastsample.Sampler, view: View, seed: int, infer: bool) -> str:
    """How the fast sampler's world of ``view`` differs from the checked one's; "" if not."""
    got, want, same_stream = worlds(sampler, view, seed, infer)
    if got != want:
        if got is None or want is None:
            return f"{got} != {want}"
        return ", ".join(f"{k}: {got[k]} != {want[k]}" for k in want if got[k] != want[k])
    return "" if same_stream else "the random streams part"


def check_views(game: Sheepshead, states: Any, seed: int, seats: int = 2) -> int:
    """``seats`` seats' views of each state (the seats turning round), with and without the
    weighing: the fast sampler draws the checked sampler's world. Returns the worlds compared."""
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    rng = random.Random(seed)
    compared = 0
    for k, state in enumerate(states):
        for i in range(seats):
            view = game.observe(state, (k + i) % 5)
            for infer in (False, True):
                world_seed = rng.randrange(1 << 30)
                assert not (why := differs(sampler, view, world_seed, infer)), (view, infer, world_seed, why)
                compared += 1
    return compared


@pytest.mark.parametrize(
    ("options", "n"),
    [(c, 5) for c in CONFIGS] + [(c, 2) for c in SINGLE],
    ids=[str(c) for c in CONFIGS + SINGLE],
)
def test_random_hands_give_the_checked_worlds(options: dict[str, Any], n: int) -> None:
    game = Sheepshead(**options)
    assert check_views(game, random_states(game, hands(n), seed=31), seed=32) > 40 * hands(n)


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_rule_bot_hands_give_the_checked_worlds(options: dict[str, Any]) -> None:
    """Hands as the search meets them: the other seats play as the weighing expects."""
    game = Sheepshead(**options)
    rng = random.Random(f"rule {options}")
    states = [s for _ in range(hands(2)) for s in rule_hand(game, rng)]
    assert check_views(game, states, seed=33, seats=3) > 100 * hands(2)


def test_many_worlds_from_one_view_follow_one_stream() -> None:
    """A search draws many worlds from one view and one stream: world after world, the same."""
    game = Sheepshead()
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    rng = random.Random(5)
    states = [s for s in rule_hand(game, rng) if s.trick_no >= 2 and game.actor(s) is not None]
    for state in states[:4]:
        view = game.observe(state, game.actor(state))
        for infer in (False, True):
            ours, theirs = random.Random(6), random.Random(6)
            for _ in range(30):
                want = fields(from_state(checked.sample(game.rules, view, theirs, infer), game.rules))
                assert fields(sampler(view, ours, infer)) == want
            assert ours.getstate() == theirs.getstate()


def test_a_different_stream_is_caught() -> None:
    """The comparison bites: worlds drawn from another stream differ in nearly every view with
    hidden cards, and a single card moved between two hands shows."""
    game = Sheepshead()
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    views = [game.observe(s, s.actor) for s in random_states(game, 6, seed=34) if s.phase.name in ("PICK", "PLAY")]
    views = [v for v in views if len(v.hand) > 1]
    caught = 0
    for k, view in enumerate(views):
        got, want, _same = worlds(sampler, view, k, k % 2 == 1, other=k + 1)
        caught += got != want
    assert caught >= 0.9 * len(views) > 50
    world = sampler(views[0], random.Random(1))
    assert world is not None
    moved = world.copy()
    a, b = (views[0].seat + 1) % 5, (views[0].seat + 2) % 5
    card = moved.hands[a] & -moved.hands[a]
    moved.hands[a] ^= card
    moved.hands[b] |= card
    assert fields(moved) != fields(world)


def test_before_the_deal_there_is_no_world() -> None:
    game = Sheepshead()
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    view = game.observe(game.start(3), 1)
    rng = random.Random(2)
    before = rng.getstate()
    assert sampler(view, rng) is None
    assert sampler(view, rng, infer=True) is None
    assert rng.getstate() == before


@pytest.mark.parametrize("options", [{}, {"allow_unknown_call": True, "cracking": True, "blitzing": True}], ids=str)
def test_the_constants_are_read_at_each_call(monkeypatch: pytest.MonkeyPatch, options: dict[str, Any]) -> None:
    """The weights and tries as the tests set them, and the relaxed last resort (no strict try)."""
    game = Sheepshead(**options)
    states = list(random_states(game, 2, seed=35))
    for name, module, value in (
        ("UNLIKELY", checked, 0.0),
        ("WEIGHED_TRIES", checked, 2),
        ("PLAY_UNLIKELY", inference, 0.9),
        ("PLAY_WEIGHED_TRIES", inference, 3),
        ("STRICT_TRIES", checked, 0),
    ):
        with monkeypatch.context() as m:
            m.setattr(module, name, value)
            before = checked.relaxed_count
            assert check_views(game, states, seed=36, seats=1) > 40
            assert (checked.relaxed_count > before) == (name == "STRICT_TRIES")


def test_another_random_stream_class_is_drawn_by_the_checked_sampler() -> None:
    """A `random.Random` subclass may draw otherwise: its worlds still come out the same."""

    class Stream(random.Random):
        def random(self) -> float:
            return super().random() * 0.999

    game = Sheepshead()
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    state = next(s for s in random_states(game, 1, seed=37) if s.phase.name == "PLAY" and s.trick_no >= 1)
    view = game.observe(state, state.actor)
    for infer in (False, True):
        ours, theirs = Stream(8), Stream(8)
        want = fields(from_state(checked.sample(game.rules, view, theirs, infer), game.rules))
        assert fields(sampler(view, ours, infer)) == want
        assert ours.getstate() == theirs.getstate()


class _CheckedChoices(dict[int, int]):
    """A memo of the policy's choices that never answers from memory and checks that every choice
    asked again under the same key is the same: the key holds all the choice depends on."""

    def get(self, key: int, default: Any = None) -> Any:
        return default

    def __setitem__(self, key: int, value: int) -> None:
        assert self.setdefault(key, value) == value
        self.asked = getattr(self, "asked", 0) + 1


@pytest.mark.parametrize("options", [{}, {"allow_unknown_call": True, "cracking": True}, {"no_pick_rule": "moster"}])
def test_the_kept_policy_choices_depend_only_on_their_key(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    sampler = fastsample.sampler(game.rules)
    assert sampler is not None
    rng = random.Random(f"keys {options}")
    asked = 0
    for _ in range(3):
        for state in rule_hand(game, rng):
            if state.phase.name != "PLAY" or not state.tricks:
                continue
            view = game.observe(state, state.actor)
            plan = sampler.plan(view)
            plan.choices = memo = _CheckedChoices()
            for _ in range(20):
                sampler(view, rng, infer=True)
            asked += getattr(memo, "asked", 0)
    assert asked > 500
