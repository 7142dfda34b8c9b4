"""Smear's rules over arrays: the kernels of the batched engine (`cardtable.games.smear.batch`).

One row of ``S`` (an int64 array, one column per field named below) is one table's hand: the
phase, the seat to act, the hands and the stock as card sets, the auction, the discard, trump and
the trick, each seat's played cards, each team's taken cards and each seat's tricks. Cards are
the 32 of the pack in card-number order, ``suit * 8 + r`` with ``r`` 0-7 for A 7 8 9 10 J Q K
(the order of the RL encodings), and a card set is a 32-bit mask of them. ``P`` holds the rule
options as numbers (the ``P_*`` indices), so one compiled kernel plays every rule set.

Each kernel loops over rows and is compiled by numba when it is installed (`cardtable.batch.jit`),
else run as the Python it is. The rules are those of the checked engine (`play`, `scoring`), rule
for rule; the replay tests (tests/batch/) hold every kernel to it, action by action.

Actions are the RL tokens of `tokens.spelling` (token 0 ``pass``, 1-4 ``bid N``, 5-36
``discard C``, 37-68 ``play C``): a discard of N cards is N tokens, in card order.
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

# --- the columns of S ---
PHASE, TO_ACT, DEALER, SCORE0, SCORE1 = 0, 1, 2, 3, 4
HAND0 = 5  # four hands, 5-8
KITTY, DEAD, NCALLS = 9, 10, 11
CALL0 = 12  # four calls, 12-15: 0 a pass, else the bid
BIDDER, BID, DISCARD, LEAD_OK, PARTIAL, TRUMP, LEADER, NTRICK = 16, 17, 18, 19, 20, 21, 22, 23
TRICK0 = 24  # the current trick's cards, 24-27, in play order from the leader
NTRICKS = 28
PLAYED0 = 29  # each seat's played cards, 29-32 (finished tricks and the current one)
TAKEN0 = 33  # each team's cards in the tricks it has won, 33-34
WON0 = 35  # tricks each seat has won, 35-38
NLOG = 39  # actions logged this hand (see LOG below)
COLUMNS: Final = 40

#: Phases, numbered as `state.Phase` is listed (and as the observation's ``phase`` plane).
AUCTION, DISCARDING, PLAYING, OVER = 1, 2, 3, 4

#: Ended codes of `apply`: the hand went on, was scored, or ended without a score (passed out).
GOING, SCORED, UNSCORED = 0, 1, 2

# --- the rule options in P ---
P_KITTY, P_MIN_BID, P_MAX_BID, P_DEALER_MAY_EQUAL, P_MAX_BID_ENDS = 0, 1, 2, 3, 4
P_ALL_PASS, P_STRICT, P_HIGH, P_LOW, P_LOW_TO_CAPTURER, P_GAME_TIE = 5, 6, 7, 8, 9, 10
P_DISCARDS_COUNT, P_DISCARDS_CAPTURED, P_HAS_CAP, P_CAP = 11, 12, 13, 14
PARAMS: Final = 15
ALL_PASS_SAME, ALL_PASS_NEXT, ALL_PASS_STICK = 0, 1, 2
TIE_NONE, TIE_BIDDING, TIE_OTHER = 0, 1, 2

# --- the observation's planes in OFF (offsets of `encoding.planes`, in this order) ---
PLANES: Final = (
    "hand",
    "played",
    "trick",
    "kitty",
    "discard",
    "dead",
    "calls",
    "bidder",
    "bid",
    "trump",
    "phase",
    "dealer",
    "to_act",
    "leader",
    "hand_sizes",
    "tricks_won",
    "taken",
    "scores",
    "partial",
)
(O_HAND, O_PLAYED, O_TRICK, O_KITTY, O_DISCARD, O_DEAD, O_CALLS, O_BIDDER, O_BID, O_TRUMP, O_PHASE) = range(11)
(O_DEALER, O_TO_ACT, O_LEADER, O_SIZES, O_WON, O_TAKEN, O_SCORES, O_PARTIAL) = range(11, 19)

# --- tokens ---
T_PASS, T_DISCARD, T_PLAY, TOKENS = 0, 5, 37, 69

# --- the pack: ``r`` 0-7 is A 7 8 9 10 J Q K ---
ALL: Final = 0xFFFFFFFF
#: R4: trick-taking power of each r (A highest, then K Q J 10 9 8 7).
POWER: Final = (7, 0, 1, 2, 3, 4, 5, 6)
#: R5: the Game value of each r.
VALUE: Final = (4, 0, 0, 0, 10, 1, 2, 3)
#: r of the ace, seven and jack (R27-R29).
R_ACE, R_SEVEN, R_JACK = 0, 1, 5
#: The r of one suit from the highest card down, and from the lowest up.
HIGH_FIRST: Final = (0, 7, 6, 5, 4, 3, 2, 1)
LOW_FIRST: Final = (1, 2, 3, 4, 5, 6, 7, 0)
HAND_SIZE, SEATS, TRICKS, DECK_SIZE = 6, 4, 6, 32
#: The longest hand in tokens: 4 calls, a discard of up to 3, 24 plays.
LOG_SIZE: Final = 32


@inline
def popcount(m: int) -> int:
    """The number of cards in a set."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@inline
