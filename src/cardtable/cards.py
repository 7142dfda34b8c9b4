"""Cards, suits, decks and card sets.

Inside the engines a card is a small int and a set of cards is an int bitmask, so that following
suit is one ``&`` and counting is ``int.bit_count``. Text exists only at the edges: ``parse_card``
and ``format_card`` speak the notation of the record contract (``10D`` canonical; ``TD`` and lower
case accepted).

>>> format_card(parse_card("td"))
'10D'
>>> [format_card(c) for c in cards_of(mask_of(parse_cards("QC 7h AS")))]
['QC', '7H', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from cardtable.core import BadNotation
from cardtable.strict import excerpt

#: A card: ``suit * 13 + rank`` with ranks A, 2 … 10, J, Q, K as 0 … 12 and suits C, D, H, S as 0 … 3.
Card = int
#: A set of cards: bit ``c`` is set when card ``c`` is in the set.
CardSet = int

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("C", "D", "H", "S")
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)

_RANK_INDEX: Final = {text: i for i, text in enumerate(RANKS)} | {"T": TEN}
_SUIT_INDEX: Final = {text: i for i, text in enumerate(SUITS)}
_NAMES: Final = tuple(r + s for s in SUITS for r in RANKS)


def card(rank: int, suit: int) -> Card:
    """The card of this rank index (0 = ace … 12 = king) and suit index (0 = clubs … 3 = spades)."""
    return suit * 13 + rank


def rank_of(c: Card) -> int:
    """Rank index of a card: 0 = ace, 1 = two, … 9 = ten, 10 = jack, 11 = queen, 12 = king."""
    return c % 13


def suit_of(c: Card) -> int:
    """Suit index of a card: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades."""
    return c // 13


def parse_card(text: str) -> Card:
    """Read one card (``10D``, ``TD``, ``td``); raise `BadNotation` for anything else, including
    spaces around it and letters or digits outside ASCII."""
    rank = suit = None
    if 2 <= len(text) <= 3 and text.isascii():
        t = text.upper()
        rank = _RANK_INDEX.get(t[:-1])
        suit = _SUIT_INDEX.get(t[-1:])
    if rank is None or suit is None:
        raise BadNotation(f"unknown card {excerpt(text)} (cards are a rank A 2-10 J Q K and a suit C D H S)")
    return suit * 13 + rank


def format_card(c: Card) -> str:
    """The canonical text of a card: ``10D``, ``QS``."""
    return _NAMES[c]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces."""
    return tuple(parse_card(t) for t in text.split())


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as canonical text separated by spaces."""
    return " ".join(_NAMES[c] for c in cards)


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set (bitmask) of these cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(m: CardSet) -> tuple[Card, ...]:
    """The cards of a set, lowest card number first (clubs, diamonds, hearts, spades; ace first)."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return tuple(out)


def iter_cards(m: CardSet) -> Iterator[Card]:
    """Iterate over the cards of a set, lowest card number first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def parse_card_list(items: object, where: str) -> tuple[Card, ...]:
    """Read a JSON list of card strings; `BadNotation` names ``where`` on any fault."""
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise BadNotation(f"{where}: expected a list of card strings")
    try:
        return tuple(parse_card(x) for x in items)
    except BadNotation as e:
        raise BadNotation(f"{where}: {e}") from None


#: Each suit as a card set.
SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))

#: The 52-card pack, in card-number order.
DECK52: Final = tuple(range(52))
#: The 32-card pack (A, K, Q, J, 10, 9, 8, 7 of each suit), in card-number order.
DECK32: Final = tuple(c for c in DECK52 if rank_of(c) in (ACE, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING))
DECK52_MASK: Final = mask_of(DECK52)
DECK32_MASK: Final = mask_of(DECK32)


def check_deck(cards: Iterable[Card], deck_mask: CardSet, where: str) -> tuple[Card, ...]:
    """Check that ``cards`` hold every card of the deck exactly once; `BadNotation` says what is wrong."""
    seen = 0
    out = tuple(cards)
    for c in out:
        bit = 1 << c
        if not bit & deck_mask:
            raise BadNotation(f"{where}: {format_card(c)} is not in this game's deck")
        if seen & bit:
            raise BadNotation(f"{where}: {format_card(c)} appears twice")
        seen |= bit
    if seen != deck_mask:
        missing = format_cards(cards_of(deck_mask & ~seen))
        raise BadNotation(f"{where}: missing {missing}")
    return out
