"""The open-card solve compiled on the batched engine's rows (`games.GAME.solverkernels`) is the
generic driver's, step for step: the same value, the same best move and the same count of
positions, on positions from the first card of the play to the last trick (Seep: from the
bidder's opening move to the last play), under several rule sets; past the node limit it stops as
the driver does."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

from cardtable import registry
from cardtable.analysis import opencard
from cardtable.batch import NUMBA
from cardtable.bots import rule_bot

pytestmark = pytest.mark.skipif(not NUMBA, reason="the compiled solve runs only with numba")

CASES: list[tuple[str, dict[str, Any]]] = [
    ("smear", {}),
    ("smear", {"kitty_size": 2, "follow_rule": "strict", "low_awarded_to": "capturer", "non_bidder_cap": 15}),
    ("sheepshead", {}),
    ("sheepshead", {"allow_unknown_call": True, "partner_must_play_called_on_first_lead": True}),
    ("sheepshead", {"allow_ten_call": True, "partner_mode": "jack_of_diamonds"}),
    ("sheepshead", {"double_on_the_bump": True, "schwarz_by_points": True, "bury_requires_trick": True,
                    "no_trick_partner_exempt": False}),
    ("seep", {}),
    (
        "seep",
        {"sweep_cap": 2, "majority_bonus": 4, "ten_diamonds_points": 2, "auto_merge_loose_sets": True,
         "retention_scope": "team", "max_houses": 2},
    ),
    (
        "seep",
        {"throw_policy": "free", "capture_policy": "any_valid_subset", "break_may_use_floor_cards": True,
         "first_play_sweep_points": 50, "nine_point_effect": "zero_card_points", "allow_pair_house": False},
    ),
]  # fmt: skip

#: Hands played for positions (a Seep hand is solved within the limit only from late in it, and
#: may be a misdeal).
HANDS = {"seep": 6}
#: Where one hand's shared-table solves start: a Seep hand is solved whole only from late in it.
SHARED_FROM = {"seep": -10}


def _positions(game: Any, hands: int, seed: int, every: int) -> list[Any]:
    """Positions of the card play of hands the rule-based bot plays (every ``every``-th)."""
    s = opencard.solver(game)
    assert s is not None
    bot = rule_bot(game)
    rng = random.Random(seed)
    out = []
    k = 0
    for h in range(hands):
        state = game.start(h % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            if s.position(state) is not None:
                if k % every == 0:
                    out.append(state)
                k += 1
            legal = game.legal_actions(state)
            state = game.apply(state, bot.act(game.observe(state, seat), legal, rng))
    return out


def _driver(s: Any, pos: Any, seat: int, limit: int | None) -> opencard.Solved | None:
    """The generic driver's solve (the game's compiled one set aside), ``None`` past the limit."""
    compiled = type(s).solve
    try:
        del type(s).solve
        return opencard.solve(s, pos, seat, limit)
    except opencard.Unfinished:
        return None
    finally:
        type(s).solve = compiled


@pytest.mark.parametrize(("name", "options"), CASES, ids=lambda c: str(c))
def test_the_compiled_solve_is_the_drivers(name: str, options: dict[str, Any]) -> None:
    game = registry.get_game(name, **options)
    s = opencard.solver(game)
    assert s is not None
    compared = 0
    for state in _positions(game, HANDS.get(name, 3), seed=5, every=4):
        pos = s.position(state)
        seat = game.actor(state)
        if s.side(pos, seat) is None:  # a leaster: no two sides
            continue
        got = s.solve(pos, seat, 15_000)
        assert got is not None
        want = _driver(s, pos, seat, 15_000)
        if want is None:
            assert not got[3]  # both stop past the limit
            continue
        assert got[:4] == (want.value, want.move, want.nodes, True), state
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize(("name", "options"), CASES[::2], ids=lambda c: str(c))
def test_solves_sharing_the_hands_tables_are_the_drivers(name: str, options: dict[str, Any]) -> None:
    """One hand's solves in turn, each seat from each of its positions, with the tables shared by
    kin (`opencard.solve`'s ``tables``): the compiled tables learn what the driver's learn, so
    every solve gives the same value, best move and positions counted."""
    game = registry.get_game(name, **options)
    s = opencard.solver(game)
    assert s is not None
    states = _positions(game, 1, seed=8, every=1)[SHARED_FROM.get(name, game.seats) :]  # the second trick on
    compiled_tables: dict[Any, Any] = {}
    driver_tables: dict[Any, Any] = {}
    shared = 0
    for state in states[:: game.seats - 1]:
        pos = s.position(state)
        for seat in range(game.seats):
            if s.side(pos, seat) is None:
                continue
            got = opencard.solve(s, pos, seat, tables=compiled_tables)
            compiled = type(s).solve
            try:
                del type(s).solve
                want = opencard.solve(s, pos, seat, tables=driver_tables)
            finally:
                type(s).solve = compiled
            assert (got.value, got.move, got.nodes) == (want.value, want.move, want.nodes), (state, seat)
            shared += opencard.kin(s, pos, seat) != seat
    assert shared > 0


@pytest.mark.parametrize("name", ["smear", "seep"])
def test_the_driver_uses_the_compiled_solve_and_stops_past_the_limit(name: str) -> None:
    game = registry.get_game(name)
    s = opencard.solver(game)
    assert s is not None
    states = _positions(game, 3, seed=6, every=1)
    state = states[0] if name == "smear" else states[-9]  # Smear's first card; Seep's last nine plays
    pos, seat = s.position(state), game.actor(state)
    with pytest.raises(opencard.Unfinished):
        opencard.solve(s, pos, seat, 100)
    got = s.solve(pos, seat, None)
    assert got is not None
    assert opencard.solve(s, pos, seat).nodes == got[2]


def test_a_seep_position_the_compiled_solve_cannot_key_is_left_to_the_driver() -> None:
    """A sweep worth neither of the worths a position can hold (here a loaded state's, made by
    hand) has no place in the compiled key: the compiled solve declines and the driver solves."""
    game = registry.get_game("seep")
    s = opencard.solver(game)
    assert s is not None
    state = _positions(game, 3, seed=6, every=1)[-6]
    odd = state._replace(sweeps=((77,), ()))
    pos, seat = s.position(odd), game.actor(odd)
    assert s.solve(pos, seat, None) is None
    want = _driver(s, pos, seat, None)
    assert want is not None
    assert opencard.solve(s, pos, seat) == want
