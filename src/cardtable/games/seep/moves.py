"""Legal move generation for the opening (R10) and play (M1-M5, I1-I3).

Every card of one value has the same moves, so they are worked out once per value held (as
templates: which house, which loose cards) and then written out for each card of that value.
Subset sums of the loose cards come from `floor.FloorSums`, cached by the loose card set.

Canonical order: cards in hand by value, then suit (C D H S) - the order cards are written in;
for each card the throw, then captures,
builds (by value), breaks (by house), cements (by house); within a kind, by the loose cards taken
(as a number). Each distinct move appears once: moves with the same effect (another split of the
same cards, automatic merges written out) are one move.

This is the plain reference generator (its `Turn` also serves the explanations of illegal moves);
the game lists moves with `fastgen`, which must agree with it move for move.
"""

from __future__ import annotations

from typing import Final

from cardtable.games.seep.actions import Break, Build, Capture, Cement, SeepAction, Throw
from cardtable.games.seep.floor import HOUSE_VALUES, VALUE, VALUE_MASK, FloorSums, floor_sums, total
from cardtable.games.seep.joins import listed_once
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import House, Phase, SeepState

_SUIT: Final = (1 << 13) - 1
_THROWS: Final = tuple(Throw(c) for c in range(52))
_NONE: Final[list[tuple[int, int]]] = []  # shared, never changed

#: Move templates of one card value: (throw allowed, captures (house, loose), builds (value,
#: loose written), breaks (house, loose), cements (house, loose)).
Templates = tuple[bool, list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]


class Turn:
    """What every move of one turn needs to know, computed once per state."""

    __slots__ = (
        "_templates",
        "breakable",
        "build_values",
        "by_value",
        "cementable",
        "floor",
        "hand",
        "holder",
        "m",
        "obligations",
        "one",
        "opening",
        "partner",
        "rules",
        "state",
        "two",
    )  # fmt: skip

    def __init__(self, rules: SeepRules, s: SeepState) -> None:
        self.rules = rules
        self.state = s
        self.m = m = (s.dealer + s.plays + 1) % 4  # R12
        self.partner = p = (m + 2) % 4
        self.hand = s.hands[m]
        team = rules.retention_scope == "team"
        # Every "must hold" condition is judged on the mover's own hand: all a player can know.
        self.holder = holder = s.hands[m]
        a, b, c, d = holder & _SUIT, holder >> 13 & _SUIT, holder >> 26 & _SUIT, holder >> 39
        #: Values (as bits) the holder has at least one card of, and at least two cards of.
        self.one = (a | b | c | d) << 1
        self.two = ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) << 1
        self.opening = opening = s.phase is Phase.OPENING
        self.floor: FloorSums = floor_sums(s.loose)
        by_value: list[House | None] = [None] * 14
        obligations = 0
        breakable = []
        cementable = []
        # M5: a partner may add freely, unless the rules want a card kept, or make them an owner
        # (an owner keeps a card of the value, I3); an owner or an opponent must keep one.
        partner_needs = rules.partner_add_requires_card or rules.partner_becomes_owner
        for h in s.houses:
            by_value[h.value] = h
            mine, partners = h.owners >> m & 1, h.owners >> p & 1
            # I3; with retention_scope "team", a house the partner owns too is kept by the partner.
            bound = mine and not (team and partners)
            if bound:
                obligations |= 1 << h.value
            cementable.append((h.value, bool(bound or (not mine and (not partners or partner_needs)))))
            # M4: only an uncemented house that is not the mover's (nor, optionally, the partner's)
            mine = h.owners >> m & 1
            partners = h.owners >> p & 1 and not rules.may_break_partner_house
            if len(h.sets) == 1 and not mine and not partners:
                breakable.append(h)
        self.by_value = by_value
        #: I3: values of houses whose card this seat must keep.
        self.obligations = obligations
        self.breakable = breakable
        #: M5: (value, whether the mover must keep a card of it) for each house.
        self.cementable = cementable
        if rules.max_houses is not None and len(s.houses) >= rules.max_houses:
            self.build_values: tuple[int, ...] = ()
        else:
            values = (s.bid,) if opening else HOUSE_VALUES  # R10: the opening builds the bid value
            self.build_values = tuple(v for v in values if by_value[v] is None and self.one >> v & 1)
        self._templates: dict[int, Templates] = {}

    def keeps(self, v: int, x: int) -> bool:
        """Whether the holder still has a card of value v after playing one of value x."""
        return bool((self.two if v == x else self.one) >> v & 1)

    def templates(self, x: int) -> Templates:
        """The moves of a card of value x (cached for the turn)."""
        t = self._templates.get(x)
        if t is None:
            t = _value_moves(self, x)
            self._templates[x] = t
        return t


