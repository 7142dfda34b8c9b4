"""Sheepshead's rules over arrays: the kernels of the batched engine (`cardtable.games.sheepshead.batch`).

One row of ``S`` (an int64 array, one column per field named below) is one table's hand: the
phase and the seat to act, the match state it started with (pending doublers), the blind, the
pick, the bury and the call (the fields of `state.Setup`), the five hands, the trick being played,
the cards each seat has played and taken, the tricks each has won, and the token given toward a
two-token action. Cards are Sheepshead indices, the engine's own (`tables`: 0 QC … 13 7D the
trumps, then clubs, spades, hearts, each from the ace down), so a card set is the engine's 32-bit
mask, the highest trump of a set its lowest bit, and the observation's card planes are indexed
the same way. ``P`` holds the rule options as numbers (the ``P_*`` indices), so one compiled
kernel plays every rule set.

Each kernel loops over rows and is compiled by numba when it is installed (`cardtable.batch.jit`),
else run as the Python it is. The rules are those of the checked engine (`play`, `scoring`,
`view`), rule for rule; the replay tests (tests/batch/) hold every kernel to it, action by action.

Actions are the RL tokens of `tokens.spelling`: 0-5 ``pick blitz pass alone crack recrack``,
then blocks of 32 by card index: ``bury C`` (a bury is two tokens, the stronger card first),
``call C``, ``call C unknown`` (followed by ``under C``, the card set aside), ``under C``,
``play C``.

Scores are computed in float64: a multiplier is a power of two (doublers, cracks, blitzes: up to
2^64 under compounding doublers, `scoring.MAX_PENDING_DOUBLERS`) or the rules' limit (at most a
million), and every score is such a multiplier times a small whole number, so each is exact.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch import mt
from cardtable.batch.jit import borrowing, inline, jit

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]
#: Token numbers (0-165) as logged, one byte each.
Tokens = npt.NDArray[np.uint8]

# --- the columns of S ---
PHASE, TO_ACT, DEALER, PENDING, BLIND, PASSES, PICKER, BURY = 0, 1, 2, 3, 4, 5, 6, 7
KIND, CALLED, SUIT, UNDER, PARTNER, BLITZ, CRACKS, CRACKER = 8, 9, 10, 11, 12, 13, 14, 15
HAND0 = 16  # five hands, 16-20
TRICK_NO, LEADER, NTRICK = 21, 22, 23  # the trick being played (6 once over), its leader, its cards so far
TRICK0 = 24  # the current trick's cards, 24-28, in play order from the leader
PLAYED, FIRST_X, PARTIAL, FIRST_WINNER = 29, 30, 31, 32
PLAYED0 = 33  # each seat's played cards, 33-37 (finished tricks and the current one)
TAKEN0 = 38  # the cards of the tricks each seat has won, 38-42
WON0 = 43  # tricks each seat has won, 43-47
NLOG = 48  # tokens logged this hand (see `apply`)
LED = 49  # the cards led to the hand's tricks so far (what the rule-based bot reads of them)
COLUMNS: Final = 50

#: Phases, numbered as `state.Phase` (and the observation's ``phase`` plane).
PICK, BURYING, CALLING, CRACK, RECRACK, PLAYING, DONE = 1, 2, 3, 4, 5, 6, 7
#: Kinds of call, numbered as `state.CallKind`.
K_NONE, K_ALONE, K_ACE, K_TEN, K_UNKNOWN = 0, 1, 2, 3, 4

#: Ended codes of `apply`: the hand went on, was scored, or ended without a score (thrown in).
GOING, SCORED, UNSCORED = 0, 1, 2

# --- the rule options in P ---
P_PARTNER, P_NO_PICK, P_BUMP, P_EXEMPT, P_SCHWARZ_POINTS, P_BURY_NEEDS_TRICK = 0, 1, 2, 3, 4, 5
P_OWN_ACE, P_TEN_CALL, P_TEN_HOLD_ACE, P_TEN_BEATS_ACE, P_UNKNOWN_CALL = 6, 7, 8, 9, 10
P_MUST_PLAY_CALLED, P_NO_DISCARD_CALLED, P_NO_UNDERLEAD = 11, 12, 13
P_LEASTER_BLIND, P_LEASTER_NEEDS_TRICK, P_LEASTER_SPLIT, P_STACKING = 14, 15, 16, 17
P_CRACKING, P_BLITZING, P_HAS_LIMIT, P_LIMIT, P_MAX_PENDING = 18, 19, 20, 21, 22
PARAMS: Final = 23
#: ``partner_mode``.
CALLED_ACE, JACK_OF_DIAMONDS, NO_PARTNER = 0, 1, 2
#: ``no_pick_rule``.
LEASTER, DOUBLER, FORCED_PICK, REDEAL, MOSTER, MITTLER, SCHNEIDSTER, SCHWANZER = 0, 1, 2, 3, 4, 5, 6, 7
#: ``leaster_blind``.
BLIND_LAST, BLIND_FIRST, BLIND_NOBODY = 0, 1, 2
#: ``doubler_stacking``.
QUEUE, COMPOUND, CAP = 0, 1, 2

# --- the observation's planes in OFF (offsets of `encoding.planes`, in this order) ---
PLANES: Final = (
    "hand",
    "played",
    "played_face_down",
    "trick",
    "blind",
    "bury",
    "unknown",
    "shown",
    "picker",
    "passes",
    "blitz",
    "call",
    "call_suit",
    "partner_known",
    "partner",
    "cracks",
    "cracker",
    "pending_doublers",
    "phase",
    "dealer",
    "to_act",
    "leader",
    "tricks_won",
    "taken",
    "taken_face_down",
    "scores",
    "partial",
)
(O_HAND, O_PLAYED, O_DOWN, O_TRICK, O_BLIND, O_BURY, O_UNKNOWN, O_SHOWN, O_PICKER, O_PASSES) = range(10)
(O_BLITZ, O_CALL, O_CALL_SUIT, O_PARTNER_KNOWN, O_PARTNER, O_CRACKS, O_CRACKER, O_PENDING) = range(10, 18)
(O_PHASE, O_DEALER, O_TO_ACT, O_LEADER, O_WON, O_TAKEN, O_TAKEN_DOWN, O_SCORES, O_PARTIAL) = range(18, 27)
#: The ``call`` plane's entry for each kind of call (ace, ten, unknown, alone, jack_of_diamonds, none).
CALL_ENTRY: Final = (5, 3, 0, 1, 2)
CALL_JD, CALL_NONE = 4, 5

# --- tokens ---
T_PICK, T_BLITZ, T_PASS, T_ALONE, T_CRACK, T_RECRACK = 0, 1, 2, 3, 4, 5
T_BURY, T_CALL, T_CALL_UNKNOWN, T_UNDER, T_PLAY, TOKENS = 6, 38, 70, 102, 134, 166

# --- the pack (`tables`) ---
SEATS, CARDS, TRICKS = 5, 32, 6
ALL: Final = 0xFFFFFFFF
#: R3: the 14 trumps.
TRUMP: Final = (1 << 14) - 1
#: The fail suits clubs, spades, hearts (`tables.FAIL_SUITS`).
FAIL_SUITS: Final = (0b111111 << 14, 0b111111 << 20, 0b111111 << 26)
FAIL_ACES: Final = (14, 20, 26)
FAIL_TENS: Final = (15, 21, 27)
ACES: Final = (1 << 14) | (1 << 20) | (1 << 26)
#: Each card's suit class: 3 trump, else its fail suit 0-2 (`tables.SUIT_CLASS`).
SUIT_CLASS: Final = tuple(3 if i < 14 else (i - 14) // 6 for i in range(CARDS))
#: R24: the cards that follow each led card (`tables.FOLLOW`).
FOLLOW: Final = tuple(TRUMP if i < 14 else FAIL_SUITS[(i - 14) // 6] for i in range(CARDS))
#: R6: card points (`tables.POINTS`).
POINTS: Final = (3, 3, 3, 3, 2, 2, 2, 2, 11, 10, 4, 0, 0, 0) + (11, 10, 4, 0, 0, 0) * 3
#: R43 schwanzer: queens 3, jacks 2, other diamonds 1 (`tables.SCHWANZ`).
SCHWANZ: Final = (3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1) + (0,) * 18
JD: Final = 7
BLACK_QUEENS: Final = 0b11
RED_QUEENS: Final = 0b1100
#: The Sheepshead index of each card of the unshuffled pack (`cards.DECK32` through
#: `tables.FROM_KERNEL`): clubs, diamonds, hearts, spades, each A 7 8 9 10 J Q K.
PACK: Final = (
    14, 19, 18, 17, 15, 4, 0, 16,
    8, 13, 12, 11, 9, 7, 3, 10,
    26, 31, 30, 29, 27, 6, 2, 28,
    20, 25, 24, 23, 21, 5, 1, 22,
)  # fmt: skip
#: The longest hand in tokens: 5 picks, a bury of 2, a call of 2, 5 cracks and a re-crack, 30 plays.
LOG_SIZE: Final = 48

#: The index of a lone bit ``b`` of a 32-bit word: ``BIT_INDEX[(b * 0x077CB531 & ALL) >> 27]``
#: (a de Bruijn sequence), so a set is walked card by card, not bit by bit.
BIT_INDEX: Final = (
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
)  # fmt: skip


@inline
def low_card(m: int) -> int:
    """The index of the lowest card of a non-empty set (its strongest card)."""
    return BIT_INDEX[(((m & -m) * 0x077CB531) & ALL) >> 27]


@inline
def popcount(m: int) -> int:
    """The number of cards in a set."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@inline
