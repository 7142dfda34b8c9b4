"""Why a Seep action is not legal: the rule it breaks, in words.

Only called once an action has failed the legality test, so it may be slow and thorough. It checks
the conditions of the rules in order and reports the first that fails.
"""

from __future__ import annotations

from cardtable.cards import format_card
from cardtable.games.seep.actions import Bid, Break, Build, Capture, Cement, SeepAction, Throw
from cardtable.games.seep.floor import HOUSE_VALUES, VALUE, VALUE_MASK, bits, floor_sums, show, total
from cardtable.games.seep.moves import Turn
from cardtable.games.seep.play import bidder
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import Phase, SeepState
from cardtable.i18n import N_, Phrase, phrase


def why_illegal(rules: SeepRules, s: SeepState, a: SeepAction) -> tuple[str, Phrase]:
    """(rule id, reason) for an action that is not among the legal ones."""
    if s.phase is Phase.OVER:
        return "R15", phrase("the hand is over")
    if s.phase is Phase.DEAL:
        return "R7", phrase("the cards have not been dealt")
    if s.phase is Phase.BID:
        if not isinstance(a, Bid):
            return "R8", phrase("the bidder must bid first")
        if a.value not in HOUSE_VALUES:
            return "R8", phrase("a bid is a value from 9 to 13, not {value}", value=a.value)
        return "R8", phrase(
            "seat {seat} holds no card of value {value} among their four cards", seat=bidder(s.dealer), value=a.value
        )
    if isinstance(a, Bid):
        return "R8", phrase("the bid has been made")
    t = Turn(rules, s)
    c = a.card
    x = VALUE[c]
    name = format_card(c)
    if not t.hand >> c & 1:
        return "R12", phrase("{card} is not in seat {seat}'s hand", card=name, seat=t.m)
    if isinstance(a, Capture | Build | Cement | Break):
        stray = a.take & ~s.loose
        for g in getattr(a, "written", ()):
            stray |= g & ~s.loose
        if stray:
            return "M6", phrase("{cards} is not a loose card on the floor", cards=[format_card(q) for q in bits(stray)])
    if t.opening:
        if isinstance(a, Break | Cement):
            return "R10", phrase("there are no houses at the opening: build, capture or throw for the bid")
        if isinstance(a, Throw | Capture) and x != s.bid:
            return "R10", phrase(_verb(a), bid=s.bid)
        if isinstance(a, Build) and a.value != s.bid:
            return "R10", phrase("the opening house must have the bid value {bid}", bid=s.bid)
    rest = t.holder & ~(1 << c)
    keeps = isinstance(a, Capture) and a.house == x
    if t.obligations >> x & 1 and not rest & VALUE_MASK[x] and not keeps:
        return "I3", phrase("{card} is the last card of value {x} kept for H{x}: it must capture H{x}", card=name, x=x)
    if isinstance(a, Throw):
        return _throw(rules, t, c)
    if isinstance(a, Capture):
        return _capture(rules, t, a)
    if isinstance(a, Build):
        return _build(rules, t, a, rest)
    if isinstance(a, Break):
        return _break(rules, t, a, rest)
    return _cement(rules, t, a, rest)


def _verb(a: SeepAction) -> str:
    if isinstance(a, Throw):
        return N_("at the opening only a card of the bid value {bid} may be thrown")
    return N_("at the opening only a card of the bid value {bid} may capture")


def _throw(rules: SeepRules, t: Turn, c: int) -> tuple[str, Phrase]:
    x = VALUE[c]
    name = format_card(c)
    if t.by_value[x] is not None:
        return "M1", phrase("{card} can capture H{x}, so it may not be thrown", card=name, x=x)
    groups = t.floor.groups[x]
    if groups:
        return "M1", phrase("{card} can capture {cards}, so it may not be thrown", card=name, cards=show(groups[0]))
    if rules.throw_policy == "no_capture_or_build_possible":
        return "M1", phrase("{card} can build or add to a house, so it may not be thrown", card=name)
    return "M1", phrase("{card} may not be thrown here", card=name)


def _groups_sum(groups: tuple[int, ...], v: int, first: int | None = None) -> Phrase | None:
    for i, g in enumerate(groups):
        with_card = g | (1 << first) if first is not None and i == 0 else g
        if with_card and total(with_card) != v:
            return phrase("{cards} sums to {total}, not {v}", cards=show(with_card), total=total(with_card), v=v)
    return None


def _capture(rules: SeepRules, t: Turn, a: Capture) -> tuple[str, Phrase]:
    x = VALUE[a.card]
    if a.house:
        if a.house != x:
            return "M2", phrase("a house is taken only by a card of its value: H{house} is not {x}", house=a.house, x=x)
        if t.by_value[x] is None:
            return "M2", phrase("there is no house of value {x}", x=x)
    bad = _groups_sum(a.written, x)
    if bad:
        return "M2", bad
    fs = floor_sums(t.state.loose)
    if not a.house and not a.take:
        if t.by_value[x] is None and not fs.groups[x]:
            return "M2", phrase(
                "{card} captures nothing: no house, loose card or set is worth {x}", card=format_card(a.card), x=x
            )
        return "M2", phrase("a capture must take something")
    if a.take not in fs.splits(x):
        return "M2", phrase("{cards} cannot be split into groups each summing to {x}", cards=show(a.take), x=x)
    if rules.capture_policy == "maximal":
        if t.by_value[x] is not None and not a.house:
            return "M2", phrase("a capture with {card} must take H{x}", card=format_card(a.card), x=x)
        for g in fs.groups[x]:
            if not g & a.take:
                return "M2", phrase("not a maximal capture: {cards} would still sum to {x}", cards=show(g), x=x)
    return "M2", phrase("not a legal capture here")


