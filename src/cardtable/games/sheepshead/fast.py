"""Sheepshead's fast layer: a mutable, unchecked hand state for playouts and simulation.

The public `Sheepshead` game is checked and immutable: the contract for people, records and
tables. This layer is made only for speed, where nobody needs the checks (search playouts, random
simulation): a slotted mutable `FastState`, actions as ints, `FastState.moves` (the legal actions
in the checked engine's canonical order), `FastState.apply` without any check, `FastState.copy`
and `FastState.score`. `from_state` converts a checked state (``None`` when the layer cannot take
it) and `FastState.to_state` converts back; `to_int` and `to_action` convert actions.

Actions as ints: a play is the card's Sheepshead index (0 = QC ... 31 = 7H, `tables`); `PICK`,
`BLITZ`, `PASS`, `CRACK`, `RECRACK` and `ALONE` are 32-37; a call of the card of index ``c`` is
``CALL + c`` and with the unknown ``u`` set aside ``CALL_UNKNOWN + 32 * c + u``; a bury is
``BURY | mask`` of its two cards.

Only the trick play (R23-R35a), nearly every move of a playout, is written out here, and it leans
on the checked engine's `play.play_mask` and `play.trick_winner` wherever the called-card rules
bind; the passes, the pick, a called-ace bury and a call without a crack to follow are stepped in
place as `play.py` steps them (the ace and ten calls listed here as ints), the rest of the
auction steps through the checked engine's own functions, and a picked hand is scored by the
checked `scoring.multiplier` and `scoring.settle` (a no-pick game by `scoring.result`). Every
rule option and preset is supported; `from_state` refuses only the state before the deal (use
`deal`).

>>> import random
>>> from cardtable.games.sheepshead import Sheepshead
>>> game = Sheepshead()
>>> s = deal(game, 4, random.Random(1))
>>> s.phase == PICK_PHASE, s.moves()
(True, [32, 34])
>>> steps = playout(s, RandomPolicy(), random.Random(2))
>>> s.to_act, sum(s.score())
(-1, 0)
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Final, Protocol

from cardtable.cards import DECK32
from cardtable.core import rules_json

from . import play as checked
from . import scoring
from .actions import ALONE as ALONE_ACTION
from .actions import BLITZ as BLITZ_ACTION
from .actions import CRACK as CRACK_ACTION
from .actions import PASS as PASS_ACTION
from .actions import PICK as PICK_ACTION
from .actions import PLAYS, Action, Bury, Call, Play, bury_of
from .actions import RECRACK as RECRACK_ACTION
from .bots import (
    ACES,
    FAIL,
    RuleBot,
    _bits,
    _bottom,
    _cheapest_winner,
    _discard,
    _safe,
    _schmear,
    _top,
    leaster_card,
)
from .game import Sheepshead
from .rules import SheepsheadRules
from .scoring import result
from .state import NOBODY, CallKind, Phase, Setup, State
from .tables import (
    BLACK_QUEENS,
    FAIL_ACES,
    FAIL_SUITS,
    FAIL_TENS,
    FOLLOW,
    FROM_KERNEL,
    POINTS,
    RED_QUEENS,
    SUIT_CLASS,
    TO_KERNEL,
    TRUMP,
    indices,
    points_of,
)
from .view import observe

#: Phases as ints (the values of `Phase`).
DEAL, PICK_PHASE, BURY_PHASE, CALL_PHASE, CRACK_PHASE, RECRACK_PHASE, PLAY, DONE = range(8)

#: Action ints (plays are Sheepshead card indices 0-31).
PICK: Final = 32
BLITZ: Final = 33
PASS: Final = 34
CRACK: Final = 35
RECRACK: Final = 36
ALONE: Final = 37
CALL: Final = 64
CALL_UNKNOWN: Final = 1024
BURY: Final = 1 << 40

_WORDS: Final[dict[Action, int]] = {
    PICK_ACTION: PICK,
    BLITZ_ACTION: BLITZ,
    PASS_ACTION: PASS,
    CRACK_ACTION: CRACK,
    RECRACK_ACTION: RECRACK,
    ALONE_ACTION: ALONE,
}
_ACTIONS: Final[dict[int, Action]] = {v: k for k, v in _WORDS.items()}
_new = tuple.__new__
_PHASES: Final = tuple(Phase)


def to_int(action: Action) -> int:
    """The int of a checked action."""
    if isinstance(action, Play):
        return FROM_KERNEL[action.card]
    if isinstance(action, Bury):
        a, b = action.cards
        return BURY | 1 << FROM_KERNEL[a] | 1 << FROM_KERNEL[b]
    if isinstance(action, Call) and action.card is not None:
        c = FROM_KERNEL[action.card]
        if action.unknown is None:
            return CALL + c
        return CALL_UNKNOWN + 32 * c + FROM_KERNEL[action.unknown]
    return _WORDS[action]


def to_action(a: int) -> Action:
    """The checked action of an int."""
    if a < 32:
        return PLAYS[a]
    if a >= BURY:
        i, j = (c for c in range(32) if a >> c & 1)
        return bury_of(TO_KERNEL[i], TO_KERNEL[j])
    if a >= CALL_UNKNOWN:
        c, u = divmod(a - CALL_UNKNOWN, 32)
        return Call(TO_KERNEL[c], TO_KERNEL[u])
    if a >= CALL:
        return Call(TO_KERNEL[a - CALL])
    return _ACTIONS[a]


class FastState:
    """One Sheepshead hand after the deal, mutable and unchecked (see the module docstring).

    The fields are those of the checked `State`, with ``hands``, ``trick`` and ``tricks`` as
    lists; ``to_act`` is the seat to act, -1 once the hand is over; ``setup`` is the checked
    engine's `Setup`, shared, never changed in place.
    """

    __slots__ = (
        "choices",
        "first_x",
        "follow",
        "hands",
        "leader",
        "legal",
        "phase",
        "played",
        "rules",
        "setup",
        "to_act",
        "trick",
        "trick_no",
        "tricks",
    )

    def __init__(
        self,
        rules: SheepsheadRules,
        setup: Setup,
        phase: int,
        to_act: int,
        hands: list[int],
        trick_no: int,
        leader: int,
        trick: list[int],
        tricks: list[tuple[int, tuple[int, ...], int]],
        played: int,
        first_x: int,
        legal: int,
        choices: tuple[object, ...],
        follow: int = 0,
    ) -> None:
        self.rules = rules
        self.setup = setup
        self.phase = phase
        self.to_act = to_act
        self.hands = hands
        self.trick_no = trick_no
        self.leader = leader
        self.trick = trick
        self.tricks = tricks
        self.played = played
        self.first_x = first_x
        self.legal = legal
        self.choices = choices
        self.follow = follow

    def _load(self, s: State) -> None:
        self.setup = s.setup
        self.phase = int(s.phase)
        self.to_act = -1 if s.phase == Phase.DONE else s.actor
        self.hands = list(s.hands)
        self.trick_no = s.trick_no
        self.leader = s.leader
        self.trick = list(s.trick)
        self.tricks = list(s.tricks)
        self.played = s.played
        self.first_x = s.first_x
        self.legal = s.legal
        self.choices = s.choices
        self.follow = _follow_of(s.setup, s.trick, s.trick_no, s.first_x) if s.phase == Phase.PLAY else 0

    def copy(self) -> FastState:
        """An independent copy (the shared parts are immutable)."""
        return FastState(
            self.rules,
            self.setup,
            self.phase,
            self.to_act,
            self.hands[:],
            self.trick_no,
            self.leader,
            self.trick[:],
            self.tricks[:],
            self.played,
            self.first_x,
            self.legal,
            self.choices,
            self.follow,
        )

    def to_state(self) -> State:
        """The checked engine's state equal to this one."""
        actor = NOBODY if self.phase == DONE else self.to_act
        return _new(
            State,
            (
                self.setup,
                _PHASES[self.phase],
                actor,
                tuple(self.hands),
                self.trick_no,
                self.leader,
                tuple(self.trick),
                tuple(self.tricks),
                self.played,
                self.first_x,
                self.legal,
                self.choices,
            ),
        )

    def moves(self) -> list[int]:
        """The legal actions, in the checked engine's canonical order."""
        phase = self.phase
        if phase == PLAY:
            m = self.legal
            lo = _LOW_CARDS[m & 0xFFFF]
            hi = _HIGH_CARDS[m >> 16]
            if lo is None or hi is None:
                lo, hi = _halves(m)
            return lo + hi
        if phase == DONE:
            return []
        if phase == BURY_PHASE:
            # R14 (`play.bury_choices`): any two of the eight, in canonical order
            bits = [BURY | 1 << i for i in indices(self.hands[self.to_act])]
            return [bits[x] | bits[y] for x, y in _PAIRS[len(bits)]]
        if phase == CALL_PHASE:
            return _call_moves(self.rules, self.hands[self.to_act], self.setup.bury)
        return _ints(self.choices)  # type: ignore[arg-type]

    def apply(self, a: int) -> None:
        """Take action ``a`` (one of `moves`), unchecked."""
        if self.phase == PLAY:  # R23-R26: `play.apply_play` of the checked engine, step for step
            seat = self.to_act
            hands = self.hands
            bit = 1 << a
            hands[seat] ^= bit
            self.played |= bit
            trick = self.trick
            trick.append(a)
            nxt = seat + 1 if seat < 4 else 0
            n = len(trick)
            if 1 < n < 5:
                follow = self.follow
                self.to_act = nxt
                hand = hands[nxt]
                if follow:  # R24 (or R31) alone binds everyone in this trick
                    self.legal = hand & follow or hand
                    return
                setup = self.setup
                trick_no = self.trick_no
                under = setup.under
                if nxt == setup.picker or nxt == setup.partner or under >= 0 or trick_no == 5:
                    self.legal = checked.play_mask(self.rules, setup, nxt, hand, tuple(trick), trick_no, self.first_x)
                else:
                    self.legal = hand & FOLLOW[trick[0]] or hand
                return
            setup = self.setup
            trick_no = self.trick_no
            if n == 1:  # the lead
                self.to_act = nxt
                hand = hands[nxt]
                x = setup.suit
                if x >= 0:
                    first_x = self.first_x
                    under = setup.under
                    if first_x < 0 and (SUIT_CLASS[a] == x or a == under):
                        first_x = self.first_x = trick_no  # R27-R33: the first trick of the called suit
                    if first_x < 0 or first_x == trick_no or under >= 0:
                        # the called-card rules may bind the picker and the holder (R27-R33, R35a)
                        self.follow = 0
                        if nxt == setup.picker or nxt == setup.partner or under >= 0 or trick_no == 5:
                            self.legal = checked.play_mask(self.rules, setup, nxt, hand, (a,), trick_no, first_x)
                        else:
                            self.legal = hand & FOLLOW[a] or hand
                        return
                follow = self.follow = FOLLOW[a] if trick_no < 5 else _ALL
                self.legal = hand & follow or hand
                return
            cards = (trick[0], trick[1], trick[2], trick[3], a)
            leader = self.leader
            if setup.under < 0 and not (setup.call_kind == _TEN and self.rules.called_ten_beats_ace):
                c0 = trick[0]  # R25: the highest trump, else the highest card of the led suit
                won = 1 << c0 | 1 << trick[1] | 1 << trick[2] | 1 << trick[3] | bit
                w = won & TRUMP or won & FOLLOW[c0]
                winner = leader + cards.index((w & -w).bit_length() - 1)
                if winner >= 5:
                    winner -= 5
            else:
                winner = checked.trick_winner(self.rules, setup, leader, cards, self.first_x, trick_no)
            self.tricks.append((leader, cards, winner))
            self.trick = []
            self.leader = winner
            if trick_no == 5:
                self.trick_no = 6
                self.phase = DONE
                self.to_act = -1
                self.legal = 0
                return
            trick_no += 1
            self.trick_no = trick_no
            self.to_act = winner
            x = setup.suit
            if x >= 0:
                first_x = self.first_x
                under = setup.under
                if (first_x < 0 or first_x == trick_no or under >= 0) and (
                    winner == setup.picker or winner == setup.partner or under >= 0
                ):
                    self.legal = checked.play_mask(self.rules, setup, winner, hands[winner], (), trick_no, first_x)
                    return
            self.legal = hands[winner]
            return
        self._auction(a)

    def _auction(self, a: int) -> None:
        """The moves before the trick play: the pick, bury, call and cracks."""
        rules = self.rules
        phase = self.phase
        if phase == PICK_PHASE and a == PASS and self.setup.passes < 4:
            # R11 (`play.apply_pass`): the next seat decides
            u = self.setup
            passes = u.passes + 1
            self.setup = _new(Setup, (u[0], u[1], u[2], u[3], passes, -1, 0, _NO_CALL, -1, -1, -1, -1, 0, 0, -1))
            seat = self.to_act = (self.to_act + 1) % 5
            self.choices = checked.pick_choices(rules, self.hands[seat], passes)
            return
        if phase == PICK_PHASE and a != PASS:
            self._pick(a == BLITZ)
            return
        if a >= BURY and rules.partner_mode == "called_ace":
            # R14 (`play.apply_bury`): two cards leave the picker's hand; the call comes next
            bury = a & ~BURY
            self.hands[self.to_act] &= ~bury
            u = self.setup
            self.setup = _new(Setup, (*u[:6], bury, *u[7:13], 0, -1))
            self.phase = CALL_PHASE
            return
        if (a == ALONE or CALL <= a < CALL_UNKNOWN) and not (rules.cracking and self.setup.picker != self.setup.dealer):
            self._call(a - CALL if a != ALONE else -1)
            return
        s = self.to_state()
        if a >= BURY:
            s = checked.apply_bury(rules, s, a & ~BURY)
        elif a >= CALL:
            call = to_action(a)
            assert isinstance(call, Call) and call.card is not None
            under = -1 if call.unknown is None else FROM_KERNEL[call.unknown]
            s = checked.apply_call(rules, s, FROM_KERNEL[call.card], under)
        elif a == ALONE:
            s = checked.apply_call(rules, s, -1, -1)
        elif self.phase == PICK_PHASE:
            s = checked.apply_pass(rules, s) if a == PASS else checked.apply_pick(rules, s, a == BLITZ)
        else:
            s = checked.apply_crack(rules, s, a != PASS)
        self._load(s)

    def _pick(self, blitz: bool) -> None:
        """R13 (`play.apply_pick`): the picker takes the blind; R45: a blitz shows his queen pairs."""
        seat = self.to_act
        hand = self.hands[seat]
        shown = 0
        if blitz:
            shown = (1 if hand & BLACK_QUEENS == BLACK_QUEENS else 0) | (2 if hand & RED_QUEENS == RED_QUEENS else 0)
        u = self.setup
        self.hands[seat] = hand | u.blind
        self.setup = _new(Setup, (*u[:5], seat, 0, _NO_CALL, -1, -1, -1, -1, shown, 0, -1))
        self.phase = BURY_PHASE
        self.choices = ()

    def _call(self, called: int) -> None:
        """R18-R22 (`play.apply_call`) for an ace or a ten called, or the picker alone (``called``
        -1), when no crack can follow: the holder of the called card is the partner, and the play
        starts (R23)."""
        u = self.setup
        if called < 0:
            setup = _new(Setup, (*u[:7], _ALONE_CALL, -1, -1, -1, -1, u.blitz, 0, -1))
        else:
            picker = u.picker
            kind = _ACE if called in FAIL_ACES else _TEN
            partner = -1
            for seat in range(5):
                if seat != picker and self.hands[seat] >> called & 1:
                    partner = seat
            setup = _new(Setup, (*u[:7], kind, called, SUIT_CLASS[called], -1, partner, u.blitz, 0, -1))
        self.setup = setup
        first = (u.dealer + 1) % 5
        self.phase = PLAY
        self.to_act = self.leader = first
        self.legal = checked.play_mask(self.rules, setup, first, self.hands[first], (), 0, -1)

    def score(self) -> tuple[int, ...]:
        """Each seat's score of the finished hand, as the checked `Sheepshead.outcome` gives it
        (for a picked hand by the checked `scoring` steps, without the result's details)."""
        setup = self.setup
        picker = setup.picker
        if picker < 0:
            return result(self.rules, self.to_state()).score
        rules = self.rules
        partner = setup.partner
        # `scoring.picked_points`: the picker team's card points and tricks (R26), the bury (R15)
        p = t = 0
        pts = POINTS
        for _leader, (c0, c1, c2, c3, c4), winner in self.tricks:
            if winner in (picker, partner):
                t += 1
                p += pts[c0] + pts[c1] + pts[c2] + pts[c3] + pts[c4]
        if t > 0 or not rules.bury_requires_trick:
            p += points_of(setup.bury)
        m = scoring.multiplier(rules, setup)
        _, _, (won, shared, defender) = scoring.settle(rules, p, t, partner < 0, m)
        if partner < 0:
            score = [defender, defender, defender, defender, defender]
            score[picker] = won
            return tuple(score)
        score = [defender, defender, defender, defender, defender]
        score[picker] = won
        score[partner] = shared
        return tuple(score)


