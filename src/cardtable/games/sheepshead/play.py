"""Legal actions and their effect, one small function per phase.

Every function is pure: it takes the rules and a `State` and returns a new `State`. The legal
cards of the seat to play are computed once, when the state is made, and kept in `State.legal`;
`legal_actions` and the legality check of `apply` both read them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from .actions import ALONE, BLITZ, CRACK, PASS, PICK, PLAYS, RECRACK, Action, Call, bury_of
from .rules import SheepsheadRules
from .state import NOBODY, CallKind, Phase, Setup, State
from .tables import (
    ALL,
    BLACK_QUEENS,
    FAIL_ACES,
    FAIL_SUITS,
    FAIL_TENS,
    FOLLOW,
    FROM_KERNEL,
    JD,
    RED_QUEENS,
    SUIT_CLASS,
    TO_KERNEL,
    TRUMP,
    indices,
)

SEATS: Final = 5

_new = tuple.__new__  # builds a State or Setup from a tuple of its fields, without the keyword machinery
#: The bit of each Sheepshead card index.
_BITS: Final = tuple(1 << i for i in range(32))


# --- the deal (R9, R10) ---

#: Kernel card number -> its bit in a Sheepshead card set, for the 32 cards of the pack only.
_BIT: Final = {c: 1 << FROM_KERNEL[c] for c in TO_KERNEL}


def deal_hands(deck: object, dealer: int) -> tuple[tuple[int, ...], int] | None:
    """Deal an ordered deck of kernel cards 3-2-3 from the dealer's left (R9); None if it is not
    the 32-card pack (``deck`` is whatever a record gave, checked here: the compiled build would
    refuse a wrong type at the call with an error of its own)."""
    if type(deck) is not tuple or len(deck) != 32:
        return None
    try:
        b = [_BIT[c] for c in deck]
    except (KeyError, TypeError):
        return None  # a card not in the pack
    # 32 cards of the pack whose bits join to all 32: each card exactly once
    hands = [0] * SEATS
    every = b[15] | b[16]
    for k in range(SEATS):
        i = 3 * k
        hand = b[i] | b[i + 1] | b[i + 2] | b[i + 17] | b[i + 18] | b[i + 19]
        hands[(dealer + 1 + k) % SEATS] = hand
        every |= hand
    if every != ALL:
        return None
    return tuple(hands), b[15] | b[16]


def after_deal(rules: SheepsheadRules, s: State, hands: tuple[int, ...], blind: int) -> State:
    """R11: the deal done, the dealer's left decides first whether to pick."""
    d, scores, pending = s.setup[:3]
    setup = _new(Setup, (d, scores, pending, blind, 0, -1, 0, CallKind.NONE, -1, -1, -1, -1, 0, 0, -1))
    first = (d + 1) % SEATS
    choices = pick_choices(rules, hands[first], 0)
    return _new(State, (setup, Phase.PICK, first, hands, 0, first, (), (), 0, -1, 0, choices))


# --- picking (R11, R12, R43, R45) ---


def pick_choices(rules: SheepsheadRules, hand: int, passes: int) -> tuple[Action, ...]:
    """Pick, blitz (R45, holding a queen pair), pass; the dealer under forced_pick may not pass (R43)."""
    if rules.blitzing and (hand & BLACK_QUEENS == BLACK_QUEENS or hand & RED_QUEENS == RED_QUEENS):
        if passes == 4 and rules.no_pick_rule == "forced_pick":
            return (PICK, BLITZ)
        return (PICK, BLITZ, PASS)
    if passes == 4 and rules.no_pick_rule == "forced_pick":
        return (PICK,)
    return _PICK_PASS


_PICK_PASS: Final[tuple[Action, ...]] = (PICK, PASS)


