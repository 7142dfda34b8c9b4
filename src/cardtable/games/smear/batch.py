"""Smear's batched engine: B tables as arrays, for `cardtable.batch.Batch`.

The class `SmearBatch` (``BATCH``) is Smear's side of the protocol of `cardtable.batch.protocol`:
it holds the tables (one row each of the kernels' arrays, `kernels`), deals them from the rows'
own generators, gives the legal tokens, applies one token per row, observes any seat, and writes
the records of the hands that end. The kernels play every rule option of `SmearRules`; an option
this module does not know (one added to the rules later) is refused when the batch is made.

Tokens and observations are those of the RL environments (`tokens.spelling`,
`encoding.planes`/`encode`): `SmearBatch` checks at its making that the token names and the
observation's planes are the ones its kernels write, so a change to either cannot pass unnoticed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.facts import FactRows
from cardtable.cards import DECK32, format_card
from cardtable.core import BadRules
from cardtable.planes import Layout

from . import botkernels, encoding, kernels
from .actions import Bid, Discard, Play
from .bots import BID_MARGIN, CLASSIC_BID_MARGIN, RuleBot
from .rules import SmearRules
from .scoring import score_hand
from .state import Phase, State, Trick
from .tokens import spelling

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]

#: The names of `SmearBatch.facts`, in its columns' order: `analysis.facts`'s, and ``passed_out``.
FACT_NAMES: Final = (
    *(f"{point}{end}" for point in ("high", "low", "jack", "game") for end in ("", "_them", "_worth")),
    "bid",
    "made_ours",
    "set_ours",
    "set_them",
    "tricks",
    "passed_out",
)

#: The rule options the kernels play, each turned into the numbers of ``P`` by `params`.
SUPPORTED: Final = frozenset(
    {
        "kitty_size",
        "target_score",  # decides only the match's winner: an episode is one hand
        "min_bid",
        "max_bid",
        "dealer_may_equal",
        "max_bid_ends_auction",
        "all_pass",
        "follow_rule",
        "high_rule",
        "low_rule",
        "low_awarded_to",
        "game_tie",
        "discards_count_for_game",
        "discards_as_captured",
        "simultaneous",  # the match's winner only
        "must_bid_to_win",  # the match's winner only
        "non_bidder_cap",
    }
)

_ALL_PASS: Final = {
    "redeal_same_dealer": kernels.ALL_PASS_SAME,
    "redeal_next_dealer": kernels.ALL_PASS_NEXT,
    "stick_dealer": kernels.ALL_PASS_STICK,
}
_GAME_TIE: Final = {
    "none": kernels.TIE_NONE,
    "bidding_team": kernels.TIE_BIDDING,
    "non_bidding_team": kernels.TIE_OTHER,
}

#: The card names of the 32-card pack, by the kernels' card number.
CARD_NAMES: Final = tuple(format_card(c) for c in DECK32)
#: The kernels' number of each engine card (``suit * 13 + rank``), -1 off the 32-card pack.
KERNEL_CARD: Final = tuple(DECK32.index(c) if c in DECK32 else -1 for c in range(52))


def _suit_bits(pattern: int) -> int:
    """One suit's 13-bit rank pattern (engine cards) as the kernels' 8 bits of that suit."""
    out = 0
    for rank in range(13):
        if pattern >> rank & 1 and KERNEL_CARD[rank] >= 0:
            out |= 1 << KERNEL_CARD[rank]
    return out


_SUIT_BITS: Final = tuple(_suit_bits(p) for p in range(1 << 13))


def kernel_set(m: int) -> int:
    """An engine card set (52-bit) as the kernels' 32-bit set."""
    b = _SUIT_BITS
    return b[m & 0x1FFF] | b[m >> 13 & 0x1FFF] << 8 | b[m >> 26 & 0x1FFF] << 16 | b[m >> 39 & 0x1FFF] << 24