def points_of(m: int) -> int:
    """R6: the card points of a set."""
    total = 0
    while m:
        total += POINTS[low_card(m)]
        m &= m - 1
    return total


# --- legal actions (`play.py`) ---


@inline
def pick_tokens(P: Ints, hand: int, passes: int) -> int:
    """R11, R43, R45 (`play.pick_choices`): the set of tokens 0-2 a seat deciding may give."""
    out = 1 << T_PICK
    if P[P_BLITZING] and (hand & BLACK_QUEENS == BLACK_QUEENS or hand & RED_QUEENS == RED_QUEENS):
        out |= 1 << T_BLITZ
    if not (passes == 4 and P[P_NO_PICK] == FORCED_PICK):
        out |= 1 << T_PASS
    return out


@inline
def high_card(m: int) -> int:
    """The index of the highest card of a non-empty set (its weakest card)."""
    c = CARDS - 1
    while not m >> c & 1:
        c -= 1
    return c


@inline
def bury_cards(hand: int, part: int) -> int:
    """R14, spelled stronger card first: the cards that may be named next (``part``: the first
    card named, or -1)."""
    if part < 0:
        return hand & ~(1 << high_card(hand))  # any card but the weakest
    return hand & ~((2 << part) - 1)


@inline
def call_options(P: Ints, hand: int, bury: int) -> tuple[int, int]:
    """R18, R19, R35a (`play._call_choices`): the cards that may be called, and the aces that may
    be called unknown (each with any card of the hand set aside); `alone` is always open."""
    eight = hand | bury
    calls = 0
    unknown = 0
    for x in range(3):
        ace = 1 << FAIL_ACES[x]
        if hand & FAIL_SUITS[x] & ~ace and (P[P_OWN_ACE] or not eight & ace):
            calls |= ace
    if calls == 0:
        if eight & ACES == ACES:
            if P[P_TEN_CALL]:
                for x in range(3):
                    ace = 1 << FAIL_ACES[x]
                    hold = hand & (ace if P[P_TEN_HOLD_ACE] else FAIL_SUITS[x])
                    if hold and not eight >> FAIL_TENS[x] & 1:
                        calls |= 1 << FAIL_TENS[x]
        elif P[P_UNKNOWN_CALL]:
            for x in range(3):
                if not eight >> FAIL_ACES[x] & 1 and not hand & FAIL_SUITS[x]:
                    unknown |= 1 << FAIL_ACES[x]
    return calls, unknown