def suit_mask(suit: int) -> int:
    """The set of one suit's 8 cards."""
    return 0xFF << (8 * suit)


@jit
def value_of(m: int) -> int:
    """R5: the Game value of a card set."""
    v = 0
    for c in range(DECK_SIZE):
        if m >> c & 1:
            v += VALUE[c & 7]
    return v


# --- the auction (R11-R15) ---


@inline
def call_range(S: Ints, P: Ints, row: int) -> tuple[bool, int]:
    """(may the seat to act pass, its lowest bid); its highest is ``max_bid`` (R12, §3.6-§3.7)."""
    dealer_turn = S[row, TO_ACT] == S[row, DEALER]
    high = S[row, BID]
    lowest = max(high + 1, P[P_MIN_BID])
    if dealer_turn and high != 0 and P[P_DEALER_MAY_EQUAL]:
        lowest = high
    may_pass = not (dealer_turn and high == 0 and P[P_ALL_PASS] == ALL_PASS_STICK)
    return may_pass, lowest


# --- the discard (R16-R18) ---


@jit
def lead_cards(hand: int, discard: int) -> int:
    """R18: the cards the bidder may lead to trick 1 after discarding ``discard`` from ``hand``."""
    ok = 0
    for s in range(4):
        held = hand & suit_mask(s)
        if held:
            need = max(0, popcount(held) - HAND_SIZE)
            if popcount(discard & suit_mask(s)) == need:
                ok |= held & ~discard
    return ok


@jit
def _discard_ok(hand: int, d: int) -> bool:
    """R18: a discard ``d`` leaves a suit to lead as trump."""
    for s in range(4):
        held = popcount(hand & suit_mask(s))
        if held and popcount(d & suit_mask(s)) == max(0, held - HAND_SIZE):
            return True
    return False


@jit
def _next_if_legal(hand: int, d: int, part: int, top: int) -> int:
    """The card a legal discard ``d`` adds after the tokens ``part`` (all below ``top``), else -1."""
    if d & part != part or not _discard_ok(hand, d):
        return -1
    rest = d & ~part
    low = 0
    while not rest >> low & 1:
        low += 1
    return low if low > top else -1