_new = tuple.__new__
#: The engine's card of each of the kernels' cards.
_DECK32_ARRAY: Final = np.array(DECK32, np.int64)

#: `kernel_set` of each 13-bit suit pattern, for `_kernel_sets`.
_SUIT_ARRAY: Final = np.array(_SUIT_BITS, np.int64)
#: The columns of the card sets that differ between the worlds of one view, in `load`'s order.
_SET_COLUMNS: Final = [kernels.HAND0 + s for s in range(4)] + [
    kernels.KITTY,
    kernels.DEAD,
    kernels.DISCARD,
    kernels.LEAD_OK,
]


def _kernel_sets(m: Ints) -> Ints:
    """`kernel_set` of every engine card set of the array ``m``."""
    b = _SUIT_ARRAY
    out: Ints = b[m & 0x1FFF] | b[m >> 13 & 0x1FFF] << 8 | b[m >> 26 & 0x1FFF] << 16 | b[m >> 39 & 0x1FFF] << 24
    return out


#: The kernels' phase of each engine phase a loaded state may have (not the deal).
_LOAD_PHASE: Final = {
    Phase.AUCTION: kernels.AUCTION,
    Phase.DISCARD: kernels.DISCARDING,
    Phase.PLAY: kernels.PLAYING,
    Phase.OVER: kernels.OVER,
}


#: The columns of the cards played so far (`_played_columns`), by the tricks and the trick: the
#: worlds a search draws for one decision share them. Emptied when it grows past `_KEEP`.
_PLAYED: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
_KEEP: Final = 4096


def _played_columns(tricks: tuple[Any, ...], trick: tuple[int, ...], leader: int) -> list[tuple[int, int]]:
    """(column, value) of a row's played cards: each seat's cards played, each team's cards taken,
    each seat's tricks won, the tricks done, the trick so far."""
    card = KERNEL_CARD
    cols = [0] * kernels.COLUMNS
    for t in tricks:
        taken = 0
        for k, c in enumerate(t.cards):
            cols[kernels.PLAYED0 + ((t.leader + k) & 3)] |= 1 << card[c]
            taken |= 1 << card[c]
        cols[kernels.TAKEN0 + (t.winner & 1)] |= taken
        cols[kernels.WON0 + t.winner] += 1
    cols[kernels.NTRICKS] = len(tricks)
    cols[kernels.NTRICK] = len(trick)
    for k, c in enumerate(trick):
        cols[kernels.TRICK0 + k] = card[c]
        cols[kernels.PLAYED0 + ((leader + k) & 3)] |= 1 << card[c]
    return [(i, v) for i, v in enumerate(cols) if v]


def row_of(state: State) -> list[int]:
    """The kernels' row (``S``) of an engine state after the deal, with nothing logged."""
    phase = _LOAD_PHASE.get(state.phase)
    if phase is None:
        raise ValueError("smear batch: only a dealt hand can be loaded, not one before the deal")
    u = state.setup
    b = _SUIT_BITS
    r = [0] * kernels.COLUMNS
    r[kernels.PHASE] = phase
    r[kernels.TO_ACT] = -1 if state.to_act is None else state.to_act
    r[kernels.DEALER] = u.dealer
    r[kernels.SCORE0], r[kernels.SCORE1] = u.scores
    for seat, m in enumerate(state.hands):
        r[kernels.HAND0 + seat] = (
            b[m & 0x1FFF] | b[m >> 13 & 0x1FFF] << 8 | b[m >> 26 & 0x1FFF] << 16 | b[m >> 39 & 0x1FFF] << 24
        )
    r[kernels.KITTY] = kernel_set(u.kitty)
    r[kernels.DEAD] = kernel_set(u.dead)
    r[kernels.NCALLS] = len(u.calls)
    for k, call in enumerate(u.calls):
        r[kernels.CALL0 + k] = call
    r[kernels.BIDDER] = u.bidder
    r[kernels.BID] = u.bid
    r[kernels.DISCARD] = kernel_set(u.discard)
    r[kernels.LEAD_OK] = kernel_set(u.lead_ok)
    r[kernels.TRUMP] = state.trump
    r[kernels.LEADER] = state.leader
    key = (state.tricks, state.trick, state.leader)
    played = _PLAYED.get(key)
    if played is None:
        if len(_PLAYED) >= _KEEP:
            _PLAYED.clear()
        played = _PLAYED[key] = _played_columns(state.tricks, state.trick, state.leader)
    for i, v in played:
        r[i] = v
    return r


