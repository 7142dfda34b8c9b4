"""Worlds from a view on the fast layer: `sample.sample` made fast, choosing the same worlds.

The search bot samples a world per round of playouts and plays out on the fast layer, so it
needs ``fast.from_state(sample.sample(rules, view, rng, infer), rules)``. `Sampler` gives exactly
that fast state (field for field, ``None`` before the deal) and leaves ``rng`` in the same state,
for every view and seed: the same worlds from the same random stream, so a search keeps its
results. `sample.sample` stays the reference and the tests compare the two over random hands
under every preset and option.

It follows `sample.sample` step for step and draws what it draws, in the same order, but:

- the view is read once (`sample._Seen`, the same reading, then turned into lists of places by
  index) and kept for the next call with the same view, as a search samples every world of a
  decision from one view;
- a filling is made over those lists, the random draws written out as `random.Random` makes them
  from ``getrandbits`` (``shuffle``, ``choice``, ``sample``) or ``random`` (``choices``);
- the auction is not replayed through checked states: the fast state at the start of the card
  play (or where the view's phase stops) is built directly, the legality of each step asked only
  where it depends on the world (the blitz's queens, R45; the call among the fast layer's list of
  calls, which equals `play.call_choices`, R18-R21, R35a; a crack by the partner, R44);
- the card play is replayed as `fast.FastState.apply` steps it (equal to the checked step, as the
  fast layer's tests hold), written out in one loop over local variables as `fast.playout` does,
  each card checked against the legal cards; with ``infer`` it is weighed as it is replayed (as
  `infer.play_misfits` weighs it), not replayed a second time, and the rule policy's choices are
  kept between the worlds of one view (`Sampler._play` says why that is exact).

The rare relaxed fillings (`sample.STRICT_TRIES` refused) and a random stream other than a plain
`random.Random` (whose draws a subclass may change) go through `sample.sample` itself. The
module's constants are read from `sample` and `infer` at each call, as `sample.sample` reads them.
"""

from __future__ import annotations

import random
from typing import Final

from . import infer as inference
from . import sample as checked
from .actions import CRACK, PASS, RECRACK, Action
from .bots import pick_threshold, strength
from .fast import (
    _HIGH_CARDS,
    _LOW_CARDS,
    BURY_PHASE,
    CALL,
    CALL_PHASE,
    CALL_UNKNOWN,
    CRACK_PHASE,
    DONE,
    PICK_PHASE,
    PLAY,
    RECRACK_PHASE,
    FastState,
    _call_moves,
    _halves,
    from_state,
)
from .fast import _follow_of as follow_of
from .play import SEATS, pick_choices, play_mask, trick_winner
from .rules import SheepsheadRules
from .state import CallKind, Phase, Setup
from .tables import BLACK_QUEENS, FAIL_ACES, FAIL_SUITS, FAIL_TENS, FOLLOW, JD, RED_QUEENS, SUIT_CLASS, TRUMP
from .view import View

_new = tuple.__new__
_CRACK_CHOICES: tuple[Action, ...] = (PASS, CRACK)
_PARTNER_CHOICES: tuple[Action, ...] = (PASS,)
_RECRACK_CHOICES: tuple[Action, ...] = (PASS, RECRACK)
_NO_CHOICES: tuple[Action, ...] = ()
#: The bits ``random.Random`` draws for an index below ``n`` (``n.bit_length()``).
_KBITS: Final = tuple(n.bit_length() for n in range(33))
#: The steps of ``rng.shuffle`` of a list of each length: (position, choices, bits to draw).
_SHUFFLE: Final = tuple(tuple((i, i + 1, _KBITS[i + 1]) for i in range(n - 1, 0, -1)) for n in range(33))
_NONE = CallKind.NONE
_ALONE = CallKind.ALONE
_ACE = CallKind.ACE
_TEN = CallKind.TEN
_UNKNOWN = CallKind.UNKNOWN


def sampler(rules: SheepsheadRules) -> Sampler | None:
    """The fast sampler for ``rules``, or ``None`` when the fast layer cannot take them (today it
    takes every rule set)."""
    return Sampler(rules)