def legal(t: Turn, once: bool = True) -> list[SeepAction]:
    """Every legal move of the opening or of play, each once, in canonical order (``once``
    false: with the throws that equal a listed cement too, rules §3.2)."""
    hand = t.hand
    loose = t.state.loose
    made = t._templates
    out: list[SeepAction] = []
    ranks = (hand | hand >> 13 | hand >> 26 | hand >> 39) & _SUIT  # the ranks held, as bits
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() - 1
        tpl = made[r + 1] = _value_moves(t, r + 1)
        throw_only = tpl[0] and not (tpl[1] or tpl[2] or tpl[3] or tpl[4])
        for c in (r, r + 13, r + 26, r + 39):  # suit order C, D, H, S
            if hand >> c & 1:
                if throw_only:
                    out.append(_THROWS[c])
                else:
                    _emit(tpl, c, out, loose)
    if once and t.state.houses:
        kept = listed_once(t.rules, t.state, [code_of(a) for a in out])
        if len(kept) < len(out):
            return [a for a in out if code_of(a) in kept]
    return out


def card_moves(t: Turn, c: int) -> list[SeepAction]:
    """Every legal move that plays card ``c``, in canonical order."""
    out: list[SeepAction] = []
    _emit(t.templates(VALUE[c]), c, out, t.state.loose)
    return out


def _pair_written(c: int, v: int, loose: int) -> tuple[int, ...]:
    singles = loose & VALUE_MASK[v]
    return (0, singles & -singles)


#: Actions already made, by a number that names them: moves recur across states and games, and
#: looking one up is much cheaper than making a frozen dataclass.
_MADE: dict[int, SeepAction] = {c << 2: _THROWS[c] for c in range(52)}  # with the throws (card << 2)
_MADE_LIMIT: Final = 50_000


def _made(kind: int, v: int, c: int, take: int) -> SeepAction:
    key = (take << 12) | (v << 8) | (c << 2) | kind
    a = _MADE.get(key)
    if a is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
            _MADE.update((c << 2, _THROWS[c]) for c in range(52))
        if kind == 0:
            a = Capture(c, v, take)
        elif kind == 1:
            a = Build(v, c, take)
        elif kind == 2:
            a = Break(v, c, take)
        else:
            a = Cement(v, c, take)
        _MADE[key] = a
    return a


def code_of(a: SeepAction) -> int:
    """The number of a move: ``take << 12 | value << 8 | card << 2 | kind``, kind 0 for a capture
    (``value`` the house taken, 0 for none) and for a throw (which takes nothing: ``card << 2``),
    1 a build, 2 a break, 3 a cement (``value`` the house); a bid is ``value << 8``."""
    cls = a.__class__
    if cls is Throw:
        return a.card << 2  # type: ignore[union-attr]
    if cls is Capture:
        return a.take << 12 | a.house << 8 | a.card << 2  # type: ignore[union-attr]
    if cls is Build:
        return a.take << 12 | a.value << 8 | a.card << 2 | 1  # type: ignore[union-attr]
    if cls is Break:
        return a.take << 12 | a.house << 8 | a.card << 2 | 2  # type: ignore[union-attr]
    if cls is Cement:
        return a.take << 12 | a.house << 8 | a.card << 2 | 3  # type: ignore[union-attr]
    return a.value << 8  # type: ignore[union-attr]


