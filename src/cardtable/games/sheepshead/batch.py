"""Sheepshead's batched engine: B tables as arrays, for `cardtable.batch.Batch`.

The class `SheepsheadBatch` (``BATCH``) is Sheepshead's side of the protocol of
`cardtable.batch.protocol`: it holds the tables (one row each of the kernels' arrays, `kernels`),
deals them from the rows' own generators, gives the legal tokens, applies one token per row,
observes any seat, and writes the records of the hands that end. The kernels play every rule
option of `SheepsheadRules` (every partner mode and no-pick game, the called-card rules, cracks,
blitzes, doublers and the multiplier's limit); an option this module does not know (one added to
the rules later) is refused when the batch is made, naming it.

Tokens and observations are those of the RL environments (`tokens.spelling`,
`encoding.planes`/`encode`): `SheepsheadBatch` checks at its making that the token names and the
observation's planes are the ones its kernels write, so a change to either cannot pass unnoticed.

An episode is one hand, as in the RL environments: a hand thrown in without a score (five passes
under ``no_pick_rule`` ``doubler`` or ``redeal``) is dealt again inside the episode by the next
dealer (R7), a doubler then pending (R42); every other hand, a leaster or a schwanzer included,
ends the episode with its payments.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.cards import format_card
from cardtable.core import BadRules
from cardtable.planes import Layout

from . import botkernels, encoding, kernels
from .actions import Bury, Call, Crack, Pass, Pick, Play
from .bots import RuleBot
from .rules import SheepsheadRules
from .scoring import max_pending
from .state import NOBODY, Phase, State
from .tables import FROM_KERNEL, TO_KERNEL
from .tokens import spelling

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]
#: Token numbers (0-165) as logged, one byte each.
Tokens = npt.NDArray[np.uint8]

#: The rule options the kernels play, each turned into the numbers of ``P`` by `params`.
SUPPORTED: Final = frozenset(
    {
        "partner_mode",
        "no_pick_rule",
        "double_on_the_bump",
        "no_trick_partner_exempt",
        "schwarz_by_points",
        "bury_requires_trick",
        "allow_call_own_ace",
        "allow_ten_call",
        "ten_call_hold_must_be_ace",
        "called_ten_beats_ace",
        "allow_unknown_call",
        "partner_must_play_called_on_first_lead",
        "partner_cannot_discard_called",
        "partner_cannot_underlead_called_suit",
        "leaster_blind",
        "leaster_requires_trick",
        "leaster_tie",
        "doubler_stacking",
        "cracking",
        "blitzing",
        "multiplier_limit",
    }
)

_PARTNER: Final = {
    "called_ace": kernels.CALLED_ACE,
    "jack_of_diamonds": kernels.JACK_OF_DIAMONDS,
    "none": kernels.NO_PARTNER,
}
_NO_PICK: Final = {
    "leaster": kernels.LEASTER,
    "doubler": kernels.DOUBLER,
    "forced_pick": kernels.FORCED_PICK,
    "redeal": kernels.REDEAL,
    "moster": kernels.MOSTER,
    "mittler": kernels.MITTLER,
    "schneidster": kernels.SCHNEIDSTER,
    "schwanzer": kernels.SCHWANZER,
}
_LEASTER_BLIND: Final = {
    "last_trick": kernels.BLIND_LAST,
    "first_trick": kernels.BLIND_FIRST,
    "nobody": kernels.BLIND_NOBODY,
}
_STACKING: Final = {"queue": kernels.QUEUE, "compound": kernels.COMPOUND, "cap": kernels.CAP}

#: The card names by Sheepshead index (the order of power), as records print them.
CARD_NAMES: Final = tuple(format_card(c) for c in TO_KERNEL)


def params(rules: SheepsheadRules) -> Ints:
    """The rule options as the kernels read them (``P``); `BadRules` names an option they cannot play."""
    for f in dataclasses.fields(rules):
        if f.name not in SUPPORTED and getattr(rules, f.name) != f.default:
            raise BadRules(f"sheepshead batch: the option {f.name} is not supported by the batched engine")
    p = np.zeros(kernels.PARAMS, np.int64)
    p[kernels.P_PARTNER] = _PARTNER[rules.partner_mode]
    p[kernels.P_NO_PICK] = _NO_PICK[rules.no_pick_rule]
    p[kernels.P_BUMP] = rules.double_on_the_bump
    p[kernels.P_EXEMPT] = rules.no_trick_partner_exempt
    p[kernels.P_SCHWARZ_POINTS] = rules.schwarz_by_points
    p[kernels.P_BURY_NEEDS_TRICK] = rules.bury_requires_trick
    p[kernels.P_OWN_ACE] = rules.allow_call_own_ace
    p[kernels.P_TEN_CALL] = rules.allow_ten_call
    p[kernels.P_TEN_HOLD_ACE] = rules.ten_call_hold_must_be_ace
    p[kernels.P_TEN_BEATS_ACE] = rules.called_ten_beats_ace
    p[kernels.P_UNKNOWN_CALL] = rules.allow_unknown_call
    p[kernels.P_MUST_PLAY_CALLED] = rules.partner_must_play_called_on_first_lead
    p[kernels.P_NO_DISCARD_CALLED] = rules.partner_cannot_discard_called
    p[kernels.P_NO_UNDERLEAD] = rules.partner_cannot_underlead_called_suit
    p[kernels.P_LEASTER_BLIND] = _LEASTER_BLIND[rules.leaster_blind]
    p[kernels.P_LEASTER_NEEDS_TRICK] = rules.leaster_requires_trick
    p[kernels.P_LEASTER_SPLIT] = rules.leaster_tie == "split"
    p[kernels.P_STACKING] = _STACKING[rules.doubler_stacking]
    p[kernels.P_CRACKING] = rules.cracking
    p[kernels.P_BLITZING] = rules.blitzing
    p[kernels.P_HAS_LIMIT] = rules.multiplier_limit is not None
    p[kernels.P_LIMIT] = rules.multiplier_limit or 0
    p[kernels.P_MAX_PENDING] = max_pending(rules)
    return p


def _layout() -> tuple[tuple[str, ...], Ints, int]:
    """The token names, the observation planes' offsets in `kernels.PLANES` order, and its size;
    a vocabulary, a card order or a layout other than the kernels use is refused (`AssertionError`)."""
    names, cards, _spell = spelling()
    assert tuple(FROM_KERNEL[c] for c in cards) == tuple(range(kernels.CARDS)), (
        "sheepshead batch: the RL card order changed; update kernels.py"
    )
    expected = (
        ["pick", "blitz", "pass", "alone", "crack", "recrack"]
        + [f"bury {c}" for c in CARD_NAMES]
        + [f"call {c}" for c in CARD_NAMES]
        + [f"call {c} unknown" for c in CARD_NAMES]
        + [f"under {c}" for c in CARD_NAMES]
        + [f"play {c}" for c in CARD_NAMES]
    )
    assert list(names) == expected, "sheepshead batch: the RL tokens changed; update kernels.py"
    lay = Layout()
    encoding.planes(lay, len(names))
    assert tuple(p[0] for p in lay.planes) == kernels.PLANES, (
        "sheepshead batch: the RL planes changed; update kernels.py"
    )
    return names, np.array([lay.start[p] for p in kernels.PLANES], np.int64), lay.size


def row_of(state: State) -> list[int]:
    """The kernels' row (``S``) of an engine state after the deal, with nothing logged."""
    if state.phase == Phase.DEAL:
        raise ValueError("sheepshead batch: only a dealt hand can be loaded, not one before the deal")
    u = state.setup
    r = [0] * kernels.COLUMNS
    r[kernels.PHASE] = int(state.phase)
    r[kernels.TO_ACT] = -1 if state.actor == NOBODY or state.phase == Phase.DONE else state.actor
    r[kernels.DEALER] = u.dealer
    r[kernels.PENDING] = u.pending
    r[kernels.BLIND] = u.blind
    r[kernels.PASSES] = u.passes
    r[kernels.PICKER] = u.picker
    r[kernels.BURY] = u.bury
    r[kernels.KIND] = int(u.call_kind)
    r[kernels.CALLED] = u.called
    r[kernels.SUIT] = u.suit
    r[kernels.UNDER] = u.under
    r[kernels.PARTNER] = u.partner
    r[kernels.BLITZ] = u.blitz
    r[kernels.CRACKS] = u.cracks
    r[kernels.CRACKER] = u.cracker
    for seat, hand in enumerate(state.hands):
        r[kernels.HAND0 + seat] = hand
    r[kernels.TRICK_NO] = state.trick_no
    r[kernels.LEADER] = state.leader
    r[kernels.NTRICK] = len(state.trick)
    r[kernels.PLAYED] = state.played
    r[kernels.FIRST_X] = state.first_x
    r[kernels.PARTIAL] = -1
    r[kernels.FIRST_WINNER] = state.tricks[0][2] if state.tricks else -1
    led = 0
    for leader, cards, winner in state.tricks:
        taken = 0
        for k, c in enumerate(cards):
            r[kernels.PLAYED0 + (leader + k) % kernels.SEATS] |= 1 << c
            taken |= 1 << c
        r[kernels.TAKEN0 + winner] |= taken
        r[kernels.WON0 + winner] += 1
        led |= 1 << cards[0]
    for k, c in enumerate(state.trick):
        r[kernels.TRICK0 + k] = c
        r[kernels.PLAYED0 + (state.leader + k) % kernels.SEATS] |= 1 << c
    if state.trick:
        led |= 1 << state.trick[0]
    r[kernels.LED] = led
    return r


