"""Legal action sequence counts (perft) from fixed deals: a cheap, strong guard on move generation.

The small counts are checked by hand in the comments; the larger ones are pinned.
"""

from __future__ import annotations

import pytest

from cardtable.counts import perft
from cardtable.games.sheepshead import Sheepshead

from .sheepshead_support import DECK_A, UNKNOWN_DEAL, dealt, dealt_explicit, run

HA_OPENING = ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH"]
NO_FLAGS = {
    "partner_must_play_called_on_first_lead": False,
    "partner_cannot_discard_called": False,
    "partner_cannot_underlead_called_suit": False,
}


@pytest.mark.parametrize(("depth", "count"), [(1, 2), (2, 30), (3, 85), (4, 409), (5, 1525)])
def test_perft_from_the_deal_of_deal_a(depth: int, count: int) -> None:
    # 1: s0 picks or passes.  2: pick -> 28 buries of 8 cards; pass -> s1 picks or passes: 30.
    # 3: after s0's pick and bury: alone, plus AC while a club stays in hand (27 of 28 buries) = 55;
    #    pass, pick -> 28 buries; pass, pass -> 2: 85.
    game = Sheepshead()
    assert perft(game, dealt(game, DECK_A), depth) == count


@pytest.mark.parametrize(("depth", "count"), [(1, 6), (2, 30), (3, 100), (4, 260), (5, 1040), (6, 5176), (8, 19764)])
def test_perft_trick_play_after_h_a_call(depth: int, count: int) -> None:
    # 1: s0 leads any of 6.  2: s1 (QC QS JC AD 7H 8D) has 5 answers to each: void in clubs and
    #    spades he keeps 7H (R27); to a trump lead he has five trumps: 6 x 5 = 30.
    game = Sheepshead()
    assert perft(game, run(game, dealt(game, DECK_A), HA_OPENING), depth) == count


@pytest.mark.parametrize(("depth", "count"), [(6, 5400), (8, 22516)])
def test_perft_trick_play_without_partner_restrictions(depth: int, count: int) -> None:
    game = Sheepshead(**NO_FLAGS)
    assert perft(game, run(game, dealt(game, DECK_A), HA_OPENING), depth) == count


@pytest.mark.parametrize(("depth", "count"), [(1, 6), (2, 22), (3, 52), (4, 200), (5, 528)])
def test_perft_leaster_of_deal_a(depth: int, count: int) -> None:
    # 2: s1 answers 9C or KC with any of 6, a spade with 10S only, a trump with 4 trumps: 22.
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), [f"{i} pass" for i in range(5)])
    assert perft(game, s, depth) == count


@pytest.mark.parametrize(("depth", "count"), [(1, 19), (6, 27792)])
def test_perft_unknown_call(depth: int, count: int) -> None:
    # 1: 3 void suits x 6 cards to set aside, plus alone: 19.
    game = Sheepshead(allow_unknown_call=True)
    s = run(game, dealt_explicit(game, UNKNOWN_DEAL), ["0 pick", "0 bury JH JD"])
    assert perft(game, s, depth) == count
