"""Worlds from a view straight onto the fast layer: `sample.sample`, then `fast.from_state`, faster.

A search samples a world for every round of its playouts and plays them out on the fast layer,
so the sampler is a large part of its time. ``sampler(rules)(view, rng, infer)`` gives the fast
state equal to ``fast.from_state(sample.sample(rules, strict, view, rng, infer), rules)`` (``None``
before the deal, as that is), drawing exactly the same random numbers, so the same seed gives
the same world and leaves the generator in the same state: search results stay comparable
whichever sampler drew the worlds. `sample` stays the reference; this module follows it step by
step and only does the same work more cheaply:

- everything that depends on the view alone (the hidden cards, the places and the order they
  are filled in with and without the shown voids, the cards each seat played, the auction calls
  to weigh and what they are weighed against) is worked out once per view and kept while the
  views asked for are equal (a search draws every world of a decision from one view);
- the hidden cards are shuffled as their bits, and a place any card may go to takes its slice
  of the shuffled pool in one sum;
- a call is weighed by a table, built once per rule set and bound, of whether
  `bots.bid_estimate` plus the quarter point reaches the bound, by one suit's cards and the
  hand's tens: a hand's estimate reaches a bound exactly when one of its suits' entries does
  (the estimate is the best suit's strength plus constants, and adding a constant in floating
  point keeps the order);
- a refused world is kept as its hands and `Setup` only; the fast state is built once, for the
  world returned, without a checked `State` in between.

The constants the checked sampler reads (`sample.UNLIKELY`, `sample.WEIGHED_TRIES`,
`sample._TRIES`, `infer.PLAY_UNLIKELY`, `infer.PLAY_TRIES`) are read from their modules at every
call, as it does. With ``infer`` the card plays are weighed by the same `infer.PlayCheck`
(`infer.for_view`), which is most of the time of such a world. ``bench/smear_sample_fast.py``
measures both samplers; the figures are in ``docs/smear.md``.

A search on the batched engine asks for a chunk of worlds of one view at a time: `Sampler.many`
draws them in one compiled call (`samplekernels.draw`, numba), the same worlds and the same
random numbers as calling the sampler once per world, about five times sooner at 64 worlds
(``tests/smear/test_sample_many.py`` holds the two equal). Worlds weighed by the card plays are
left to the sampler itself.

What is left of a try is mostly the shuffle (one ``getrandbits`` a card, as ``rng.shuffle``
draws them), the filling of the places and the weighing. Tried and not kept: drawing the
shuffle's numbers as 32-bit words in bulk (``getrandbits(32 * n)``, then more for the numbers
refused) was slower; filling a constrained place with list comprehensions was slower than the
loop that stops at the place's last card; inlining the weighing in the loop gained nothing
measurable; writing out R18's check of the discard (`play.lead_cards`) here gained about 5% with
a kitty, not enough to give that rule a second home.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, overload

from . import infer as inference
from . import sample as checked
from .bots import _strength
from .fast import AUCTION, DISCARD, OVER, PLAY, FastState, _cards_of
from .play import ALL_CARDS, lead_cards
from .rules import SmearRules
from .scoring import score_hand
from .state import Phase, Setup, State, Tally, Trick
from .tables import HAND_SIZE, SEATS, STOCK_SIZE, SUIT, suit_patterns
from .view import SmearView

_new = tuple.__new__

#: A drawn world: its places (the hands 0-3, then the stock, the discard and the dead stock, as
#: card sets) and its `Setup`.
_World = tuple[list[int], Setup]
#: The places to fill in their order: (place, size, the pool's cards it may not hold).
_Fill = list[tuple[int, int, int]]

#: Where the hidden cards go, as indexes into a world's places: the hands are 0-3.
_STOCK: Final = 4
_DISCARD: Final = 5
_DEAD: Final = 6
_SLOTS: Final = {"stock": _STOCK, "discard": _DISCARD, "dead": _DEAD}

#: The Fisher-Yates steps of shuffling ``n`` items as ``rng.shuffle`` does, by ``n``:
#: (position, items left, random bits needed to draw one).
_SWAPS: Final = tuple(tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(53))

#: The tens of every suit (a hand's tens count toward Game in `bots.suit_strength`).
_TENS: Final = sum(1 << (13 * s + 9) for s in range(4))

#: The fast layer's phases (a view before the deal has no world on it).
_PHASE: Final = {Phase.AUCTION: AUCTION, Phase.DISCARD: DISCARD, Phase.PLAY: PLAY, Phase.OVER: OVER}

#: `_estimates` by (low to the player, kitty size), and `_reaching` by those and the bound.
_ESTIMATES: dict[tuple[bool, int], list[float]] = {}
_REACHING: dict[tuple[bool, int, int], bytes] = {}


def _estimates(rules: SmearRules) -> list[float]:
    """``bid_estimate(rules, hand) + 0.25`` were ``hand`` to hold only the cards of one suit given
    by its 13-bit rank pattern ``p`` and ``t`` tens in all, at ``t << 13 | p``: a hand's estimate
    is the largest of its four suits' entries."""
    low = rules.low_awarded_to == "player"
    key = (low, rules.kitty_size)
    table = _ESTIMATES.get(key)
    if table is None:
        kitty = 0.12 * rules.kitty_size
        table = [0.0] * (5 << 13)
        for tens in range(5):
            for p in suit_patterns():
                strength = _strength(p, 0, tens, low) if p else 0.0
                table[tens << 13 | p] = strength + kitty + 0.25
        _ESTIMATES[key] = table
    return table


