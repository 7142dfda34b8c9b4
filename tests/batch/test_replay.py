"""The batched engines held to the checked engines as law: random hands under every preset and
random rule sets, compared action by action (the seat to act, the legal tokens, two seats'
observations byte for byte, refusals of illegal tokens, ends, rewards, final observations) and
every finished hand's record replayed (tests/batch/harness.py): 10,000 hands per game, except
Seep's 2,000 (300 under each of its 3 presets, 1,100 under 11 random rule sets of 100 hands:
about 30 s), since the checked engine plays a Seep hand (about 97 tokens) far slower than a trick
game's. The longer runs are ``python bench/batch_replay.py``."""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from cardtable import registry
from cardtable.batch import games
from tests.batch.harness import random_rules, run

#: Hands compared per game in this test, split over the presets and random rule sets: (in all,
#: per preset, per random rule set). A game not named here has `DEFAULT_HANDS`.
DEFAULT_HANDS = (10_000, 1_000, 500)
HANDS: dict[str, tuple[int, int, int]] = {"seep": (2_000, 300, 100)}


def _cases() -> list[tuple[str, str, int]]:
    out = []
    for game in games():
        total, per_preset, per_rules = HANDS.get(game, DEFAULT_HANDS)
        presets = sorted(registry.presets(game))
        out += [(game, f"preset:{p}", per_preset) for p in presets]
        left = total - per_preset * len(presets)
        out += [(game, f"rules:{k}", per_rules) for k in range(math.ceil(max(left, 0) / per_rules))]
    return out


CASES = _cases()
#: Tables played side by side in each case (a Seep case of 100 hands on 64 tables would play
#: about 60 hands more than it counts, the hands under way when the count is reached).
TABLES: dict[str, int] = {"seep": 16}


def _rules(game: str, case: str) -> dict[str, object]:
    kind, _, which = case.partition(":")
    if kind == "preset":
        return dict(registry.presets(game)[which])
    return random_rules(game, random.Random(f"{game} {which}"))


def test_every_game_with_a_batch_is_compared_on_its_hands() -> None:
    assert games(), "no game has a batched engine"
    for game in games():
        assert sum(h for g, _, h in CASES if g == game) >= HANDS.get(game, DEFAULT_HANDS)[0]


@pytest.mark.parametrize(("game", "case", "hands"), CASES)
def test_the_batch_plays_as_the_engine(game: str, case: str, hands: int) -> None:
    rules = _rules(game, case)
    seed = sum(map(ord, game + case))
    tally = run(game, rules, B=TABLES.get(game, 64), seed=seed, hands=hands, rng_seed=seed + 1)
    assert tally.hands >= hands
    assert tally.refused > 0 and tally.episodes > 0
    assert tally.decisions > 20 * hands  # every hand was played out, token by token


#: Rules under which a hand can end without a score (dealt again inside the episode), for the
#: games whose default rules have none: in Sheepshead five passes then throw the cards in (R43).
THROWN_IN: dict[str, dict[str, object]] = {"sheepshead": {"no_pick_rule": "redeal"}}
#: A step bound that cuts some hands short but not all (a Sheepshead hand is 34 to 48 tokens, a
#: Seep hand 49 moves of about 97 tokens in all).
MAX_STEPS: dict[str, int] = {"sheepshead": 36, "seep": 90}
#: Games whose hands end without a score only at their deal, before any seat acts (a Seep misdeal,
#: R8): the batch deals them again at once, so ``max_redeals`` bounds nothing it can be asked to
#: play (the RL tables would cut an episode short at its deal after more than ``max_redeals``
#: misdeals in a row: after 100, the default, a chance of about 0.13 ** 101).
REDEALT_AT_THE_DEAL = frozenset({"seep"})
#: (tables, hands) of each run of the test below: fewer of Seep's long hands.
BOUND_RUNS: dict[str, tuple[int, int]] = {"seep": (16, 40)}


@pytest.mark.parametrize("game", games())
def test_episode_bounds_and_dealers_as_the_engine(game: str) -> None:
    """Truncation by ``max_steps`` and by ``max_redeals`` (most tokens a pass, or the lowest legal
    one), the dealer by rotation and fixed, as the RL tables do them."""
    steps = MAX_STEPS.get(game, 30)
    B, hands = BOUND_RUNS.get(game, (32, 150))
    by_steps = run(game, {}, B=B, seed=5, hands=hands, dealer="rotate", max_steps=steps, low=0.6)
    assert by_steps.truncated > 0
    if game in REDEALT_AT_THE_DEAL:
        fixed = run(game, {}, B=B, seed=6, hands=hands, dealer=1, low=0.7)
        assert fixed.redeals > 0 and by_steps.redeals > 0  # misdeals dealt again and compared
        return
    by_redeals = run(game, THROWN_IN.get(game, {}), B=32, seed=6, hands=150, dealer=1, max_redeals=1, low=0.7)
    assert by_redeals.truncated > 0 and by_redeals.redeals > 0
