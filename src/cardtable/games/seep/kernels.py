"""Seep's rules over arrays: the kernels of the batched engine (`cardtable.games.seep.batch`).

One row of ``S`` (an int64 array, one column per field named below) is one table's hand: the
phase, the seat to act, the dealer, the bid, the plays made, the hands and the stock (R7, R11),
the loose cards, the house of each value 9-13 (its cards and its owners as a seat mask), each
team's pile and sweeps, the team that captured last, and the tokens the seat to act has given
toward its move. Cards are the engine's own numbers (``suit * 13 + rank``, ace low, suits C D H S),
so a card set is the engine's 52-bit mask. ``P`` holds the rule options as numbers (the ``P_*``
indices), so one compiled kernel plays every rule set.

A house is kept as its cards, its owners and its value: every set of a house sums to its value
(R13), so a house of value V whose cards total k·V has k sets, and is cemented when k >= 2; which
split of the cards makes the sets changes nothing in play.

The legal moves of the seat to act are listed once per turn (`gen`, the engine's `moves.legal`
rule for rule: captures, builds, breaks and cements of every card held, M1-M5 with I1-I3 and the
opening's R10, each move once as rules §3.2 says) into ``MH`` (the move's head token) and ``MT``
(the loose cards it takes); the tokens of a move are its head, then the loose cards taken, one
token each in card order, then ``end`` (a throw is its head alone), as the RL vocabulary spells
them. The legal tokens are read off that list and the tokens given so far; a turn with more moves
than a row keeps (`MAX_MOVES`) lists them again at each token instead. The sums of the loose
cards that every kind of move stands on (`floor.FloorSums`) are worked out once a turn into a
work array ``W``, so listing a turn allocates nothing.

Each kernel loops over rows and is compiled by numba when it is installed (`cardtable.batch.jit`),
else run as the Python it is. The replay tests (tests/batch/) hold every kernel to the engine,
token by token.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch import mt
from cardtable.batch.jit import borrowing, inline, jit, lowest_bit, popcount

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]

# --- the columns of S ---
PHASE, TO_ACT, DEALER, BID, PLAYS = 0, 1, 2, 3, 4
HAND0 = 5  # four hands, 5-8
STOCK0 = 9  # the cards each seat gets after the opening, 9-12
LOOSE = 13
HC0 = 14  # the cards of the house of value 9 + i, 14-18 (0: none)
HO0 = 19  # its owners (a seat mask), 19-23
PILE0 = 24  # each team's captured cards, 24-25
LAST = 26  # the team that captured last, -1 for none
HEAD = 27  # the head token given toward the move, -1 for none
GIVEN = 28  # the loose cards given since (a card set)
LASTGIVEN = 29  # the last of them, -1 for none
NMOVES = 30  # moves listed in MH/MT for the seat to act
NLOG = 31  # moves of play logged this hand
SCORE0 = 32  # the deal's counted totals, 32-33, once it is over
NSW0 = 34  # sweeps each team holds, 34-35
SW0 = 36  # their points, in order: team t's at SW0 + t * MAX_SWEEPS + k
MAX_SWEEPS: Final = 25
NACT = SW0 + 2 * MAX_SWEEPS  # actions completed since the row was dealt or loaded (a bid, a move)
LEAD = NACT + 1  # record §5: team 0's running lead in the baazi (0 for a dealt row)
BAAZI0 = LEAD + 1  # the baazis each team has won, 88-89
CHOSEN = BAAZI0 + 2  # the loose cards of the move the rule-based bot is spelling (`botkernels`)
COLUMNS: Final = CHOSEN + 1

#: Phases, numbered as `state.Phase` (and the observation's ``phase`` plane).
DEALING, BIDDING, OPENING, PLAYING, OVER = 0, 1, 2, 3, 4

#: Ended codes of `apply`: the hand went on, was scored.
GOING, SCORED = 0, 1

# --- the rule options in P ---
(P_TEN_D, P_MAJORITY, P_REDEAL_NEXT, P_OPEN_THROW, P_THROW, P_MAXIMAL, P_MERGE, P_MULTI, P_PAIR) = range(9)
(P_NO_PARTNER_BREAK, P_FLOOR_BREAKS, P_PARTNER_NEEDS, P_PARTNER_OWNER, P_OPP_OWNER, P_TEAM) = range(9, 15)
(P_MAX_HOUSES, P_SWEEP, P_FIRST_SWEEP, P_LAST_SWEEP, P_SWEEP_CAP, P_NINE_CARDS, P_NINE_EFFECT) = range(15, 22)
(P_ROTATE, P_LEFTOVER_DEALER) = range(22, 24)
#: (``P_ROTATE``, the dealer after a scored hand, is read by no kernel: a scored hand ends the episode.)
PARAMS: Final = 24
#: ``throw_policy``: no_capture_possible, free, no_capture_or_build_possible.
THROW_NO_CAPTURE, THROW_FREE, THROW_NOTHING_ELSE = 0, 1, 2
#: ``nine_point_effect``: instant_baazi_loss, zero_card_points, off.
NINE_BAAZI, NINE_ZERO, NINE_OFF = 0, 1, 2

# --- the observation's planes in OFF (offsets of `encoding.planes`, in this order) ---
PLANES: Final = (
    "hand",
    "loose",
    "floor_hidden",
    "house_present",
    "house_cards",
    "house_cemented",
    "house_owner_seat",
    "house_owner_team",
    "pile",
    "sweeps",
    "sweep_points",
    "last_capture",
    "bid",
    "phase",
    "dealer",
    "to_act",
    "plays",
    "hand_sizes",
    "match_lead",
    "baazis",
    "partial",
)
(O_HAND, O_LOOSE, O_HIDDEN, O_PRESENT, O_HCARDS, O_CEMENTED, O_OSEAT, O_OTEAM, O_PILE, O_SWEEPS) = range(10)
(O_SWEEP_POINTS, O_LAST, O_BID, O_PHASE, O_DEALER, O_TO_ACT, O_PLAYS, O_SIZES, O_LEAD, O_BAAZIS) = range(10, 20)
O_PARTIAL: Final = 20

# --- tokens (`tokens.spelling`) ---
T_BID, T_THROW, T_CAPTURE, T_CAPTURE_HOUSE, T_BUILD, T_BREAK, T_CEMENT, T_LOOSE, T_END = (
    0, 5, 57, 109, 161, 421, 681, 941, 993,
)  # fmt: skip
TOKENS: Final = 994
#: Move kinds as `moves.code_of` numbers them (a throw is a capture of nothing).
K_CAPTURE, K_BUILD, K_BREAK, K_CEMENT = 0, 1, 2, 3

SEATS, DECK_SIZE, PLAYS_PER_DEAL = 4, 52, 48
#: The most moves of one turn kept in a row's list; a turn with more (a crowded floor under
#: ``throw_policy: free`` and ``capture_policy: any_valid_subset``) lists them again at each token
#: instead (`gen`'s MASK and FIND).
MAX_MOVES: Final = 512
#: The house values 9-13 (R13) as bits.
HOUSE_VALUES: Final = 0b11111 << 9
#: What `gen` does with each move: keep it in the row's list, mark the tokens it allows next in a
#: mask, or look for the token given among its tokens.
LIST, MASK, FIND = 0, 1, 2
#: The most sets of loose cards summing to 13 or less (the whole pack has 18,189).
MAX_SUBSETS: Final = 18_200
#: Each card's suit-free order (value, then suit C D H S): rules §3.2's order of loose sets.
DISPLAY_KEY: Final = tuple((c % 13) * 4 + c // 13 for c in range(52))
ALL_SUITS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39


@inline
def low_card(m: int) -> int:
    """The lowest card of a non-empty set (one ``tzcnt`` instruction compiled)."""
    return lowest_bit(m)


@inline
def value_mask(v: int) -> int:
    """The four cards of value v (R2: the card of rank r has value r + 1)."""
    return ALL_SUITS << (v - 1)


#: Each card's capture value (R2), by card number.
CARD_VALUE: Final = tuple(c % 13 + 1 for c in range(52))


@jit
def total(m: int) -> int:
    """The sum of the capture values of a set of cards (R2), card by card of the set."""
    s = 0
    while m:
        s += CARD_VALUE[low_card(m)]
        m &= m - 1
    return s


@inline
def values_held(hand: int) -> int:
    """The values (as bits 1-13) of which a hand holds a card."""
    r = (hand | hand >> 13 | hand >> 26 | hand >> 39) & 8191
    return r << 1


@inline
def values_twice(hand: int) -> int:
    """The values (as bits 1-13) of which a hand holds two cards or more."""
    a, b, c, d = hand & 8191, hand >> 13 & 8191, hand >> 26 & 8191, hand >> 39 & 8191
    return ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) << 1


# --- sums of loose cards (`floor.FloorSums`) ---


@jit
def subsets(loose: int, SUBM: Ints, SUBS: Ints) -> int:
    """Every set of the loose cards whose values sum to 13 or less (the empty set first), in
    ``SUBM`` with each sum in ``SUBS``; their number."""
    SUBM[0] = 0
    SUBS[0] = 0
    n = 1
    m = loose
    while m:
        c = low_card(m)
        m &= m - 1
        v = c % 13 + 1
        k = n
        for i in range(k):
            s = SUBS[i] + v
            if s <= 13:
                SUBM[n] = SUBM[i] | (1 << c)
                SUBS[n] = s
                n += 1
    return n


# The work array ``W`` of the kernels that list moves: its regions.
W_SUBM: Final = 0  # the sets of loose cards summing to 13 or less (`subsets`)
W_SUBS: Final = MAX_SUBSETS  # their sums
W_GS: Final = 2 * MAX_SUBSETS  # the same sets ordered by sum: those of sum t from W[W_GO + t]
W_GO: Final = 3 * MAX_SUBSETS  # 15 starts (t = 0 … 14), then the end of the splits written
W_SPO: Final = W_GO + 16  # where the splits of t start (`splits`)
W_SPN: Final = W_SPO + 14  # how many there are, -1 until worked out this turn
W_FILL: Final = W_SPN + 14  # 14 counts while the sets are ordered by sum
W_FOUND: Final = W_FILL + 14  # a move found that the token given spells (`gen`'s FIND)
W_SPL: Final = W_FOUND + 1
SPL_SIZE: Final = 1 << 17
W_OPT: Final = W_SPL + SPL_SIZE  # the options being listed
OPT_SIZE: Final = 1 << 16
WORK: Final = W_OPT + OPT_SIZE


def work() -> Ints:
    """A work array for the kernels that list moves."""
    return np.zeros(WORK, np.int64)


@jit
def floor_tables(loose: int, W: Ints) -> tuple[int, int]:
    """Work out the sums of the loose cards (`floor.FloorSums`) into ``W``: every set summing to
    13 or less, and the same sets by sum; (their number, the sums made, as bits 1-13)."""
    ns = subsets(loose, W[W_SUBM:W_SUBS], W[W_SUBS:W_GS])
    for t in range(16):
        W[W_GO + t] = 0
    sums = 0
    for i in range(ns):
        t = W[W_SUBS + i]
        W[W_GO + t + 1] += 1
        sums |= 1 << t
    for t in range(1, 15):
        W[W_GO + t] += W[W_GO + t - 1]
    for t in range(14):
        W[W_FILL + t] = 0
    for i in range(ns):
        t = W[W_SUBS + i]
        W[W_GS + W[W_GO + t] + W[W_FILL + t]] = W[W_SUBM + i]
        W[W_FILL + t] += 1
    for t in range(14):
        W[W_SPN + t] = -1
    W[W_GO + 15] = 0
    return ns, sums & ~1


@inline
def hits_every(W: Ints, taken: int, t: int) -> bool:
    """No set of loose cards summing to t is left whole once ``taken`` is removed."""
    whole = False  # numba compiles no generator for all()
    for i in range(W[W_GO + t], W[W_GO + t + 1]):
        if not taken & W[W_GS + i]:
            whole = True
            break
    return not whole


@jit
def splits(W: Ints, t: int) -> int:
    """Every union of disjoint sets of loose cards summing to t, the empty set included, each once
    (`FloorSums.splits`): written from ``W[W_SPL + W[W_SPO + t]]`` on, ``W[W_SPN + t]`` of them
    (worked out once a turn); returns their start in ``W``."""
    if W[W_SPN + t] >= 0:
        return W_SPL + int(W[W_SPO + t])
    start = W[W_GO + 15]
    base = W_SPL + start
    W[base] = 0
    cnt = 1
    for gi in range(W[W_GO + t], W[W_GO + t + 1]):
        g = W[W_GS + gi]
        k = cnt
        for i in range(k):
            q = W[base + i]
            if q & g:
                continue
            q |= g
            seen = False
            for j in range(cnt):
                if W[base + j] == q:
                    seen = True
                    break
            if not seen:
                if start + cnt >= SPL_SIZE:
                    raise ValueError("seep batch: too many splits of the loose cards")
                W[base + cnt] = q
                cnt += 1
    W[W_SPO + t] = start
    W[W_SPN + t] = cnt
    W[W_GO + 15] = start + cnt
    return int(base)


@inline
def _add(W: Ints, n: int, q: int) -> int:
    """Add option q to the options listed (``n`` of them), unless it is there; their number."""
    for j in range(n):
        if W[W_OPT + j] == q:
            return n
    if n >= OPT_SIZE:
        raise ValueError("seep batch: too many options of one move")
    W[W_OPT + n] = q
    return n + 1


@jit
def _keep_hitting(W: Ints, n: int, also: int, t: int) -> int:
    """Keep the options that, with ``also``, leave no set summing to t whole; their number."""
    k = 0
    for j in range(n):
        o = W[W_OPT + j]
        if hits_every(W, o | also, t):
            W[W_OPT + k] = o
            k += 1
    return k


@jit
def _with_card(W: Ints, n: int, x: int, v: int, multi: bool, singles: int) -> int:
    """Add the sets of loose cards that make a set of v with a card of value x < v, with more
    complete sets of v when ``multi`` (`FloorSums.with_card`), less the ``singles``."""
    for gi in range(W[W_GO + v - x], W[W_GO + v - x + 1]):
        t = W[W_GS + gi]
        if not multi or W[W_GO + v] == W[W_GO + v + 1]:
            n = _add(W, n, (t | singles) & ~singles)
            continue
        b = splits(W, v)
        for j in range(W[W_SPN + v]):
            u = W[b + j]
            if not t & u:
                n = _add(W, n, (t | u | singles) & ~singles)
    return n


@jit
def build_options(W: Ints, P: Ints, loose: int, sums: int, x: int, v: int) -> int:
    """M3 (`moves.build_takes`): the loose cards a new house of value v takes with a card of value
    x <= v, into ``W[W_OPT:]``; their number."""
    multi = P[P_MULTI] != 0
    singles = loose & value_mask(v)
    n = 0
    if x < v:
        if not sums >> (v - x) & 1:
            return 0
        n = _with_card(W, 0, x, v, multi, singles)
    elif P[P_PAIR]:
        if multi:
            b = splits(W, v)
            for j in range(W[W_SPN + v]):
                if W[b + j]:
                    n = _add(W, n, (W[b + j] | singles) & ~singles)
        else:
            for gi in range(W[W_GO + v], W[W_GO + v + 1]):
                n = _add(W, n, (W[W_GS + gi] | singles) & ~singles)
    else:
        return 0
    if P[P_MERGE]:
        n = _keep_hitting(W, n, singles, v)
    return n


@jit
def cement_options(W: Ints, P: Ints, sums: int, x: int, v: int) -> int:
    """M5 (`moves.cement_takes`): the loose cards that join the house of value v with a card of
    value x <= v, into ``W[W_OPT:]``; their number."""
    n = 0
    if x < v:
        if not sums >> (v - x) & 1:
            return 0
        n = _with_card(W, 0, x, v, True, 0)
    else:
        b = splits(W, v)
        for j in range(W[W_SPN + v]):
            W[W_OPT + j] = W[b + j]
        n = W[W_SPN + v]
    if P[P_MERGE]:
        n = _keep_hitting(W, n, 0, v)
    return n


@jit
def best_set(SUBM: Ints, SUBS: Ints, n: int, t: int, card: int) -> int:
    """Rules §3.2: of the listed sets summing to t (with ``card`` added to each, -1 for none), the
    one that joins a house first: the fewest cards, then the first comparing the cards one by
    one in the order of value, then suit (C D H S); -1 if there is none. The set is returned
    without the card."""
    best = -1
    best_n = 99
    best_keys = 0  # the best set's cards in that order: card c at bit (c % 13) * 4 + c // 13
    extra = (1 << card) if card >= 0 else 0
    for i in range(n):
        if SUBS[i] != t:
            continue
        g = SUBM[i] | extra
        k = popcount(g)
        if k > best_n:
            continue
        keys = 0
        m = g
        while m:
            c = low_card(m)
            m &= m - 1
            keys |= 1 << ((c % 13) * 4 + c // 13)
        # of two sets of as many cards, the first to differ in that order has the lowest card of
        # the cards that are in one set only
        diff = keys ^ best_keys
        if k < best_n or (diff and keys & (diff & -diff)):
            best = SUBM[i]
            best_n = k
            best_keys = keys
    return best


# --- the moves of a turn (`moves.legal`) ---


@jit
def cement_owners(P: Ints, owners: int, cemented: bool, m: int) -> int:
    """M5: the owners of a house after seat m cements it or adds to it."""
    if owners >> m & 1:
        return owners
    if owners >> ((m + 2) & 3) & 1:
        return owners | (1 << m) if P[P_PARTNER_OWNER] else owners
    if not cemented or P[P_OPP_OWNER]:
        return owners | (1 << m)
    return owners


@inline
def _upto(c: int) -> int:
    """The cards numbered up to c (none for -1)."""
    return (1 << (c + 1)) - 1 if c >= 0 else 0


@inline
def _mark(S: Ints, row: int, head: int, take: int, out: Bools) -> None:
    """Mark the token that move (``head``, ``take``) allows next, given the row's tokens so far."""
    h0 = S[row, HEAD]
    if h0 < 0:
        out[row, head] = True
        return
    if head != h0:
        return
    upto = _upto(S[row, LASTGIVEN])
    if take & upto != S[row, GIVEN]:
        return
    rest = take & ~upto
    out[row, T_LOOSE + low_card(rest) if rest else T_END] = True


