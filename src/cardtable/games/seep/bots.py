"""A rule-based Seep player: the habits of a sound table player, from its view alone.

It bids its highest value (high cards capture most). In play it weighs each legal move by what it
brings at once and what it gives away: a capture is worth the card points it takes, more for a
sweep; a house is worth the points it gathers, to be taken later with the card it keeps; breaking
an opponent's house takes those points over; a throw gives points away and may leave the floor
open to a sweep by the next player. Ties go to keeping high cards and spades.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.games.seep.actions import Bid, Break, Build, Capture, Cement, SeepAction, Throw
from cardtable.games.seep.floor import VALUE, bits
from cardtable.games.seep.scoring import card_points
from cardtable.games.seep.view import SeepView


class RuleBot:
    """Plays Seep by simple, sound rules (see the module docstring)."""

    name = "rule"

    def __init__(self, game: Any) -> None:
        self.game = game
        self.points = card_points(game.rules)
        self.sweep = game.rules.sweep_points

    def act(self, view: SeepView, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action with the best score (ties broken at random)."""
        if isinstance(legal[0], Bid):
            return max(legal, key=lambda a: a.value)
        scored = [(self.score(view, a) + rng.random() * 1e-3, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    def _worth(self, cards: int) -> float:
        return sum(self.points[c] for c in bits(cards)) + 0.2 * cards.bit_count()

    def score(self, view: SeepView, a: SeepAction) -> float:
        """How good the move looks from the view."""
        houses = {h.value: h for h in view.houses}
        own_card = self._worth(1 << a.card) if not isinstance(a, Bid) else 0.0
        keep_high = 0.05 * VALUE[a.card] if not isinstance(a, Bid) else 0.0
        if isinstance(a, Capture):
            taken = a.take | (houses[a.house].cards if a.house else 0)
            left_loose = view.loose & ~a.take
            left_houses = len(view.houses) - (1 if a.house else 0)
            sweep = self.sweep if not left_loose and not left_houses else 0
            return 10 + self._worth(taken) + own_card + sweep
        if isinstance(a, Throw):
            after = view.loose | 1 << a.card
            open_sweep = not view.houses and sum(VALUE[c] for c in bits(after)) <= 13
            return -own_card - (0.6 * self.sweep if open_sweep else 0.0) + keep_high
        if isinstance(a, Build):
            return 3 + 0.6 * (self._worth(a.take) + own_card)
        if isinstance(a, Break):
            h = houses[a.house]
            return 4 + 0.6 * (self._worth(h.cards) + own_card)
        if isinstance(a, Cement):
            h = houses[a.house]
            mine = h.owners >> view.seat & 1 or h.owners >> ((view.seat + 2) % 4) & 1
            return (2 if mine else 0) + 0.5 * (self._worth(a.take) + own_card)
        return 0.0
