"""The rule-based Seep players: `rule`, and `rule:classic`, the bot before it.

`rule` weighs each move by what it is worth to the team under the rules in force: what it takes
now, the houses it leaves and what it gives the next opponent (`rulebot.Appraiser`). It gains
+186 points a deal on the classic bot, mostly sweeps the classic bot left open (2,000 duplicate
deals, docs/bots.md).

`rule:classic` (``RuleBot(game, classic=True)``) bids its highest value (high cards capture most).
In play it weighs each legal move by what it brings at once and what it gives away: a capture is
worth the card points it takes, more for a sweep; a house is worth the points it gathers, to be
taken later with the card it keeps; breaking an opponent's house takes those points over; a throw
gives points away and may leave the floor open to a sweep by the next player, judged by the loose
cards' total alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MethodType
from typing import Any

from cardtable.bots.facade import SearchSettings, for_bots
from cardtable.games.seep.actions import Bid, Break, Build, Capture, Cement, SeepAction, Throw
from cardtable.games.seep.floor import VALUE, bits
from cardtable.games.seep.moves import code_of
from cardtable.games.seep.rulebot import Appraiser
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.scoring import card_points, point_tables, suit_tables
from cardtable.games.seep.state import House, Phase
from cardtable.games.seep.view import SeepView

_VALUE_SUMS = suit_tables(VALUE)


def _total(cards: int) -> int:
    """The sum of the capture values of a set of cards."""
    t = _VALUE_SUMS
    return t[0][cards & 8191] + t[1][cards >> 13 & 8191] + t[2][cards >> 26 & 8191] + t[3][cards >> 39]


#: How the search spends its work in Seep (`cardtable.bots.search.SearchSettings`). A world is a
#: shuffle, costing about one move. The hard level no longer spends four times its budgets: the
#: rule-based bot that plays the playouts weighs every move against the next opponent's replies,
#: a playout costing about six times what it did (four times the work would take the hard level
#: well over the 0.3 s a decision it keeps under), and the better playouts are worth more than
#: the extra worlds were (docs/bots.md). The medium level spends twice its budgets (320 playouts,
#: 1,500 moves): on its own it was not shown above easy (about -0.2 a deal over 70 deals), since
#: early in a deal both levels play every action in two worlds and no more; on twice them it
#: beats easy by +5.0 [+1.9, +8.1] a deal (150 deals, docs/bots.md).
SEARCH_SETTINGS = SearchSettings(
    moves={"easy": 250, "medium": 750, "hard": 2000},
    scale={"medium": 2},
    world_moves=1,
)


class RuleBot:
    """Plays Seep by sound rules (see the module docstring); ``classic`` is the bot before this
    one (`rule:classic`)."""

    name = "rule"

    def __init__(self, game: Any, classic: bool = False) -> None:
        self.game = game = for_bots(game)  # a game of its own: no way to the true state
        self.classic = classic
        if classic:
            self.name = "rule:classic"
        self.appraiser = Appraiser(game.rules)
        self.points = card_points(game.rules)
        self.sweep = game.rules.sweep_points
        self._sums = point_tables(self.points)
        #: _worth of each single card.
        self._card_worth = tuple(self._worth(1 << c) for c in range(52))

    def act(self, view: SeepView, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action with the best value (ties broken at random)."""
        if not self.classic:
            i = self.appraiser.choose(
                view.seat, view.dealer, view.phase, view.plays, view.hand, view.hand_sizes,
                view.loose if view.floor_visible else 0, view.houses, view.piles, view.sweeps, view.last_capture,
                [code_of(a) for a in legal], rng,
            )  # fmt: skip
            return legal[i]
        return self._classic_act(view, legal, rng)

    def _classic_act(self, view: SeepView, legal: Sequence[Any], rng: random.Random) -> Any:
        """The classic bot's choice: the legal action with the best `score`."""
        if isinstance(legal[0], Bid):
            return max(legal, key=lambda a: a.value)
        houses = {h.value: h for h in view.houses}
        score = self._score
        rand = rng.random
        # Throws, the commonest moves, are scored here as `_score` does.
        loose = view.loose
        no_houses = not view.houses
        loose_sum = _total(loose)
        card_worth = self._card_worth
        open_penalty = 0.6 * self.sweep
        best = 0.0
        best_i = -1
        for i, a in enumerate(legal):
            if a.__class__ is Throw:
                card = a.card
                if no_houses:
                    after = loose_sum + VALUE[card] if not loose >> card & 1 else _total(loose | 1 << card)
                    open_sweep = after <= 13
                else:
                    open_sweep = False
                value = -card_worth[card] - (open_penalty if open_sweep else 0.0) + 0.05 * VALUE[card]
            else:
                value = score(view, a, houses)
            value += rand() * 1e-3
            if best_i < 0 or value >= best:  # the last of equal scores, as max() over (score, i)
                best = value
                best_i = i
        return legal[best_i]

    def _worth(self, cards: int) -> float:
        """What a set of cards is worth: its card points, and a little for each card (cards count
        for the majority bonus, and for the floor)."""
        a, b, c, d = self._sums
        return (
            a[cards & 8191] + b[cards >> 13 & 8191] + c[cards >> 26 & 8191] + d[cards >> 39]
        ) + 0.2 * cards.bit_count()

    def score(self, view: SeepView, a: SeepAction) -> float:
        """How good the move looks from the view, to the classic bot."""
        return self._score(view, a, {h.value: h for h in view.houses})

    def _score(self, view: SeepView, a: SeepAction, houses: dict[int, House]) -> float:
        cls = a.__class__
        if cls is Bid:
            return 0.0
        card = a.card  # type: ignore[union-attr]
        if cls is Throw:
            open_sweep = not view.houses and _total(view.loose | 1 << card) <= 13
            return -self._card_worth[card] - (0.6 * self.sweep if open_sweep else 0.0) + 0.05 * VALUE[card]
        own_card = self._card_worth[card]
        if cls is Capture:
            assert isinstance(a, Capture)
            taken = a.take | (houses[a.house].cards if a.house else 0)
            left_loose = view.loose & ~a.take
            left_houses = len(view.houses) - (1 if a.house else 0)
            sweep = self.sweep if not left_loose and not left_houses else 0
            return 10 + self._worth(taken) + own_card + sweep
        if cls is Build:
            assert isinstance(a, Build)
            return 3 + 0.6 * (self._worth(a.take) + own_card)
        if cls is Break:
            assert isinstance(a, Break)
            h = houses[a.house]
            return 4 + 0.6 * (self._worth(h.cards) + own_card)
        if cls is Cement:
            assert isinstance(a, Cement)
            h = houses[a.house]
            mine = h.owners >> view.seat & 1 or h.owners >> ((view.seat + 2) % 4) & 1
            return (2 if mine else 0) + 0.5 * (self._worth(a.take) + own_card)
        return self._slow_score(view, a, houses)

    def _slow_score(self, view: SeepView, a: SeepAction, houses: dict[int, House]) -> float:
        """The score of an action of a subclass of the Seep action types."""
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