@inline
def _spells(S: Ints, row: int, head: int, take: int, token: int) -> bool:
    """Whether ``token`` is the next token of move (``head``, ``take``), given the row's tokens so far."""
    h0 = S[row, HEAD]
    if h0 < 0:
        return head == token
    if head != h0:
        return False
    upto = _upto(S[row, LASTGIVEN])
    if take & upto != S[row, GIVEN]:
        return False
    rest = take & ~upto
    if token == T_END:
        return rest == 0
    return rest != 0 and token == T_LOOSE + low_card(rest)


@jit  # not inlined: called from ten places in `gen`, it would compile ten times over
def _emit_cards(
    S: Ints,
    MH: Ints,
    MT: Ints,
    row: int,
    n: int,
    head: int,
    cards: int,
    take: int,
    mode: int,
    out: Bools,
    W: Ints,
    token: int,
) -> int:
    """The move of head ``head + c`` taking ``take`` for each card c of ``cards``: kept in the list
    (LIST), its next token marked (MASK), or checked against ``token`` (FIND); the count of moves."""
    while cards:
        c = low_card(cards)
        cards &= cards - 1
        if mode == LIST:
            if n < MAX_MOVES:
                MH[row, n] = head + c
                MT[row, n] = take
        elif mode == MASK:
            _mark(S, row, head + c, take, out)
        elif _spells(S, row, head + c, take, token):
            W[W_FOUND] = 1
        n += 1
    return n


