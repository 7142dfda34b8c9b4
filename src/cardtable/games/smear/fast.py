"""Smear's fast layer: a mutable, unchecked hand state for playouts and simulation.

The public `Smear` game is checked and immutable: the contract for people, records and tables.
This layer is made only for speed, where nobody needs the checks (search playouts, random
simulation): a slotted mutable `FastState`, actions as ints, `FastState.moves` (the legal actions
in the checked engine's canonical order), `FastState.apply` without any check, `FastState.copy`
and `FastState.score`. `from_state` converts a checked state (``None`` when the layer cannot take
it) and `FastState.to_state` converts back; `to_int` and `to_action` convert actions.

Actions as ints: a play is its card number (0-51), a pass is `PASS` (64), a bid of ``n`` is
``BID + n`` (65-68), and a discard is ``DISCARD | mask`` of its cards (bit 52 up).

Only the play of the cards (R21-R26), which is nearly every move of a playout, is written out
here; the auction and the discard (a handful of moves per hand) step through the checked engine's
own functions, and the hand is scored by the checked `scoring.score_hand`, so each rule has one
home. Every rule option and preset is supported; `from_state` refuses only the state before the
deal (use `deal`).

>>> import random
>>> from cardtable.games.smear import Smear
>>> game = Smear()
>>> s = deal(game.rules, 0, (0, 0), random.Random(1))
>>> s.phase == AUCTION, s.moves()
(True, [64, 66, 67, 68])
>>> steps = playout(s, RandomPolicy(), random.Random(2))
>>> s.to_act, len(s.score())
(-1, 4)
"""

from __future__ import annotations

import random
from typing import Any, Final, Protocol

from cardtable.core import rules_json

from . import play as checked
from .actions import BIDS, PLAYS, Action, Bid, Discard, Play
from .actions import PASS as PASS_ACTION
from .bots import RuleBot, _best_suit
from .game import Smear
from .rules import SmearRules
from .scoring import score_hand
from .state import Phase, Setup, State, Tally, Trick
from .tables import CARD_VALUE, DECK, DECK_MASK, POWER, SUIT, TRICK_KEY, TRUMP_JACK, suit_patterns
from .view import observe

#: Phases as ints (the order of `Phase`).
DEAL, AUCTION, DISCARD, PLAY, OVER = 0, 1, 2, 3, 4
_PHASES: Final = (Phase.DEAL, Phase.AUCTION, Phase.DISCARD, Phase.PLAY, Phase.OVER)
_PHASE_NUMBER: Final = {p: i for i, p in enumerate(_PHASES)}

#: Action ints: plays are card numbers; these mark the others.
PASS: Final = 64
BID: Final = 64
DISCARD_FLAG: Final = 1 << 52
_CARDS_MASK: Final = DISCARD_FLAG - 1

_SUIT: Final = SUIT
_new = tuple.__new__


def to_int(action: Action) -> int:
    """The int of a checked action."""
    cls = action.__class__
    if cls is Play:
        return action.card  # type: ignore[union-attr]
    if cls is Bid:
        return BID + action.points  # type: ignore[union-attr]
    if cls is Discard:
        return DISCARD_FLAG | action.mask  # type: ignore[union-attr]
    return PASS


def to_action(a: int) -> Action:
    """The checked action of an int."""
    if a < PASS:
        return PLAYS[a]
    if a & DISCARD_FLAG:
        m = a & _CARDS_MASK
        return Discard(tuple(c for c in range(52) if m >> c & 1))
    n = a - BID
    return PASS_ACTION if n == 0 else BIDS[n] if n < len(BIDS) else Bid(n)


