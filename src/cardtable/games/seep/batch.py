"""Seep's batched engine: B tables as arrays, for `cardtable.batch.Batch`.

The class `SeepBatch` (``BATCH``) is Seep's side of the protocol of `cardtable.batch.protocol`: it
holds the tables (one row each of the kernels' arrays, `kernels`), deals them from the rows' own
generators, gives the legal tokens, applies one token per row, observes any seat, and writes the
records of the hands that end. The kernels play every rule option of `SeepRules` (the rules page's
option table, with the readings of its §3.2); an option this module does not know (one added to
the rules later) is refused when the batch is made, naming it.

Tokens and observations are those of the RL environments (`tokens.spelling`,
`encoding.planes`/`encode`): `SeepBatch` checks at its making that the token names and the
observation's planes are the ones its kernels write, so a change to either cannot pass unnoticed.

An episode is one hand from the start of a match, as in the RL environments. A misdeal (R8: the
bidder holds nothing above 8) ends the hand at its deal, before any seat acts: the batch finds such
rows right after dealing (no seat to act), keeps their records and deals them again.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.cards import format_card
from cardtable.core import BadRules
from cardtable.planes import Layout

from . import encoding, kernels
from .actions import format_action
from .moves import action_of
from .rules import SeepRules
from .state import Phase, SeepState
from .tokens import SEEP_VALUES, spelling

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]

#: The rule options the kernels play, each turned into the numbers of ``P`` by `params`.
SUPPORTED: Final = frozenset(
    {
        "ten_diamonds_points",
        "majority_bonus",
        "redeal_by",
        "opening_throw_always_allowed",
        "throw_policy",
        "capture_policy",
        "auto_merge_loose_sets",
        "allow_multi_set_build",
        "allow_pair_house",
        "may_break_partner_house",
        "break_may_use_floor_cards",
        "partner_add_requires_card",
        "partner_becomes_owner",
        "opponent_add_becomes_owner",
        "retention_scope",
        "max_houses",
        "sweep_points",
        "first_play_sweep_points",
        "last_play_sweep_points",
        "sweep_cap",
        "nine_point_basis",
        "nine_point_effect",
        "baazi_lead",  # decides only baazis: an episode is one hand, its rewards the deal totals
        "dealer_rotation",  # who deals after a scored hand: the episode ends there
        "leftover_if_no_capture",
    }
)

_THROW: Final = {
    "no_capture_possible": kernels.THROW_NO_CAPTURE,
    "free": kernels.THROW_FREE,
    "no_capture_or_build_possible": kernels.THROW_NOTHING_ELSE,
}
_NINE: Final = {
    "instant_baazi_loss": kernels.NINE_BAAZI,
    "zero_card_points": kernels.NINE_ZERO,
    "off": kernels.NINE_OFF,
}

#: The tokens of an engine action (`tokens.spelling`).
_SPELL: Final = spelling()[2]

#: The card names, by card number.
CARD_NAMES: Final = tuple(format_card(c) for c in range(52))


def params(rules: SeepRules) -> Ints:
    """The rule options as the kernels read them (``P``); `BadRules` names an option they cannot play."""
    for f in dataclasses.fields(rules):
        if f.name not in SUPPORTED and getattr(rules, f.name) != f.default:
            raise BadRules(f"seep batch: the option {f.name} is not supported by the batched engine")
    p = np.zeros(kernels.PARAMS, np.int64)
    p[kernels.P_TEN_D] = rules.ten_diamonds_points
    p[kernels.P_MAJORITY] = rules.majority_bonus
    p[kernels.P_REDEAL_NEXT] = rules.redeal_by == "next"
    p[kernels.P_OPEN_THROW] = rules.opening_throw_always_allowed
    p[kernels.P_THROW] = _THROW[rules.throw_policy]
    p[kernels.P_MAXIMAL] = rules.capture_policy == "maximal"
    p[kernels.P_MERGE] = rules.auto_merge_loose_sets
    p[kernels.P_MULTI] = rules.allow_multi_set_build
    p[kernels.P_PAIR] = rules.allow_pair_house
    p[kernels.P_NO_PARTNER_BREAK] = not rules.may_break_partner_house
    p[kernels.P_FLOOR_BREAKS] = rules.break_may_use_floor_cards
    p[kernels.P_PARTNER_NEEDS] = rules.partner_add_requires_card
    p[kernels.P_PARTNER_OWNER] = rules.partner_becomes_owner
    p[kernels.P_OPP_OWNER] = rules.opponent_add_becomes_owner
    p[kernels.P_TEAM] = rules.retention_scope == "team"
    p[kernels.P_MAX_HOUSES] = rules.max_houses or 0
    p[kernels.P_SWEEP] = rules.sweep_points
    p[kernels.P_FIRST_SWEEP] = rules.first_play_sweep_points
    p[kernels.P_LAST_SWEEP] = rules.last_play_sweep_points
    p[kernels.P_SWEEP_CAP] = rules.sweep_cap or 0
    p[kernels.P_NINE_CARDS] = rules.nine_point_basis == "cards_only"
    p[kernels.P_NINE_EFFECT] = _NINE[rules.nine_point_effect]
    p[kernels.P_ROTATE] = rules.dealer_rotation == "rotate"
    p[kernels.P_LEFTOVER_DEALER] = rules.leftover_if_no_capture == "dealer_team"
    return p


_CACHES = threading.local()


def _loose_cache(ten: int, per: float) -> tuple[Ints, npt.NDArray[np.float64]]:
    """The rule-based bot's cache of loose tables (`botkernels.loose_cache`) for a ten of diamonds
    worth ``ten`` and a worth ``per`` card besides its points (the tables depend on nothing else),
    shared by every batch in the thread, as `rulebot.Appraiser` shares the floors it met. One a
    thread, so that no kernel reads a slot another is writing."""
    from . import botkernels

    caches: dict[tuple[int, float], tuple[Ints, npt.NDArray[np.float64]]] = _CACHES.__dict__.setdefault("by_worth", {})
    key = (ten, per)
    if key not in caches:
        if len(caches) >= 8:
            caches.clear()
        caches[key] = botkernels.loose_cache()
    return caches[key]


def _layout() -> tuple[tuple[str, ...], Ints, int]:
    """The token names, the observation planes' offsets in `kernels.PLANES` order, and its size;
    a vocabulary or a layout other than the kernels write is refused (`AssertionError`)."""
    names = spelling()[0]
    values = [str(v) for v in SEEP_VALUES]
    expected = (
        [f"bid {v}" for v in values]
        + [f"throw {c}" for c in CARD_NAMES]
        + [f"capture {c}" for c in CARD_NAMES]
        + [f"capture {c} +house" for c in CARD_NAMES]
        + [f"build {v} {c}" for v in values for c in CARD_NAMES]
        + [f"break H{v} {c}" for v in values for c in CARD_NAMES]
        + [f"cement H{v} {c}" for v in values for c in CARD_NAMES]
        + [f"+{c}" for c in CARD_NAMES]
        + ["end"]
    )
    assert list(names) == expected, "seep batch: the RL tokens changed; update kernels.py"
    assert expected.index("throw AC") == kernels.T_THROW and expected.index("+AC") == kernels.T_LOOSE
    assert len(expected) == kernels.TOKENS
    lay = Layout()
    encoding.planes(lay, len(names))
    assert tuple(p[0] for p in lay.planes) == kernels.PLANES, "seep batch: the RL planes changed; update kernels.py"
    return names, np.array([lay.start[p] for p in kernels.PLANES], np.int64), lay.size


class SeepBatch:
    """``n`` Seep tables under ``rules`` (see the module docstring and `cardtable.batch.protocol`)."""

    seats: Final = kernels.SEATS

    def __init__(self, rules: SeepRules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.params = params(rules)
        names, self.offsets, self.obs_size = _layout()
        self.action_names: tuple[str, ...] = names
        self.S: Ints = np.zeros((n, kernels.COLUMNS), np.int64)
        self.S[:, kernels.TO_ACT] = -1
        self.S[:, kernels.PHASE] = kernels.OVER
        self.D: Bytes = np.zeros((n, kernels.DECK_SIZE), np.int8)  # each hand's deck, top first
        # the moves of the seat to act (up to MAX_MOVES; past that, listed again at each token): the
        # head token of each, and the loose cards it takes
        self.MH: Ints = np.zeros((n, kernels.MAX_MOVES), np.int64)
        self.MT: Ints = np.zeros((n, kernels.MAX_MOVES), np.int64)
        size = kernels.PLAYS_PER_DEAL
        self.LH: Ints = np.zeros((n, size), np.int64)  # the hand's moves in order: head token
        self.LT: Ints = np.zeros((n, size), np.int64)  # the loose cards taken
        self.LL: Ints = np.zeros((n, size), np.int64)  # the loose cards before the move
        self.W: Ints = kernels.work()  # the kernels' work array (the sums of a floor's loose cards)
        self.none: Bools = np.zeros((1, 1), np.bool_)  # no mask: `kernels.gen` listing a turn's moves
        #: Each loaded row's stream of the rule-based bot's nudges (`botkernels.nudge`): from the
        #: state loaded and the row, so a playout is the same whenever the same world is loaded there.
        self.seeds: Ints = np.zeros(n, np.int64)

    def to_act(self) -> Ints:
        """The seat to act at each row, -1 where the hand is over (a view: do not write it)."""
        return self.S[:, kernels.TO_ACT]

    def legal_mask(self, out: Bools) -> None:
        kernels.legal_mask(self.S, self.params, self.MH, self.MT, self.W, out)

    def observe(self, seats: Ints, out: Bytes) -> None:
        kernels.observe(self.S, self.offsets, seats, out)

    def apply(self, actions: Ints, active: Bools, errors: Bools, ended: Bytes, rewards: Floats) -> None:
        kernels.apply(
            self.S, self.params, self.MH, self.MT, self.LH, self.LT, self.LL, actions, active, errors, ended, rewards,
            self.W, self.none,
        )  # fmt: skip

    def deal(self, rows: Ints, dealers: Ints, mt: Ints, pos: Ints, keep_scores: bool) -> None:
        # An episode is one hand from the start of a match, and a misdeal changes no score: the
        # match state is the start of a match either way.
        kernels.deal(self.S, self.params, self.D, mt, pos, rows, dealers)

    # --- the `Loadable` capability: positions loaded mid-hand, for the search's playouts ---

    def load(self, rows: Ints, states: Sequence[Any]) -> None:
        """Set each of ``rows`` to the engine state ``states[k]`` (any dealt hand: a sampled world,
        mid-hand, houses and sweeps and the match as they stand), with nothing logged; a state
        given more than once is converted once. Its moves are listed for the seat to act."""
        made: dict[int, int] = {}
        index = []
        table: list[list[int]] = []
        for state in states:
            k = made.get(id(state))
            if k is None:
                k = made[id(state)] = len(table)
                table.append(row_of(state))
            index.append(k)
        self.S[rows] = np.array(table, np.int64).reshape(-1, kernels.COLUMNS)[index]
        keys = [hash(state) & 0xFFFF_FFFF for state in states]
        self.seeds[rows] = (np.array(keys, np.int64).reshape(-1) << 20) + np.asarray(rows, np.int64)
        kernels.open_rows(self.S, self.params, self.MH, self.MT, self.W, np.asarray(rows, np.int64))

    def tokens(self, action: Any) -> tuple[int, ...]:
        """The tokens that spell an engine action (`tokens.spelling`): a head, then the loose cards
        taken in card order and ``end``; a throw or a bid is one token."""
        return tuple(int(t) for t in _SPELL(action))

    def covers(self, view: Any) -> bool:
        """Whether `policy` plays every decision from the position ``view`` shows: always (the bid
        and every move of play are written over arrays)."""
        return True

    def policy(self, bot: Any) -> Callable[[Ints], None] | None:
        """``choose(out)`` writing the token ``bot`` gives at every row (-1 where no seat acts): the
        rule-based bot (`rule`) under these rules (`botkernels.rule_tokens`); ``None`` for any other
        (its classic version among them, played on the fast layer). The bot breaks near-ties with
        a random nudge to each move's worth; over arrays the nudge is drawn from the row's own
        stream (`botkernels.nudge`), so its choices are the bot's in law, not draw for draw."""
        from . import botkernels
        from .bots import RuleBot

        if type(bot) is not RuleBot or bot.classic or bot.game.rules != self.rules:
            return None
        S, P, MH, MT = self.S, self.params, self.MH, self.MT
        weights = botkernels.weights(self.rules)
        work = kernels.work()
        scratch = np.zeros((1, kernels.COLUMNS), np.int64)
        seeds = self.seeds
        CK, CV = _loose_cache(int(P[kernels.P_TEN_D]), float(weights[botkernels.X_CARD]))
        Zi, Zf = botkernels.space()

        def choose(out: Ints) -> None:
            botkernels.rule_tokens(S, P, MH, MT, weights, seeds, work, scratch, CK, CV, Zi, Zf, out)

        return choose

    def play_out(self, bot: Any) -> Callable[[int, Floats], None] | None:
        """``run(n, scores)``, playing the hands of rows 0 to ``n - 1`` to their ends with ``bot``
        in one kernel, a whole move at a time (`botkernels.play_out`: `policy` and `apply` fused),
        each hand's scores into ``scores[row]``; ``None`` where `policy` is."""
        from . import botkernels

        if self.policy(bot) is None:
            return None
        S, P, MH, MT, LH, LT, LL, W = self.S, self.params, self.MH, self.MT, self.LH, self.LT, self.LL, self.W
        weights = botkernels.weights(self.rules)
        work = kernels.work()
        scratch = np.zeros((1, kernels.COLUMNS), np.int64)
        seeds = self.seeds
        CK, CV = _loose_cache(int(P[kernels.P_TEN_D]), float(weights[botkernels.X_CARD]))
        Zi, Zf = botkernels.space()
        none = np.zeros((1, 1), np.bool_)

        def run(n: int, scores: Floats) -> None:
            botkernels.play_out(
                S, P, MH, MT, LH, LT, LL, weights, seeds, W, work, scratch, CK, CV, Zi, Zf, none, n, scores
            )

        return run

    def move_values(self, bot: Any, rows: Ints, most: int) -> tuple[Ints, Ints, npt.NDArray[np.float64]] | None:
        """What each head token the seat to act may give at each of ``rows`` leads to with ``bot``
        (the rule-based bot, as `policy`) playing every seat after it, the hands as they truly lie
        (`botkernels.move_values`; the tables are not changed): ``(counts, heads, values)``, row
        ``i``'s ``counts[i]`` heads (0 where it is not at the start of a move of play with a choice
        among at most ``most`` heads), each head token, and the acting side's deal total less the
        other side's after the move the bot would make with that head. ``None`` where `policy` is.
        Training targets for a policy (`cardtable.learned.train`'s rollout stage): which head the
        bot's own play would have made best of, from the position as it is."""
        from . import botkernels

        if self.policy(bot) is None:
            return None
        rows = np.asarray(rows, np.int64)
        weights = botkernels.weights(self.rules)
        P = self.params
        CK, CV = _loose_cache(int(P[kernels.P_TEN_D]), float(weights[botkernels.X_CARD]))
        Zi, Zf = botkernels.space()
        size = kernels.PLAYS_PER_DEAL
        Sw = np.zeros((1, kernels.COLUMNS), np.int64)
        MHw = np.zeros((1, kernels.MAX_MOVES), np.int64)
        MTw = np.zeros((1, kernels.MAX_MOVES), np.int64)
        LHw, LTw, LLw = (np.zeros((1, size + 1), np.int64) for _ in range(3))
        counts = np.zeros(rows.size, np.int64)
        heads = np.full((rows.size, most), -1, np.int64)
        values = np.zeros((rows.size, most), np.float64)
        botkernels.move_values(
            self.S, P, self.MH, self.MT, rows, weights, self.seeds, self.W, kernels.work(),
            np.zeros((1, kernels.COLUMNS), np.int64), CK, CV, Zi, Zf, self.none, Sw, MHw, MTw, LHw, LTw, LLw,
            np.zeros(1, np.int64), np.zeros((1, 4), np.float32), counts, heads, values,
        )  # fmt: skip
        heads[np.arange(most) >= counts[:, None]] = -1
        return counts, heads, values

    def final_states(self, rows: Ints, states: Sequence[Any]) -> list[Any]:
        """The engine state at the end of each of ``rows``' hands, the row loaded from ``states[k]``
        and played on. A finished hand whose floor went to a team (R15, R16: no house left) is read
        off its row: every field of the engine's state is there, the match as it was loaded (a
        hand's end does not change it). Otherwise (a house left on the floor, whose sets the row
        does not keep, or a hand not over) its bid and logged moves are replayed on the fast
        layer."""
        from . import fast

        out: list[Any] = []
        S = self.S
        for k, state in enumerate(states):
            row = int(rows[k])
            r = S[row].tolist()
            if r[kernels.PHASE] == kernels.OVER and not any(r[kernels.HC0 : kernels.HC0 + 5]):
                at = (kernels.SW0, kernels.SW0 + kernels.MAX_SWEEPS)
                team0 = tuple(r[at[0] : at[0] + r[kernels.NSW0]])
                team1 = tuple(r[at[1] : at[1] + r[kernels.NSW0 + 1]])
                out.append(
                    SeepState(
                        state.dealer,
                        state.match,
                        Phase.OVER,
                        r[kernels.BID],
                        r[kernels.PLAYS],
                        (0, 0, 0, 0),
                        (0, 0, 0, 0),
                        r[kernels.LOOSE],
                        (),
                        (r[kernels.PILE0], r[kernels.PILE0 + 1]),
                        (team0, team1),
                        r[kernels.LAST],
                    )
                )
                continue
            f = fast.from_state(state, self.rules)
            assert f is not None
            n = int(S[row, kernels.NLOG])
            if f.phase is Phase.BID and S[row, kernels.BID]:
                f.apply(int(S[row, kernels.BID]) << 8)
            for j in range(n):
                f.apply(move_code(int(self.LH[row, j]), int(self.LT[row, j])))
            out.append(f.to_state())
        return out

    def actions_taken(self, rows: Ints) -> Ints:
        """The engine actions taken at each of ``rows`` since it was loaded or dealt (a move's
        tokens are one action; a bid is one)."""
        out: Ints = self.S[rows, kernels.NACT].copy()
        return out

    def next_dealers(self, rows: Ints) -> Ints:
        out = np.zeros(len(rows), np.int64)
        kernels.next_dealers(self.S, self.params, rows, out)
        return out

    def snapshot(self, rows: Ints) -> Ints:
        """The rows as they end: a move half given (an episode cut short by ``max_steps``) is
        dropped, as the RL tables drop the decision of an episode that ends."""
        snap = self.S[rows]
        snap[:, kernels.HEAD] = -1
        snap[:, kernels.GIVEN] = 0
        snap[:, kernels.LASTGIVEN] = -1
        return snap

    def observe_snapshot(self, snapshot: Any, seats: Ints, out: Bytes) -> None:
        kernels.observe(snapshot, self.offsets, seats, out)

    def hand_logs(self, rows: Ints) -> tuple[Any, ...]:
        S = self.S
        meta = np.stack([S[rows, kernels.DEALER], S[rows, kernels.BID], S[rows, kernels.NLOG]], axis=1)
        return meta, self.D[rows], self.LH[rows], self.LT[rows], self.LL[rows]

    def hand_records(self, logs: tuple[Any, ...]) -> list[tuple[dict[str, Any] | None, dict[str, Any]]]:
        """Each logged hand as (``None``: the start of a match; record §2 hand)."""
        meta, decks, heads, takes, looses = logs
        out: list[tuple[dict[str, Any] | None, dict[str, Any]]] = []
        for k in range(len(meta)):
            dealer, bid, n = (int(x) for x in meta[k])
            actions = []
            if bid:
                actions.append(f"{(dealer + 1) % 4} bid {bid}")
            for j in range(n):
                code = move_code(int(heads[k, j]), int(takes[k, j]))
                action = action_of(code, int(looses[k, j]))
                actions.append(f"{(dealer + 1 + j) % 4} {format_action(action)}")
            hand = {"dealer": dealer, "deal": {"deck": [CARD_NAMES[c] for c in decks[k].tolist()]}, "actions": actions}
            out.append((None, hand))
        return out


