"""Seep's rule-based bot (`rule`, `rulebot.Appraiser`) over arrays: the search's playout policy on
the batched engine (`batch.SeepBatch.policy` and `play_out`).

The bot weighs every legal move of the seat to act by what it is worth to the team, exactly as
`rulebot.Appraiser.choose` does, in the same float64 operations in the same order (so the same
worths to the last bit): what it takes now (card points, a little per card, sweeps made or
cancelled), the houses it leaves (a share of each house one team alone owns), what it gives the
next opponent (for each value the chance that their hand holds a card of it and the best capture
such a card makes on the floor left, weighed by `rulebot.THREAT`), the loose cards left at the
last play, and what keeping a card was worth. Throws and captures are worked out directly where
the rules let them (`simple`); every other move is played on a copy of the row by the batch's own
effects (`kernels.effect`, the engine's `play.effect_of` rule for rule). The bid is the value held
most often among the first four, the highest among equals (R8).

The bot breaks near-ties with a random nudge (below a thousandth of a point) to each move's worth.
Over arrays the nudge of a move is drawn from the row's own stream (`nudge`: a hash of the row's
seed, the play and the move), not from the bot's `random.Random`: the choices are the bot's for
the same nudges (the tests give the one-table bot these nudges), but a playout's nudges are not
those the one-table search would draw. Only what the seat may know is read: its hand, the floor,
the houses, the piles, the sweeps and the number of cards in each hand.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import borrowing, inline, jit, popcount

from . import kernels
from .kernels import (
    BID,
    BIDDING,
    CHOSEN,
    HAND0,
    HC0,
    HEAD,
    HO0,
    LAST,
    LASTGIVEN,
    LOOSE,
    MAX_MOVES,
    MAX_SWEEPS,
    NACT,
    NMOVES,
    NSW0,
    OPENING,
    OVER,
    P_FIRST_SWEEP,
    P_LAST_SWEEP,
    P_MERGE,
    P_SWEEP,
    P_SWEEP_CAP,
    P_TEAM,
    P_TEN_D,
    PHASE,
    PILE0,
    PLAYING,
    PLAYS,
    PLAYS_PER_DEAL,
    SCORE0,
    STOCK0,
    SW0,
    T_BID,
    T_BREAK,
    T_BUILD,
    T_CAPTURE,
    T_CAPTURE_HOUSE,
    T_CEMENT,
    T_END,
    T_LOOSE,
    T_THROW,
    TO_ACT,
    W_GO,
    W_GS,
    W_SPN,
    floor_tables,
    hits_every,
    low_card,
    points,
    splits,
    value_mask,
)
from .rulebot import CARD_WORTH, HOUSE_SHARE, KEEP, THREAT
from .rules import SeepRules

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Scores = npt.NDArray[np.float32]
Bools = npt.NDArray[np.bool_]

#: The bot's weights in ``weights``: a house's share, the threat, keeping a card, a card's worth
#: besides its points (with the majority bonus's part, as `rulebot.Appraiser` adds it).
(X_SHARE, X_THREAT, X_KEEP, X_CARD) = range(4)
WEIGHTS: Final = 4
DECK: Final = (1 << 52) - 1
M32: Final = 0xFFFFFFFF


def weights(rules: SeepRules) -> Floats:
    """The rule-based bot's weights under ``rules`` (`rulebot.Appraiser`'s defaults)."""
    x = np.zeros(WEIGHTS, np.float64)
    x[X_SHARE] = HOUSE_SHARE
    x[X_THREAT] = THREAT
    x[X_KEEP] = KEEP
    x[X_CARD] = CARD_WORTH + rules.majority_bonus / 8
    return x


@jit
def _mix(h: int) -> int:
    """A 32-bit mixing step (products kept below 2^63, so the same with and without numba)."""
    h &= M32
    h ^= h >> 16
    h = (h * 0x2C1B3C6D) & M32
    h ^= h >> 12
    h = (h * 0x297A2D39) & M32
    h ^= h >> 15
    return h


@jit
def nudge(seed: int, plays: int, head: int, take: int) -> float:
    """The random nudge (in [0, 1)) of move (``head``, ``take``) at play ``plays`` of the row whose
    stream is ``seed``: a hash of the four, so a move's nudge is independent of the others'."""
    h = _mix(take & 0x3FFFFFF)
    h = _mix(h ^ (take >> 26))
    h = _mix(h ^ head)
    h = _mix(h ^ plays)
    h = _mix(h ^ (seed >> 32))
    h = _mix(h ^ (seed & M32))
    return h / 4294967296.0


@inline
def worth(ten: int, per: float, cards: int) -> float:
    """`Appraiser.worth`: the card points of a set of cards (`kernels.points`, the ten of diamonds
    worth ``ten``), and ``per`` for each card (``X[X_CARD]``). Its callers read ``ten`` and ``per``
    once: a helper given no array costs no counting of references in the innermost loops."""
    return float(points(ten, cards) + per * popcount(cards))


@jit
def chances(unseen: int, n: int, out: Floats) -> None:
    """`rulebot._chances`: for k = 0 … 4, the chance that a hand of n cards dealt from ``unseen``
    cards holds one of k given cards at least."""
    out[0] = 0.0
    for k in range(1, 5):
        miss = 1.0
        for i in range(n):
            left = unseen - i
            if left <= 0 or left - k <= 0:
                miss = 0.0
                break
            miss *= (left - k) / left
        out[k] = 1.0 - miss


#: The slots of the cache of loose tables (`loose_cache`), a power of two.
CACHE_SLOTS: Final = 1 << 14
#: A cached table's columns: ``takes[0..13]``, then the mask of whole captures.
CACHE_WHOLE: Final = 14


#: The working space of one `choose` (`space`): its whole numbers (the houses' cards and owners,
#: the values still unseen, the sweeps, the houses after a move) and its fractions (the chances
#: a value is held, the unseen values' odds and worths, each house's part, a move's takes, gains
#: and odds), each part at its offset.
SPACE_INTS: Final = 5 + 5 + 13 + 2 + 5 + 5
SPACE_FLOATS: Final = 5 + 13 + 13 + 5 + 14 + 13 + 13


def space() -> tuple[Ints, Floats]:
    """`choose`'s working space: the caller's, so that the playouts make no array and can borrow
    theirs (`jit.borrowing`); one per set of tables, which one thread plays at a time."""
    return np.zeros(SPACE_INTS, np.int64), np.zeros(SPACE_FLOATS, np.float64)


def loose_cache() -> tuple[Ints, Floats]:
    """An empty cache of loose tables (`loose_table`, kept by `choose`) for one worth of the ten of
    diamonds and of a card (``P[P_TEN_D]``, ``X[X_CARD]``: the tables depend on nothing else): the
    floor kept in each slot (-1: none) and its table. `Appraiser` keeps the floors it met the same
    way (`rulebot._SHELVES`); a slot holds the last floor hashed to it, and a table read from it is
    the one worked out, so the bot's choices do not depend on what the cache holds."""
    return np.full(CACHE_SLOTS, -1, np.int64), np.zeros((CACHE_SLOTS, CACHE_WHOLE + 1), np.float64)