#: The ints of the engine's tuples of actions, by the tuple's identity (the tuple is kept, so an
#: identity is never reused while it is cached).
_INTS: dict[int, tuple[tuple[Action, ...], list[int]]] = {}
#: The cards (indices, strongest first) of each value of the low and the high 16 bits of a card
#: set, filled in as they are met; never changed in place (`FastState.moves` joins copies).
_LOW_CARDS: list[list[int] | None] = [None] * (1 << 16)
_HIGH_CARDS: list[list[int] | None] = [None] * (1 << 16)


def _halves(m: int) -> tuple[list[int], list[int]]:
    """The entries of `_LOW_CARDS` and `_HIGH_CARDS` for the card set ``m``, made if missing."""
    lo, hi = m & 0xFFFF, m >> 16
    low = _LOW_CARDS[lo]
    if low is None:
        low = _LOW_CARDS[lo] = [i for i in range(16) if lo >> i & 1]
    high = _HIGH_CARDS[hi]
    if high is None:
        high = _HIGH_CARDS[hi] = [16 + i for i in range(16) if hi >> i & 1]
    return low, high


def _ints(actions: tuple[Action, ...]) -> list[int]:
    """The ints of a tuple of actions (the engine's choices and calls), remembered; a new list."""
    if actions is _PICK_PASS:
        return [PICK, PASS]
    got = _INTS.get(id(actions))
    if got is None or got[0] is not actions:
        if len(_INTS) > 100_000:
            _INTS.clear()
        got = _INTS[id(actions)] = (actions, [to_int(a) for a in actions])
    return got[1][:]