class FastState:
    """One Smear hand after the deal, mutable and unchecked (see the module docstring).

    ``to_act`` is the seat to act, -1 once the hand is over; ``hands`` the four hands as card
    sets; ``trick`` the cards of the trick in progress led by ``leader``; ``tricks`` the finished
    tricks; ``played`` every card played; ``setup`` the checked engine's `Setup` (the deal, the
    auction and the discard), shared, never changed in place.
    """

    __slots__ = (
        "follow",
        "hands",
        "leader",
        "led",
        "phase",
        "played",
        "rules",
        "setup",
        "strict",
        "tally",
        "to_act",
        "trick",
        "tricks",
        "trump",
    )

    def __init__(
        self,
        rules: SmearRules,
        phase: int,
        to_act: int,
        hands: list[int],
        trump: int,
        leader: int,
        trick: list[int],
        tricks: list[Trick],
        setup: Setup,
        tally: Tally | None,
        played: int = -1,
        led: int = -1,
        follow: int = 0,
    ) -> None:
        self.rules = rules
        self.strict = rules.follow_rule == "strict"
        self.phase = phase
        self.to_act = to_act
        self.hands = hands
        self.trump = trump
        self.leader = leader
        self.trick = trick
        self.tricks = tricks
        self.setup = setup
        self.tally = tally
        if played < 0:  # every card played, from the tricks
            played = 0
            for t in tricks:
                for c in t[1]:
                    played |= 1 << c
            for c in trick:
                played |= 1 << c
        self.played = played
        if led < 0:
            self._trick_suits()
        else:
            self.led = led
            self.follow = follow

    def _trick_suits(self) -> None:
        """``led`` and ``follow`` of the trick in progress (0 and 0 before its lead): the cards of
        the suit led, and those a seat holding one of them may play (R24-R25)."""
        trick = self.trick
        if not trick or self.phase != PLAY:
            self.led = self.follow = 0
            return
        led = trick[0] // 13
        self.led = _SUIT[led]
        trump = self.trump
        self.follow = _SUIT[led] if led == trump or self.strict else _SUIT[led] | _SUIT[trump]

    def copy(self) -> FastState:
        """An independent copy (the shared parts are immutable)."""
        return FastState(
            self.rules,
            self.phase,
            self.to_act,
            self.hands[:],
            self.trump,
            self.leader,
            self.trick[:],
            self.tricks[:],
            self.setup,
            self.tally,
            self.played,
            self.led,
            self.follow,
        )

    def to_state(self) -> State:
        """The checked engine's state equal to this one."""
        to_act = None if self.phase == OVER else self.to_act
        return _new(
            State,
            (
                _PHASES[self.phase],
                to_act,
                tuple(self.hands),
                self.trump,
                self.leader,
                tuple(self.trick),
                tuple(self.tricks),
                self.setup,
                self.tally,
            ),
        )

    def _load(self, s: State) -> None:
        self.phase = _PHASE_NUMBER[s.phase]
        self.to_act = -1 if s.to_act is None else s.to_act
        self.hands = list(s.hands)
        self.trump = s.trump
        self.leader = s.leader
        self.trick = list(s.trick)
        self.tricks = list(s.tricks)
        self.setup = s.setup
        self.tally = s.tally
        self._trick_suits()

    def playable(self) -> int:
        """R24-R25: the cards the seat to act may play, as a card set (the play only)."""
        hand = self.hands[self.to_act]
        trick = self.trick
        if not trick:
            return hand if self.tricks else hand & self.setup.lead_ok
        led = trick[0] // 13
        cards: int = hand & _SUIT[led]
        if not cards:
            return hand
        if led != self.trump and not self.strict:
            cards |= hand & _SUIT[self.trump]
        return cards

    def moves(self) -> list[int]:
        """The legal actions, in the checked engine's canonical order."""
        phase = self.phase
        if phase == PLAY:  # `playable`, written out: this runs at every card
            hand = self.hands[self.to_act]
            led = self.led
            if led:
                f = hand & led
                if f:
                    t = hand & self.follow & ~led  # R25: trumps too, unless strict or trump led
                    if not t:
                        return _ONE_SUIT[f][:]
                    return _ONE_SUIT[f] + _ONE_SUIT[t] if f < t else _ONE_SUIT[t] + _ONE_SUIT[f]
                m = hand
            elif self.tricks:
                m = hand
            else:
                m = hand & self.setup.lead_ok
            a, b, c, d = _SUIT_CARDS
            return [*a[m & 0x1FFF], *b[m >> 13 & 0x1FFF], *c[m >> 26 & 0x1FFF], *d[m >> 39]]
        if phase == AUCTION:
            return self._calls()
        if phase == OVER:
            return []
        return [to_int(a) for a in checked.legal_actions(self.rules, self.strict, self.to_state())]

    def _calls(self) -> list[int]:
        """R12-R15 (`play.call_range`): pass unless the stuck dealer, then every bid allowed."""
        rules = self.rules
        u = self.setup
        dealer_turn = self.to_act == u.dealer
        high = u.bid
        lowest = max(high + 1, rules.min_bid)
        if dealer_turn and high and rules.dealer_may_equal:
            lowest = high
        may_pass = not (dealer_turn and high == 0 and rules.all_pass == "stick_dealer")
        out = [PASS] if may_pass else []
        out.extend(range(BID + lowest, BID + rules.max_bid + 1))
        return out

    def _call(self, a: int) -> None:
        """R12-R16 (`play.apply_call`, unchecked): record a call; end the auction after a max bid
        or the dealer's turn."""
        rules = self.rules
        u = self.setup
        seat = self.to_act
        call = a - BID
        bidder, bid = (u.bidder, u.bid) if call == 0 else (seat, call)
        calls = (*u.calls, call)
        lead_ok = 0
        if not (len(calls) == 4 or (call == rules.max_bid and rules.max_bid_ends_auction)):
            self.to_act = (seat + 1) & 3
            self.leader = -1
        elif bidder < 0:  # R15: four passes
            self.phase = OVER
            self.to_act = -1
            self.leader = -1
        elif rules.kitty_size:  # R16: the bidder takes the kitty, then discards
            self.hands[bidder] |= u.kitty
            self.phase = DISCARD
            self.to_act = self.leader = bidder
        else:  # R21: the bidder leads, any card
            self.phase = PLAY
            self.to_act = self.leader = bidder
            lead_ok = checked.ALL_CARDS
        self.setup = _new(Setup, (u.dealer, u.scores, u.kitty, u.dead, calls, bidder, bid, 0, lead_ok))

    def apply(self, a: int) -> None:
        """Take action ``a`` (one of `moves`), unchecked."""
        phase = self.phase
        if phase != PLAY:
            if phase == AUCTION:
                self._call(a)
            else:
                self._load(checked.apply_action(self.rules, self.strict, self.to_state(), to_action(a)))
            return
        seat = self.to_act
        bit = 1 << a
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(a)
        n = len(trick)
        if n == 1:  # the lead
            led = a // 13
            trump = self.trump
            if trump < 0:
                trump = self.trump = led  # R22: the first card led sets trump
            suit = _SUIT[led]
            self.led = suit
            self.follow = suit if led == trump or self.strict else suit | _SUIT[trump]
            self.to_act = (seat + 1) & 3
            return
        if n < 4:
            self.to_act = (seat + 1) & 3
            return
        t0, t1, t2, t3 = trick
        key = TRICK_KEY[self.trump * 4 + t0 // 13]  # R26
        best, first = key[t0], 0
        if key[t1] > best:
            best, first = key[t1], 1
        if key[t2] > best:
            best, first = key[t2], 2
        if key[t3] > best:
            first = 3
        leader = self.leader
        winner = (leader + first) & 3
        tricks = self.tricks
        tricks.append(_new(Trick, (leader, (t0, t1, t2, t3), winner)))
        trick.clear()
        self.led = self.follow = 0
        self.leader = winner
        if len(tricks) < 6:
            self.to_act = winner
            return
        u = self.setup
        self.tally = score_hand(self.rules, u.bidder, u.bid, self.trump, tuple(tricks), u.discard, u.scores)
        self.phase = OVER
        self.to_act = -1

    def score(self) -> tuple[int, int, int, int]:
        """Each seat's score of the finished hand, as the checked `Smear.outcome` gives it."""
        t = self.tally
        if t is None:
            return (0, 0, 0, 0)
        a, b = t.change
        return (a, b, a, b)


def from_state(state: State, rules: SmearRules) -> FastState | None:
    """The fast state equal to a checked one, or ``None`` before the deal (the layer starts with a
    dealt hand: see `deal`)."""
    if state.phase is Phase.DEAL:
        return None
    return FastState(
        rules,
        _PHASE_NUMBER[state.phase],
        -1 if state.to_act is None else state.to_act,
        list(state.hands),
        state.trump,
        state.leader,
        list(state.trick),
        list(state.tricks),
        state.setup,
        state.tally,
    )


def deal(rules: SmearRules, dealer: int, scores: tuple[int, int], rng: random.Random) -> FastState:
    """A freshly dealt hand, dealt as the checked engine deals it from the same random stream
    (R10: six cards to each seat from the dealer's left, the stock last, its top the kitty)."""
    # `game.shuffled` (the swaps of ``rng.shuffle`` from the same random bits) on the cards' bits
    d = list(_DECK_BITS)
    bits = rng.getrandbits
    for i, n, k in _SWAPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        d[i], d[j] = d[j], d[i]
    h = (
        d[0] | d[1] | d[2] | d[3] | d[4] | d[5],
        d[6] | d[7] | d[8] | d[9] | d[10] | d[11],
        d[12] | d[13] | d[14] | d[15] | d[16] | d[17],
        d[18] | d[19] | d[20] | d[21] | d[22] | d[23],
    )
    first = (dealer + 1) & 3
    hands = list(h[4 - first :] + h[: 4 - first])
    kitty = 0
    for c in d[24 : 24 + rules.kitty_size]:
        kitty |= c
    dead = DECK_MASK ^ h[0] ^ h[1] ^ h[2] ^ h[3] ^ kitty  # the rest of the stock
    setup = _new(Setup, (dealer, scores, kitty, dead, (), -1, 0, 0, 0))
    return FastState(rules, AUCTION, first, hands, -1, -1, [], [], setup, None)


#: The bit of each card of the unshuffled deck, and the Fisher-Yates steps of its shuffle
#: (`game._SWAPS`: position, cards left, random bits needed to draw one).
_DECK_BITS: Final = tuple(1 << c for c in DECK)
_SWAPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))


