"""The rule options of Four-Point (Northeastern Wisconsin) Smear, exactly as the option table of
the rules page (§3.2) names them. Every default is the seed-faithful rule set of §2.

>>> SmearRules().kitty_size, SmearRules().target_score, SmearRules().all_pass
(0, 15, 'redeal_same_dealer')
>>> SmearRules(min_bid=4, max_bid=3)
Traceback (most recent call last):
...
cardtable.core.BadRules: smear options: min_bid 4 is above max_bid 3
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core import BadRules, option
from cardtable.i18n import N_


@dataclass(frozen=True, slots=True)
class SmearRules:
    """The frozen options of one Smear game (rules page §3.2)."""

    kitty_size: int = option(
        0,
        doc=N_("undealt stock cards the winning bidder takes into hand, then discards as many"),
        rule="R6",
        choices=(0, 1, 2, 3),
    )
    target_score: int = option(
        15,
        doc=N_("the score a team must reach to win the match"),
        rule="R7",
        kind=int,
        minimum=1,
        examples=(11, 21),
    )
    min_bid: int = option(
        2,
        doc=N_("the lowest bid"),
        rule="R12",
        choices=(1, 2, 3, 4),
    )
    max_bid: int = option(
        4,
        doc=N_("the highest bid (at most the 4 points of a hand)"),
        rule="R12",
        choices=(2, 3, 4),
    )
    dealer_may_equal: bool = option(
        False,
        doc=N_("the dealer may take the contract by bidding equal to the highest bid (dealer steal)"),
        rule="§3.7",
        choices=(False, True),
    )
    max_bid_ends_auction: bool = option(
        True,
        doc=N_("a bid of max_bid ends the auction at once; otherwise the later players still speak"),
        rule="R13",
        choices=(True, False),
    )
    all_pass: str = option(
        "redeal_same_dealer",
        doc=N_(
            "when all four pass: the same dealer redeals, the next dealer deals, "
            "or the dealer may not pass after three passes (stick_dealer)"
        ),
        rule="R15",
        choices=("redeal_same_dealer", "redeal_next_dealer", "stick_dealer"),
    )
    follow_rule: str = option(
        "follow_or_trump",
        doc=N_("follow_or_trump: a trump is always legal; strict: trump only when void in the suit led"),
        rule="R24",
        choices=("follow_or_trump", "strict"),
    )
    high_rule: str = option(
        "ace_only",
        doc=N_("High goes to the team playing the ace of trump, or to the highest trump played"),
        rule="R27",
        choices=("ace_only", "highest_in_play"),
    )
    low_rule: str = option(
        "seven_only",
        doc=N_("Low is the 7 of trump, or the lowest trump played"),
        rule="R28",
        choices=("seven_only", "lowest_in_play"),
    )
    low_awarded_to: str = option(
        "player",
        doc=N_("Low goes to the team that played the Low card, or to the team that captured it"),
        rule="R28",
        choices=("player", "capturer"),
    )
    game_tie: str = option(
        "none",
        doc=N_("who takes the Game point when the game counts tie: nobody, the bidding or the other team"),
        rule="R30",
        choices=("none", "bidding_team", "non_bidding_team"),
    )
    discards_count_for_game: bool = option(
        True,
        doc=N_("the bidder's discards count toward the bidding team's Game count"),
        rule="R19",
        choices=(True, False),
    )
    discards_as_captured: bool = option(
        False,
        doc=N_("the discards are a trick won by the bidding team for Jack (a discarded trump jack scores)"),
        rule="§3.11",
        choices=(False, True),
    )
    simultaneous: str = option(
        "bidder_wins",
        doc=N_(
            "when both teams reach the target in one hand: the bidding team wins, "
            "or the higher score (the bidding team on a tie)"
        ),
        rule="R36",
        choices=("bidder_wins", "higher_score"),
    )
    must_bid_to_win: bool = option(
        False,
        doc=N_("a team wins only after a hand in which it was the bidding team and made its bid"),
        rule="§3.13",
        choices=(False, True),
    )
    non_bidder_cap: int | None = option(
        None,
        doc=N_("the non-bidding team's score cannot rise above this in a hand (null: no cap)"),
        rule="§3.14",
        kind=int,
        examples=(15, 14),
    )

    def __post_init__(self) -> None:
        if self.min_bid > self.max_bid:
            raise BadRules(f"smear options: min_bid {self.min_bid} is above max_bid {self.max_bid}")


#: The options', their named choices' and the presets' names in words (``kitty_size`` is "kitty
#: size"), for the pages to say in the reader's language (docs/languages.md).
WORDS = (
    N_("kitty size"),
    N_("target score"),
    N_("min bid"),
    N_("max bid"),
    N_("dealer may equal"),
    N_("max bid ends auction"),
    N_("all pass"),
    N_("redeal same dealer"),
    N_("redeal next dealer"),
    N_("stick dealer"),
    N_("follow rule"),
    N_("follow or trump"),
    N_("strict"),
    N_("high rule"),
    N_("ace only"),
    N_("highest in play"),
    N_("low rule"),
    N_("seven only"),
    N_("lowest in play"),
    N_("low awarded to"),
    N_("player"),
    N_("capturer"),
    N_("game tie"),
    N_("none"),
    N_("bidding team"),
    N_("non bidding team"),
    N_("discards count for game"),
    N_("discards as captured"),
    N_("simultaneous"),
    N_("bidder wins"),
    N_("higher score"),
    N_("must bid to win"),
    N_("non bidder cap"),
    N_("bid out"),
    N_("bid out capped"),
    N_("standard"),
)