@inline
def picker_mask(S: Ints, P: Ints, row: int, hand: int, legal: int, following: bool, in_first_x: bool) -> int:
    """R27 (hold card), R19 (ten call with the ace as hold card), R35a (`play.picker_mask`)."""
    x = S[row, SUIT]
    under: int = S[row, UNDER]
    ace = 1 << FAIL_ACES[x]
    ace_hold = S[row, KIND] == K_TEN and P[P_TEN_HOLD_ACE] != 0
    if in_first_x:
        if under >= 0 and hand >> under & 1:
            return 1 << under
        if ace_hold and hand & ace:
            return ace
        return legal
    if not following:
        if ace_hold:
            return legal & ~(FAIL_SUITS[x] & ~ace)
        return legal
    if under >= 0:
        return legal & ~(1 << under)
    if ace_hold:
        return legal & ~ace
    xs = hand & FAIL_SUITS[x]
    if xs and not xs & (xs - 1):
        return legal & ~xs
    return legal


@inline
def play_mask(S: Ints, P: Ints, row: int) -> int:
    """R24, then the called-card rules R27-R33 and R35a (`play.play_mask`): the cards the seat to
    act may play."""
    seat = S[row, TO_ACT]
    hand: int = S[row, HAND0 + seat]
    trick_no = S[row, TRICK_NO]
    if trick_no == 5:
        return hand  # R31
    n = S[row, NTRICK]
    under = S[row, UNDER]
    x = S[row, SUIT]
    first_x = S[row, FIRST_X]
    if n > 0:
        led = S[row, TRICK0]
        follow = FAIL_SUITS[x] if led == under else FOLLOW[led]
        h = hand
        if under >= 0 and hand >> under & 1 and first_x != trick_no:
            h = hand & ~(1 << under)
        legal = h & follow
        if legal == 0:
            legal = h
    else:
        legal = hand
    if x < 0 or (first_x >= 0 and first_x != trick_no):
        return legal  # R33, R34
    base = legal
    if seat == S[row, PICKER]:
        legal = picker_mask(S, P, row, hand, legal, n > 0, first_x >= 0)
    c = 1 << S[row, CALLED]
    if hand & c:  # the holder of the called card: R28-R30
        if first_x >= 0:
            if P[P_MUST_PLAY_CALLED]:
                legal = c
        elif n > 0:
            if P[P_NO_DISCARD_CALLED]:
                legal &= ~c
        elif P[P_NO_UNDERLEAD]:
            legal &= ~(FAIL_SUITS[x] & ~c)
    return legal if legal else base  # R32


