"""The rule-based bot's trick play over arrays: `fast.RulePolicy` at every row of the batched engine.

The search plays its worlds out with the rule-based bot; once the trick play has begun, every
table of a batch is played by `rule_tokens`, which gives, at each row with a seat to act, the card
that `fast.RulePolicy._play` (and so `bots.RuleBot`) would play there. It reads only what the seat
to act may know, as its view shows it: the unknown card of R35a stays face down until the seat set
it aside or won its trick, and the partner stays unknown until the called card shows (R22). The
bot's other decisions (the pick, the bury, the call, a crack) are not written here: the batch plays
hands out from the trick play only (`batch.SheepsheadBatch.covers`).

Cards are Sheepshead indices (0 QC … 13 7D the trumps, then the fail suits, each from the ace
down), as in the engine and the kernels, so "the strongest" is the lowest index and the first
of equal candidates is the one Python's ``min`` and ``max`` keep (the lowest index first).
``tests/batch/test_playouts.py`` holds `rule_tokens` to `fast.RulePolicy` on many positions.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import inline, jit

from .kernels import (
    ACES,
    BLIND,
    BURY,
    CALLED,
    FAIL_ACES,
    FAIL_SUITS,
    FOLLOW,
    HAND0,
    K_ALONE,
    KIND,
    LEADER,
    LED,
    NTRICK,
    P_LEASTER_NEEDS_TRICK,
    PARTNER,
    PHASE,
    PICKER,
    PLAYED,
    PLAYING,
    POINTS,
    SEATS,
    SUIT,
    T_PLAY,
    TAKEN0,
    TO_ACT,
    TRICK0,
    TRUMP,
    UNDER,
    WON0,
    play_mask,
)

Ints = npt.NDArray[np.int64]

#: Queens and jacks (`bots.HIGH_TRUMP`), and the fail cards.
HIGH_TRUMP: Final = 0xFF
FAIL: Final = 0xFFFFFFFF & ~TRUMP

#: `rule_tokens`' options, by index.
O_CLASSIC: Final = 0
OPTIONS: Final = 1


@inline
def top(m: int) -> int:
    """The strongest card of a non-empty set (its lowest index)."""
    c = 0
    while not m >> c & 1:
        c += 1
    return c


@inline
def bottom(m: int) -> int:
    """The weakest card of a non-empty set (its highest index)."""
    c = 31
    while not m >> c & 1:
        c -= 1
    return c


@inline
def count(m: int) -> int:
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@inline
def _safe(card: int, out: int, follow: int, trump: bool) -> bool:
    """`bots._safe`: no card still out can beat ``card``."""
    if trump:
        return not out & TRUMP & ((1 << card) - 1)
    return not out & TRUMP and not out & follow & ((1 << card) - 1)


@jit
def _schmear(ok: int) -> int:
    """`bots._schmear`: the most points to give a winning teammate, sparing queens and jacks."""
    best = bottom(ok)
    best_key = -99.0
    for i in range(32):
        if ok >> i & 1:
            key = POINTS[i] - (12.0 if HIGH_TRUMP >> i & 1 else 3.0 if TRUMP >> i & 1 else 0.0)
            if key > best_key:
                best, best_key = i, key
    return best


@jit
def _discard(ok: int) -> int:
    """`bots._discard`: the least useful card: no points, not a trump, the weakest."""
    best = bottom(ok)
    best_key = 99.0
    for i in range(32):
        if ok >> i & 1:
            key = POINTS[i] + (20.0 - i if TRUMP >> i & 1 else 0.0) + (4.0 if ACES >> i & 1 else 0.0)
            if key < best_key:
                best, best_key = i, key
    return best


@jit
def _most_points(m: int) -> int:
    """The card of ``m`` with the most points, the weakest of equal ones (max by (points, index))."""
    best = -1
    for i in range(32):
        if m >> i & 1 and (best < 0 or POINTS[i] > POINTS[best] or POINTS[i] == POINTS[best]):
            best = i
    return best


@jit
def _cheapest_winner(beat: int) -> int:
    """`bots._cheapest_winner`: the weakest winning card, counting fail points as a gain."""
    fails = beat & FAIL
    if fails:
        return _most_points(fails)
    return bottom(beat)


@jit
def _shed(m: int) -> int:
    """The card of ``m`` first by `bots._shed_key` (points, a queen counting 8 more, then the
    highest of the ranks)."""
    best = -1
    bp = 0
    bo = 0
    for c in range(32):
        if m >> c & 1:
            p = POINTS[c] + (8 if c < 8 else 0)
            o = -c if c >= 14 else 14 - c
            if best < 0 or p > bp or (p == bp and o > bo):
                best, bp, bo = c, p, o
    return best


@jit
def _leaster(P: Ints, ok: int, held: int, n: int, led: int, best: int, points: int, out: int, won: int) -> int:
    """`bots.leaster_card` (R41): avoid tricks, shed power and points; a seat with no trick takes
    one cheap trick. ``n`` cards are in the trick (0: it leads)."""
    if n == 0:
        fails = ok & FAIL
        if fails:
            pick = -1
            pick_key = -99
            for s in range(3):
                f = fails & FAIL_SUITS[s]
                if f:
                    low = bottom(f)
                    key = count(out & FAIL_SUITS[s] & ((1 << low) - 1))
                    if key > pick_key:
                        pick, pick_key = low, key
            return pick
        return bottom(ok)
    follow = FOLLOW[led]
    beat = ok & TRUMP & (1 << best) - 1 if best < 14 else ok & TRUMP | ok & follow & (1 << best) - 1
    lose = ok & ~beat
    need = P[P_LEASTER_NEEDS_TRICK] != 0 and won == 0
    if need and beat and n == SEATS - 1 and points <= 4:
        return top(beat)
    if lose:
        if need and held <= 3:
            return _most_points(lose)
        return _shed(lose)
    return top(beat)


@jit
def _lead(S: Ints, row: int, seen: int, ok: int, out: int, picker_team: bool, x: int) -> int:
    """`RulePolicy._lead`: the picker's side pulls trumps with the master (else a low trump); the
    defenders lead the called suit while it is still to be led, else a fail ace, else the
    shortest fail suit's weakest card."""
    trumps = ok & TRUMP
    if picker_team and trumps:
        t = top(trumps)
        if not out & TRUMP & ((1 << t) - 1):
            return t
        return bottom(trumps)
    fails = ok & FAIL
    if not fails:
        return bottom(ok)
    if not picker_team and x >= 0:
        suit = FAIL_SUITS[x]
        led = S[row, LED]
        under = S[row, UNDER]
        open_x = not led & suit and not (under >= 0 and led >> under & 1 and not seen >> under & 1)
        if open_x:
            xs = fails & suit
            if xs:
                return bottom(xs)
    aces = fails & ACES
    for a in FAIL_ACES:
        if aces >> a & 1 and out & FAIL_SUITS[(a - 14) // 6]:
            return a
    shortest = 0
    length = 99
    for s in range(3):
        f = fails & FAIL_SUITS[s]
        if f and count(f) < length:
            shortest, length = f, count(f)
    return bottom(shortest)


@jit
def _play(S: Ints, P: Ints, row: int, ok: int, classic: bool) -> int:
    """`RulePolicy._play`: the card the rule-based bot plays at ``row``."""
    seat = S[row, TO_ACT]
    picker = S[row, PICKER]
    hand = S[row, HAND0 + seat]
    under = S[row, UNDER]
    played = S[row, PLAYED]
    seen = played
    if picker != seat and under >= 0 and played >> under & 1 and not S[row, TAKEN0 + seat] >> under & 1:
        seen &= ~(1 << under)
    gone = hand | (played & seen)
    if picker == seat:
        gone |= S[row, BLIND] | S[row, BURY]
    out = ~gone & 0xFFFFFFFF
    x = S[row, SUIT]
    n = S[row, NTRICK]
    # the trick as the seat sees it (`_trick_state`): the led card (-1: face down), the winning
    # card and its place, the points shown
    led = -1
    best = 99
    best_pos = 0
    best_trump = False
    points = 0
    if n > 0:
        first = S[row, TRICK0]
        led = first if seen >> first & 1 else -1
        follow = FAIL_SUITS[x] if led < 0 else FOLLOW[led]
        for pos in range(n):
            i = S[row, TRICK0 + pos]
            if not seen >> i & 1:
                continue
            points += POINTS[i]
            if i < 14:
                if not best_trump or i < best:
                    best, best_pos, best_trump = i, pos, True
            elif not best_trump and follow >> i & 1 and i < best:
                best, best_pos = i, pos
        if best == 99:
            best = 20 if x == 0 else 26 if x == 1 else 32  # the bit length of the called suit's set
    if picker < 0:
        return _leaster(P, ok, count(hand), n, led, best, points, out, S[row, WON0 + seat])
    # `_partner_view`: whether the seat knows the partner, and who (-1: nobody)
    partner = S[row, PARTNER]
    called = S[row, CALLED]
    if (
        S[row, KIND] == K_ALONE
        or called < 0
        or seat == partner
        or played >> called & 1
        or (seat == picker and partner < 0)
    ):
        known = True
    else:
        known = False
        partner = -1
    if seat == picker:
        team = 1 << seat | (1 << partner if partner >= 0 else 0)
    elif partner == seat:
        team = 1 << seat | 1 << picker
    elif known:
        team = 31 & ~(1 << picker) & ~(1 << partner if partner >= 0 else 0)
    else:
        team = 1 << seat
    on_picker_team = seat == picker or partner == seat
    if n == 0:
        return _lead(S, row, seen, ok, out, on_picker_team, x)
    leader = S[row, LEADER]
    winner = (leader + best_pos) % SEATS
    follow = FAIL_SUITS[x] if led < 0 else FOLLOW[led]
    last = n == SEATS - 1
    best_is_trump = best < 14
    beat = ok & TRUMP & (1 << best) - 1 if best_is_trump else ok & TRUMP | ok & follow & (1 << best) - 1
    if team >> winner & 1:
        if last or _safe(best, out, follow, best_is_trump):
            return _schmear(ok)
        if beat and points >= 10:
            safe = -1
            for c in range(32):
                if beat >> c & 1 and _safe(c, out, follow, c < 14):
                    safe = c  # the weakest safe winner (max of the safe ones)
            if safe >= 0:
                return safe
        return _discard(ok)
    if (
        not on_picker_team
        and not known
        and winner != picker
        and (picker - leader + SEATS) % SEATS < n
        and (not beat or points < 10)
    ):
        return _discard(ok)
    if beat:
        if last or not classic:
            return _cheapest_winner(beat)
        safe_beat = 0
        for c in range(32):
            if beat >> c & 1 and _safe(c, out, follow, c < 14):
                safe_beat |= 1 << c
        if safe_beat:
            return _cheapest_winner(safe_beat)
        if points >= 10:
            return top(beat)
        if not beat & TRUMP:
            return _cheapest_winner(beat)
    return _discard(ok)


@jit
def rule_tokens(S: Ints, P: Ints, options: Ints, out: Ints) -> None:
    """``out[row]``: the token the rule-based bot gives at each row in the trick play (-1 where no
    seat acts, and where the trick play has not begun). ``options`` are its options (`O_CLASSIC`)."""
    classic = options[O_CLASSIC] != 0
    for row in range(S.shape[0]):
        if S[row, TO_ACT] < 0 or S[row, PHASE] != PLAYING:
            out[row] = -1
            continue
        ok = play_mask(S, P, row)
        if ok & (ok - 1) == 0:
            out[row] = T_PLAY + top(ok)
        else:
            out[row] = T_PLAY + _play(S, P, row, ok, classic)


__all__ = ["OPTIONS", "O_CLASSIC", "rule_tokens"]
