"""How well a world explains the other seats' card plays: the misfits of the rule-based play.

A world that agrees with a seat's view may still be unlikely: the other seats played their cards
from the hands the world gives them, and most players (the rule bots and the search bots at our
tables, and people too) play much as `bots.RuleBot` does. `play_misfits` replays the card play of
a world on the fast layer (`fast.from_state` at the start of the play, then `FastState.apply` of
each card seen, in order) and, at every decision of a seat other than the viewer with more than
one legal card, asks the fast rule policy (`fast.RulePolicy`, which chooses as the rule bot does)
what it would have played; each card played that is not the policy's choice is a misfit. The
sampler (`sample.sample` with ``infer=True``) keeps a world with probability
``PLAY_UNLIKELY ** misfits`` (times the auction's weight), so worlds in which the others played
as a sound player would are preferred: PIMC with inference. The viewer's own plays are never
checked (it knows its hand, so every world agrees with them). The picker's call and the cracks
are not weighed: the rule bot decides them from a checked view, which would cost a view per
world; the passes are weighed already by the sampler (`sample.passers_who_would_pick`).

The rule bot's card play draws no random numbers (only its auction decisions do), so its choice is
one card and the comparison is exact: in the true state of a hand played by rule bots in every
seat, no play is a misfit (a test holds this, which also shows the replay rebuilds the states
faithfully). The policy still gets a private `random.Random` with a fixed seed, so the check never
draws from the search's stream.

The cost is kept low because it runs for every world of every decision: one fast state per world,
the policy and its random stream made once per rule set, and the count stops as soon as it reaches
``cap`` (the caller passes the fewest misfits that would already refuse the world and make it no
likelier than the best refused one).

Tuning. ``PLAY_UNLIKELY`` = 0.3 and ``PLAY_WEIGHED_TRIES`` = 30, chosen on these measurements
(2 shared cores, Python 3.11, December 2026):

- Strength at equal work, ``cardtable sim sheepshead --bots search:easy,search:classic:easy
  --seed 1 --jobs 2`` (mean difference per hand, 95% CI): 300 deals at 0.3/30: -0.023
  [-0.098, +0.052]; at 0.1/60: -0.030 [-0.102, +0.042]; at 0.6/30: +0.008 [-0.062, +0.077];
  1000 deals at 0.3/30: -0.014 [-0.054, +0.026]. No value is told apart from the classic search
  by the strength measurable here. At equal time, ``--bots
  search:hard@0.05,search:classic:hard@0.05``, 200 deals at 0.3/30: +0.064 [-0.023, +0.151]
  (seed 1), +0.052 [-0.038, +0.142] (seed 2); the two pooled, about +0.058 [-0.005, +0.121]:
  with the time spent whole, the inference may help, not yet shown beyond doubt.
- What the worlds look like (hands played by rule bots, the seat to play looking, 4 worlds per
  decision over 184 decisions): worlds in which every other seat's plays fit the rule policy
  0.21 without inference, 0.28 at 0.6/30, 0.37 at 0.3/30, 0.53 at 0.1/100; the share of the
  hidden cards placed in their true hands 0.241, 0.248, 0.256, 0.264.
- Cost (300 decisions of rule-bot hands, the machine lightly loaded): a world takes 0.28 ms with
  inference at 0.3/30 against 0.078 ms without (3.6 times; 2.7 at 0.6/30, 5.3 at 0.1/100), mostly
  in the worlds drawn and refused; the playouts of every candidate in one world take 0.15 ms, so
  a search that samples and plays out gets about half the worlds per second it had.

0.3 sharpens the worlds clearly (the tests hold it) at a cost the search can pay; the search bots
at our tables play a card other than the rule bot's about one time in thirty (3.5% of 115 choices
of ``search:easy``), so a true world seldom has more than a misfit or two and is not pushed out.
Lower values and more tries buy sharper worlds at a cost no measured strength repays.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from .play import SEATS, start_play
from .rules import SheepsheadRules
from .state import Phase, State

if TYPE_CHECKING:
    from .fast import RulePolicy

#: How likely a world is kept for each card another seat played that the rule policy would not.
PLAY_UNLIKELY: Final = 0.3
#: Worlds refused as unlikely (by the auction or the play) before the likeliest refused is kept.
PLAY_WEIGHED_TRIES: Final = 30
#: The seed of the policy's private random stream (its card play draws none; see above).
POLICY_SEED: Final = 0

_policies: dict[SheepsheadRules, tuple[RulePolicy, random.Random]] = {}


def _policy(rules: SheepsheadRules) -> tuple[RulePolicy, random.Random]:
    """The fast rule policy for ``rules`` and its private random stream, made once."""
    got = _policies.get(rules)
    if got is None:
        from .fast import RulePolicy  # the fast layer imports the game, which imports the sampler

        got = _policies[rules] = (RulePolicy(rules), random.Random(POLICY_SEED))
    return got


def play_misfits(rules: SheepsheadRules, start: State, cards: list[int], viewer: int, cap: int) -> int:
    """How many of ``cards`` (the card play from ``start``, the state at the start of the trick
    play, as Sheepshead card indices in order) played by a seat other than ``viewer`` are not what
    the rule policy plays there; counting stops at ``cap`` (so ``cap`` means "at least ``cap``");
    -1 if a card is not legal where it is played (the world cannot be)."""
    from .fast import from_state

    if cap <= 0:
        return 0
    s = from_state(start, rules)
    if s is None:  # pragma: no cover - the play starts after the deal
        return 0
    policy, rng = _policy(rules)
    choose = policy.choose
    misfits = 0
    for card in cards:
        moves = s.moves()
        if card not in moves:
            return -1
        if s.to_act != viewer and len(moves) > 1 and choose(s, moves, rng) != card:
            misfits += 1
            if misfits >= cap:
                return misfits
        s.apply(card)
    return misfits


def world_misfits(rules: SheepsheadRules, world: State, viewer: int = -1) -> int:
    """The misfits of the card play so far in ``world`` (a full state), seats other than
    ``viewer`` counted (all of them by default): the hand rewound to its first lead, then
    `play_misfits`. For tests and measurements; the sampler counts as it replays."""
    if world.phase != Phase.PLAY and not (world.phase == Phase.DONE and world.tricks):
        return 0
    tricks = [(leader, cards) for leader, cards, _winner in world.tricks]
    if world.trick:
        tricks.append((world.leader, world.trick))
    hands = list(world.hands)
    cards: list[int] = []
    for leader, cs in tricks:
        for i, c in enumerate(cs):
            hands[(leader + i) % SEATS] |= 1 << c
            cards.append(c)
    start = start_play(rules, world._replace(hands=tuple(hands)))
    return play_misfits(rules, start, cards, viewer, len(cards) + 1)