@jit
def gen(S: Ints, P: Ints, row: int, MH: Ints, MT: Ints, W: Ints, mode: int, out: Bools, token: int) -> int:
    """The legal moves of the seat to act at ``row`` (opening or play; `moves.legal`: each move
    once, in no particular order), each kept in ``MH``/``MT`` (``mode`` LIST: the first
    `MAX_MOVES`), or its next token marked in ``out`` (MASK), or ``W[W_FOUND]`` set if it allows
    ``token`` next (FIND); their number."""
    m = (S[row, DEALER] + S[row, PLAYS] + 1) & 3
    p = (m + 2) & 3
    hand = S[row, HAND0 + m]
    loose = S[row, LOOSE]
    opening = S[row, PHASE] == OPENING
    bid = S[row, BID]
    one = values_held(hand)
    two = values_twice(hand)
    ns, sums = floor_tables(loose, W)
    team = P[P_TEAM] != 0
    partner_needs = P[P_PARTNER_NEEDS] != 0 or P[P_PARTNER_OWNER] != 0
    house_bits = 0
    obligations = 0  # I3: values of houses whose card this seat must keep
    breakable = 0  # M4: values of houses this seat may break
    need_bits = 0  # M5: houses whose cementer must keep a card of their value
    nhouses = 0
    for i in range(5):
        hc = S[row, HC0 + i]
        if not hc:
            continue
        v = 9 + i
        nhouses += 1
        house_bits |= 1 << v
        owners = S[row, HO0 + i]
        mine = owners >> m & 1
        partners = owners >> p & 1
        bound = mine and not (team and partners)
        if bound:
            obligations |= 1 << v
        if bound or (not mine and (not partners or partner_needs)):
            need_bits |= 1 << v
        if total(hc) == v and not mine and not (partners and P[P_NO_PARTNER_BREAK]):
            breakable |= 1 << v
    build_bits = 0  # M3: values a new house may have (R10: the bid's at the opening; A31)
    if not (P[P_MAX_HOUSES] > 0 and nhouses >= P[P_MAX_HOUSES]):
        for v in range(9, 14):
            if (not opening or v == bid) and not house_bits >> v & 1 and one >> v & 1:
                build_bits |= 1 << v
    maximal = P[P_MAXIMAL] != 0
    joins = house_bits != 0 and (P[P_THROW] == THROW_FREE or P[P_MERGE] != 0)
    n = 0
    for x in range(1, 14):
        cards = hand & value_mask(x)
        if not cards:
            continue
        hx = house_bits >> x & 1
        last = (obligations >> x & 1) != 0 and not two >> x & 1
        moves = 0  # each card's moves other than the throw
        # M2: captures (R10: at the opening only with the bid value)
        if not opening or x == bid:
            if not sums >> x & 1:
                if hx:
                    n = _emit_cards(S, MH, MT, row, n, T_CAPTURE_HOUSE, cards, 0, mode, out, W, token)
                    moves += 1
            else:
                b = splits(W, x)
                for j in range(W[W_SPN + x]):
                    t = W[b + j]
                    if maximal:  # the house and every set of x: nothing left that sums to x
                        if (t or hx) and hits_every(W, t, x):
                            n = _emit_cards(
                                S, MH, MT, row, n, T_CAPTURE_HOUSE if hx else T_CAPTURE, cards, t, mode, out, W, token
                            )
                            moves += 1
                    else:
                        if hx:
                            n = _emit_cards(S, MH, MT, row, n, T_CAPTURE_HOUSE, cards, t, mode, out, W, token)
                            moves += 1
                        if t and not last:
                            n = _emit_cards(S, MH, MT, row, n, T_CAPTURE, cards, t, mode, out, W, token)
                            moves += 1
        if last:  # I3: the last card kept for an owned house may only capture it
            continue
        kept = (one & ~(1 << x)) | (two & (1 << x))  # values still held after playing this one
        # The values v >= x, 9 of a build, break or cement to look at, as bits, walked up. M3 and
        # M5 with a card below v take loose cards summing to the rest: none, no move.
        reaches = ((sums << x) | (1 << x)) & HOUSE_VALUES
        todo = build_bits & kept & reaches  # M3
        todo |= breakable & ((1 << (14 - x)) - 1)  # M4: never above 13
        todo |= house_bits & reaches & ~(need_bits & ~kept)  # M5
        todo &= ~((1 << x) - 1)
        while todo:
            v = lowest_bit(todo)
            todo &= todo - 1
            reach = (reaches >> v & 1) != 0
            if build_bits >> v & 1 and kept >> v & 1 and reach:  # M3
                k = build_options(W, P, loose, sums, x, v)
                for j in range(k):
                    n = _emit_cards(S, MH, MT, row, n, T_BUILD + 52 * (v - 9), cards, W[W_OPT + j], mode, out, W, token)
                moves += k
            if breakable >> v & 1 and v + x <= 13:  # M4: never above 13, a card of the new value kept
                base = v + x
                if not P[P_FLOOR_BREAKS]:
                    if kept >> base & 1:
                        n = _emit_cards(S, MH, MT, row, n, T_BREAK + 52 * (v - 9), cards, 0, mode, out, W, token)
                        moves += 1
                else:
                    for i in range(ns):
                        if W[W_SUBS + i] <= 13 - base and kept >> (base + W[W_SUBS + i]) & 1:
                            n = _emit_cards(
                                S, MH, MT, row, n, T_BREAK + 52 * (v - 9), cards, W[W_SUBM + i], mode, out, W, token
                            )
                            moves += 1
            if house_bits >> v & 1 and reach and not (need_bits >> v & 1 and not kept >> v & 1):  # M5
                k = cement_options(W, P, sums, x, v)
                for j in range(k):
                    n = _emit_cards(
                        S, MH, MT, row, n, T_CEMENT + 52 * (v - 9), cards, W[W_OPT + j], mode, out, W, token
                    )
                moves += k
        # M1: the throw
        if opening and x != bid:
            throw = False
        elif opening and P[P_OPEN_THROW]:
            throw = True
        elif P[P_THROW] == THROW_NO_CAPTURE:
            throw = not hx and not sums >> x & 1
        elif P[P_THROW] == THROW_FREE:
            throw = True
        else:
            throw = moves == 0
        if not throw:
            continue
        if not joins:
            n = _emit_cards(S, MH, MT, row, n, T_THROW, cards, 0, mode, out, W, token)
            continue
        while cards:  # rules §3.2: a throw with the effect of a listed cement is listed as that
            c = low_card(cards)
            cards &= cards - 1
            if not _throw_is_cement(S, P, row, m, c, W, ns, sums, need_bits, kept):
                n = _emit_cards(S, MH, MT, row, n, T_THROW, 1 << c, 0, mode, out, W, token)
    return n