@jit
def loose_table(P: Ints, X: Floats, loose: int, W: Ints, takes: Floats) -> int:
    """`Appraiser._loose_table`: ``takes[v]`` the worth of the best capture of loose cards a card
    of value v makes (M2 under maximal capture; -1 when it takes none; ``takes[0]`` the worth of
    them all); returns the mask of the values whose capture may take them all. `choose` keeps
    the tables it works out in its cache (`loose_cache`)."""
    ten = P[P_TEN_D]
    per = X[X_CARD]
    takes[0] = worth(ten, per, loose)
    if not loose:
        for v in range(1, 14):
            takes[v] = -1.0
        return 0x3FFE
    whole = 0
    sums = floor_tables(loose, W)[1]
    for v in range(1, 14):
        if not sums >> v & 1:
            takes[v] = -1.0
            continue
        union = 0
        disjoint = True
        for gi in range(W[W_GO + v], W[W_GO + v + 1]):
            g = W[W_GS + gi]
            if union & g:
                disjoint = False
                break
            union |= g
        if disjoint:  # usually: the groups are all taken together
            takes[v] = worth(ten, per, union)
            if union == loose:
                whole |= 1 << v
            continue
        best = -1.0
        first = True
        b = splits(W, v)
        for j in range(W[W_SPN + v]):
            t = W[b + j]
            if not hits_every(W, t, v):
                continue
            w = worth(ten, per, t)
            if first or w > best:
                best = w
                first = False
            if t == loose:
                whole |= 1 << v
        takes[v] = best
    return whole