def apply_pick(rules: SheepsheadRules, s: State, blitz: bool) -> State:
    """R13: the picker takes the blind; R45: a blitz shows every queen pair he holds."""
    seat = s.actor
    hand = s.hands[seat]
    shown = 0
    if blitz:
        shown = (1 if hand & BLACK_QUEENS == BLACK_QUEENS else 0) | (2 if hand & RED_QUEENS == RED_QUEENS else 0)
    hands = list(s.hands)
    hands[seat] = hand | s.setup.blind
    d, scores, pending, blind, passes = s.setup[:5]
    setup = Setup(d, scores, pending, blind, passes, seat, 0, CallKind.NONE, -1, -1, -1, -1, shown, 0, -1)
    return State(setup, Phase.BURY, seat, tuple(hands), 0, s.leader, (), (), 0, -1, 0, ())


def apply_pass(rules: SheepsheadRules, s: State) -> State:
    """R11: the next seat decides; after five passes the no-pick rule applies (R12, R41-R43)."""
    setup = s.setup
    passes = setup.passes + 1
    setup = _new(
        Setup, (setup[0], setup[1], setup[2], setup[3], passes, -1, 0, CallKind.NONE, -1, -1, -1, -1, 0, 0, -1)
    )
    if passes < SEATS:
        seat = (s.actor + 1) % SEATS
        choices = pick_choices(rules, s.hands[seat], passes)
        return _new(State, (setup, Phase.PICK, seat, s.hands, 0, s.leader, (), (), 0, -1, 0, choices))
    s = State(setup, Phase.PICK, s.actor, s.hands, 0, s.leader, (), (), 0, -1, 0, ())
    if rules.no_pick_rule in ("leaster", "moster", "mittler", "schneidster"):
        return start_play(rules, s)
    # doubler (R42), redeal (R43), schwanzer (R43): no play
    return State(setup, Phase.DONE, NOBODY, s.hands, 0, s.leader, (), (), 0, -1, 0, ())


# --- the bury (R14-R16) ---

#: Every bury, by the pair of Sheepshead indices (lower index first).
_BURIES: Final = {(i, j): bury_of(TO_KERNEL[i], TO_KERNEL[j]) for i in range(32) for j in range(i + 1, 32)}
_BURY_CACHE: dict[int, tuple[Action, ...]] = {}


def bury_choices(hand: int) -> tuple[Action, ...]:
    """R14: any two of the picker's eight cards, in canonical order."""
    got = _BURY_CACHE.get(hand)
    if got is None:
        got = tuple(map(_BURIES.__getitem__, combinations(indices(hand), 2)))
        if len(_BURY_CACHE) > 100_000:
            _BURY_CACHE.clear()
        _BURY_CACHE[hand] = got
    return got


def apply_bury(rules: SheepsheadRules, s: State, bury: int) -> State:
    """R14: two cards leave the picker's hand; then the partner is settled (R17, R34)."""
    seat = s.actor
    hands = list(s.hands)
    hands[seat] &= ~bury
    d, scores, pending, blind, passes, picker, _b, kind, called, suit, under, partner, blitz = s.setup[:13]
    setup = Setup(d, scores, pending, blind, passes, picker, bury, kind, called, suit, under, partner, blitz, 0, -1)
    s = State(setup, Phase.CALL, seat, tuple(hands), 0, s.leader, (), (), 0, -1, 0, ())
    if rules.partner_mode == "called_ace":
        return s
    if rules.partner_mode == "jack_of_diamonds":
        # R34: the holder of JD is the partner; the picker is alone when JD is among his eight cards.
        partner = _holder(s.hands, JD, seat)
        return after_call(rules, s._replace(setup=setup._replace(called=JD, partner=partner)))
    return after_call(rules, s._replace(setup=setup._replace(call_kind=CallKind.ALONE)))


def _holder(hands: tuple[int, ...], card: int, picker: int) -> int:
    for seat in range(SEATS):
        if seat != picker and hands[seat] >> card & 1:
            return seat
    return -1


# --- the call (R17-R22, R35a) ---


_CALL_CACHE: dict[tuple[int, int, bool, bool, bool, bool], tuple[Action, ...]] = {}


def call_choices(rules: SheepsheadRules, hand: int, bury: int) -> tuple[Action, ...]:
    """The calls open to the picker with this hand and bury, then `alone` (R21)."""
    key = (
        hand,
        bury,
        rules.allow_call_own_ace,
        rules.allow_ten_call,
        rules.ten_call_hold_must_be_ace,
        rules.allow_unknown_call,
    )
    got = _CALL_CACHE.get(key)
    if got is None:
        got = _call_choices(rules, hand, bury)
        if len(_CALL_CACHE) > 100_000:
            _CALL_CACHE.clear()
        _CALL_CACHE[key] = got
    return got