def _build(rules: SeepRules, t: Turn, a: Build, rest: int) -> tuple[str, Phrase]:
    v, x = a.value, VALUE[a.card]
    s = t.state
    if v not in HOUSE_VALUES:
        return "M3", phrase("house values are 9 to 13, not {v}", v=v)
    if t.by_value[v] is not None:
        return "I1", phrase("there is already a house of value {v}: cement it instead", v=v)
    if x > v:
        return "M3", phrase("{card} is worth more than {v}", card=format_card(a.card), v=v)
    if not rest & VALUE_MASK[v]:
        return "M3", phrase("seat {seat} would hold no card of value {v} to capture the house", seat=t.m, v=v)
    if rules.max_houses is not None and len(s.houses) >= rules.max_houses:
        return "A31", phrase("there may be at most {n} houses on the floor", n=rules.max_houses)
    bad = _groups_sum(a.written, v, a.card)
    if bad:
        return "M3", bad
    if x == v and not rules.allow_pair_house:
        return "M3", phrase("a pair house (a card on loose cards of its own value) is not allowed")
    if not a.take and not any(a.written[1:]):
        return "M3", phrase("a house needs loose cards from the floor besides the played card")
    if len(a.written) > 1 and not rules.allow_multi_set_build and x != v:
        return "M3", phrase("a new house is built with one set only")
    if rules.auto_merge_loose_sets:
        left = s.loose & ~a.take & ~VALUE_MASK[v]
        for g in floor_sums(left).groups[v]:
            return "I2", phrase("{cards} would be left loose beside H{v}: it must join the house", cards=show(g), v=v)
    return "M3", phrase(
        "{card} and {cards} do not make complete sets of {v}", card=format_card(a.card), cards=show(a.take), v=v
    )


def _break(rules: SeepRules, t: Turn, a: Break, rest: int) -> tuple[str, Phrase]:
    h = t.by_value[a.house] if 1 <= a.house <= 13 else None
    if h is None:
        return "M4", phrase("there is no house of value {x}", x=a.house)
    if h.cemented:
        return "M4", phrase("H{house} is cemented and cannot be broken", house=a.house)
    if h.owners >> t.m & 1:
        return "M4", phrase("seat {seat} owns H{house} and cannot break it", seat=t.m, house=a.house)
    if not rules.may_break_partner_house and h.owners >> t.partner & 1:
        return "M4", phrase(
            "H{house} belongs to seat {seat}'s partner: it may not be broken", house=a.house, seat=t.partner
        )
    if a.take and not rules.break_may_use_floor_cards:
        return "M4", phrase("a break uses one card from hand and no floor cards")
    v2 = a.house + VALUE[a.card] + total(a.take)
    if v2 > 13:
        return "M4", phrase("H{house} raised by {by} would be {v}, above 13", house=a.house, by=v2 - a.house, v=v2)
    if not rest & VALUE_MASK[v2]:
        return "M4", phrase("seat {seat} would hold no card of value {v} to capture the raised house", seat=t.m, v=v2)
    return "M4", phrase("not a legal break here")


def _cement(rules: SeepRules, t: Turn, a: Cement, rest: int) -> tuple[str, Phrase]:
    h = t.by_value[a.house] if 1 <= a.house <= 13 else None
    if h is None:
        return "M5", phrase("there is no house of value {x}", x=a.house)
    bad = _groups_sum(a.written, a.house, a.card)
    if bad:
        return "M5", bad
    if h.owners >> t.m & 1:
        if t.obligations >> a.house & 1 and not rest & VALUE_MASK[a.house]:
            return "I3", phrase(
                "seat {seat} owns H{house} and would keep no card of value {house}", seat=t.m, house=a.house
            )
    elif h.owners >> t.partner & 1:
        need = rules.partner_add_requires_card or rules.partner_becomes_owner
        if need and not rest & VALUE_MASK[a.house]:
            return "M5", phrase("seat {seat} would hold no card of value {v}", seat=t.m, v=a.house)
    elif not rest & VALUE_MASK[a.house]:
        return "M5", phrase(
            "H{house} is an opponent's house and seat {seat} would hold no card of value {house}",
            house=a.house,
            seat=t.m,
        )
    if rules.auto_merge_loose_sets:
        for g in floor_sums(t.state.loose & ~a.take).groups[a.house]:
            return "I2", phrase(
                "{cards} would be left loose beside H{v}: it must join the house", cards=show(g), v=a.house
            )
    return "M5", phrase(
        "{card} and {cards} do not make complete sets of {v}", card=format_card(a.card), cards=show(a.take), v=a.house
    )


def written_ok(s: SeepState, a: SeepAction) -> bool:
    """Whether the groups of a move, as written, each sum to the value and lie on the floor."""
    if isinstance(a, Capture):
        target, first = VALUE[a.card], None
    elif isinstance(a, Build):
        target, first = a.value, a.card
    elif isinstance(a, Cement):
        target, first = a.house, a.card
    else:
        return True
    written = a.written
    union = 0
    for g in written:
        union |= g
    return not union & ~s.loose and _groups_sum(written, target, first) is None
