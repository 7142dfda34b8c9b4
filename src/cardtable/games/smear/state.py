"""The frozen state of one Smear hand, with the match score from before it.

A state is a `typing.NamedTuple`: immutable, hashable, cheap to build and to compare. Cards are
ints and card sets are int bitmasks (`cardtable.cards`). What changes with every card played sits
in `State` itself; what is settled by the deal, the auction and the discard sits in its `Setup`,
shared unchanged by every state of the play.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Phase(Enum):
    """The steps of a hand (R10-R26)."""

    DEAL = "deal"
    AUCTION = "auction"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"


class Trick(NamedTuple):
    """A finished trick: who led, the four cards in play order from the leader, who won (R26)."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class Tally(NamedTuple):
    """The scoring of a played hand (R27-R37). Teams are 0 and 1; -1 means nobody."""

    high: int  # team that scored High
    low: int  # team that scored Low
    jack: int  # team that scored Jack
    game: int  # team that scored Game
    high_card: int  # the card that decided High (-1: none)
    low_card: int  # the card that decided Low (-1: none)
    counts: tuple[int, int]  # Game counts (R30)
    points: tuple[int, int]  # points won by each team (R27-R30)
    made: bool  # R32: the bidding team won at least its bid
    change: tuple[int, int]  # each team's score change, after any cap (R32, §3.14)
    scores: tuple[int, int]  # the match score after the hand
    winner: int  # the team that won the match (R34-R37), -1 if none


class Setup(NamedTuple):
    """What the deal, the auction and the discard settle for the play of a hand.

    During the auction ``bidder``/``bid`` are the highest bidder and bid so far (-1/0 when nobody
    has bid). ``kitty`` is the top ``kitty_size`` cards of the stock (taken by the bidder once the
    auction ends) and ``dead`` the rest of the stock (R20). ``calls`` are the auction's calls from
    the dealer's left, 0 for a pass. ``lead_ok`` is the set of cards the bidder may lead to trick 1
    after the discard (R18).
    """

    dealer: int
    scores: tuple[int, int]  # the match score before the hand
    kitty: int
    dead: int
    calls: tuple[int, ...]
    bidder: int
    bid: int
    discard: int
    lead_ok: int


class State(NamedTuple):
    """One hand of Smear, from before the deal to the end of the hand.

    ``to_act`` is the seat to act, `cardtable.core.CHANCE` before the deal, ``None`` once the hand
    is over. ``trump`` is the suit of the first card led (-1 before it, R22). ``trick`` holds the
    cards of the trick in progress, led by ``leader``; ``tricks`` the finished ones. ``tally`` is
    the scoring, once the sixth trick is done.
    """

    phase: Phase
    to_act: int | None
    hands: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    setup: Setup
    tally: Tally | None

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.setup.dealer

    @property
    def scores(self) -> tuple[int, int]:
        """The team scores before this hand."""
        return self.setup.scores

    @property
    def kitty(self) -> int:
        """The top ``kitty_size`` stock cards, which the bidder takes."""
        return self.setup.kitty

    @property
    def dead(self) -> int:
        """The stock cards nobody takes (R20)."""
        return self.setup.dead

    @property
    def calls(self) -> tuple[int, ...]:
        """The auction's calls from the dealer's left: 0 for a pass, else the bid."""
        return self.setup.calls

    @property
    def bidder(self) -> int:
        """The (highest) bidder so far, -1 if none."""
        return self.setup.bidder

    @property
    def bid(self) -> int:
        """The (highest) bid so far, 0 if none."""
        return self.setup.bid

    @property
    def discard(self) -> int:
        """The bidder's discard (R17)."""
        return self.setup.discard

    @property
    def lead_ok(self) -> int:
        """The cards the bidder may lead to trick 1 (R18)."""
        return self.setup.lead_ok
