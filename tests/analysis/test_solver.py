"""The open-card solver agrees with plain minimax (every line of play, no cuts, no table) on
every position it is given with three tricks or fewer left, over thousands of random positions."""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable import registry
from cardtable.analysis import opencard
from cardtable.games.seep import fast as seep_fast
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


#: Seep rule sets for the solver's tests: the defaults, and houses merging, cemented by the team,
#: capped sweeps (cancelled by the other team's) and free throws, which reach one floor by more
#: orders of play.
SEEP_RULES: list[dict[str, Any]] = [
    {},
    {"auto_merge_loose_sets": True, "retention_scope": "team", "sweep_cap": 2, "throw_policy": "free"},
]


def _seep_positions(options: dict[str, Any], seed: int, plays_left: tuple[int, int], count: int) -> Any:
    """Seep positions (fast states) of random play with ``plays_left`` plays still to come, each
    with a random seat."""
    game = registry.get_game("seep", **options)
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = game.start(rng.randrange(4))
        state = game.apply(state, game.deal(state, rng))
        pos = seep_fast.from_state(state, game.rules)
        assert pos is not None
        if not pos.moves():  # a misdeal: no play
            continue
        stop = 48 - rng.randint(*plays_left)
        while pos.to_act() is not None and pos.plays < stop:
            pos.apply(rng.choice(pos.moves()))
        made += 1
        yield game, pos, rng.randrange(4)


@contextlib.contextmanager
def _driver_only(solver: Any, driver: bool) -> Iterator[None]:
    """With ``driver``, the game's compiled solve set aside (the generic driver solves)."""
    compiled = type(solver).__dict__.get("solve")
    if driver and compiled is not None:
        delattr(type(solver), "solve")
    try:
        yield
    finally:
        if driver and compiled is not None:
            type(solver).solve = compiled


@contextlib.contextmanager
def _without_bounds(solver: Any) -> Iterator[None]:
    """The game's bounds of what a hand can still end with set aside (the driver searches on)."""
    bounds = type(solver).__dict__["bounds"]
    delattr(type(solver), "bounds")
    try:
        yield
    finally:
        type(solver).bounds = bounds


@pytest.mark.parametrize("driver", [True, False], ids=["driver", "compiled"])
@pytest.mark.parametrize("options", SEEP_RULES, ids=str)
def test_seep_solves_agree_with_brute_force_in_the_last_plays(options: dict[str, Any], driver: bool) -> None:
    """Seep's open-card value (R17, R20: cards and sweeps, the floor left to the last capture)
    with two to four plays left is plain minimax's, and its best move is worth it (R12-R16), by
    the driver and by the compiled solve (where numba compiles it)."""
    solved = 0
    for game, pos, seat in _seep_positions(options, 37, (2, 4), 120):
        solver = opencard.solver(game)
        assert solver is not None
        with _driver_only(solver, driver):
            exact = opencard.solve(solver, pos, seat)
            assert exact.value == pytest.approx(opencard.brute_force(solver, pos, seat)), (pos.to_state(), seat)
            if exact.move is not None:
                after = opencard.solve(solver, solver.play(pos, exact.move), seat)
                assert after.value == pytest.approx(exact.value)
        solved += 1
    assert solved == 120


@pytest.mark.parametrize("driver", [True, False], ids=["driver", "compiled"])
@pytest.mark.parametrize("options", SEEP_RULES, ids=str)
def test_seeps_key_changes_no_value(options: dict[str, Any], driver: bool) -> None:
    """From eight to ten plays left, where two orders of play reach one position often: Seep's key
    (a house by its value, cards and owners; the compiled solve's packed key) holds all that
    decides the rest of the hand."""
    for game, pos, seat in _seep_positions(options, 38, (8, 10), 40):
        solver = opencard.solver(game)
        assert solver is not None
        with _driver_only(solver, driver):
            with_table = opencard.solve(solver, pos, seat)
        assert with_table.value == pytest.approx(opencard.solve(solver, pos, seat, transpositions=False).value)


def _picked_position(game: Any, solver: Any, rng: random.Random) -> Any:
    """A random deal played at random into the trick play of a picked hand, then on to two or
    three tricks left (some of a trick played); None where no one picked or the hand ended."""
    pos = sheepshead_fast.deal(game, rng.randrange(5), rng)
    while pos.to_act >= 0 and pos.phase != sheepshead_fast.PLAY:
        pos.apply(rng.choice(pos.moves()))
    if pos.to_act < 0 or solver.side(pos, 0) is None:
        return None
    left = rng.randint(2, 3) * 5 - rng.randrange(5)
    while pos.to_act >= 0 and sum(h.bit_count() for h in pos.hands) > left:
        pos.apply(rng.choice(pos.moves()))
    return None if pos.to_act < 0 else pos


