"""The fast move generator agrees with the plain reference generator, move for move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import mask_of, parse_cards
from cardtable.core import IllegalAction
from cardtable.games.seep import Build, Capture, Seep, Throw
from cardtable.games.seep.fastgen import Generator
from cardtable.games.seep.moves import Turn, legal
from cardtable.games.seep.state import Match, Phase, SeepState

VARIANTS: list[dict[str, Any]] = [
    {},
    {"capture_policy": "any_valid_subset"},
    {"throw_policy": "free"},
    {"throw_policy": "no_capture_or_build_possible"},
    {"auto_merge_loose_sets": True},
    {"allow_multi_set_build": False, "allow_pair_house": False},
    {"may_break_partner_house": False, "break_may_use_floor_cards": True},
    {"partner_add_requires_card": True, "opponent_add_becomes_owner": False},
    {"partner_becomes_owner": True, "retention_scope": "team"},
    {"max_houses": 2, "opening_throw_always_allowed": True},
    {
        "capture_policy": "any_valid_subset",
        "retention_scope": "team",
        "break_may_use_floor_cards": True,
        "auto_merge_loose_sets": True,
    },
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_fast_moves_match_the_reference(options: dict[str, Any]) -> None:
    game = Seep(**options)
    gen = Generator(game.rules, limit=50)  # a small cache, so that it is also cleared and refilled
    rng = random.Random(17)
    for hand in range(12):
        s = game.start(hand % 4)
        s = game.apply(s, game.deal(s, rng))
        while game.actor(s) is not None:
            moves = game.legal_actions(s)
            if s.phase is Phase.PLAY or s.phase is Phase.OPENING:
                ref = legal(Turn(game.rules, s))
                fast = gen.legal(s)
                assert fast == ref
                assert [getattr(a, "written", None) for a in fast] == [getattr(a, "written", None) for a in ref]
                assert moves == ref
                rank = rng.randrange(13)
                assert gen.legal(s, 1 << rank) == [a for a in ref if getattr(a, "card", -1) % 13 == rank]
                _check_draws(gen, s, rng.random())
            a = rng.choice(moves)
            # The same move, read back from its notation, on a game that never listed the moves.
            fresh = Seep(**options)
            assert fresh.apply(s, fresh.parse(fresh.format(a)) if s.phase is not Phase.BID else a) == game.apply(s, a)
            s = game.apply(s, a)


def _check_draws(gen: Generator, s: SeepState, seed: float) -> None:
    """Drawing one move (``codes`` with ``draw``) picks what a uniform draw from the whole list
    does, from the same random numbers, and leaves the stream where that draw leaves it."""
    codes = gen.codes(s)
    for only in (0x1FFF, 0x0F0F):
        listed = gen.codes(s, only)
        if not listed:
            continue
        whole, drawn = random.Random(seed), random.Random(seed)
        expected = listed[0] if len(listed) == 1 else listed[whole.randrange(len(listed))]
        assert gen.codes(s, only, True, drawn.getrandbits) == [expected]
        assert whole.getstate() == drawn.getstate()
    assert codes == gen.codes(s)  # nothing drawn changed the lists


def test_one_drawn_move_is_a_uniform_draw_from_the_list() -> None:
    # Random hands, so that moves of every kind are drawn from; the draws land in every quarter of
    # the lists.
    game = Seep()
    gen = Generator(game.rules)
    rng = random.Random(5)
    places: set[int] = set()
    for hand in range(20):
        s = game.start(hand % 4)
        s = game.apply(s, game.deal(s, rng))
        while game.actor(s) is not None:
            if s.phase is Phase.PLAY:
                listed = gen.codes(s)
                seed = rng.random()
                pick = gen.codes(s, 0x1FFF, True, random.Random(seed).getrandbits)[0]
                places.add(4 * listed.index(pick) // len(listed))
                _check_draws(gen, s, seed)
            s = game.apply(s, rng.choice(game.legal_actions(s)))
    assert places == {0, 1, 2, 3}


def test_apply_after_legal_actions_still_refuses_illegal_moves() -> None:
    game = Seep()
    rng = random.Random(4)
    refused = 0
    for hand in range(6):
        s = game.start(hand % 4)
        s = game.apply(s, game.deal(s, rng))
        previous: list[Any] = []
        while game.actor(s) is not None:
            moves = game.legal_actions(s)
            for a in [*previous, *(Throw(c) for c in range(52))]:
                if a not in moves:
                    with pytest.raises(IllegalAction):
                        game.apply(s, a)
                    refused += 1
            previous = list(moves)
            s = game.apply(s, rng.choice(moves))
    assert refused > 1000


@pytest.mark.parametrize("options", [{}, {"capture_policy": "any_valid_subset", "auto_merge_loose_sets": True}])
def test_crowded_floors_match_the_reference(options: dict[str, Any]) -> None:
    # More loose cards than the generator keeps a table of every subset for: it finds the loose
    # cards of a move slot by slot instead.
    game = Seep(**options)
    gen = Generator(game.rules)
    rng = random.Random(23)
    for n in (10, 11, 12, 13, 14) * 4:
        cards = rng.sample(range(52), n + 6)
        loose = sum(1 << c for c in cards[:n])
        hand = sum(1 << c for c in cards[n:])
        s = SeepState(0, Match(), Phase.PLAY, 9, 43, (hand, 0, 0, 0), (0, 0, 0, 0), loose, (), (0, 0), ((), ()), -1)
        ref = legal(Turn(game.rules, s))
        assert gen.legal(s) == ref
        assert any(a.take for a in ref if isinstance(a, Capture | Build))


def test_floors_of_one_shape_share_lists_with_their_own_cards() -> None:
    # The same values on the floor in other suits: one shape, so one set of move lists, but each
    # floor's moves take its own cards. Tiny caches make the lists be dropped and made again.
    game = Seep()
    gen = Generator(game.rules, limit=1, shape_limit=2)
    hand = mask_of(parse_cards("5H JC 9S 2D KD"))
    for floor in ("6S 9D 3C 2C", "6C 9H 3S 2H", "6D 9C 3H 2S", "6H 9S 3D 2D"):
        loose = mask_of(parse_cards(floor))
        if loose & hand:
            continue
        s = SeepState(0, Match(), Phase.PLAY, 9, 43, (hand, 0, 0, 0), (0, 0, 0, 0), loose, (), (0, 0), ((), ()), -1)
        moves = gen.legal(s)
        assert moves == legal(Turn(game.rules, s))
        assert all(not getattr(a, "take", 0) & ~loose for a in moves)
