"""The rule-based bot over arrays: `bots.RuleBot` at every row of the batched engine.

The search plays its worlds out with the rule-based bot, and the learners imitate it and play
against it; every table of a batch is played by `rule_tokens`, which gives, at each row with a
seat to act, the token the checked `bots.RuleBot` (and its fast-layer twin `fast.RulePolicy`)
would give there, in every phase of a hand:

- the pick (R11, R45): the taught `bots.PICK_MODEL` where the bot uses it (the standard rules),
  else `bots.strength` against `bots.pick_threshold` and the seat's shift; a blitz on a hand
  three points over the threshold;
- the bury (R14), two tokens, the stronger card first: the written judgement (`RuleBot._bury_score`)
  and, where the bot uses it, the taught `bots.BURY_MODEL` among its first `bots.BURY_SHORTLIST`;
- the call (R17-R21, R35a): alone with a monster hand, else the best ace, ten or unknown call
  (an unknown call is two tokens: the ace, then the card set aside);
- a crack and a re-crack (R44), on the hand's strength;
- the trick play, `fast.RulePolicy._play`.

It reads only what the seat to act may know, as its view shows it: its hand, its place in the
auction, the blind and the bury once it picked; in the play the unknown card of R35a stays face
down until the seat set it aside or won its trick, and the partner stays unknown until the called
card shows (R22). Scores are the checked bot's float64 arithmetic in the same order (a sum from
the first term on, as `bots._dot` adds), and ties go to the first of the engine's legal
order (`play.bury_choices`, `play.call_choices`), as the checked bot breaks them.

`play_out` plays rows' hands to their ends with the bot at every seat in one kernel (`token` and
`kernels._act` fused), for the search's playouts.

A two-token action given half by another player (a learner that named a bury's first card, or an
unknown call's ace) is finished as the bot would finish it: the second card of its own choice
when that starts with the same token, else its choice among the actions that do.

Cards are Sheepshead indices (0 QC … 13 7D the trumps, then the fail suits, each from the ace
down), as in the engine and the kernels, so "the strongest" is the lowest index and the first
of equal candidates is the one Python's ``min`` and ``max`` keep (the lowest index first).
``tests/batch/test_playouts.py`` holds `rule_tokens` to `fast.RulePolicy` on many positions, and
``tests/batch/test_sheepshead_rule.py`` to `RuleBot.act` at every decision of whole hands.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import borrowing, inline, jit

from . import bots
from .kernels import (
    ACES,
    BLACK_QUEENS,
    BLIND,
    BURY,
    BURYING,
    CALLED,
    CALLED_ACE,
    CALLING,
    CRACK,
    DEALER,
    DOUBLER,
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
    P_NO_PICK,
    P_OWN_ACE,
    P_PARTNER,
    P_TEN_CALL,
    P_UNKNOWN_CALL,
    PARTIAL,
    PARTNER,
    PASSES,
    PHASE,
    PICK,
    PICKER,
    PLAYED,
    PLAYING,
    POINTS,
    RECRACK,
    SEATS,
    SUIT,
    T_ALONE,
    T_BLITZ,
    T_BURY,
    T_CALL,
    T_CALL_UNKNOWN,
    T_CRACK,
    T_PASS,
    T_PICK,
    T_PLAY,
    T_RECRACK,
    T_UNDER,
    TAKEN0,
    TO_ACT,
    TRICK0,
    TRUMP,
    UNDER,
    WON0,
    Bytes,
    Tokens,
    _act,
    call_options,
    pick_tokens,
    play_mask,
    points_of,
)

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Scores = npt.NDArray[np.float32]

#: Queens and jacks (`bots.HIGH_TRUMP`), and the fail cards.
HIGH_TRUMP: Final = 0xFF
FAIL: Final = 0xFFFFFFFF & ~TRUMP

#: `rule_tokens`' options, by index: the classic bot, the taught pick and the taught bury in use
#: (`RuleBot.taught_pick`, `RuleBot.taught_bury`, and the rules they were taught on).
O_CLASSIC, O_TAUGHT_PICK, O_TAUGHT_BURY = 0, 1, 2
OPTIONS: Final = 3
#: `rule_tokens`' weights, by index: `RuleBot.pick_shift` by place in the auction (0-4), then
#: `RuleBot.bury_weights` (points, trump, ace, void).
W_SHIFT, W_POINTS, W_TRUMP, W_ACE, W_VOID = 0, 5, 6, 7, 8
WEIGHTS: Final = 9

#: `bots.strength`'s weight of each card.
STRENGTH: Final = tuple(float(w) for w in bots._WEIGHT)
#: Cards worth ten points or more (`bots.POINT_CARDS`).
POINT_CARDS: Final = bots.POINT_CARDS
#: The fail aces, tens, kings and low cards (`bots._FAIL_RANKS`).
FAIL_RANKS: Final = bots._FAIL_RANKS
PICK_MODEL: Final = bots.PICK_MODEL
BURY_MODEL: Final = bots.BURY_MODEL
BURY_SHORTLIST: Final = bots.BURY_SHORTLIST
#: The most buries of eight cards: 8 choose 2.
PAIRS: Final = 28


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


# --- the auction, the bury, the call and the cracks ---


@jit
def strength(hand: int) -> float:
    """`bots.strength`: trumps by rank, fail aces, short fail suits; the same sums in the same order."""
    s = 0.0
    for i in range(32):
        if hand >> i & 1:
            s += STRENGTH[i]
    trumps = count(hand & TRUMP)
    for k in range(3):
        f = hand & FAIL_SUITS[k]
        if not f:
            s += 0.6 if trumps >= 3 else 0.2
        elif f & POINT_CARDS and not f & ACES:
            s -= 0.4
    if trumps >= 5:
        s += 1.0
    return s


@jit
def pick_value(hand: int, position: int) -> float:
    """`bots.pick_value`: `PICK_MODEL` over `bots.pick_features`, summed term by term."""
    v = 0.0
    for i in range(14):
        v += PICK_MODEL[i] * float(hand >> i & 1)
    for r in range(4):
        v += PICK_MODEL[14 + r] * float(count(hand & FAIL_RANKS[r]))
    tens = 0
    voids = 0
    for k in range(3):
        if hand >> (15 + 6 * k) & 1 and not hand >> (14 + 6 * k) & 1:
            tens += 1
        if not hand & FAIL_SUITS[k]:
            voids += 1
    trumps = count(hand & TRUMP)
    v += PICK_MODEL[18] * float(tens)
    v += PICK_MODEL[19] * float(voids)
    v += PICK_MODEL[20] * (1.0 if trumps >= 4 else 0.0)
    v += PICK_MODEL[21] * (1.0 if trumps >= 5 else 0.0)
    for p in range(SEATS):
        v += PICK_MODEL[22 + p] * (1.0 if position == p else 0.0)
    return v


@jit
def _pick(S: Ints, P: Ints, options: Ints, weights: Floats, row: int, seat: int) -> int:
    """`RuleBot._pick`: pass below the taught value (or the threshold), blitz well above it."""
    hand = S[row, HAND0 + seat]
    ok = pick_tokens(P, hand, S[row, PASSES])
    position = (seat - S[row, DEALER] - 1 + 2 * SEATS) % SEATS
    need = 8.2 - 0.6 * position
    if P[P_NO_PICK] == DOUBLER and position == SEATS - 1:
        need -= 0.5
    need = need + weights[W_SHIFT + position]
    s = strength(hand)
    passes = pick_value(hand, position) <= 0.0 if options[O_TAUGHT_PICK] else s < need
    if passes and ok >> T_PASS & 1:
        return T_PASS
    if ok >> T_BLITZ & 1 and s >= need + 3.0:
        return T_BLITZ
    return T_PICK


@inline
def monster(hand: int) -> bool:
    """`RuleBot._monster`: five trumps or more, four of them queens or jacks with a black queen,
    and no fail card but an ace."""
    trumps = hand & TRUMP
    return (
        count(trumps) >= 5
        and count(trumps & HIGH_TRUMP) >= 4
        and (trumps & BLACK_QUEENS) != 0
        and not hand & FAIL & ~ACES
    )


@jit
def call_quality(P: Ints, keep: int, bury: int) -> float:
    """`RuleBot._call_quality`: the best call the rest of the hand leaves."""
    eight = keep | bury
    best = -14.0
    for k in range(3):
        ace = 1 << FAIL_ACES[k]
        hold = keep & FAIL_SUITS[k] & ~ace
        if hold and (P[P_OWN_ACE] or not eight & ace):
            best = max(best, 4.0 - count(hold) - 0.2 * points_of(hold))
    if best == -14.0 and ((P[P_TEN_CALL] and eight & ACES == ACES) or (P[P_UNKNOWN_CALL] and eight & ACES != ACES)):
        calls, unknown = call_options(P, keep, bury)
        if calls or (unknown and keep):
            return -3.0
    return best


@jit
def bury_score(P: Ints, weights: Floats, hand: int, a: int, b: int) -> float:
    """`RuleBot._bury_score` of burying ``a`` and ``b`` (``a`` the stronger) from ``hand``."""
    bury = 1 << a | 1 << b
    keep = hand & ~bury
    score: float = weights[W_POINTS] * points_of(bury)
    for c in (a, b):
        if c < 14:
            score -= weights[W_TRUMP] + 1.5 * (14 - c)
        elif ACES >> c & 1:
            score -= weights[W_ACE]
    for k in range(3):
        if hand & FAIL_SUITS[k] and not keep & FAIL_SUITS[k]:
            score += weights[W_VOID]
    if P[P_PARTNER] == CALLED_ACE:
        score += 12.0 if monster(keep) else call_quality(P, keep, bury)
    return score


@jit
def bury_value(P: Ints, weights: Floats, hand: int, a: int, b: int, score: float) -> float:
    """`BURY_MODEL` over `RuleBot.bury_features` of burying ``a`` and ``b`` (whose `bury_score`
    is ``score``), summed term by term."""
    bury = 1 << a | 1 << b
    keep = hand & ~bury
    high = 0
    for c in (a, b):
        if c < 14:
            high += 14 - c
    voids = 0
    for k in range(3):
        if hand & FAIL_SUITS[k] and not keep & FAIL_SUITS[k]:
            voids += 1
    v = 0.0
    v += BURY_MODEL[0] * (points_of(bury) / 10.0)
    v += BURY_MODEL[1] * float(count(bury & TRUMP))
    v += BURY_MODEL[2] * (high / 14.0)
    v += BURY_MODEL[3] * float(count(bury & ACES))
    v += BURY_MODEL[4] * float(count(bury & FAIL_RANKS[1]))
    v += BURY_MODEL[5] * float(count(bury & FAIL_RANKS[2]))
    v += BURY_MODEL[6] * float(voids)
    v += BURY_MODEL[7] * (call_quality(P, keep, bury) / 10.0 if P[P_PARTNER] == CALLED_ACE else 0.0)
    v += BURY_MODEL[8] * (1.0 if monster(keep) else 0.0)
    v += BURY_MODEL[9] * (score / 10.0)
    return v


@jit
def choose_bury(P: Ints, options: Ints, weights: Floats, hand: int, first: int, scratch: Floats) -> int:
    """`RuleBot.rank`'s first bury of ``hand`` (among those whose stronger card is ``first``, when
    it is not -1), as ``a * 32 + b``: the best `bury_score`, or with the taught bury the best
    `bury_value` of the first `BURY_SHORTLIST` by score; ties to the first in the engine's order
    (`play.bury_choices`: pairs of ascending indices, by the first card, then the second).
    ``scratch`` (`scratch`) holds each pair's cards, score and mark while it chooses: the caller's
    array, so that no array is made here and the playouts can borrow theirs (`jit.borrowing`)."""
    pa = scratch[0:PAIRS]
    pb = scratch[PAIRS : 2 * PAIRS]
    scores = scratch[2 * PAIRS : 3 * PAIRS]
    taken = scratch[3 * PAIRS : 4 * PAIRS]
    n = 0
    for a in range(32):
        if not hand >> a & 1 or (first >= 0 and a != first):
            continue
        for b in range(a + 1, 32):
            if hand >> b & 1:
                pa[n] = a
                pb[n] = b
                scores[n] = bury_score(P, weights, hand, a, b)
                n += 1
    if not options[O_TAUGHT_BURY]:
        best = 0
        for i in range(1, n):
            if scores[i] > scores[best]:
                best = i
        return int(pa[best] * 32 + pb[best])
    # the shortlist: the first few by (-score, order), taken one by one
    for i in range(n):
        taken[i] = 0.0
    best = -1
    best_value = 0.0
    for _ in range(min(BURY_SHORTLIST, n)):
        k = -1
        for i in range(n):
            if not taken[i] and (k < 0 or scores[i] > scores[k]):
                k = i
        taken[k] = 1.0
        value = bury_value(P, weights, hand, int(pa[k]), int(pb[k]), scores[k])
        if best < 0 or value > best_value:
            best, best_value = k, value
    return int(pa[best] * 32 + pb[best])


@jit
def _bury(S: Ints, P: Ints, options: Ints, weights: Floats, row: int, seat: int, scratch: Floats) -> int:
    """The bury's token at ``row``: its stronger card, then (once named) its weaker one."""
    hand = S[row, HAND0 + seat]
    part = S[row, PARTIAL]
    pair = choose_bury(P, options, weights, hand, -1, scratch)
    if part < 0:
        return T_BURY + pair // 32
    if pair // 32 != part:
        pair = choose_bury(P, options, weights, hand, part, scratch)
    return T_BURY + pair % 32


