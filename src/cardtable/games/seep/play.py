"""The steps of a Seep hand and their effects: the deal (R7, R11), the bid (R8), the opening
(R10) and the moves of play (M1-M5) with the floor invariants (I1-I3), sweeps (R20) and the end
of the deal (R15, R16). Legal move generation itself lives in `moves`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardtable.core import Deal
from cardtable.games.seep import moves
from cardtable.games.seep.actions import Bid, Break, Build, Capture, SeepAction, Throw
from cardtable.games.seep.floor import (
    HOUSE_VALUES,
    VALUE,
    VALUE_MASK,
    bits,
    floor_sums,
    partition_with,
    total,
)
from cardtable.games.seep.joins import cement_owners, join_order
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import Hand, House, Phase, SeepState

#: R8: a bid is possible only with a card of value 9 or more among the first four.
HIGH_CARDS: Final = VALUE_MASK[9] | VALUE_MASK[10] | VALUE_MASK[11] | VALUE_MASK[12] | VALUE_MASK[13]


def bidder(dealer: int) -> int:
    """R7: the bidder is the player to the dealer's right."""
    return (dealer + 1) % 4


def packet_seats(dealer: int) -> tuple[int, ...]:
    """R11: who gets each packet of four when the deal is completed, in order (deck positions
    8-11, 12-15, …, 48-51): bidder, dealer's partner, dealer's left, dealer; the same again; then
    dealer's partner, dealer's left, dealer."""
    b, p, left = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    return (b, p, left, dealer, b, p, left, dealer, p, left, dealer)


def mover(s: SeepState) -> int:
    """R12: play j is made by seat dealer + j; the bid and play 1 are the bidder's."""
    return (s.dealer + s.plays + 1) % 4


# ---------------------------------------------------------------- deal and bid


def apply_deal(s: SeepState, deal: Deal) -> SeepState:
    """R7, R11: deal a checked deck. Nothing above 8 among the bidder's four is a misdeal (R8)."""
    deck = deal.deck
    b = bidder(s.dealer)
    hands = [0, 0, 0, 0]
    stock = [0, 0, 0, 0]
    for c in deck[:4]:
        hands[b] |= 1 << c
    loose = 0
    for c in deck[4:8]:
        loose |= 1 << c
    for i, seat in enumerate(packet_seats(s.dealer)):
        for c in deck[8 + 4 * i : 12 + 4 * i]:
            stock[seat] |= 1 << c
    phase = Phase.BID if hands[b] & HIGH_CARDS else Phase.OVER
    return SeepState(
        s.dealer, s.match, phase, 0, 0, (hands[0], hands[1], hands[2], hands[3]),
        (stock[0], stock[1], stock[2], stock[3]), loose, (), (0, 0), ((), ()), -1,
    )  # fmt: skip


def bids(s: SeepState) -> list[SeepAction]:
    """R8: a bid of each value 9-13 the bidder holds among their four cards."""
    hand = s.hands[bidder(s.dealer)]
    return [Bid(v) for v in HOUSE_VALUES if hand & VALUE_MASK[v]]


def apply_bid(s: SeepState, a: Bid) -> SeepState:
    """R8, R9: record the bid; the floor is turned face up."""
    return SeepState(
        s.dealer, s.match, Phase.OPENING, a.value, 0, s.hands, s.stock, s.loose, s.houses, s.piles,
        s.sweeps, s.last_capture,
    )  # fmt: skip


def legal(rules: SeepRules, s: SeepState) -> list[SeepAction]:
    """Every legal action of the seat to act, each once, in canonical order."""
    phase = s.phase
    if phase is Phase.PLAY or phase is Phase.OPENING:
        return moves.legal(moves.Turn(rules, s))
    if phase is Phase.BID:
        return bids(s)
    return []


# ---------------------------------------------------------------- effects


def apply_move(rules: SeepRules, s: SeepState, a: SeepAction) -> SeepState:
    """The state after a legal move of play (the legality is checked by the caller)."""
    cls = a.__class__
    if cls is Throw:
        fields = effect(rules, s, 0, a.card, 0, 0)  # type: ignore[union-attr]
    elif cls is Capture:
        fields = effect(rules, s, 0, a.card, a.house, a.take)  # type: ignore[union-attr]
    elif cls is Build:
        fields = effect(rules, s, 1, a.card, a.value, a.take)  # type: ignore[union-attr]
    elif cls is Break:
        fields = effect(rules, s, 2, a.card, a.house, a.take)  # type: ignore[union-attr]
    else:
        fields = effect(rules, s, 3, a.card, a.house, a.take)  # type: ignore[union-attr]
    out = _new_state(_SeepState, fields)
    if out.plays == 48:
        return finish(rules, out)
    return out


