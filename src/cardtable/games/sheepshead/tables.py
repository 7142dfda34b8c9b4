"""Sheepshead card tables: the order of power, suits for following, card points.

Inside the engine a Sheepshead card is its *index* in the order of power (R4, R5):

    0 QC   1 QS   2 QH   3 QD   4 JC   5 JS   6 JH   7 JD   8 AD   9 10D  10 KD  11 9D  12 8D  13 7D
    14 AC  15 10C 16 KC  17 9C  18 8C  19 7C
    20 AS  21 10S 22 KS  23 9S  24 8S  25 7S
    26 AH  27 10H 28 KH  29 9H  30 8H  31 7H

so that a card set is a 32-bit mask, the trump suit is bits 0-13 and each fail suit six
consecutive bits. Following suit is one ``&`` with `FOLLOW`, and the winner of a trick is the
lowest set bit of its trumps, or else of its cards of the led suit (R25). At the edges
(actions, views, records) cards are the kernel's card numbers; `TO_KERNEL` and `FROM_KERNEL`
convert.

>>> from cardtable.cards import format_card
>>> [format_card(TO_KERNEL[i]) for i in (0, 7, 8, 14, 31)]
['QC', 'JD', 'AD', 'AC', '7H']
>>> sum(POINTS)
120
"""

from __future__ import annotations

from typing import Final

from cardtable.cards import parse_card

#: The 32 cards in order of power, trumps first (R4), then clubs, spades, hearts (R5).
ORDER_TEXT: Final = (
    "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D AC 10C KC 9C 8C 7C AS 10S KS 9S 8S 7S AH 10H KH 9H 8H 7H"
)
#: Index -> kernel card number.
TO_KERNEL: Final = tuple(parse_card(t) for t in ORDER_TEXT.split())
_FROM: list[int] = [-1] * 52
for _i, _c in enumerate(TO_KERNEL):
    _FROM[_c] = _i
#: Kernel card number -> index (-1 for a card not in the 32-card pack).
FROM_KERNEL: Final = tuple(_FROM)

NCARDS: Final = 32
ALL: Final = (1 << NCARDS) - 1
#: R3: the trump suit, 14 cards.
TRUMP: Final = (1 << 14) - 1

#: Fail suits by their kernel suit numbers (clubs 0, hearts 2, spades 3) -> six-card masks (R3).
CLUBS_FAIL: Final = 0b111111 << 14
SPADES_FAIL: Final = 0b111111 << 20
HEARTS_FAIL: Final = 0b111111 << 26
FAIL_SUITS: Final = (CLUBS_FAIL, SPADES_FAIL, HEARTS_FAIL)
#: The fail suit letters, in the order of `FAIL_SUITS`.
FAIL_LETTERS: Final = ("C", "S", "H")

#: Index of the ace and the ten of each fail suit (same order as `FAIL_SUITS`).
FAIL_ACES: Final = (14, 20, 26)
FAIL_TENS: Final = (15, 21, 27)

#: Suit class of a card: 3 = trump, else 0/1/2 = clubs/spades/hearts (the position in `FAIL_SUITS`).
SUIT_CLASS: Final = tuple(3 if i < 14 else (i - 14) // 6 for i in range(NCARDS))
#: R24: the cards that follow a led card (the trump suit, or that fail suit).
FOLLOW: Final = tuple(TRUMP if i < 14 else FAIL_SUITS[(i - 14) // 6] for i in range(NCARDS))

_RANK_POINTS: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
#: R6: card points of each card.
POINTS: Final = tuple(_RANK_POINTS.get(t[:-1], 0) for t in ORDER_TEXT.split())

QC, QS, QH, QD, JC, JS, JH, JD = range(8)
#: R45: the queen pairs that may be shown for a blitz.
BLACK_QUEENS: Final = (1 << QC) | (1 << QS)
RED_QUEENS: Final = (1 << QH) | (1 << QD)

#: R43 schwanzer: queens 3, jacks 2, other diamonds 1, fail cards 0.
SCHWANZ: Final = tuple(3 if i < 4 else 2 if i < 8 else 1 if i < 14 else 0 for i in range(NCARDS))


def points_of(mask: int) -> int:
    """The card points of a set of cards (R6)."""
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def _byte_table(convert: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each byte of a 32-bit card set and each value of it, its cards (converted), strongest first."""
    return tuple(tuple(tuple(convert[8 * k + i] for i in range(8) if v >> i & 1) for v in range(256)) for k in range(4))


_INDICES: Final = _byte_table(tuple(range(NCARDS)))
_KERNEL: Final = _byte_table(TO_KERNEL)


def indices(mask: int) -> tuple[int, ...]:
    """The cards of a set, strongest first (the canonical order)."""
    if mask >> NCARDS:  # not a card set of the pack: the bits as they are
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return tuple(out)
    a, b, c, d = _INDICES
    return a[mask & 255] + b[mask >> 8 & 255] + c[mask >> 16 & 255] + d[mask >> 24]


def to_kernel_mask(mask: int) -> int:
    """A card set of indices as a kernel card set."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << TO_KERNEL[low.bit_length() - 1]
        mask ^= low
    return out


def kernel_cards(mask: int) -> tuple[int, ...]:
    """A card set of indices as kernel card numbers, strongest first."""
    if mask >> NCARDS:
        return tuple(TO_KERNEL[i] for i in indices(mask))
    a, b, c, d = _KERNEL
    return a[mask & 255] + b[mask >> 8 & 255] + c[mask >> 16 & 255] + d[mask >> 24]