@jit
def _decode(head: int) -> tuple[int, int, int]:
    """A head token's (kind, value, card) as the move numbers have them (a throw: kind 0,
    value 0; a capture of a house: its value)."""
    if head < T_CAPTURE:
        return 0, 0, head - T_THROW
    if head < T_CAPTURE_HOUSE:
        return 0, 0, head - T_CAPTURE
    if head < T_BUILD:
        card = head - T_CAPTURE_HOUSE
        return 0, card % 13 + 1, card
    if head < T_BREAK:
        return 1, 9 + (head - T_BUILD) // 52, (head - T_BUILD) % 52
    if head < T_CEMENT:
        return 2, 9 + (head - T_BREAK) // 52, (head - T_BREAK) % 52
    return 3, 9 + (head - T_CEMENT) // 52, (head - T_CEMENT) % 52


@jit
def choose(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    X: Floats,
    seed: int,
    row: int,
    W: Ints,
    Sx: Ints,
    CK: Ints,
    CV: Floats,
    Zi: Ints,
    Zf: Floats,
) -> int:
    """`Appraiser.choose` at ``row`` (its opening or play): the index in ``MH``/``MT`` of the move
    the bot makes, each move's nudge from `nudge` (``CK``/``CV``: the cache of loose tables;
    ``Zi``/``Zf``: the working space, `space`)."""
    n = min(S[row, NMOVES], MAX_MOVES)
    if n == 1:
        return 0
    ten = P[P_TEN_D]
    per = X[X_CARD]
    seat = S[row, TO_ACT]
    phase = S[row, PHASE]
    plays = S[row, PLAYS]
    hand = S[row, HAND0 + seat]
    loose = S[row, LOOSE]
    team = seat & 1
    mine = 5 << team
    theirs = 15 ^ mine
    p0 = S[row, PILE0]
    p1 = S[row, PILE0 + 1]
    seen = hand | loose | p0 | p1
    for i in range(SPACE_INTS):
        Zi[i] = 0
    for i in range(SPACE_FLOATS):
        Zf[i] = 0.0
    hc = Zi[0:5]
    ho = Zi[5:10]
    held_v = Zi[10:23]
    sw = Zi[23:25]
    hc2 = Zi[25:30]
    ho2 = Zi[30:35]
    chance = Zf[0:5]
    held_p = Zf[5:18]
    held_w = Zf[18:31]
    parts = Zf[31:36]
    takes = Zf[36:50]
    gains = Zf[50:63]
    probs = Zf[63:76]
    nhouses = 0
    for i in range(5):
        hc[i] = S[row, HC0 + i]
        ho[i] = S[row, HO0 + i]
        seen |= hc[i]
        if hc[i]:
            nhouses += 1
    unseen = DECK & ~seen
    nxt = (seat + 1) & 3
    n_next = popcount(S[row, HAND0 + nxt]) if phase == PLAYING else 12
    chances(popcount(unseen), n_next, chance)
    nheld = 0
    for v in range(1, 14):
        cards = unseen & value_mask(v)
        if cards:
            k = popcount(cards)
            held_v[nheld] = v
            held_p[nheld] = chance[k]
            held_w[nheld] = worth(ten, per, cards) / k
            nheld += 1
    for t in range(2):
        for k in range(S[row, NSW0 + t]):
            sw[t] += S[row, SW0 + t * MAX_SWEEPS + k]
    swept = sw[team] - sw[1 - team]
    own_pile = S[row, PILE0 + team]
    share = X[X_SHARE]
    keep = X[X_KEEP]
    simple = P[P_SWEEP_CAP] <= 0 and P[P_TEAM] == 0 and P[P_MERGE] == 0
    plays1 = plays + 1
    if plays1 == 1:
        sweep_now = P[P_FIRST_SWEEP]
    elif plays1 == PLAYS_PER_DEAL:
        sweep_now = P[P_LAST_SWEEP]
    else:
        sweep_now = P[P_SWEEP]
    standing = 0.0
    for i in range(5):
        if not hc[i]:
            continue
        part = 0.0
        if ho[i] & mine and not ho[i] & theirs:
            part = share * worth(ten, per, hc[i])
        elif ho[i] & theirs and not ho[i] & mine:
            part = -share * worth(ten, per, hc[i])
        standing += part
        parts[i] = part
    best = 0.0
    best_i = -1
    for i in range(n):
        head = MH[row, i]
        take = MT[row, i]
        kind, v, card = _decode(head)
        x = card % 13 + 1
        if simple and kind == 0 and (v != 0 or not (nhouses and x >= 9 and hc[x - 9])):
            plays2 = plays1
            if v:  # a capture of a house, and of any loose cards
                loose2 = loose & ~take
                for j in range(5):
                    hc2[j] = hc[j]
                    ho2[j] = ho[j]
                hc2[v - 9] = 0
                ho2[v - 9] = 0
                value = worth(ten, per, take | 1 << card | hc[v - 9]) + standing - parts[v - 9]
                if not loose2 and nhouses == 1:
                    value += sweep_now
                last2 = team
                gained = True
            elif take:  # a capture of loose cards
                loose2 = loose & ~take
                for j in range(5):
                    hc2[j] = hc[j]
                    ho2[j] = ho[j]
                value = worth(ten, per, take | 1 << card) + standing
                if not loose2 and not nhouses:
                    value += sweep_now
                last2 = team
                gained = True
            else:  # a throw (no house of its value: it joins none)
                loose2 = loose | 1 << card
                for j in range(5):
                    hc2[j] = hc[j]
                    ho2[j] = ho[j]
                value = standing
                last2 = S[row, LAST]
                gained = False
        else:  # played on a copy of the row, the other hands and the stock unseen
            for c in range(Sx.shape[1]):
                Sx[0, c] = S[row, c]
            for s in range(4):
                if s != seat:
                    Sx[0, HAND0 + s] = 0
                Sx[0, STOCK0 + s] = 0
            kernels.effect(Sx, P, 0, head, take, W)
            plays2 = Sx[0, PLAYS]
            loose2 = Sx[0, LOOSE]
            for j in range(5):
                hc2[j] = Sx[0, HC0 + j]
                ho2[j] = Sx[0, HO0 + j]
            value = worth(ten, per, Sx[0, PILE0 + team] & ~own_pile)
            s0 = 0
            for k in range(Sx[0, NSW0]):
                s0 += Sx[0, SW0 + k]
            s1 = 0
            for k in range(Sx[0, NSW0 + 1]):
                s1 += Sx[0, SW0 + MAX_SWEEPS + k]
            value += (s0 - s1 if team == 0 else s1 - s0) - swept
            for j in range(5):
                if not hc2[j]:
                    continue
                if ho2[j] & mine and not ho2[j] & theirs:
                    value += share * worth(ten, per, hc2[j])
                elif ho2[j] & theirs and not ho2[j] & mine:
                    value -= share * worth(ten, per, hc2[j])
            last2 = Sx[0, LAST]
            gained = (Sx[0, PILE0 + team] >> card & 1) != 0
        if plays2 >= PLAYS_PER_DEAL:
            left = worth(ten, per, loose2)
            value += left if last2 == team else -left
        else:
            # `Appraiser._threat`: the next opponent's expected best capture on this floor. Written
            # here, not called: numba counts the references to every array a call is given, with
            # atomic operations, and in this loop that counting cost more than the work.
            slot = _mix(_mix(loose2 >> 26) ^ (loose2 & 0x3FFFFFF)) & (CK.shape[0] - 1)
            if CK[slot] == loose2:  # the floor's table, from the cache
                for t in range(CACHE_WHOLE):
                    takes[t] = CV[slot, t]
                whole = int(CV[slot, CACHE_WHOLE])
            else:
                whole = loose_table(P, X, loose2, W, takes)
                CK[slot] = loose2
                for t in range(CACHE_WHOLE):
                    CV[slot, t] = takes[t]
                CV[slot, CACHE_WHOLE] = whole
            sweep = P[P_LAST_SWEEP] if plays2 + 1 == PLAYS_PER_DEAL else P[P_SWEEP]
            houses2 = 0
            for j in range(5):
                if hc2[j]:
                    houses2 += 1
            alone = houses2 == 1
            m = 0
            for j in range(nheld):
                hv = held_v[j]
                gain = takes[hv]
                if houses2:
                    h = hv - 9
                    if h < 0 or not hc2[h]:
                        if gain < 0:
                            continue
                    elif alone and whole >> hv & 1:
                        whole_worth = takes[0] + sweep
                        gain = whole_worth
                        if not ho2[h] & theirs:
                            gain = whole_worth + worth(ten, per, hc2[h])
                    elif not ho2[h] & theirs:
                        gain = max(gain, 0.0) + worth(ten, per, hc2[h])
                    else:
                        gain = max(gain, 0.0)
                else:
                    if gain < 0:
                        continue
                    if whole >> hv & 1:
                        gain = takes[0] + sweep
                g = gain + held_w[j]
                p = held_p[j]
                # insert in descending order of (gain, chance), as sorting the tuples does
                q = m
                while q > 0 and (gains[q - 1] < g or (gains[q - 1] == g and probs[q - 1] < p)):
                    gains[q] = gains[q - 1]
                    probs[q] = probs[q - 1]
                    q -= 1
                gains[q] = g
                probs[q] = p
                m += 1
            danger = 0.0
            none = 1.0
            for q in range(m):
                danger += none * probs[q] * gains[q]
                none *= 1.0 - probs[q]
            value -= X[X_THREAT] * danger
        if not gained:  # the card stays on the floor: keeping it was worth something
            value -= keep * x
        value += nudge(seed, plays, head, take) * 1e-3
        if best_i < 0 or value >= best:
            best = value
            best_i = i
    return best_i