@jit
def _throw_is_cement(
    S: Ints, P: Ints, row: int, m: int, card: int, W: Ints, ns: int, sums: int, need_bits: int, kept: int
) -> bool:
    """Rules §3.2 (`joins.throw_joins`, `joins.listed_once`): whether throwing ``card`` has the
    effect of a cement that is listed (the card joins a house by itself, the owners unchanged)."""
    x = card % 13 + 1
    for i in range(5):
        hc = S[row, HC0 + i]
        if not hc:
            continue
        v = 9 + i
        if v < x:
            continue
        if v == x:
            take = 0
        elif P[P_MERGE]:
            take = best_set(W[W_SUBM:W_SUBS], W[W_SUBS:W_GS], ns, v - x, card)
            if take < 0:
                continue
        else:
            continue
        owners = S[row, HO0 + i]
        if cement_owners(P, owners, total(hc) >= 2 * v, m) != owners:
            return False
        if need_bits >> v & 1 and not kept >> v & 1:
            return False
        k = cement_options(W, P, sums, x, v)
        listed = False
        for j in range(k):
            if W[W_OPT + j] == take:
                listed = True
                break
        return listed
    return False


# --- effects (`play.effect_of`, `play.finish`) ---


@jit
def absorb(S: Ints, P: Ints, row: int, W: Ints) -> None:
    """I2: loose cards of a house's value join it (cementing it); with ``auto_merge_loose_sets``
    so do loose sets of its value, houses in ascending value, each time the set that joins first."""
    loose = S[row, LOOSE]
    for i in range(5):
        if not S[row, HC0 + i]:
            continue
        v = 9 + i
        singles = loose & value_mask(v)
        if singles:
            S[row, HC0 + i] |= singles
            loose &= ~singles
        if P[P_MERGE]:
            while True:
                g = best_set(W[W_SUBM:W_SUBS], W[W_SUBS:W_GS], subsets(loose, W[W_SUBM:W_SUBS], W[W_SUBS:W_GS]), v, -1)
                if g < 0:
                    break
                S[row, HC0 + i] |= g
                loose &= ~g
    S[row, LOOSE] = loose


