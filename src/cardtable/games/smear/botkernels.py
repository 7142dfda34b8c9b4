"""The rule-based bot over arrays: `bots.RuleBot`'s choices at every row of the batched engine.

The search plays its worlds out with the rule-based bot; on the batch (`batch.SmearBatch.policy`)
every table of a batch is played by `rule_tokens`, which gives, at each row with a seat to act,
the token that `fast.RulePolicy` (and so `bots.RuleBot`) would choose there: the same bid, the
same discard (spelled card by card, as the batch's tokens are), the same card. The bot reads only
what the seat to act may see (its hand, the auction, the trick, the cards played); the rule bot
draws no random number, so its choices are a function of the position alone.

Every count is the bot's own, in the same order of operations, so the floating point sums
(`bots.suit_strength`, the discard's costs) and their ties come out exactly as in Python: the
first of equal candidates in card order wins, as Python's ``min`` and ``max`` keep the first.
Cards are the kernels' numbers (``suit * 8 + r``, ``r`` 0-7 for A 7 8 9 10 J Q K), whose order is
the engine's card order, so "the first in card order" is the same card on both sides.
``tests/smear/test_batch_policy.py`` holds `rule_tokens` to `fast.RulePolicy` on many positions.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import borrowing, inline, jit

from .kernels import (
    AUCTION,
    BIDDER,
    DEALER,
    DECK_SIZE,
    DISCARDING,
    HAND0,
    LEADER,
    NTRICK,
    NTRICKS,
    P_DISCARDS_COUNT,
    P_KITTY,
    P_MAX_BID,
    PARTIAL,
    PHASE,
    PLAYED0,
    PLAYING,
    POWER,
    R_JACK,
    SEATS,
    T_DISCARD,
    T_PASS,
    T_PLAY,
    TO_ACT,
    TRICK0,
    TRUMP,
    VALUE,
    _act,
    _discard_ok,
    call_range,
    lead_cards,
    playable,
    popcount,
    suit_mask,
)

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Floats = npt.NDArray[np.float32]

#: r of the ten (R5: worth 10 toward Game).
R_TEN: Final = 4
#: The r of the cards above the jack (A K Q), as one suit's bits: the jack's guards.
ABOVE_JACK: Final = 1 << 0 | 1 << 7 | 1 << 6
#: The ten of every suit.
TENS: Final = 1 << 4 | 1 << 12 | 1 << 20 | 1 << 28

#: `rule_tokens`' options, by index: the bid margin over the estimate is a float argument.
O_LOW_TO_PLAYER: Final = 0
OPTIONS: Final = 1


@inline
def lowest(m: int) -> int:
    """The lowest card of a non-empty set."""
    c = 0
    while not m >> c & 1:
        c += 1
    return c


@jit
def suit_strength(hand: int, suit: int, low_to_player: bool) -> float:
    """`bots.suit_strength`: the points ``suit`` as trump is likely to bring the holder of ``hand``
    (R27-R30), summed in the same order."""
    trumps = hand & suit_mask(suit)
    if trumps == 0:
        return 0.0
    tens = popcount(hand & TENS)
    length = popcount(trumps)
    base = 8 * suit
    points = 0.0
    if trumps >> base & 1:
        points += 1.0  # High: the ace always wins its trick
    if trumps >> (base + 1) & 1:
        points += 0.9 if low_to_player else 0.4
    if trumps >> (base + R_JACK) & 1:
        guards = popcount(trumps & (ABOVE_JACK << base))
        points += 0.45 + 0.2 * min(guards, 2)
    points += 0.15 * max(0, length - 2) + 0.1 * tens + (0.3 if length >= 4 else 0.0)
    return points


@jit
def best_suit(hand: int, low_to_player: bool) -> int:
    """`bots._best_suit`: the strongest suit of ``hand``, then the longest, then the first."""
    best = 0
    best_points = suit_strength(hand, 0, low_to_player)
    best_length = popcount(hand & suit_mask(0))
    for s in range(1, 4):
        points = suit_strength(hand, s, low_to_player)
        length = popcount(hand & suit_mask(s))
        if points > best_points or (points == best_points and length > best_length):
            best, best_points, best_length = s, points, length
    return best


@jit
def _call(S: Ints, P: Ints, row: int, margin: float, low_to_player: bool) -> int:
    """`RuleBot._bid`: the highest bid up to the hand's estimate plus the margin (the dealer: the
    lowest such), else a pass, else (a stuck dealer) the lowest bid."""
    may_pass, low = call_range(S, P, row)
    hand = S[row, HAND0 + S[row, TO_ACT]]
    estimate = max(
        suit_strength(hand, 0, low_to_player),
        suit_strength(hand, 1, low_to_player),
        suit_strength(hand, 2, low_to_player),
        suit_strength(hand, 3, low_to_player),
    )
    estimate = estimate + 0.12 * P[P_KITTY]
    reach = estimate + margin
    high = -1
    for b in range(low, P[P_MAX_BID] + 1):
        if b <= reach:
            high = b
    if high >= 0:
        return low if S[row, TO_ACT] == S[row, DEALER] else high
    if may_pass:
        return T_PASS
    return low


@inline
def _keep_value(c: int, trump: int, bank: bool) -> float:
    """`RuleBot.rank`'s worth of keeping card ``c``: a trump most, then aces and power."""
    r = c & 7
    if c >> 3 == trump:
        return 100.0 + POWER[r]
    worth = 8.0 if r == 0 else float(POWER[r])
    return worth - (0.6 * VALUE[r] if bank else 0.0)