class _Plan:
    """One view read for sampling: `sample._Seen`'s places as lists by index, and what the
    replay of the auction and the card play needs of the view."""

    def __init__(self, rules: SheepsheadRules, view: View) -> None:
        seen = checked._Seen(rules, view)
        self.seen = seen
        names = list(seen.sizes)
        index = {p: i for i, p in enumerate(names)}
        self.sizes = [seen.sizes[p] for p in names]
        self.forbid = [seen.forbid[p] for p in names]
        # a place the filling has no room in is never chosen: only the places that exist
        self.forced = [(card, tuple(index[p] for p in places if p in index)) for card, places in seen.forced]
        self.must = [(index[p], want) for p, want in seen.must]
        self.options = [
            (ace, tuple(index[p] for p in places if p in index), index[hp], FAIL_SUITS[(ace - 14) // 6] & ~(1 << ace))
            for ace, places, hp in seen.options
        ]
        self.hidden = seen.hidden
        #: The order in which `Sampler._fill` fills the places, when no forced card changes it.
        self.order: list[int] | None = None
        if not (self.forced or self.must or self.options):
            keys = [(self.hidden & ~f).bit_count() - r for f, r in zip(self.forbid, self.sizes, strict=True)]
            self.order = sorted(range(len(keys)), key=keys.__getitem__)
        self.under_i = index.get("under", -1)
        self.bury_i = index.get("bury", -1)
        self.blind_i = index.get("blind", -1)
        seat = view.seat
        self.seat = seat
        # each seat's dealt cards: what the view shows of it, and its place to fill (-1 for none)
        self.hand_i = [-1 if s == seat else index[f"hand {s}"] for s in range(SEATS)]
        self.base = [(seen.hand if s == seat else seen.shown[s]) | seen.by[s] for s in range(SEATS)]
        self.fills = [(s, i) for s, i in enumerate(self.hand_i) if i >= 0]
        # the passers whose hands weigh a world (`sample.passers_who_would_pick`)
        self.passers = [
            (self.hand_i[s], self.base[s], pick_threshold(rules, position))
            for position in range(min(view.passes, SEATS))
            if (s := (view.dealer + 1 + position) % SEATS) != seat and s != seen.picker
        ]
        self.phase = seen.phase
        self.picker = seen.picker
        self.unknown = seen.unknown
        self.dealer = view.dealer
        self.first = (view.dealer + 1) % SEATS
        self.scores = view.scores
        self.pending = view.pending_doublers
        self.passes = view.passes
        self.blind = seen.blind
        self.bury = seen.bury
        self.blitz = view.blitz
        self.blitz_bits = (1 if "black" in view.blitz else 0) | (2 if "red" in view.blitz else 0)
        # R11: a fifth pass under forced_pick, R45: a blitz without blitzing: no world has them
        self.passes_ok = not (view.passes >= SEATS and rules.no_pick_rule == "forced_pick")
        self.blitz_ok = not (view.blitz and not rules.blitzing)
        self.call = view.call
        self.own_ace = rules.allow_call_own_ace
        self.called = -1
        if view.call in ("ace", "ten", "unknown"):
            self.called = (FAIL_TENS if view.call == "ten" else FAIL_ACES)[seen.suit]
        self.actor = view.actor
        self.cracker = view.cracker if view.cracker is not None else -2
        self.recracked = view.cracks == 2
        # the card play: Sheepshead indices in order, -1 for the face-down unknown card
        self.cards = [c for _leader, cs in seen.tricks for c in cs]
        self.started = self.phase in (Phase.PLAY, Phase.DONE)
        #: The rule policy's choices in this view's card play, by world (`Sampler._play`).
        self.choices: dict[int, int] = {}

    def call_int(self, under: int) -> int:
        """The picker's call as a fast action int (`fast.to_int`); ``under`` is the card set aside
        in an unknown call (R35a), -1 in an ace or ten call."""
        if under >= 0:
            return CALL_UNKNOWN + 32 * self.called + under
        return CALL + self.called


class Sampler:
    """`sample.sample` for one rule set, returning the fast state of the same world (see the
    module docstring)."""

    def __init__(self, rules: SheepsheadRules) -> None:
        self.rules = rules
        self._last: tuple[View, _Plan] | None = None

    def plan(self, view: View) -> _Plan:
        """The view read for sampling, the same while the views asked for are equal."""
        last = self._last
        if last is not None and (last[0] is view or last[0] == view):
            return last[1]
        plan = _Plan(self.rules, view)
        self._last = (view, plan)
        return plan

    def __call__(self, view: View, rng: random.Random, infer: bool = False) -> FastState | None:
        """The fast state of ``fast.from_state(sample.sample(rules, view, rng, infer), rules)``,
        drawing the same random numbers."""
        if view.phase == "deal":
            return None
        if type(rng) is not random.Random:  # a stream whose draws may differ from getrandbits'
            return from_state(checked.sample(self.rules, view, rng, infer), self.rules)
        plan = self.plan(view)
        if infer:
            return self._inferred(plan, rng)
        refused: FastState | None = None
        fewest = 0
        weighed = 0
        unlikely = checked.UNLIKELY
        for _ in range(checked.STRICT_TRIES):
            out = self._fill(plan, rng)
            if out is None:
                continue
            s = self._auction(plan, out, rng)
            if s is None:
                continue
            if plan.started and self._play(plan, s, 0)[0] < 0:
                continue
            misfits = self._passers(plan, out)
            if not misfits or rng.random() < unlikely**misfits:
                return s
            if refused is None or misfits < fewest:
                refused, fewest = s, misfits
            weighed += 1
            if weighed >= checked.WEIGHED_TRIES:
                return refused
        return self._relaxed(plan, rng, refused)

    def _inferred(self, plan: _Plan, rng: random.Random) -> FastState:
        """`sample._sample_inferred`, step for step."""
        refused: FastState | None = None
        best = -1.0
        weighed = 0
        unlikely = checked.UNLIKELY
        play_unlikely = inference.PLAY_UNLIKELY
        tries = inference.PLAY_WEIGHED_TRIES
        most = checked._MOST_PLAYS
        for _ in range(checked.STRICT_TRIES):
            out = self._fill(plan, rng)
            if out is None:
                continue
            s = self._auction(plan, out, rng)
            if s is None:
                continue
            weight = unlikely ** self._passers(plan, out)
            draw = rng.random()
            if plan.started:
                done = 0
                if plan.cards:
                    floor = max(draw, best)
                    cap = 0
                    bound = weight
                    while bound > floor and cap <= most:
                        bound *= play_unlikely
                        cap += 1
                    if cap:
                        misfits, done = self._play(plan, s, 0, cap)
                        if misfits < 0:
                            continue
                        weight *= play_unlikely**misfits
                    else:
                        weight = 0.0
                if weight <= draw and weight <= best:
                    weighed += 1
                    if weighed >= tries:
                        assert refused is not None
                        return refused
                    continue
                if self._play(plan, s, done)[0] < 0:
                    continue
            if weight > draw:
                return s
            if refused is None or weight > best:
                refused, best = s, weight
            weighed += 1
            if weighed >= tries:
                return refused
        return self._relaxed(plan, rng, refused)

    def _relaxed(self, plan: _Plan, rng: random.Random, refused: FastState | None) -> FastState:
        """After the strict tries: the likeliest world refused if any, else `sample.sample`'s last
        resort, the voids and the hold card dropped, by its own steps."""
        rules = self.rules
        seen = plan.seen
        for _ in range(checked.RELAXED_TRIES):
            if refused is not None:
                return refused
            filled = checked._fill(seen, rng, False)
            if filled is None:
                continue
            state = checked._replay(rules, seen, filled, rng, False)
            if state is None:
                continue
            checked.relaxed_count += 1
            s = from_state(state, rules)
            assert s is not None
            return s
        raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states

    def _fill(self, plan: _Plan, rng: random.Random) -> list[int] | None:
        """`sample._fill` (strict) over the places by index: the cards of each place, or None."""
        bits = rng.getrandbits
        room = plan.sizes[:]
        forbid = plan.forbid
        forced = plan.forced
        if plan.options:
            forbid = forbid[:]
            forced = forced[:]
            under_i = plan.under_i
            for ace, places, hp, block in plan.options:
                if rng.random() < 0.5:
                    forced.append((ace, places))
                else:
                    forbid[hp] |= block
                    if under_i >= 0:
                        forbid[under_i] |= block
        out = [0] * len(room)
        pool = plan.hidden
        for card, places in forced:
            if not pool >> card & 1:
                continue
            ok = [p for p in places if room[p] > 0 and not forbid[p] >> card & 1]
            if not ok:
                return None
            place = ok[0]
            if len(ok) > 1:  # rng.choices(ok, weights=room): the first running total above the draw
                total = 0
                for p in ok:
                    total += room[p]
                x = rng.random() * (total + 0.0)
                total = 0
                for p in ok:
                    total += room[p]
                    if x < total:
                        place = p
                        break
                else:
                    place = ok[-1]
            out[place] |= 1 << card
            room[place] -= 1
            pool &= ~(1 << card)
        for place, want in plan.must:
            if out[place] & want:
                continue
            m = pool & want & ~forbid[place]
            if not m or room[place] <= 0:
                return None
            n = m.bit_count()  # rng.choice of the cards, lowest index first
            k = _KBITS[n]
            r = bits(k)
            while r >= n:
                r = bits(k)
            while r:
                m &= m - 1
                r -= 1
            low = m & -m
            out[place] |= low
            room[place] -= 1
            pool &= ~low
        lo = _LOW_CARDS[pool & 0xFFFF]
        hi = _HIGH_CARDS[pool >> 16]
        if lo is None or hi is None:
            lo, hi = _halves(pool)
        cards = lo + hi  # the pool's cards in order, a new list
        for i, n, k in _SHUFFLE[len(cards)]:  # rng.shuffle(cards)
            j = bits(k)
            while j >= n:
                j = bits(k)
            cards[i], cards[j] = cards[j], cards[i]
        # the most constrained place first (a stable sort, as over the places in order)
        order = plan.order
        if order is None:
            keys = [(pool & ~f).bit_count() - r for f, r in zip(forbid, room, strict=True)]
            order = sorted(range(len(room)), key=keys.__getitem__)
        rest = pool
        at = 0  # cards[at:] are left
        for place in order:
            need = room[place]
            if not need:
                continue
            block = forbid[place]
            got = 0
            if not rest & block:  # every card left may go here: the next ``need`` of them
                end = at + need
                if end > len(cards):
                    return None
                for c in cards[at:end]:
                    got |= 1 << c
                at = end
            else:
                keep = []
                n = 0
                for c in cards[at:]:
                    if n < need and not block >> c & 1:
                        got |= 1 << c
                        n += 1
                    else:
                        keep.append(c)
                if n < need:
                    return None
                cards = keep
                at = 0
            out[place] |= got
            rest &= ~got
        return out

    def _passers(self, plan: _Plan, out: list[int]) -> int:
        """`sample.passers_who_would_pick` of this filling."""
        misfits = 0
        for i, base, need in plan.passers:
            if strength(out[i] | base) >= need:
                misfits += 1
        return misfits

    def _auction(self, plan: _Plan, out: list[int], rng: random.Random) -> FastState | None:
        """`sample._replay` (checked) up to the start of the card play, or to the view's phase
        before it: the deal of this filling, the passes, pick, bury, call and cracks, as a fast
        state; None if a step breaks a rule."""
        rules = self.rules
        hands = plan.base[:]
        for s, i in plan.fills:
            hands[s] |= out[i]
        under = plan.unknown
        if plan.under_i >= 0:
            under = out[plan.under_i].bit_length() - 1
        picker = plan.picker
        if picker >= 0:
            bury = plan.bury if plan.bury else (out[plan.bury_i] if plan.bury_i >= 0 else 0)
            eight = hands[picker] | bury
            if under >= 0:
                eight |= 1 << under
            blind = plan.blind
            if not blind:
                blind = _choose_blind(eight, plan.blitz_bits, rng)
                if blind < 0:
                    return None
            hands[picker] = eight & ~blind
        else:
            bury = 0
            blind = plan.blind if plan.blind else (out[plan.blind_i] if plan.blind_i >= 0 else 0)
        if not plan.passes_ok:
            return None
        phase = plan.phase
        first = plan.first
        dealer = plan.dealer
        scores = plan.scores
        pending = plan.pending
        passes = plan.passes
        if phase == Phase.PICK:
            actor = (first + passes) % SEATS
            setup = _new(Setup, (dealer, scores, pending, blind, passes, -1, 0, _NONE, -1, -1, -1, -1, 0, 0, -1))
            choices = pick_choices(rules, hands[actor], passes)
            return FastState(rules, setup, PICK_PHASE, actor, hands, 0, first, [], [], 0, -1, 0, choices)
        if picker < 0:  # R12: five passes, then a leaster, moster ... or no play
            setup = _new(Setup, (dealer, scores, pending, blind, passes, -1, 0, _NONE, -1, -1, -1, -1, 0, 0, -1))
            if rules.no_pick_rule in ("leaster", "moster", "mittler", "schneidster"):
                return _start_play(rules, setup, hands, first)
            return FastState(rules, setup, DONE, -1, hands, 0, first, [], [], 0, -1, 0, _NO_CHOICES)
        # R13, R45: the pick, a blitz showing the queen pairs of the dealt six
        if not plan.blitz_ok:
            return None
        shown = 0
        if plan.blitz:
            six = hands[picker]
            shown = (1 if six & BLACK_QUEENS == BLACK_QUEENS else 0) | (2 if six & RED_QUEENS == RED_QUEENS else 0)
        if shown != plan.blitz_bits:
            return None
        if phase == Phase.BURY:
            hands[picker] = eight
            setup = _new(
                Setup, (dealer, scores, pending, blind, passes, picker, 0, _NONE, -1, -1, -1, -1, shown, 0, -1)
            )
            return FastState(rules, setup, BURY_PHASE, picker, hands, 0, first, [], [], 0, -1, 0, _NO_CHOICES)
        hand = hands[picker] = eight & ~bury  # R14
        mode = rules.partner_mode
        partner = -1
        if mode == "called_ace":
            if phase == Phase.CALL:
                setup = _new(
                    Setup, (dealer, scores, pending, blind, passes, picker, bury, _NONE, -1, -1, -1, -1, shown, 0, -1)
                )
                return FastState(rules, setup, CALL_PHASE, picker, hands, 0, first, [], [], 0, -1, 0, _NO_CHOICES)
            called = plan.called
            call = plan.call
            u = under if call == "unknown" else -1
            # R18-R21, R35a: the call is one of `play.call_choices` (alone always is); an ace call
            # is there when he keeps a hold card of its suit and (R18) does not hold the ace
            if call == "ace":
                ace = 1 << called
                if not (hand & FAIL_SUITS[SUIT_CLASS[called]] & ~ace and (plan.own_ace or not (hand | bury) & ace)):
                    return None
            elif call != "alone" and plan.call_int(u) not in _call_moves(rules, hand, bury):
                return None
            if call == "alone":
                info = (_ALONE, -1, -1, -1, -1)
            else:
                kind = _UNKNOWN if u >= 0 else _ACE if called in FAIL_ACES else _TEN
                partner = _holder(hands, called, picker)
                info = (kind, called, SUIT_CLASS[called], u, partner)
        elif mode == "jack_of_diamonds":  # R34: the holder of JD, if not the picker
            partner = _holder(hands, JD, picker)
            info = (_NONE, JD, -1, -1, partner)
        else:
            info = (_ALONE, -1, -1, -1, -1)
        if not rules.cracking or picker == dealer:
            setup = _new(Setup, (dealer, scores, pending, blind, passes, picker, bury, *info, shown, 0, -1))
            return _start_play(rules, setup, hands, first)
        # R44: the seats after the picker may crack, then the picker re-crack
        cracks = 0
        cracker = -1
        seat = (picker + 1) % SEATS
        while True:
            if phase == Phase.CRACK and seat == plan.actor:
                setup = _new(Setup, (dealer, scores, pending, blind, passes, picker, bury, *info, shown, 0, -1))
                choices = _PARTNER_CHOICES if seat == partner else _CRACK_CHOICES
                return FastState(rules, setup, CRACK_PHASE, seat, hands, 0, first, [], [], 0, -1, 0, choices)
            if seat == plan.cracker:
                if seat == partner:
                    return None
                cracks, cracker = 1, seat
                if phase == Phase.RECRACK:
                    setup = _new(Setup, (dealer, scores, pending, blind, passes, picker, bury, *info, shown, 1, seat))
                    return FastState(
                        rules, setup, RECRACK_PHASE, picker, hands, 0, first, [], [], 0, -1, 0, _RECRACK_CHOICES
                    )
                if plan.recracked:
                    cracks = 2
                break
            if seat == dealer:
                break
            seat = (seat + 1) % SEATS
        setup = _new(Setup, (dealer, scores, pending, blind, passes, picker, bury, *info, shown, cracks, cracker))
        return _start_play(rules, setup, hands, first)

    def _play(self, plan: _Plan, s: FastState, done: int, cap: int = 0) -> tuple[int, int]:
        """The card play replayed on ``s`` from its ``done``-th card, each card checked against
        the legal cards: `FastState.apply` (as `play.apply_play`) written out in one loop over
        local variables, as `fast.playout` does it. Returns (-1 if a card is not legal, else the
        misfits counted; how many cards ``s`` has played).

        With a positive ``cap`` it also weighs the plays as `infer.play_misfits` does, stopping
        (before the card) when the misfits reach ``cap``. The policy's choices are kept in the
        view's plan (`_Plan.choices`): between worlds of one view the choice at the ``k``-th card
        depends only on what differs between them, the hand of the seat to play, who the partner
        is, the unknown card (R35a) and, for the picker, the blind and the bury; the rest of what
        it reads (the cards played, the tricks and their winners) the view fixes."""
        cards = plan.cards
        setup = s.setup
        misfits = 0
        if done < len(cards):
            rules = self.rules
            picker, partner, x, under = setup.picker, setup.partner, setup.suit, setup.under
            face_down = plan.unknown if plan.unknown >= 0 else under
            # R25 alone picks the winner unless a card lies aside or a called ten beats the ace
            plain_winner = under < 0 and not (setup.call_kind == _TEN and rules.called_ten_beats_ace)
            hands = s.hands
            tricks = s.tricks
            trick = s.trick
            seat = s.to_act
            trick_no = s.trick_no
            leader = s.leader
            first_x = s.first_x
            legal = s.legal
            played = s.played
            # the weighing (`infer.play_misfits`): the rule policy, its private stream, its choices
            policy, policy_rng = inference._policy(rules)
            viewer = plan.seat
            memo = plan.choices
            world = (partner + 1) << 32 | (under + 1) << 36
            hidden = setup.blind | setup.bury
            for k in range(done, len(cards)):
                a = cards[k]
                if a < 0:
                    a = face_down
                bit = 1 << a
                if not legal & bit:
                    return -1, k
                if cap and seat != viewer and legal & (legal - 1):
                    key = hands[seat] | world | k << 42
                    if seat == picker:
                        key |= hidden << 48
                    choice = memo.get(key)
                    if choice is None:
                        s.to_act, s.trick_no, s.leader, s.trick = seat, trick_no, leader, trick
                        s.first_x, s.legal, s.played = first_x, legal, played
                        choice = memo[key] = policy.choose(s, s.moves(), policy_rng)
                    if choice != a:
                        misfits += 1
                        if misfits >= cap:
                            s.to_act, s.trick_no, s.leader, s.trick = seat, trick_no, leader, trick
                            s.first_x, s.legal, s.played = first_x, legal, played
                            s.follow = follow_of(setup, trick, trick_no, first_x)
                            return misfits, k
                hands[seat] ^= bit
                played |= bit
                if trick:
                    trick.append(a)
                    if len(trick) < SEATS:
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
                            legal = hand & FOLLOW[trick[0]] or hand  # R24
                        seat = nxt
                        continue
                    five = (trick[0], trick[1], trick[2], trick[3], a)
                    if plain_winner:  # R25
                        won = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3] | bit
                        w = won & TRUMP or won & FOLLOW[trick[0]]
                        winner = (leader + five.index((w & -w).bit_length() - 1)) % SEATS
                    else:
                        winner = trick_winner(rules, setup, leader, five, first_x, trick_no)
                    tricks.append((leader, five, winner))
                    trick = []
                    leader = seat = winner
                    if trick_no == 5:
                        s.phase, s.to_act, s.trick_no, s.leader, s.trick = DONE, -1, 6, leader, trick
                        s.first_x, s.legal, s.played, s.follow = first_x, 0, played, 0
                        return (misfits if k == len(cards) - 1 else -1), k + 1
                    trick_no += 1
                    if (
                        x >= 0
                        and (first_x < 0 or first_x == trick_no or under >= 0)
                        and (winner in (picker, partner) or under >= 0)
                    ):
                        legal = play_mask(rules, setup, winner, hands[winner], (), trick_no, first_x)
                    else:
                        legal = hands[winner]
                    continue
                trick.append(a)  # the lead
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
                    legal = hand & FOLLOW[a] or hand
                seat = nxt
            s.to_act, s.trick_no, s.leader, s.trick = seat, trick_no, leader, trick
            s.first_x, s.legal, s.played = first_x, legal, played
        s.follow = follow_of(setup, s.trick, s.trick_no, s.first_x) if s.phase == PLAY else 0
        return misfits, len(cards)


def _start_play(rules: SheepsheadRules, setup: Setup, hands: list[int], first: int) -> FastState:
    """R23 (`play.start_play`): the dealer's left leads the first trick."""
    legal = play_mask(rules, setup, first, hands[first], (), 0, -1)
    return FastState(rules, setup, PLAY, first, hands, 0, first, [], [], 0, -1, legal, _NO_CHOICES)


def _holder(hands: list[int], card: int, picker: int) -> int:
    """The seat other than the picker holding ``card``, -1 if none (`play._holder`)."""
    for seat in range(SEATS):
        if seat != picker and hands[seat] >> card & 1:
            return seat
    return -1


_BLITZ_PAIRS = ((1, BLACK_QUEENS), (2, RED_QUEENS))


def _choose_blind(eight: int, blitz: int, rng: random.Random) -> int:
    """`sample._choose_blind`: two of the picker's eight cards, drawn as ``rng.sample`` draws them,
    his dealt six holding exactly the queen pairs ``blitz`` (bit 1 black, bit 2 red) shows."""
    if eight.bit_count() != 8:
        return -1
    lo = _LOW_CARDS[eight & 0xFFFF]
    hi = _HIGH_CARDS[eight >> 16]
    if lo is None or hi is None:
        lo, hi = _halves(eight)
    cards = lo + hi
    bits = rng.getrandbits
    for _ in range(20):
        i = bits(4)  # rng.sample: an index below 8, then below 7 with the first taken out
        while i >= 8:
            i = bits(4)
        j = bits(3)
        while j >= 7:
            j = bits(3)
        blind = (1 << cards[i]) | (1 << (cards[7] if j == i else cards[j]))
        if not blitz:
            return blind
        dealt = eight & ~blind
        if (1 if dealt & BLACK_QUEENS == BLACK_QUEENS else 0) | (2 if dealt & RED_QUEENS == RED_QUEENS else 0) == blitz:
            return blind
    return -1