#: The cards of each pattern of one suit's 13 bits, as card numbers, by suit.
def _suit_cards(suit: int) -> tuple[list[int], ...]:
    table: list[list[int]] = [[]] * (1 << 13)  # never changed in place: `_cards_of` joins copies
    for pattern in suit_patterns():
        table[pattern] = [13 * suit + r for r in range(13) if pattern >> r & 1]
    return tuple(table)


_SUIT_CARDS: Final = tuple(_suit_cards(suit) for suit in range(4))
#: The cards of every set of one suit's cards, by its card set; never changed in place.
_ONE_SUIT: Final = {p << 13 * suit: _SUIT_CARDS[suit][p] for suit in range(4) for p in suit_patterns() if p}


def _cards_of(m: int) -> list[int]:
    """The cards of a card set, lowest first, as a new list."""
    a, b, c, d = _SUIT_CARDS
    return a[m & 0x1FFF] + b[m >> 13 & 0x1FFF] + c[m >> 26 & 0x1FFF] + d[m >> 39]


# --- policies ---


class FastPolicy(Protocol):
    """A playout policy over fast states: one of ``moves`` (at least two of them)."""

    def choose(self, s: FastState, moves: list[int], rng: random.Random) -> int:
        """The chosen action."""
        ...


class RandomPolicy:
    """`cardtable.bots.RandomBot` on fast states: the same choice from the same random stream."""

    def choose(self, s: FastState, moves: list[int], rng: random.Random) -> int:
        return moves[rng.randrange(len(moves))]