@jit
def best_discard(hand: int, need: int, low_to_player: bool, bank: bool) -> int:
    """`RuleBot.rank`'s first discard of ``need`` cards from ``hand`` (R17-R18): the legal discard
    of the least worth to keep, one that leaves the chosen trump suit to lead before any other;
    the first of equal ones in the engine's order (combinations in card order)."""
    trump = best_suit(hand, low_to_player)
    tmask = suit_mask(trump)
    best = -1
    best_cost = 0.0
    # the combinations in card order, each card taken lowest first as a bit (its number the bits
    # below it); no array is made, so the playouts can borrow theirs (`jit.borrowing`)
    h1 = hand
    while h1:
        a = h1 & -h1
        h1 ^= a
        va = _keep_value(popcount(a - 1), trump, bank)
        if need == 1:
            if _discard_ok(hand, a):
                cost = va + (0.0 if lead_cards(hand, a) & tmask else 1000.0)
                if best < 0 or cost < best_cost:
                    best, best_cost = a, cost
            continue
        h2 = h1
        while h2:
            b1 = h2 & -h2
            h2 ^= b1
            b = a | b1
            vb = va + _keep_value(popcount(b1 - 1), trump, bank)
            if need == 2:
                if _discard_ok(hand, b):
                    cost = vb + (0.0 if lead_cards(hand, b) & tmask else 1000.0)
                    if best < 0 or cost < best_cost:
                        best, best_cost = b, cost
                continue
            h3 = h2
            while h3:
                c1 = h3 & -h3
                h3 ^= c1
                d = b | c1
                if _discard_ok(hand, d):
                    vd = vb + _keep_value(popcount(c1 - 1), trump, bank)
                    cost = vd + (0.0 if lead_cards(hand, d) & tmask else 1000.0)
                    if best < 0 or cost < best_cost:
                        best, best_cost = d, cost
    return best


@inline
def _key(c: int, trump: int, led: int) -> int:
    """R26: the trick-taking key of card ``c`` (`tables.TRICK_KEY`)."""
    s = c >> 3
    return POWER[c & 7] + (32 if s == trump else 16 if s == led else 0)


@jit
def _lead(S: Ints, row: int, m: int, low_to_player: bool) -> int:
    """`RulePolicy._lead`: to trick 1 the top of the best suit; later the master trump, else an
    ace, else the cheapest card outside trump."""
    if S[row, NTRICKS] == 0:
        suit = best_suit(m, low_to_player)
        pick = -1
        for c in range(8 * suit, 8 * suit + 8):
            if m >> c & 1 and (pick < 0 or POWER[c & 7] > POWER[pick & 7]):
                pick = c
        return pick
    trump = S[row, TRUMP]
    tmask = suit_mask(trump)
    trumps = m & tmask
    if trumps:
        top = -1
        for c in range(8 * trump, 8 * trump + 8):
            if trumps >> c & 1 and (top < 0 or POWER[c & 7] > POWER[top & 7]):
                top = c
        played = S[row, PLAYED0] | S[row, PLAYED0 + 1] | S[row, PLAYED0 + 2] | S[row, PLAYED0 + 3]
        out = tmask & ~played & ~S[row, HAND0 + S[row, TO_ACT]]
        higher = False
        for c in range(8 * trump, 8 * trump + 8):
            if out >> c & 1 and POWER[c & 7] > POWER[top & 7]:
                higher = True
        if not higher:
            return top  # the master trump pulls the others
    others = m & ~tmask
    if others == 0:
        others = m
    for c in range(DECK_SIZE):
        if others >> c & 1 and c & 7 == 0:
            return c  # an ace
    pick = -1
    for c in range(DECK_SIZE):
        if others >> c & 1:
            r = c & 7
            if pick < 0 or VALUE[r] < VALUE[pick & 7] or (VALUE[r] == VALUE[pick & 7] and POWER[r] < POWER[pick & 7]):
                pick = c
    return pick


