"""Sums over the loose cards of the floor: the tables that legal move generation stands on.

A capture with a card of value x, a new house of value V and a cement of a V-house all ask the
same two questions about the loose cards: which subsets sum to exactly t (`FloorSums.groups`), and
which subsets split into disjoint groups that each sum to t (`FloorSums.splits`). Values never
exceed 13, so the subsets with a sum of at most 13 are few even on a crowded floor; they are found
once per floor (cached by the loose card set) and every other table is built from them on demand.

>>> from cardtable.cards import mask_of, parse_cards
>>> f = floor_sums(mask_of(parse_cards("2S 3D 5C 6H")))
>>> sorted(len(g) for g in (f.groups[11],))
[2]
>>> [show(m) for m in f.maximal_captures(11)]
['5C+6H', '2S+3D+6H']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from cardtable.cards import format_card

#: R2: the capture value of each card: A = 1, 2-10 face value, J = 11, Q = 12, K = 13.
VALUE: Final = tuple(c % 13 + 1 for c in range(52))
#: The order cards are written in within a group: by value, then suit (C D H S).
DISPLAY_KEY: Final = tuple((c % 13) * 4 + c // 13 for c in range(52))
#: House values (R13).
HOUSE_VALUES: Final = (9, 10, 11, 12, 13)
#: For each value, the set of the four cards of that value.
VALUE_MASK: Final = tuple(sum(1 << (s * 13 + v - 1) for s in range(4)) if v else 0 for v in range(14))


def bits(m: int) -> list[int]:
    """The cards of a set, lowest card number first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def total(m: int) -> int:
    """The sum of the capture values of a set of cards."""
    s = 0
    while m:
        low = m & -m
        s += VALUE[low.bit_length() - 1]
        m ^= low
    return s


def display_cards(m: int) -> list[int]:
    """The cards of a set in writing order: by value, then suit."""
    return sorted(bits(m), key=DISPLAY_KEY.__getitem__)


def show(m: int) -> str:
    """A group of cards as notation: ``2S+3D+6H``."""
    return "+".join(format_card(c) for c in display_cards(m))


def _sums_upto_13(m: int) -> list[list[int]]:
    """For t = 0 … 13, every subset of ``m`` whose values sum to exactly t (the empty set at 0)."""
    by_sum: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], []]
    partial = [(0, 0)]
    while m:
        bit = m & -m
        m ^= bit
        v = VALUE[bit.bit_length() - 1]
        partial += [(s + v, q | bit) for s, q in partial if s + v <= 13]
    for s, q in partial:
        by_sum[s].append(q)
    return by_sum


class FloorSums:
    """Subset-sum tables of one set of loose cards (see the module docstring)."""

    __slots__ = ("_builds", "_cements", "_maximal", "_splits", "groups", "loose")

    def __init__(self, loose: int) -> None:
        self.loose = loose
        #: groups[t]: every set of loose cards summing to exactly t (t = 1 … 13).
        self.groups = _sums_upto_13(loose)
        self._splits: dict[int, list[int]] = {}
        self._maximal: dict[int, list[int]] = {}
        self._builds: dict[tuple[int, int, bool, bool], list[int]] = {}
        self._cements: dict[tuple[int, int, bool], list[int]] = {}

    def splits(self, t: int) -> list[int]:
        """Every set of loose cards that splits into disjoint groups each summing to t, the empty
        set included, in ascending order of the set."""
        out = self._splits.get(t)
        if out is None:
            groups = self.groups[t]
            if not groups:
                out = [0]
            elif len(groups) == 1:
                out = [0, groups[0]]
            else:
                found = {0}
                for g in groups:
                    found.update([p | g for p in found if not p & g])
                out = sorted(found)
            self._splits[t] = out
        return out

    def hits_every_group(self, taken: int, t: int) -> bool:
        """True when no set of the loose cards left after removing ``taken`` sums to t."""
        return all(taken & g for g in self.groups[t])

    def maximal_captures(self, x: int) -> list[int]:
        """M2: the selections of loose cards a card of value x may take under maximal capture:
        they split into x-groups and leave no loose card or set summing to x."""
        out = self._maximal.get(x)
        if out is None:
            groups = self.groups[x]
            union = 0
            disjoint = True
            for g in groups:
                if union & g:
                    disjoint = False
                    break
                union |= g
            # Usually the groups are disjoint and are all taken together.
            out = [union] if disjoint else sorted(_maximal_packings(self.loose, tuple(groups), {}))
            self._maximal[x] = out
        return out

    def with_card(self, x: int, v: int, multi: bool, maximal: bool) -> list[int]:
        """M3/M5: every set S of loose cards that, with a played card of value x (x < v), splits
        into groups each summing to v, the played card in one of them. ``multi`` allows more than
        the played card's group; ``maximal`` demands that no loose set summing to v is left."""
        key = (x, v, multi, maximal)
        out = self._builds.get(key)
        if out is None:
            rests = self.splits(v) if multi else [0]
            if len(rests) == 1:
                found = set(self.groups[v - x])
            else:
                found = {t | u for t in self.groups[v - x] for u in rests if not t & u}
            if maximal:
                found = {s for s in found if self.hits_every_group(s, v)}
            out = sorted(found)
            self._builds[key] = out
        return out

    def alone(self, v: int, multi: bool, maximal: bool) -> list[int]:
        """M3/M5 with a played card of value v forming a group by itself: the sets of loose cards
        that go with it (splits into v-groups; one group only unless ``multi``)."""
        key = (v, multi, maximal)
        out = self._cements.get(key)
        if out is None:
            found = self.splits(v) if multi else [0, *self.groups[v]]
            if maximal:
                found = [s for s in found if self.hits_every_group(s, v)]
            out = sorted(found)
            self._cements[key] = out
        return out


