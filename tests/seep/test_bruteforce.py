"""Legal move generation checked against a slow, literal reading of M1-M5 and I1-I3.

The reference below tries every subset of the loose cards for every card in hand and keeps what
the rules page allows, as effects (the floor, owners and piles after the move). The engine must
list exactly one action per effect, and nothing else, on positions met in random play.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from cardtable.games.seep import Seep
from cardtable.games.seep.floor import VALUE
from cardtable.games.seep.state import Phase, SeepState

Effect = tuple[int, frozenset[tuple[int, int, int, int]], tuple[int, int]]


def _cards(m: int) -> list[int]:
    return [c for c in range(52) if m >> c & 1]


def _sum(cards: Any) -> int:
    return sum(VALUE[c] for c in cards)


def _splits(cards: tuple[int, ...], t: int) -> bool:
    """Can these cards be cut into groups each summing to t? (brute force)"""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for r in range(len(rest) + 1):
        for more in combinations(rest, r):
            if VALUE[first] + _sum(more) == t and _splits(tuple(c for c in rest if c not in more), t):
                return True
    return False


def _subsets(cards: list[int]) -> list[tuple[int, ...]]:
    return [s for r in range(len(cards) + 1) for s in combinations(cards, r)]


def _mask(cards: Any) -> int:
    return sum(1 << c for c in cards)


def reference(g: Seep, s: SeepState) -> set[Effect]:
    """Every effect the rules allow, by brute force (default rules plus a few options)."""
    r = g.rules
    m = (s.dealer + s.plays + 1) % 4
    p = (m + 2) % 4
    team = m & 1
    hand = _cards(s.hands[m])
    loose = _cards(s.loose)
    opening = s.phase is Phase.OPENING
    houses = {h.value: h for h in s.houses}
    subsets = _subsets(loose)
    out: set[Effect] = set()

    def holds(after: int, v: int) -> bool:
        return any(VALUE[c] == v for c in _cards(after))

    def i3_ok(after: int, gone: int | None) -> bool:
        return all(holds(after, h.value) for h in s.houses if h.owners >> m & 1 and h.value != gone)

    def effect(new_loose: int, new_houses: dict[int, tuple[int, int]], taken: int) -> Effect:
        # I2: loose cards of a house's value join it.
        hs = {}
        for v, (cards, owners) in new_houses.items():
            singles = _mask(c for c in _cards(new_loose) if VALUE[c] == v)
            new_loose &= ~singles
            hs[v] = (cards | singles, owners)
        piles = (s.piles[0] | taken, s.piles[1]) if team == 0 else (s.piles[0], s.piles[1] | taken)
        return (new_loose, frozenset((v, c, o, _sum(_cards(c)) // v) for v, (c, o) in hs.items()), piles)

    base = {v: (h.cards, h.owners) for v, h in houses.items()}
    for c in hand:
        x = VALUE[c]
        after = s.hands[m] & ~(1 << c)
        bit = 1 << c
        # M2 captures
        if not opening or x == s.bid:
            for sub in subsets:
                if not _splits(sub, x):
                    continue
                for take_house in (False, True):
                    if take_house and x not in houses:
                        continue
                    if not sub and not take_house:
                        continue
                    rest = [q for q in loose if q not in sub]
                    if r.capture_policy == "maximal":
                        if x in houses and not take_house:
                            continue
                        if any(_sum(t) == x for t in _subsets(rest) if t):
                            continue
                    if not i3_ok(after, x if take_house else None):
                        continue
                    hs = dict(base)
                    taken = bit | _mask(sub)
                    if take_house:
                        taken |= hs.pop(x)[0]
                    out.add(effect(s.loose & ~_mask(sub), hs, taken))
        if not i3_ok(after, None):
            continue
        # M1 throw
        can_capture = x in houses or any(_sum(t) == x for t in subsets if t)
        if (not opening or x == s.bid) and not can_capture:
            out.add(effect(s.loose | bit, dict(base), 0))
        # M3 build
        for v in range(9, 14):
            if v in houses or v < x or (opening and v != s.bid) or not holds(after, v):
                continue
            if x == v and not r.allow_pair_house:
                continue
            for sub in subsets:
                if not sub:
                    continue
                ok = False
                if x == v:
                    ok = _splits(sub, v) and (r.allow_multi_set_build or _sum(sub) == v)
                else:
                    for k in range(1, len(sub) + 1):
                        for t in combinations(sub, k):
                            rest = tuple(q for q in sub if q not in t)
                            if x + _sum(t) == v and _splits(rest, v) and (r.allow_multi_set_build or not rest):
                                ok = True
                if ok:
                    hs = dict(base)
                    hs[v] = (bit | _mask(sub), 1 << m)
                    out.add(effect(s.loose & ~_mask(sub), hs, 0))
        if opening:
            continue
        # M4 break
        for v, h in houses.items():
            if h.cemented or h.owners >> m & 1 or v + x > 13 or not holds(after, v + x):
                continue
            if not r.may_break_partner_house and h.owners >> p & 1:
                continue
            hs = dict(base)
            del hs[v]
            v2 = v + x
            if v2 in hs:
                hs[v2] = (hs[v2][0] | h.cards | bit, hs[v2][1] | 1 << m)
            else:
                hs[v2] = (h.cards | bit, 1 << m)
            out.add(effect(s.loose, hs, 0))
        # M5 cement / add
        for v, h in houses.items():
            if x > v:
                continue
            if h.owners >> m & 1:
                need, owners = True, h.owners
            elif h.owners >> p & 1:
                need, owners = r.partner_add_requires_card, h.owners
            else:
                need, owners = True, h.owners | 1 << m
            if need and not holds(after, v):
                continue
            for sub in subsets:
                ok = False
                for k in range(len(sub) + 1):
                    for t in combinations(sub, k):
                        rest = tuple(q for q in sub if q not in t)
                        if x + _sum(t) == v and _splits(rest, v):
                            ok = True
                if ok:
                    hs = dict(base)
                    hs[v] = (h.cards | bit | _mask(sub), owners)
                    out.add(effect(s.loose & ~_mask(sub), hs, 0))
    return out


def engine_effects(g: Seep, s: SeepState) -> list[Effect]:
    out = []
    for a in g.legal_actions(s):
        t = g.apply(s, a)
        hs = frozenset((h.value, h.cards, h.owners, len(h.sets)) for h in t.houses)
        out.append((t.loose, hs, t.piles))
    return out


def positions(options: dict[str, Any], count: int, seed: int) -> list[tuple[Seep, SeepState]]:
    g = Seep(**options)
    rng = random.Random(seed)
    found: list[tuple[Seep, SeepState]] = []
    while len(found) < count:
        s = g.start(rng.randrange(4))
        s = g.apply(s, g.deal(s, rng))
        while g.actor(s) is not None:
            if s.phase is not Phase.BID and s.plays < 47 and s.loose.bit_count() <= 7 and rng.random() < 0.3:
                found.append((g, s))
            s = g.apply(s, rng.choice(g.legal_actions(s)))
    return found[:count]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"capture_policy": "any_valid_subset"},
        {"allow_multi_set_build": False},
        {"allow_pair_house": False},
        {"may_break_partner_house": False},
        {"partner_add_requires_card": True},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "standard",
)
def test_m1_m5_generation_matches_brute_force(options: dict[str, Any]) -> None:
    for g, s in positions(options, 120, seed=len(str(options))):
        mine = engine_effects(g, s)
        assert len(mine) == len(set(mine)), "two legal actions with the same effect"
        assert set(mine) == reference(g, s), g.observe(s, (s.dealer + s.plays + 1) % 4).to_json()
