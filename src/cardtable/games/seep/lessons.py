"""Seep's first lesson, as data for the generic lesson runner (`cardtable.learn`): the bid, the
opening capture, building a house, cementing it, and a sweep.

The first steps are a prepared deal (the explicit form of records: the bidder's first four cards
listed first); the others are positions (record §4) made by `_position`, which fills the seats
the lesson does not set, and the piles, with the cards left, in a fixed order.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.seep.records import played_by
from cardtable.i18n import N_

_DECK = tuple(r + s for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))


def _deal(bidder: list[str], floor: list[str]) -> dict[str, Any]:
    """An explicit deal for dealer 0: the bidder (seat 1) holds ``bidder`` (its first four cards
    are those it sees before the bid), the floor ``floor``, the other seats the cards left."""
    rest = [c for c in _DECK if c not in set(bidder) | set(floor)]
    hands = []
    for seat in range(4):
        if seat == 1:
            hands.append(list(bidder))
        else:
            hands.append(rest[:12])
            rest = rest[12:]
    return {"hands": hands, "floor": list(floor)}


def _position(plays: int, mine: list[str], loose: list[str], houses: list[dict[str, Any]]) -> dict[str, Any]:
    """A position of dealer 0 after ``plays`` plays, bid 13, in which seat 1 is to act holding
    ``mine``, with ``loose`` cards and ``houses`` on the floor; the other hands and the two piles
    are the cards left, in order."""
    used = set(mine) | set(loose) | {c for h in houses for s in h["sets"] for c in s}
    rest = [c for c in _DECK if c not in used]
    hands: list[list[str]] = []
    for seat in range(4):
        size = 12 - played_by(0, plays, seat)
        if seat == 1:
            hands.append(list(mine))
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    half = len(rest) // 2
    return {
        "dealer": 0,
        "bid": 13,
        "plays": plays,
        "hands": hands,
        "floor": {"loose": list(loose), "houses": houses},
        "piles": [rest[:half], rest[half:]],
        "sweeps": [0, 0],
        "last_capture": 0,
    }


_DEAL = _deal(["KH", "9C", "4D", "2S", "QS", "8C", "5H", "JD", "10S", "AS", "3H", "7D"], ["6H", "7C", "3S", "2D"])
_HAND = ["9S", "4H", "9D", "2C", "KS", "QD", "8S", "6C", "JH", "AD"]

LESSON: dict[str, Any] = {
    "title": N_("Seep: your first lesson"),
    "intro": N_(
        "Four players in two partnerships, partners facing each other, all 52 cards. A card's "
        "value is its number: ace 1, jack 11, queen 12, king 13. You capture loose cards from the "
        "floor with a card of their value (or of their sum), build houses of 9 to 13 to take "
        "later, and score the spades, the aces and the 10♦ you capture, 100 points a hand. "
        "Clearing the floor is a sweep, 50 points."
    ),
    "bots": "random",
    "finish": N_("Now a whole hand against gentle bots: they play any legal move, so you can try what you learned."),
    "words": {
        "R8": N_(
            "The bidder looks at four cards only and bids the value of one of them, 9 to 13: a 9, "
            "10, jack, queen or king."
        ),
        "R10": N_("The bidder's first move must use the bid: capture or build that value, or throw a card of it."),
        "M1": N_("You may not throw a card on the floor while it can capture something there."),
        "M2": N_("A capture takes every group of loose cards that sums to the card's value."),
        "M3": N_(
            "A house is built to a value from 9 to 13, and you must keep a card of that value in "
            "your hand to take it later."
        ),
        "M5": N_("To cement a house, add cards that make its value again; you must still hold a card of that value."),
    },
    "steps": [
        {
            "title": N_("The bid"),
            "dealer": 0,
            "deal": _DEAL,
            "text": N_(
                "You are the bidder: you see four of your cards (K♥ 9♣ 4♦ 2♠), and the floor is still "
                "face down. Bid the value of a card you hold, 9 to 13. Bid 13 with your king: it can "
                "take the most from the floor."
            ),
            "expect": ["bid 13"],
            "choices": ["bid 13", "bid 9", "bid 11"],
            "done": N_("You bid 13. The floor is turned face up, and you make the first move."),
            "other": N_("Your king gives the opening more to take: bid 13."),
        },
        {
            "title": N_("The first capture"),
            "dealer": 0,
            "deal": _DEAL,
            "moves": ["bid 13"],
            "text": N_(
                "The floor is 6♥ 7♣ 3♠ 2♦. Your first move must use your bid, 13. The 6♥ and the 7♣ "
                "make 13: capture them with the K♥."
            ),
            "expect": ["capture KH 6H+7C"],
            "choices": ["capture KH 6H+7C", "throw 4D"],
            "done": N_("Captured: the 6♥ and 7♣ go to your side's pile with the K♥."),
            "other": N_("Your opening must use 13: capture the 6♥ and 7♣ with the K♥."),
        },
        {
            "title": N_("Building a house"),
            "position": _position(8, _HAND, ["5C", "JC", "3D"], []),
            "text": N_(
                "A house is a pile of cards worth 9 to 13 that only a card of its value can take. You "
                "hold the 4♥ and a 9 (two, in fact): put the 4♥ on the 5♣ to build a house of 9. "
                "You keep a 9 to take it later."
            ),
            "expect": ["build 9 4H+5C"],
            "choices": ["build 9 4H+5C", "build 10 4H+5C", "throw 2C"],
            "done": N_("A house of 9 stands on the floor, and it is yours to take with a 9."),
            "other": N_("Build the house of 9: 4♥ on the 5♣."),
        },
        {
            "title": N_("Cementing"),
            "position": _position(
                12,
                ["9S", "9D", "2C", "KS", "QD", "8S", "6C", "JH", "AD"],
                ["JC", "3D"],
                [{"value": 9, "sets": [["4H", "5C"]], "owners": [1]}],
            ),
            "text": N_(
                "Your house of 9 is on the floor. An opponent could raise it to another value; "
                "cementing it stops that. Put your 9♦ on it as a second set of 9: the house is "
                "cemented, 9 for good, and your 9♠ will take it."
            ),
            "expect": ["cement H9 9D"],
            "choices": ["cement H9 9D", "cement H9 2C", "capture 9S H9"],
            "done": N_("Cemented: nobody can raise your house now, and you still hold the 9♠ to take it."),
            "other": N_("You could take the house now, but cementing it first makes it bigger: cement with the 9♦."),
        },
        {
            "title": N_("A sweep"),
            "position": _position(16, ["9S", "2C", "KS", "QD", "8S", "6C", "JH", "AD"], ["3C", "4D", "6H"], []),
            "text": N_(
                "The floor holds only 3♣ 4♦ 6♥, which make 13. Capture all three with your K♠ and the "
                "floor is empty: a sweep, 50 points for your side."
            ),
            "expect": ["capture KS 3C+4D+6H"],
            "choices": ["capture KS 3C+4D+6H", "throw 2C", "capture QD 6H"],
            "done": N_("A sweep! The floor is clear and your side scores 50."),
            "other": N_("Take all three with the K♠: clearing the floor is worth 50."),
        },
    ],
}
