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

from cardtable.core import Deal

from . import play as checked
from .actions import BIDS, PLAYS, Action, Bid, Discard, Play
from .actions import PASS as PASS_ACTION
from .bots import RuleBot, _best_suit
from .play import start_state
from .rules import SmearRules
from .scoring import score_hand
from .state import Phase, Setup, State, Tally, Trick
from .tables import CARD_VALUE, POWER, SUIT, TRICK_KEY, TRUMP_JACK
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
        "hands",
        "leader",
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
        played = 0
        for t in tricks:
            for c in t[1]:
                played |= 1 << c
        for c in trick:
            played |= 1 << c
        self.played = played

    def copy(self) -> FastState:
        """An independent copy (the shared parts are immutable)."""
        other = FastState.__new__(FastState)
        other.rules = self.rules
        other.strict = self.strict
        other.phase = self.phase
        other.to_act = self.to_act
        other.hands = self.hands[:]
        other.trump = self.trump
        other.leader = self.leader
        other.trick = self.trick[:]
        other.tricks = self.tricks[:]
        other.setup = self.setup
        other.tally = self.tally
        other.played = self.played
        return other

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
        if self.phase == PLAY:
            m = self.playable()
            out = []
            while m:
                low = m & -m
                out.append(low.bit_length() - 1)
                m ^= low
            return out
        if self.phase == OVER:
            return []
        return [to_int(a) for a in checked.legal_actions(self.rules, self.strict, self.to_state())]

    def apply(self, a: int) -> None:
        """Take action ``a`` (one of `moves`), unchecked."""
        if self.phase != PLAY:
            s = checked.apply_action(self.rules, self.strict, self.to_state(), to_action(a))
            self._load(s)
            return
        seat = self.to_act
        self.hands[seat] ^= 1 << a
        self.played |= 1 << a
        trick = self.trick
        if not trick and not self.tricks:
            self.trump = a // 13  # R22: the first card led sets trump
        trick.append(a)
        if len(trick) < 4:
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
        self.trick = []
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
    """A freshly dealt hand, as the checked engine deals it from the same random stream."""
    from .game import shuffled

    s = checked.apply_deal(rules, start_state(dealer, scores), Deal(shuffled(rng)))
    fs = from_state(s, rules)
    assert fs is not None
    return fs


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

    def __init__(self, rules: SmearRules) -> None:
        self.rules = rules
        self.low_to_player = rules.low_awarded_to == "player"
        self.bot = RuleBot(_RulesOnly(rules))

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


class _RulesOnly:
    """What `RuleBot` reads of a game: its rules."""

    def __init__(self, rules: SmearRules) -> None:
        self.rules = rules


def policy_for(bot: Any, rules: SmearRules) -> FastPolicy | None:
    """The fast policy that chooses as ``bot`` does, or ``None`` for a bot it has none for."""
    from cardtable.bots.base import RandomBot

    if type(bot) is RuleBot and bot.rules == rules:
        return RulePolicy(rules)
    if type(bot) is RandomBot:
        return RandomPolicy()
    return None


def playout(s: FastState, policy: FastPolicy, rng: random.Random) -> int:
    """Play the hand out from ``s`` (changed in place) with ``policy``; the number of moves.

    A move with one legal action is taken without asking the policy, as the search's checked
    playout does, so both draw the same random numbers."""
    steps = 0
    choose = policy.choose
    while s.phase != PLAY and s.phase != OVER:
        moves = s.moves()
        s.apply(moves[0] if len(moves) == 1 else choose(s, moves, rng))
        steps += 1
    if s.phase == OVER:
        return steps
    # The play, written out: the legal cards, the choice and the step in one loop.
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
        if m & (m - 1):
            moves = []
            while m:
                low = m & -m
                moves.append(low.bit_length() - 1)
                m ^= low
            s.to_act, s.trump, s.played, s.leader = seat, trump, played, leader
            a = choose(s, moves, rng)
        else:
            a = m.bit_length() - 1
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
