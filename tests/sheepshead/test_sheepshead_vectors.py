"""The worked examples of §4 of the rules page (D, T, F, C, L, P, S, A vectors), tested directly."""

from __future__ import annotations

import pytest

from cardtable.games.sheepshead import Sheepshead
from cardtable.games.sheepshead.play import call_choices, play_mask, trick_winner
from cardtable.games.sheepshead.rules import SheepsheadRules
from cardtable.games.sheepshead.scoring import settle
from cardtable.games.sheepshead.tables import points_of

from .sheepshead_support import (
    DECK_A,
    DECK_D1,
    HA_TRICKS,
    call_setup,
    cards,
    dealt,
    legal,
    legal_cards,
    mask,
    names,
    run,
    trick_actions,
    trick_of,
)

RULES = SheepsheadRules()
NO_FLAGS = SheepsheadRules(
    partner_must_play_called_on_first_lead=False,
    partner_cannot_discard_called=False,
    partner_cannot_underlead_called_suit=False,
)


def _hands(game: Sheepshead, deck: str, dealer: int) -> dict[str, set[str]]:
    s = dealt(game, deck, dealer)
    places = game.card_places(s)
    from cardtable.cards import format_card

    return {k: {format_card(c) for c in range(52) if m >> c & 1} for k, m in places.items() if m}


# --- 4.1 Deal ---


def test_d1_deal_mapping() -> None:
    got = _hands(Sheepshead(), DECK_D1, 4)
    assert got["hand 0"] == cards("QC QS QH 9C 8C 7C")
    assert got["hand 1"] == cards("QD JC JS AS 10S KS")
    assert got["hand 2"] == cards("JH JD AD 9S 8S 7S")
    assert got["hand 3"] == cards("10D KD 9D AH 10H KH")
    assert got["hand 4"] == cards("8D 7D AC 9H 8H 7H")
    assert got["blind"] == cards("10C KC")


def test_d1_deal_mapping_dealer_s0() -> None:
    got = _hands(Sheepshead(), DECK_D1, 0)
    assert got["hand 1"] == cards("QC QS QH 9C 8C 7C")
    assert got["hand 2"] == cards("QD JC JS AS 10S KS")
    assert got["hand 0"] == cards("8D 7D AC 9H 8H 7H")
    assert got["blind"] == cards("10C KC")


def test_d2_deal_a() -> None:
    got = _hands(Sheepshead(), DECK_A, 4)
    assert got["hand 0"] == cards("9C 8S 7S 9D JH KC")
    assert got["hand 1"] == cards("QC QS JC AD 7H 10S")
    assert got["hand 2"] == cards("QD 10D KH 9H 10C 8C")
    assert got["hand 3"] == cards("AH 10H JS 7D 9S KS")
    assert got["hand 4"] == cards("QH JD KD AC 7C 8H")
    assert got["blind"] == cards("AS 8D")
    assert points_of(mask("AS 8D")) == 11


@pytest.mark.parametrize("rule", ["leaster", "doubler"])
def test_d3_rotation(rule: str) -> None:
    game = Sheepshead(no_pick_rule=rule)
    s = run(game, dealt(game, DECK_A, 4), [f"{i} pass" for i in range(5)] if rule == "doubler" else [])
    if rule == "leaster":
        s = run(game, s, ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH", *trick_actions(HA_TRICKS)])
    nxt = game.next_hand(s)
    assert nxt is not None and game.dealer(nxt) == 0
    s2 = game.apply(nxt, game.deal_from_json({"deck": DECK_A.split()}, 0))
    assert game.actor(s2) == 1  # s1 decides first
    s2 = run(game, s2, ["1 pick", "1 bury 9C 8S"])
    s2 = game.apply(s2, game.legal_actions(s2)[-1])  # alone
    assert game.actor(s2) == 1  # and leads trick 1


# --- 4.2 Trick winner ---


@pytest.mark.parametrize(
    ("vector", "played", "position", "points"),
    [
        ("T1", "9H KH 10H 8H 7H", 2, 14),
        ("T2", "KS AC AH 7S 10C", 0, 36),
        ("T3", "AC 7D 10C JD 8D", 3, 23),
        ("T4", "7D QD JC AD QH", 4, 19),
        ("T5", "JH JS 10D KD JC", 4, 20),
        ("T6", "AD AH AS AC 9D", 0, 44),
    ],
)
def test_t_trick_winner(vector: str, played: str, position: int, points: int) -> None:
    setup = call_setup(None)
    for leader in range(5):
        assert trick_winner(RULES, setup, leader, trick_of(played), -1, 0) == (leader + position) % 5
    assert points_of(mask(played)) == points


# --- 4.3 Follow suit ---


@pytest.mark.parametrize(
    ("vector", "hand", "led", "expected"),
    [
        ("F1", "QC 7D AH 10C 8S KH", "9H", "AH KH"),
        ("F2", "QH JD 7C 8S", "7D", "QH JD"),
        ("F4", "10D KC", "KS", "10D KC"),
    ],
)
def test_f_follow_suit(vector: str, hand: str, led: str, expected: str) -> None:
    setup = call_setup(None)
    assert names(play_mask(RULES, setup, 2, mask(hand), trick_of(led), 1, -1)) == cards(expected)


# --- 4.4 Call eligibility ---


@pytest.mark.parametrize(
    ("vector", "hand", "bury", "expected", "variant"),
    [
        ("C1", "QC JH AD 7C AS 9S", "10H KH", "AC", {}),
        ("C2", "AH 7H QC QS JD 9D", "AC AS", "10H", {}),
        ("C2", "AH 7H QC QS JD 9D", "AC AS", "10H", {"ten_call_hold_must_be_ace": True}),
        ("C4", "7C 7S 7H QC QS QH", "JD 9D", "AC AS AH", {}),
        ("C6", "QC QS JC AD 7H 8D", "AS 10S", "AH", {}),
    ],
)
def test_c_call_eligibility(vector: str, hand: str, bury: str, expected: str, variant: dict[str, bool]) -> None:
    game = Sheepshead(**variant)
    calls = call_choices(game.rules, mask(hand), mask(bury))
    texts = [game.format(a) for a in calls]
    assert texts[-1] == "alone"  # R21
    assert {t.split()[1] for t in texts[:-1]} == cards(expected)


# --- 4.5 Called-card legality (called AH) ---


def test_l1_picker_keeps_last_heart() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 0, mask("QS JC AD 7H"), trick_of("8S"), 3, -1)) == cards("QS JC AD")


