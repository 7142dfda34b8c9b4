"""Record §6 action notation: parsing (any case, items in any order), canonical printing, round
trips, and clear errors."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_card
from cardtable.core import BadNotation
from cardtable.games.seep import Bid, Break, Build, Capture, Cement, Seep, Throw
from cardtable.games.seep.actions import format_action, parse


def m(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def test_parse_each_kind() -> None:
    assert parse("bid 12") == Bid(12)
    assert parse("throw 7c") == Throw(parse_card("7C"))
    assert parse("capture JH 5C+6H") == Capture(parse_card("JH"), 0, m("5C 6H"))
    assert parse("capture 9D H9 6S+3C") == Capture(parse_card("9D"), 9, m("6S 3C"))
    assert parse("capture KC KD") == Capture(parse_card("KC"), 0, m("KD"))
    assert parse("build 11 5H+6S") == Build(11, parse_card("5H"), m("6S"))
    assert parse("break H9 2S") == Break(9, parse_card("2S"), 0)
    assert parse("cement H12 8S+4S") == Cement(12, parse_card("8S"), m("4S"))
    assert parse("cement H10 10C") == Cement(10, parse_card("10C"), 0)


def test_items_in_any_order_and_any_case_compare_equal() -> None:
    a = parse("capture 9D H9 6S+3C")
    assert parse("CAPTURE 9d 3c+6s h9") == a
    assert parse("capture JH 2S+3D+6H") == parse("capture jh 6h+3d+2s")
    assert parse("build 11 5H+6S 2D+9C") == parse("build 11 5h+6s 9c+2d")
    assert parse("capture 9D 4C+5H 9S") == parse("capture 9D 9S 5H+4C")


def test_other_splits_and_automatic_merges_compare_equal() -> None:
    # The same cards split another way, or a card that joins the house by itself written out.
    assert parse("capture 9D 4C+5H 3S+6S") == parse("capture 9D 3S+6S 5H+4C")
    assert parse("build 11 5H+6S JD") == parse("build 11 5H+6S")
    assert parse("build 9 9S 9H") == parse("build 9 9S 9D")


def test_canonical_text() -> None:
    assert format_action(parse("capture 9d h9 6s+3c")) == "capture 9D H9 3C+6S"
    assert format_action(parse("build 12 7C+5S")) == "build 12 7C+5S"
    assert format_action(parse("build 9 9S 9H")) == "build 9 9S 9H"
    assert format_action(parse("cement h13 9s+4h")) == "cement H13 9S+4H"
    assert format_action(parse("break h9 2s")) == "break H9 2S"
    assert format_action(parse("throw td")) == "throw 10D"


def test_errors() -> None:
    for text, words in [("", "empty"), ("play 7C", "unknown action"), ("throw", "throw 7C"),
                        ("throw ZZ", "unknown card"), ("capture JH H9 H11", "at most one house"),
                        ("capture JH 5C+5C", "written twice"), ("build x 5H+6S", "expected a number"),
                        ("break 9 2S", "house such as H11"), ("bid twelve", "expected a number")]:  # fmt: skip
        with pytest.raises(BadNotation, match=words):
            parse(text)


def test_round_trip_for_every_legal_action_in_random_play() -> None:
    g = Seep()
    rng = random.Random(66)
    for _ in range(20):
        s = g.start(rng.randrange(4))
        s = g.apply(s, g.deal(s, rng))
        while g.actor(s) is not None:
            for a in g.legal_actions(s):
                text = g.format(a)
                assert g.parse(text) == a and g.format(g.parse(text)) == text
                assert g.apply(s, g.parse(text.upper())) == g.apply(s, a)
            s = g.apply(s, rng.choice(g.legal_actions(s)))


def test_apply_accepts_other_spellings_but_checks_the_groups_written() -> None:
    from cardtable.core import IllegalAction
    from tests.seep.make import act, position, start

    g, s = start(position(hand="9D 7H", loose="3C 4C 5H 6S"))
    assert "capture 9D 3C+6S 4C+5H" in [g.format(a) for a in g.legal_actions(s)]
    assert act(g, s, "capture 9D 5H+4C 6S+3C") == act(g, s, "capture 9D 3C+6S 4C+5H")
    with pytest.raises(IllegalAction, match=r"3C\+4C sums to 7, not 9"):
        act(g, s, "capture 9D 3C+4C 5H+6S")  # the same cards, wrongly grouped
    g, s = start(position(hand="5H JC", loose="6S JD"))
    assert act(g, s, "build 11 5H+6S JD") == act(g, s, "build 11 5H+6S")
    g, s = start(position(hand="5H JC", loose="6S"))
    with pytest.raises(IllegalAction, match="JD is not a loose card"):
        act(g, s, "build 11 5H+6S JD")