def params(rules: SmearRules) -> Ints:
    """The rule options as the kernels read them (``P``); `BadRules` names an option they cannot play."""
    for f in dataclasses.fields(rules):
        if f.name not in SUPPORTED and getattr(rules, f.name) != f.default:
            raise BadRules(f"smear batch: the option {f.name} is not supported by the batched engine")
    p = np.zeros(kernels.PARAMS, np.int64)
    p[kernels.P_KITTY] = rules.kitty_size
    p[kernels.P_MIN_BID] = rules.min_bid
    p[kernels.P_MAX_BID] = rules.max_bid
    p[kernels.P_DEALER_MAY_EQUAL] = rules.dealer_may_equal
    p[kernels.P_MAX_BID_ENDS] = rules.max_bid_ends_auction
    p[kernels.P_ALL_PASS] = _ALL_PASS[rules.all_pass]
    p[kernels.P_STRICT] = rules.follow_rule == "strict"
    p[kernels.P_HIGH] = rules.high_rule == "highest_in_play"
    p[kernels.P_LOW] = rules.low_rule == "lowest_in_play"
    p[kernels.P_LOW_TO_CAPTURER] = rules.low_awarded_to == "capturer"
    p[kernels.P_GAME_TIE] = _GAME_TIE[rules.game_tie]
    p[kernels.P_DISCARDS_COUNT] = rules.discards_count_for_game
    p[kernels.P_DISCARDS_CAPTURED] = rules.discards_as_captured
    p[kernels.P_HAS_CAP] = rules.non_bidder_cap is not None
    p[kernels.P_CAP] = rules.non_bidder_cap or 0
    return p


def _layout() -> tuple[tuple[str, ...], Ints, int]:
    """The token names, the observation planes' offsets in `kernels.PLANES` order, and its size;
    a vocabulary or a layout other than the kernels write is refused (`AssertionError`)."""
    names = spelling()[0]
    expected = (
        ["pass"]
        + [f"bid {n}" for n in (1, 2, 3, 4)]
        + [f"discard {c}" for c in CARD_NAMES]
        + [f"play {c}" for c in CARD_NAMES]
    )
    assert list(names) == expected, "smear batch: the RL tokens changed; update kernels.py"
    lay = Layout()
    encoding.planes(lay, len(names))
    assert tuple(p[0] for p in lay.planes) == kernels.PLANES, "smear batch: the RL planes changed; update kernels.py"
    return names, np.array([lay.start[p] for p in kernels.PLANES], np.int64), lay.size