_PICK_PASS: Final = checked.pick_choices(SheepsheadRules(), 0, 0)
_FAIL_ACES: Final = sum(1 << a for a in FAIL_ACES)


def _call_moves(rules: SheepsheadRules, hand: int, bury: int) -> list[int]:
    """`play.call_choices` as ints, written out for the ace and ten calls (R18-R21); with the
    unknown allowed (R35a) the checked engine's list is converted."""
    if rules.allow_unknown_call:
        return _ints(checked.call_choices(rules, hand, bury))
    eight = hand | bury
    out = []
    for x in (0, 1, 2):
        ace = FAIL_ACES[x]
        # R18 (a) the ace is not among his eight cards, (b) a hold card of the suit in hand
        if hand & FAIL_SUITS[x] & ~(1 << ace) and (rules.allow_call_own_ace or not eight >> ace & 1):
            out.append(CALL + ace)
    if not out and rules.allow_ten_call and eight & _FAIL_ACES == _FAIL_ACES:  # R19
        for x in (0, 1, 2):
            hold = hand & (1 << FAIL_ACES[x] if rules.ten_call_hold_must_be_ace else FAIL_SUITS[x])
            if hold and not eight >> FAIL_TENS[x] & 1:
                out.append(CALL + FAIL_TENS[x])
    out.append(ALONE)  # R20, R21
    return out