#: The fields of a `SeepState`, in order.
Fields = tuple[Any, ...]


def effect(rules: SeepRules, s: Hand, kind: int, card: int, value: int, take: int) -> Fields:
    """The fields of the state after a legal move of play (M1-M5, I2, I3, R11, R20), before the
    end of the deal (`finish`): the move as `moves.code_of` numbers it, ``kind`` 0 a throw (with
    ``value`` and ``take`` 0) or a capture, 1 a build, 2 a break, 3 a cement (`effect_of`)."""
    return (
        s.dealer, s.match, _PLAY, s.bid,
        *effect_of(
            rules, s.dealer, s.phase, s.plays, s.hands, s.stock, s.loose, s.houses, s.piles, s.sweeps,
            s.last_capture, kind, card, value, take,
        ),
    )  # fmt: skip


#: The fields a move of play sets (`effect_of`): plays, hands, stock, loose, houses, piles,
#: sweeps and last_capture.
Moved = tuple[
    int,
    tuple[int, int, int, int],
    tuple[int, int, int, int],
    int,
    tuple[House, ...],
    tuple[int, int],
    tuple[tuple[int, ...], tuple[int, ...]],
    int,
]


def effect_of(
    rules: SeepRules,
    dealer: int,
    phase: Phase,
    plays: int,
    hands: Sequence[int],
    stock: Sequence[int],
    loose: int,
    houses: Sequence[House],
    piles: tuple[int, int],
    sweeps: tuple[tuple[int, ...], tuple[int, ...]],
    last_capture: int,
    kind: int,
    card: int,
    value: int,
    take: int,
) -> Moved:
    """`effect` from the fields it reads, given one by one (the fast layer passes its own
    state's, which a compiled build reads directly), and only the fields a move sets (the phase
    is then play). The one home of the effects of play, for the engine and for the fast layer."""
    plays += 1
    m = (dealer + plays) % 4  # mover(s)
    team = m & 1
    bit = 1 << card
    h0, h1, h2, h3 = hands
    if m == 0:
        h0 &= ~bit
    elif m == 1:
        h1 &= ~bit
    elif m == 2:
        h2 &= ~bit
    else:
        h3 &= ~bit
    houses = tuple(houses)
    if kind == 0 and not value and not take:  # M1
        loose |= bit
        if houses:  # I2: the card joins a house only if one is of its value (or loose sets may join)
            merge = rules.auto_merge_loose_sets
            for house in houses:
                if merge or loose & VALUE_MASK[house.value]:
                    houses = absorb(rules, loose, houses)
                    loose = _left_loose(loose, houses)
                    break
    elif kind == 0:
        taken = bit | take
        if value:
            h = _house(houses, value)
            for part in h.sets:
                taken |= part
            houses = tuple(x for x in houses if x is not h)
        loose &= ~take
        piles = (piles[0] | taken, piles[1]) if team == 0 else (piles[0], piles[1] | taken)
        last_capture = team
        if not loose and not houses:  # R20: a sweep
            worth = (
                rules.first_play_sweep_points
                if plays == 1
                else rules.last_play_sweep_points
                if plays == 48
                else rules.sweep_points
            )
            sweeps = add_sweep(rules, sweeps, team, worth)
    elif kind == 1:
        split = partition_with(card, take, value)
        assert split is not None
        new = _made(House, (value, (bit | split[0], *split[1:]), 1 << m))
        loose &= ~take
        houses = absorb(rules, loose, _put(houses, new))
        loose = _left_loose(loose, houses)
    elif kind == 2:
        old = _house(houses, value)
        raised = old.sets[0] | bit | take
        v2 = old.value + VALUE[card] + total(take)
        loose &= ~take
        houses = tuple(x for x in houses if x is not old)
        into = next((x for x in houses if x.value == v2), None)
        if into is not None:  # M4: the raised house becomes a new set of the house of its new value
            new = _made(House, (v2, (*into.sets, raised), into.owners | 1 << m))
            houses = tuple(x for x in houses if x is not into)
        else:  # M4: the breaker is now the only owner
            new = _made(House, (v2, (raised,), 1 << m))
        houses = absorb(rules, loose, _put(houses, new))
        loose = _left_loose(loose, houses)
    else:
        old = _house(houses, value)
        split = partition_with(card, take, value)
        assert split is not None
        new = _made(House, (value, (*old.sets, bit | split[0], *split[1:]), cement_owners(rules, old, m)))
        loose &= ~take
        houses = _put(tuple(x for x in houses if x is not old), new)
    if houses and rules.retention_scope == "team":
        houses = _release(houses, m, (h0, h1, h2, h3)[m])
    if phase is Phase.OPENING:  # R11: the deal is completed after the opening move
        h0, h1, h2, h3 = h0 | stock[0], h1 | stock[1], h2 | stock[2], h3 | stock[3]
    # the stock is empty after the opening move, and so after every move of play
    return plays, (h0, h1, h2, h3), _NO_STOCK, loose, houses, piles, sweeps, last_capture