class SmearBatch:
    """``n`` Smear tables under ``rules`` (see the module docstring and `cardtable.batch.protocol`)."""

    seats: Final = kernels.SEATS

    def __init__(self, rules: SmearRules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.params = params(rules)
        names, self.offsets, self.obs_size = _layout()
        self.action_names: tuple[str, ...] = names
        self.S: Ints = np.zeros((n, kernels.COLUMNS), np.int64)
        self.S[:, kernels.TO_ACT] = -1
        self.S[:, kernels.BIDDER] = -1
        self.D: Bytes = np.zeros((n, kernels.DECK_SIZE), np.int8)  # each hand's deck, top first
        self.LT: Bytes = np.zeros((n, kernels.LOG_SIZE), np.int8)  # the hand's tokens in order
        self.LS: Bytes = np.zeros((n, kernels.LOG_SIZE), np.int8)  # and the seat of each

    def to_act(self) -> Ints:
        """The seat to act at each row, -1 where the hand is over (a view: do not write it)."""
        return self.S[:, kernels.TO_ACT]

    def legal_mask(self, out: Bools) -> None:
        kernels.legal_mask(self.S, self.params, out)

    def observe(self, seats: Ints, out: Bytes) -> None:
        kernels.observe(self.S, self.params, self.offsets, seats, out)

    def apply(self, actions: Ints, active: Bools, errors: Bools, ended: Bytes, rewards: Floats) -> None:
        kernels.apply(self.S, self.params, self.LT, self.LS, actions, active, errors, ended, rewards)

    def deal(self, rows: Ints, dealers: Ints, mt: Ints, pos: Ints, keep_scores: bool) -> None:
        kernels.deal(self.S, self.params, self.D, mt, pos, rows, dealers, keep_scores)

    def next_dealers(self, rows: Ints) -> Ints:
        out = np.zeros(len(rows), np.int64)
        kernels.next_dealers(self.S, self.params, rows, out)
        return out

    def snapshot(self, rows: Ints) -> Ints:
        """The rows as they end: a discard half given (an episode cut short by ``max_steps``) is
        dropped, as the RL tables drop the decision of an episode that ends."""
        snap = self.S[rows]
        snap[:, kernels.PARTIAL] = 0
        return snap

    def observe_snapshot(self, snapshot: Any, seats: Ints, out: Bytes) -> None:
        kernels.observe(snapshot, self.params, self.offsets, seats, out)

    # --- loading positions and playing them out (`cardtable.batch.protocol.Loadable`)

    def load(self, rows: Ints, states: Sequence[Any]) -> None:
        """Set each of ``rows`` to the engine state ``states[k]`` (any dealt hand: a sampled world,
        mid-hand), with nothing logged; a state given more than once is converted once."""
        made: dict[int, int] = {}
        index = []
        # The worlds of one view differ only in the hands and the kitty, dead stock, discard and
        # cards to lead: each other column is taken from a row made once (`row_of`) for all the
        # states that share it, and those columns are converted for all at once.
        shared: dict[tuple[Any, ...], int] = {}
        templates: list[list[int]] = []
        which: list[int] = []
        sets: list[tuple[int, ...]] = []
        for state in states:
            k = made.get(id(state))
            if k is None:
                k = made[id(state)] = len(which)
                u = state.setup
                key = (state.phase, state.to_act, state.trump, state.leader, state.trick, state.tricks,
                       u.dealer, u.scores, u.calls, u.bidder, u.bid)  # fmt: skip
                t = shared.get(key)
                if t is None:
                    t = shared[key] = len(templates)
                    templates.append(row_of(state))
                which.append(t)
                sets.append((*state.hands, u.kitty, u.dead, u.discard, u.lead_ok))
            index.append(k)
        table = np.array(templates, np.int64)[which]
        table[:, _SET_COLUMNS] = _kernel_sets(np.array(sets, np.int64))
        self.S[rows] = table[index]

    def load_worlds(self, rows: Ints, worlds: Sequence[Any], times: int) -> bool:
        """`load` of each of ``worlds`` ``times`` times over (world ``w`` at ``rows[w * times]`` to
        ``rows[w * times + times - 1]``), from the arrays of worlds drawn at once
        (`fastsample.Worlds`) without making their states; False (nothing loaded) for any other
        sequence: `cardtable.batch.protocol.LOAD_WORLDS`."""
        # Read by what the worlds hold, not by their class: where the sampler is compiled
        # (mypyc), a check of its class would take any sequence for one of its own.
        hands, sets = getattr(worlds, "hands", None), getattr(worlds, "sets", None)
        if not isinstance(hands, np.ndarray) or not isinstance(sets, np.ndarray) or len(worlds) == 0:
            return False
        template = np.array(row_of(worlds[0]), np.int64)
        table = np.repeat(template[None, :], len(worlds), axis=0)
        table[:, _SET_COLUMNS] = _kernel_sets(np.concatenate([hands, sets], axis=1))
        self.S[rows] = np.repeat(table, times, axis=0)
        return True

    def tokens(self, action: Any) -> tuple[int, ...]:
        """The tokens that spell an engine action (a discard: its cards' tokens in card order)."""
        if isinstance(action, Play):
            return (kernels.T_PLAY + KERNEL_CARD[action.card],)
        if isinstance(action, Bid):
            return (action.points,)
        if isinstance(action, Discard):
            return tuple(sorted(kernels.T_DISCARD + KERNEL_CARD[c] for c in action.cards))
        return (kernels.T_PASS,)

    def covers(self, view: Any) -> bool:
        """Whether `policy` plays every decision of a hand from the position ``view`` shows:
        always (the auction, the discard and the play are all written over arrays)."""
        return True

    def policy(self, bot: Any) -> Callable[[Ints], None] | None:
        """``choose(out)`` writing the token ``bot`` gives at every row (-1 where no seat acts), for
        the rule-based bot under these rules (`botkernels.rule_tokens`); ``None`` for any other."""
        if type(bot) is not RuleBot or bot.rules != self.rules:
            return None
        margin = CLASSIC_BID_MARGIN if bot.classic else BID_MARGIN
        options = np.zeros(botkernels.OPTIONS, np.int64)
        options[botkernels.O_LOW_TO_PLAYER] = self.rules.low_awarded_to == "player"
        S, P = self.S, self.params

        def choose(out: Ints) -> None:
            botkernels.rule_tokens(S, P, margin, options, out)

        return choose

    def play_out(self, bot: Any) -> Callable[[int, Floats], None] | None:
        """``run(n, scores)``, playing the hands of rows 0 to ``n - 1`` to their ends with ``bot``
        in one kernel (`botkernels.play_out`: `policy` and `apply` fused), each scored hand's
        scores into ``scores[row]``; ``None`` where `policy` is."""
        if type(bot) is not RuleBot or bot.rules != self.rules:
            return None
        margin = CLASSIC_BID_MARGIN if bot.classic else BID_MARGIN
        options = np.zeros(botkernels.OPTIONS, np.int64)
        options[botkernels.O_LOW_TO_PLAYER] = self.rules.low_awarded_to == "player"
        S, P, LT, LS = self.S, self.params, self.LT, self.LS

        def run(n: int, scores: Floats) -> None:
            botkernels.play_out(S, P, LT, LS, margin, options, n, scores)

        return run

    def final_states(self, rows: Ints, states: Sequence[Any]) -> list[State]:
        """The engine state at the end of each of ``rows``' hands, the row loaded from
        ``states[k]`` and played on: a hand loaded in its play read off the row's log
        (`_ends_of_play`), any other replayed on the fast layer."""
        over = (self.S[rows, kernels.PHASE] == kernels.OVER).tolist()
        out: list[State | None] = [None] * len(states)
        # The hands loaded in their play, by what they share: the worlds of one view share the
        # tricks and the trick (the same objects, from one sampler), so they are read together.
        groups: dict[tuple[int, int, int, int], list[int]] = {}
        for k, state in enumerate(states):
            if state.phase is Phase.PLAY and over[k]:
                key = (id(state.tricks), id(state.trick), state.leader, state.trump)
                groups.setdefault(key, []).append(k)
        for ks in groups.values():
            self._ends_of_play(rows, states, ks, out)
        ends = []
        for k, state in enumerate(states):
            end = out[k]
            ends.append(end if end is not None else self._replayed(int(rows[k]), state))
        return ends

    def _replayed(self, row: int, state: State) -> State:
        """The end of ``row``'s hand: its logged tokens replayed on the fast layer from ``state``."""
        from . import fast

        kitty = self.rules.kitty_size
        f = fast.from_state(state, self.rules)
        assert f is not None
        toks = self.LT[row, : self.S[row, kernels.NLOG]].tolist()
        i = 0
        while i < len(toks):
            t = toks[i]
            if t >= kernels.T_PLAY:
                f.apply(DECK32[t - kernels.T_PLAY])
            elif t >= kernels.T_DISCARD:
                mask = 0
                for x in toks[i : i + kitty]:
                    mask |= 1 << DECK32[x - kernels.T_DISCARD]
                f.apply(fast.DISCARD_FLAG | mask)
                i += kitty
                continue
            else:
                f.apply(fast.PASS if t == kernels.T_PASS else fast.BID + t)
            i += 1
        return f.to_state()

    def _ends_of_play(self, rows: Ints, states: Sequence[Any], ks: list[int], out: list[State | None]) -> None:
        """The ends of the hands at ``rows[ks]``, each loaded from ``states[k]`` in its play (all
        with the same tricks, trick, leader and trump) and played to its end, into ``out[k]``:
        the cards each row logged dealt into tricks after the loaded ones. A trick's winner is
        the seat that leads the next (R26 decided it on the row), the last trick's the row's
        leader at the end; trump is the first card led if it was not yet set (R22); the tally as
        the engine reckons it (R27-R33). Rows whose log is not the rest of the play are left."""
        first = states[ks[0]]
        k0 = len(first.trick)
        m = 4 * (kernels.TRICKS - len(first.tricks)) - k0  # the cards left to play
        at = rows[ks]
        if m <= 0 or (self.S[at, kernels.NLOG] != m).any():
            return
        toks = self.LT[at, :m]
        if (toks < kernels.T_PLAY).any():
            return
        cards = _DECK32_ARRAY[toks - kernels.T_PLAY]
        who = self.LS[at, :m].astype(np.int64)
        last = self.S[at, kernels.LEADER].tolist()
        bits = np.left_shift(1, cards)
        played = [np.bitwise_or.reduce(np.where(who == s, bits, 0), axis=1).tolist() for s in range(4)]
        trumps = (cards[:, 0] // 13).tolist() if first.trump < 0 else None
        head = (4 - k0) % 4  # the cards that finish the trick loaded
        starts = list(range(head, m, 4))
        cards_of = cards.tolist()
        who_of = who.tolist()
        rules = self.rules
        for r, k in enumerate(ks):
            state = states[k]
            c, w = cards_of[r], who_of[r]
            tricks = list(state.tricks)
            if head:
                tricks.append(_new(Trick, (state.leader, (*state.trick, *c[:head]), w[head] if head < m else last[r])))
            for i, s in enumerate(starts):
                winner = w[starts[i + 1]] if i + 1 < len(starts) else last[r]
                tricks.append(_new(Trick, (w[s], tuple(c[s : s + 4]), winner)))
            trump = state.trump if trumps is None else trumps[r]
            h = state.hands
            hands = (h[0] & ~played[0][r], h[1] & ~played[1][r], h[2] & ~played[2][r], h[3] & ~played[3][r])
            u = state.setup
            done = tuple(tricks)
            tally = score_hand(rules, u.bidder, u.bid, trump, done, u.discard, u.scores)
            out[k] = _new(State, (Phase.OVER, None, hands, trump, last[r], (), done, u, tally))

    def tallies(self, rows: Ints) -> Ints:
        """The tally of each of ``rows``' hands, over (`kernels.tallies`: int64 (len(rows),
        `kernels.TALLY`), its columns ``kernels.TL_*``), read off the rows without building the
        ends' states: what the analysis's facts need of thousands of playouts at once."""
        out = np.zeros((len(rows), kernels.TALLY), np.int64)
        kernels.tallies(self.S, self.params, np.ascontiguousarray(rows, dtype=np.int64), out)
        return out

    def facts(self, rows: Ints, seat: int) -> FactRows:
        """The analysis's facts of each of ``rows``' hands for ``seat``'s side (`analysis.facts`,
        the same numbers, by name; a fact `analysis.facts` leaves out is 0 here), read off the
        rows' tallies (`tallies`) for all of them at once: `cardtable.batch.protocol.FACTS`."""
        t = self.tallies(rows)
        ours = seat % 2
        scored = t[:, kernels.TL_SCORED] == 1
        bid_ours = scored & (t[:, kernels.TL_BIDDER] % 2 == ours)
        made = t[:, kernels.TL_MADE] == 1
        # a side that was set scores its bid lost, not its points (rule 32)
        counts_ours = ~(bid_ours & ~made)
        counts_theirs = bid_ours | made
        columns: list[npt.NDArray[np.float64]] = []
        for col in (kernels.TL_HIGH, kernels.TL_LOW, kernels.TL_JACK, kernels.TL_GAME):
            us = scored & (t[:, col] == ours)
            them = scored & (t[:, col] == 1 - ours)
            worth = (us & counts_ours).astype(np.float64) - (them & counts_theirs)
            columns += [us.astype(np.float64), them.astype(np.float64), worth]
        won = t[:, kernels.TL_WON0 + ours]
        columns += [
            t[:, kernels.TL_BID].astype(np.float64),
            (bid_ours & made).astype(np.float64),
            (bid_ours & ~made).astype(np.float64),
            (scored & ~bid_ours & ~made).astype(np.float64),
            won.astype(np.float64),
            (~scored).astype(np.float64),
        ]
        return FactRows(FACT_NAMES, np.stack(columns, axis=1).tolist())

    def actions_taken(self, rows: Ints) -> Ints:
        """The engine actions taken at each of ``rows`` since it was loaded or dealt (a discard's
        tokens are one action)."""
        n = self.S[rows, kernels.NLOG]
        logged = np.arange(kernels.LOG_SIZE)[None, :] < n[:, None]
        tokens = self.LT[rows]
        discard = ((tokens >= kernels.T_DISCARD) & (tokens < kernels.T_PLAY) & logged).sum(axis=1)
        out: Ints = (n - discard + (discard > 0)).astype(np.int64)
        return out

    def hand_logs(self, rows: Ints) -> tuple[Any, ...]:
        S = self.S
        meta = np.stack(
            [S[rows, kernels.DEALER], S[rows, kernels.SCORE0], S[rows, kernels.SCORE1], S[rows, kernels.NLOG]], axis=1
        )
        return meta, self.D[rows], self.LT[rows], self.LS[rows]

    def hand_records(self, logs: tuple[Any, ...]) -> list[tuple[dict[str, Any] | None, dict[str, Any]]]:
        """Each logged hand as (record §5 match before it, or ``None`` for 0-0; record §2 hand)."""
        meta, decks, tokens, seats = logs
        kitty = self.rules.kitty_size
        names = self.action_names
        out: list[tuple[dict[str, Any] | None, dict[str, Any]]] = []
        for k in range(len(meta)):
            dealer, score0, score1, n = (int(x) for x in meta[k])
            toks = tokens[k, :n].tolist()
            who = seats[k, :n].tolist()
            actions = []
            i = 0
            while i < n:
                t = toks[i]
                if kernels.T_DISCARD <= t < kernels.T_PLAY:  # one discard, spelled card by card
                    cards = " ".join(CARD_NAMES[x - kernels.T_DISCARD] for x in toks[i : i + kitty])
                    actions.append(f"{who[i]} discard {cards}")
                    i += kitty
                else:
                    actions.append(f"{who[i]} {names[t]}")
                    i += 1
            hand = {
                "dealer": dealer,
                "deal": {"deck": [CARD_NAMES[c] for c in decks[k].tolist()]},
                "actions": actions,
            }
            match = {"scores": [score0, score1]} if score0 or score1 else None
            out.append((match, hand))
        return out


BATCH = SmearBatch