def _reaching(rules: SmearRules, bound: int) -> bytes:
    """1 where `_estimates` reaches ``bound``, else 0: a hand's estimate plus the quarter point
    reaches a bound exactly when one of its suits' entries does."""
    key = (rules.low_awarded_to == "player", rules.kitty_size, bound)
    table = _REACHING.get(key)
    if table is None:
        table = _REACHING[key] = bytes(e >= bound for e in _estimates(rules))
    return table


class _Plan:
    """What every world sampled from one view shares, worked out once (see the module docstring)."""

    def __init__(self, rules: SmearRules, strict: bool, view: SmearView) -> None:
        self.view = view
        n = rules.kitty_size
        self.kitty_size = n
        phase = view.phase
        self.phase = _PHASE[phase]
        self.to_act = -1 if view.to_act is None else view.to_act
        self.played = checked.played_cards(view)
        hidden_mask = checked.hidden_mask(view)
        hidden = [1 << c for c in range(52) if hidden_mask >> c & 1]
        self.pool = hidden
        self.swaps = _SWAPS[len(hidden)]
        places = checked._places(view, n)
        voids = checked._voids(view, strict)
        #: The places in the order they are filled, as (slot, size, cards it may not hold of the
        #: pool): with the shown voids, and without them (the sampler's last resort).
        self.fills = [
            [
                (self._slot(name), size, block & hidden_mask)
                for name, size, block in checked.fill_order(places, v, hidden_mask)
            ]
            for v in (voids, [0, 0, 0, 0])
        ]
        self.seat = view.seat
        #: A world's places before the hidden cards are dealt: the seat's own hand in its slot.
        blank = [0] * 7
        blank[view.seat] = view.hand
        self.blank = blank
        self.by_seat = checked.played_by(view)
        self.stock = any(name == "stock" for name, _, _ in places)
        bidder = view.bidder if view.bidder is not None else -1
        self.bidder = bidder
        self.bid = view.bid if view.bid is not None else 0
        self.kitty = -1 if view.kitty is None else view.kitty
        self.discard = -1 if view.discard is None else view.discard
        self.dead = -1 if view.dead is None else view.dead
        self.lead_check = phase is Phase.PLAY or (phase is Phase.OVER and bidder >= 0)
        #: The other seats' calls to weigh, as (seat, where an estimate reaches the call's bound
        #: (`_reaching`), is a bid, dealt the kitty).
        self.calls = [
            (s, _reaching(rules, bound), bid, s == bidder and phase is not Phase.AUCTION)
            for s, bound, bid in checked.call_tests(rules, view)
        ]
        self.trump = view.trump if view.trump is not None else -1
        self.leader = checked.leader_of(view, bidder)
        self.tally_due = phase is Phase.OVER and bidder >= 0
        # The fast state's suits of the trick in progress (`FastState._trick_suits`).
        led = follow = 0
        if view.trick and phase is Phase.PLAY:
            suit = view.trick[0] // 13
            led = SUIT[suit]
            follow = led if suit == self.trump or strict else led | SUIT[self.trump]
        self.led = led
        self.follow = follow
        self._arrays: tuple[Any, ...] | None = None

    @staticmethod
    def _slot(name: str) -> int:
        return int(name[5:]) if name.startswith("hand ") else _SLOTS[name]

    def arrays(self) -> tuple[Any, ...]:
        """The plan as `samplekernels.draw` reads it (made once, numpy needed): the hidden cards,
        the two fill orders and their lengths, the blank places, the cards each seat played, the
        calls weighed and their tables, the numbers of ``info``, the suits and the deck."""
        made = self._arrays
        if made is not None:
            return made
        import numpy as np

        from . import samplekernels as k

        longest = max(1, *(len(f) for f in self.fills))
        fills = np.zeros((2, longest, 3), np.int64)
        for i, fill in enumerate(self.fills):
            for j, place in enumerate(fill):
                fills[i, j] = place
        calls = np.array([(s, bid, took) for s, _, bid, took in self.calls], np.int64).reshape(-1, 3)
        reach = np.array([np.frombuffer(r, np.uint8) for _, r, _, _ in self.calls], np.uint8).reshape(
            len(self.calls), 5 << 13
        )
        info = np.zeros(k.INFO, np.int64)
        info[k.I_KITTY_SIZE] = self.kitty_size
        info[k.I_BIDDER] = self.bidder
        info[k.I_STOCK] = self.stock
        info[k.I_KITTY] = self.kitty
        info[k.I_DISCARD] = self.discard
        info[k.I_DEAD] = self.dead
        info[k.I_LEAD_CHECK] = self.lead_check
        info[k.I_STOCK_SIZE] = STOCK_SIZE
        info[k.I_HAND_SIZE] = HAND_SIZE
        made = self._arrays = (
            np.array([b.bit_length() - 1 for b in self.pool], np.int64),
            fills,
            np.array([len(f) for f in self.fills], np.int64),
            np.array(self.blank, np.int64),
            np.array(self.by_seat, np.int64),
            calls,
            reach,
            info,
            np.array(SUIT, np.int64),
            ALL_CARDS,
        )
        return made


