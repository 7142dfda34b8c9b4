"""What joins a house by itself, and the moves that therefore have the same effect.

I2 makes a loose card of a house's value join the house; with ``auto_merge_loose_sets`` loose
sets of its value join too. So a thrown card may join a house (under ``throw_policy: free``, or
with ``auto_merge_loose_sets``), which is what a cement of that house with the same card and set
does, when the cement leaves the owners as they are. Rules §3.2 pins both points: the order in
which loose sets join (`join_order`), and that such equal moves are listed once (`listed_once`).
"""

from __future__ import annotations

from cardtable.games.seep.actions import Cement
from cardtable.games.seep.floor import DISPLAY_KEY, VALUE, display_cards, floor_sums
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import House, Position


def cement_owners(rules: SeepRules, house: House, m: int) -> int:
    """M5: the owners of ``house`` after seat ``m`` cements it or adds to it."""
    owners = house.owners
    if owners >> m & 1:
        return owners
    if owners >> ((m + 2) % 4) & 1:  # a partner's house: an owner only if the rules say so
        return owners | 1 << m if rules.partner_becomes_owner else owners
    if len(house.sets) < 2 or rules.opponent_add_becomes_owner:
        return owners | 1 << m  # an opponent who cements becomes a co-owner
    return owners


def join_order(group: int) -> tuple[int, list[int]]:
    """Rules §3.2: of the loose sets that could join a house by themselves, the one with the
    fewest cards joins first; between sets of as many cards, the one whose cards, each sorted by
    value then suit (C < D < H < S), come first compared card by card (AH+4C+8D before 2D+4C+7S)."""
    return group.bit_count(), [DISPLAY_KEY[c] for c in display_cards(group)]


def throw_joins(rules: SeepRules, s: Position, card: int) -> Cement | None:
    """Rules §3.2: the cement with the same effect as throwing ``card``, or None.

    A thrown card joins a house by itself (I2) when the house has its value (a throw allowed by
    ``throw_policy: free``), or, with ``auto_merge_loose_sets``, when it makes a set of the house's
    value with loose cards (the lowest such house, the set first in `join_order`). That is the
    cement of the house with the same card and set, when the cement leaves the owners unchanged
    (M5: the mover's own house, a partner's, or an opponent's cemented house under
    ``opponent_add_becomes_owner: false``).
    """
    x = VALUE[card]
    bit = 1 << card
    m = (s.dealer + s.plays + 1) % 4
    for h in s.houses:
        v = h.value
        if v < x:
            continue
        if v == x:
            group = bit
        elif rules.auto_merge_loose_sets:
            groups = [g for g in floor_sums(s.loose | bit).groups[v] if g & bit]
            if not groups:
                continue
            group = min(groups, key=join_order)
        else:
            continue
        return Cement(v, card, group & ~bit) if cement_owners(rules, h, m) == h.owners else None
    return None


def may_join(rules: SeepRules) -> bool:
    """Whether a thrown card may join a house under these rules (so a throw may equal a cement)."""
    return rules.throw_policy == "free" or rules.auto_merge_loose_sets


def listed_once(rules: SeepRules, s: Position, out: list[int]) -> list[int]:
    """Rules §3.2, equal moves listed once: of moves given as numbers (`moves.code_of`), a throw
    that joins a house as a listed cement of the same card does is left out (the cement, which
    writes what joins the house, stands for both; the throw is still accepted). Only
    ``throw_policy: free`` and ``auto_merge_loose_sets`` let a thrown card join a house."""
    if not s.houses or not may_join(rules):
        return out
    drop = set()
    for code in out:
        if code < 256:  # a throw: card << 2
            same = throw_joins(rules, s, code >> 2)
            if same is not None and (same.take << 12 | same.house << 8 | code | 3) in out:
                drop.add(code)
    return [code for code in out if code not in drop] if drop else out