def _call_choices(rules: SheepsheadRules, hand: int, bury: int) -> tuple[Action, ...]:
    eight = hand | bury
    out: list[Action] = []
    for x in range(3):
        ace = 1 << FAIL_ACES[x]
        # R18 (a) the ace is not among his eight cards, (b) a hold card of the suit in hand
        if hand & FAIL_SUITS[x] & ~ace and (rules.allow_call_own_ace or not eight & ace):
            out.append(Call(TO_KERNEL[FAIL_ACES[x]]))
    if not out:
        aces = (1 << FAIL_ACES[0]) | (1 << FAIL_ACES[1]) | (1 << FAIL_ACES[2])
        if eight & aces == aces:
            if rules.allow_ten_call:  # R19
                for x in range(3):
                    hold = hand & (1 << FAIL_ACES[x] if rules.ten_call_hold_must_be_ace else FAIL_SUITS[x])
                    if hold and not eight >> FAIL_TENS[x] & 1:
                        out.append(Call(TO_KERNEL[FAIL_TENS[x]]))
        elif rules.allow_unknown_call:  # R35a
            for x in range(3):
                if not eight >> FAIL_ACES[x] & 1 and not hand & FAIL_SUITS[x]:
                    ace_card = TO_KERNEL[FAIL_ACES[x]]
                    out.extend(Call(ace_card, TO_KERNEL[u]) for u in indices(hand))
    out.append(ALONE)  # R20, R21
    return tuple(out)


def apply_call(rules: SheepsheadRules, s: State, called: int, under: int) -> State:
    """R22: the partner is the holder of the called card; nobody but he knows it."""
    d, scores, pending, blind, passes, picker, bury = s.setup[:7]
    blitz = s.setup.blitz
    if called < 0:
        setup = Setup(d, scores, pending, blind, passes, picker, bury, CallKind.ALONE, -1, -1, -1, -1, blitz, 0, -1)
    else:
        x = SUIT_CLASS[called]
        kind = CallKind.UNKNOWN if under >= 0 else CallKind.ACE if called in FAIL_ACES else CallKind.TEN
        partner = _holder(s.hands, called, picker)
        setup = Setup(d, scores, pending, blind, passes, picker, bury, kind, called, x, under, partner, blitz, 0, -1)
    return after_call(rules, State(setup, Phase.CALL, s.actor, s.hands, 0, s.leader, (), (), 0, -1, 0, ()))


# --- crack and re-crack (R44) ---


def after_call(rules: SheepsheadRules, s: State) -> State:
    """R44: the seats after the picker may crack; else play starts."""
    picker = s.setup.picker
    if rules.cracking and picker != s.setup.dealer:
        return _crack_turn(s, (picker + 1) % SEATS)
    return start_play(rules, s)


def _crack_turn(s: State, seat: int) -> State:
    # The partner may not crack his own team; he is still asked, so the turns show nothing.
    choices: tuple[Action, ...] = (PASS,) if seat == s.setup.partner else (PASS, CRACK)
    return s._replace(phase=Phase.CRACK, actor=seat, choices=choices)


def apply_crack(rules: SheepsheadRules, s: State, crack: bool) -> State:
    """R44: a crack doubles the stake and lets the picker re-crack; a pass hands on the turn."""
    setup = s.setup
    if s.phase == Phase.RECRACK:
        if crack:
            s = s._replace(setup=setup._replace(cracks=2))
        return start_play(rules, s)
    if crack:
        setup = setup._replace(cracks=1, cracker=s.actor)
        return s._replace(setup=setup, phase=Phase.RECRACK, actor=setup.picker, choices=(PASS, RECRACK))
    if s.actor == setup.dealer:
        return start_play(rules, s)
    return _crack_turn(s, (s.actor + 1) % SEATS)


# --- trick play (R23-R35a) ---


