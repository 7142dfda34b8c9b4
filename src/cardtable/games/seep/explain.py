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


def why_illegal(rules: SeepRules, s: SeepState, a: SeepAction) -> tuple[str, str]:
    """(rule id, reason) for an action that is not among the legal ones."""
    if s.phase is Phase.OVER:
        return "R15", "the hand is over"
    if s.phase is Phase.DEAL:
        return "R7", "the cards have not been dealt"
    if s.phase is Phase.BID:
        if not isinstance(a, Bid):
            return "R8", "the bidder must bid first"
        if a.value not in HOUSE_VALUES:
            return "R8", f"a bid is a value from 9 to 13, not {a.value}"
        return "R8", f"seat {bidder(s.dealer)} holds no card of value {a.value} among their four cards"
    if isinstance(a, Bid):
        return "R8", "the bid has been made"
    t = Turn(rules, s)
    c = a.card
    x = VALUE[c]
    name = format_card(c)
    if not t.hand >> c & 1:
        return "R12", f"{name} is not in seat {t.m}'s hand"
    if isinstance(a, Capture | Build | Cement | Break):
        stray = a.take & ~s.loose
        for g in getattr(a, "written", ()):
            stray |= g & ~s.loose
        if stray:
            return "M6", f"{', '.join(format_card(q) for q in bits(stray))} is not a loose card on the floor"
    if t.opening:
        if isinstance(a, Break | Cement):
            return "R10", "there are no houses at the opening: build, capture or throw for the bid"
        if isinstance(a, Throw | Capture) and x != s.bid:
            return "R10", f"at the opening only a card of the bid value {s.bid} may {_verb(a)}"
        if isinstance(a, Build) and a.value != s.bid:
            return "R10", f"the opening house must have the bid value {s.bid}"
    rest = t.holder & ~(1 << c)
    keeps = isinstance(a, Capture) and a.house == x
    if t.obligations >> x & 1 and not rest & VALUE_MASK[x] and not keeps:
        return "I3", f"{name} is the last card of value {x} kept for H{x}: it must capture H{x}"
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
    return "be thrown" if isinstance(a, Throw) else "capture"


def _throw(rules: SeepRules, t: Turn, c: int) -> tuple[str, str]:
    x = VALUE[c]
    name = format_card(c)
    if t.by_value[x] is not None:
        return "M1", f"{name} can capture H{x}, so it may not be thrown"
    groups = t.floor.groups[x]
    if groups:
        return "M1", f"{name} can capture {show(groups[0])}, so it may not be thrown"
    if rules.throw_policy == "no_capture_or_build_possible":
        return "M1", f"{name} can build or add to a house, so it may not be thrown"
    return "M1", f"{name} may not be thrown here"


def _groups_sum(groups: tuple[int, ...], v: int, first: int | None = None) -> str | None:
    for i, g in enumerate(groups):
        with_card = g | (1 << first) if first is not None and i == 0 else g
        if with_card and total(with_card) != v:
            return f"{show(with_card)} sums to {total(with_card)}, not {v}"
    return None


def _capture(rules: SeepRules, t: Turn, a: Capture) -> tuple[str, str]:
    x = VALUE[a.card]
    if a.house:
        if a.house != x:
            return "M2", f"a house is taken only by a card of its value: H{a.house} is not {x}"
        if t.by_value[x] is None:
            return "M2", f"there is no house of value {x}"
    bad = _groups_sum(a.written, x)
    if bad:
        return "M2", bad
    fs = floor_sums(t.state.loose)
    if not a.house and not a.take:
        if t.by_value[x] is None and not fs.groups[x]:
            return "M2", f"{format_card(a.card)} captures nothing: no house, loose card or set is worth {x}"
        return "M2", "a capture must take something"
    if a.take not in fs.splits(x):
        return "M2", f"{show(a.take)} cannot be split into groups each summing to {x}"
    if rules.capture_policy == "maximal":
        if t.by_value[x] is not None and not a.house:
            return "M2", f"a capture with {format_card(a.card)} must take H{x}"
        for g in fs.groups[x]:
            if not g & a.take:
                return "M2", f"not a maximal capture: {show(g)} would still sum to {x}"
    return "M2", "not a legal capture here"


