"""Scoring a played hand: the four points (R27-R31), making or being set (R32-R33), the caps and
the end of the match (R34-R37, §3 items 13-15)."""

from __future__ import annotations

from .rules import SmearRules
from .state import Tally, Trick
from .tables import CARD_VALUE, SUIT, TRUMP_ACE, TRUMP_JACK, TRUMP_SEVEN, highest, lowest, value_of

_new = tuple.__new__  # builds a Tally from a tuple of its fields, without the keyword machinery


def _whereabouts(card: int, tricks: tuple[Trick, ...]) -> tuple[int, int]:
    """(the team that played ``card``, the team that captured it), or (-1, -1) if nobody played it."""
    if card >= 0:
        for leader, cards, winner in tricks:
            if card in cards:
                return (leader + cards.index(card)) & 1, winner & 1
    return -1, -1


def trumps_in_play(trump: int, tricks: tuple[Trick, ...]) -> int:
    """The set of trumps played in the tricks."""
    played = 0
    for _leader, cards, _winner in tricks:
        for c in cards:
            played |= 1 << c
    return played & SUIT[trump]


def score_hand(
    rules: SmearRules,
    bidder: int,
    bid: int,
    trump: int,
    tricks: tuple[Trick, ...],
    discard: int,
    scores: tuple[int, int],
) -> Tally:
    """The points, score changes, new scores and match winner of a hand whose six tricks are done.

    This runs once per hand of every playout, so it looks up only the few cards the points turn
    on (R27-R29) and sums the Game count from a per-card table (R30)."""
    bidding = bidder & 1

    # R27 High: the team that played the ace of trump, or (option) the highest trump played.
    if rules.high_rule == "ace_only":
        high_card = TRUMP_ACE[trump]
    else:
        trumps = trumps_in_play(trump, tricks)
        high_card = highest(trumps) if trumps else -1
    high, _ = _whereabouts(high_card, tricks)
    if high < 0:
        high_card = -1  # nobody played it

    # R28 Low: the 7 of trump, or (option) the lowest trump played; to its player or capturer.
    if rules.low_rule == "seven_only":
        low_card = TRUMP_SEVEN[trump]
    else:
        trumps = trumps_in_play(trump, tricks)
        low_card = lowest(trumps) if trumps else -1
    played_low, captured_low = _whereabouts(low_card, tricks)
    low = played_low if rules.low_awarded_to == "player" else captured_low
    if played_low < 0:
        low_card = -1  # nobody played it

    # R29 Jack: the team that won the trick holding the jack of trump; §3.11: a discarded jack
    # counts as captured by the bidding team when discards_as_captured is on.
    _, jack = _whereabouts(TRUMP_JACK[trump], tricks)
    if jack < 0 and rules.discards_as_captured and discard >> TRUMP_JACK[trump] & 1:
        jack = bidding

    # R30 Game: card values of the tricks won, plus the discards for the bidding team (R19).
    counts = [0, 0]
    v = CARD_VALUE
    for _leader, (a, b, c, d), winner in tricks:
        counts[winner & 1] += v[a] + v[b] + v[c] + v[d]
    if rules.discards_count_for_game:
        counts[bidding] += value_of(discard)
    if counts[0] != counts[1]:
        game = 0 if counts[0] > counts[1] else 1
    elif rules.game_tie == "bidding_team":
        game = bidding
    elif rules.game_tie == "non_bidding_team":
        game = 1 - bidding
    else:
        game = -1

    points = [0, 0]
    for team in (high, low, jack, game):
        if team >= 0:
            points[team] += 1

    # R32: the bidding team adds its points if it made the bid, else loses the bid; the other
    # team always adds its points. §3.14: the non-bidding team's cap never takes points away.
    made = points[bidding] >= bid
    change = [0, 0]
    change[bidding] = points[bidding] if made else -bid
    other = 1 - bidding
    change[other] = points[other]
    if rules.non_bidder_cap is not None:
        before = scores[other]
        after = before + points[other]
        if after > rules.non_bidder_cap:
            after = max(before, rules.non_bidder_cap)
        change[other] = after - before
    new_scores = (scores[0] + change[0], scores[1] + change[1])
    return _new(
        Tally,
        (
            high,
            low,
            jack,
            game,
            high_card,
            low_card,
            (counts[0], counts[1]),
            (points[0], points[1]),
            made,
            (change[0], change[1]),
            new_scores,
            match_winner(rules, bidding, made, new_scores),
        ),
    )


def match_winner(rules: SmearRules, bidding: int, made: bool, scores: tuple[int, int]) -> int:
    """R34-R37: the team that has won the match after a played hand, or -1."""
    target = rules.target_score
    if rules.must_bid_to_win:
        # §3.13: only the bidding team, having made its bid, can go out.
        return bidding if made and scores[bidding] >= target else -1
    reached = [scores[0] >= target, scores[1] >= target]
    if reached[0] and reached[1]:
        if rules.simultaneous == "higher_score" and scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return bidding  # R36: the bidder goes out (and wins a tie under higher_score)
    if reached[0]:
        return 0
    if reached[1]:
        return 1
    return -1