@inline
def legal(S: Ints, P: Ints, row: int, token: int) -> bool:
    """Whether ``token`` is one the seat to act at row ``row`` may give now."""
    phase = S[row, PHASE]
    seat = S[row, TO_ACT]
    if phase == PLAYING:
        return T_PLAY <= token < TOKENS and bool(play_mask(S, P, row) >> (token - T_PLAY) & 1)
    if phase == PICK:
        return 0 <= token <= T_PASS and bool(pick_tokens(P, S[row, HAND0 + seat], S[row, PASSES]) >> token & 1)
    if phase == BURYING:
        return T_BURY <= token < T_CALL and bool(
            bury_cards(S[row, HAND0 + seat], S[row, PARTIAL]) >> (token - T_BURY) & 1
        )
    if phase == CALLING:
        hand = S[row, HAND0 + seat]
        if S[row, PARTIAL] >= 0:
            return T_UNDER <= token < T_PLAY and bool(hand >> (token - T_UNDER) & 1)
        if token == T_ALONE:
            return True
        calls, unknown = call_options(P, hand, S[row, BURY])
        if T_CALL <= token < T_CALL_UNKNOWN:
            return bool(calls >> (token - T_CALL) & 1)
        return T_CALL_UNKNOWN <= token < T_UNDER and bool(unknown >> (token - T_CALL_UNKNOWN) & 1)
    if phase == CRACK:
        return token == T_PASS or (token == T_CRACK and seat != S[row, PARTNER])
    if phase == RECRACK:
        return token in (T_PASS, T_RECRACK)
    return False


@inline
def _mark_tokens(out: Bools, row: int, base: int, m: int) -> None:
    while m:
        out[row, base + low_card(m)] = True
        m &= m - 1


@borrowing
def legal_mask(S: Ints, P: Ints, out: Bools) -> None:
    """``out[row, token]``: the tokens each row's seat to act may give (all False at no seat),
    each row written whole."""
    for row in range(S.shape[0]):
        out[row, :] = False
        phase = S[row, PHASE]
        seat = S[row, TO_ACT]
        if seat < 0:
            continue
        if phase == PLAYING:
            _mark_tokens(out, row, T_PLAY, play_mask(S, P, row))
        elif phase == PICK:
            m = pick_tokens(P, S[row, HAND0 + seat], S[row, PASSES])
            for t in range(3):
                if m >> t & 1:
                    out[row, t] = True
        elif phase == BURYING:
            _mark_tokens(out, row, T_BURY, bury_cards(S[row, HAND0 + seat], S[row, PARTIAL]))
        elif phase == CALLING:
            hand = S[row, HAND0 + seat]
            if S[row, PARTIAL] >= 0:
                _mark_tokens(out, row, T_UNDER, hand)
            else:
                calls, unknown = call_options(P, hand, S[row, BURY])
                out[row, T_ALONE] = True
                _mark_tokens(out, row, T_CALL, calls)
                _mark_tokens(out, row, T_CALL_UNKNOWN, unknown)
        elif phase == CRACK:
            out[row, T_PASS] = True
            out[row, T_CRACK] = seat != S[row, PARTNER]
        elif phase == RECRACK:
            out[row, T_PASS] = True
            out[row, T_RECRACK] = True


# --- the trick (R25) ---


@inline
def trick_winner(S: Ints, P: Ints, row: int) -> int:
    """R25: the highest trump, else the highest card of the led suit; R35a: never the unknown;
    R19 variant: the called ten over the ace on the first trick of its suit (`play.trick_winner`)."""
    leader: int = S[row, LEADER]
    under = S[row, UNDER]
    m = 0
    for k in range(SEATS):
        m |= 1 << S[row, TRICK0 + k]
    if under >= 0:
        m &= ~(1 << under)
    t = m & TRUMP
    if t:
        w = low_card(t)
    else:
        led = S[row, TRICK0]
        f = m & (FAIL_SUITS[S[row, SUIT]] if led == under else FOLLOW[led])
        if not f:
            return leader  # an unknown led and nothing to win it
        w = low_card(f)
        called = S[row, CALLED]
        if S[row, FIRST_X] == S[row, TRICK_NO] and S[row, KIND] == K_TEN and P[P_TEN_BEATS_ACE] and f >> called & 1:
            w = called
    for k in range(SEATS):
        if S[row, TRICK0 + k] == w:
            return (leader + k) % SEATS
    return leader


# --- scoring (`scoring.py`) ---


@inline
def doubler_factor(P: Ints, pending: int) -> float:
    """R42: the doubler factor of a picked hand."""
    if pending <= 0:
        return 1.0
    if P[P_STACKING] == COMPOUND:
        return 2.0**pending
    return 2.0


@inline
def pending_after(S: Ints, P: Ints, row: int) -> int:
    """R42 (`scoring.pending_after`): the doublers pending after the row's hand."""
    pending: int = S[row, PENDING]
    if S[row, PICKER] >= 0:
        if pending <= 0:
            return pending
        return pending - 1 if P[P_STACKING] == QUEUE else 0
    if S[row, PASSES] == SEATS and P[P_NO_PICK] == DOUBLER:
        return min(pending + 1, int(P[P_MAX_PENDING]))
    return pending


