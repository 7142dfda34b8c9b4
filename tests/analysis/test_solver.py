"""The open-card solver agrees with plain minimax (every line of play, no cuts, no table) on
every position it is given with three tricks or fewer left, over thousands of random positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import registry
from cardtable.analysis import opencard
from cardtable.games.sheepshead import fast as sheepshead_fast
from cardtable.games.smear import fast as smear_fast

#: Positions per game: a random deal and auction, then random cards until three tricks or fewer
#: are left (anywhere in a trick).
POSITIONS = 1000


def _smear(rng: random.Random) -> Any:
    return smear_fast.deal(registry.get_game("smear").rules, rng.randrange(4), (0, 0), rng)


def _sheepshead(rng: random.Random) -> Any:
    return sheepshead_fast.deal(registry.get_game("sheepshead"), rng.randrange(5), rng)


#: Positions per game for the table's test (Sheepshead meets fewer transpositions a position).
TABLE_POSITIONS = {"smear": 40, "sheepshead": 80}

DEALS = {"smear": (_smear, smear_fast.PLAY, 4), "sheepshead": (_sheepshead, sheepshead_fast.PLAY, 5)}


def _positions(name: str, rng: random.Random, tricks: tuple[int, int] = (1, 3), count: int = POSITIONS) -> Any:
    deal, play, seats = DEALS[name]
    made = 0
    while made < count:
        pos = deal(rng)
        while pos.to_act >= 0 and pos.phase != play:
            pos.apply(rng.choice(pos.moves()))
        if pos.to_act < 0:  # passed out
            continue
        left = rng.randint(*tricks) * seats - rng.randrange(seats)  # cards still to play
        while pos.to_act >= 0 and sum(h.bit_count() for h in pos.hands) > left:
            pos.apply(rng.choice(pos.moves()))
        made += 1
        yield pos, rng.randrange(seats)


@pytest.mark.parametrize("name", sorted(DEALS))
def test_the_solver_agrees_with_brute_force_in_the_last_three_tricks(name: str) -> None:
    game = registry.get_game(name)
    solver = opencard.solver(game)
    assert solver is not None
    rng = random.Random(34)
    solved = 0
    for pos, seat in _positions(name, rng):
        if solver.side(pos, seat) is None:  # no picker: no two sides to solve for
            with pytest.raises(ValueError):
                opencard.solve(solver, pos, seat)
            continue
        exact = opencard.solve(solver, pos, seat)
        assert exact.value == pytest.approx(opencard.brute_force(solver, pos, seat)), (pos.to_state(), seat)
        if exact.move is not None:  # the move it gives is worth the value it gives
            assert opencard.solve(solver, solver.play(pos, exact.move), seat).value == pytest.approx(exact.value)
        solved += 1
    assert solved > POSITIONS // 2


@pytest.mark.parametrize("name", sorted(DEALS))
def test_the_transposition_table_changes_no_value(name: str) -> None:
    """From four or five tricks left, where two orders of play reach one position more often: the
    game's key holds all that decides the rest of the hand."""
    solver = opencard.solver(registry.get_game(name))
    assert solver is not None
    for pos, seat in _positions(name, random.Random(35), (4, 4), TABLE_POSITIONS[name]):
        if solver.side(pos, seat) is not None:
            with_table = opencard.solve(solver, pos, seat).value
            assert with_table == pytest.approx(opencard.solve(solver, pos, seat, transpositions=False).value)


def test_a_solve_past_its_node_limit_stops() -> None:
    game = registry.get_game("smear")
    solver = opencard.solver(game)
    assert solver is not None
    rng = random.Random(1)
    pos = _smear(rng)
    while pos.phase != smear_fast.PLAY:
        pos.apply(rng.choice(pos.moves()))
    with pytest.raises(opencard.Unfinished):
        opencard.solve(solver, pos, 0, node_limit=50)


#: Rule sets whose called-card rules single out cards one by one (R27-R35a): the called card, its
#: suit, the card set aside face down (an unknown call), the called ten beating its ace, the jack
#: of diamonds as partner.
SHEEPSHEAD_RULES: list[dict[str, Any]] = [
    {},
    {"allow_unknown_call": True, "partner_must_play_called_on_first_lead": False},
    {"allow_call_own_ace": True, "called_ten_beats_ace": True, "ten_call_hold_must_be_ace": True},
    {"partner_mode": "jack_of_diamonds"},
]


@pytest.mark.parametrize("options", SHEEPSHEAD_RULES, ids=str)
def test_equivalent_cards_are_left_out_without_changing_a_value(options: dict[str, Any]) -> None:
    """The solver plays one of each run of equivalent cards (`sheepshead.solver.equivalent`: one
    hand's touching cards of one suit and the same points, R3-R6); plain minimax plays every
    legal card. They agree on every position, and the best move the solver gives is worth its
    value."""
    game = registry.get_game("sheepshead", **options)
    solver = opencard.solver(game)
    assert solver is not None
    rng = random.Random(36)
    solved = reduced = 0
    while solved < 200:
        pos = sheepshead_fast.deal(game, rng.randrange(5), rng)
        while pos.to_act >= 0 and pos.phase != sheepshead_fast.PLAY:
            pos.apply(rng.choice(pos.moves()))
        left = rng.randint(2, 3) * 5 - rng.randrange(5)
        while pos.to_act >= 0 and sum(h.bit_count() for h in pos.hands) > left:
            pos.apply(rng.choice(pos.moves()))
        seat = rng.randrange(5)
        if pos.to_act < 0 or solver.side(pos, seat) is None:
            continue
        reduced += len(solver.moves(pos)) < len(solver.legal(pos))  # type: ignore[attr-defined]
        exact = opencard.solve(solver, pos, seat)
        assert exact.value == pytest.approx(opencard.brute_force(solver, pos, seat)), (pos.to_state(), seat)
        if exact.move is not None:
            assert opencard.solve(solver, solver.play(pos, exact.move), seat).value == pytest.approx(exact.value)
        solved += 1
    assert reduced >= 8  # the reduction was there to be checked