def start_play(rules: SheepsheadRules, s: State) -> State:
    """R23: the dealer's left leads the first trick, whoever picked."""
    first = (s.setup.dealer + 1) % SEATS
    legal = play_mask(rules, s.setup, first, s.hands[first], (), 0, -1)
    return State(s.setup, Phase.PLAY, first, s.hands, 0, first, (), (), 0, -1, legal, ())


def play_mask(
    rules: SheepsheadRules,
    setup: Setup,
    seat: int,
    hand: int,
    trick: tuple[int, ...],
    trick_no: int,
    first_x: int,
) -> int:
    """The cards of ``hand`` that ``seat`` may play now: R24, then the called-card rules R27-R33."""
    if trick_no == 5:
        return hand  # R31: the last card
    if trick:
        led = trick[0]
        follow = FAIL_SUITS[setup.suit] if led == setup.under else FOLLOW[led]
        h = hand
        if setup.under >= 0 and hand >> setup.under & 1 and first_x != trick_no:
            h = hand & ~(1 << setup.under)  # R35a: the unknown lies aside; it neither follows nor is thrown
        legal = h & follow or h
    else:
        legal = hand
    x = setup.suit
    if x < 0 or (first_x >= 0 and first_x != trick_no):
        return legal  # R33, R34: no called card, or its suit has been led
    base = legal
    if seat == setup.picker:
        legal = picker_mask(rules, setup, hand, legal, bool(trick), first_x >= 0)
    c = 1 << setup.called
    if hand & c:  # the holder of the called card: R28-R30
        if first_x >= 0:
            if rules.partner_must_play_called_on_first_lead:
                legal = c  # R28
        elif trick:
            if rules.partner_cannot_discard_called:
                legal &= ~c  # R29
        elif rules.partner_cannot_underlead_called_suit:
            legal &= ~(FAIL_SUITS[x] & ~c)  # R30
    return legal or base  # R32: never leave a seat without a card


def picker_mask(rules: SheepsheadRules, setup: Setup, hand: int, legal: int, following: bool, in_first_x: bool) -> int:
    """R27 (hold card), R19 (ten call with the ace as hold card), R35a (the unknown card)."""
    x = setup.suit
    under = setup.under
    ace = 1 << FAIL_ACES[x]
    ace_hold = setup.call_kind == CallKind.TEN and rules.ten_call_hold_must_be_ace
    if in_first_x:
        if under >= 0 and hand >> under & 1:
            return 1 << under  # R35a: the unknown card is his only card on the first X trick
        if ace_hold and hand & ace:
            return ace  # R19 variant: he must play the ace
        return legal
    if not following:
        if ace_hold:
            return legal & ~(FAIL_SUITS[x] & ~ace)  # leading X opens the suit: only with the ace
        return legal  # R27: he may lead his last X card; R35a: he may lead the unknown
    if under >= 0:
        return legal & ~(1 << under)  # R35a: not before the first X trick except trick 6
    if ace_hold:
        return legal & ~ace
    xs = hand & FAIL_SUITS[x]
    if xs and not xs & (xs - 1):
        return legal & ~xs  # R27: the last X card is the hold card
    return legal


def trick_winner(
    rules: SheepsheadRules, setup: Setup, leader: int, trick: tuple[int, ...], first_x: int, trick_no: int
) -> int:
    """R25: the highest trump, else the highest card of the led suit; R35a: never the unknown."""
    b = _BITS
    m = 0
    for c in trick:
        m |= b[c]
    under = setup.under
    if under >= 0:
        m &= ~(1 << under)
    t = m & TRUMP
    if t:
        w = (t & -t).bit_length() - 1
    else:
        led = trick[0]
        f = m & (FAIL_SUITS[setup.suit] if led == under else FOLLOW[led])
        if not f:
            return leader  # an unknown led and nothing to win it: the trick stays with the leader
        w = (f & -f).bit_length() - 1
        if (
            first_x == trick_no
            and setup.call_kind == CallKind.TEN
            and rules.called_ten_beats_ace
            and f >> setup.called & 1
        ):
            w = setup.called  # R19 variant: the called ten beats the ace on the first X trick
    return (leader + trick.index(w)) % SEATS


