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
checked (it knows its hand, so every world agrees with them).

The rule bot's card play draws no random numbers (only its auction decisions do), so its choice is
one card and the comparison is exact: in the true state of a hand played by rule bots in every
seat, no play is a misfit (a test holds this, which also shows the replay rebuilds the states
faithfully). The policy still gets a private `random.Random` with a fixed seed, so the check never
draws from the search's stream.

The cost is kept low because it runs for every world of every decision: one fast state per world,
the policy and its random stream made once per rule set, and the count stops as soon as it reaches
``cap`` (the caller passes the fewest misfits that would already refuse the world and make it no
likelier than the best refused one).

Tuning (measured with ``cardtable sim sheepshead --bots search:easy,search:classic:easy``, see
`docs/sheepshead.md`): ``PLAY_UNLIKELY`` = 0.3 and ``PLAY_WEIGHED_TRIES`` = 30.
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