@jit
def _follow(S: Ints, row: int, m: int) -> int:
    """`RulePolicy.choose` on a trick begun: feed a winning partner, win cheaply when it is worth
    it, else throw the least useful card."""
    trump = S[row, TRUMP]
    n = S[row, NTRICK]
    t0 = S[row, TRICK0]
    led = t0 >> 3
    best_i = 0
    best = _key(t0, trump, led)
    stake = 0
    jack = False
    for i in range(n):
        c = S[row, TRICK0 + i]
        stake += VALUE[c & 7]
        if c == 8 * trump + R_JACK:
            jack = True
        k = _key(c, trump, led)
        if k > best:
            best, best_i = k, i
    top = S[row, TRICK0 + best_i]
    winning = (S[row, LEADER] + best_i) & 3
    last = n == 3
    if (winning & 1) == (S[row, TO_ACT] & 1) and (last or POWER[top & 7] >= 6 or top >> 3 == trump):
        # feed the partner the most valuable card that is not a high trump
        pick = -1
        pv = 0
        for c in range(DECK_SIZE):
            if m >> c & 1:
                v = VALUE[c & 7] - (20 if c >> 3 == trump else 0)
                if pick < 0 or v > pv or (v == pv and -POWER[c & 7] > -POWER[pick & 7]):
                    pick, pv = c, v
        return pick
    if jack:
        stake += 5
    win = -1
    wk = 0
    high = False
    for c in range(DECK_SIZE):
        if m >> c & 1:
            k = _key(c, trump, led)
            if k > best:
                if POWER[c & 7] >= 6 and c >> 3 != trump:
                    high = True
                if win < 0 or k < wk or (k == wk and VALUE[c & 7] < VALUE[win & 7]):
                    win, wk = c, k
    if win >= 0 and (stake >= 3 or last or high):
        return win
    # throw the least useful card: low power, low value, and keep trumps
    pick = -1
    for c in range(DECK_SIZE):
        if m >> c & 1:
            if pick < 0:
                pick = c
                continue
            ct = c >> 3 == trump
            pt = pick >> 3 == trump
            if ct != pt:
                if pt:
                    pick = c
                continue
            r, p = c & 7, pick & 7
            if VALUE[r] < VALUE[p] or (VALUE[r] == VALUE[p] and POWER[r] < POWER[p]):
                pick = c
    return pick


@jit
def token(S: Ints, P: Ints, row: int, margin: float, low_to_player: bool) -> int:
    """The token the rule-based bot gives at row ``row`` (-1 where no seat acts)."""
    if S[row, TO_ACT] < 0:
        return -1
    phase = S[row, PHASE]
    if phase == PLAYING:
        m = playable(S, P, row)
        if m & (m - 1) == 0:
            return T_PLAY + lowest(m)
        if S[row, NTRICK] == 0:
            return T_PLAY + _lead(S, row, m, low_to_player)
        return T_PLAY + _follow(S, row, m)
    if phase == AUCTION:
        return _call(S, P, row, margin, low_to_player)
    if phase == DISCARDING:
        hand = S[row, HAND0 + S[row, BIDDER]]
        d = best_discard(hand, P[P_KITTY], low_to_player, P[P_DISCARDS_COUNT] != 0)
        return T_DISCARD + lowest(d & ~S[row, PARTIAL])
    return -1


@borrowing
def rule_tokens(S: Ints, P: Ints, margin: float, options: Ints, out: Ints) -> None:
    """``out[row]``: the token the rule-based bot gives at each row (-1 where no seat acts).
    ``margin`` is its bid margin (`bots.BID_MARGIN`, or the classic bot's), ``options`` its options
    (`O_LOW_TO_PLAYER`)."""
    low_to_player = options[O_LOW_TO_PLAYER] != 0
    for row in range(S.shape[0]):
        out[row] = token(S, P, row, margin, low_to_player)


@borrowing
def play_out(S: Ints, P: Ints, LT: Bytes, LS: Bytes, margin: float, options: Ints, n: int, scores: Floats) -> None:
    """Play the hands of rows ``0`` to ``n - 1`` to their ends, every seat the rule-based bot
    (`rule_tokens` and `kernels._act`, row by row): ``scores[row]`` each seat's score of a scored
    hand (left as it is for a hand passed out)."""
    low_to_player = options[O_LOW_TO_PLAYER] != 0
    for row in range(n):
        while S[row, TO_ACT] >= 0:
            _act(S, P, LT, LS, row, token(S, P, row, margin, low_to_player), scores)


__all__ = [
    "OPTIONS",
    "O_LOW_TO_PLAYER",
    "SEATS",
    "best_discard",
    "best_suit",
    "play_out",
    "rule_tokens",
    "suit_strength",
    "token",
]