@jit
def add_sweep(S: Ints, P: Ints, row: int, team: int, worth: int) -> None:
    """R20 and the sweep cap (A32, rules §3.2)."""
    mine = NSW0 + team
    theirs = NSW0 + 1 - team
    if P[P_SWEEP_CAP] <= 0:
        S[row, SW0 + team * MAX_SWEEPS + S[row, mine]] = worth
        S[row, mine] += 1
        return
    if S[row, mine] >= P[P_SWEEP_CAP]:
        S[row, mine] -= 1
    else:
        S[row, SW0 + team * MAX_SWEEPS + S[row, mine]] = worth
        S[row, mine] += 1
    if S[row, theirs] > 0:
        S[row, theirs] -= 1


@jit
def play_move(S: Ints, P: Ints, row: int, head: int, take: int, W: Ints) -> None:
    """Play a listed move of the seat to act (M1-M5, I2, I3, R11, R20), and end the deal after
    play 48 (R15, R16)."""
    effect(S, P, row, head, take, W)
    if S[row, PLAYS] == PLAYS_PER_DEAL:
        finish(S, P, row)


@jit
def effect(S: Ints, P: Ints, row: int, head: int, take: int, W: Ints) -> None:
    """A listed move's effect at ``row`` (M1-M5, I2, I3, R11, R20: `play.effect_of`), the deal
    not ended after play 48 (`play_move` does that)."""
    plays = S[row, PLAYS] + 1
    S[row, PLAYS] = plays
    m = (S[row, DEALER] + plays) & 3
    team = m & 1
    if head < T_CAPTURE:
        kind, v, card = -1, 0, head - T_THROW
    elif head < T_CAPTURE_HOUSE:
        kind, v, card = K_CAPTURE, 0, head - T_CAPTURE
    elif head < T_BUILD:
        card = head - T_CAPTURE_HOUSE
        kind, v = K_CAPTURE, card % 13 + 1
    elif head < T_BREAK:
        kind, v, card = K_BUILD, 9 + (head - T_BUILD) // 52, (head - T_BUILD) % 52
    elif head < T_CEMENT:
        kind, v, card = K_BREAK, 9 + (head - T_BREAK) // 52, (head - T_BREAK) % 52
    else:
        kind, v, card = K_CEMENT, 9 + (head - T_CEMENT) // 52, (head - T_CEMENT) % 52
    bit = 1 << card
    S[row, HAND0 + m] &= ~bit
    if kind == -1:  # M1; I2: the card may join a house
        S[row, LOOSE] |= bit
        absorb(S, P, row, W)
    elif kind == K_CAPTURE:
        taken = bit | take
        if v:
            taken |= S[row, HC0 + v - 9]
            S[row, HC0 + v - 9] = 0
            S[row, HO0 + v - 9] = 0
        S[row, LOOSE] &= ~take
        S[row, PILE0 + team] |= taken
        S[row, LAST] = team
        empty = S[row, LOOSE] == 0
        for i in range(5):
            if S[row, HC0 + i]:
                empty = False
        if empty:  # R20: a sweep
            worth = P[P_SWEEP]
            if plays == 1:
                worth = P[P_FIRST_SWEEP]
            elif plays == PLAYS_PER_DEAL:
                worth = P[P_LAST_SWEEP]
            add_sweep(S, P, row, team, worth)
    elif kind == K_BUILD:
        S[row, HC0 + v - 9] = bit | take
        S[row, HO0 + v - 9] = 1 << m
        S[row, LOOSE] &= ~take
        absorb(S, P, row, W)
    elif kind == K_BREAK:
        raised = S[row, HC0 + v - 9] | bit | take
        v2 = v + card % 13 + 1 + total(take)
        S[row, LOOSE] &= ~take
        S[row, HC0 + v - 9] = 0
        S[row, HO0 + v - 9] = 0
        if S[row, HC0 + v2 - 9]:  # M4: the raised house joins the house of its new value
            S[row, HC0 + v2 - 9] |= raised
            S[row, HO0 + v2 - 9] |= 1 << m
        else:  # M4: the breaker is now the only owner
            S[row, HC0 + v2 - 9] = raised
            S[row, HO0 + v2 - 9] = 1 << m
        absorb(S, P, row, W)
    else:
        hc = S[row, HC0 + v - 9]
        S[row, HO0 + v - 9] = cement_owners(P, S[row, HO0 + v - 9], total(hc) >= 2 * v, m)
        S[row, HC0 + v - 9] = hc | bit | take
        S[row, LOOSE] &= ~take
    if P[P_TEAM]:  # I3, team scope: an owner without a card of the value stops being one
        hand = S[row, HAND0 + m]
        for i in range(5):
            if S[row, HC0 + i] and S[row, HO0 + i] >> m & 1 and not hand & value_mask(9 + i):
                S[row, HO0 + i] &= ~(1 << m)
    if S[row, PHASE] == OPENING:  # R11: the deal is completed after the opening
        for s in range(4):
            S[row, HAND0 + s] |= S[row, STOCK0 + s]
            S[row, STOCK0 + s] = 0
    S[row, PHASE] = PLAYING