def action_of(code: int, loose: int) -> SeepAction:
    """The move of a number (`code_of`) of play, with ``loose`` the loose cards it is played on
    (a pair house is written with one of them)."""
    kind = code & 3
    c = code >> 2 & 63
    v = code >> 8 & 15
    take = code >> 12
    if kind == 1 and not take:  # a pair house on loose cards of its value alone: written with one
        return Build(v, c, 0, _pair_written(c, v, loose))
    if kind == 0 and not v and not take:
        return _THROWS[c]
    return _MADE.get(code) or _made(kind, v, c, take)


def _emit(tpl: Templates, c: int, out: list[SeepAction], loose: int) -> None:
    throw, caps, builds, breaks, cements = tpl
    get = _MADE.get
    if throw:
        out.append(_THROWS[c])
    cc = c << 2
    for house, take in caps:
        out.append(get((take << 12) | (house << 8) | cc) or _made(0, house, c, take))
    for v, take in builds:
        if take or VALUE[c] != v:
            out.append(get((take << 12) | (v << 8) | cc | 1) or _made(1, v, c, take))
        else:  # a pair house on loose cards of its value alone: written with one of them
            out.append(Build(v, c, 0, _pair_written(c, v, loose)))
    for v, take in breaks:
        out.append(get((take << 12) | (v << 8) | cc | 2) or _made(2, v, c, take))
    for v, take in cements:
        out.append(get((take << 12) | (v << 8) | cc | 3) or _made(3, v, c, take))


# ---------------------------------------------------------------- the loose cards a move takes
# One home for each kind of move, shared by this generator and the fast one (`fastgen`): what
# loose cards a card of value x may take, from the sums of the loose cards alone.


def capture_takes(fs: FloorSums, x: int, hv: int, last: bool, maximal: bool) -> list[tuple[int, int]]:
    """M2: the captures of a card of value x as (house taken or 0, loose cards taken); ``hv`` is x
    when there is a house of value x, ``last`` whether the card is the last kept for it (I3: it
    must take the house), ``maximal`` the capture policy."""
    if not fs.groups[x]:
        return [(hv, 0)] if hv else []
    if maximal:  # M2: the house and every set that still sums to x
        return [(hv, taken) for taken in fs.maximal_captures(x) if taken or hv]
    caps = []
    for taken in fs.splits(x):
        if hv:
            caps.append((hv, taken))
        if taken and not last:
            caps.append((0, taken))
    return caps


def build_takes(rules: SeepRules, fs: FloorSums, loose: int, x: int, v: int) -> list[int]:
    """M3: the loose cards a new house of value v takes with a card of value x (v >= x, no house
    of value v); 0 for a pair house on loose cards of its value alone (I2: they join by
    themselves, so they are not part of the move)."""
    groups = fs.groups
    if x < v:
        if not groups[v - x]:
            return []
        if not groups[v]:  # nothing else on the floor sums to v: the card's own group is the move
            return sorted(groups[v - x])
        options = fs.with_card(x, v, rules.allow_multi_set_build, False)
    elif rules.allow_pair_house:
        options = [o for o in fs.alone(v, rules.allow_multi_set_build, False) if o]
    else:
        return []
    singles = loose & VALUE_MASK[v]  # I2: these join the new house by themselves
    if singles:
        options = sorted({(o | singles) & ~singles for o in options})
        if rules.auto_merge_loose_sets:
            options = [o for o in options if fs.hits_every_group(o | singles, v)]
    elif rules.auto_merge_loose_sets:
        options = [o for o in options if fs.hits_every_group(o, v)]
    return options