class SheepsheadBatch:
    """``n`` Sheepshead tables under ``rules`` (see the module docstring and `cardtable.batch.protocol`)."""

    seats: Final = kernels.SEATS

    def __init__(self, rules: SheepsheadRules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.params = params(rules)
        names, self.offsets, self.obs_size = _layout()
        self.action_names: tuple[str, ...] = names
        self.S: Ints = np.zeros((n, kernels.COLUMNS), np.int64)
        self.S[:, kernels.TO_ACT] = -1
        self.D: Bytes = np.zeros((n, kernels.CARDS), np.int8)  # each hand's deck (card indices), top first
        self.LT: Tokens = np.zeros((n, kernels.LOG_SIZE), np.uint8)  # the hand's tokens in order
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
        kernels.next_dealers(self.S, rows, out)
        return out

    def snapshot(self, rows: Ints) -> Ints:
        """The rows as they end: a bury or call half given (an episode cut short by ``max_steps``)
        is dropped, as the RL tables drop the decision of an episode that ends."""
        snap = self.S[rows]
        snap[:, kernels.PARTIAL] = -1
        return snap

    def observe_snapshot(self, snapshot: Any, seats: Ints, out: Bytes) -> None:
        kernels.observe(snapshot, self.params, self.offsets, seats, out)

    # --- loading positions and playing them out (`cardtable.batch.protocol.Loadable`)

    def load(self, rows: Ints, states: Sequence[Any]) -> None:
        """Set each of ``rows`` to the engine state ``states[k]`` (any dealt hand: a sampled world,
        mid-hand), with nothing logged; a state given more than once is converted once."""
        made: dict[int, int] = {}
        index = []
        table: list[list[int]] = []
        for state in states:
            k = made.get(id(state))
            if k is None:
                k = made[id(state)] = len(table)
                table.append(row_of(state))
            index.append(k)
        self.S[rows] = np.array(table, np.int64)[index]

    def tokens(self, action: Any) -> tuple[int, ...]:
        """The tokens that spell an engine action (a bury: the stronger card first; an unknown
        call: the call, then the card set aside)."""
        if isinstance(action, Play):
            return (kernels.T_PLAY + FROM_KERNEL[action.card],)
        if isinstance(action, Pick):
            return (kernels.T_BLITZ if action.blitz else kernels.T_PICK,)
        if isinstance(action, Pass):
            return (kernels.T_PASS,)
        if isinstance(action, Crack):
            return (kernels.T_RECRACK if action.back else kernels.T_CRACK,)
        if isinstance(action, Bury):
            a, b = sorted(FROM_KERNEL[c] for c in action.cards)
            return (kernels.T_BURY + a, kernels.T_BURY + b)
        if isinstance(action, Call):
            if action.card is None:
                return (kernels.T_ALONE,)
            if action.unknown is not None:
                return (
                    kernels.T_CALL_UNKNOWN + FROM_KERNEL[action.card],
                    kernels.T_UNDER + FROM_KERNEL[action.unknown],
                )
            return (kernels.T_CALL + FROM_KERNEL[action.card],)
        raise ValueError(f"sheepshead batch: no tokens for {action!r}")

    def covers(self, view: Any) -> bool:
        """Whether `policy` plays every decision of a hand from the position ``view`` shows:
        always (the pick, the bury, the call, the cracks and the play are all written over arrays)."""
        return True

    def policy(self, bot: Any) -> Callable[[Ints], None] | None:
        """``choose(out)`` writing the token the rule-based bot gives at every row, in every phase
        (`botkernels.rule_tokens`), -1 where no seat acts; ``None`` for any other bot."""
        if type(bot) is not RuleBot or bot.rules != self.rules:
            return None
        options, weights = botkernels.rule_settings(bot)
        S, P, scratch = self.S, self.params, botkernels.scratch()

        def choose(out: Ints) -> None:
            botkernels.rule_tokens(S, P, options, weights, scratch, out)

        return choose

    def play_out(self, bot: Any) -> Callable[[int, Floats], None] | None:
        """``run(n, scores)``, playing the hands of rows 0 to ``n - 1`` to their ends with ``bot``
        in one kernel (`botkernels.play_out`: `policy` and `apply` fused), each scored hand's
        scores into ``scores[row]``; ``None`` where `policy` is."""
        if type(bot) is not RuleBot or bot.rules != self.rules:
            return None
        options, weights = botkernels.rule_settings(bot)
        S, P, LT, LS, scratch = self.S, self.params, self.LT, self.LS, botkernels.scratch()

        def run(n: int, scores: Floats) -> None:
            botkernels.play_out(S, P, LT, LS, options, weights, scratch, n, scores)

        return run

    def final_states(self, rows: Ints, states: Sequence[Any]) -> list[State]:
        """The engine state at the end of each of ``rows``' hands, the row loaded from
        ``states[k]`` and played on: its logged tokens replayed on the fast layer (a bury's two
        tokens and an unknown call's two as one move each)."""
        from . import fast

        words = {
            kernels.T_PICK: fast.PICK,
            kernels.T_BLITZ: fast.BLITZ,
            kernels.T_PASS: fast.PASS,
            kernels.T_ALONE: fast.ALONE,
            kernels.T_CRACK: fast.CRACK,
            kernels.T_RECRACK: fast.RECRACK,
        }
        counts = self.S[rows, kernels.NLOG].tolist()
        logs = self.LT[rows]
        out = []
        for k, state in enumerate(states):
            f = fast.from_state(state, self.rules)
            assert f is not None
            tokens = logs[k, : counts[k]].tolist()
            i = 0
            while i < len(tokens):
                t = tokens[i]
                i += 1
                if t >= kernels.T_PLAY:
                    f.apply(t - kernels.T_PLAY)
                elif t < kernels.T_BURY:
                    f.apply(words[t])
                elif t < kernels.T_CALL:
                    f.apply(fast.BURY | 1 << (t - kernels.T_BURY) | 1 << (tokens[i] - kernels.T_BURY))
                    i += 1
                elif t < kernels.T_CALL_UNKNOWN:
                    f.apply(fast.CALL + t - kernels.T_CALL)
                else:
                    f.apply(fast.CALL_UNKNOWN + 32 * (t - kernels.T_CALL_UNKNOWN) + tokens[i] - kernels.T_UNDER)
                    i += 1
            out.append(f.to_state())
        return out

    def actions_taken(self, rows: Ints) -> Ints:
        """The engine actions taken at each of ``rows`` since it was loaded (a bury's two tokens
        and an unknown call's two are one action each)."""
        n = self.S[rows, kernels.NLOG]
        logged = np.arange(kernels.LOG_SIZE)[None, :] < n[:, None]
        tokens = self.LT[rows]
        # a bury is two bury tokens (one action); an under token follows an unknown call
        bury = ((tokens >= kernels.T_BURY) & (tokens < kernels.T_CALL) & logged).sum(axis=1) // 2
        unders = ((tokens >= kernels.T_UNDER) & (tokens < kernels.T_PLAY) & logged).sum(axis=1)
        out: Ints = (n - bury - unders).astype(np.int64)
        return out

    def hand_logs(self, rows: Ints) -> tuple[Any, ...]:
        S = self.S
        meta = np.stack([S[rows, kernels.DEALER], S[rows, kernels.PENDING], S[rows, kernels.NLOG]], axis=1)
        return meta, self.D[rows], self.LT[rows], self.LS[rows]

    def hand_records(self, logs: tuple[Any, ...]) -> list[tuple[dict[str, Any] | None, dict[str, Any]]]:
        """Each logged hand as (record §5 match before it, or ``None`` for a new match; record §2
        hand). A bury (two tokens) is written ``bury C C``, an unknown call (``call C unknown``
        then ``under U``) ``call C unknown U``."""
        meta, decks, tokens, seats = logs
        names = self.action_names
        out: list[tuple[dict[str, Any] | None, dict[str, Any]]] = []
        for k in range(len(meta)):
            dealer, pending, n = (int(x) for x in meta[k])
            toks = tokens[k, :n].tolist()
            who = seats[k, :n].tolist()
            actions = []
            i = 0
            while i < n:
                t = toks[i]
                if kernels.T_BURY <= t < kernels.T_CALL:
                    second = CARD_NAMES[toks[i + 1] - kernels.T_BURY]
                    actions.append(f"{who[i]} bury {CARD_NAMES[t - kernels.T_BURY]} {second}")
                    i += 2
                elif kernels.T_CALL_UNKNOWN <= t < kernels.T_UNDER:
                    under = CARD_NAMES[toks[i + 1] - kernels.T_UNDER]
                    actions.append(f"{who[i]} {names[t]} {under}")
                    i += 2
                else:
                    actions.append(f"{who[i]} {names[t]}")
                    i += 1
            hand = {
                "dealer": dealer,
                "deal": {"deck": [CARD_NAMES[c] for c in decks[k].tolist()]},
                "actions": actions,
            }
            match = {"scores": [0] * kernels.SEATS, "pending_doublers": pending} if pending else None
            out.append((match, hand))
        return out


BATCH = SheepsheadBatch