@jit
def discard_next(S: Ints, P: Ints, row: int) -> int:
    """The cards the bidder may name next in its discard: the next card of each legal discard
    (R17-R18) that begins with the cards named so far, in card order (the RL spelling)."""
    bidder = S[row, BIDDER]
    hand = S[row, HAND0 + bidder]
    part = S[row, PARTIAL]
    need = P[P_KITTY]
    top = -1
    for c in range(DECK_SIZE):
        if part >> c & 1:
            top = c
    # every discard of ``need`` cards, its cards taken lowest first as sets of bits (no array:
    # the mask and the step borrow theirs, `jit.borrowing`); the result is a set, so the order of
    # the discards tried does not matter
    out = 0
    h1 = hand
    while h1:
        a = h1 & -h1
        h1 ^= a
        if need == 1:
            got = _next_if_legal(hand, a, part, top)
            if got >= 0:
                out |= 1 << got
            continue
        h2 = h1
        while h2:
            b1 = h2 & -h2
            h2 ^= b1
            b = a | b1
            if need == 2:
                got = _next_if_legal(hand, b, part, top)
                if got >= 0:
                    out |= 1 << got
                continue
            h3 = h2
            while h3:
                c1 = h3 & -h3
                h3 ^= c1
                got = _next_if_legal(hand, b | c1, part, top)
                if got >= 0:
                    out |= 1 << got
    return out


# --- the play (R21-R26) ---


@inline
def playable(S: Ints, P: Ints, row: int) -> int:
    """R24-R25 (R18 at the first lead): the cards the seat to act may play."""
    seat = S[row, TO_ACT]
    hand = int(S[row, HAND0 + seat])
    if S[row, NTRICK] == 0:
        return hand if S[row, NTRICKS] > 0 else hand & int(S[row, LEAD_OK])
    led = int(S[row, TRICK0]) >> 3
    follow = hand & suit_mask(led)
    if follow == 0:
        return hand
    trump = int(S[row, TRUMP])
    if P[P_STRICT] or led == trump:
        return follow
    return follow | (hand & suit_mask(trump))


@inline
def legal(S: Ints, P: Ints, row: int, token: int) -> bool:
    """Whether ``token`` is one the seat to act at row ``row`` may give now."""
    phase = S[row, PHASE]
    if phase == PLAYING:
        return T_PLAY <= token < TOKENS and bool(playable(S, P, row) >> (token - T_PLAY) & 1)
    if phase == AUCTION:
        may_pass, lowest = call_range(S, P, row)
        if token == T_PASS:
            return may_pass
        return lowest <= token <= P[P_MAX_BID] and token < T_DISCARD
    if phase == DISCARDING:
        return T_DISCARD <= token < T_PLAY and bool(discard_next(S, P, row) >> (token - T_DISCARD) & 1)
    return False


@borrowing
def legal_mask(S: Ints, P: Ints, out: Bools) -> None:
    """``out[row, token]``: the tokens each row's seat to act may give (all False at no seat),
    each row written whole."""
    for row in range(S.shape[0]):
        out[row, :] = False
        phase = S[row, PHASE]
        if phase == PLAYING:
            m = playable(S, P, row)
            for c in range(DECK_SIZE):
                if m >> c & 1:
                    out[row, T_PLAY + c] = True
        elif phase == AUCTION:
            may_pass, lowest = call_range(S, P, row)
            out[row, T_PASS] = may_pass
            for b in range(lowest, P[P_MAX_BID] + 1):
                out[row, b] = True
        elif phase == DISCARDING:
            m = discard_next(S, P, row)
            for c in range(DECK_SIZE):
                if m >> c & 1:
                    out[row, T_DISCARD + c] = True


# --- scoring (R27-R33, §3 items 11 and 14) ---


@jit
def _played_team(S: Ints, row: int, c: int) -> int:
    """The team that played card ``c``, or -1 if nobody did."""
    if c < 0:
        return -1
    for s in range(SEATS):
        if S[row, PLAYED0 + s] >> c & 1:
            return s & 1
    return -1


@jit
def _captured_team(S: Ints, row: int, c: int) -> int:
    """The team that won the trick holding card ``c``, or -1 if nobody played it."""
    if c < 0:
        return -1
    for t in range(2):
        if S[row, TAKEN0 + t] >> c & 1:
            return t
    return -1