def _maximal_packings(rest: int, groups: tuple[int, ...], memo: dict[int, frozenset[int]]) -> frozenset[int]:
    """The unions of the maximal packings of disjoint ``groups`` within the cards ``rest``.

    A maximal packing must use a group that meets any group g0 still fitting in ``rest`` (else g0
    could be added); so branch on those groups, g0 chosen with the fewest of them.
    """
    found = memo.get(rest)
    if found is not None:
        return found
    fits = [g for g in groups if not g & ~rest]
    if not fits:
        found = frozenset((0,))
    else:
        best: list[int] | None = None
        for g0 in fits:
            meets = [h for h in fits if h & g0]
            if best is None or len(meets) < len(best):
                best = meets
        assert best is not None
        out: set[int] = set()
        for h in best:
            out.update(h | u for u in _maximal_packings(rest & ~h, groups, memo))
        found = frozenset(out)
    memo[rest] = found
    return found


_CACHE: dict[int, FloorSums] = {}
_CACHE_LIMIT: Final = 4096


def floor_sums(loose: int) -> FloorSums:
    """The tables for this set of loose cards, shared between calls (a bounded cache)."""
    f = _CACHE.get(loose)
    if f is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        f = FloorSums(loose)
        _CACHE[loose] = f
    return f


def _groups_with(m: int, first: int, t: int) -> list[int]:
    """Subsets of ``m`` that hold card ``first`` and sum to t, in a fixed order."""
    rest = [c for c in display_cards(m) if c != first]
    out: list[int] = []
    need0 = t - VALUE[first]

    def walk(i: int, need: int, acc: int) -> None:
        if need == 0:
            out.append(acc)
            return
        for j in range(i, len(rest)):
            v = VALUE[rest[j]]
            if v <= need:
                walk(j + 1, need - v, acc | (1 << rest[j]))

    if need0 >= 0:
        walk(0, need0, 1 << first)
    return out


@lru_cache(maxsize=8192)
def partition(m: int, t: int) -> tuple[int, ...] | None:
    """A split of the cards ``m`` into groups each summing to t, or None if there is none.

    The split is canonical: the group of the first card in writing order comes first, and it is
    the first such group (in a fixed order) whose remainder still splits. An empty set splits into
    no groups.
    """
    if not m:
        return ()
    if t <= 0 or total(m) % t:
        return None
    first = display_cards(m)[0]
    for g in _groups_with(m, first, t):
        rest = partition(m & ~g, t)
        if rest is not None:
            return (g, *rest)
    return None


@lru_cache(maxsize=8192)
def partition_with(card: int, m: int, t: int) -> tuple[int, ...] | None:
    """A split of ``card`` plus the loose cards ``m`` into groups each summing to t, with the
    played card's group first; the first entry is the loose part of that group (0 when the card
    stands alone). None if there is no such split."""
    whole = m | (1 << card)
    for g in _groups_with(whole, card, t):
        rest = partition(whole & ~g, t)
        if rest is not None:
            return (g & ~(1 << card), *rest)
    return None