@jit
def bid(S: Ints, row: int) -> int:
    """R8: the value held most often among the bidder's four cards, the highest among equals."""
    hand = S[row, HAND0 + S[row, TO_ACT]]
    best = -1
    best_v = 0
    for v in range(9, 14):
        cards = hand & value_mask(v)
        if cards:
            key = popcount(cards) * 16 + v
            if key > best:
                best, best_v = key, v
    return best_v


@borrowing
def rule_tokens(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    X: Floats,
    seeds: Ints,
    W: Ints,
    Sx: Ints,
    CK: Ints,
    CV: Floats,
    Zi: Ints,
    Zf: Floats,
    out: Ints,
) -> None:
    """The token the rule-based bot gives next at every row (-1 where no seat acts): its bid, the
    head of the move it chooses (the move's loose cards kept in ``CHOSEN``), or the next token of
    that move."""
    for row in range(S.shape[0]):
        if S[row, TO_ACT] < 0:
            out[row] = -1
            continue
        if S[row, PHASE] == BIDDING:
            out[row] = T_BID + bid(S, row) - 9
            continue
        if S[row, HEAD] >= 0:  # the move chosen, spelled on
            upto = (1 << (S[row, LASTGIVEN] + 1)) - 1 if S[row, LASTGIVEN] >= 0 else 0
            rest = S[row, CHOSEN] & ~upto
            out[row] = T_LOOSE + low_card(rest) if rest else T_END
            continue
        k = choose(S, P, MH, MT, X, seeds[row], row, W, Sx, CK, CV, Zi, Zf)
        out[row] = MH[row, k]
        S[row, CHOSEN] = MT[row, k]


