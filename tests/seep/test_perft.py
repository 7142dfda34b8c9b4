"""Legal-sequence counts (perft) from fixed deals: the cheapest strong guard on move generation.

The T18 deal (dealer 0; the bidder's four QH 7C 3D 2S; floor 5S 9H 4C 10D; the other cards dealt
in card order): depth 1 is the one bid (12); depth 2 adds the five openings of the rules page
(four builds of 12 and the throw of QH), both checked by hand; depth 3 is checked against the
brute-force reading of the rules in ``test_bruteforce``.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import Deal
from cardtable.counts import perft
from cardtable.games.seep import Seep
from tests.seep.test_bruteforce import reference
from tests.seep.test_rules import dealt, explicit


def t18() -> tuple[Seep, object]:
    g = Seep()
    return g, dealt(g, 0, explicit(0, "QH 7C 3D 2S", "5S 9H 4C 10D"))


@pytest.mark.parametrize(("depth", "count"), [(1, 1), (2, 5), (3, 134), (4, 3590)])
def test_perft_t18(depth: int, count: int) -> None:
    g, s = t18()
    assert perft(g, s, depth) == count


def test_perft_t18_depth3_by_brute_force() -> None:
    g, s = t18()
    total = 0
    for bid in g.legal_actions(s):
        opened = g.apply(s, bid)
        assert len(reference(g, opened)) == 5
        for opening in g.legal_actions(opened):
            total += len(reference(g, g.apply(opened, opening)))
    assert total == 134


def _deal(seed: int, dealer: int) -> tuple[Seep, object]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    g = Seep()
    return g, g.apply(g.start(dealer), Deal(tuple(deck)))


@pytest.mark.parametrize(("seed", "dealer", "counts"), [(1, 1, [3, 6, 87, 1286]), (2, 2, [2, 7, 150, 2879])])
def test_perft_shuffled_deals(seed: int, dealer: int, counts: list[int]) -> None:
    g, s = _deal(seed, dealer)
    assert [perft(g, s, d) for d in range(1, 5)] == counts


def test_perft_of_a_misdeal_is_one_leaf() -> None:
    g, s = _deal(3, 3)
    assert g.actor(s) is None and perft(g, s, 3) == 1


def rich_position() -> tuple[Seep, object]:
    """Seat 0 to play 28 (dealer 0) with 2S 4C 7H 9D JH KC; loose AD 3C 5H 6S; an opponent's
    H9[4H,5C] (seat 1) and the partner's H13[6C,7D] (seat 2)."""
    from tests.seep.make import position, start

    pos = position(hand="9D 7H 2S JH KC 4C", loose="6S 3C AD 5H", houses=[(9, ["4H 5C"], [1]), (13, ["6C 7D"], [2])])
    return start(pos)


def test_perft_position_depth1_by_hand() -> None:
    # 2S: throw; build 11 with 3C+6S or AD+3C+5H; break H9 (to 11, JH kept); cement H9 with AD+6S
    #     (9D kept); cement the partner's H13 with 5H+6S.
    # 4C: capture AD+3C; build 11 with AD+6S; break H9 (to 13, KC kept); cement H9 with 5H, or 5H
    #     and 3C+6S; cement H13 with AD+3C+5H or 3C+6S.
    # 7H: capture AD+6S; build 11 with AD+3C, or AD+3C and 5H+6S; cement H13 with AD+5H or 6S.
    # 9D: capture H9 with 3C+6S or with AD+3C+5H (two maximal captures); cement H13 with AD+3C.
    # JH: capture 5H+6S.  KC: capture H13; cement H13 alone (the partner's house).
    g, s = rich_position()
    assert [g.format(a) for a in g.legal_actions(s)] == [
        "throw 2S", "build 11 2S+AD+3C+5H", "build 11 2S+3C+6S", "break H9 2S", "cement H9 2S+AD+6S",
        "cement H13 2S+5H+6S", "capture 4C AD+3C", "build 11 4C+AD+6S", "break H9 4C", "cement H9 4C+5H",
        "cement H9 4C+5H 3C+6S", "cement H13 4C+AD+3C+5H", "cement H13 4C+3C+6S", "capture 7H AD+6S",
        "build 11 7H+AD+3C", "build 11 7H+AD+3C 5H+6S", "cement H13 7H+AD+5H", "cement H13 7H+6S",
        "capture 9D H9 AD+3C+5H", "capture 9D H9 3C+6S", "cement H13 9D+AD+3C", "capture JH 5H+6S",
        "capture KC H13", "cement H13 KC",
    ]  # fmt: skip


def test_perft_position() -> None:
    g, s = rich_position()
    assert [perft(g, s, d) for d in range(1, 5)] == [24, 185, 1388, 9629]
    assert sum(len(reference(g, g.apply(s, a))) for a in g.legal_actions(s)) == 185