@jit
def points_won(S: Ints, P: Ints, row: int) -> tuple[int, int, int, int]:
    """The team (0, 1; -1 for none) that won each of High, Low, Jack and Game in a hand whose six
    tricks are done (`scoring.score_hand`, R27-R30)."""
    trump = S[row, TRUMP]
    bidding = S[row, BIDDER] & 1
    base = trump * 8
    trumps = (S[row, PLAYED0] | S[row, PLAYED0 + 1] | S[row, PLAYED0 + 2] | S[row, PLAYED0 + 3]) & suit_mask(trump)

    # R27 High: the ace of trump, or (option) the highest trump played.
    high_card = base + R_ACE
    if P[P_HIGH]:
        high_card = -1
        for r in HIGH_FIRST:
            if trumps >> (base + r) & 1:
                high_card = base + r
                break
    high = _played_team(S, row, high_card)

    # R28 Low: the 7 of trump, or (option) the lowest trump played; to its player or capturer.
    low_card = base + R_SEVEN
    if P[P_LOW]:
        low_card = -1
        for r in LOW_FIRST:
            if trumps >> (base + r) & 1:
                low_card = base + r
                break
    low = _played_team(S, row, low_card)
    if P[P_LOW_TO_CAPTURER] and low >= 0:
        low = _captured_team(S, row, low_card)

    # R29 Jack: the team that won the trump jack; §3.11: a discarded one, with the option.
    jack_card = base + R_JACK
    jack = _captured_team(S, row, jack_card)
    if jack < 0 and P[P_DISCARDS_CAPTURED] and S[row, DISCARD] >> jack_card & 1:
        jack = bidding

    # R30 Game: the values of the tricks won, and the discards for the bidding team (R19).
    counts0 = value_of(S[row, TAKEN0])
    counts1 = value_of(S[row, TAKEN0 + 1])
    if P[P_DISCARDS_COUNT]:
        if bidding == 0:
            counts0 += value_of(S[row, DISCARD])
        else:
            counts1 += value_of(S[row, DISCARD])
    if counts0 != counts1:
        game = 0 if counts0 > counts1 else 1
    elif P[P_GAME_TIE] == TIE_BIDDING:
        game = bidding
    elif P[P_GAME_TIE] == TIE_OTHER:
        game = 1 - bidding
    else:
        game = -1
    return high, low, jack, game


@jit
def score(S: Ints, P: Ints, row: int) -> tuple[int, int]:
    """The two teams' score changes of a hand whose six tricks are done (`scoring.score_hand`)."""
    bidding = S[row, BIDDER] & 1
    high, low, jack, game = points_won(S, P, row)
    points0 = 0
    points1 = 0
    for team in (high, low, jack, game):
        if team == 0:
            points0 += 1
        elif team == 1:
            points1 += 1
    # R32: made or set; §3.14: the other team's cap never takes points away.
    own = points0 if bidding == 0 else points1
    other = points1 if bidding == 0 else points0
    change_own = own if own >= S[row, BID] else -S[row, BID]
    change_other = other
    if P[P_HAS_CAP]:
        before = S[row, SCORE1] if bidding == 0 else S[row, SCORE0]
        after = before + other
        if after > P[P_CAP]:
            after = max(before, P[P_CAP])
        change_other = after - before
    if bidding == 0:
        return change_own, change_other
    return change_other, change_own


#: The columns `tallies` writes for a row.
(TL_SCORED, TL_HIGH, TL_LOW, TL_JACK, TL_GAME, TL_BIDDER, TL_BID, TL_MADE, TL_WON0, TL_WON1) = range(10)
TALLY: Final = 10