@jit
def finish(S: Ints, P: Ints, row: int) -> None:
    """R15, R16: the floor left goes to the team that captured last (or as the rules say)."""
    left = S[row, LOOSE]
    for i in range(5):
        left |= S[row, HC0 + i]
    to = S[row, LAST]
    if to < 0 and P[P_LEFTOVER_DEALER]:
        to = S[row, DEALER] & 1
    if to >= 0 and left:
        S[row, PILE0 + to] |= left
        S[row, LOOSE] = 0
        for i in range(5):
            S[row, HC0 + i] = 0
            S[row, HO0 + i] = 0
    S[row, PHASE] = OVER
    S[row, TO_ACT] = -1


@jit
def card_points(P: Ints, pile: int) -> int:
    """R3: every spade its value, the other aces 1, the ten of diamonds as the rules say."""
    return points(P[P_TEN_D], pile)


@inline
def points(ten: int, pile: int) -> int:
    """`card_points` with the ten of diamonds worth ``ten``: no array passed, so none counted
    (numba counts the references to each array a call is given, atomically: in the bot's
    innermost loops that counting took more time than the work)."""
    s = total(pile >> 39)
    s += (pile & 1) + (pile >> 13 & 1) + (pile >> 26 & 1)
    if pile >> 22 & 1:  # 10D: diamonds are cards 13-25
        s += ten
    return s


