"""Cards and decks (record contract §1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import (
    DECK32,
    DECK32_MASK,
    DECK52,
    SUIT_MASKS,
    cards_of,
    check_deck,
    format_card,
    mask_of,
    parse_card,
    parse_card_list,
    rank_of,
    suit_of,
)
from cardtable.core import BadNotation


def test_ten_is_written_10_and_read_as_t_or_10_in_any_case() -> None:
    assert format_card(parse_card("TD")) == "10D"
    assert parse_card("td") == parse_card("10D") == parse_card("10d")
    assert format_card(parse_card("qc")) == "QC"


@pytest.mark.parametrize("text", ["", "X", "1D", "11D", "AX", "A", "10", "JOKER", "A S"])
def test_unknown_cards_are_rejected_with_the_text(text: str) -> None:
    with pytest.raises(BadNotation, match="unknown card"):
        parse_card(text)


def test_every_card_round_trips() -> None:
    names = [format_card(c) for c in DECK52]
    assert len(set(names)) == 52
    assert all(parse_card(n) == c for c, n in zip(DECK52, names, strict=True))


def test_decks() -> None:
    assert len(DECK32) == 32
    assert {format_card(c)[:-1] for c in DECK32} == {"A", "K", "Q", "J", "10", "9", "8", "7"}
    assert mask_of(DECK32) == DECK32_MASK
    assert all(mask_of(cards_of(SUIT_MASKS[s])) == SUIT_MASKS[s] for s in range(4))
    assert all(suit_of(c) * 13 + rank_of(c) == c for c in DECK52)


@given(st.sets(st.sampled_from(DECK52)))
def test_masks_round_trip(cards: set[int]) -> None:
    assert set(cards_of(mask_of(cards))) == cards
    assert mask_of(cards).bit_count() == len(cards)


def test_check_deck_names_the_fault() -> None:
    deck = list(DECK32)
    assert check_deck(deck, DECK32_MASK, "deck") == tuple(deck)
    with pytest.raises(BadNotation, match="8C appears twice"):
        check_deck([*deck[:-1], parse_card("8C")], DECK32_MASK, "deck")
    with pytest.raises(BadNotation, match="2C is not in"):
        check_deck([*deck[:-1], parse_card("2C")], DECK32_MASK, "deck")
    with pytest.raises(BadNotation, match="missing"):
        check_deck(deck[:-1], DECK32_MASK, "deck")


def test_card_lists_from_json() -> None:
    assert parse_card_list(["AS", "10d"], "hand") == (parse_card("AS"), parse_card("10D"))
    with pytest.raises(BadNotation, match=r"hands\[0\]: unknown card 'ZZ'"):
        parse_card_list(["AS", "ZZ"], "hands[0]")
    with pytest.raises(BadNotation, match="expected a list"):
        parse_card_list("AS", "hand")