def cement_takes(fs: FloorSums, x: int, v: int, merge: bool) -> list[int]:
    """M5: the loose cards that join the house of value v with a card of value x (x <= v), as
    new sets; ``merge`` (``auto_merge_loose_sets``): only selections that leave no set of v."""
    groups = fs.groups
    if x < v:
        if not groups[v - x]:
            return []
        if not groups[v]:  # nothing else on the floor sums to v: the card's own group is the move
            return sorted(groups[v - x])
        return fs.with_card(x, v, True, merge)
    return fs.alone(v, True, merge)


def break_takes(fs: FloorSums, base: int, kept: int) -> list[int]:
    """M4 with ``break_may_use_floor_cards``: the loose cards that raise a house to ``base`` (its
    value and the card's) and more, the breaker keeping a card of the new value (``kept``: values
    still held)."""
    extras = [0]
    for add in range(1, 14 - base):
        extras += fs.groups[add]
    extras.sort()
    return [e for e in extras if kept >> (base + total(e)) & 1]


def _value_moves(t: Turn, x: int) -> Templates:
    rules = t.rules
    fs = t.floor
    opening = t.opening
    bid = t.state.bid
    house_x = t.by_value[x]
    # I3: playing the last card kept for an owned house is legal only when it captures that house.
    last = bool(t.obligations >> x & 1) and not t.two >> x & 1
    caps: list[tuple[int, int]] = []
    if not opening or x == bid:  # R10: the opening captures with a card of the bid value
        caps = capture_takes(fs, x, x if house_x is not None else 0, last, rules.capture_policy == "maximal")
    if last:
        return (False, caps, _NONE, _NONE, _NONE)
    kept = (t.one & ~(1 << x)) | (t.two & (1 << x))  # values still held after playing this one
    builds = _builds(t, x, kept) if t.build_values and t.build_values[-1] >= x else _NONE
    breaks = _breaks(t, x, kept) if t.breakable and t.breakable[0].value + x <= 13 else _NONE
    cements = _cements(t, x, kept) if t.state.houses and t.state.houses[-1].value >= x else _NONE
    # M1: the throw.
    if opening and x != bid:
        throw = False
    elif opening and rules.opening_throw_always_allowed:
        throw = True
    elif rules.throw_policy == "no_capture_possible":
        throw = house_x is None and not fs.groups[x]
    elif rules.throw_policy == "free":
        throw = True
    else:
        throw = not caps and not builds and not breaks and not cements
    return (throw, caps, builds, breaks, cements)


def _builds(t: Turn, x: int, kept: int) -> list[tuple[int, int]]:
    """M3: new houses built with a card of value x (``kept``: values still held after it)."""
    rules = t.rules
    fs = t.floor
    loose = t.state.loose
    out: list[tuple[int, int]] = []
    for v in t.build_values:
        if v < x or not kept >> v & 1:  # M3: the builder keeps a card of value v
            continue
        out += [(v, o) for o in build_takes(rules, fs, loose, x, v)]
    return out


def _breaks(t: Turn, x: int, kept: int) -> list[tuple[int, int]]:
    """M4: breaks of uncemented houses with a card of value x."""
    out: list[tuple[int, int]] = []
    for h in t.breakable:
        base = h.value + x
        if base > 13:
            continue  # M4: never above 13
        if not t.rules.break_may_use_floor_cards:
            if kept >> base & 1:  # M4: the breaker keeps a card of the new value
                out.append((h.value, 0))
            continue
        out += [(h.value, e) for e in break_takes(t.floor, base, kept)]
    return out


def _cements(t: Turn, x: int, kept: int) -> list[tuple[int, int]]:
    """M5: cementing a house, or adding to a cemented one, with a card of value x."""
    fs = t.floor
    merge = t.rules.auto_merge_loose_sets
    out: list[tuple[int, int]] = []
    for v, need in t.cementable:
        if x > v or (need and not kept >> v & 1):
            continue
        out += [(v, o) for o in cement_takes(fs, x, v, merge)]
    return out