#: Every card: what a follower may play on the last trick (R31), his whole hand.
_ALL: Final = (1 << 32) - 1


def _follow_of(setup: Setup, trick: tuple[int, ...] | list[int], trick_no: int, first_x: int) -> int:
    """`FastState.follow` of a trick in progress: the cards every follower must follow with (R24;
    every card on the last trick, R31), or 0 while the called-card rules may bind one of them
    (R27-R33, R35a: the follower's legal cards then come from `play.play_mask`)."""
    if not trick:
        return 0
    x = setup.suit
    if x >= 0 and (first_x < 0 or first_x == trick_no or setup.under >= 0):
        return 0
    return FOLLOW[trick[0]] if trick_no < 5 else _ALL


def from_state(state: State, rules: SheepsheadRules) -> FastState | None:
    """The fast state equal to a checked one, or ``None`` before the deal (the layer starts with a
    dealt hand: see `deal`)."""
    if state.phase == Phase.DEAL:
        return None
    s = FastState(rules, state.setup, 0, 0, [], 0, 0, [], [], 0, -1, 0, ())
    s._load(state)
    return s


def deal(game: Any, dealer: int, rng: random.Random, match: Any = None) -> FastState:
    """A freshly dealt hand of ``game`` (a `Sheepshead`), dealt as the checked engine deals it
    from the same random stream: the pack sorted by 32 random keys (`Sheepshead.deal`), then
    3-2-3 from the dealer's left with two to the blind after the first round (R9)."""
    if match is None:
        scores, pending = _NEW_MATCH, 0
    else:
        u = game.start(dealer, match).setup
        scores, pending = u.scores, u.pending
    r = rng.random
    keys = [r() for _ in _POSITIONS]
    o = sorted(_POSITIONS, key=keys.__getitem__)  # the pack's positions in the dealt order
    b = _POSITION_BIT
    # in turn from the dealer's left: three, then (after two to the blind) three more
    h = (
        b[o[0]] | b[o[1]] | b[o[2]] | b[o[17]] | b[o[18]] | b[o[19]],
        b[o[3]] | b[o[4]] | b[o[5]] | b[o[20]] | b[o[21]] | b[o[22]],
        b[o[6]] | b[o[7]] | b[o[8]] | b[o[23]] | b[o[24]] | b[o[25]],
        b[o[9]] | b[o[10]] | b[o[11]] | b[o[26]] | b[o[27]] | b[o[28]],
        b[o[12]] | b[o[13]] | b[o[14]] | b[o[29]] | b[o[30]] | b[o[31]],
    )
    first = dealer + 1 if dealer < 4 else 0
    hands = list(h[5 - first :] + h[: 5 - first])
    setup = _new(Setup, (dealer, scores, pending, b[o[15]] | b[o[16]], 0, -1, 0, _NO_CALL, -1, -1, -1, -1, 0, 0, -1))
    rules = game.rules
    return FastState(
        rules, setup, PICK_PHASE, first, hands, 0, first, [], [], 0, -1, 0, checked.pick_choices(rules, hands[first], 0)
    )