def _build(rules: SeepRules, t: Turn, a: Build, rest: int) -> tuple[str, str]:
    v, x = a.value, VALUE[a.card]
    s = t.state
    if v not in HOUSE_VALUES:
        return "M3", f"house values are 9 to 13, not {v}"
    if t.by_value[v] is not None:
        return "I1", f"there is already a house of value {v}: cement it instead"
    if x > v:
        return "M3", f"{format_card(a.card)} is worth more than {v}"
    if not rest & VALUE_MASK[v]:
        return "M3", f"seat {t.m} would hold no card of value {v} to capture the house"
    if rules.max_houses is not None and len(s.houses) >= rules.max_houses:
        return "A31", f"there may be at most {rules.max_houses} houses on the floor"
    bad = _groups_sum(a.written, v, a.card)
    if bad:
        return "M3", bad
    if x == v and not rules.allow_pair_house:
        return "M3", "a pair house (a card on loose cards of its own value) is not allowed"
    if not a.take and not any(a.written[1:]):
        return "M3", "a house needs loose cards from the floor besides the played card"
    if len(a.written) > 1 and not rules.allow_multi_set_build and x != v:
        return "M3", "a new house is built with one set only"
    if rules.auto_merge_loose_sets:
        left = s.loose & ~a.take & ~VALUE_MASK[v]
        for g in floor_sums(left).groups[v]:
            return "I2", f"{show(g)} would be left loose beside H{v}: it must join the house"
    return "M3", f"{format_card(a.card)} and {show(a.take)} do not make complete sets of {v}"


def _break(rules: SeepRules, t: Turn, a: Break, rest: int) -> tuple[str, str]:
    h = t.by_value[a.house] if 1 <= a.house <= 13 else None
    if h is None:
        return "M4", f"there is no house of value {a.house}"
    if h.cemented:
        return "M4", f"H{a.house} is cemented and cannot be broken"
    if h.owners >> t.m & 1:
        return "M4", f"seat {t.m} owns H{a.house} and cannot break it"
    if not rules.may_break_partner_house and h.owners >> t.partner & 1:
        return "M4", f"H{a.house} belongs to seat {t.partner}'s partner: it may not be broken"
    if a.take and not rules.break_may_use_floor_cards:
        return "M4", "a break uses one card from hand and no floor cards"
    v2 = a.house + VALUE[a.card] + total(a.take)
    if v2 > 13:
        return "M4", f"H{a.house} raised by {v2 - a.house} would be {v2}, above 13"
    if not rest & VALUE_MASK[v2]:
        return "M4", f"seat {t.m} would hold no card of value {v2} to capture the raised house"
    return "M4", "not a legal break here"


def _cement(rules: SeepRules, t: Turn, a: Cement, rest: int) -> tuple[str, str]:
    h = t.by_value[a.house] if 1 <= a.house <= 13 else None
    if h is None:
        return "M5", f"there is no house of value {a.house}"
    bad = _groups_sum(a.written, a.house, a.card)
    if bad:
        return "M5", bad
    if h.owners >> t.m & 1:
        if t.obligations >> a.house & 1 and not rest & VALUE_MASK[a.house]:
            return "I3", f"seat {t.m} owns H{a.house} and would keep no card of value {a.house}"
    elif h.owners >> t.partner & 1:
        need = rules.partner_add_requires_card or rules.partner_becomes_owner
        if need and not rest & VALUE_MASK[a.house]:
            return "M5", f"seat {t.m} would hold no card of value {a.house}"
    elif not rest & VALUE_MASK[a.house]:
        return "M5", f"H{a.house} is an opponent's house and seat {t.m} would hold no card of value {a.house}"
    if rules.auto_merge_loose_sets:
        for g in floor_sums(t.state.loose & ~a.take).groups[a.house]:
            return "I2", f"{show(g)} would be left loose beside H{a.house}: it must join the house"
    return "M5", f"{format_card(a.card)} and {show(a.take)} do not make complete sets of {a.house}"


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