@borrowing
def tallies(S: Ints, P: Ints, rows: Ints, out: Ints) -> None:
    """The tally of each of ``rows``' hands (over), one line of ``out`` each: whether it was
    scored (not passed out, R15); the team that won High, Low, Jack and Game (-1 for none); the
    bidder and the bid; whether the bidding team made it (R32: its points at least the bid); the
    tricks each team won. A hand passed out has zeros past the first column."""
    for k in range(rows.shape[0]):
        row = rows[k]
        for j in range(TALLY):
            out[k, j] = 0
        if S[row, PHASE] != OVER or S[row, BIDDER] < 0:
            continue
        high, low, jack, game = points_won(S, P, row)
        bidding = S[row, BIDDER] & 1
        own = 0
        for team in (high, low, jack, game):
            if team == bidding:
                own += 1
        out[k, TL_SCORED] = 1
        out[k, TL_HIGH] = high
        out[k, TL_LOW] = low
        out[k, TL_JACK] = jack
        out[k, TL_GAME] = game
        out[k, TL_BIDDER] = S[row, BIDDER]
        out[k, TL_BID] = S[row, BID]
        out[k, TL_MADE] = 1 if own >= S[row, BID] else 0
        out[k, TL_WON0] = S[row, WON0] + S[row, WON0 + 2]
        out[k, TL_WON1] = S[row, WON0 + 1] + S[row, WON0 + 3]


# --- one token ---


@inline
def _log(S: Ints, LT: Bytes, LS: Bytes, row: int, seat: int, token: int) -> None:
    n = S[row, NLOG]
    LT[row, n] = token
    LS[row, n] = seat
    S[row, NLOG] = n + 1


@jit
def _act(S: Ints, P: Ints, LT: Bytes, LS: Bytes, row: int, token: int, rewards: Floats) -> int:
    """Apply a legal token at row ``row``; the ended code (`GOING`, `SCORED`, `UNSCORED`)."""
    seat = S[row, TO_ACT]
    _log(S, LT, LS, row, seat, token)
    phase = S[row, PHASE]
    if phase == AUCTION:  # R12-R16
        k = S[row, NCALLS]
        S[row, CALL0 + k] = token
        S[row, NCALLS] = k + 1
        if token > 0:
            S[row, BIDDER] = seat
            S[row, BID] = token
        if not (k + 1 == SEATS or (token == P[P_MAX_BID] and P[P_MAX_BID_ENDS])):
            S[row, TO_ACT] = (seat + 1) & 3
            return GOING
        bidder = S[row, BIDDER]
        if bidder < 0:  # R15: four passes
            S[row, PHASE] = OVER
            S[row, TO_ACT] = -1
            return UNSCORED
        S[row, LEADER] = bidder
        S[row, TO_ACT] = bidder
        if P[P_KITTY]:  # R16: the bidder takes the kitty, then discards
            S[row, HAND0 + bidder] |= S[row, KITTY]
            S[row, PHASE] = DISCARDING
        else:  # R21: the bidder leads any card
            S[row, PHASE] = PLAYING
            S[row, LEAD_OK] = ALL
        return GOING
    if phase == DISCARDING:  # R17-R18, one card at a time
        part = S[row, PARTIAL] | 1 << (token - T_DISCARD)
        if popcount(part) < P[P_KITTY]:
            S[row, PARTIAL] = part
            return GOING
        hand = S[row, HAND0 + seat]
        S[row, LEAD_OK] = lead_cards(hand, part)
        S[row, HAND0 + seat] = hand & ~part
        S[row, DISCARD] = part
        S[row, PARTIAL] = 0
        S[row, PHASE] = PLAYING
        return GOING
    # the play, R22-R26
    c = token - T_PLAY
    bit = 1 << c
    S[row, HAND0 + seat] &= ~bit
    S[row, PLAYED0 + seat] |= bit
    n = S[row, NTRICK]
    if n == 0 and S[row, NTRICKS] == 0:
        S[row, TRUMP] = c >> 3  # R22: the first card led sets trump
    S[row, TRICK0 + n] = c
    if n < SEATS - 1:
        S[row, NTRICK] = n + 1
        S[row, TO_ACT] = (seat + 1) & 3
        return GOING
    trump = S[row, TRUMP]
    led = S[row, TRICK0] >> 3
    best = -1
    first = 0
    cards = 0
    for k in range(SEATS):  # R26
        card = S[row, TRICK0 + k]
        cards |= 1 << card
        suit = card >> 3
        key = POWER[card & 7] + (32 if suit == trump else 16 if suit == led else 0)
        if key > best:
            best = key
            first = k
    winner = (S[row, LEADER] + first) & 3
    S[row, TAKEN0 + (winner & 1)] |= cards
    S[row, WON0 + winner] += 1
    S[row, NTRICK] = 0
    S[row, LEADER] = winner
    done = S[row, NTRICKS] + 1
    S[row, NTRICKS] = done
    if done < TRICKS:
        S[row, TO_ACT] = winner
        return GOING
    change0, change1 = score(S, P, row)
    for s in range(SEATS):
        rewards[row, s] = change0 if s & 1 == 0 else change1
    S[row, PHASE] = OVER
    S[row, TO_ACT] = -1
    return SCORED