@jit
def score_picked(S: Ints, P: Ints, row: int, rewards: Floats) -> None:
    """R36-R40 (`scoring._picked`): each seat's payment for a picked hand."""
    picker = S[row, PICKER]
    partner = S[row, PARTNER]
    p = 0
    t = 0
    for s in range(SEATS):
        if s in (picker, partner):
            p += points_of(S[row, TAKEN0 + s])
            t += S[row, WON0 + s]
    if t > 0 or not P[P_BURY_NEEDS_TRICK]:
        p += points_of(S[row, BURY])  # R15
    if P[P_SCHWARZ_POINTS]:
        all_tricks = p == 120
        no_trick = p == 0
    else:
        all_tricks = t == 6
        no_trick = t == 0
    if all_tricks:
        win, level = True, 3
    elif no_trick:
        win, level = False, 3
    elif p >= 91:
        win, level = True, 2
    elif p >= 61:
        win, level = True, 1
    elif p >= 31:
        win, level = False, 1
    else:
        win, level = False, 2
    m = doubler_factor(P, S[row, PENDING]) * 2.0 ** S[row, CRACKS] * 2.0 ** popcount(S[row, BLITZ])
    if P[P_HAS_LIMIT] and m > P[P_LIMIT]:
        m = float(P[P_LIMIT])
    u = level * m * (2.0 if not win and P[P_BUMP] else 1.0)
    sign = 1.0 if win else -1.0
    if partner < 0:
        mine, his, theirs = 4.0 * sign * u, 0.0, -sign * u
    elif no_trick and not win and P[P_EXEMPT]:
        mine, his, theirs = -3.0 * u, 0.0, u  # R38: the partner off the hook
    else:
        mine, his, theirs = 2.0 * sign * u, sign * u, -sign * u
    for s in range(SEATS):
        rewards[row, s] = mine if s == picker else his if s == partner else theirs


@jit
def score_no_pick(S: Ints, P: Ints, row: int, rewards: Floats) -> None:
    """R41, R43 (`scoring._no_pick_played`, `scoring._schwanzer`): a no-pick game's payments."""
    game = P[P_NO_PICK]
    # each seat's card points, kept in the row's rewards until the payments overwrite them (no
    # array is made: the step borrows its arrays, `jit.borrowing`); whole numbers, exact in float32
    points = rewards[row]
    for s in range(SEATS):
        points[s] = 0.0
    if game == SCHWANZER:
        high = -1
        for s in range(SEATS):
            v = 0
            h = S[row, HAND0 + s]
            while h:
                v += SCHWANZ[low_card(h)]
                h &= h - 1
            points[s] = v
            if v > high:
                high = v
        loser = -1
        best = 99
        for s in range(SEATS):  # the tied seat holding the highest trump loses
            if points[s] == high:
                t = S[row, HAND0 + s] & TRUMP
                key = low_card(t) + 1 if t else 0
                if key < best:
                    best = key
                    loser = s
        for s in range(SEATS):
            rewards[row, s] = -4.0 if s == loser else 1.0
        return
    for s in range(SEATS):
        points[s] = points_of(S[row, TAKEN0 + s])
    blind = P[P_LEASTER_BLIND]
    if blind != BLIND_NOBODY:
        taker = S[row, FIRST_WINNER] if blind == BLIND_FIRST else S[row, LEADER]
        points[taker] += points_of(S[row, BLIND])
    winners = 0  # a set of seats
    loser = -1
    if game == LEASTER:  # R41(d)
        low = 999
        for s in range(SEATS):
            if (S[row, WON0 + s] > 0 or not P[P_LEASTER_NEEDS_TRICK]) and points[s] < low:
                low = points[s]
        for s in range(SEATS):
            if (S[row, WON0 + s] > 0 or not P[P_LEASTER_NEEDS_TRICK]) and points[s] == low:
                winners |= 1 << s
        if popcount(winners) > 1 and not P[P_LEASTER_SPLIT]:
            winners = 0  # R41(f): a wash
    elif game == MOSTER:  # R43: the most points pays, unless he took every trick
        high = -1
        for s in range(SEATS):
            high = max(high, points[s])
        top = 0
        for s in range(SEATS):
            if points[s] == high:
                top |= 1 << s
        if popcount(top) == 1:
            t = low_card(top)
            if S[row, WON0 + t] == 6:
                winners = top
            else:
                loser = t
    elif game == MITTLER:  # R43: the single middle total wins
        mid = -1.0  # the third of the five totals in order: two or fewer below it, three or more to it
        for s in range(SEATS):
            below = 0
            upto = 0
            for o in range(SEATS):
                below += points[o] < points[s]
                upto += points[o] <= points[s]
            if below <= 2 and upto >= 3:
                mid = points[s]
        for s in range(SEATS):
            if points[s] == mid:
                winners |= 1 << s
    else:  # schneidster, R43: closest to 30 without going over
        best = -1
        for s in range(SEATS):
            if points[s] <= 30 and points[s] > best:
                best = points[s]
        for s in range(SEATS):
            if points[s] == best:
                winners |= 1 << s
    k = popcount(winners)
    if game != LEASTER and k > 1:
        winners = 0
        k = 0
    for s in range(SEATS):
        if loser >= 0:
            rewards[row, s] = -4.0 if s == loser else 1.0
        elif winners:
            rewards[row, s] = float(SEATS - k) if winners >> s & 1 else float(-k)
        else:
            rewards[row, s] = 0.0


