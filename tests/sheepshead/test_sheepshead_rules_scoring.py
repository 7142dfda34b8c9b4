"""One test (or more) per scoring rule and no-pick game: R36-R46, and every scoring option."""

from __future__ import annotations

import pytest

from cardtable.core import BadRules, IllegalAction
from cardtable.games.sheepshead import Sheepshead
from cardtable.games.sheepshead.rules import SheepsheadRules
from cardtable.games.sheepshead.scoring import doubler_factor, picked_points, settle

from .sheepshead_support import (
    DECK_A,
    DECK_D1,
    HA_TRICKS,
    SCHWANZ_DEAL,
    X1_TRICKS,
    card,
    dealt,
    dealt_explicit,
    legal,
    run,
    trick_actions,
)

HA = ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH", *trick_actions(HA_TRICKS)]
X1 = [f"{i} pass" for i in range(5)] + trick_actions(X1_TRICKS)
PASS_ALL = [f"{i} pass" for i in range(5)]


def _score(game: Sheepshead, actions: list[str], deck: str = DECK_A, dealer: int = 4) -> tuple[int, ...]:
    s = run(game, dealt(game, deck, dealer), actions)
    result = game.outcome(s)
    assert result is not None
    return result.score


# --- R36: outcome by trick count and points ---


@pytest.mark.parametrize(
    ("p", "t", "win", "level"),
    [
        (120, 6, True, 3),
        (0, 0, False, 3),
        (120, 5, True, 2),  # S10: 120 points, a 0-point trick lost
        (91, 3, True, 2),
        (90, 4, True, 1),
        (61, 2, True, 1),
        (60, 3, False, 1),
        (31, 1, False, 1),
        (30, 1, False, 2),
        (0, 1, False, 2),
        (21, 0, False, 3),  # no trick, but the bury's points
    ],
)
def test_r36_outcome_table(p: int, t: int, win: bool, level: int) -> None:
    assert settle(SheepsheadRules(), p, t, False)[:2] == (win, level)


def test_r36_schwarz_by_points() -> None:
    rules = SheepsheadRules(schwarz_by_points=True)
    assert settle(rules, 120, 5, False)[:2] == (True, 3)
    assert settle(rules, 119, 6, False)[:2] == (True, 2)
    assert settle(rules, 21, 0, False)[:2] == (False, 2)
    assert settle(rules, 0, 1, False)[:2] == (False, 3)


def test_r37_unit_is_level_times_multiplier() -> None:
    assert settle(SheepsheadRules(), 95, 4, False, 4)[2] == (16, 8, -8)
    assert settle(SheepsheadRules(double_on_the_bump=True), 40, 2, True, 2)[2] == (-16, 0, 4)


def test_r38_payments_with_partner_and_alone() -> None:
    rules = SheepsheadRules()
    assert settle(rules, 70, 3, False)[2] == (2, 1, -1)
    assert settle(rules, 70, 3, True)[2] == (4, 0, -1)
    assert settle(rules, 20, 1, True)[2] == (-8, 0, 2)
    assert settle(rules, 120, 6, True)[2] == (12, 0, -3)


def test_r38_no_trick_partner_exempt() -> None:
    assert settle(SheepsheadRules(), 0, 0, False)[2] == (-9, 0, 3)
    assert settle(SheepsheadRules(double_on_the_bump=True), 0, 0, False)[2] == (-18, 0, 6)
    off = SheepsheadRules(no_trick_partner_exempt=False)
    assert settle(off, 0, 0, False)[2] == (-6, -3, 3)
    assert settle(SheepsheadRules(double_on_the_bump=True, no_trick_partner_exempt=False), 0, 0, False)[2] == (
        -12,
        -6,
        6,
    )
    assert settle(SheepsheadRules(), 0, 0, True)[2] == (-12, 0, 3)
    assert settle(SheepsheadRules(double_on_the_bump=True), 0, 0, True)[2] == (-24, 0, 6)