class FastRulePolicy:
    """`RuleBot` for the fast layer (`fast.playout`): the same scores, the same random draws, so
    the same choice on the same random stream, read from a `fast.FastState` and its move numbers
    (`moves.code_of`). It looks only at what the mover's view shows: the mover's own hand, the
    floor once it is face up, the piles, the sweeps, the number of cards in each hand and the
    mover's seat. ``classic`` plays as `RuleBot`'s classic version."""

    def __init__(self, rules: SeepRules, classic: bool = False) -> None:
        self.classic = classic
        self.appraiser = Appraiser(rules)
        self.sweep = rules.sweep_points
        self._sums = point_tables(card_points(rules))
        self.worth = MethodType(RuleBot._worth, self)  # the rule bot's own measure
        self.card_worth = tuple(self.worth(1 << c) for c in range(52))

    def __call__(self, st: Any, moves: Sequence[int], rng: random.Random) -> int:
        """The move with the best score (ties to the last, after `RuleBot`'s random nudges)."""
        if not self.classic:
            phase = st.phase
            hands = st.hands
            seat = (st.dealer + st.plays + 1) & 3  # at the bid, plays is 0: the bidder
            loose = 0 if phase is Phase.BID else st.loose  # the floor is face down until the bid
            i = self.appraiser.choose(
                seat, st.dealer, phase, st.plays, hands[seat],
                (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count()),
                loose, st.houses, st.piles, st.sweeps, st.last_capture, moves, rng,
            )  # fmt: skip
            return moves[i]
        if st.phase is Phase.BID:
            return max(moves)  # the highest bid; a bid is its value << 8
        loose = st.loose
        houses = st.houses
        no_houses = not houses
        loose_sum = _total(loose)
        card_worth = self.card_worth
        worth = self.worth
        sweep_points = self.sweep
        open_penalty = 0.6 * sweep_points
        rand = rng.random
        seat = (st.dealer + st.plays + 1) & 3
        best = 0.0
        best_i = -1
        for i, code in enumerate(moves):
            card = code >> 2 & 63
            kind = code & 3
            v = code >> 8 & 15
            take = code >> 12
            if kind == 0 and not v and not take:  # a throw
                if no_houses:
                    after = loose_sum + VALUE[card] if not loose >> card & 1 else _total(loose | 1 << card)
                    open_sweep = after <= 13
                else:
                    open_sweep = False
                value = -card_worth[card] - (open_penalty if open_sweep else 0.0) + 0.05 * VALUE[card]
            elif kind == 0:  # a capture
                taken = take | (_house(houses, v).cards if v else 0)
                left_houses = len(houses) - (1 if v else 0)
                sweep = sweep_points if not loose & ~take and not left_houses else 0
                value = 10 + worth(taken) + card_worth[card] + sweep
            elif kind == 1:
                value = 3 + 0.6 * (worth(take) + card_worth[card])
            elif kind == 2:
                value = 4 + 0.6 * (worth(_house(houses, v).cards) + card_worth[card])
            else:
                owners = _house(houses, v).owners
                mine = owners >> seat & 1 or owners >> ((seat + 2) % 4) & 1
                value = (2 if mine else 0) + 0.5 * (worth(take) + card_worth[card])
            value += rand() * 1e-3
            if best_i < 0 or value >= best:
                best = value
                best_i = i
        return moves[best_i]


def _house(houses: Sequence[House], value: int) -> House:
    for h in houses:
        if h.value == value:
            return h
    raise AssertionError(f"no house of value {value}")