# --- one token ---


@inline
def _log(S: Ints, LT: Tokens, LS: Bytes, row: int, seat: int, token: int) -> None:
    n = S[row, NLOG]
    LT[row, n] = token
    LS[row, n] = seat
    S[row, NLOG] = n + 1


@inline
def _start_play(S: Ints, row: int) -> None:
    """R23: the dealer's left leads the first trick, whoever picked."""
    first = (S[row, DEALER] + 1) % SEATS
    S[row, PHASE] = PLAYING
    S[row, TO_ACT] = first
    S[row, LEADER] = first


@inline
def _after_call(S: Ints, P: Ints, row: int) -> None:
    """R44: the seats after the picker may crack (unless the dealer picked); else play starts."""
    picker = S[row, PICKER]
    if P[P_CRACKING] and picker != S[row, DEALER]:
        S[row, PHASE] = CRACK
        S[row, TO_ACT] = (picker + 1) % SEATS
    else:
        _start_play(S, row)


@inline
def _holder(S: Ints, row: int, card: int, picker: int) -> int:
    """R22: the seat other than the picker holding ``card``, else -1."""
    for s in range(SEATS):
        if s != picker and S[row, HAND0 + s] >> card & 1:
            return s
    return -1


@jit
def _act(S: Ints, P: Ints, LT: Tokens, LS: Bytes, row: int, token: int, rewards: Floats) -> int:
    """Apply a legal token at row ``row``; the ended code (`GOING`, `SCORED`, `UNSCORED`)."""
    seat = S[row, TO_ACT]
    _log(S, LT, LS, row, seat, token)
    phase = S[row, PHASE]
    if phase == PLAYING:  # R23-R26
        c = token - T_PLAY
        bit = 1 << c
        S[row, HAND0 + seat] ^= bit
        S[row, PLAYED] |= bit
        S[row, PLAYED0 + seat] |= bit
        n = S[row, NTRICK]
        if n == 0:
            S[row, LED] |= bit
            x = S[row, SUIT]
            if x >= 0 and S[row, FIRST_X] < 0 and (SUIT_CLASS[c] == x or c == S[row, UNDER]):
                S[row, FIRST_X] = S[row, TRICK_NO]  # R27-R33: the first trick of the called suit
        S[row, TRICK0 + n] = c
        if n < SEATS - 1:
            S[row, NTRICK] = n + 1
            S[row, TO_ACT] = (seat + 1) % SEATS
            return GOING
        winner = trick_winner(S, P, row)
        cards = 0
        for k in range(SEATS):
            cards |= 1 << S[row, TRICK0 + k]
        S[row, TAKEN0 + winner] |= cards
        S[row, WON0 + winner] += 1
        S[row, NTRICK] = 0
        S[row, LEADER] = winner
        trick_no = S[row, TRICK_NO]
        if trick_no == 0:
            S[row, FIRST_WINNER] = winner
        S[row, TRICK_NO] = trick_no + 1
        if trick_no < TRICKS - 1:
            S[row, TO_ACT] = winner
            return GOING
        S[row, PHASE] = DONE
        S[row, TO_ACT] = -1
        if S[row, PICKER] >= 0:
            score_picked(S, P, row, rewards)
        else:
            score_no_pick(S, P, row, rewards)
        return SCORED
    if phase == PICK:  # R11-R13, R45
        if token == T_PASS:
            passes = S[row, PASSES] + 1
            S[row, PASSES] = passes
            if passes < SEATS:
                S[row, TO_ACT] = (seat + 1) % SEATS
                return GOING
            game = P[P_NO_PICK]
            if game in (LEASTER, MOSTER, MITTLER, SCHNEIDSTER):
                _start_play(S, row)
                return GOING
            S[row, PHASE] = DONE
            S[row, TO_ACT] = -1
            if game == SCHWANZER:
                score_no_pick(S, P, row, rewards)
                return SCORED
            return UNSCORED  # a doubler (R42) or a redeal (R43): dealt again
        hand = S[row, HAND0 + seat]
        if token == T_BLITZ:
            shown = 0
            if hand & BLACK_QUEENS == BLACK_QUEENS:
                shown |= 1
            if hand & RED_QUEENS == RED_QUEENS:
                shown |= 2
            S[row, BLITZ] = shown
        S[row, PICKER] = seat
        S[row, HAND0 + seat] = hand | S[row, BLIND]
        S[row, PHASE] = BURYING
        return GOING
    if phase == BURYING:  # R14, two tokens
        part = S[row, PARTIAL]
        if part < 0:
            S[row, PARTIAL] = token - T_BURY
            return GOING
        bury = (1 << part) | (1 << (token - T_BURY))
        S[row, PARTIAL] = -1
        S[row, HAND0 + seat] &= ~bury
        S[row, BURY] = bury
        mode = P[P_PARTNER]
        if mode == CALLED_ACE:
            S[row, PHASE] = CALLING
        elif mode == JACK_OF_DIAMONDS:  # R34
            S[row, CALLED] = JD
            S[row, PARTNER] = _holder(S, row, JD, seat)
            _after_call(S, P, row)
        else:
            S[row, KIND] = K_ALONE
            _after_call(S, P, row)
        return GOING
    if phase == CALLING:  # R17-R22, R35a
        if token == T_ALONE:
            S[row, KIND] = K_ALONE
            _after_call(S, P, row)
            return GOING
        if T_CALL_UNKNOWN <= token < T_UNDER:
            S[row, PARTIAL] = token - T_CALL_UNKNOWN
            return GOING
        if token >= T_UNDER:
            called = S[row, PARTIAL]
            S[row, UNDER] = token - T_UNDER
            S[row, PARTIAL] = -1
            S[row, KIND] = K_UNKNOWN
        else:
            called = token - T_CALL
            S[row, KIND] = K_ACE if called in FAIL_ACES else K_TEN
        S[row, CALLED] = called
        S[row, SUIT] = SUIT_CLASS[called]
        S[row, PARTNER] = _holder(S, row, called, seat)
        _after_call(S, P, row)
        return GOING
    if phase == CRACK:  # R44
        if token == T_CRACK:
            S[row, CRACKS] = 1
            S[row, CRACKER] = seat
            S[row, PHASE] = RECRACK
            S[row, TO_ACT] = S[row, PICKER]
        elif seat == S[row, DEALER]:
            _start_play(S, row)
        else:
            S[row, TO_ACT] = (seat + 1) % SEATS
        return GOING
    # RECRACK
    if token == T_RECRACK:
        S[row, CRACKS] = 2
    _start_play(S, row)
    return GOING