def test_r15_bury_requires_trick() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA)
    # the same finished hand, but every trick won by a defender
    lost = s._replace(tricks=tuple((ld, cs, 2) for ld, cs, _w in s.tricks))
    assert picked_points(SheepsheadRules(), lost) == (21, 0, 21)
    assert picked_points(SheepsheadRules(bury_requires_trick=True), lost) == (0, 0, 21)
    # under trick-count scoring the payout is the same
    on = Sheepshead(bury_requires_trick=True)
    lost_on, lost_off = on.outcome(lost), game.outcome(lost)
    assert lost_on is not None and lost_off is not None
    assert lost_on.score == lost_off.score == (3, -9, 3, 0, 3)
    assert (lost_on.details["picker_points"], lost_off.details["picker_points"]) == (0, 21)
    assert on.card_point_totals(lost) == (120, 120)


def test_r39_scores_accumulate_over_a_session() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), HA)
    nxt = game.next_hand(s)
    assert nxt is not None
    assert game.match_json(nxt) == {"scores": [-2, 4, -2, 2, -2], "pending_doublers": 0}
    s2 = run(game, game.apply(nxt, game.deal_from_json({"deck": DECK_D1.split()}, 0)), [])
    assert game.match_json(s2)["scores"] == [-2, 4, -2, 2, -2]
    assert game.winner(s) is None


def test_r40_double_on_the_bump() -> None:
    assert settle(SheepsheadRules(double_on_the_bump=True), 50, 2, False)[2] == (-4, -2, 2)
    assert settle(SheepsheadRules(double_on_the_bump=True), 70, 2, False)[2] == (2, 1, -1)


# --- R41: leaster ---


def test_r41_leaster_x1() -> None:
    assert _score(Sheepshead(), X1) == (-1, -1, -1, 4, -1)


def test_r41_leaster_blind_goes_to_the_last_trick() -> None:
    for where, points in (("last_trick", 106), ("first_trick", 106), ("nobody", 95)):
        game = Sheepshead(leaster_blind=where)
        s = run(game, dealt(game, DECK_A), X1)
        result = game.outcome(s)
        assert result is not None and result.details["points"][1] == points
        assert game.card_point_totals(s)[0] == game.card_point_totals(s)[1]


def test_r41_nobody_sees_the_leaster_blind() -> None:
    game = Sheepshead()
    s = run(game, dealt(game, DECK_A), X1[:-1])
    for seat in range(5):
        assert game.observe(s, seat).blind == ()
    s = run(game, s, X1[-1:])
    assert len(game.observe(s, 0).blind) == 2  # shown once the hand is over


def test_r41_leaster_requires_trick_and_tie() -> None:
    # without the trick requirement the three 0-point seats tie: a wash, or a split
    assert _score(Sheepshead(leaster_requires_trick=False), X1) == (0, 0, 0, 0, 0)
    split = Sheepshead(leaster_requires_trick=False, leaster_tie="split")
    assert _score(split, X1) == (2, -3, 2, -3, 2)


# --- R42: doubler ---


def test_r42_doubler_throws_in_and_doubles_the_next_picked_hand() -> None:
    game = Sheepshead(no_pick_rule="doubler")
    s = run(game, dealt(game, DECK_A, 3), [f"{(4 + k) % 5} pass" for k in range(5)])
    result = game.outcome(s)
    assert result is not None and result.result == "doubler" and result.score == (0,) * 5
    assert game.match_json(s) == {"scores": [0] * 5, "pending_doublers": 1}
    nxt = game.next_hand(s)
    assert nxt is not None and game.dealer(nxt) == 4
    s2 = run(game, game.apply(nxt, game.deal_from_json({"deck": DECK_A.split()}, 4)), HA)
    assert game.outcome(s2).score == (-4, 8, -4, 4, -4)  # type: ignore[union-attr]
    assert game.match_json(s2)["pending_doublers"] == 0


