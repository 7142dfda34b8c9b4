"""One test (or more) per rule of the deal, picking, bury, call and trick play: R1-R35a."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import DECK32, format_card
from cardtable.core import CHANCE, IllegalAction
from cardtable.games.sheepshead import Play, Sheepshead
from cardtable.games.sheepshead.play import play_mask, trick_winner
from cardtable.games.sheepshead.rules import SheepsheadRules
from cardtable.games.sheepshead.tables import ORDER_TEXT, POINTS, TRUMP, points_of

from .sheepshead_support import (
    DECK_A,
    DECK_D1,
    HA_TRICKS,
    TEN_DEAL,
    UNKNOWN_DEAL,
    call_setup,
    card,
    cards,
    dealt,
    dealt_explicit,
    legal,
    legal_cards,
    mask,
    names,
    run,
    trick_actions,
    trick_of,
)

RULES = SheepsheadRules()
HA_SETUP = ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH"]


def test_r1_five_seats_clockwise() -> None:
    game = Sheepshead()
    assert game.seats == 5
    s = dealt(game, DECK_A, 2)
    order = []
    while len(order) < 5:
        order.append(game.actor(s))
        s = game.apply(s, game.parse("pass"))
    assert order == [3, 4, 0, 1, 2]


def test_r2_pack_of_32() -> None:
    game = Sheepshead()
    deal = game.deal(game.start(), random.Random(1))
    assert sorted(deal.deck) == sorted(DECK32) and len(DECK32) == 32


def test_r2_a_deal_that_is_not_the_pack_is_rejected() -> None:
    game = Sheepshead()
    bad = game.deal(game.start(), random.Random(1))
    with pytest.raises(IllegalAction, match="twice"):
        game.apply(game.start(), type(bad)((bad.deck[0], *bad.deck[:-1])))


def test_r3_trump_suit_and_fail_suits() -> None:
    assert TRUMP.bit_count() == 14
    # QH and JC are trump, not hearts or clubs: on a heart lead QH does not follow
    setup = call_setup(None)
    assert names(play_mask(RULES, setup, 1, mask("QH JC 7C"), trick_of("9H"), 1, -1)) == cards("QH JC 7C")
    assert names(play_mask(RULES, setup, 1, mask("QH JC 7C"), trick_of("9C"), 1, -1)) == cards("7C")
    assert names(play_mask(RULES, setup, 1, mask("QH 7D 7C"), trick_of("AD"), 1, -1)) == cards("QH 7D")


def test_r4_trump_order() -> None:
    order = ORDER_TEXT.split()[:14]
    setup = call_setup(None)
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert trick_winner(RULES, setup, 0, trick_of(f"{low} {high} 7C 7S 7H"), -1, 0) == 1


def test_r5_fail_order_and_off_suit_never_wins() -> None:
    setup = call_setup(None)
    for suit in "CSH":
        order = [f"{r}{suit}" for r in ("A", "10", "K", "9", "8", "7")]
        for i, high in enumerate(order):
            for low in order[i + 1 :]:
                other = "AS" if suit != "S" else "AC"
                assert trick_winner(RULES, setup, 0, trick_of(f"{low} {other} {high} 7D"[:-3] + " 8D"), -1, 0) in (
                    3,
                    2,
                )
    # an ace of another fail suit never beats the led suit (T2)
    assert trick_winner(RULES, setup, 0, trick_of("7S AC AH 8S 10C"), -1, 0) == 3


def test_r6_card_points_total_120() -> None:
    assert sum(POINTS) == 120
    assert points_of(mask("AC 10C KC QC JC 9C")) == 11 + 10 + 4 + 3 + 2


def test_r7_deal_passes_left_after_every_hand() -> None:
    for rule in ("leaster", "doubler", "redeal"):
        game = Sheepshead(no_pick_rule=rule)
        s = run(game, dealt(game, DECK_A, 4), [f"{i} pass" for i in range(5)])
        if rule == "leaster":
            s = run(game, s, trick_actions([(0, "7S 10S 10C KS AC"), (1, "7H 9H 10H 8H KC")]))
            s = run(game, s, trick_actions([(3, "9S 7C 8S JC 8C"), (1, "AD 10D 7D KD 9D")]))
            s = run(game, s, trick_actions([(1, "QS QD JS JD JH"), (1, "QC KH AH QH 9C")]))
        nxt = game.next_hand(s)
        assert nxt is not None and game.dealer(nxt) == 0


def test_r8_the_shuffle_comes_from_the_rng() -> None:
    game = Sheepshead()
    assert game.deal(game.start(), random.Random(9)) == game.deal(game.start(), random.Random(9))
    assert game.deal(game.start(), random.Random(9)) != game.deal(game.start(), random.Random(10))


def test_r9_deal_three_two_three_from_dealers_left() -> None:
    game = Sheepshead()
    for dealer in range(5):
        s = dealt(game, DECK_D1, dealer)
        places = game.card_places(s)
        first = (dealer + 1) % 5
        assert places[f"hand {first}"] == sum(1 << card(c) for c in ["QC", "QS", "QH", "9C", "8C", "7C"])
        assert places[f"hand {dealer}"] == sum(1 << card(c) for c in ["8D", "7D", "AC", "9H", "8H", "7H"])
        assert places["blind"] == (1 << card("10C")) | (1 << card("KC"))


def test_r10_six_cards_each_and_two_in_the_blind() -> None:
    game = Sheepshead()
    s = dealt(game, DECK_A)
    places = game.card_places(s)
    assert [places[f"hand {i}"].bit_count() for i in range(5)] == [6] * 5
    assert places["blind"].bit_count() == 2


def test_r11_pick_in_turn_first_pick_ends_the_auction() -> None:
    game = Sheepshead()
    s = dealt(game, DECK_A)
    assert game.actor(s) == 0 and legal(game, s) == ["pick", "pass"]
    s = run(game, s, ["0 pass", "1 pass", "2 pick"])
    assert game.actor(s) == 2 and len(game.legal_actions(s)) == 28  # straight to the bury
    with pytest.raises(IllegalAction):
        game.apply(s, game.parse("pass"))


def test_r12_all_pass_default_is_a_leaster() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), [f"{i} pass" for i in range(5)])
    assert game.actor(s) == 0 and all(a.__class__ is Play for a in game.legal_actions(s))
    assert game.observe(s, 0).picker is None


def test_r13_picker_takes_the_blind_nobody_else_sees_it() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick"])
    v1 = game.observe(s, 1)
    assert {format_card(c) for c in v1.hand} == cards("QC QS JC AD 7H 10S AS 8D")
    assert {format_card(c) for c in v1.blind} == cards("AS 8D")
    for seat in (0, 2, 3, 4):
        assert game.observe(s, seat).blind == ()
        assert game.unseen(s, seat) & (1 << card("AS"))


def test_r14_any_two_of_eight_may_be_buried() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick"])
    buries = legal(game, s)
    assert len(buries) == 28 and "bury QC QS" in buries and "bury 8D AS" in buries
    with pytest.raises(IllegalAction, match="R14"):
        game.apply(s, game.parse("bury QC KC"))
    s = run(game, s, ["1 bury QC QS"])
    assert {format_card(c) for c in game.observe(s, 1).hand} == cards("JC AD 7H 10S AS 8D")


def test_r15_the_bury_counts_for_the_picker_team() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA_SETUP + trick_actions(HA_TRICKS))
    result = game.outcome(s)
    assert result is not None
    assert result.details["bury_points"] == 21 and result.details["picker_points"] == 77 + 21


def test_r16_blind_and_bury_hidden_until_the_hand_ends() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA_SETUP)
    for seat in (0, 2, 3, 4):
        view = game.observe(s, seat)
        assert view.bury == () and view.blind == ()
        assert game.unseen(s, seat) & (1 << card("10S"))
    assert {format_card(c) for c in game.observe(s, 1).bury} == cards("AS 10S")
    s = run(game, s, trick_actions(HA_TRICKS))
    for seat in range(5):
        assert {format_card(c) for c in game.observe(s, seat).bury} == cards("AS 10S")
        assert game.unseen(s, seat) == 0


def test_r17_call_after_the_bury_before_the_lead_and_public() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S"])
    assert game.actor(s) == 1 and legal(game, s) == ["call AH", "alone"]
    s = run(game, s, ["1 call AH"])
    for seat in range(5):
        view = game.observe(s, seat)
        assert (view.call, view.call_suit) == ("ace", "H")
    assert game.actor(s) == 0  # now the lead


def test_r18_ace_call_needs_a_hold_card_and_not_holding_the_ace() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S"])
    with pytest.raises(IllegalAction, match="R18"):
        game.apply(s, game.parse("call AS"))  # (a) he buried it
    with pytest.raises(IllegalAction, match="R18"):
        game.apply(s, game.parse("call AC"))  # (b) no club in hand
    with pytest.raises(IllegalAction, match="R18"):
        game.apply(s, game.parse("call AD"))  # diamonds are trump


def test_r18_allow_call_own_ace_plays_secretly_alone() -> None:
    game = Sheepshead(allow_call_own_ace=True)
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury 10S 8D"])
    # hand QC QS JC AD 7H AS: AS is his own, but he has no other spade to hold
    assert legal(game, s) == ["call AH", "alone"]
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury QC 8D"])
    assert legal(game, s) == ["call AS", "call AH", "alone"]  # AS with 10S as hold card
    s = run(game, s, ["1 call AS"])
    assert game.observe(s, 1).partner_known and game.observe(s, 1).partner is None
    assert not game.observe(s, 0).partner_known


def test_r19_ten_call_when_holding_all_three_aces() -> None:
    game = Sheepshead()
    s = run(game, dealt_explicit(game, TEN_DEAL), ["0 pick", "0 bury KD 9D"])
    assert legal(game, s) == ["call 10C", "call 10S", "call 10H", "alone"]
    s = run(game, s, ["0 call 10H"])
    assert game.observe(s, 1).partner == 1  # the holder of 10H


def test_r19_ten_call_not_allowed_when_an_ace_is_callable() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S"])
    with pytest.raises(IllegalAction, match="R19"):
        game.apply(s, game.parse("call 10H"))


def test_r19_allow_ten_call_off_forces_alone() -> None:
    game = Sheepshead(allow_ten_call=False)
    s = run(game, dealt_explicit(game, TEN_DEAL), ["0 pick", "0 bury KD 9D"])
    assert legal(game, s) == ["alone"]


def test_r19_ten_call_hold_must_be_ace() -> None:
    game = Sheepshead(ten_call_hold_must_be_ace=True)
    s = run(game, dealt_explicit(game, TEN_DEAL), ["0 pick", "0 bury KD 9D", "0 call 10H"])
    # leading hearts opens the suit: only with the ace
    assert legal_cards(game, s) == cards("AC AS AH QC QS")
    setup = call_setup("10H", picker=0, partner=1, kind="ten")
    on, off = game.rules, RULES
    # before the first heart trick the ace is the hold card, not the last heart
    assert names(play_mask(on, setup, 0, mask("AH 7H QS 7C"), trick_of("8S"), 2, -1)) == cards("7H QS 7C")
    assert names(play_mask(off, setup, 0, mask("AH 7H QS 7C"), trick_of("8S"), 2, -1)) == cards("AH 7H QS 7C")
    assert names(play_mask(off, setup, 0, mask("AH QS 7C"), trick_of("8S"), 2, -1)) == cards("QS 7C")
    # leading
    assert names(play_mask(on, setup, 0, mask("AH 7H QS"), (), 2, -1)) == cards("AH QS")
    assert names(play_mask(off, setup, 0, mask("AH 7H QS"), (), 2, -1)) == cards("AH 7H QS")
    # on the first heart trick he must play the ace
    assert names(play_mask(on, setup, 0, mask("AH 7H QS"), trick_of("9H"), 2, 2)) == cards("AH")
    assert names(play_mask(off, setup, 0, mask("AH 7H QS"), trick_of("9H"), 2, 2)) == cards("AH 7H")


@pytest.mark.parametrize(("beats", "winner"), [(False, 0), (True, 1)])
def test_r19_called_ten_beats_ace(beats: bool, winner: int) -> None:
    game = Sheepshead(called_ten_beats_ace=beats)
    s = run(game, dealt_explicit(game, TEN_DEAL), ["0 pick", "0 bury KD 9D", "0 call 10H"])
    s = run(game, s, ["0 play AH", "1 play 10H", "2 play 7C", "3 play 7S", "4 play 7D"])
    assert game.actor(s) == 4  # trumped: the trump wins whatever the variant
    setup = call_setup("10H", picker=0, partner=1, kind="ten")
    assert trick_winner(game.rules, setup, 0, trick_of("AH 10H 7C 7S KH"), 0, 0) == winner
    assert trick_winner(game.rules, setup, 0, trick_of("AH 10H 7C 7S KH"), 0, 1) == 0  # not the first X trick


def test_r20_forced_alone_when_nothing_can_be_called() -> None:
    game = Sheepshead()
    s = run(game, dealt_explicit(game, UNKNOWN_DEAL), ["0 pick", "0 bury JH JD"])
    assert legal(game, s) == ["alone"]


def test_r21_alone_is_always_allowed() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S", "1 alone"])
    for seat in range(5):
        assert game.observe(s, seat).call == "alone"


def test_r22_the_partner_is_the_holder_of_the_called_card() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA_SETUP)
    assert game.observe(s, 3).partner == 3
    assert not game.observe(s, 1).partner_known  # not even the picker


def test_r23_dealers_left_leads_and_winner_leads_next() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pass", "2 pick", "2 bury QD 10D", "2 alone"])
    assert game.actor(s) == 0
    s = run(game, s, ["0 play KC", "1 play 10S", "2 play 10C", "3 play KS", "4 play AC"])
    assert game.actor(s) == 4  # AC won


def test_r24_following_suit() -> None:
    setup = call_setup(None)
    assert names(play_mask(RULES, setup, 0, mask("QC 7D AH 10C 8S KH"), trick_of("9H"), 1, -1)) == cards("AH KH")
    assert names(play_mask(RULES, setup, 0, mask("10D KC"), trick_of("KS"), 1, -1)) == cards("10D KC")
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), [*HA_SETUP, "0 play KC", "1 play 8D"])
    with pytest.raises(IllegalAction, match="must follow clubs"):
        game.apply(s, game.parse("play QD"))
    s = run(game, s, ["2 play 8C", "3 play KS", "4 play 7C"])
    s = run(game, s, ["1 play QC"])
    with pytest.raises(IllegalAction, match="must follow trump"):
        game.apply(s, game.parse("play KH"))


def test_r25_r26_trick_winner_takes_the_points() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA_SETUP + trick_actions(HA_TRICKS[:1]))
    view = game.observe(s, 0)
    assert view.tricks[0][2] == 1
    s = run(game, s, trick_actions(HA_TRICKS[1:]))
    result = game.outcome(s)
    assert result is not None and result.details["points"] == [13, 77, 0, 0, 9]


def test_r27_picker_keeps_the_hold_card() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), [*HA_SETUP, "0 play KC"])
    with pytest.raises(IllegalAction, match="R27"):
        game.apply(s, game.parse("play 7H"))
    setup = call_setup("AH", picker=0, partner=1)
    # two hearts: either may go
    assert names(play_mask(RULES, setup, 0, mask("QS 8H 7H"), trick_of("8S"), 2, -1)) == cards("QS 8H 7H")
    # when hearts are led he follows with any heart
    assert names(play_mask(RULES, setup, 0, mask("QS 8H 7H"), trick_of("9H"), 2, 2)) == cards("8H 7H")


def test_r28_partner_must_play_called_card_on_first_lead() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 1, mask("AH 10H 7C QD"), trick_of("9H"), 2, 2)) == cards("AH")
    off = SheepsheadRules(partner_must_play_called_on_first_lead=False)
    assert names(play_mask(off, setup, 1, mask("AH 10H 7C QD"), trick_of("9H"), 2, 2)) == cards("AH 10H")
    # leading the called card opens the suit
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA_SETUP + trick_actions(HA_TRICKS[:2]) + ["1 play 7H", "2 play 9H"])
    assert legal(game, s) == ["play AH"]


def test_r29_partner_may_not_discard_the_called_card() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 1, mask("AH QD 8C"), trick_of("7S"), 3, -1)) == cards("QD 8C")
    off = SheepsheadRules(partner_cannot_discard_called=False)
    assert names(play_mask(off, setup, 1, mask("AH QD 8C"), trick_of("7S"), 3, -1)) == cards("AH QD 8C")


def test_r30_partner_may_not_underlead_the_called_suit() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 1, mask("AH 10H 7C QD"), (), 2, -1)) == cards("AH 7C QD")
    off = SheepsheadRules(partner_cannot_underlead_called_suit=False)
    assert names(play_mask(off, setup, 1, mask("AH 10H 7C QD"), (), 2, -1)) == cards("AH 10H 7C QD")


def test_r31_last_trick_has_no_restrictions() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 0, mask("7H"), trick_of("8S"), 5, -1)) == cards("7H")
    assert names(play_mask(RULES, setup, 1, mask("AH"), trick_of("8S"), 5, -1)) == cards("AH")


def test_r32_safety_never_leaves_a_seat_without_a_card() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 0, mask("7H"), trick_of("8S"), 3, -1)) == cards("7H")


def test_r33_no_restriction_after_the_first_called_suit_trick() -> None:
    setup = call_setup("AH", picker=0, partner=1)
    assert names(play_mask(RULES, setup, 0, mask("QS 7H"), trick_of("8S"), 3, 2)) == cards("QS 7H")
    assert names(play_mask(RULES, setup, 1, mask("10H 7C"), (), 3, 2)) == cards("10H 7C")


def test_r34_jack_of_diamonds_partner() -> None:
    game = Sheepshead(partner_mode="jack_of_diamonds")
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pick", "1 bury AS 10S"])
    assert game.actor(s) == 0  # no call step
    assert game.observe(s, 4).partner == 4 and not game.observe(s, 1).partner_known
    # the picker holding JD plays alone
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pass", "2 pass", "3 pass", "4 pick", "4 bury KD 7C"])
    assert game.observe(s, 4).partner_known and game.observe(s, 4).partner is None
    assert not game.observe(s, 0).partner_known


def test_r35a_unknown_call() -> None:
    plain = Sheepshead()
    assert legal(plain, run(plain, dealt_explicit(plain, UNKNOWN_DEAL), ["0 pick", "0 bury JH JD"])) == ["alone"]
    game = Sheepshead(allow_unknown_call=True)
    s = run(game, dealt_explicit(game, UNKNOWN_DEAL), ["0 pick", "0 bury JH JD"])
    calls = legal(game, s)
    assert len(calls) == 19 and calls[-1] == "alone" and "call AH unknown JS" in calls
    s = run(game, s, ["0 call AH unknown JS"])
    assert game.observe(s, 1).partner == 1
    assert game.observe(s, 0).unknown == card("JS")
    assert game.observe(s, 2).unknown is None
    # he may lead the unknown: that leads hearts
    assert legal_cards(game, s) == cards("QC QS QH QD JC JS")
    led = run(game, s, ["0 play JS"])
    assert legal(game, led) == ["play AH"]  # R28: the partner must play the ace
    for seat in (1, 2, 3, 4):
        assert game.observe(led, seat).trick == (None,)  # face down
        assert game.unseen(led, seat) >> card("JS") & 1
    assert game.observe(led, 0).trick == (card("JS"),)
    led = run(game, led, ["1 play AH", "2 play 7C", "3 play 7S"])
    assert legal_cards(game, led) == cards("8H 7H")  # s4 follows hearts
    led = run(game, led, ["4 play 7H"])
    assert game.actor(led) == 1  # the unknown (a trump) never wins: AH takes it
    assert game.observe(led, 1).tricks[0][1][0] == card("JS")  # the winner may look
    assert game.observe(led, 2).tricks[0][1][0] is None
    assert game.card_places(led)["taken 1"] >> card("JS") & 1  # its points go to the winner


def test_r35a_unknown_held_back_and_forced_on_the_first_called_suit_trick() -> None:
    setup = call_setup("AH", picker=0, partner=1, under="JS", kind="unknown")
    rules = SheepsheadRules(allow_unknown_call=True)
    assert names(play_mask(rules, setup, 0, mask("QD JS"), trick_of("9C"), 2, -1)) == cards("QD")
    assert names(play_mask(rules, setup, 0, mask("QD JS"), trick_of("AH"), 2, 2)) == cards("JS")
    assert names(play_mask(rules, setup, 0, mask("QD JS"), trick_of("QC"), 2, -1)) == cards("QD")
    assert names(play_mask(rules, setup, 0, mask("JS"), trick_of("9C"), 5, -1)) == cards("JS")  # trick 6


def test_r35a_unknown_led_on_the_last_trick() -> None:
    game = Sheepshead(allow_unknown_call=True)
    s = run(game, dealt_explicit(game, UNKNOWN_DEAL), ["0 pick", "0 bury JH JD", "0 call AH unknown JS"])
    s = run(game, s, ["0 play QC", "1 play AD", "2 play 7C", "3 play 7S", "4 play 7D"])
    s = run(game, s, ["0 play QS", "1 play 10D", "2 play 8C", "3 play 8S", "4 play 8D"])
    with pytest.raises(IllegalAction, match="R29"):
        run(game, s, ["0 play QH", "1 play AH"])
    s = run(game, s, ["0 play QH", "1 play 9H", "2 play 9C", "3 play 9S", "4 play 9D"])
    s = run(game, s, ["0 play QD", "1 play KH", "2 play 10C", "3 play 10S", "4 play KD"])
    s = run(game, s, ["0 play JC", "1 play 10H", "2 play KC", "3 play KS", "4 play 8H"])
    s = run(game, s, ["0 play JS", "1 play AH", "2 play AC", "3 play AS", "4 play 7H"])
    result = game.outcome(s)
    assert result is not None
    assert result.details["tricks"] == [5, 1, 0, 0, 0]
    # P = 5 tricks of s0 + s1's last trick (JS 2 + AH 11 + AC 11 + AS 11 + 7H 0) + bury JH JD (4)
    assert result.details["picker_points"] == 120
    assert result.score == (6, 3, -3, -3, -3)  # all tricks with a partner


def test_no_action_after_the_hand_is_over() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA_SETUP + trick_actions(HA_TRICKS))
    assert game.actor(s) is None and game.legal_actions(s) == ()
    with pytest.raises(IllegalAction, match="the hand is over"):
        game.apply(s, game.parse("play QC"))
    assert game.actor(game.start()) == CHANCE


def test_r35a_a_trump_set_aside_does_not_oblige_following_trump() -> None:
    """The unknown lies aside: on a trump lead a picker whose only trump is the unknown may
    play any other card, and may not play the unknown."""
    setup = call_setup("AS", picker=2, partner=0, under="8D", kind="unknown")
    rules = SheepsheadRules(allow_unknown_call=True)
    assert names(play_mask(rules, setup, 2, mask("8D KH 9H"), trick_of("7D 10D 8S"), 3, -1)) == cards("KH 9H")
    assert names(play_mask(rules, setup, 2, mask("8D KH 9H"), trick_of("7D 10D 8S"), 5, -1)) == cards("8D KH 9H")