@borrowing
def apply(
    S: Ints,
    P: Ints,
    LT: Bytes,
    LS: Bytes,
    actions: Ints,
    active: Bools,
    errors: Bools,
    ended: Bytes,
    rewards: Floats,
) -> None:
    """One token for every active row with a seat to act: a token it may not give marks
    ``errors`` and changes nothing; a hand that ends sets ``ended`` and, if scored, ``rewards``."""
    for row in range(S.shape[0]):
        if not active[row] or S[row, TO_ACT] < 0:
            continue
        token = actions[row]
        if not legal(S, P, row, token):
            errors[row] = True
            continue
        ended[row] = _act(S, P, LT, LS, row, token, rewards)


# --- the deal (R8-R10) ---


@borrowing
def deal(
    S: Ints,
    P: Ints,
    D: Bytes,
    mtw: Ints,
    pos: Ints,
    rows: Ints,
    dealers: Ints,
    keep_scores: bool,
) -> None:
    """Deal a new hand at each of ``rows`` (dealer ``dealers[k]``), the deck shuffled by the row's
    generator as `game.shuffled` shuffles it: R10, six cards each from the dealer's left, the
    kitty the top ``kitty_size`` of the stock. The match score is kept or set to 0-0."""
    for k in range(len(rows)):
        row = rows[k]
        deck = D[row]
        for i in range(DECK_SIZE):
            deck[i] = i
        mt.shuffle(mtw, pos, row, deck)
        dealer = dealers[k]
        score0 = S[row, SCORE0] if keep_scores else 0
        score1 = S[row, SCORE1] if keep_scores else 0
        for col in range(COLUMNS):
            S[row, col] = 0
        S[row, SCORE0] = score0
        S[row, SCORE1] = score1
        S[row, DEALER] = dealer
        S[row, PHASE] = AUCTION
        S[row, TO_ACT] = (dealer + 1) & 3
        S[row, BIDDER] = -1
        S[row, TRUMP] = -1
        S[row, LEADER] = -1
        for i in range(24):
            seat = (dealer + 1 + i // HAND_SIZE) & 3
            S[row, HAND0 + seat] |= 1 << int(deck[i])
        for i in range(24, DECK_SIZE):
            if i < 24 + P[P_KITTY]:
                S[row, KITTY] |= 1 << int(deck[i])
            else:
                S[row, DEAD] |= 1 << int(deck[i])


@jit
def next_dealers(S: Ints, P: Ints, rows: Ints, out: Ints) -> None:
    """R9/R15: the dealer of the hand after each row's hand ended without a score."""
    for k in range(len(rows)):
        dealer = S[rows[k], DEALER]
        out[k] = (dealer + 1) & 3 if P[P_ALL_PASS] == ALL_PASS_NEXT else dealer


# --- what a seat sees (`encoding.encode` of `view.observe`) ---


#: The index of a lone bit ``b`` of a 32-bit word: ``BIT_INDEX[(b * 0x077CB531 & ALL) >> 27]``
#: (a de Bruijn sequence), so a set is walked card by card, not bit by bit.
BIT_INDEX: Final = (
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
)  # fmt: skip


@inline
def _mark(out: Bytes, row: int, base: int, m: int) -> None:
    """Mark the cards of the set ``m`` in the plane at ``base``."""
    while m:
        low = m & -m
        out[row, base + BIT_INDEX[((low * 0x077CB531) & ALL) >> 27]] = 1
        m ^= low


@inline
def _number(out: Bytes, row: int, base: int, x: int) -> None:
    """`planes.write_number`: a sign and eight binary digits of the magnitude, capped at 255."""
    m = min(abs(x), 255)
    out[row, base] = 1 if x < 0 else 0
    for i in range(8):
        out[row, base + 1 + i] = (m >> (7 - i)) & 1


@borrowing
def observe(S: Ints, P: Ints, OFF: Ints, seats: Ints, out: Bytes) -> None:
    """``out[row]``, written whole: the observation of seat ``seats[row]`` (zeros where it is
    -1), exactly the RL encoding of that seat's view (§3 item 18: no card it may not see)."""
    for row in range(S.shape[0]):
        out[row, :] = 0
        me = seats[row]
        if me < 0:
            continue
        phase = S[row, PHASE]
        dealer = S[row, DEALER]
        bidder = S[row, BIDDER]
        to_act = S[row, TO_ACT]
        bid_known = bidder >= 0
        own = P[P_KITTY] > 0 and me == bidder and phase >= DISCARDING  # the discard, the play, the end
        _mark(out, row, OFF[O_HAND], S[row, HAND0 + me])
        for s in range(SEATS):
            rel = (s - me) & 3
            _mark(out, row, OFF[O_PLAYED] + 32 * rel, S[row, PLAYED0 + s])
            out[row, OFF[O_WON] + rel] = S[row, WON0 + s]
            out[row, OFF[O_SIZES] + rel] = popcount(S[row, HAND0 + s])
        for k in range(S[row, NTRICK]):
            rel = (S[row, LEADER] + k - me) & 3
            out[row, OFF[O_TRICK] + 32 * rel + S[row, TRICK0 + k]] = 1
        for t in range(2):
            _mark(out, row, OFF[O_TAKEN] + 32 * ((t - me) & 1), S[row, TAKEN0 + t])
            _number(out, row, OFF[O_SCORES] + 9 * ((t - me) & 1), S[row, SCORE0 + t])
        if own:
            _mark(out, row, OFF[O_KITTY], S[row, KITTY])
            if phase != DISCARDING:
                _mark(out, row, OFF[O_DISCARD], S[row, DISCARD])
        if phase == OVER and bid_known:
            _mark(out, row, OFF[O_DEAD], S[row, DEAD])
        called = 0
        for k in range(S[row, NCALLS]):
            rel = (dealer + 1 + k - me) & 3
            out[row, OFF[O_CALLS] + 6 * rel + 1 + S[row, CALL0 + k]] = 1
            called |= 1 << rel
        for rel in range(SEATS):
            if not called >> rel & 1:
                out[row, OFF[O_CALLS] + 6 * rel] = 1
        out[row, OFF[O_BIDDER] + ((bidder - me) & 3 if bid_known else 4)] = 1
        out[row, OFF[O_BID] + (S[row, BID] - 1 if bid_known and S[row, BID] > 0 else 4)] = 1
        trump = S[row, TRUMP]
        out[row, OFF[O_TRUMP] + (trump if trump >= 0 else 4)] = 1
        out[row, OFF[O_PHASE] + phase] = 1
        out[row, OFF[O_DEALER] + ((dealer - me) & 3)] = 1
        out[row, OFF[O_TO_ACT] + ((to_act - me) & 3 if to_act >= 0 else 4)] = 1
        out[row, OFF[O_LEADER] + ((S[row, LEADER] - me) & 3 if phase == PLAYING else 4)] = 1
        if me == to_act:
            _mark(out, row, OFF[O_PARTIAL] + T_DISCARD, S[row, PARTIAL])