@pytest.mark.parametrize(
    ("stacking", "pending", "factor", "left"),
    [
        ("queue", 2, 2, 1),
        ("compound", 2, 4, 0),
        ("compound", 3, 8, 0),
        ("cap", 1, 2, 0),
        ("queue", 0, 1, 0),
    ],
)
def test_r42_doubler_stacking(stacking: str, pending: int, factor: int, left: int) -> None:
    assert doubler_factor(SheepsheadRules(doubler_stacking=stacking), pending) == (factor, left)


@pytest.mark.parametrize(("stacking", "after_two", "score"), [("queue", 2, 8), ("compound", 2, 16), ("cap", 1, 8)])
def test_r42_pending_doublers_in_the_match(stacking: str, after_two: int, score: int) -> None:
    game = Sheepshead(no_pick_rule="doubler", doubler_stacking=stacking)
    s = run(game, dealt(game, DECK_A, 3), [f"{(4 + k) % 5} pass" for k in range(5)])
    nxt = game.next_hand(s)
    assert nxt is not None
    s = run(game, game.apply(nxt, game.deal_from_json({"deck": DECK_A.split()}, 4)), PASS_ALL)
    assert game.match_json(s)["pending_doublers"] == after_two
    # the next picked hand: H-A (schneider, +4 for the picker at x1) under the pending doublers
    again = game.start(4, game.match_json(s))
    done = run(game, game.apply(again, game.deal_from_json({"deck": DECK_A.split()}, 4)), HA)
    result = game.outcome(done)
    assert result is not None and result.score[1] == score
    assert result.details["pending_doublers"] == (1 if stacking == "queue" else 0)


def test_r42_pending_doublers_from_a_match_object() -> None:
    game = Sheepshead(doubler_stacking="compound")
    s = game.start(4, {"scores": [0] * 5, "pending_doublers": 2})
    s = run(game, game.apply(s, game.deal_from_json({"deck": DECK_A.split()}, 4)), HA)
    assert game.outcome(s).score == (-8, 16, -8, 8, -8)  # type: ignore[union-attr]
    assert game.match_json(s)["pending_doublers"] == 0


# --- R43: other no-pick rules ---


def test_r43_forced_pick() -> None:
    game = Sheepshead(no_pick_rule="forced_pick")
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pass", "2 pass", "3 pass"])
    assert legal(game, s) == ["pick"]
    with pytest.raises(IllegalAction, match="R43"):
        game.apply(s, game.parse("pass"))


def test_r43_redeal() -> None:
    game = Sheepshead(no_pick_rule="redeal")
    s = run(game, dealt(game, DECK_A), PASS_ALL)
    result = game.outcome(s)
    assert result is not None and (result.result, result.score) == ("passed_out", (0,) * 5)
    assert game.match_json(s)["pending_doublers"] == 0
    assert game.unseen(s, 0) != 0  # thrown in: nobody is shown anything


def test_r43_moster() -> None:
    # X1: s1 has the most (106) without every trick: he pays 1 to each
    assert _score(Sheepshead(no_pick_rule="moster"), X1) == (1, -4, 1, 1, 1)


def test_r43_mittler() -> None:
    # X1 totals 0, 106, 0, 14, 0: the middle value 0 is shared, a wash
    assert _score(Sheepshead(no_pick_rule="mittler"), X1) == (0,) * 5
    assert _score(Sheepshead(no_pick_rule="mittler", leaster_blind="nobody"), X1) == (0,) * 5


def test_r43_schneidster() -> None:
    # closest to 30 without going over: s3 with 14
    assert _score(Sheepshead(no_pick_rule="schneidster"), X1) == (-1, -1, -1, 4, -1)


