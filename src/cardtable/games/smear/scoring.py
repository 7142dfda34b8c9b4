"""Scoring a played hand: the four points (R27-R31), making or being set (R32-R33), the caps and
the end of the match (R34-R37, §3 items 13-15)."""

from __future__ import annotations

from .rules import SmearRules
from .state import Tally, Trick
from .tables import SUIT, TRUMP_ACE, TRUMP_JACK, TRUMP_SEVEN, highest, lowest, value_of


def _team_holding(card: int, piles: tuple[int, int]) -> int:
    """The team whose set holds ``card``, or -1."""
    if card < 0:
        return -1
    bit = 1 << card
    if piles[0] & bit:
        return 0
    if piles[1] & bit:
        return 1
    return -1


def score_hand(
    rules: SmearRules,
    bidder: int,
    bid: int,
    trump: int,
    tricks: tuple[Trick, ...],
    discard: int,
    scores: tuple[int, int],
) -> Tally:
    """The points, score changes, new scores and match winner of a hand whose six tricks are done."""
    played = [0, 0]  # cards each team played
    won = [0, 0]  # cards each team captured in tricks
    for leader, (a, b, c, d), winner in tricks:
        a, b, c, d = 1 << a, 1 << b, 1 << c, 1 << d
        played[leader & 1] |= a | c  # the leader and the third hand are partners
        played[~leader & 1] |= b | d
        won[winner & 1] |= a | b | c | d
    by_team = (played[0], played[1])
    captured = (won[0], won[1])
    bidding = bidder & 1
    trumps_played = (played[0] | played[1]) & SUIT[trump]

    # R27 High: the team that played the ace of trump, or (option) the highest trump played.
    if rules.high_rule == "ace_only":
        high_card = TRUMP_ACE[trump] if trumps_played >> TRUMP_ACE[trump] & 1 else -1
    else:
        high_card = highest(trumps_played) if trumps_played else -1
    high = _team_holding(high_card, by_team)

    # R28 Low: the 7 of trump, or (option) the lowest trump played; to its player or capturer.
    if rules.low_rule == "seven_only":
        low_card = TRUMP_SEVEN[trump] if trumps_played >> TRUMP_SEVEN[trump] & 1 else -1
    else:
        low_card = lowest(trumps_played) if trumps_played else -1
    low = _team_holding(low_card, by_team if rules.low_awarded_to == "player" else captured)

    # R29 Jack: the team that won the trick holding the jack of trump; §3.11: a discarded jack
    # counts as captured by the bidding team when discards_as_captured is on.
    jack = _team_holding(TRUMP_JACK[trump], captured)
    if jack < 0 and rules.discards_as_captured and discard >> TRUMP_JACK[trump] & 1:
        jack = bidding

    # R30 Game: card values of the tricks won, plus the discards for the bidding team (R19).
    counts = [value_of(captured[0]), value_of(captured[1])]
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
    return Tally(
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