class Worlds(Sequence[State]):
    """The worlds of one view drawn at once (`Sampler.many`): each world's hands and its setup's
    card sets as arrays (``hands``: int64 (n, 4), the engine's card sets; ``sets``: int64 (n, 4),
    the kitty, the dead stock, the discard and the cards to lead), the rest shared by all. A
    world's engine state is made when it is asked for; a batch loads the arrays themselves
    (`batch.SmearBatch.load_worlds`), so a search on the batch makes no state at all."""

    def __init__(self, rules: SmearRules, view: SmearView, plan: _Plan, hands: Any, sets: Any) -> None:
        self.hands = hands
        self.sets = sets
        self._rules = rules
        self._view = view
        self._plan = plan
        self._made: dict[int, State] = {}
        self._n = len(hands)
        # one trick and one list of tricks for all the worlds, as one sampler's states share them
        self._trick = tuple(view.trick)
        self._tricks = tuple(view.tricks)

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, w: int) -> State: ...

    @overload
    def __getitem__(self, w: slice) -> Sequence[State]: ...

    def __getitem__(self, w: int | slice) -> State | Sequence[State]:
        if isinstance(w, slice):
            return [self[i] for i in range(*w.indices(self._n))]
        if w < 0:
            w += self._n
        if not 0 <= w < self._n:
            raise IndexError(w)
        state = self._made.get(w)
        if state is None:
            state = self._made[w] = self._state(w)
        return state

    def _state(self, w: int) -> State:
        view, plan = self._view, self._plan
        kitty, dead, discard, lead_ok = self.sets[w].tolist()
        bidder, bid, trump = plan.bidder, plan.bid, plan.trump
        setup = _new(Setup, (view.dealer, view.scores, kitty, dead, view.calls, bidder, bid, discard, lead_ok))
        tally = None
        if plan.tally_due:
            tally = score_hand(self._rules, bidder, bid, trump, view.tricks, discard, view.scores)
        phase = view.phase
        to_act = None if phase is Phase.OVER else plan.to_act
        places = tuple(self.hands[w].tolist())
        state = (phase, to_act, places, trump, plan.leader, self._trick, self._tricks, setup, tally)
        made: State = _new(State, state)
        return made


