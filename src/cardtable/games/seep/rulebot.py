"""How the rule-based Seep player (`rule`) weighs its moves: what a move is worth to the team.

Every legal move is played on the seat's own copy of the floor, by the engine's own effects of play
(`play.effect_of`), and judged by what it does there:

- **what it takes now**: the card points that reach the team's pile (by the rules in force: the 10
  of diamonds' points, the majority bonus as a little for each card), and the sweeps it scores or
  cancels (25 at the opening, 50 in the middle, none at the last play, or whatever the rules say);
- **the houses it leaves**: a house only the team owns is mostly the team's to capture later (its
  owner keeps a card of its value), a house only the other team owns mostly theirs, so each counts
  for a share of its points (`HOUSE_SHARE`);
- **what it gives the next player**, an opponent: for every value, the chance that their hand holds
  a card of it (from the cards the seat has not seen and the size of that hand) and the best
  capture such a card would make on the floor left behind, a sweep included; the expected best
  of those is taken off (`THREAT`). So a throw that leaves a floor an opponent can sweep costs
  about the sweep times the chance they can, and a card that avoids it is preferred; a house the
  next opponent can take is not built;
- **the last capture**: at the last play, loose cards left go to the team that captured last.

The bid is the value of which the bidder holds most cards among its first four (the bid card must
be kept until the house is taken or the card played), the highest among equals: several cards of
the bid value make the opening house safe and leave a card to build with.

Only the seat's view is read: its hand, the floor, the piles, the sweeps, the number of cards in
each hand and whose turn it is. `bots.RuleBot` plays by it from a view, `bots.FastRulePolicy` from
a fast state, with the same choices from the same random stream.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Final

from cardtable.cards import DECK52_MASK
from cardtable.games.seep.floor import VALUE_MASK, floor_sums
from cardtable.games.seep.play import effect_of
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.scoring import card_points, point_tables
from cardtable.games.seep.state import House, Phase

#: The share of a house's points counted as its owners' while it stands.
HOUSE_SHARE: Final = 0.6
#: How much of the next opponent's expected best capture is taken off a move: more than once, for
#: the player after it sees the floor too (`bench/seep_rule_tune.py`, against 1.0: 1.3 gained
#: +0.7 points a deal, 1.6 +1.8 and 2.0 +1.8 over 1,000 deals of seed 5; 1.6 +1.9 [+0.8, +2.9]
#: over 1,500 of seed 6; 0.7 lost 4.4 over 300).
THREAT: Final = 1.6
#: What a card is worth besides its points (ties between captures go to taking more cards).
CARD_WORTH: Final = 0.1
#: What keeping a card is worth, per unit of its capture value (a high card captures more sums).
KEEP: Final = 0.05

_NO_STOCK: Final = (0, 0, 0, 0)


class Appraiser:
    """Weighs moves for one set of rules (see the module docstring)."""

    __slots__ = ("_shelf", "card_worth", "house_share", "keep", "last_sweep", "rules", "sweep", "tables", "threat")

    def __init__(
        self,
        rules: SeepRules,
        house_share: float = HOUSE_SHARE,
        threat: float = THREAT,
        keep: float = KEEP,
        card_worth: float = CARD_WORTH,
    ) -> None:
        self.rules = rules
        self.tables = point_tables(card_points(rules))
        self.card_worth = card_worth + rules.majority_bonus / 8
        self.house_share = house_share
        self.threat = threat
        self.keep = keep
        #: Where `_loose_table` keeps the floors met: a shelf of `_SHELVES`, shared by every
        #: appraiser of the same rules and worths. It is kept in the module, not in the appraiser,
        #: so that nothing a bot holds lists floors of other hands (a set of cards that may
        #: equal a hand the seat cannot see).
        self._shelf = _shelf((rules, self.card_worth))
        self.sweep = rules.sweep_points
        self.last_sweep = rules.last_play_sweep_points

    def worth(self, cards: int) -> float:
        """The card points of a set of cards, and a little for each card."""
        a, b, c, d = self.tables
        points = a[cards & 8191] + b[cards >> 13 & 8191] + c[cards >> 26 & 8191] + d[cards >> 39]
        return points + self.card_worth * cards.bit_count()

    def bid(self, hand: int, moves: Sequence[int]) -> int:
        """The index of the bid to make: the value held most often among the first four, the
        highest among equals (a bid's move number is its value << 8)."""
        best_i = 0
        best = -1
        for i, code in enumerate(moves):
            v = code >> 8
            key = (hand & VALUE_MASK[v]).bit_count() * 16 + v
            if key > best:
                best, best_i = key, i
        return best_i

    def choose(
        self,
        seat: int,
        dealer: int,
        phase: Phase,
        plays: int,
        hand: int,
        sizes: Sequence[int],
        loose: int,
        houses: Sequence[House],
        piles: tuple[int, int],
        sweeps: tuple[tuple[int, ...], tuple[int, ...]],
        last_capture: int,
        moves: Sequence[int],
        rng: random.Random,
    ) -> int:
        """The index in ``moves`` (move numbers, `moves.code_of`) of the best move for ``seat``,
        from what the seat sees; one random draw per move breaks ties."""
        rand = rng.random
        if phase is Phase.BID:
            i = self.bid(hand, moves)
            for _ in moves:
                rand()
            return i
        rules = self.rules
        worth = self.worth
        team = seat & 1
        mine = 5 << (seat & 1)  # the seat mask of the team: seats 0 and 2, or 1 and 3
        theirs = 15 ^ mine
        seen = hand | loose | piles[0] | piles[1]
        for h in houses:
            for group in h.sets:
                seen |= group
        unseen = DECK52_MASK & ~seen
        nxt = (seat + 1) & 3
        # The next opponent's hand when it plays: the whole deal is made after the opening.
        n_next = sizes[nxt] if phase is Phase.PLAY else 12
        chance = _chances(unseen.bit_count(), n_next)
        # For each value the next opponent may hold: its chance, and the worth of the card played.
        held: list[tuple[int, float, float]] = []
        for v in range(1, 14):
            cards = unseen & VALUE_MASK[v]
            if cards:
                k = cards.bit_count()
                held.append((v, chance[k], worth(cards) / k))
        hands = [0, 0, 0, 0]
        hands[seat] = hand
        hands_t = (hands[0], hands[1], hands[2], hands[3])
        swept = sum(sweeps[team]) - sum(sweeps[1 - team])
        own_pile = piles[team]
        share = self.house_share
        threat = self.threat
        keep = self.keep
        best = 0.0
        best_i = -1
        # A throw or a capture is worked out here (most moves); a build, a break or a cement by the
        # engine, as is every move where the rules let sets join houses, cap sweeps or share
        # retention (those change houses or sweeps in other ways).
        simple = rules.sweep_cap is None and rules.retention_scope == "player" and not rules.auto_merge_loose_sets
        plays1 = plays + 1
        sweep_now = rules.first_play_sweep_points if plays1 == 1 else self.last_sweep if plays1 == 48 else self.sweep
        # The houses' part of the value as they stand, and each house's part, by value.
        standing = 0.0
        parts: dict[int, tuple[House, float]] = {}
        part: float
        value: float
        houses2: Sequence[House]
        for h in houses:
            owners = h.owners
            part = 0.0
            if owners & mine and not owners & theirs:
                part = share * worth(h.cards)
            elif owners & theirs and not owners & mine:
                part = -share * worth(h.cards)
            standing += part
            parts[h.value] = (h, part)
        for i, code in enumerate(moves):
            kind = code & 3
            card = code >> 2 & 63
            if simple and not kind and (code >> 8 & 15 or not (houses and card % 13 + 1 in parts)):
                take = code >> 12
                plays2 = plays1
                taken = code >> 8 & 15
                if taken:  # a capture of a house, and of any loose cards
                    h, part = parts[taken]
                    loose2 = loose & ~take
                    houses2 = tuple(x for x in houses if x is not h)
                    value = worth(take | 1 << card | h.cards) + standing - part
                    if not loose2 and not houses2:
                        value += sweep_now
                    last2 = team
                    gained = True
                elif take:  # a capture of loose cards
                    loose2 = loose & ~take
                    houses2 = houses
                    value = worth(take | 1 << card) + standing
                    if not loose2 and not houses:
                        value += sweep_now
                    last2 = team
                    gained = True
                else:  # a throw (no house of its value: it joins none)
                    loose2 = loose | 1 << card
                    houses2 = houses
                    value = standing
                    last2 = last_capture
                    gained = False
            else:
                (plays2, _, _, loose2, houses2, piles2, sweeps2, last2) = effect_of(
                    rules, dealer, phase, plays, hands_t, _NO_STOCK, loose, houses, piles, sweeps, last_capture,
                    kind, card, code >> 8 & 15, code >> 12,
                )  # fmt: skip
                value = worth(piles2[team] & ~own_pile)
                value += sum(sweeps2[team]) - sum(sweeps2[1 - team]) - swept
                for h in houses2:
                    owners = h.owners
                    if owners & mine and not owners & theirs:
                        value += share * worth(h.cards)
                    elif owners & theirs and not owners & mine:
                        value -= share * worth(h.cards)
                gained = bool(piles2[team] >> card & 1)
            if plays2 >= 48:
                left = worth(loose2)
                value += left if last2 == team else -left
            else:
                value -= threat * self._threat(loose2, houses2, plays2 + 1, held, theirs)
            if not gained:  # the card stays on the floor: keeping it was worth something
                value -= keep * (card % 13 + 1)
            value += rand() * 1e-3
            if best_i < 0 or value >= best:
                best = value
                best_i = i
        return best_i

    def _threat(
        self,
        loose: int,
        houses: Sequence[House],
        play: int,
        held: Sequence[tuple[int, float, float]],
        theirs: int,
    ) -> float:
        """The expected best capture of the next opponent on this floor at play number ``play``:
        for each value it may hold (``held``: the value, the chance, the card's worth), the best
        capture a card of it makes, weighed by that chance."""
        table = _SHELVES[self._shelf].get(loose)
        if table is None:
            table = self._loose_table(loose)
        takes, whole = table
        sweep = self.last_sweep if play == 48 else self.sweep
        gains: list[tuple[float, float]] = []
        if houses:
            worth = self.worth
            by_value = {h.value: h for h in houses}
            alone = len(houses) == 1
            for v, p, card in held:
                gain = takes[v]
                house = by_value.get(v)
                if house is None:
                    if gain < 0:
                        continue  # nothing for a card of this value to take
                elif alone and whole >> v & 1:
                    gain = whole_worth = takes[0] + sweep
                    if not house.owners & theirs:
                        gain = whole_worth + worth(house.cards)
                elif not house.owners & theirs:
                    gain = max(gain, 0.0) + worth(house.cards)
                else:
                    gain = max(gain, 0.0)
                gains.append((gain + card, p))
        else:
            for v, p, card in held:
                gain = takes[v]
                if gain < 0:
                    continue
                if whole >> v & 1:
                    gain = takes[0] + sweep
                gains.append((gain + card, p))
        if not gains:
            return 0.0
        gains.sort(reverse=True)
        expected = 0.0
        none = 1.0
        for gain, p in gains:
            expected += none * p * gain
            none *= 1.0 - p
        return expected

    def _loose_table(self, loose: int) -> tuple[tuple[float, ...], int]:
        """For a set of loose cards: the worth of the best capture of loose cards a card of each
        value makes (-1 when it takes none; at 0, the worth of them all), and the mask of the
        values whose capture may take them all. Kept for the floors met."""
        worth = self.worth
        sums = floor_sums(loose)
        best = [worth(loose)]
        whole = 0 if loose else 0x3FFE  # no loose cards: a house alone is taken whole by its value
        for v in range(1, 14):
            takes = sums.maximal_captures(v) if loose else [0]
            if len(takes) == 1 and not takes[0]:
                best.append(-1.0)
                continue
            best.append(max(worth(t) for t in takes))
            if loose in takes:
                whole |= 1 << v
        out = (tuple(best), whole)
        cache = _SHELVES[self._shelf]
        if len(cache) >= 50_000:
            cache.clear()
        cache[loose] = out
        return out


#: `Appraiser._loose_table`'s caches, one for each set of rules and worths met.
_SHELVES: list[dict[int, tuple[tuple[float, ...], int]]] = []
_SHELF_OF: dict[tuple[SeepRules, float], int] = {}


def _shelf(key: tuple[SeepRules, float]) -> int:
    """The number of the shelf of `_SHELVES` for these rules and worths."""
    n = _SHELF_OF.get(key)
    if n is None:
        n = _SHELF_OF[key] = len(_SHELVES)
        _SHELVES.append({})
    return n


@cache
def _chances(unseen: int, n: int) -> tuple[float, ...]:
    """For k = 0 … 4: the chance that a hand of n cards, dealt from ``unseen`` cards, holds at
    least one of k given cards among them (worked out once for each of the few pairs met)."""
    out = [0.0]
    for k in range(1, 5):
        miss = 1.0
        for i in range(n):
            left = unseen - i
            if left <= 0 or left - k <= 0:
                miss = 0.0
                break
            miss *= (left - k) / left
        out.append(1.0 - miss)
    return tuple(out)