def apply_play(rules: SheepsheadRules, s: State, card: int) -> State:
    """R23-R26: add the card to the trick; after five cards the winner takes it and leads."""
    setup, _phase, seat, h, trick_no, leader, trick, tricks, played, first_x, _legal, _c = s
    bit = 1 << card
    if seat == 0:
        hands = (h[0] ^ bit, h[1], h[2], h[3], h[4])
    elif seat == 1:
        hands = (h[0], h[1] ^ bit, h[2], h[3], h[4])
    elif seat == 2:
        hands = (h[0], h[1], h[2] ^ bit, h[3], h[4])
    elif seat == 3:
        hands = (h[0], h[1], h[2], h[3] ^ bit, h[4])
    else:
        hands = (h[0], h[1], h[2], h[3], h[4] ^ bit)
    played |= bit
    # The called-card rules (R27-R33, R35a) bind only until the called suit has been led (R33),
    # or while a card lies aside unknown, and only the picker and the holder of the called card;
    # for anyone else following suit (R24) is all.
    restricted = setup.suit >= 0 and (first_x < 0 or first_x == trick_no or setup.under >= 0)
    if trick:
        trick = (*trick, card)
        if len(trick) < SEATS:
            nxt = seat + 1 if seat < 4 else 0
            if (restricted and (nxt == setup.picker or nxt == setup.partner or setup.under >= 0)) or trick_no == 5:
                legal = play_mask(rules, setup, nxt, hands[nxt], trick, trick_no, first_x)
            else:  # R24 only
                hand = hands[nxt]
                legal = hand & FOLLOW[trick[0]] or hand
            return _new(State, (setup, _PLAY, nxt, hands, trick_no, leader, trick, tricks, played, first_x, legal, ()))
        winner = trick_winner(rules, setup, leader, trick, first_x, trick_no)
        tricks = (*tricks, (leader, trick, winner))
        if trick_no == 5:
            return _new(State, (setup, _DONE, NOBODY, hands, 6, winner, (), tricks, played, first_x, 0, ()))
        trick_no += 1
        restricted = setup.suit >= 0 and (first_x < 0 or first_x == trick_no or setup.under >= 0)
        if restricted and (winner == setup.picker or winner == setup.partner or setup.under >= 0):
            legal = play_mask(rules, setup, winner, hands[winner], (), trick_no, first_x)
        else:
            legal = hands[winner]
        return _new(State, (setup, _PLAY, winner, hands, trick_no, winner, (), tricks, played, first_x, legal, ()))
    # the lead
    trick = (card,)
    if setup.suit >= 0 and first_x < 0 and (SUIT_CLASS[card] == setup.suit or card == setup.under):
        first_x = trick_no  # R27-R33: the first trick of the called suit
        restricted = True
    nxt = seat + 1 if seat < 4 else 0
    if (restricted and (nxt == setup.picker or nxt == setup.partner or setup.under >= 0)) or trick_no == 5:
        legal = play_mask(rules, setup, nxt, hands[nxt], trick, trick_no, first_x)
    else:
        hand = hands[nxt]
        legal = hand & FOLLOW[card] or hand
    return _new(State, (setup, _PLAY, nxt, hands, trick_no, leader, trick, tricks, played, first_x, legal, ()))


_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE


_LEGAL_CACHE: dict[int, tuple[Action, ...]] = {}
#: The plays of each value of each byte of a card set, strongest card first.
_PLAYS_BY_BYTE: Final = tuple(
    tuple(tuple(PLAYS[8 * k + i] for i in range(8) if v >> i & 1) for v in range(256)) for k in range(4)
)


def play_actions(legal: int) -> tuple[Action, ...]:
    """The plays of a legal card set, strongest card first."""
    got = _LEGAL_CACHE.get(legal)
    if got is None:
        a, b, c, d = _PLAYS_BY_BYTE
        got = a[legal & 255] + b[legal >> 8 & 255] + c[legal >> 16 & 255] + d[legal >> 24]
        if len(_LEGAL_CACHE) > 200_000:
            _LEGAL_CACHE.clear()
        _LEGAL_CACHE[legal] = got
    return got
