"""Scoring a finished hand: picked hands (R36-R40), the no-pick games (R41-R43), multipliers."""

from __future__ import annotations

from typing import Any, Final

from cardtable.cards import format_card
from cardtable.core import HandResult

from .rules import SheepsheadRules
from .state import CallKind, Setup, State
from .tables import POINTS, SCHWANZ, TO_KERNEL, TRUMP, indices, kernel_cards, points_of

SEATS: Final = 5
#: R36: the outcome names by (win, level).
OUTCOMES: Final = {
    (True, 3): "all tricks",
    (True, 2): "schneider",
    (True, 1): "win",
    (False, 1): "loss",
    (False, 2): "schneidered",
    (False, 3): "no trick",
}
PLAYED_NO_PICK: Final = ("leaster", "moster", "mittler", "schneidster")


#: The most pending doublers a match may carry (R42). The rules add one per thrown-in hand with
#: no bound of their own; a match is held to this many (65 thrown-in hands in a row add no more), so
#: that ``doubler_stacking = compound`` multiplies a hand by at most 2^64 and no record can make
#: the scores grow past what can be computed and printed.
MAX_PENDING_DOUBLERS: Final = 64


def max_pending(rules: SheepsheadRules) -> int:
    """The most pending doublers a match may carry: one under ``doubler_stacking = cap``, else
    `MAX_PENDING_DOUBLERS`. (A match state may carry doublers into hands whose no-pick rule adds
    none, as when a table changes its house rules; they are then used up as R42 says.)"""
    return 1 if rules.doubler_stacking == "cap" else MAX_PENDING_DOUBLERS


def doubler_factor(rules: SheepsheadRules, pending: int) -> tuple[int, int]:
    """R42: the doubler factor of a picked hand and the pending doublers left after it."""
    if pending <= 0:
        return 1, pending
    if rules.doubler_stacking == "compound":
        return 2**pending, 0
    if rules.doubler_stacking == "cap":
        return 2, 0
    return 2, pending - 1


def pending_after(rules: SheepsheadRules, setup: Setup) -> int:
    """The pending doublers after this hand (R42)."""
    if setup.picker >= 0:
        return doubler_factor(rules, setup.pending)[1]
    if setup.passes == SEATS and rules.no_pick_rule == "doubler":
        return min(setup.pending + 1, max_pending(rules))
    return setup.pending


def multiplier(rules: SheepsheadRules, setup: Setup) -> int:
    """R37: M, the product of the doubler, crack (R44) and blitz (R45) factors, within R46's limit."""
    m = doubler_factor(rules, setup.pending)[0] << setup.cracks << setup.blitz.bit_count()
    if rules.multiplier_limit is not None:
        m = min(m, rules.multiplier_limit)
    return m


def tally(s: State) -> tuple[list[int], list[int]]:
    """R26: card points and tricks won by each seat (the bury and blind not included)."""
    points = [0] * SEATS
    tricks = [0] * SEATS
    p = POINTS
    for _leader, (a, b, c, d, e), winner in s.tricks:
        tricks[winner] += 1
        points[winner] += p[a] + p[b] + p[c] + p[d] + p[e]
    return points, tricks


def result(rules: SheepsheadRules, s: State) -> HandResult:
    """The result of a finished hand."""
    setup = s.setup
    if setup.picker >= 0:
        return _picked(rules, s)
    rule = rules.no_pick_rule
    zeros = (0,) * SEATS
    pending = pending_after(rules, setup)
    if rule == "doubler":
        return HandResult("doubler", zeros, {"no_pick": rule, "pending_doublers": pending})
    if rule == "schwanzer":
        return _schwanzer(s, pending)
    if rule in PLAYED_NO_PICK:
        return _no_pick_played(rules, s, pending)
    return HandResult("passed_out", zeros, {"no_pick": rule, "pending_doublers": pending})


def picker_team(setup: Setup) -> tuple[int, ...]:
    """The picker and, if he has one, the partner (R22)."""
    return (setup.picker,) if setup.partner < 0 else (setup.picker, setup.partner)


def picked_points(
    rules: SheepsheadRules, s: State, counted: tuple[list[int], list[int]] | None = None
) -> tuple[int, int, int]:
    """(P, T, bury points) of the picker team (R15, R36); ``counted`` is `tally` of ``s`` if known."""
    points, tricks = counted or tally(s)
    team = picker_team(s.setup)
    t = sum(tricks[x] for x in team)
    bury = points_of(s.setup.bury)
    p = sum(points[x] for x in team)
    if t > 0 or not rules.bury_requires_trick:
        p += bury  # R15
    return p, t, bury


def settle(rules: SheepsheadRules, p: int, t: int, alone: bool, m: int = 1) -> tuple[bool, int, tuple[int, int, int]]:
    """R36-R38, R40: (win, level, (picker, partner, each defender)) for a picker team with P card
    points and T tricks; with ``alone`` the partner share is 0 and there are four defenders."""
    if rules.schwarz_by_points:
        all_tricks, no_trick = p == 120, p == 0
    else:
        all_tricks, no_trick = t == 6, t == 0
    # R36, tested in order
    if all_tricks:
        win, level = True, 3
    elif no_trick:
        win, level = False, 3
    elif p >= 91:
        win, level = True, 2
    elif p >= 61:
        win, level = True, 1
    elif p >= 31:
        win, level = False, 1
    else:
        win, level = False, 2
    u = level * m * (2 if not win and rules.double_on_the_bump else 1)  # R37, R40
    sign = 1 if win else -1
    if alone:
        return win, level, (4 * sign * u, 0, -sign * u)
    if no_trick and not win and rules.no_trick_partner_exempt:
        return win, level, (-3 * u, 0, u)  # R38 seed exception: the partner is off the hook
    return win, level, (2 * sign * u, sign * u, -sign * u)


