"""Legal move generation for the opening and play, built for speed: the same moves, in the same
canonical order, as `moves.legal` (the plain reference, which this must always agree with).

What a card may do with the loose cards depends only on the card, the loose cards and the rules;
the hand and the houses only decide which of those move lists apply (which house values may be
built, which houses cemented or broken, whether the card is the last one kept for a house). So the
move lists themselves, as ready-made actions, are kept per set of loose cards (`Tables`, a
bounded cache per set of rules) and each turn only picks and joins them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from cardtable.games.seep.actions import Build, SeepAction
from cardtable.games.seep.floor import HOUSE_VALUES, VALUE, VALUE_MASK, FloorSums, floor_sums, total
from cardtable.games.seep.moves import _MADE, _THROWS, _made, _pair_written
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import Phase, SeepState

_SUIT: Final = (1 << 13) - 1
_OPENING: Final = Phase.OPENING
_EMPTY: Final[list[SeepAction]] = []  # shared, never changed
#: The four cards of one rank, one bit per suit 13 apart.
_RANK: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: For the cards of one rank a hand holds (``hand >> rank & _RANK``), the offsets of those cards
#: from the club, in suit order C D H S.
_SUITS_OF: Final = {sum(1 << o for o in offs): offs for n in range(5) for offs in combinations((0, 13, 26, 39), n)}


def _reversed_bits() -> tuple[int, ...]:
    rev = [0] * (1 << 14)
    for i in range(1, 1 << 14):
        rev[i] = rev[i >> 1] >> 1 | (i & 1) << 13
    return tuple(rev)


#: Each 14-bit number with its bits in reverse order (bit t to bit 13 - t).
_REVERSED: Final = _reversed_bits()
#: For each value v, the sums below v as bits (1 to v - 1).
_BELOW: Final = tuple((1 << v) - 2 if v else 0 for v in range(14))
#: The throws of the cards of rank r a hand holds, by ``hand >> r & _RANK``.
_THROW_RUNS: Final = tuple(
    {pattern: [_THROWS[r + o] for o in offs] for pattern, offs in _SUITS_OF.items()} for r in range(13)
)
#: The house values (R13) among a set of values held, as bits 9-13 shifted down by 9.
_HOUSE_VALUES_IN: Final = tuple(tuple(v for v in HOUSE_VALUES if i >> (v - 9) & 1) for i in range(32))

# Kinds of move list (the low four bits of a list's key; the house value goes in the next four,
# the card above them).
_CAP: Final = 0  # + 1 with the house of the card's value, + 2 for the last card kept for it
_BUILD: Final = 4
_CEMENT: Final = 6


class Tables:
    """The move lists of one set of loose cards under one set of rules, filled in on demand."""

    __slots__ = ("fs", "groups", "lists", "loose", "sums")

    def __init__(self, loose: int) -> None:
        self.loose = loose
        self.fs: FloorSums = floor_sums(loose)
        #: groups[t]: every set of loose cards summing to exactly t.
        self.groups = groups = self.fs.groups
        #: The sums t (1-13) some set of loose cards makes, as bits.
        sums = 0
        for t in range(1, 14):
            if groups[t]:
                sums |= 1 << t
        self.sums = sums
        #: Ready move lists by key (card << 8 | value << 4 | kind).
        self.lists: dict[int, list[SeepAction]] = {}


class Generator:
    """Legal moves of the opening and of play under one set of rules (see the module docstring)."""

    __slots__ = (
        "_floor_breaks", "_limit", "_maximal", "_opening_throw", "_pair", "_tables", "_throw_policy", "rules"
    )  # fmt: skip

    def __init__(self, rules: SeepRules, limit: int = 50_000) -> None:
        self.rules = rules
        policy = rules.throw_policy
        self._throw_policy = 0 if policy == "no_capture_possible" else 1 if policy == "free" else 2
        self._maximal = rules.capture_policy == "maximal"
        self._floor_breaks = rules.break_may_use_floor_cards
        self._pair = rules.allow_pair_house
        self._opening_throw = rules.opening_throw_always_allowed
        self._tables: dict[int, Tables] = {}
        self._limit = limit

    def tables(self, loose: int) -> Tables:
        """The tables of this set of loose cards (a bounded cache)."""
        t = self._tables.get(loose)
        if t is None:
            if len(self._tables) >= self._limit:
                self._tables.clear()
            t = self._tables[loose] = Tables(loose)
        return t

    def _make(self, t: Tables, key: int) -> list[SeepAction]:
        """The move list ``key`` of the tables ``t`` (worked out once, then kept)."""
        rules = self.rules
        fs = t.fs
        c = key >> 8
        v = key >> 4 & 15
        kind = key & 15
        x = VALUE[c]
        groups = t.groups
        made = _MADE.get
        cc = c << 2
        out: list[SeepAction] = []
        if kind < 4:  # M2: captures
            hv = x if kind & 1 else 0
            last = kind & 2
            base = hv << 8 | cc
            if not groups[x]:
                if hv:
                    out.append(made(base) or _made(0, hv, c, 0))
            elif self._maximal:
                if len(groups[x]) == 1:  # the one group: the only maximal capture
                    taken = groups[x][0]
                    out.append(made(taken << 12 | base) or _made(0, hv, c, taken))
                else:
                    out += [
                        made(taken << 12 | base) or _made(0, hv, c, taken)
                        for taken in fs.maximal_captures(x)
                        if taken or hv
                    ]
            else:
                for taken in fs.splits(x):
                    if hv:
                        out.append(_made(0, hv, c, taken))
                    if taken and not last:
                        out.append(_made(0, 0, c, taken))
        elif kind == _BUILD:  # M3: a new house of value v
            base = v << 8 | cc | 1
            if x < v and not groups[v]:
                # Nothing on the floor sums to v: the card's own group is the whole move (groups
                # are in ascending order of the set).
                out += [made(o << 12 | base) or _made(1, v, c, o) for o in groups[v - x]]
            else:
                loose = t.loose
                options: list[int] | None = None
                if x < v:
                    if groups[v - x]:
                        options = fs.with_card(x, v, rules.allow_multi_set_build, False)
                elif rules.allow_pair_house:
                    options = [o for o in fs.alone(v, rules.allow_multi_set_build, False) if o]
                if options is not None:
                    singles = loose & VALUE_MASK[v]  # I2: these join the new house by themselves
                    if singles:
                        options = sorted({(o | singles) & ~singles for o in options})
                        if rules.auto_merge_loose_sets:
                            options = [o for o in options if fs.hits_every_group(o | singles, v)]
                    elif rules.auto_merge_loose_sets:
                        options = [o for o in options if fs.hits_every_group(o, v)]
                    for take in options:
                        if take or x != v:
                            out.append(_made(1, v, c, take))
                        else:  # a pair house on loose cards of its value alone: written with one of them
                            out.append(Build(v, c, 0, _pair_written(c, v, loose)))
        else:  # M5: cementing the house of value v, or adding to it
            merge = rules.auto_merge_loose_sets
            base = v << 8 | cc | 3
            if not groups[v]:  # nothing on the floor sums to v: the card's own group is the move
                if x < v:
                    out += [made(o << 12 | base) or _made(3, v, c, o) for o in groups[v - x]]
                else:
                    out.append(made(base) or _made(3, v, c, 0))
            elif x < v:
                if groups[v - x]:
                    out += [_made(3, v, c, o) for o in fs.with_card(x, v, True, merge)]
            else:
                out += [_made(3, v, c, o) for o in fs.alone(v, True, merge)]
        if not out:
            out = _EMPTY
        t.lists[key] = out
        return out

    def legal(self, s: SeepState, only: int = _SUIT) -> list[SeepAction]:
        """Every legal move of the opening or of play, each once, in canonical order; with ``only``
        (ranks as bits, ace first), just the moves of cards of those ranks."""
        rules = self.rules
        m = (s.dealer + s.plays + 1) & 3  # R12
        hand = s.hands[m]
        loose = s.loose
        t = self._tables.get(loose)
        if t is None:
            t = self.tables(loose)
        groups = t.groups
        lists = t.lists
        get = lists.get
        a, b, c4, d = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39
        ranks = a | b | c4 | d
        one = ranks << 1
        ranks &= only
        two = ((a & b) | (a & c4) | (a & d) | (b & c4) | (b & d) | (c4 & d)) << 1
        opening = s.phase is _OPENING
        bid = s.bid
        houses = s.houses
        house_bits = 0  # values with a house, as bits
        obligations = 0  # I3: values of houses whose card this seat must keep
        free_bits = 0  # M5: values of the houses this seat may cement without keeping a card of it
        breakable = 0  # M4: values of the houses this seat may break
        if houses:
            p = (m + 2) & 3
            team = rules.retention_scope == "team"
            partner_needs = rules.partner_add_requires_card or rules.partner_becomes_owner
            no_partner_break = not rules.may_break_partner_house
            for h in houses:
                hv = h.value
                owners = h.owners
                house_bits |= 1 << hv
                mine, partners = owners >> m & 1, owners >> p & 1
                bound = mine and not (team and partners)
                if bound:
                    obligations |= 1 << hv
                if not (bound or (not mine and (not partners or partner_needs))):
                    free_bits |= 1 << hv
                if len(h.sets) == 1 and not mine and not (partners and no_partner_break):
                    breakable |= 1 << hv
        if rules.max_houses is not None and len(houses) >= rules.max_houses:
            build_values: tuple[int, ...] = ()
        elif opening:  # R10: the opening builds the bid value
            build_values = (bid,) if not house_bits >> bid & 1 and one >> bid & 1 else ()
        else:
            build_values = _HOUSE_VALUES_IN[(one & ~house_bits) >> 9 & 31]
        build_bits = 0
        for v in build_values:
            build_bits |= 1 << v
        throw_policy = self._throw_policy
        maximal = self._maximal
        floor_breaks = self._floor_breaks
        pair = self._pair
        # Values whose cards may do more than be thrown (a superset): those that capture a house
        # or loose cards, build a house of a value held, break or cement a house. The others are
        # thrown whatever the throw policy (M1), except at the opening.
        sums = t.sums
        if opening:
            active = -1
        else:
            active = house_bits | sums
            for v in build_values:
                active |= _REVERSED[sums & _BELOW[v]] >> (13 - v) | 1 << v
            for v in _HOUSE_VALUES_IN[house_bits >> 9 & 31]:
                active |= _REVERSED[sums & _BELOW[v]] >> (13 - v) | 1 << v
            if breakable:
                active |= (1 << (14 - (breakable & -breakable).bit_length() + 1)) - 2
        out: list[SeepAction] = []
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            r = low.bit_length() - 1
            x = r + 1
            if not active >> x & 1:
                out += _THROW_RUNS[r][hand >> r & _RANK]
                continue
            hv = house_bits >> x & 1
            last = obligations >> x & 1 and not two >> x & 1
            keys: list[int] = []  # captures, builds, then cements
            breaks = 0
            kept = 0
            # R10: the opening captures with a card of the bid value
            if (not opening or x == bid) and (hv or groups[x]):
                keys.append(hv | (2 if last and not maximal else 0))
            if last:
                throw: bool | None = False
            else:
                kept = (one & ~(1 << x)) | (two & (1 << x))  # values still held after playing this one
                # M3: house values held after this card, the card making a set with loose cards
                # (or a pair house on loose cards of its own value)
                cand = build_bits & kept & (sums << x | (1 << x if pair and sums >> x & 1 else 0))
                while cand:
                    low = cand & -cand
                    cand ^= low
                    keys.append((low.bit_length() - 1) << 4 | _BUILD)
                if breakable:  # M4: never above 13; the breaker keeps a card of the new value
                    breaks = breakable & ((1 << (14 - x)) - 1)
                    if not floor_breaks:
                        breaks &= kept >> x
                # M5: the card makes sets of the house's value with loose cards, or is one itself
                cand = house_bits & (sums << x | 1 << x) & (free_bits | kept)
                while cand:
                    low = cand & -cand
                    cand ^= low
                    keys.append((low.bit_length() - 1) << 4 | _CEMENT)
                # M1: the throw.
                if opening and x != bid:
                    throw = False
                elif opening and self._opening_throw:
                    throw = True
                elif throw_policy == 0:
                    throw = not hv and not groups[x]
                elif throw_policy == 1:
                    throw = True
                else:
                    throw = None  # decided per card below: only when nothing else is possible
            suits = _SUITS_OF[hand >> r & _RANK]
            if not keys and not breaks:
                if throw is not False:
                    for off in suits:
                        out.append(_THROWS[r + off])
                continue
            for off in suits:  # suit order C, D, H, S
                c = r + off
                start = len(out)
                if throw:
                    out.append(_THROWS[c])
                cc = c << 8
                pending = breaks  # M4: breaks come after the builds, before the cements
                for k in keys:
                    if pending and k & 15 == _CEMENT:
                        self._breaks(t, c, kept, pending, out)
                        pending = 0
                    lst = get(cc | k)
                    if lst is None:
                        lst = self._make(t, cc | k)
                    out += lst
                if pending:
                    self._breaks(t, c, kept, pending, out)
                if throw is None and len(out) == start:
                    out.append(_THROWS[c])
        return out

    def _breaks(self, t: Tables, c: int, kept: int, bits: int, out: list[SeepAction]) -> None:
        """M4: the breaks of the houses of the values ``bits`` with card ``c``."""
        x = VALUE[c]
        values = [v for v in HOUSE_VALUES if bits >> v & 1]
        if not self.rules.break_may_use_floor_cards:
            for hv in values:
                out.append(_made(2, hv, c, 0))
            return
        groups = t.groups
        for hv in values:
            base = hv + x
            extras = [0]
            for add in range(1, 14 - base):
                extras += groups[add]
            extras.sort()
            for e in extras:
                if kept >> (base + total(e)) & 1:
                    out.append(_made(2, hv, c, e))


_GENERATORS: dict[SeepRules, Generator] = {}


def generator(rules: SeepRules) -> Generator:
    """The generator of these rules, shared by every game with the same rules (so its tables are)."""
    g = _GENERATORS.get(rules)
    if g is None:
        if len(_GENERATORS) >= 64:
            _GENERATORS.clear()
        g = _GENERATORS[rules] = Generator(rules)
    return g
