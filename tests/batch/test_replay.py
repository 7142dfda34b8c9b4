"""The batched engines held to the checked engines as law: at least 10,000 random hands per game
with a batch, under every preset and random rule sets, compared action by action (the seat to
act, the legal tokens, two seats' observations byte for byte, refusals of illegal tokens, ends,
rewards, final observations) and every finished hand's record replayed (tests/batch/harness.py).
The longer run is ``python bench/batch_replay.py``."""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from cardtable import registry
from cardtable.batch import games
from tests.batch.harness import random_rules, run

#: Hands compared per game in this test (the issue's floor), split over the presets and random rule sets.
HANDS_PER_GAME = 10_000
PRESET_HANDS = 1_000
RULES_HANDS = 500


def _cases() -> list[tuple[str, str, int]]:
    out = []
    for game in games():
        presets = sorted(registry.presets(game))
        out += [(game, f"preset:{p}", PRESET_HANDS) for p in presets]
        left = HANDS_PER_GAME - PRESET_HANDS * len(presets)
        out += [(game, f"rules:{k}", RULES_HANDS) for k in range(math.ceil(max(left, 0) / RULES_HANDS))]
    return out


CASES = _cases()


def _rules(game: str, case: str) -> dict[str, object]:
    kind, _, which = case.partition(":")
    if kind == "preset":
        return dict(registry.presets(game)[which])
    return random_rules(game, random.Random(f"{game} {which}"))


def test_every_game_with_a_batch_is_compared_on_at_least_10000_hands() -> None:
    assert games(), "no game has a batched engine"
    for game in games():
        assert sum(h for g, _, h in CASES if g == game) >= HANDS_PER_GAME


@pytest.mark.parametrize(("game", "case", "hands"), CASES)
def test_the_batch_plays_as_the_engine(game: str, case: str, hands: int) -> None:
    rules = _rules(game, case)
    seed = sum(map(ord, game + case))
    tally = run(game, rules, B=64, seed=seed, hands=hands, rng_seed=seed + 1)
    assert tally.hands >= hands
    assert tally.refused > 0 and tally.episodes > 0
    assert tally.decisions > 20 * hands  # every hand was played out, token by token


#: Rules under which a hand can end without a score (dealt again inside the episode), for the
#: games whose default rules have none: in Sheepshead five passes then throw the cards in (R43).
THROWN_IN: dict[str, dict[str, object]] = {"sheepshead": {"no_pick_rule": "redeal"}}
#: A step bound that cuts some hands short but not all (a Sheepshead hand is 34 to 48 tokens).
MAX_STEPS: dict[str, int] = {"sheepshead": 36}


@pytest.mark.parametrize("game", games())
def test_episode_bounds_and_dealers_as_the_engine(game: str) -> None:
    """Truncation by ``max_steps`` and by ``max_redeals`` (most tokens a pass, or the lowest legal
    one), the dealer by rotation and fixed, as the RL tables do them."""
    steps = MAX_STEPS.get(game, 30)
    by_steps = run(game, {}, B=32, seed=5, hands=150, dealer="rotate", max_steps=steps, low=0.6)
    by_redeals = run(game, THROWN_IN.get(game, {}), B=32, seed=6, hands=150, dealer=1, max_redeals=1, low=0.7)
    assert by_steps.truncated > 0 and by_redeals.truncated > 0 and by_redeals.redeals > 0