class Sampler:
    """``sample.sample`` then ``fast.from_state`` for one rule set, from the same random stream
    (see the module docstring). Calling it with a view gives the fast state of a world."""

    def __init__(self, rules: SmearRules) -> None:
        self.rules = rules
        self.strict = rules.follow_rule == "strict"
        self.last: _Plan | None = None

    def plan(self, view: SmearView) -> _Plan:
        """The plan of ``view``: the last one while the views asked for are equal."""
        last = self.last
        if last is not None and (last.view is view or last.view == view):
            return last
        plan = self.last = _Plan(self.rules, self.strict, view)
        return plan

    def __call__(self, view: SmearView, rng: random.Random, infer: bool = False) -> FastState | None:
        """The fast state of a world ``view.seat`` cannot tell from the true one, equal to the
        checked sampler's from the same random stream (``None`` before the deal)."""
        if view.phase is Phase.DEAL:
            return None
        plan = self.plan(view)
        if infer:
            check = inference.for_view(self.rules, view)
            if check:
                return self._weighed(plan, rng, check)
        tries = checked._TRIES
        unlikely = checked.UNLIKELY
        most_weighed = checked.WEIGHED_TRIES
        refused: _World | None = None
        fewest = 0
        weighed = 0
        attempt = 0
        while attempt < 2 * tries:
            world = self._draw(plan, plan.fills[0] if attempt < tries else plan.fills[1], rng)
            if world is None:
                attempt += 1
                if attempt == tries and refused is not None:
                    return self._state(plan, refused)
                continue
            misfits = self._unlikely_calls(plan, world)
            if not misfits or rng.random() < unlikely**misfits:
                return self._state(plan, world)
            if refused is None or misfits < fewest:
                refused, fewest = world, misfits
            weighed += 1
            if weighed >= most_weighed:
                return self._state(plan, refused)
        raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states

    def many(
        self, view: SmearView, rng: random.Random, n: int, infer: bool = False, every: bool = True
    ) -> tuple[Worlds, Callable[[int], Any]] | None:
        """``n`` worlds of ``view`` drawn at once (`samplekernels.draw`, compiled): the engine
        states of the worlds of calling the sampler ``n`` times (what a search loads, with no
        fast state in between; as `Worlds`, which makes a state only when asked for it), the
        generator left as those calls leave it, and ``after(w)``, the generator's state
        (``rng.getstate()``) after world ``w`` (with ``every`` off, after the last world only:
        each state kept is 5 KB). ``None`` where it cannot: numba is not there, the worlds are
        weighed by the card plays (``infer``), or the view is before the deal."""
        if view.phase is Phase.DEAL or n <= 0:
            return None
        try:
            import numpy as np

            from . import samplekernels
        except ImportError:  # the batch extra is not installed
            return None
        if not samplekernels.NUMBA or (infer and inference.for_view(self.rules, view)):
            return None
        plan = self.plan(view)
        pool, fills, nfill, blank, by_seat, calls, reach, info, suits, deck = plan.arrays()
        info[samplekernels.I_TRIES] = checked._TRIES
        info[samplekernels.I_MOST_WEIGHED] = checked.WEIGHED_TRIES
        unlikely = checked.UNLIKELY
        powers = np.array([unlikely**m for m in range(len(calls) + 1)], np.float64)
        version, words, gauss = rng.getstate()
        mt = np.array(words[:-1], np.int64).reshape(1, -1)
        pos = np.array(words[-1:], np.int64)
        hands = np.empty((n, SEATS), np.int64)
        setups = np.empty((n, samplekernels.SETUP), np.int64)
        states = np.empty((n if every else 1, len(words)), np.int64)
        got = samplekernels.draw(
            mt, pos, pool, fills, nfill, blank, by_seat, calls, reach, info, suits, deck, powers, hands, setups, states
        )
        if got < n:
            raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states

        def after(w: int) -> Any:
            if not every and w != n - 1:
                raise ValueError("only the generator after the last world was kept")
            return (version, tuple(states[w if every else 0].tolist()), gauss)

        rng.setstate(after(n - 1))
        return Worlds(self.rules, view, plan, hands, setups), after

    def _weighed(self, plan: _Plan, rng: random.Random, check: inference.PlayCheck) -> FastState:
        """`sample._sample_weighed`: the worlds weighed by the auction and the card plays."""
        tries = checked._TRIES
        unlikely = checked.UNLIKELY
        play_unlikely = inference.PLAY_UNLIKELY
        most_weighed = inference.PLAY_TRIES
        refused: _World | None = None
        best = 0.0
        weighed = 0
        attempt = 0
        while attempt < 2 * tries:
            world = self._draw(plan, plan.fills[0] if attempt < tries else plan.fills[1], rng)
            if world is None:
                attempt += 1
                if attempt == tries and refused is not None:
                    return self._state(plan, refused)
                continue
            weight = unlikely ** self._unlikely_calls(plan, world)
            keep = rng.random()
            bar = min(keep, best)
            if weight > bar:
                most = 0
                if play_unlikely < 1.0:
                    while most < 64 and weight * play_unlikely ** (most + 1) > bar:
                        most += 1
                    misfits = check.count(world[0], world[1], most)
                else:
                    misfits = 0
                weight *= play_unlikely**misfits
                if keep < weight:
                    return self._state(plan, world)
                if weight > best:
                    refused, best = world, weight
            if refused is None:  # a world of weight 0 (a constant set to 0): still the one to fall back on
                refused = world
            weighed += 1
            if weighed >= most_weighed and refused is not None:
                return self._state(plan, refused)
        raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states

    def _draw(self, plan: _Plan, fill: _Fill, rng: random.Random) -> _World | None:
        """One try of `sample._deal_hidden` and `sample._assemble`, drawing the same random
        numbers: the world's places (hands 0-3, stock, discard, dead) and its `Setup`, or
        ``None`` for a try that got stuck or whose discard would have left no suit to lead."""
        bits = rng.getrandbits
        pool = plan.pool[:]
        for i, n, k in plan.swaps:
            j = bits(k)
            while j >= n:
                j = bits(k)
            pool[i], pool[j] = pool[j], pool[i]
        out = plan.blank[:]
        start = 0
        for slot, size, block in fill:
            if not block:  # every card left may go here: the first ones
                end = start + size
                if end > len(pool):
                    return None
                out[slot] = sum(pool[start:end])
                start = end
            else:
                m = 0
                taken = 0
                rest = []
                i = start
                left = len(pool)
                while taken < size and i < left:
                    b = pool[i]
                    i += 1
                    if b & block:
                        rest.append(b)
                    else:
                        m |= b
                        taken += 1
                if taken < size:
                    return None
                rest += pool[i:]
                pool = rest
                start = 0
                out[slot] = m
        n = plan.kitty_size
        bidder = plan.bidder
        if plan.stock:  # before the kitty is taken: the top n cards of the shuffled stock
            stock_mask = out[_STOCK]
            if n:
                stock = _cards_of(stock_mask)
                for i, n_left, k in _SWAPS[len(stock)]:
                    j = bits(k)
                    while j >= n_left:
                        j = bits(k)
                    stock[i], stock[j] = stock[j], stock[i]
                kitty = 0
                for c in stock[:n]:
                    kitty |= 1 << c
            else:  # the same random numbers, for no kitty
                for _, n_left, k in _SWAPS[STOCK_SIZE]:
                    j = bits(k)
                    while j >= n_left:
                        j = bits(k)
                kitty = 0
            dead = stock_mask & ~kitty
            discard = 0
        else:
            dead = plan.dead if plan.dead >= 0 else out[_DEAD]
            discard = plan.discard if plan.discard >= 0 else out[_DISCARD]
            if plan.kitty >= 0:
                kitty = plan.kitty
            elif n:  # rng.sample of n of the cards the bidder has held, discarded or played
                cards = _cards_of(out[bidder] | discard | plan.by_seat[bidder])
                size = len(cards)
                kitty = 0
                for i in range(n):
                    left = size - i
                    k = left.bit_length()
                    j = bits(k)
                    while j >= left:
                        j = bits(k)
                    kitty |= 1 << cards[j]
                    cards[j] = cards[left - 1]
            else:
                kitty = 0
        lead_ok = 0
        if plan.lead_check:
            if n:
                lead_ok = lead_cards(discard | out[bidder] | plan.by_seat[bidder], discard)
                if not lead_ok:
                    return None  # this discard would have left no suit to lead
            else:
                lead_ok = ALL_CARDS
        view = plan.view
        setup = _new(Setup, (view.dealer, view.scores, kitty, dead, view.calls, bidder, plan.bid, discard, lead_ok))
        return out, setup

    def _unlikely_calls(self, plan: _Plan, world: _World) -> int:
        """`sample.unlikely_calls` of a drawn world: a bid is unlikely from a hand whose estimate
        does not reach it, a pass from one whose estimate reaches the lowest bid it could make."""
        out, setup = world
        by_seat = plan.by_seat
        misfits = 0
        for s, reaching, bid, took_kitty in plan.calls:
            dealt = out[s] | by_seat[s]
            if took_kitty:
                dealt = (dealt | setup.discard) & ~setup.kitty
            tens = (dealt & _TENS).bit_count() << 13
            if (
                reaching[tens | dealt & 0x1FFF]
                or reaching[tens | dealt >> 13 & 0x1FFF]
                or reaching[tens | dealt >> 26 & 0x1FFF]
                or reaching[tens | dealt >> 39]
            ):
                if not bid:
                    misfits += 1
            elif bid:
                misfits += 1
        return misfits

    def _state(self, plan: _Plan, world: _World) -> FastState:
        """The fast state of a drawn world."""
        out, setup = world
        view = plan.view
        tally: Tally | None = None
        if plan.tally_due:
            tally = score_hand(self.rules, plan.bidder, plan.bid, plan.trump, view.tricks, setup.discard, view.scores)
        tricks: list[Trick] = list(view.tricks)
        return FastState(
            self.rules,
            plan.phase,
            plan.to_act,
            out[:SEATS],
            plan.trump,
            plan.leader,
            list(view.trick),
            tricks,
            setup,
            tally,
            plan.played,
            plan.led,
            plan.follow,
        )


def sampler(rules: SmearRules) -> Sampler | None:
    """The fast sampler of ``rules``, or ``None`` if the fast layer could not take their worlds
    (it takes every rule set)."""
    return Sampler(rules)
