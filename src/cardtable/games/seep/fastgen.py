"""Legal move generation for the opening and play, built for speed: the same moves, in the same
canonical order, as `moves.legal` (the plain reference, which this must always agree with).

What a card may do with the loose cards depends only on the card's value, the loose cards' values
and the rules; the hand and the houses only decide which of those move lists apply (which house
values may be built, which houses cemented or broken, whether the card is the last one kept for a
house). Suits never matter to the loose cards, so the move lists are kept per *shape* of the loose
cards (`Shape`: the same values, suits given out club first), as tuples of small ints naming the
loose cards by their shape cards. Random play rarely sees the same set of loose cards twice but
keeps meeting the same few thousand shapes, so the lists are made once and a turn only turns shape
cards back into its own cards and writes out the moves. Nearly always the loose cards are of
different values: the shape is then the set of their values (as clubs), and a shape card's own
card is found with four masks, one per suit; otherwise a small table per set of loose cards
(`Tables`) does it. Both caches are bounded, and the lists, being tuples of ints, are nothing the
garbage collector has to trace.

A list only counts loose cards up to its card's value (a capture) or its house's value (a build, a
cement), so floors that differ only above that share it through the shape of their lower cards.

Moves come out as numbers (`Generator.codes`, the numbers of `moves.code_of`), which the fast
layer (`fast`) plays with directly and `Generator.legal` turns into actions: this is the one place
where the moves of play are generated for speed. Random play asks `codes` for one move drawn
uniformly from the list (``draw``): the cards' moves are then counted, and only the drawn card's
written out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from cardtable.games.seep.actions import SeepAction
from cardtable.games.seep.floor import HOUSE_VALUES, VALUE, FloorSums, floor_sums
from cardtable.games.seep.joins import listed_once, may_join
from cardtable.games.seep.moves import _MADE, action_of, break_takes, build_takes, capture_takes, cement_takes
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import House, Phase, Position

_SUIT: Final = (1 << 13) - 1
_OPENING: Final = Phase.OPENING
#: For the suits a hand holds of one rank, as four bits (C D H S from the lowest; see `_SPREAD`),
#: the offsets of those cards from the club, in suit order.
_SUITS_BY: Final = tuple(tuple(o for k, o in enumerate((0, 13, 26, 39)) if q >> k & 1) for q in range(16))
#: Each 13-bit set of ranks with rank r's bit moved to bit 4r: a hand's four suits spread so and
#: shifted by 0-3 (`Generator.turn`) give, four bits a rank, the suits held of each rank, read
#: with shifts and a tuple's index rather than a dictionary's lookup.
_SPREAD: Final = tuple(sum(1 << 4 * r for r in range(13) if m >> r & 1) for m in range(1 << 13))


#: For each value t, the cards of values 1 to t (of every suit).
_UP_TO: Final = tuple(((1 << t) - 1) * (1 | 1 << 13 | 1 << 26 | 1 << 39) for t in range(14))
#: The house values (R13), as bits.
_HOUSE_BITS: Final = sum(1 << v for v in HOUSE_VALUES)


def _active(sums: int, wanted: int) -> int:
    """The card values (as bits) that capture loose cards (``sums``: the sums some loose cards
    make) or make, alone or with loose cards, a set of one of the values ``wanted`` (bits 9-13
    shifted down by 9)."""
    active = sums
    for v in HOUSE_VALUES:
        if wanted >> (v - 9) & 1:
            active |= _REVERSED[sums & _BELOW[v]] >> (13 - v) | 1 << v
    return active


def _taken(entry: int) -> int:
    return entry >> 12


def _loose_cards(loose: int, general: Tables | None, shape_cards: int) -> int:
    """The loose cards that shape cards stand for."""
    if general is not None:
        return general.cards(shape_cards)
    m = shape_cards
    return (m & loose) | (m & loose >> 13) << 13 | (m & loose >> 26) << 26 | (m & loose >> 39) << 39


#: The breaks (as move numbers without the card) of the houses of the values in ``bits >> 9``.
_BREAK_ENTRIES: Final = tuple(tuple(v << 8 | 2 for v in (9, 10, 11, 12, 13) if i >> (v - 9) & 1) for i in range(32))


def _reversed_bits() -> tuple[int, ...]:
    rev = [0] * (1 << 14)
    for i in range(1, 1 << 14):
        rev[i] = rev[i >> 1] >> 1 | (i & 1) << 13
    return tuple(rev)


#: Each 14-bit number with its bits in reverse order (bit t to bit 13 - t).
_REVERSED: Final = _reversed_bits()
#: For each value v, the sums below v as bits (1 to v - 1).
_BELOW: Final = tuple((1 << v) - 2 if v else 0 for v in range(14))
#: The throws (as move numbers) of the cards of rank r a hand holds, at ``r << 4 | suits held``.
_THROW_RUNS: Final = tuple([(r + o) << 2 for o in _SUITS_BY[q]] for r in range(13) for q in range(16))

# Kinds of move list, as `Shape.lists` numbers them.
_CAP: Final = 0  # + 1 with the house of the card's value, + 2 for the last card kept for it
_BUILD: Final = 4
_CEMENT: Final = 6
#: A card value's move lists in `Shape.lists`: its ``slot`` 0-3 the captures (`_CAP` + 1 with the
#: house, + 2 for the last card kept), 4-8 the builds of a house of value 9-13 (``slot + 5``), 9-13
#: the cements of the house of that value; the lists of value x start at ``x * _SLOTS``.
_SLOTS: Final = 14
#: While a shape's list is made: the kind of a pair house written with a loose card of its value.
_PAIR: Final = 4
#: A shape entry (see `Shape`) of a pair house written with a loose card of its value.
_PAIR_BIT: Final = 1 << 12


def _reshaped(loose: int) -> int:
    """The shape of a set of loose cards: the same values with suits given out club first (the
    k-th loose card of a value, in suit order, becomes the card of that value in suit k). Which
    moves the loose cards allow depends only on their values, so a shape's move lists serve every
    set of loose cards of that shape."""
    shape = 0
    m = loose
    while m:
        low = m & -m
        m ^= low
        k = (low.bit_length() - 1) % 13
        while shape >> k & 1:
            k += 13
        shape |= 1 << k
    return shape


class Shape:
    """The move lists of one shape of loose cards (see `_reshaped`) under one set of rules, filled
    in on demand. An entry is ``cards << 13 | pair << 12 | value << 8 | kind``: the shape cards it
    takes, whether it is a pair house written with a loose card of its value, and the house value
    and kind (capture, build, break, cement) as `moves.code_of` numbers them."""

    __slots__ = ("active", "fs", "lists", "loose", "sums")

    def __init__(self, shape: int) -> None:
        self.loose = shape
        self.fs: FloorSums = FloorSums(shape)
        groups = self.fs.groups
        #: The sums t (1-13) some set of loose cards makes, as bits.
        sums = 0
        for t in range(1, 14):
            if groups[t]:
                sums |= 1 << t
        self.sums = sums
        #: By house values (bits 9-13 shifted down by 9): the card values that capture loose cards
        #: or make sets of one of those values with loose cards (`_active`); -1 until worked out.
        self.active: list[int] = [-1] * 32
        #: Move lists by card value and slot (``x * _SLOTS + slot``, see `_SLOTS`), ``None``
        #: until made: a list, not a dictionary, since a list is read at its index with no hashing.
        self.lists: list[tuple[int, ...] | None] = [None] * (14 * _SLOTS)


class Tables:
    """A set of loose cards with two of a value: its shape (the key of its `Shape`), and where
    its own cards are: ``parts`` holds (k, suit, values), the values whose k-th loose card (in
    suit order) is of that suit."""

    __slots__ = ("loose", "parts", "shape")

    def __init__(self, loose: int) -> None:
        self.loose = loose
        self.shape = _reshaped(loose)
        parts: dict[tuple[int, int], int] = {}
        for suit in range(4):
            m = loose >> 13 * suit & _SUIT
            while m:
                low = m & -m
                m ^= low
                k = _count(loose, low.bit_length() - 1, suit)
                parts[(k, suit)] = parts.get((k, suit), 0) | low
        self.parts = tuple((k, suit, values) for (k, suit), values in sorted(parts.items()))

    def cards(self, shape_cards: int) -> int:
        """The loose cards that the shape cards stand for."""
        out = 0
        for k, suit, values in self.parts:
            out |= (shape_cards >> 13 * k & values) << 13 * suit
        return out


def _index(n: int, draw: Callable[[int], int]) -> int:
    """A uniform draw below ``n`` from ``draw`` (a stream's ``getrandbits``), drawn as
    `random.Random.randrange` draws; nothing is drawn for ``n`` 1."""
    if n == 1:
        return 0
    k = n.bit_length()
    i = draw(k)
    while i >= n:
        i = draw(k)
    return i


def drawn(moves: list[int], draw: Callable[[int], int]) -> int:
    """The move a uniform draw picks (`_index`)."""
    return moves[_index(len(moves), draw)]


def _count(loose: int, r: int, suit: int) -> int:
    """How many loose cards of rank r come before suit ``suit`` (in suit order)."""
    return sum(loose >> (13 * s + r) & 1 for s in range(suit))


class Generator:
    """Legal moves of the opening and of play under one set of rules (see the module docstring)."""

    __slots__ = (
        "_book", "_floor_breaks", "_joins", "_limit", "_max_houses", "_maximal", "_no_partner_break",
        "_opening_throw", "_pair", "_partner_needs", "_shape_limit", "_tables", "_team", "_throw_policy", "rules",
    )  # fmt: skip

    def __init__(self, rules: SeepRules, limit: int = 256, shape_limit: int = 20_000) -> None:
        self.rules = rules
        policy = rules.throw_policy
        self._throw_policy = 0 if policy == "no_capture_possible" else 1 if policy == "free" else 2
        self._maximal = rules.capture_policy == "maximal"
        self._floor_breaks = rules.break_may_use_floor_cards
        self._pair = rules.allow_pair_house
        self._opening_throw = rules.opening_throw_always_allowed
        self._joins = may_join(rules)
        self._team = rules.retention_scope == "team"
        self._partner_needs = rules.partner_add_requires_card or rules.partner_becomes_owner
        self._no_partner_break = not rules.may_break_partner_house
        self._max_houses = rules.max_houses
        self._tables: dict[int, Tables] = {}
        self._limit = limit
        self._book = _book(rules)
        self._shape_limit = shape_limit

    def tables(self, loose: int) -> Tables:
        """The tables of a set of loose cards with two of a value (a bounded cache)."""
        t = self._tables.get(loose)
        if t is None:
            if len(self._tables) >= self._limit:
                self._tables.clear()
            t = self._tables[loose] = Tables(loose)
        return t

    def shape(self, shape: int) -> Shape:
        """The move lists of a shape, from the shapes of these rules (a bounded cache)."""
        shapes = _BOOKS.get(self._book)
        if shapes is None:  # the books were cleared: start this one again
            shapes = _BOOKS[self._book] = {}
        sh = shapes.get(shape)
        if sh is None:
            if len(shapes) >= self._shape_limit:
                shapes.clear()
            sh = shapes[shape] = Shape(shape)
        return sh

    def _shape_list(self, sh: Shape, x: int, slot: int) -> tuple[int, ...]:
        """The move list of a card of value ``x`` in ``slot`` (see `_SLOTS`) of the shape ``sh``."""
        if slot < 4:
            kind, v = slot, 0
        elif slot < 9:
            kind, v = _BUILD, slot + 5
        else:
            kind, v = _CEMENT, slot
        i = x * _SLOTS + slot
        # Only loose cards of values up to the card's (captures) or the house's (builds, cements)
        # take part in a list: floors that differ only above it share the list of the floor
        # without those cards (its shape cards are the same ones), made once for all of them.
        part = sh.loose & _UP_TO[x if kind < 4 else v]
        if part != sh.loose:
            lower = self.shape(part)
            done = lower.lists[i]
            if done is None:
                done = self._shape_list(lower, x, slot)
            sh.lists[i] = done
            return done
        rules = self.rules
        fs = sh.fs
        out: list[int] = []
        if kind < 4:  # M2: captures
            maximal = self._maximal
            out += [
                taken << 8 | hv << 3 for hv, taken in capture_takes(fs, x, x if kind & 1 else 0, kind & 2 > 0, maximal)
            ]
        elif kind == _BUILD:  # M3: a new house of value v
            base = v << 3 | 1
            for take in build_takes(rules, fs, sh.loose, x, v):
                out.append(take << 8 | base if take or x != v else v << 3 | _PAIR)
        else:  # M5: cementing the house of value v, or adding to it
            base = v << 3 | 3
            out += [o << 8 | base for o in cement_takes(fs, x, v, rules.auto_merge_loose_sets)]
        # As entries (see `Shape`); a tuple of ints, which the garbage collector need not trace.
        done = sh.lists[i] = tuple(
            (e >> 8) << 13 | (e >> 3 & 15) << 8 | (_PAIR_BIT | 1 if e & 7 == _PAIR else e & 7) for e in out
        )
        return done

    def legal(self, s: Position, only: int = _SUIT, once: bool = True) -> list[SeepAction]:
        """Every legal move of the opening or of play, each once, in canonical order; with ``only``
        (ranks as bits, ace first), just the moves of cards of those ranks; with ``once`` false,
        also the throws that equal a listed cement (rules §3.2)."""
        codes = self.codes(s, only, once)
        out = list(map(_MADE.get, codes))  # made before, nearly always (the throws always)
        if not all(out):
            loose = s.loose
            return [a or action_of(code, loose) for a, code in zip(out, codes, strict=True)]
        return out  # type: ignore[return-value]

    def codes(
        self, s: Position, only: int = _SUIT, once: bool = True, draw: Callable[[int], int] | None = None
    ) -> list[int]:
        """`legal` as move numbers (`moves.code_of`).

        With ``draw`` (a random stream's ``getrandbits``), only the move a uniform choice among
        them picks, drawn as `random.Random.randrange` draws (nothing is drawn when there is one
        move): random play needs no more, and most cards' moves are then only counted, not
        written out (the lists of the loose cards taken, in their own cards, and sorted)."""
        return self.turn(s, s.dealer + s.plays + 1 & 3, s.hands, s.loose, s.phase, s.bid, s.houses, only, once, draw)

    def turn(
        self,
        s: Position,
        m: int,
        hands: Sequence[int],
        loose: int,
        phase: Phase,
        bid: int,
        houses: Sequence[House],
        only: int = _SUIT,
        once: bool = True,
        draw: Callable[[int], int] | None = None,
    ) -> list[int]:
        """`codes` of the position ``s`` from its fields, read by the caller: seat ``m`` to play,
        ``hands``, ``loose``, ``phase``, ``bid`` and ``houses`` (the fast layer reads them from its
        own state, which a compiled build reads directly)."""
        if draw is not None and once and houses and self._joins:  # rules §3.2 needs the whole list
            return [drawn(self.turn(s, m, hands, loose, phase, bid, houses, only, once), draw)]
        rules = self.rules
        deferred: list[tuple[int, int, int, Sequence[int], bool | None, int, int, int]] = []
        hand = hands[m]
        lc, ld, lh, ls = loose & _SUIT, loose >> 13 & _SUIT, loose >> 26 & _SUIT, loose >> 39
        shape = lc | ld | lh | ls
        if shape.bit_count() == loose.bit_count():  # loose cards of different values: the usual case
            general = None
        else:
            general = self._tables.get(loose)
            if general is None:
                general = self.tables(loose)
            shape = general.shape
        book = _BOOKS.get(self._book)
        sh = book.get(shape) if book is not None else None
        if sh is None:
            sh = self.shape(shape)
        lists = sh.lists
        a, b, c4, d = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39
        held = _SPREAD[a] | _SPREAD[b] << 1 | _SPREAD[c4] << 2 | _SPREAD[d] << 3  # rank r's suits at bit 4r
        ranks = a | b | c4 | d
        one = ranks << 1
        ranks &= only
        two = ((a & b) | (a & c4) | (a & d) | (b & c4) | (b & d) | (c4 & d)) << 1
        opening = phase is _OPENING
        house_bits = 0  # values with a house, as bits
        obligations = 0  # I3: values of houses whose card this seat must keep
        free_bits = 0  # M5: values of the houses this seat may cement without keeping a card of it
        breakable = 0  # M4: values of the houses this seat may break
        if houses:
            p = (m + 2) & 3
            team = self._team
            partner_needs = self._partner_needs
            no_partner_break = self._no_partner_break
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
        # M3: the values a new house may have: held, no house of the value (R10: the bid's value at
        # the opening), the houses not at their most (A31)
        if self._max_houses is not None and len(houses) >= self._max_houses:
            build_bits = 0
        elif opening:
            build_bits = 1 << bid if not house_bits >> bid & 1 and one >> bid & 1 else 0
        else:
            build_bits = one & ~house_bits & _HOUSE_BITS
        throw_policy = self._throw_policy
        maximal = self._maximal
        floor_breaks = self._floor_breaks
        pair = self._pair
        # Values whose cards may do more than be thrown (a superset): those that capture a house
        # or loose cards, build a house of a value held, break or cement a house. The others are
        # thrown whatever the throw policy (M1), except at the opening.
        sums = sh.sums
        if opening:
            active = -1
        else:
            wanted = (build_bits | house_bits) >> 9
            known = sh.active[wanted]
            if known < 0:
                known = sh.active[wanted] = _active(sums, wanted)
            active = known | house_bits
            if breakable:
                active |= (1 << (14 - (breakable & -breakable).bit_length() + 1)) - 2
        out: list[int] = []
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            r = low.bit_length() - 1
            x = r + 1
            if not active >> x & 1:
                out += _THROW_RUNS[r << 4 | held >> (r << 2) & 15]
                continue
            hv = house_bits >> x & 1
            last = obligations >> x & 1 and not two >> x & 1
            # The slots (`_SLOTS`) of its lists, as bits: in the order of the bits, the captures,
            # the builds and the cements, the order the moves are listed in.
            keys = 0
            breaks = 0
            kept = 0
            # R10: the opening captures with a card of the bid value
            if (not opening or x == bid) and (hv or sums >> x & 1):
                keys = 1 << (hv | (2 if last and not maximal else 0))
            if last:
                throw: bool | None = False
            else:
                kept = (one & ~(1 << x)) | (two & (1 << x))  # values still held after playing this one
                # M3: house values held after this card, the card making a set with loose cards
                # (or a pair house on loose cards of its own value)
                cand = build_bits & kept & (sums << x | (1 << x if pair and sums >> x & 1 else 0))
                keys |= cand >> 5  # the build of value v (9-13) in slot v - 5
                if breakable:  # M4: never above 13; the breaker keeps a card of the new value
                    breaks = breakable & ((1 << (14 - x)) - 1)
                    if not floor_breaks:
                        breaks &= kept >> x
                # M5: the card makes sets of the house's value with loose cards, or is one itself
                keys |= house_bits & (sums << x | 1 << x) & (free_bits | kept)  # in slot v
                # M1: the throw.
                if opening and x != bid:
                    throw = False
                elif opening and self._opening_throw:
                    throw = True
                elif throw_policy == 0:
                    throw = not hv and not sums >> x & 1
                elif throw_policy == 1:
                    throw = True
                else:
                    throw = None  # decided per card below: only when nothing else is possible
            suits = _SUITS_BY[held >> (r << 2) & 15]
            if not keys and not breaks:
                if throw is not False:
                    for off in suits:
                        out.append((r + off) << 2)
                continue
            if floor_breaks and breaks:  # breaks that take loose cards differ from card to card
                self._emit_with_floor_breaks(sh, x, keys, general, loose, r, suits, throw, kept, breaks, out)
                continue
            if draw is not None:  # counted now, written out only if drawn
                per = (breaks >> 9 & 31).bit_count()
                base = x * _SLOTS
                m = keys
                while m:
                    low = m & -m
                    m ^= low
                    k = low.bit_length() - 1
                    entries = lists[base + k]
                    if entries is None:
                        entries = self._shape_list(sh, x, k)
                    per += len(entries)
                if throw:
                    per += 1
                elif not per and throw is None:
                    per = 1
                if per:
                    deferred.append((len(out), per, r, suits, throw, x, keys, breaks))
                continue
            ents = self._entries(sh, x, keys, breaks, general, loose)
            for off in suits:  # suit order C, D, H, S
                cc = (r + off) << 2
                if throw:
                    out.append(cc)
                if ents:
                    out += map(cc.__or__, ents)
                elif throw is None:  # nothing else to do with the card: it may be thrown
                    out.append(cc)
        if draw is not None:
            return [self._drawn(out, deferred, draw, sh, general, loose)]
        if houses and once and self._joins:
            return listed_once(rules, s, out)
        return out

    def _drawn(
        self,
        out: list[int],
        deferred: list[tuple[int, int, int, Sequence[int], bool | None, int, int, int]],
        draw: Callable[[int], int],
        sh: Shape,
        general: Tables | None,
        loose: int,
    ) -> int:
        """The move a uniform draw picks from the moves ``out`` with the cards' moves ``deferred``
        (each ``(where, per, rank, suits, throw, value, keys, breaks)``: ``per`` moves for each of
        its suits, to go before ``out[where]``), drawn as `random.Random.randrange` draws."""
        n = len(out)
        for d in deferred:
            n += d[1] * len(d[3])
        i = _index(n, draw)
        before = 0  # the deferred moves before the current place in out
        for where, per, r, suits, throw, x, keys, breaks in deferred:
            if i < where + before:
                break
            j = i - where - before
            if j < per * len(suits):
                cc = (r + suits[j // per]) << 2
                j %= per
                if throw:
                    if not j:
                        return cc
                    j -= 1
                ents = self._entries(sh, x, keys, breaks, general, loose)
                return cc | ents[j] if ents else cc
            before += per * len(suits)
        return out[i - before]

    def _entries(self, sh: Shape, x: int, keys: int, breaks: int, general: Tables | None, loose: int) -> list[int]:
        """The moves of a card of value ``x`` without the card, as (loose cards taken << 12 |
        value << 8 | kind): the lists in the slots ``keys`` (as bits) of the shape ``sh`` given the
        loose cards' own cards, and the breaks of the house values ``breaks``; captures, builds,
        breaks, cements, each kind in canonical order (by the loose cards taken)."""
        lists = sh.lists
        maximal = self._maximal
        lc, ld, lh, ls = loose & _SUIT, loose >> 13 & _SUIT, loose >> 26 & _SUIT, loose >> 39
        ents: list[int] = []
        base = x * _SLOTS
        while keys:
            low = keys & -keys
            keys ^= low
            k = low.bit_length() - 1
            if breaks and k >= 9:  # a cement's slot
                ents += _BREAK_ENTRIES[breaks >> 9 & 31]
                breaks = 0
            entries = lists[base + k]
            if entries is None:
                entries = self._shape_list(sh, x, k)
            if not entries:
                continue
            if general is None:
                if len(entries) == 1:
                    e = entries[0]
                    t = e >> 13
                    ents.append(((t & lc) | (t & ld) << 13 | (t & lh) << 26 | (t & ls) << 39) << 12 | (e & 4095))
                    continue
                done = [
                    ((e >> 13 & lc) | (e >> 13 & ld) << 13 | (e >> 13 & lh) << 26 | (e >> 13 & ls) << 39) << 12
                    | (e & 4095)
                    for e in entries
                ]
            else:
                done = [general.cards(e >> 13) << 12 | (e & 4095) for e in entries]
            if len(done) > 1:  # canonical order: by the loose cards taken
                if maximal or k >= 4:  # one house value and kind in the list: the numbers' order
                    done.sort()
                else:  # captures with and without the house: a stable sort by the cards taken
                    done.sort(key=_taken)
            ents += done
        if breaks:
            ents += _BREAK_ENTRIES[breaks >> 9 & 31]
        return ents

    def _emit_with_floor_breaks(
        self,
        sh: Shape,
        x: int,
        keys: int,
        general: Tables | None,
        loose: int,
        r: int,
        suits: Sequence[int],
        throw: bool | None,
        kept: int,
        breaks: int,
        out: list[int],
    ) -> None:
        """The moves of the cards of rank r when breaks may take loose cards (M4 with
        ``break_may_use_floor_cards``): those breaks are worked out card by card."""
        lists: list[tuple[int, list[int]]] = []
        for k in range(_SLOTS):
            if not keys >> k & 1:
                continue
            entries = sh.lists[x * _SLOTS + k]
            if entries is None:
                entries = self._shape_list(sh, x, k)
            done = [_loose_cards(loose, general, e >> 13) << 12 | (e & 4095) for e in entries]
            if len(done) > 1:
                done.sort(key=_taken)
            lists.append((k, done))
        for off in suits:
            c = r + off
            start = len(out)
            cc = c << 2
            if throw:
                out.append(cc)
            pending = breaks  # M4: breaks come after the builds, before the cements
            for k, ordered in lists:
                if pending and k >= 9:  # a cement's slot
                    self._breaks(loose, c, kept, pending, out)
                    pending = 0
                out += [e | cc for e in ordered]
            if pending:
                self._breaks(loose, c, kept, pending, out)
            if throw is None and len(out) == start:
                out.append(cc)

    def _breaks(self, loose: int, c: int, kept: int, bits: int, out: list[int]) -> None:
        """M4: the breaks of the houses of the values ``bits`` with card ``c``."""
        x = VALUE[c]
        values = [v for v in HOUSE_VALUES if bits >> v & 1]
        if not self.rules.break_may_use_floor_cards:
            for hv in values:
                out.append(hv << 8 | c << 2 | 2)
            return
        fs = floor_sums(loose)
        for hv in values:
            for e in break_takes(fs, hv + x, kept):
                out.append(e << 12 | hv << 8 | c << 2 | 2)


#: The shapes met under each set of rules (`Shape`: its move lists), by shape, in a book per set of
#: rules (`_book`: its number). Every generator of the same rules shares them, the table's and each
#: bot's alike; a generator keeps only the book's number, so nothing reachable from a game holds
#: them (which move lists were made tells which card values some player held).
_BOOKS: dict[int, dict[int, Shape]] = {}
_BOOK_OF: dict[SeepRules, int] = {}
_NEXT_BOOK: list[int] = [0]


def _book(rules: SeepRules) -> int:
    """The number of the book of these rules (numbers are never given twice)."""
    book = _BOOK_OF.get(rules)
    if book is None:
        if len(_BOOK_OF) >= 64:  # rules are few; past that, start again
            _BOOKS.clear()
            _BOOK_OF.clear()
        book = _BOOK_OF[rules] = _NEXT_BOOK[0]
        _NEXT_BOOK[0] += 1
        _BOOKS[book] = {}
    return book


_GENERATORS: dict[SeepRules, Generator] = {}


def generator(rules: SeepRules) -> Generator:
    """The generator of these rules, shared by every game with the same rules (so its tables are)."""
    g = _GENERATORS.get(rules)
    if g is None:
        if len(_GENERATORS) >= 64:
            _GENERATORS.clear()
        g = _GENERATORS[rules] = Generator(rules)
    return g