#: Rule sets whose settlement changes the seats' shares of the stake (R37, R38, R40).
SHARE_RULES: list[dict[str, Any]] = [
    {},
    {"double_on_the_bump": True, "schwarz_by_points": True},
    {"no_trick_partner_exempt": False},
    {"partner_mode": "jack_of_diamonds", "no_trick_partner_exempt": False},
]


@pytest.mark.parametrize("options", SHARE_RULES, ids=str)
def test_the_seats_of_a_picked_hand_share_one_table_and_each_value_is_exact(options: dict[str, Any]) -> None:
    """R37: a picked hand is settled in shares of one stake (the picker 2, or 4 alone; the partner
    1; each defender -1), so a seat is solved as the lowest defender and its value mapped
    (`opencard.scale`), the seats sharing the hand's table; under R38's exemption (the default)
    the partner's value is not a monotone function of the defenders' (0 on their best end, as on
    a win) and the partner keeps a table of its own. Each seat's value, from each position, with
    the tables shared, is plain minimax's."""
    game = registry.get_game("sheepshead", **options)
    solver = opencard.solver(game)
    assert solver is not None
    exempt = game.rules.no_trick_partner_exempt
    rng = random.Random(38)
    hands = alone = 0
    while hands < 40:
        pos = _picked_position(game, solver, rng)
        if pos is None:
            continue
        partnered = pos.setup.partner >= 0
        kins = {opencard.kin(solver, pos, seat) for seat in range(5)}
        assert len(kins) == (2 if exempt and partnered else 1), (options, pos.setup)
        alone += not partnered
        tables: dict[Any, Any] = {}
        for seat in range(5):
            exact = opencard.solve(solver, pos, seat, tables=tables)
            want = opencard.brute_force(solver, pos, seat)
            assert exact.value == pytest.approx(want, abs=1e-9), (pos.to_state(), seat)
        hands += 1
    if options.get("partner_mode") != "jack_of_diamonds":
        assert 0 < alone < hands  # both kinds of hand met


#: Rule sets whose ends differ (R15's bury to the picker only with a trick, R36's schwarz by card
#: points, R38, R40), for the bounds of what a hand can still end with.
BOUND_RULES: list[dict[str, Any]] = [
    *SHARE_RULES,
    {"bury_requires_trick": True, "schwarz_by_points": True},
    {"bury_requires_trick": True, "partner_mode": "jack_of_diamonds"},
]


@pytest.mark.parametrize("options", BOUND_RULES, ids=str)
def test_the_bounds_of_what_a_hand_can_still_end_with_hold_its_value_and_spare_positions(
    options: dict[str, Any],
) -> None:
    """`SheepsheadSolver.bounds`: the lowest and highest value to a seat the rest of the hand can
    reach (R15, R26, R36-R40: the tricks and card points the picker's side has taken, and what
    is left). Plain minimax's value lies within them from every position, for every seat; they
    are narrower than every end of the hand somewhere, and cut positions from the solves, whose
    values stay minimax's."""
    game = registry.get_game("sheepshead", **options)
    solver = opencard.solver(game)
    assert solver is not None
    rng = random.Random(15)
    narrowed = spared = total = 0
    for _ in range(30):
        pos = _picked_position(game, solver, rng)
        if pos is None:
            continue
        for seat in range(5):
            lo, hi = solver.bounds(pos, seat)  # type: ignore[attr-defined]
            want = opencard.brute_force(solver, pos, seat)
            assert lo - 1e-9 <= want <= hi + 1e-9, (pos.to_state(), seat, lo, want, hi)
            values = solver.values(pos, seat)  # type: ignore[attr-defined]
            if values is None:  # not monotone in the points (R38's exempt partner): no bounds
                assert (lo, hi) == (-math.inf, math.inf)
            else:
                ends = [x for row in values for x in row]
                narrowed += lo > min(ends) or hi < max(ends)
            with _driver_only(solver, True):
                bounded = opencard.solve(solver, pos, seat)
                with _without_bounds(solver):
                    plain = opencard.solve(solver, pos, seat)
            assert bounded.value == pytest.approx(want, abs=1e-9)
            assert plain.value == pytest.approx(want, abs=1e-9)
            spared += plain.nodes - bounded.nodes
            total += plain.nodes
    assert narrowed > 0, "no bounds narrower than the hand's: they were not tried"
    assert spared > 0, (spared, total)