def test_l4_picker_may_lead_last_heart() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 0, mask("QS JC AD 7H"), (), 3, -1)) == cards("QS JC AD 7H")


def test_l5_partner_must_play_called_on_first_heart_lead() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 1, mask("AH 10H 7C QD"), trick_of("9H"), 2, 2)) == cards("AH")
    assert names(play_mask(NO_FLAGS, setup, 1, mask("AH 10H 7C QD"), trick_of("9H"), 2, 2)) == cards("AH 10H")


def test_l6_partner_may_not_discard_called() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 1, mask("AH QD 8C"), trick_of("7S"), 3, -1)) == cards("QD 8C")
    assert names(play_mask(NO_FLAGS, setup, 1, mask("AH QD 8C"), trick_of("7S"), 3, -1)) == cards("AH QD 8C")


def test_l11_jack_of_diamonds_mode_protects_nothing() -> None:
    game = Sheepshead(partner_mode="jack_of_diamonds")
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S", "0 play 8S"])
    # s1 holds QC QS JC AD 8D 7H: void in spades, and 7H is not protected
    assert legal_cards(game, s) == cards("QC QS JC AD 8D 7H")


# --- 4.6 Complete hand H-A (legal sets along the way) ---


def test_h_a_legal_sets() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S"])
    assert legal(game, s) == ["call AH", "alone"]  # C6
    s = run(game, s, ["1 call AH", "0 play KC"])
    assert legal_cards(game, s) == cards("QC QS JC AD 8D")  # 7H protected
    s = run(game, s, ["1 play 8D", "2 play 8C"])
    assert legal_cards(game, s) == cards("10H JS 7D 9S KS")  # AH protected
    s = run(game, s, ["3 play KS", "4 play 7C", "1 play QC", "2 play QD", "3 play JS", "4 play JD", "0 play 9D"])
    s = run(game, s, ["1 play 7H", "2 play 9H"])
    assert legal_cards(game, s) == cards("AH")  # the first heart trick


# --- 4.7 Partner identification ---


def test_p1_partner_known_only_to_partner_until_called_card_played() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH"])
    plays = trick_actions(HA_TRICKS)
    for i, text in enumerate(plays):
        for seat in range(5):
            view = game.observe(s, seat)
            if i <= 12:  # AH is play 12 (trick 3, third card): known from the next state on
                assert (view.partner_known, view.partner) == ((True, 3) if seat == 3 else (False, None))
            else:
                assert (view.partner_known, view.partner) == (True, 3)
        s = run(game, s, [text])


def test_p5_alone_has_no_partner() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S", "1 alone"])
    for seat in range(5):
        assert (game.observe(s, seat).partner_known, game.observe(s, seat).partner) == (True, None)
    s = run(game, s, trick_actions(HA_TRICKS))
    result = game.outcome(s)
    assert result is not None and result.details["partner"] is None


# --- 4.8 Scoring function ---


@pytest.mark.parametrize(
    ("vector", "p", "t", "alone", "dob", "expected"),
    [
        ("S1", 61, 2, False, False, (2, 1, -1)),
        ("S2", 60, 3, False, False, (-2, -1, 1)),
        ("S2", 60, 3, False, True, (-4, -2, 2)),
        ("S3", 90, 4, False, False, (2, 1, -1)),
        ("S4", 91, 3, False, False, (4, 2, -2)),
        ("S5", 31, 1, False, False, (-2, -1, 1)),
        ("S5", 31, 1, False, True, (-4, -2, 2)),
        ("S8", 120, 6, False, False, (6, 3, -3)),
        ("S8", 120, 6, False, True, (6, 3, -3)),
        ("A1", 75, 3, True, False, (4, 0, -1)),
    ],
)
def test_s_scoring(vector: str, p: int, t: int, alone: bool, dob: bool, expected: tuple[int, int, int]) -> None:
    rules = SheepsheadRules(double_on_the_bump=dob)
    _win, _level, got = settle(rules, p, t, alone)
    assert got == expected
    picker, partner, defender = got
    assert picker + partner + (4 if alone else 3) * defender == 0  # every row sums to zero