_NO_STOCK: Final = (0, 0, 0, 0)


def _house(houses: tuple[House, ...], value: int) -> House:
    for h in houses:
        if h.value == value:
            return h
    raise AssertionError(f"no house of value {value}")


_new_state: Final = tuple.__new__
#: A house made as ``House._make`` makes it, without the named tuple's Python-level ``__new__``
#: (the effects of play make one at nearly every build, break and cement).
_made: Final = tuple.__new__
_SeepState: Final = SeepState
_PLAY: Final = Phase.PLAY


def add_sweep(
    rules: SeepRules, sweeps: tuple[tuple[int, ...], tuple[int, ...]], team: int, worth: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """R20 and the sweep cap (A32): with a cap, a team at the cap loses its latest sweep instead
    of gaining one, and every sweep cancels the other team's latest sweep."""
    mine, theirs = list(sweeps[team]), list(sweeps[1 - team])
    if rules.sweep_cap is None:
        mine.append(worth)
    else:
        if len(mine) >= rules.sweep_cap:
            mine.pop()
        else:
            mine.append(worth)
        if theirs:
            theirs.pop()
    return (tuple(mine), tuple(theirs)) if team == 0 else (tuple(theirs), tuple(mine))


def _release(houses: tuple[House, ...], m: int, hand: int) -> tuple[House, ...]:
    """I3 with retention_scope "team": an owner who no longer holds a card of the house's value
    (allowed only because the partner owns it too) stops being an owner; the partner keeps it."""
    if not any(h.owners >> m & 1 and not hand & VALUE_MASK[h.value] for h in houses):
        return houses
    return tuple(
        House(h.value, h.sets, h.owners & ~(1 << m)) if h.owners >> m & 1 and not hand & VALUE_MASK[h.value] else h
        for h in houses
    )


def _put(houses: tuple[House, ...], new: House) -> tuple[House, ...]:
    """The houses with ``new`` among them, in ascending value (after any of its value)."""
    v = new.value
    for i, h in enumerate(houses):
        if h.value > v:
            return (*houses[:i], new, *houses[i:])
    return (*houses, new)


def absorb(rules: SeepRules, loose: int, houses: tuple[House, ...]) -> tuple[House, ...]:
    """I2: loose cards of a house's value join it as new sets (cementing it); with
    ``auto_merge_loose_sets`` so do loose sets summing to its value, houses in ascending value,
    each time the set first in `join_order` (rules §3.2)."""
    out = []
    for h in houses:
        singles = loose & VALUE_MASK[h.value]
        if singles:
            h = _made(House, (h.value, (*h.sets, *(1 << c for c in bits(singles))), h.owners))
            loose &= ~singles
        if rules.auto_merge_loose_sets:
            while True:
                groups = floor_sums(loose).groups[h.value]
                if not groups:
                    break
                g = min(groups, key=join_order)
                h = _made(House, (h.value, (*h.sets, g), h.owners))
                loose &= ~g
        out.append(h)
    return tuple(out)


def _left_loose(loose: int, houses: Sequence[House]) -> int:
    """The loose cards that are in none of the houses."""
    for h in houses:
        for part in h.sets:
            loose &= ~part
    return loose


def finish(rules: SeepRules, s: SeepState) -> SeepState:
    """R15, R16: after play 48 the loose cards (and, defensively, any house) go to the team that
    captured last; if nobody captured, to nobody or to the dealer's team as the rules say."""
    left = s.loose
    for h in s.houses:
        left |= h.cards
    piles = s.piles
    to = s.last_capture
    if to < 0 and rules.leftover_if_no_capture == "dealer_team":
        to = s.dealer & 1
    loose, houses = s.loose, s.houses
    if to >= 0 and left:
        piles = (piles[0] | left, piles[1]) if to == 0 else (piles[0], piles[1] | left)
        loose, houses = 0, ()
    return SeepState(
        s.dealer, s.match, Phase.OVER, s.bid, s.plays, s.hands, s.stock, loose, houses, piles, s.sweeps,
        s.last_capture,
    )  # fmt: skip