@jit
def score(S: Ints, P: Ints, row: int) -> None:
    """R17, R21: each team's deal total as it counts (`scoring.score_deal`), in SCORE0-1."""
    p0, p1 = S[row, PILE0], S[row, PILE0 + 1]
    cards0, cards1 = card_points(P, p0), card_points(P, p1)
    n0, n1 = popcount(p0), popcount(p1)
    if P[P_MAJORITY] and n0 != n1:
        if n0 > n1:
            cards0 += P[P_MAJORITY]
        else:
            cards1 += P[P_MAJORITY]
    sw0 = 0
    for k in range(S[row, NSW0]):
        sw0 += S[row, SW0 + k]
    sw1 = 0
    for k in range(S[row, NSW0 + 1]):
        sw1 += S[row, SW0 + MAX_SWEEPS + k]
    c0, c1 = cards0 + sw0, cards1 + sw1
    if P[P_NINE_EFFECT] == NINE_ZERO:
        b0, b1 = (cards0, cards1) if P[P_NINE_CARDS] else (c0, c1)
        if b0 < 9:
            c0 = sw0
        if b1 < 9:
            c1 = sw1
    S[row, SCORE0] = c0
    S[row, SCORE0 + 1] = c1


# --- the batch's kernels ---


@jit
def open_turn(S: Ints, P: Ints, row: int, MH: Ints, MT: Ints, W: Ints, out: Bools) -> None:
    """The next seat's turn: its moves listed, nothing given yet."""
    S[row, TO_ACT] = (S[row, DEALER] + S[row, PLAYS] + 1) & 3
    S[row, HEAD] = -1
    S[row, GIVEN] = 0
    S[row, LASTGIVEN] = -1
    S[row, NMOVES] = gen(S, P, row, MH, MT, W, LIST, out, -1)


@borrowing
def legal_mask(S: Ints, P: Ints, MH: Ints, MT: Ints, W: Ints, out: Bools) -> None:
    """The tokens each row's seat to act may give next (``out[row]`` written whole)."""
    for row in range(S.shape[0]):
        out[row, :] = False
        if S[row, TO_ACT] < 0:
            continue
        if S[row, PHASE] == BIDDING:  # R8: a value 9-13 among the bidder's four cards
            held = values_held(S[row, HAND0 + S[row, TO_ACT]])
            for v in range(9, 14):
                if held >> v & 1:
                    out[row, T_BID + v - 9] = True
            continue
        n = S[row, NMOVES]
        if n > MAX_MOVES:  # too many to keep: listed again
            gen(S, P, row, MH, MT, W, MASK, out, -1)
            continue
        head = S[row, HEAD]
        if head < 0:
            for k in range(n):
                out[row, MH[row, k]] = True
            continue
        given = S[row, GIVEN]
        upto = _upto(S[row, LASTGIVEN])
        for k in range(n):
            t = MT[row, k]
            if MH[row, k] == head and t & upto == given:
                rest = t & ~upto
                out[row, T_LOOSE + low_card(rest) if rest else T_END] = True


@jit
def log_move(S: Ints, LH: Ints, LT: Ints, LL: Ints, row: int, head: int, take: int) -> None:
    k = S[row, NLOG]
    LH[row, k] = head
    LT[row, k] = take
    LL[row, k] = S[row, LOOSE]
    S[row, NLOG] = k + 1


@jit
def _act(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    LH: Ints,
    LT: Ints,
    LL: Ints,
    row: int,
    token: int,
    rewards: Floats,
    W: Ints,
    out: Bools,
) -> int:
    """Give one token at ``row``: -1 if it is not legal (nothing changes), else the ended code."""
    if token < 0 or token >= TOKENS:
        return -1
    if S[row, PHASE] == BIDDING:
        v = token - T_BID + 9
        if token >= T_THROW or not values_held(S[row, HAND0 + S[row, TO_ACT]]) >> v & 1:
            return -1
        S[row, BID] = v  # R8, R9
        S[row, PHASE] = OPENING
        S[row, NACT] += 1
        open_turn(S, P, row, MH, MT, W, out)
        return GOING
    n = S[row, NMOVES]
    found = False
    if n > MAX_MOVES:  # too many to keep: listed again
        W[W_FOUND] = 0
        gen(S, P, row, MH, MT, W, FIND, out, token)
        found = W[W_FOUND] != 0
    else:
        for k in range(n):
            if _spells(S, row, MH[row, k], MT[row, k], token):
                found = True
                break
    if not found:
        return -1
    head = S[row, HEAD]
    if head < 0:
        if token >= T_CAPTURE:  # more tokens to come
            S[row, HEAD] = token
            return GOING
        take = 0
    elif token == T_END:
        take = S[row, GIVEN]
        token = head
    else:
        c = token - T_LOOSE
        S[row, GIVEN] |= 1 << c
        S[row, LASTGIVEN] = c
        return GOING
    log_move(S, LH, LT, LL, row, token, take)
    S[row, NACT] += 1
    play_move(S, P, row, token, take, W)
    if S[row, PHASE] == OVER:
        score(S, P, row)
        for s in range(4):
            rewards[row, s] = S[row, SCORE0 + (s & 1)]
        return SCORED
    open_turn(S, P, row, MH, MT, W, out)
    return GOING


@borrowing
def apply(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    LH: Ints,
    LT: Ints,
    LL: Ints,
    actions: Ints,
    active: Bools,
    errors: Bools,
    ended: Bytes,
    rewards: Floats,
    W: Ints,
    none: Bools,
) -> None:
    """Give ``actions[row]`` at each active row with a seat to act (`_act`); ``none`` is a (1, 1)
    mask that `gen` never marks here."""
    for row in range(S.shape[0]):
        if not active[row] or S[row, TO_ACT] < 0:
            continue
        r = _act(S, P, MH, MT, LH, LT, LL, row, actions[row], rewards, W, none)
        if r < 0:
            errors[row] = True
        else:
            ended[row] = r


