"""Scoring a Seep deal (R3, R16, R17, R20), the 9-point rule (R21), the running difference and the
baazi (R22), and who deals next (R23)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.cards import DIAMONDS, SPADES, TEN, card, format_card
from cardtable.core import HandResult
from cardtable.games.seep.floor import VALUE, display_cards
from cardtable.games.seep.play import bidder
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import Match, SeepState


@lru_cache(maxsize=64)
def card_points(rules: SeepRules) -> tuple[int, ...]:
    """R3: every spade scores its capture value, the other three aces 1 each, and the 10 of
    diamonds ``ten_diamonds_points``; the other 35 cards score nothing. (Worked out once per set of
    rules: every deal's score asks.)"""
    points = [0] * 52
    for c in range(52):
        if c // 13 == SPADES:
            points[c] = VALUE[c]
        elif c % 13 == 0:
            points[c] = 1
    points[card(TEN, DIAMONDS)] = rules.ten_diamonds_points
    return tuple(points)


def pile_points(points: tuple[int, ...], pile: int) -> int:
    """The card points of a set of captured cards."""
    t = point_tables(points)
    return t[0][pile & 8191] + t[1][pile >> 13 & 8191] + t[2][pile >> 26 & 8191] + t[3][pile >> 39]


def suit_tables(per_card: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each suit, the sum of ``per_card`` over every set of that suit's 13 cards (by its bits),
    so that a sum over any set of cards is four lookups."""
    out = []
    for suit in range(4):
        t = [0] * 8192
        for m in range(1, 8192):
            low = m & -m
            t[m] = t[m ^ low] + per_card[suit * 13 + low.bit_length() - 1]
        out.append(tuple(t))
    return tuple(out)


#: `suit_tables` of a set of card points, made once for each (the rules met are few): scoring and
#: the rule-based bots share them.
point_tables = lru_cache(maxsize=16)(suit_tables)


@dataclass(frozen=True, slots=True)
class DealScore:
    """Everything a finished deal scores, and what it does to the match."""

    card_points: tuple[int, int]  # R3 plus any majority bonus, before the 9-point rule
    bonus: tuple[int, int]  # the majority bonus part of card_points
    sweeps: tuple[int, int]
    counted: tuple[int, int]  # deal totals as they count for the match (R17, R21)
    before: Match
    after: Match
    baazi: int | None  # the team that won a baazi with this deal
    why: str | None  # "nine_point_rule" or "lead"


def score_deal(rules: SeepRules, s: SeepState) -> DealScore:
    """R17, R21, R22: the deal totals, and the match after the deal."""
    points = card_points(rules)
    cards = [pile_points(points, s.piles[0]), pile_points(points, s.piles[1])]
    n0, n1 = s.piles[0].bit_count(), s.piles[1].bit_count()
    bonus = [0, 0]
    if rules.majority_bonus and n0 != n1:  # R3 variant: points for most cards, none on a tie
        bonus[0 if n0 > n1 else 1] = rules.majority_bonus
    cards = [cards[0] + bonus[0], cards[1] + bonus[1]]
    sweeps = (sum(s.sweeps[0]), sum(s.sweeps[1]))
    totals = [cards[0] + sweeps[0], cards[1] + sweeps[1]]
    basis = totals if rules.nine_point_basis == "total" else cards
    under = [basis[0] < 9, basis[1] < 9]
    d, baazis = s.match.difference, list(s.match.baazis)
    baazi: int | None = None
    why: str | None = None
    counted = list(totals)
    effect = rules.nine_point_effect
    if effect == "instant_baazi_loss" and under[0] != under[1]:
        # R21: a team under 9 loses the baazi at once; the difference starts again from 0.
        baazi, why, d = (1 if under[0] else 0), "nine_point_rule", 0
    elif effect == "instant_baazi_loss" and under[0] and under[1]:
        pass  # both under 9 (possible only when nobody captured): the deal counts for nobody
    else:
        if effect == "zero_card_points":
            for t in (0, 1):
                if under[t]:
                    counted[t] = sweeps[t]  # R21 variant: no card points, the sweeps still count
        d += counted[0] - counted[1]
        if abs(d) >= rules.baazi_lead:  # R22: a lead of baazi_lead or more wins; the excess is lost
            baazi, why, d = (0 if d > 0 else 1), "lead", 0
    if baazi is not None:
        baazis[baazi] += 1
    return DealScore(
        (cards[0], cards[1]), (bonus[0], bonus[1]), sweeps, (counted[0], counted[1]), s.match,
        Match(d, (baazis[0], baazis[1])), baazi, why,
    )  # fmt: skip


def match_after(rules: SeepRules, s: SeepState) -> Match:
    """The match after a finished hand (a misdeal changes nothing)."""
    if s.misdeal:
        return s.match
    return score_deal(rules, s).after


def next_dealer(rules: SeepRules, s: SeepState) -> int:
    """R23 (and R8 for a misdeal): who deals the next hand."""
    d = s.dealer
    if s.misdeal:
        return d if rules.redeal_by == "same" else (d + 1) % 4
    if rules.dealer_rotation == "rotate":
        return (d + 1) % 4
    sc = score_deal(rules, s)
    team = d & 1
    if sc.baazi is not None:
        # R23: the player who would have dealt next, had the baazi not ended, hands to their partner.
        would = (d + 1) % 4 if sc.baazi == team else d
        return (would + 2) % 4
    lead = sc.after.difference if team == 0 else -sc.after.difference
    return (d + 1) % 4 if lead > 0 else d


def outcome(rules: SeepRules, s: SeepState) -> HandResult:
    """The result of a finished hand: per seat, its team's deal total (record §7)."""
    if s.misdeal:
        b = bidder(s.dealer)
        return HandResult(
            "misdeal",
            (0, 0, 0, 0),
            {"bidder": b, "bidder_cards": [format_card(c) for c in display_cards(s.hands[b])],
             "reason": "the bidder held no card above 8 (R8)"},
        )  # fmt: skip
    sc = score_deal(rules, s)
    details: dict[str, Any] = {
        "card_points": list(sc.card_points),
        "majority_bonus": list(sc.bonus),
        "sweeps": list(sc.sweeps),
        "sweep_list": [list(s.sweeps[0]), list(s.sweeps[1])],
        "totals": [sc.card_points[0] + sc.sweeps[0], sc.card_points[1] + sc.sweeps[1]],
        "counted": list(sc.counted),
        "cards_captured": [s.piles[0].bit_count(), s.piles[1].bit_count()],
        "last_capture": None if s.last_capture < 0 else s.last_capture,
        "difference_before": sc.before.difference,
        "difference_after": sc.after.difference,
        "baazi": None if sc.baazi is None else {"team": sc.baazi, "why": sc.why},
    }
    c0, c1 = sc.counted
    return HandResult("played", (c0, c1, c0, c1), details)


def point_totals(rules: SeepRules, s: SeepState) -> tuple[int, int]:
    """(card points counted, card points the rules say must be counted) for a finished hand: all
    100 when the piles hold the whole deck, nothing when nobody captured and nobody took the floor."""
    if s.misdeal:
        return (0, 0)
    sc = score_deal(rules, s)
    counted = sc.card_points[0] + sc.card_points[1]
    if (s.piles[0] | s.piles[1]).bit_count() == 52:
        tie = s.piles[0].bit_count() == 26
        return (counted, sum(card_points(rules)) + (0 if tie else rules.majority_bonus))
    return (counted, pile_points(card_points(rules), s.piles[0] | s.piles[1]))