def _picked(rules: SheepsheadRules, s: State) -> HandResult:
    setup = s.setup
    points, tricks = tally(s)
    p, t, bury = picked_points(rules, s, (points, tricks))
    m = multiplier(rules, setup)
    win, level, (picker, partner, defender) = settle(rules, p, t, setup.partner < 0, m)
    score = [defender] * SEATS
    score[setup.picker] = picker
    if setup.partner >= 0:
        score[setup.partner] = partner
    details: dict[str, Any] = {
        "picker": setup.picker,
        "partner": setup.partner if setup.partner >= 0 else None,
        "call": _call_text(setup),
        "alone": setup.partner < 0,
        "points": points,
        "tricks": tricks,
        "bury": [format_card(c) for c in kernel_cards(setup.bury)],
        "bury_points": bury,
        "picker_points": p,
        "defender_points": 120 - p,
        "picker_tricks": t,
        "outcome": OUTCOMES[(win, level)],
        "level": level,
        "multiplier": m,
        "pending_doublers": pending_after(rules, setup),
    }
    return HandResult("played", tuple(score), details)


def _call_text(setup: Setup) -> str | None:
    kind = setup.call_kind
    if kind == CallKind.ALONE:
        return "alone"
    if kind in (CallKind.ACE, CallKind.TEN, CallKind.UNKNOWN):
        return format_card(TO_KERNEL[setup.called])
    return None


def _bits(mask: int) -> tuple[int, ...]:
    return indices(mask)


def blind_taker(rules: SheepsheadRules, s: State) -> int:
    """R41(a): who gets the blind of a played no-pick hand (-1 for nobody)."""
    if rules.leaster_blind == "nobody":
        return -1
    return s.tricks[0 if rules.leaster_blind == "first_trick" else -1][2]


def _no_pick_played(rules: SheepsheadRules, s: State, pending: int) -> HandResult:
    game = rules.no_pick_rule
    points, tricks = tally(s)
    taker = blind_taker(rules, s)
    blind_points = points_of(s.setup.blind)
    if taker >= 0:
        points[taker] += blind_points
    winners: list[int] = []
    loser = -1
    if game == "leaster":  # R41(d)
        qualified = [x for x in range(SEATS) if tricks[x] > 0 or not rules.leaster_requires_trick]
        low = min(points[x] for x in qualified)
        winners = [x for x in qualified if points[x] == low]
        if len(winners) > 1 and rules.leaster_tie == "wash":  # R41(f)
            winners = []
    elif game == "moster":  # R43: the most points pays, unless he took every trick
        high = max(points)
        top = [x for x in range(SEATS) if points[x] == high]
        if len(top) == 1:
            if tricks[top[0]] == 6:
                winners = top
            else:
                loser = top[0]
    elif game == "mittler":  # R43: the single middle total wins
        mid = sorted(points)[2]
        winners = [x for x in range(SEATS) if points[x] == mid]
    else:  # schneidster, R43: closest to 30 without going over
        best = max(x for x in points if x <= 30)
        winners = [x for x in range(SEATS) if points[x] == best]
    if game != "leaster" and len(winners) > 1:
        winners = []  # a tie is a wash
    score = [0] * SEATS
    if loser >= 0:
        score = [1] * SEATS
        score[loser] = -4
    elif winners:
        k = len(winners)
        score = [-k] * SEATS
        for x in winners:
            score[x] = SEATS - k  # R41(e), R41(f) split
    details: dict[str, Any] = {
        "no_pick": game,
        "points": points,
        "tricks": tricks,
        "blind": [format_card(TO_KERNEL[c]) for c in _bits(s.setup.blind)],
        "blind_points": blind_points,
        "blind_to": taker if taker >= 0 else None,
        "winners": winners,
        "loser": loser if loser >= 0 else None,
        "pending_doublers": pending,
    }
    return HandResult("leaster", tuple(score), details)


def _schwanzer(s: State, pending: int) -> HandResult:
    """R43 schwanzer: no play; the highest trump count pays 1 to each; ties go against the top trump."""
    values = [sum(SCHWANZ[c] for c in _bits(h)) for h in s.hands]
    high = max(values)
    tied = [x for x in range(SEATS) if values[x] == high]
    # the tied seat holding the highest trump loses (lowest index = highest trump)
    loser = min(tied, key=lambda x: (s.hands[x] & TRUMP & -(s.hands[x] & TRUMP)).bit_length())
    score = [1] * SEATS
    score[loser] = -4
    details = {"no_pick": "schwanzer", "values": values, "loser": loser, "pending_doublers": pending}
    return HandResult("leaster", tuple(score), details)


def counted_points(rules: SheepsheadRules, s: State) -> tuple[int, int]:
    """(card points the result counted, the total that must be counted) for a finished hand."""
    setup = s.setup
    points, _ = tally(s)
    if setup.picker >= 0:
        return sum(points) + points_of(setup.bury), 120
    if not s.tricks:
        return 0, 0
    blind = points_of(setup.blind)
    if blind_taker(rules, s) >= 0:
        return sum(points) + blind, 120
    return sum(points), 120 - blind