@borrowing
def play_out(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    LH: Ints,
    LT: Ints,
    LL: Ints,
    X: Floats,
    seeds: Ints,
    W: Ints,
    Wt: Ints,
    Sx: Ints,
    CK: Ints,
    CV: Floats,
    Zi: Ints,
    Zf: Floats,
    none: Bools,
    n: int,
    scores: Scores,
) -> None:
    """The hands of rows 0 to ``n - 1`` played to their ends by the rule-based bot, a whole move at
    a time (`rule_tokens` and `kernels.apply` fused), each hand's scores into ``scores[row]``
    (``none``: the empty mask `kernels.open_turn` is handed where no mask is kept)."""
    for row in range(n):
        while S[row, TO_ACT] >= 0:
            if S[row, PHASE] == BIDDING:
                S[row, BID] = bid(S, row)  # R8, R9
                S[row, PHASE] = OPENING
                S[row, NACT] += 1
                kernels.open_turn(S, P, row, MH, MT, W, none)
                continue
            k = choose(S, P, MH, MT, X, seeds[row], row, Wt, Sx, CK, CV, Zi, Zf)
            head = MH[row, k]
            take = MT[row, k]
            kernels.log_move(S, LH, LT, LL, row, head, take)
            S[row, NACT] += 1
            kernels.play_move(S, P, row, head, take, W)
            if S[row, PHASE] == OVER:
                kernels.score(S, P, row)
                for s in range(4):
                    scores[row, s] = S[row, SCORE0 + (s & 1)]
            else:
                kernels.open_turn(S, P, row, MH, MT, W, none)