@inline
def _under_score(u: int) -> float:
    """`RuleBot._call`'s score of an unknown call setting ``u`` aside: a low fail card, never a high trump."""
    return -5.0 - 2.0 * POINTS[u] / 11 - (6.0 if HIGH_TRUMP >> u & 1 else 2.0 if TRUMP >> u & 1 else 0.0)


@jit
def _under(hand: int) -> int:
    """The card the bot sets aside in an unknown call: the best `_under_score`, the first of equal ones."""
    best = -1
    best_score = 0.0
    for u in range(32):
        if hand >> u & 1:
            score = _under_score(u)
            if best < 0 or score > best_score:
                best, best_score = u, score
    return best


@jit
def _call(S: Ints, P: Ints, row: int, seat: int) -> int:
    """`RuleBot._call`: alone with a monster; else the best call in the engine's order
    (`play.call_choices`: the aces or tens by suit, or the unknown calls by suit then by the card
    set aside), alone where there is none or only a poor one with a strong hand."""
    hand = S[row, HAND0 + seat]
    part = S[row, PARTIAL]
    if part >= 0:
        return T_UNDER + _under(hand)  # the card set aside does not depend on the ace called
    if monster(hand):
        return T_ALONE
    calls, unknown = call_options(P, hand, S[row, BURY])
    best = -1
    best_score = -1e9
    for c in range(14, 32):
        if calls >> c & 1:
            hold = hand & FAIL_SUITS[(c - 14) // 6] & ~(1 << c)
            score = 2.0 - count(hold) - 0.15 * points_of(hold) + (1.0 if ACES >> c & 1 else 0.0)
            if score > best_score:
                best, best_score = T_CALL + c, score
    for x in range(3):
        if unknown >> FAIL_ACES[x] & 1 and hand:
            u = _under(hand)
            score = _under_score(u)
            if score > best_score:
                best, best_score = T_CALL_UNKNOWN + FAIL_ACES[x], score
    if best < 0 or (best_score < -6.5 and strength(hand) >= 14.0):
        return T_ALONE
    return best


@jit
def _crack(S: Ints, row: int, seat: int, phase: int) -> int:
    """`RuleBot._crack`: re-crack with a very strong hand; crack with three queens or jacks and a
    strong hand (never the picker's partner, who may not)."""
    hand = S[row, HAND0 + seat]
    if phase == RECRACK:
        return T_RECRACK if strength(hand) >= 16.0 else T_PASS
    if seat != S[row, PARTNER] and count(hand & HIGH_TRUMP) >= 3 and strength(hand) >= 12.5:
        return T_CRACK
    return T_PASS


@jit
def token(S: Ints, P: Ints, options: Ints, weights: Floats, row: int, scratch: Floats) -> int:
    """The token the rule-based bot gives at ``row`` (-1 where no seat acts): see `rule_tokens`."""
    seat = S[row, TO_ACT]
    if seat < 0:
        return -1
    phase = S[row, PHASE]
    if phase == PLAYING:
        ok = play_mask(S, P, row)
        if ok & (ok - 1) == 0:
            return T_PLAY + top(ok)
        return T_PLAY + _play(S, P, row, ok, options[O_CLASSIC] != 0)
    if phase == PICK:
        return _pick(S, P, options, weights, row, seat)
    if phase == BURYING:
        return _bury(S, P, options, weights, row, seat, scratch)
    if phase == CALLING:
        return _call(S, P, row, seat)
    if phase >= CRACK:  # CRACK or RECRACK: PLAYING is above, and no seat acts once DONE
        return _crack(S, row, seat, phase)
    return -1


@borrowing
def rule_tokens(S: Ints, P: Ints, options: Ints, weights: Floats, scratch: Floats, out: Ints) -> None:
    """``out[row]``: the token the rule-based bot gives at each row (-1 where no seat acts), in
    every phase. ``options`` are its options (`O_CLASSIC`, `O_TAUGHT_PICK`, `O_TAUGHT_BURY`),
    ``weights`` its weights (`W_SHIFT`, `W_POINTS`, ...)."""
    for row in range(S.shape[0]):
        out[row] = token(S, P, options, weights, row, scratch)


@borrowing
def play_out(
    S: Ints, P: Ints, LT: Tokens, LS: Bytes, options: Ints, weights: Floats, scratch: Floats, n: int, scores: Scores
) -> None:
    """Play the hands of rows ``0`` to ``n - 1`` to their ends, every seat the rule-based bot
    (`token` and `kernels._act`, row by row): ``scores[row]`` each seat's score of a scored hand
    (left as it is for a hand thrown in)."""
    for row in range(n):
        while S[row, TO_ACT] >= 0:
            _act(S, P, LT, LS, row, token(S, P, options, weights, row, scratch), scores)


def scratch() -> Floats:
    """The working space `rule_tokens` and `play_out` choose a bury in (`choose_bury`)."""
    return np.zeros(4 * PAIRS, np.float64)


def rule_settings(bot: Any) -> tuple[Ints, Floats]:
    """The options and weights of `rule_tokens` that make it choose as ``bot`` (a `bots.RuleBot`)."""
    taught = bots.taught_rules(bot.rules)
    options = np.zeros(OPTIONS, np.int64)
    options[O_CLASSIC] = bot.classic
    options[O_TAUGHT_PICK] = bot.taught_pick and taught
    options[O_TAUGHT_BURY] = bot.taught_bury and taught
    weights = np.zeros(WEIGHTS, np.float64)
    weights[W_SHIFT : W_SHIFT + SEATS] = bot.pick_shift
    w = bot.bury_weights
    weights[W_POINTS], weights[W_TRUMP], weights[W_ACE], weights[W_VOID] = w["points"], w["trump"], w["ace"], w["void"]
    return options, weights


__all__ = [
    "OPTIONS",
    "O_CLASSIC",
    "O_TAUGHT_BURY",
    "O_TAUGHT_PICK",
    "WEIGHTS",
    "play_out",
    "rule_settings",
    "rule_tokens",
    "scratch",
    "token",
]
