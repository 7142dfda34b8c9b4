"""The Smear deck as data: rank order, Game values, suit masks and the seats' teams.

Cards are the kernel's ints (``suit * 13 + rank``, ace = rank 0); a set of cards is a bitmask.

>>> len(DECK), value_of(DECK_MASK)
(32, 80)
>>> [RANK_TEXT[r] for r in RANK_ORDER]
['A', 'K', 'Q', 'J', '10', '9', '8', '7']
"""

from __future__ import annotations

from typing import Final

from cardtable.cards import (
    ACE,
    DECK32,
    DECK32_MASK,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANKS,
    SEVEN,
    SUIT_MASKS,
    TEN,
)

SEATS: Final = 4
HAND_SIZE: Final = 6
TRICKS: Final = 6
STOCK_SIZE: Final = 8

#: R3: the 32-card deck, in card-number order; R10: the order a ``deck`` deal is read in.
DECK: Final = DECK32
DECK_MASK: Final = DECK32_MASK

#: R4: rank order, highest first, the same in every suit (no jick).
RANK_ORDER: Final = (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN)
RANK_TEXT: Final = RANKS

#: R5: card values for the Game count (each suit 20, the deck 80).
RANK_VALUE: Final = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, TEN: 10, NINE: 0, EIGHT: 0, SEVEN: 0}

#: Trick-taking power of each card number (7 = 0 … A = 7); -1 for cards not in the deck.
POWER: Final = tuple((7 - RANK_ORDER.index(c % 13)) if c % 13 in RANK_ORDER else -1 for c in range(52))

#: Each suit as a card set (C, D, H, S).
SUIT: Final = SUIT_MASKS
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS: Final = ("C", "D", "H", "S")


def suit_patterns() -> list[int]:
    """Every set of one suit's Smear cards as a 13-bit rank pattern (256 of them)."""
    out = [0]
    for r in RANK_ORDER:
        out += [p | 1 << r for p in out]
    return out


#: R5: the Game value of each card number (0 for cards not in the deck).
CARD_VALUE: Final = tuple(RANK_VALUE.get(c % 13, 0) for c in range(52))

_SUIT_VALUE: Final = [0] * (1 << 13)  # the Game value of each suit pattern
for _p in suit_patterns():
    _SUIT_VALUE[_p] = sum(v for r, v in RANK_VALUE.items() if _p >> r & 1)


def value_of(cards: int) -> int:
    """R5: the Game value of a card set."""
    return (
        _SUIT_VALUE[cards & 0x1FFF]
        + _SUIT_VALUE[cards >> 13 & 0x1FFF]
        + _SUIT_VALUE[cards >> 26 & 0x1FFF]
        + _SUIT_VALUE[cards >> 39 & 0x1FFF]
    )


#: ``TRICK_KEY[trump * 4 + led][card]``: higher wins the trick (R26). A trump beats every card
#: of the suit led, which beats every other card; ties cannot happen between distinct cards.
TRICK_KEY: Final = tuple(
    tuple(
        (POWER[c] + (32 if c // 13 == trump else 16 if c // 13 == led else 0)) if POWER[c] >= 0 else -1
        for c in range(52)
    )
    for trump in range(4)
    for led in range(4)
)


def card_of(rank: int, suit: int) -> int:
    """The card of a rank index and a suit index."""
    return suit * 13 + rank


#: The ace, seven and jack of each trump suit (R27-R29).
TRUMP_ACE: Final = tuple(card_of(ACE, s) for s in range(4))
TRUMP_SEVEN: Final = tuple(card_of(SEVEN, s) for s in range(4))
TRUMP_JACK: Final = tuple(card_of(JACK, s) for s in range(4))


def highest(cards: int) -> int:
    """The card of highest rank in a non-empty set of one suit's cards."""
    return max((c for c in range(52) if cards >> c & 1), key=POWER.__getitem__)


def lowest(cards: int) -> int:
    """The card of lowest rank in a non-empty set of one suit's cards."""
    return min((c for c in range(52) if cards >> c & 1), key=POWER.__getitem__)


def team_of(seat: int) -> int:
    """R1: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return seat & 1