@borrowing
def apply(
    S: Ints,
    P: Ints,
    LT: Tokens,
    LS: Bytes,
    actions: Ints,
    active: Bools,
    errors: Bools,
    ended: Bytes,
    rewards: Floats,
) -> None:
    """One token for every active row with a seat to act: a token it may not give marks
    ``errors`` and changes nothing; a hand that ends sets ``ended`` and, if scored, ``rewards``.
    Each token is logged with its seat (``LT``, ``LS``) for the hand's record."""
    for row in range(S.shape[0]):
        if not active[row] or S[row, TO_ACT] < 0:
            continue
        token = actions[row]
        if not legal(S, P, row, token):
            errors[row] = True
            continue
        ended[row] = _act(S, P, LT, LS, row, token, rewards)


# --- the deal (R7-R10) ---


@jit
def deal(S: Ints, P: Ints, D: Bytes, mtw: Ints, pos: Ints, rows: Ints, dealers: Ints, keep_match: bool) -> None:
    """Deal a new hand at each of ``rows`` (dealer ``dealers[k]``), the pack ordered as
    `game.Sheepshead.deal` orders it from the row's generator (sorted by 32 random keys drawn
    in pack order; a stable sort, as Python's), then R9: three to each from the dealer's left, two
    to the blind, three more to each. ``D[row]`` keeps the deck (card indices, top first). The
    match goes on from the row's last hand (a hand dealt again inside the episode: R42, a
    doubler is pending) or starts anew (no doubler pending)."""
    keys = np.zeros(CARDS, np.float64)
    order = np.zeros(CARDS, np.int64)
    for k in range(len(rows)):
        row = rows[k]
        for p in range(CARDS):
            keys[p] = mt.random(mtw, pos, row)
        for p in range(CARDS):  # insertion sort of the positions by key: stable
            j = p
            while j > 0 and keys[order[j - 1]] > keys[p]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = p
        dealer = dealers[k]
        pending = pending_after(S, P, row) if keep_match else 0
        for col in range(COLUMNS):
            S[row, col] = 0
        first = (dealer + 1) % SEATS
        S[row, PHASE] = PICK
        S[row, TO_ACT] = first
        S[row, DEALER] = dealer
        S[row, PENDING] = pending
        S[row, LEADER] = first
        for col in (PICKER, CALLED, SUIT, UNDER, PARTNER, CRACKER, FIRST_X, PARTIAL, FIRST_WINNER):
            S[row, col] = -1
        for i in range(CARDS):
            c = PACK[order[i]]
            D[row, i] = c
            if i == 15 or i == 16:
                S[row, BLIND] |= 1 << c
            else:
                j = i if i < 15 else i - 17
                S[row, HAND0 + (first + j // 3) % SEATS] |= 1 << c


@jit
def next_dealers(S: Ints, rows: Ints, out: Ints) -> None:
    """R7: the deal passes to the left after every hand, a thrown-in one included."""
    for k in range(len(rows)):
        out[k] = (S[rows[k], DEALER] + 1) % SEATS


# --- what a seat sees (`encoding.encode` of `view.observe`) ---


@inline
def _mark(out: Bytes, row: int, base: int, m: int) -> None:
    """Mark the cards of the set ``m`` in the plane at ``base``."""
    while m:
        out[row, base + low_card(m)] = 1
        m &= m - 1


@borrowing
def observe(S: Ints, P: Ints, OFF: Ints, seats: Ints, out: Bytes) -> None:
    """``out[row]``, written whole: the observation of seat ``seats[row]`` (zeros where it is
    -1), exactly the RL encoding of that seat's view: R13, R16 the blind and bury to the picker
    until the hand ends; R22 the partner once the called card shows; R35a the card set aside face
    down but to the picker and the winner of its trick. The running scores are those of a new
    match, zeros: an episode is one hand, and a hand dealt again inside it scored nothing."""
    for row in range(S.shape[0]):
        out[row, :] = 0
        me = seats[row]
        if me < 0:
            continue
        phase = S[row, PHASE]
        picker = S[row, PICKER]
        under = S[row, UNDER]
        partner = S[row, PARTNER]
        to_act = S[row, TO_ACT]
        done = phase == DONE
        revealed = done and (S[row, TRICK_NO] > 0 or picker >= 0)
        # R35a: the unknown lies face down unless the observer may know it
        hide = under >= 0 and not (revealed or me == picker or S[row, TAKEN0 + me] >> under & 1)
        hidden = (1 << under) if hide else 0
        _mark(out, row, OFF[O_HAND], S[row, HAND0 + me])
        for s in range(SEATS):
            rel = (s - me) % SEATS
            played = S[row, PLAYED0 + s]
            if played & hidden:
                out[row, OFF[O_DOWN] + rel] += 1
            _mark(out, row, OFF[O_PLAYED] + 32 * rel, played & ~hidden)
            taken = S[row, TAKEN0 + s]
            if taken & hidden:
                out[row, OFF[O_TAKEN_DOWN] + rel] += 1
            _mark(out, row, OFF[O_TAKEN] + 32 * rel, taken & ~hidden)
            out[row, OFF[O_WON] + rel] = S[row, WON0 + s]
        leader = S[row, LEADER]
        for k in range(S[row, NTRICK]):
            c = S[row, TRICK0 + k]
            if not hidden >> c & 1:
                out[row, OFF[O_TRICK] + 32 * ((leader + k - me) % SEATS) + c] = 1
        if revealed or (picker >= 0 and picker == me):
            _mark(out, row, OFF[O_BLIND], S[row, BLIND])
            _mark(out, row, OFF[O_BURY], S[row, BURY])
        if under >= 0 and not hide:
            out[row, OFF[O_UNKNOWN] + under] = 1
        if done and P[P_NO_PICK] == SCHWANZER and S[row, PASSES] == SEATS:
            for s in range(SEATS):
                _mark(out, row, OFF[O_SHOWN] + 32 * ((s - me) % SEATS), S[row, HAND0 + s] & TRUMP)
        out[row, OFF[O_PICKER] + ((picker - me) % SEATS if picker >= 0 else 5)] = 1
        out[row, OFF[O_PASSES]] = S[row, PASSES]
        out[row, OFF[O_BLITZ]] = S[row, BLITZ] & 1
        out[row, OFF[O_BLITZ] + 1] = S[row, BLITZ] >> 1 & 1
        call = CALL_ENTRY[S[row, KIND]]
        if P[P_PARTNER] == JACK_OF_DIAMONDS and picker >= 0 and phase >= CRACK:
            call = CALL_JD
        out[row, OFF[O_CALL] + call] = 1
        out[row, OFF[O_CALL_SUIT] + (S[row, SUIT] if S[row, SUIT] >= 0 else 3)] = 1
        # R22 (`view.partner_view`)
        called = S[row, CALLED]
        knows = (
            picker >= 0
            and phase >= CRACK
            and (
                S[row, KIND] == K_ALONE
                or revealed
                or called < 0
                or me == partner  # he holds the called card
                or bool(S[row, PLAYED] >> called & 1)  # it has been played
                or (me == picker and partner < 0)  # the picker holds it himself: secretly alone
            )
        )
        out[row, OFF[O_PARTNER_KNOWN]] = 1 if knows else 0
        out[row, OFF[O_PARTNER] + ((partner - me) % SEATS if knows and partner >= 0 else 5)] = 1
        out[row, OFF[O_CRACKS] + S[row, CRACKS]] = 1
        cracker = S[row, CRACKER]
        out[row, OFF[O_CRACKER] + ((cracker - me) % SEATS if cracker >= 0 else 5)] = 1
        out[row, OFF[O_PENDING]] = min(S[row, PENDING], 127)
        out[row, OFF[O_PHASE] + phase] = 1
        out[row, OFF[O_DEALER] + (S[row, DEALER] - me) % SEATS] = 1
        out[row, OFF[O_TO_ACT] + ((to_act - me) % SEATS if to_act >= 0 and not done else 5)] = 1
        out[row, OFF[O_LEADER] + (leader - me) % SEATS] = 1
        if me == to_act and S[row, PARTIAL] >= 0:
            # the token given toward a two-token action: a bury's first card, or an unknown call
            first = T_BURY if phase == BURYING else T_CALL_UNKNOWN
            out[row, OFF[O_PARTIAL] + first + S[row, PARTIAL]] = 1