def test_r43_schwanzer() -> None:
    game = Sheepshead(no_pick_rule="schwanzer")
    # deal A: s1 holds QC QS JC AD = 9, the most
    s = run(game, dealt(game, DECK_A), PASS_ALL)
    result = game.outcome(s)
    assert result is not None and result.score == (1, -4, 1, 1, 1)
    assert result.details["values"] == [3, 9, 4, 3, 6]
    # a tie at 6 goes against the holder of the highest trump (QC, s1)
    s = run(game, dealt_explicit(game, SCHWANZ_DEAL), PASS_ALL)
    assert game.outcome(s).score == (1, -4, 1, 1, 1)  # type: ignore[union-attr]
    shown = game.observe(s, 0).to_json()["shown"]
    assert shown[1] == ["QC", "JD", "8D"]  # the trumps are shown, nothing else
    assert game.unseen(s, 0) >> card("9C") & 1 and not game.unseen(s, 0) >> card("QC") & 1


# --- R44-R46: crack, blitz, limit ---


def test_r44_crack_and_recrack() -> None:
    game = Sheepshead(cracking=True)
    s = run(game, dealt(game, DECK_A), HA[:4])
    assert game.actor(s) == 2 and legal(game, s) == ["pass", "crack"]
    s2 = run(game, s, ["2 pass"])
    assert game.actor(s2) == 3 and legal(game, s2) == ["pass"]  # the partner does not crack
    s2 = run(game, s2, ["3 pass", "4 pass"])
    assert game.actor(s2) == 0  # play starts
    cracked = run(game, s, ["2 crack"])
    assert game.actor(cracked) == 1 and legal(game, cracked) == ["pass", "recrack"]
    done = run(game, cracked, ["1 pass", *HA[4:]])
    assert game.outcome(done).score == (-4, 8, -4, 4, -4)  # type: ignore[union-attr]
    done = run(game, cracked, ["1 recrack", *HA[4:]])
    assert game.outcome(done).score == (-8, 16, -8, 8, -8)  # type: ignore[union-attr]
    assert game.observe(done, 0).cracks == 2 and game.observe(done, 0).cracker == 2


def test_r44_no_crack_when_the_dealer_picks() -> None:
    game = Sheepshead(cracking=True)
    s = run(game, dealt(game, DECK_A), ["0 pass", "1 pass", "2 pass", "3 pass", "4 pick", "4 bury KD 7C"])
    assert game.actor(s) == 4 and legal(game, s) == ["call AH", "alone"]
    s = run(game, s, ["4 alone"])
    assert game.actor(s) == 0


def test_r45_blitz() -> None:
    game = Sheepshead(blitzing=True)
    s = dealt(game, DECK_D1)
    assert legal(game, s) == ["pick", "blitz", "pass"]  # s0 holds QC QS
    s = run(game, s, ["0 blitz"])
    assert game.observe(s, 3).blitz == ("black",)
    assert legal(game, run(game, dealt(game, DECK_D1), ["0 pass"])) == ["pick", "pass"]
    with pytest.raises(IllegalAction, match="R45"):
        run(game, dealt(game, DECK_D1), ["0 pass", "1 blitz"])
    plain = Sheepshead()
    with pytest.raises(IllegalAction, match="blitzing"):
        run(plain, dealt(plain, DECK_D1), ["0 blitz"])


def test_r45_blitz_doubles_the_stake() -> None:
    game = Sheepshead(blitzing=True)
    s = run(game, dealt(game, DECK_D1), ["0 blitz", "0 bury 9C 8C", "0 alone"])
    while game.actor(s) is not None:
        s = game.apply(s, game.legal_actions(s)[0])
    result = game.outcome(s)
    assert result is not None and result.details["multiplier"] == 2
    assert result.score[0] % 8 == 0


def test_r46_multiplier_limit() -> None:
    game = Sheepshead(cracking=True, multiplier_limit=2)
    s = run(game, dealt(game, DECK_A), [*HA[:4], "2 crack", "1 recrack", *HA[4:]])
    assert game.outcome(s).score == (-4, 8, -4, 4, -4)  # type: ignore[union-attr]
    with pytest.raises(BadRules):
        Sheepshead(multiplier_limit=0)
