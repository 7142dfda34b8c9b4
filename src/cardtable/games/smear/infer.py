"""The other seats' card plays, checked against a world: how many the rule-based bot would not make.

A seat's plays tell what it holds: a player who ducks a trick it could win cheaply has no cheap
winner, a bidder who leads a suit to make it trump holds that suit's best cards. The players at
our tables are the rule-based bot, search bots that mostly play as it does, and people, whose
plays mean much the same. So among the worlds that agree with a view (`sample.sample`), the ones
in which every other seat played as the rule-based bot would have played from the hand the world
deals it are likelier. `PlayCheck` replays the hand's card play (R21-R26, from the first lead,
after any discard) on the fast layer from the hands a world dealt, and at every decision of a
seat other than the viewer with more than one legal card it asks the fast rule policy
(`fast.RulePolicy`) what it would play; each observed card that differs is a **misfit**. The
viewer's own plays are never checked: it knows its hand. The auction and the discard are not
replayed here (the sampler weighs the auction by `sample.unlikely_calls`).

The rule-based bot plays its cards without random numbers (only ties of its bidding use them), so
a world in which the rule bots really sat has no misfit at all; the policy is still given a
private `random.Random` with a fixed seed, so the check never draws from the search's stream.

The sampler keeps a world with probability ``UNLIKELY ** call_misfits * PLAY_UNLIKELY **
play_misfits``, else draws another, and after `PLAY_TRIES` refusals keeps the likeliest refused
one: every world returned agrees with the view exactly, the weighting only chooses among them.
It runs for every world of every decision, so it is kept cheap: the plays are read from the view
once per sample, the replay stops after the last play of another seat, and `PlayCheck.misfits`
stops counting as soon as the world can neither be kept nor beat the likeliest refused one (the
sampler draws the keeping number first, so it knows that bound before the replay).

`PLAY_UNLIKELY` and `PLAY_TRIES` are first choices, to be set on the measurements of strength.
"""

from __future__ import annotations

import random

from .fast import FastState, RulePolicy, from_state
from .rules import SmearRules
from .state import Phase, State
from .tables import SEATS
from .view import SmearView

#: How likely a world is kept for each other seat's card play the rule-based bot would not make.
PLAY_UNLIKELY = 0.3
#: Worlds refused as unlikely (by the auction or the play) before the likeliest refused is kept.
PLAY_TRIES = 20

#: The fast rule policy for each rule set (building one builds a game and a bot).
_POLICIES: dict[SmearRules, RulePolicy] = {}


def policy(rules: SmearRules) -> RulePolicy:
    """The fast rule-based policy for ``rules``, built once."""
    p = _POLICIES.get(rules)
    if p is None:
        p = _POLICIES[rules] = RulePolicy(rules)
    return p


class PlayCheck:
    """The card play a view shows, ready to be replayed on the worlds sampled from it."""

    __slots__ = ("checked", "plays", "policy", "rng", "rules", "seats")

    def __init__(self, rules: SmearRules, view: SmearView) -> None:
        self.rules = rules
        self.policy = policy(rules)
        self.rng = random.Random(0)
        seats: list[int] = []
        plays: list[int] = []
        tricks = [(t.leader, t.cards) for t in view.tricks]
        if view.trick and view.leader is not None:
            tricks.append((view.leader, view.trick))
        for leader, cards in tricks:
            for i, c in enumerate(cards):
                seats.append((leader + i) % SEATS)
                plays.append(c)
        # Only the plays up to the last one of another seat need replaying.
        last = max((i for i, s in enumerate(seats) if s != view.seat), default=-1)
        self.seats = seats[: last + 1]
        self.plays = plays[: last + 1]
        self.checked = [s != view.seat for s in self.seats]

    def __bool__(self) -> bool:
        """Whether there is any other seat's play to check."""
        return bool(self.plays)

    def start(self, world: State) -> FastState:
        """The fast state at the first lead of the play in ``world``: each seat holding what it
        holds now and every card it has played since."""
        hands = list(world.hands)
        for s, c in zip(self.seats, self.plays, strict=True):
            hands[s] |= 1 << c
        bidder = world.setup.bidder
        first = State(Phase.PLAY, bidder, tuple(hands), -1, bidder, (), (), world.setup, None)
        fs = from_state(first, self.rules)
        assert fs is not None  # a play state is never refused
        return fs

    def misfits(self, world: State, most: int = 1 << 30) -> int:
        """How many of the other seats' card plays in ``world`` the rule-based bot would not make
        from the hands ``world`` deals them; counting stops once it exceeds ``most``."""
        s = self.start(world)
        choose = self.policy.choose
        rng = self.rng
        count = 0
        for check, card in zip(self.checked, self.plays, strict=True):
            if check:
                moves = s.moves()
                # (A forced card differs only in a world that ignores shown voids.)
                if (choose(s, moves, rng) != card) if len(moves) > 1 else moves != [card]:
                    count += 1
                    if count > most:
                        return count
            s.apply(card)
        return count
