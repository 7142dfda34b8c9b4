"""Smear's first lesson, as data for the generic lesson runner (`cardtable.learn`): the bid, trump
set by the first card led, and the four points, High, Low, Jack and Game.

Each step is the same prepared deal (the explicit form of records: four hands of six and the
stock) and the moves played on it up to the learner's turn.
"""

from __future__ import annotations

from typing import Any

from cardtable.i18n import N_

#: The learner sits at seat 1, first to bid; the partner is seat 3.
_DEAL: dict[str, Any] = {
    "hands": [
        ["9S", "7H", "8H", "9H", "10H", "JH"],
        ["AS", "JS", "10S", "7S", "KD", "9C"],
        ["8S", "7C", "8C", "10C", "JC", "QC"],
        ["KS", "QS", "AD", "7D", "8D", "9D"],
    ],
    "stock": ["KC", "AC", "10D", "JD", "QD", "QH", "KH", "AH"],
}

_BID = ["bid 4"]
_TRICK1 = [*_BID, "play AS", "play 8S", "play KS", "play 9S"]
_TRICK2 = [*_TRICK1, "play JS", "play 7C", "play QS", "play 7H"]
_TRICK3 = [*_TRICK2, "play AD", "play 8H", "play KD", "play 8C"]

LESSON: dict[str, Any] = {
    "title": N_("Smear: your first lesson"),
    "intro": N_(
        "Four players in two partnerships, partners facing each other, six cards each. One round "
        "of bids from 2 to 4; the highest bidder leads, and the first card led sets trump. A hand "
        "has four points: High (the ace of trump), Low (the 7 of trump), the Jack of trump, and "
        "Game (the most card points in tricks: 10s count 10, aces 4, kings 3, queens 2, jacks 1). "
        "The first side to 15 wins."
    ),
    "bots": "random",
    "finish": N_("Now a whole hand against gentle bots: they play any legal card, so you can try what you learned."),
    "words": {
        "R12": N_("A bid is a number of points from 2 to 4, and it must be higher than the bid before it."),
        "R24": N_(
            "You must follow the suit led if you can; a trump is always allowed. Only when you "
            "have neither may you play any card."
        ),
    },
    "steps": [
        {
            "title": N_("The bid"),
            "dealer": 0,
            "deal": _DEAL,
            "text": N_(
                "You bid first. You hold the A♠, J♠, 10♠ and 7♠: with spades as trump that is High, "
                "Low and the Jack in your own hand, and the 10♠ for Game. Bid 4, the most, and the "
                "lead is yours."
            ),
            "expect": ["bid 4"],
            "choices": ["bid 4", "pass", "bid 5"],
            "done": N_("You bid 4: your side must now take all four points, or lose 4."),
            "other": N_("With High, Low and the Jack of one suit in your hand, bid the most: 4."),
        },
        {
            "title": N_("The first card sets trump"),
            "dealer": 0,
            "deal": _DEAL,
            "moves": _BID,
            "text": N_(
                "You won the bid, so you lead, and the suit of the first card you lead is trump. Lead "
                "the A♠: spades become trump, and the ace of trump is High, a point for your side."
            ),
            "expect": ["play AS"],
            "choices": ["play AS", "play KD", "play 9C"],
            "done": N_("Spades are trump, and your A♠ is High: nobody can beat it."),
            "other": N_("The first card led makes its suit trump: lead a spade, the A♠."),
        },
        {
            "title": N_("The Jack"),
            "dealer": 0,
            "deal": _DEAL,
            "moves": _TRICK1,
            "text": N_(
                "Your A♠ took the first trick. The Jack of trump is a point for the side that takes "
                "the trick it falls in. Each opponent played a spade to your ace, their 8♠ and 9♠, "
                "and your partner the K♠. Lead your J♠ now: the Q♠ is the one trump still out above it, and "
                "if your partner holds it the Jack is safe."
            ),
            "expect": ["play JS"],
            "choices": ["play JS", "play 10S", "play KD"],
            "done": N_("Your partner held the Q♠ and took the trick: the Jack is your side's."),
            "other": N_("Lead the J♠ while the trumps above it are gone or in your partner's hand."),
        },
        {
            "title": N_("Game: smear your points"),
            "dealer": 0,
            "deal": _DEAL,
            "moves": [*_TRICK2, "play AD", "play 8H"],
            "text": N_(
                "Your partner leads the A♦, and nobody has trumped it. You must follow diamonds or "
                "trump. Give your partner the K♦: 3 card points toward Game in a trick your side "
                "takes. That is the smear."
            ),
            "expect": ["play KD"],
            "choices": ["play KD", "play 7S", "play 9C"],
            "done": N_("Smeared: the K♦ is in your side's trick, 3 more toward Game."),
            "other": N_("Your partner's ace is winning already: put your K♦ on it rather than a trump."),
        },
        {
            "title": N_("Low"),
            "dealer": 0,
            "deal": _DEAL,
            "moves": [*_TRICK3, "play 7D", "play 9H"],
            "text": N_(
                "Low, the 7 of trump, is a point for the side that plays it, whoever takes the "
                "trick. You hold no diamond, so any card will do: play your 7♠. It scores Low, and "
                "as a trump it takes this trick of diamonds and hearts too."
            ),
            "expect": ["play 7S"],
            "choices": ["play 7S", "play 9C"],
            "done": N_("Low is your side's, and the trick with it: with High and the Jack, three of the four points."),
            "other": N_("The 9♣ gives the trick away; your 7♠ takes it and scores Low."),
        },
    ],
}
