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

The rule-based bot decides without random numbers (ties go to a fixed order), so a world in which
rule bots really sat has no misfit at all, and a misfit is simply a card other than the policy's
choice; the policy is still given a private `random.Random` with a fixed seed, so the check never
draws from the search's stream whatever policy it is.

The sampler keeps a world with probability ``UNLIKELY ** call_misfits * PLAY_UNLIKELY **
play_misfits``, else draws another, and after `PLAY_TRIES` refusals keeps the likeliest refused
one: every world returned agrees with the view exactly, the weighting only chooses among them.
It runs for every world of every decision, so it is kept cheap (see `PlayCheck`): the play is
replayed once per view, each world only puts its hands into the kept decision states, answers are
remembered, the plays that refused the last world are asked first, and `PlayCheck.misfits` stops
counting as soon as the world can neither be kept nor beat the likeliest refused one (the sampler
draws the keeping number first, so it knows that bound before the replay).

`PLAY_UNLIKELY` = 0.3 and `PLAY_TRIES` = 20 were chosen on measurements (x86_64, two cores shared
with other work). On the play's decisions of hands played by rule bots (``bench/smear_infer.py
--hands 15 --worlds 10``) the share of worlds in which every other seat's plays fit, and the share
of the other hands' cards placed in the hand truly holding them, were:

    without the plays weighed   0.175 fit  0.218 placed   about 70 us a world
    0.5, 8 tries                0.281      0.246          3.4 times as long
    0.3, 20 tries               0.397      0.269          6 times as long (2.7 times the playouts of a world)
    0.1, 20 tries               0.546      0.282          7.5 times as long

In strength (``cardtable sim smear``, duplicate deals, mean difference per hand with its 95%
interval) no setting was told apart from the search without it: at equal work ``search:easy`` vs
``search:classic:easy`` gained -0.001 [-0.094, 0.093] (0.3, 20 tries; 1000 deals, seed 1), +0.019
[-0.049, 0.087] (0.3, 20 tries; 2000 more deals, seed 2) and +0.021 [-0.073, 0.114] (0.1; 1000
deals), ``search:medium`` +0.03 [-0.15, 0.21] (0.3; 300 deals) and
+0.005 [-0.169, 0.179] (0.1; 300 deals); at 0.05 s a decision (``search:hard@0.05`` vs
``search:classic:hard@0.05``, 300 deals, where the classic search overruns to about 60 ms a
decision against 38 ms) -0.042 [-0.213, 0.13] (0.3), -0.117 [-0.268, 0.035] (0.5, 8 tries), and
-0.072 [-0.225, 0.082] without the plays weighed (``PLAY_UNLIKELY`` = 1). With no difference in
strength to choose by, 0.3 keeps most of what 0.1 infers (the placed cards nearly as well) at less
cost, and 0.5 infers much less for its saving and leaned weaker at equal time.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

from .fast import FastState, RulePolicy, from_state
from .rules import SmearRules
from .state import Phase, Setup, State
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
    """The other seats' card plays a view shows, ready to be checked against worlds sampled from it.

    Everything a seat's decision depends on but its hand is public (the trick, the trump, the
    cards played, the leader), the same in every world; so the replay is done once, on the first
    world checked, keeping a fast state at each decision to check, and a later world only puts
    the seat's hand of the moment (what the world deals it now and every card it played since)
    into that state and asks the policy. The answers are remembered per decision and hand, since
    the search draws many worlds from one view (`for_view` keeps the last view's check).
    """

    __slots__ = ("checks", "plays", "policy", "rng", "rules", "seats", "viewer")

    def __init__(self, rules: SmearRules, view: SmearView) -> None:
        self.rules = rules
        self.viewer = view.seat
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
        #: Per decision to check: (seat, card played, the cards the seat played from there on,
        #: the fast state before it, whether it is the first lead, its answers by hand).
        self.checks: list[tuple[int, int, int, FastState, bool, dict[tuple[int, int], bool]]] = []

    def __bool__(self) -> bool:
        """Whether there is any other seat's play to check."""
        return bool(self.plays)

    def start(self, world: State) -> FastState:
        """The fast state at the first lead of the play in ``world``: each seat holding what it
        holds now and every card it has played since."""
        return self._start(world.hands, world.setup)

    def _start(self, now: Sequence[int], setup: Setup) -> FastState:
        hands = list(now)
        for s, c in zip(self.seats, self.plays, strict=True):
            hands[s] |= 1 << c
        bidder = setup.bidder
        first = State(Phase.PLAY, bidder, tuple(hands), -1, bidder, (), (), setup, None)
        fs = from_state(first, self.rules)
        assert fs is not None  # a play state is never refused
        return fs

    def _replay(self, hands: Sequence[int], setup: Setup) -> None:
        """Replay the play once, keeping a copy of the state before each decision to check."""
        s = self._start(hands, setup)
        later = [0] * SEATS
        marks = []
        for i in range(len(self.plays) - 1, -1, -1):  # the cards each seat played from i on
            later[self.seats[i]] |= 1 << self.plays[i]
            marks.append(later[self.seats[i]])
        marks.reverse()
        for i, (seat, card) in enumerate(zip(self.seats, self.plays, strict=True)):
            if seat != self.viewer:
                self.checks.append((seat, card, marks[i], s.copy(), i == 0, {}))
            s.apply(card)

    def misfits(self, world: State, most: int = 1 << 30) -> int:
        """How many of the other seats' card plays in ``world`` the rule-based bot would not make
        from the hands ``world`` deals them; counting stops once it exceeds ``most``."""
        return self.count(world.hands, world.setup, most)

    def count(self, hands: Sequence[int], setup: Setup, most: int = 1 << 30) -> int:
        """`misfits` of the world whose hands (now) are ``hands`` and whose setup is ``setup``."""
        if not self.checks:
            self._replay(hands, setup)
        choose = self.policy.choose
        rng = self.rng
        count = 0
        checks = self.checks
        for i, (seat, card, later, s, first, answers) in enumerate(checks):
            hand = hands[seat] | later
            key = (hand, setup.lead_ok if first else 0)  # the first lead depends on the discard (R18)
            fit = answers.get(key)
            if fit is None:
                s.hands[seat] = hand
                if first:
                    s.setup = setup
                moves = s.moves()
                # (A forced card differs only in a world that ignores shown voids.)
                fit = answers[key] = (choose(s, moves, rng) == card) if len(moves) > 1 else moves == [card]
            if not fit:
                count += 1
                if i and count == 1:  # the plays that tell most are checked first next time
                    checks.insert(0, checks.pop(i))
                if count > most:
                    return count
        return count


class _Last(threading.local):
    """The last view's check, one per thread (a check's states are changed while it runs)."""

    entry: tuple[SmearRules, SmearView, PlayCheck] | None = None


_last = _Last()


def for_view(rules: SmearRules, view: SmearView) -> PlayCheck:
    """The `PlayCheck` of ``view``, the same one while the views asked for in this thread are equal
    (a search samples all the worlds of a decision from one view)."""
    last = _last.entry
    if last is not None and (last[1] is view or last[1] == view) and last[0] == rules:
        return last[2]
    check = PlayCheck(rules, view)
    _last.entry = (rules, view, check)
    return check