@borrowing
def deal(S: Ints, P: Ints, D: Bytes, mtw: Ints, pos: Ints, rows: Ints, dealers: Ints) -> None:
    """Deal each of ``rows`` (R7, R11) from its generator as ``Seep.deal`` shuffles the pack (in
    the row's place in ``D``); a hand whose bidder holds nothing above 8 ends at once (R8: phase
    over, no seat to act)."""
    for k in range(len(rows)):
        row = rows[k]
        deck = D[row]
        for c in range(DECK_SIZE):
            deck[c] = c
        mt.shuffle(mtw, pos, row, deck)
        for col in range(COLUMNS):
            S[row, col] = 0
        dealer = dealers[k]
        S[row, DEALER] = dealer
        S[row, LAST] = -1
        S[row, HEAD] = -1
        S[row, LASTGIVEN] = -1
        b = (dealer + 1) & 3
        hand = 0
        for i in range(4):
            hand |= 1 << int(deck[i])
        S[row, HAND0 + b] = hand
        loose = 0
        for i in range(4, 8):
            loose |= 1 << int(deck[i])
        S[row, LOOSE] = loose
        for j in range(11):  # R11: bidder, partner, left, dealer; again; partner, left, dealer
            q = j if j < 8 else j - 7
            seat = (dealer + 1 + (q & 3)) & 3
            for i in range(8 + 4 * j, 12 + 4 * j):
                S[row, STOCK0 + seat] |= 1 << int(deck[i])
        if values_held(hand) >> 9:
            S[row, PHASE] = BIDDING
            S[row, TO_ACT] = b
        else:
            S[row, PHASE] = OVER
            S[row, TO_ACT] = -1


@jit
def next_dealers(S: Ints, P: Ints, rows: Ints, out: Ints) -> None:
    """R8: after a misdeal the same dealer deals again, or the next as the rules say."""
    for k in range(len(rows)):
        d = S[rows[k], DEALER]
        out[k] = (d + 1) & 3 if P[P_REDEAL_NEXT] else d


@jit
def open_rows(S: Ints, P: Ints, MH: Ints, MT: Ints, W: Ints, rows: Ints) -> None:
    """Rows just loaded (`SeepBatch.load`): the seat to act at each, and its moves listed at the
    opening or in play."""
    none = np.zeros((1, 1), np.bool_)
    for k in range(len(rows)):
        row = rows[k]
        phase = S[row, PHASE]
        if phase == BIDDING:
            S[row, TO_ACT] = (S[row, DEALER] + 1) & 3
        elif phase == OVER:
            S[row, TO_ACT] = -1
        else:  # the opening, or play
            open_turn(S, P, row, MH, MT, W, none)


@inline
def _number(out: Bytes, row: int, base: int, x: int) -> None:
    """A sign and eight binary digits of the magnitude, capped at 255 (`planes.write_number`)."""
    if x == 0:  # the row is cleared already
        return
    mag = min(abs(x), 255)
    out[row, base] = 1 if x < 0 else 0
    for i in range(8):
        out[row, base + 1 + i] = (mag >> (7 - i)) & 1


@inline
def _cards(out: Bytes, row: int, base: int, m: int) -> None:
    while m:
        out[row, base + low_card(m)] = 1
        m &= m - 1


@borrowing
def observe(S: Ints, OFF: Ints, seats: Ints, out: Bytes) -> None:
    """Each row's observation for ``seats[row]`` (`encoding.encode` of `view.observe`), written
    whole: each row is cleared first, just before it is written, while it is in the cache."""
    for row in range(S.shape[0]):
        out[row, :] = 0
        me = seats[row]
        if me < 0:
            continue
        phase = S[row, PHASE]
        dealer = S[row, DEALER]
        misdeal = phase == OVER and S[row, BID] == 0
        visible = phase != DEALING and phase != BIDDING and not misdeal
        sees_own = phase != BIDDING or me == ((dealer + 1) & 3)
        if sees_own:
            _cards(out, row, OFF[O_HAND], S[row, HAND0 + me])
        if visible:
            _cards(out, row, OFF[O_LOOSE], S[row, LOOSE])
        else:
            out[row, OFF[O_HIDDEN]] = popcount(S[row, LOOSE])
        for i in range(5):
            hc = S[row, HC0 + i]
            if not hc:
                continue
            out[row, OFF[O_PRESENT] + i] = 1
            _cards(out, row, OFF[O_HCARDS] + 52 * i, hc)
            out[row, OFF[O_CEMENTED] + i] = 1 if total(hc) >= 2 * (9 + i) else 0
            owners = S[row, HO0 + i]
            for s in range(4):
                if owners >> s & 1:
                    out[row, OFF[O_OSEAT] + 4 * i + ((s - me) & 3)] = 1
                    out[row, OFF[O_OTEAM] + 2 * i + ((s - me) & 1)] = 1
        for t in range(2):
            rel = (t - me) & 1
            _cards(out, row, OFF[O_PILE] + 52 * rel, S[row, PILE0 + t])
            out[row, OFF[O_SWEEPS] + rel] = min(S[row, NSW0 + t], 127)
            pts = 0
            for k in range(S[row, NSW0 + t]):
                pts += S[row, SW0 + t * MAX_SWEEPS + k]
            _number(out, row, OFF[O_SWEEP_POINTS] + 9 * rel, pts)
        last = S[row, LAST]
        out[row, OFF[O_LAST] + (2 if last < 0 else (last - me) & 1)] = 1
        bid = S[row, BID]
        out[row, OFF[O_BID] + (bid - 9 if bid else 5)] = 1
        out[row, OFF[O_PHASE] + phase] = 1
        out[row, OFF[O_DEALER] + ((dealer - me) & 3)] = 1
        to_act = S[row, TO_ACT]
        out[row, OFF[O_TO_ACT] + (4 if to_act < 0 else (to_act - me) & 3)] = 1
        out[row, OFF[O_PLAYS]] = S[row, PLAYS]
        for s in range(4):
            out[row, OFF[O_SIZES] + ((s - me) & 3)] = popcount(S[row, HAND0 + s])
        # an episode is one hand from the start of a match: zeros, unless the row was loaded
        _number(out, row, OFF[O_LEAD], S[row, LEAD] if me % 2 == 0 else -S[row, LEAD])
        for t in range(2):
            out[row, OFF[O_BAAZIS] + ((t - me) & 1)] = min(S[row, BAAZI0 + t], 127)
        if to_act == me and S[row, HEAD] >= 0:
            out[row, OFF[O_PARTIAL] + S[row, HEAD]] = 1
            _cards(out, row, OFF[O_PARTIAL] + T_LOOSE, S[row, GIVEN])