@borrowing
def move_values(
    S: Ints,
    P: Ints,
    MH: Ints,
    MT: Ints,
    rows: Ints,
    X: Floats,
    seeds: Ints,
    W: Ints,
    Wt: Ints,
    Sx: Ints,
    CK: Ints,
    CV: Floats,
    Zi: Ints,
    Zf: Floats,
    none: Bools,
    Sw: Ints,
    MHw: Ints,
    MTw: Ints,
    LHw: Ints,
    LTw: Ints,
    LLw: Ints,
    seedw: Ints,
    scores: Scores,
    counts: Ints,
    heads: Ints,
    out: Floats,
) -> None:
    """What each head token of the seat to act at each of ``rows`` leads to when the rule-based
    bot plays every seat after it, the true hands as they lie: ``heads[i, j]`` the ``j``-th head
    among the row's listed moves, the move made with it the one the bot would choose among the
    moves of that head (`choose` over them alone: its own move where the head is its own), and
    ``out[i, j]`` the points of the acting side's deal total less the other side's once that move
    is made and the hand played out (`play_out`) on the work row 0 of ``Sw``; ``counts[i]`` the
    heads so valued, 0 where the row is not at the start of a move of play with a choice of head
    (a bid, a move half spelled, one head, or more moves than ``MAX_MOVES`` or heads than
    ``heads`` holds)."""
    most = heads.shape[1]
    for i in range(rows.shape[0]):
        r = rows[i]
        counts[i] = 0
        if S[r, TO_ACT] < 0 or S[r, PHASE] == BIDDING or S[r, HEAD] >= 0:
            continue
        n = S[r, NMOVES]
        if n < 2 or n > MAX_MOVES:
            continue
        m = 0  # the distinct heads, in the order first listed
        for k in range(n):
            h = MH[r, k]
            seen = False
            for j in range(m):
                if heads[i, j] == h:
                    seen = True
                    break
            if not seen:
                if m == most:
                    m = most + 1
                    break
                heads[i, m] = h
                m += 1
        if m < 2 or m > most:
            continue
        team = S[r, TO_ACT] & 1
        seedw[0] = seeds[r]
        for j in range(m):
            h = heads[i, j]
            for c in range(S.shape[1]):
                Sw[0, c] = S[r, c]
            q = 0
            for k in range(n):
                if MH[r, k] == h:
                    MHw[0, q] = h
                    MTw[0, q] = MT[r, k]
                    q += 1
            Sw[0, NMOVES] = q
            take = MTw[0, choose(Sw, P, MHw, MTw, X, seedw[0], 0, Wt, Sx, CK, CV, Zi, Zf)]
            kernels.log_move(Sw, LHw, LTw, LLw, 0, h, take)
            Sw[0, NACT] += 1
            kernels.play_move(Sw, P, 0, h, take, W)
            if Sw[0, PHASE] == OVER:
                kernels.score(Sw, P, 0)
            else:
                kernels.open_turn(Sw, P, 0, MHw, MTw, W, none)
                play_out(Sw, P, MHw, MTw, LHw, LTw, LLw, X, seedw, W, Wt, Sx, CK, CV, Zi, Zf, none, 1, scores)
            out[i, j] = Sw[0, SCORE0 + team] - Sw[0, SCORE0 + 1 - team]
        counts[i] = m


__all__ = ["bid", "choose", "loose_cache", "move_values", "nudge", "play_out", "rule_tokens", "space", "weights"]