class RulePolicy:
    """The rule-based `bots.RuleBot` on fast states, choosing as it does.

    The play (nearly every decision) is written out over the state, reading only what the seat
    to act may know: its hand, the trick, the cards played; the auction and the discard ask the
    checked bot with the seat's view."""

    def __init__(self, rules: SmearRules, classic: bool = False) -> None:
        self.rules = rules
        self.low_to_player = rules.low_awarded_to == "player"
        self.classic = classic  # as `RuleBot.classic` (it differs in the auction only)
        # a game with these rules for the checked bot's decisions
        self.bot = RuleBot(Smear(**rules_json(rules)), classic)

    def choose(self, s: FastState, moves: list[int], rng: random.Random) -> int:
        if s.phase != PLAY:
            state = s.to_state()
            legal = [to_action(a) for a in moves]
            view = observe(state, s.to_act, self.rules.kitty_size)
            return to_int(self.bot.act(view, legal, rng))
        trick = s.trick
        if not trick:
            return self._lead(s, moves)
        trump = s.trump
        t0 = trick[0]
        key = TRICK_KEY[trump * 4 + t0 // 13]
        best_i = 0
        best = key[t0]
        for i in range(1, len(trick)):
            k = key[trick[i]]
            if k > best:
                best, best_i = k, i
        top = trick[best_i]
        winning_seat = (s.leader + best_i) & 3
        last = len(trick) == 3
        if (winning_seat & 1) == (s.to_act & 1) and (last or POWER[top] >= 6 or top // 13 == trump):
            # Feed points to the partner: the most valuable card that is not a high trump.
            return max(moves, key=lambda c: (CARD_VALUE[c] - (20 if c // 13 == trump else 0), -POWER[c]))
        winners = [c for c in moves if key[c] > best]
        if winners:
            at_stake = 0
            for c in trick:
                at_stake += CARD_VALUE[c]
            if TRUMP_JACK[trump] in trick:
                at_stake += 5
            if at_stake >= 3 or last or any(POWER[c] >= 6 and c // 13 != trump for c in winners):
                return min(winners, key=lambda c: (key[c], CARD_VALUE[c]))
        # Throw the least useful card: low power, low value, and keep trumps.
        return min(moves, key=lambda c: (c // 13 == trump, CARD_VALUE[c], POWER[c]))

    def _lead(self, s: FastState, cards: list[int]) -> int:
        trump = s.trump
        if not s.tricks:  # trick 1: lead the top of the best eligible suit (R18, R22)
            m = 0
            for c in cards:
                m |= 1 << c
            suit = _best_suit(m, self.low_to_player)
            return max((c for c in cards if c // 13 == suit), key=POWER.__getitem__)
        trumps = [c for c in cards if c // 13 == trump]
        if trumps:
            top = max(trumps, key=POWER.__getitem__)
            out = _SUIT[trump] & ~s.played & ~s.hands[s.to_act]
            power = POWER[top]
            higher_out = False
            while out:
                low = out & -out
                if POWER[low.bit_length() - 1] > power:
                    higher_out = True
                    break
                out ^= low
            if not higher_out:
                return top  # the master trump pulls the others
        others = [c for c in cards if c // 13 != trump] or cards
        for c in others:
            if c % 13 == 0:
                return c
        return min(others, key=lambda c: (CARD_VALUE[c], POWER[c]))


def policy_for(bot: Any, rules: SmearRules) -> FastPolicy | None:
    """The fast policy that chooses as ``bot`` does, or ``None`` for a bot it has none for."""
    from cardtable.bots.base import RandomBot

    if type(bot) is RuleBot and bot.rules == rules:
        return RulePolicy(rules, bot.classic)
    if type(bot) is RandomBot:
        return RandomPolicy()
    return None


def playout(s: FastState, policy: FastPolicy, rng: random.Random) -> int:
    """Play the hand out from ``s`` (changed in place) with ``policy``; the number of moves.

    A move with one legal action is taken without asking the policy, as the search's checked
    playout does, so both draw the same random numbers. The play of the cards is written out in
    one loop (the legal cards, the choice, the step); with `RandomPolicy` the choice is drawn
    inline, from the same random bits as ``rng.randrange``."""
    steps = 0
    choose = policy.choose
    randomly = type(policy) is RandomPolicy
    bits = rng.getrandbits
    while s.phase != PLAY and s.phase != OVER:
        moves = s.moves()
        n = len(moves)
        if n == 1:
            a = moves[0]
        elif randomly:  # drawn as rng.randrange(n) draws it
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            a = moves[r]
        else:
            a = choose(s, moves, rng)
        s.apply(a)
        steps += 1
    if s.phase == OVER:
        return steps
    if randomly and not s.trick:
        return steps + _random_tricks(s, rng)
    hands = s.hands
    strict = s.strict
    lead_ok = s.setup.lead_ok
    tricks = s.tricks
    trick = s.trick
    seat = s.to_act
    leader = s.leader
    trump = s.trump
    played = s.played
    suit = _SUIT
    while True:
        hand = hands[seat]
        if not trick:
            m = hand if tricks else hand & lead_ok
        else:
            led = trick[0] // 13
            m = hand & suit[led]
            if not m:
                m = hand
            elif led != trump and not strict:
                m |= hand & suit[trump]
        if not m & (m - 1):
            a = m.bit_length() - 1
        elif randomly:
            # the r-th legal card, r drawn as rng.randrange(n) draws it
            n = m.bit_count()
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
            a = (m & -m).bit_length() - 1
        else:
            s.to_act, s.trump, s.played, s.leader = seat, trump, played, leader
            a = choose(s, _cards_of(m), rng)
        steps += 1
        bit = 1 << a
        hands[seat] = hand ^ bit
        played |= bit
        if not trick and not tricks:
            trump = a // 13
        trick.append(a)
        if len(trick) < 4:
            seat = (seat + 1) & 3
            continue
        t0, t1, t2, t3 = trick
        key = TRICK_KEY[trump * 4 + t0 // 13]
        best, first = key[t0], 0
        if key[t1] > best:
            best, first = key[t1], 1
        if key[t2] > best:
            best, first = key[t2], 2
        if key[t3] > best:
            first = 3
        winner = (leader + first) & 3
        tricks.append(_new(Trick, (leader, (t0, t1, t2, t3), winner)))
        del trick[:]
        leader = seat = winner
        if len(tricks) == 6:
            break
    u = s.setup
    s.trump, s.played, s.leader = trump, played, leader
    s.tally = score_hand(s.rules, u.bidder, u.bid, trump, tuple(tricks), u.discard, u.scores)
    s.phase = OVER
    s.to_act = -1
    return steps


def _random_tricks(s: FastState, rng: random.Random) -> int:
    """The rest of the play from the start of a trick, every card drawn at random as
    `RandomPolicy` draws it: `playout`'s loop unrolled trick by trick (R21-R26)."""
    bits = rng.getrandbits
    hands = s.hands
    tricks = s.tricks
    strict = s.strict
    suit = _SUIT
    trump = s.trump
    leader = s.leader
    played = s.played
    lead_ok = -1 if tricks else s.setup.lead_ok
    steps = 0
    while len(tricks) < 6:
        hand = hands[leader]
        m = hand & lead_ok
        lead_ok = -1
        if m & (m - 1):  # the r-th card of two or more, r drawn as rng.randrange(n) draws it
            n = m.bit_count()
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
        t0 = (m & -m).bit_length() - 1
        hands[leader] = hand ^ (1 << t0)
        led = t0 // 13
        if trump < 0:
            trump = led  # R22
        follow = suit[led]
        extra = 0 if strict or led == trump else suit[trump]
        key = TRICK_KEY[trump * 4 + led]
        best = key[t0]
        first = 0
        seat = (leader + 1) & 3
        hand = hands[seat]
        m = hand & follow
        m = m | hand & extra if m else hand
        if m & (m - 1):
            n = m.bit_count()
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
        t1 = (m & -m).bit_length() - 1
        hands[seat] = hand ^ (1 << t1)
        if key[t1] > best:
            best, first = key[t1], 1
        seat = (seat + 1) & 3
        hand = hands[seat]
        m = hand & follow
        m = m | hand & extra if m else hand
        if m & (m - 1):
            n = m.bit_count()
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
        t2 = (m & -m).bit_length() - 1
        hands[seat] = hand ^ (1 << t2)
        if key[t2] > best:
            best, first = key[t2], 2
        seat = (seat + 1) & 3
        hand = hands[seat]
        m = hand & follow
        m = m | hand & extra if m else hand
        if m & (m - 1):
            n = m.bit_count()
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
        t3 = (m & -m).bit_length() - 1
        hands[seat] = hand ^ (1 << t3)
        if key[t3] > best:
            first = 3
        winner = (leader + first) & 3
        tricks.append(_new(Trick, (leader, (t0, t1, t2, t3), winner)))
        played |= 1 << t0 | 1 << t1 | 1 << t2 | 1 << t3
        leader = winner
        steps += 4
    u = s.setup
    s.trump, s.played, s.leader = trump, played, leader
    s.tally = score_hand(s.rules, u.bidder, u.bid, trump, tuple(tricks), u.discard, u.scores)
    s.phase = OVER
    s.to_act = -1
    return steps


__all__ = [
    "AUCTION",
    "BID",
    "DISCARD",
    "DISCARD_FLAG",
    "OVER",
    "PASS",
    "PLAY",
    "FastPolicy",
    "FastState",
    "RandomPolicy",
    "RulePolicy",
    "deal",
    "from_state",
    "playout",
    "policy_for",
    "to_action",
    "to_int",
]