def row_of(state: SeepState) -> list[int]:
    """One row of ``S`` holding the engine state ``state`` (after its deal), nothing given toward a
    move, the seat to act and its moves left for `kernels.open_rows`."""
    if state.phase is Phase.DEAL:
        raise ValueError("seep batch: only a dealt hand can be loaded")
    r = [0] * kernels.COLUMNS
    r[kernels.PHASE] = int(state.phase)
    r[kernels.TO_ACT] = -1
    r[kernels.DEALER] = state.dealer
    r[kernels.BID] = state.bid
    r[kernels.PLAYS] = state.plays
    for s in range(4):
        r[kernels.HAND0 + s] = state.hands[s]
        r[kernels.STOCK0 + s] = state.stock[s]
    r[kernels.LOOSE] = state.loose
    for h in state.houses:
        r[kernels.HC0 + h.value - 9] = h.cards
        r[kernels.HO0 + h.value - 9] = h.owners
    r[kernels.PILE0], r[kernels.PILE0 + 1] = state.piles
    r[kernels.LAST] = state.last_capture
    r[kernels.HEAD] = -1
    r[kernels.LASTGIVEN] = -1
    for t in range(2):
        sweeps = state.sweeps[t]
        if len(sweeps) > kernels.MAX_SWEEPS:
            raise ValueError(f"seep batch: more than {kernels.MAX_SWEEPS} sweeps for one team")
        r[kernels.NSW0 + t] = len(sweeps)
        for k, worth in enumerate(sweeps):
            r[kernels.SW0 + t * kernels.MAX_SWEEPS + k] = worth
    r[kernels.LEAD] = state.match.difference
    r[kernels.BAAZI0], r[kernels.BAAZI0 + 1] = state.match.baazis
    return r


def move_code(head: int, take: int) -> int:
    """The number of a move (`moves.code_of`) from its head token and the loose cards it takes."""
    if head < kernels.T_CAPTURE:
        return (head - kernels.T_THROW) << 2
    if head < kernels.T_CAPTURE_HOUSE:
        return take << 12 | (head - kernels.T_CAPTURE) << 2
    if head < kernels.T_BUILD:
        card = head - kernels.T_CAPTURE_HOUSE
        return take << 12 | (card % 13 + 1) << 8 | card << 2
    for base, kind in ((kernels.T_CEMENT, 3), (kernels.T_BREAK, 2), (kernels.T_BUILD, 1)):
        if head >= base:
            value, card = 9 + (head - base) // 52, (head - base) % 52
            return take << 12 | value << 8 | card << 2 | kind
    raise AssertionError(head)


BATCH = SeepBatch