#: The running scores of a new match (`Sheepshead.start` without a match).
_NEW_MATCH: Final = (0, 0, 0, 0, 0)
#: The kinds of call (`CallKind`'s members, looked up once: an enum member costs a lookup each time).
_NO_CALL: Final = CallKind.NONE
_ACE: Final = CallKind.ACE
_TEN: Final = CallKind.TEN
_ALONE_CALL: Final = CallKind.ALONE
_POSITIONS: Final = range(32)
#: The bit, in a Sheepshead card set, of the card at each position of the unshuffled pack.
_POSITION_BIT: Final = tuple(1 << FROM_KERNEL[c] for c in DECK32)


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

    The trick play (nearly every decision) is written out over the state, reading only what the
    seat to act may know (as its view shows it: the unknown card of R35a stays face down, the
    partner stays unknown until the called card shows, R22); the other decisions ask the checked
    bot with the seat's view."""

    def __init__(self, rules: SheepsheadRules, classic: bool = False) -> None:
        self.rules = rules
        self.classic = classic  # as `RuleBot.classic`
        # a game with these rules for the checked bot's decisions
        self.bot = RuleBot(Sheepshead(**rules_json(rules)), classic)

    def choose(self, s: FastState, moves: list[int], rng: random.Random) -> int:
        if s.phase != PLAY:
            rules = self.rules
            view = observe(s.to_state(), s.to_act, rules.partner_mode, rules.no_pick_rule)
            return to_int(self.bot.act(view, [to_action(a) for a in moves], rng))
        return self._play(s, s.legal)

    def _play(self, s: FastState, ok: int) -> int:
        seat = s.to_act
        setup = s.setup
        picker = setup.picker
        hand = s.hands[seat]
        under = setup.under
        played = s.played
        # what this seat may know of the played cards (`view.known`): the unknown only when it
        # set it aside or won its trick
        seen = played
        if (
            picker != seat
            and under >= 0
            and played >> under & 1
            and not any(w == seat and under in cs for _l, cs, w in s.tricks)
        ):
            seen &= ~(1 << under)
        gone = hand | (played & seen)
        if picker == seat:
            gone |= setup.blind | setup.bury
        out = ~gone & 0xFFFFFFFF
        trick = s.trick if seen == played else [c if seen >> c & 1 else -1 for c in s.trick]
        x = setup.suit
        if picker < 0:
            won = 0
            for _ld, _cs, w in s.tricks:
                if w == seat:
                    won += 1
            return self._leaster(hand, ok, trick, out, won)
        partner_known, partner = _partner_view(s, seat)
        # the seats this one knows to be on its side, as a set of seats
        team: int
        if seat == picker:
            team = 1 << seat | (1 << partner if partner is not None else 0)
        elif partner == seat:
            team = 1 << seat | 1 << picker
        elif partner_known:
            team = 31 & ~(1 << picker) & ~(1 << partner if partner is not None else 0)
        else:
            team = 1 << seat
        on_picker_team = seat == picker or partner == seat
        if not trick:
            return self._lead(s, seen, ok, out, on_picker_team, x)
        led, best, best_pos, points = _trick_state(trick, x)
        leader = s.leader
        winner = (leader + best_pos) % 5
        follow = FAIL_SUITS[x] if led < 0 else FOLLOW[led]
        last = len(trick) == 4
        best_is_trump = best < 14
        beat = ok & TRUMP & (1 << best) - 1 if best_is_trump else ok & TRUMP | ok & follow & (1 << best) - 1
        if team >> winner & 1:
            if last or _safe(best, out, follow, best_is_trump):
                return _schmear(ok)
            if beat and points >= 10:
                safe = [c for c in _bits(beat) if _safe(c, out, follow, c < 14)]
                if safe:
                    return max(safe)
            return _discard(ok)
        if (
            not on_picker_team
            and not partner_known
            and winner != picker
            and (picker - leader) % 5 < len(trick)
            and (not beat or points < 10)
        ):
            return _discard(ok)
        if beat:
            if last or not self.classic:
                return _cheapest_winner(beat)
            safe_beat = 0
            for c in _bits(beat):
                if _safe(c, out, follow, c < 14):
                    safe_beat |= 1 << c
            if safe_beat:
                return _cheapest_winner(safe_beat)
            if points >= 10:
                return _top(beat)
            if not beat & TRUMP:
                return _cheapest_winner(beat)
        return _discard(ok)

    def _lead(self, s: FastState, seen: int, ok: int, out: int, picker_team: bool, x: int) -> int:
        trumps = ok & TRUMP
        if picker_team and trumps:
            top = _top(trumps)
            if not out & TRUMP & ((1 << top) - 1):
                return top
            return _bottom(trumps)
        fails = ok & FAIL
        if not fails:
            return _bottom(ok)
        if not picker_team and x >= 0:
            suit = FAIL_SUITS[x]
            open_x = True
            for _ld, cs, _w in s.tricks:
                c = cs[0]
                if not seen >> c & 1 or suit >> c & 1:
                    open_x = False
                    break
            if open_x:
                xs = fails & suit
                if xs:
                    return _bottom(xs)
        aces = fails & ACES
        for a in FAIL_ACES:
            if aces >> a & 1 and out & FAIL_SUITS[(a - 14) // 6]:
                return a
        best_suit = 0
        best_len = 99
        for suit in FAIL_SUITS:
            f = fails & suit
            if f and f.bit_count() < best_len:
                best_suit, best_len = f, f.bit_count()
        return _bottom(best_suit)

    def _leaster(self, hand: int, ok: int, trick: list[int], out: int, won: int) -> int:
        """R41 (`bots.leaster_card`)."""
        state = _trick_state(trick, -1) if trick else None
        return leaster_card(self.rules, ok, hand.bit_count(), state, len(trick) == 4, out, won)


def _trick_state(trick: list[int], x: int) -> tuple[int, int, int, int]:
    """`bots._trick_state` over Sheepshead indices, -1 for a face-down card."""
    led = trick[0]
    follow = FAIL_SUITS[x] if led < 0 else FOLLOW[led]
    best = 99
    best_pos = 0
    best_trump = False
    points = 0
    for pos, i in enumerate(trick):
        if i < 0:
            continue
        points += POINTS[i]
        if i < 14:
            if not best_trump or i < best:
                best, best_pos, best_trump = i, pos, True
        elif not best_trump and follow >> i & 1 and i < best:
            best, best_pos = i, pos
    if best == 99:
        best = FAIL_SUITS[x].bit_length()
    return led, best, best_pos, points


def _partner_view(s: FastState, seat: int) -> tuple[bool, int | None]:
    """`view.partner_view` during the trick play."""
    setup = s.setup
    if setup.picker < 0:
        return False, None
    partner = setup.partner if setup.partner >= 0 else None
    if setup.call_kind == CallKind.ALONE or setup.called < 0:
        return True, partner
    if seat == setup.partner or s.played >> setup.called & 1:
        return True, partner
    if seat == setup.picker and partner is None:
        return True, None
    return False, None


def policy_for(bot: Any, rules: SheepsheadRules) -> FastPolicy | None:
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
    playout does, so both draw the same random numbers. The trick play is `FastState.apply` written out in
    one loop over local variables (the choice, the step and the next legal cards), calling the
    checked engine's `play.play_mask` and `play.trick_winner` only where the called-card rules
    or the unknown bind; with `RandomPolicy` the choice is drawn inline, from the same random
    bits as ``rng.randrange``."""
    steps = 0
    choose = policy.choose
    randomly = type(policy) is RandomPolicy
    bits = rng.getrandbits
    while s.phase != PLAY and s.phase != DONE:
        if randomly and s.phase == BURY_PHASE:
            # the r-th of `moves`' pairs, drawn as rng.randrange(n) draws it, without the list
            cards = indices(s.hands[s.to_act])
            pairs = _PAIRS[len(cards)]
            n = len(pairs)
            r = 0
            if n > 1:
                k = n.bit_length()
                r = bits(k)
                while r >= n:
                    r = bits(k)
            x, y = pairs[r]
            s.apply(BURY | 1 << cards[x] | 1 << cards[y])
            steps += 1
            continue
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
    if s.phase == DONE:
        return steps
    rules = s.rules
    setup = s.setup
    picker, partner, x, under = setup.picker, setup.partner, setup.suit, setup.under
    if randomly and not s.trick and (x < 0 or (under < 0 and 0 <= s.first_x < s.trick_no)):
        return steps + _random_tricks(s, rng)
    # R19 variant: a called ten that beats the ace needs the checked trick winner
    plain_winner = under < 0 and not (setup.call_kind == CallKind.TEN and rules.called_ten_beats_ace)
    play_mask = checked.play_mask
    hands = s.hands
    tricks = s.tricks
    trick = s.trick
    seat = s.to_act
    trick_no = s.trick_no
    leader = s.leader
    first_x = s.first_x
    legal = s.legal
    played = s.played
    follow = FOLLOW
    while True:
        m = legal
        if not m & (m - 1):
            a = m.bit_length() - 1
        elif randomly:
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
            moves = []
            while m:
                low = m & -m
                moves.append(low.bit_length() - 1)
                m ^= low
            s.to_act, s.trick_no, s.leader, s.first_x, s.legal, s.played = (
                seat,
                trick_no,
                leader,
                first_x,
                legal,
                played,
            )
            a = choose(s, moves, rng)
        steps += 1
        bit = 1 << a
        hands[seat] ^= bit
        played |= bit
        if trick:
            trick.append(a)
            if len(trick) < 5:
                nxt = seat + 1 if seat < 4 else 0
                if trick_no == 5:
                    legal = hands[nxt]  # R31
                elif (
                    x >= 0
                    and (first_x < 0 or first_x == trick_no or under >= 0)
                    and (nxt in (picker, partner) or under >= 0)
                ):
                    legal = play_mask(rules, setup, nxt, hands[nxt], tuple(trick), trick_no, first_x)
                else:
                    hand = hands[nxt]
                    legal = hand & follow[trick[0]] or hand
                seat = nxt
                continue
            cards = (trick[0], trick[1], trick[2], trick[3], a)
            if plain_winner:  # R25
                c0, c1, c2, c3, c4 = cards
                won = 1 << c0 | 1 << c1 | 1 << c2 | 1 << c3 | 1 << c4
                w = won & TRUMP or won & follow[c0]
                winner = (leader + cards.index((w & -w).bit_length() - 1)) % 5
            else:
                winner = checked.trick_winner(rules, setup, leader, cards, first_x, trick_no)
            tricks.append((leader, cards, winner))
            del trick[:]
            leader = seat = winner
            if trick_no == 5:
                break
            trick_no += 1
            if randomly and under < 0 and 0 <= first_x < trick_no:
                # R24 alone from here on (R33): the rest unrolled trick by trick
                s.trick_no, s.leader, s.first_x, s.played = trick_no, leader, first_x, played
                return steps + _random_tricks(s, rng)
            if (
                x >= 0
                and (first_x < 0 or first_x == trick_no or under >= 0)
                and (winner in (picker, partner) or under >= 0)
            ):
                legal = play_mask(rules, setup, winner, hands[winner], (), trick_no, first_x)
            else:
                legal = hands[winner]
            continue
        # the lead
        trick.append(a)
        restricted = x >= 0 and (first_x < 0 or first_x == trick_no or under >= 0)
        if x >= 0 and first_x < 0 and (SUIT_CLASS[a] == x or a == under):
            first_x = trick_no  # R27-R33: the first trick of the called suit
            restricted = True
        nxt = seat + 1 if seat < 4 else 0
        if trick_no == 5:
            legal = hands[nxt]
        elif restricted and (nxt in (picker, partner) or under >= 0):
            legal = play_mask(rules, setup, nxt, hands[nxt], (a,), trick_no, first_x)
        else:
            hand = hands[nxt]
            legal = hand & follow[a] or hand
        seat = nxt
    s.trick_no = 6
    s.leader = leader
    s.first_x = first_x
    s.played = played
    s.phase = DONE
    s.to_act = -1
    s.legal = 0
    return steps


def _random_tricks(s: FastState, rng: random.Random) -> int:
    """The rest of the trick play from the start of a trick where R24 alone binds every seat (no
    called suit, or it has been led and no card lies aside: R33), every card drawn at random as
    `RandomPolicy` draws it: `playout`'s loop unrolled trick by trick (R23-R26, R31)."""
    bits = rng.getrandbits
    hands = s.hands
    tricks = s.tricks
    leader = s.leader
    played = s.played
    trick_no = s.trick_no
    steps = 0
    while True:
        hand = hands[leader]
        m = hand
        if m & (m - 1):  # the r-th card, r drawn as rng.randrange(n) draws it
            n = m.bit_count()
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
        a = (m & -m).bit_length() - 1
        hands[leader] = hand ^ (1 << a)
        cards = [a]
        won = 1 << a
        follow = FOLLOW[a]
        seat = leader
        for _ in _FOLLOWERS:
            seat = seat + 1 if seat < 4 else 0
            hand = hands[seat]
            m = hand & follow or hand
            if m & (m - 1):
                n = m.bit_count()
                k = n.bit_length()
                r = bits(k)
                while r >= n:
                    r = bits(k)
                while r:
                    m &= m - 1
                    r -= 1
            a = (m & -m).bit_length() - 1
            hands[seat] = hand ^ (1 << a)
            cards.append(a)
            won |= 1 << a
        w = won & TRUMP or won & follow  # R25
        winner = leader + cards.index((w & -w).bit_length() - 1)
        if winner >= 5:
            winner -= 5
        tricks.append((leader, tuple(cards), winner))
        played |= won
        steps += 5
        leader = winner
        if trick_no == 5:
            break
        trick_no += 1
    s.trick_no = 6
    s.leader = leader
    s.played = played
    s.phase = DONE
    s.to_act = -1
    s.legal = 0
    return steps


_FOLLOWERS: Final = (1, 2, 3, 4)
#: For a hand of k cards, the positions of the two cards of each bury in `FastState.moves`'s
#: order (``combinations(range(k), 2)``).
_PAIRS: Final = tuple(tuple(combinations(range(k), 2)) for k in range(33))
