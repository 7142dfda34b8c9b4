"""Legal-sequence counts (perft) from fixed deals; the smallest are worked out by hand."""

from __future__ import annotations

import pytest

from cardtable.counts import perft

from .helpers import V22_DEAL, V25_DEAL, dealt, run, smear


def test_perft_auction_by_hand() -> None:
    game = smear()
    start = dealt(game, V22_DEAL, 3)
    assert perft(game, start, 1) == 4  # pass, bid 2, bid 3, bid 4
    # pass -> 4 calls; bid 2 -> 3; bid 3 -> 2; bid 4 ends the auction -> seat 0's 6 leads.
    assert perft(game, start, 2) == 4 + 3 + 2 + 6


def test_perft_first_trick_by_hand() -> None:
    game = smear()
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 3", "1 pass", "2 pass", "3 pass"])
    assert perft(game, state, 1) == 6
    # Seat 0 leads; seat 1 (KS 7S AH QD 9D 10C) must play the trump led:
    # AS/JS/9S -> 2 spades each, KH -> AH, 10D -> QD or 9D, 8C -> 10C.
    assert perft(game, state, 2) == 2 + 2 + 2 + 1 + 2 + 1


def test_perft_discard_by_hand() -> None:
    from .test_rules import _kitty_hand

    game, state = _kitty_hand("AS KS QS JS 10S 9S", "8S 9H 8H")
    assert perft(game, state, 1) == 7 + 35  # R18: one spade and both hearts, or three spades


def test_perft_kitty_by_hand() -> None:
    game = smear(kitty_size=3)
    state = run(game, dealt(game, V22_DEAL, 3), ["0 bid 4"])  # 8C 10D KD 7H JH KH AS 9S JS
    # Three discards touch at most three suits, so a suit is always left intact: all C(9, 3) are legal.
    assert perft(game, state, 1) == 84


AUCTION_V22 = ["0 bid 3", "1 pass", "2 pass", "3 pass"]
AUCTION_V25 = ["0 pass", "1 pass", "2 bid 2", "3 pass"]


@pytest.mark.parametrize(
    ("options", "deal", "actions", "depth", "count"),
    [
        ({}, V22_DEAL, [], 3, 44),  # = 15 + 11 + 8 + 10, worked out call by call
        ({}, V22_DEAL, [], 4, 105),
        ({}, V22_DEAL, [], 6, 442),
        ({}, V25_DEAL, [], 6, 508),
        ({"kitty_size": 1}, V22_DEAL, [], 4, 227),
        ({"kitty_size": 3}, V22_DEAL, [], 3, 514),
        ({"all_pass": "stick_dealer", "dealer_may_equal": True}, V22_DEAL, [], 4, 113),
        ({"max_bid_ends_auction": False}, V22_DEAL, [], 4, 35),
        ({}, V22_DEAL, AUCTION_V22, 4, 20),  # trick 1: 3 spade leads x 4, KH x 4, 10D x 2, 8C x 2
        ({}, V22_DEAL, AUCTION_V22, 8, 1101),
        ({}, V22_DEAL, AUCTION_V22, 12, 39832),
        ({"follow_rule": "strict"}, V22_DEAL, AUCTION_V22, 8, 437),
        ({"follow_rule": "strict"}, V22_DEAL, AUCTION_V22, 12, 12064),
        ({}, V25_DEAL, AUCTION_V25, 12, 95324),
        ({"kitty_size": 3}, V22_DEAL, ["0 bid 4"], 5, 732),
    ],
)
def test_perft_pinned(
    options: dict[str, object], deal: dict[str, object], actions: list[str], depth: int, count: int
) -> None:
    game = smear(**options)
    assert perft(game, run(game, dealt(game, deal, 3), actions), depth) == count
