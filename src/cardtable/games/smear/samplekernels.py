"""Smear's worlds drawn many at a time in one compiled kernel: `fastsample.Sampler.many`.

`fastsample.Sampler` draws a world the way the checked sampler (`sample.sample`) does, from the
same random numbers, in Python. A search asks for dozens to hundreds of worlds of one view at a
time, and drawing them was the largest part of a Smear search at the hard level (about half of
a hand's analysis). `draw` does the same tries, the same weighing and draws the same random
numbers (CPython's Mersenne Twister in `cardtable.batch.mt`, from the ``random.Random``'s own
state), for a whole chunk of worlds in one call: the worlds, and the generator after each, are
those of calling the sampler once per world. The plan of a view (`fastsample._Plan`) is given as
arrays (`fastsample._Plan.arrays`); only what differs between worlds comes out: each world's
four hands and the kitty, the dead stock, the discard and the cards the bidder may lead.

``tests/smear/test_sample_many.py`` holds `Sampler.many` to the sampler called world by world.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.batch.jit import NUMBA, inline, jit
from cardtable.batch.mt import N as MT_WORDS
from cardtable.batch.mt import randbelow_at, random_at

from .kernels import popcount

__all__ = ["NUMBA", "draw"]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bytes = npt.NDArray[np.uint8]

#: The plan's numbers in ``info``: the kitty's size, the bidder (-1), whether the stock is still
#: whole, the kitty, the discard and the dead stock when the view shows them (-1 when not),
#: whether the bidder's lead is checked (R18), the tries of each fill order, the most worlds
#: weighed, the stock's size, the hand's size.
I_KITTY_SIZE: Final = 0
I_BIDDER: Final = 1
I_STOCK: Final = 2
I_KITTY: Final = 3
I_DISCARD: Final = 4
I_DEAD: Final = 5
I_LEAD_CHECK: Final = 6
I_TRIES: Final = 7
I_MOST_WEIGHED: Final = 8
I_STOCK_SIZE: Final = 9
I_HAND_SIZE: Final = 10
INFO: Final = 11

#: A world's setup as `draw` writes it: kitty, dead stock, discard, the cards the bidder may lead.
W_KITTY: Final = 0
W_DEAD: Final = 1
W_DISCARD: Final = 2
W_LEAD_OK: Final = 3
SETUP: Final = 4

#: The places of a world (`fastsample`): the hands 0-3, the stock, the discard, the dead stock.
PLACES: Final = 7
_STOCK: Final = 4
_DISCARD: Final = 5
_DEAD: Final = 6

#: The tens of every suit (`fastsample._TENS`).
TENS: Final = sum(1 << (13 * s + 9) for s in range(4))


@inline
def _cards(m: int, out: Ints) -> int:
    """The cards of the set ``m``, lowest first, into ``out``; their number (`fast._cards_of`)."""
    n = 0
    for c in range(52):
        if m >> c & 1:
            out[n] = c
            n += 1
    return n


@inline
def _lead_cards(hand: int, discard: int, suits: Ints, hand_size: int) -> int:
    """`play.lead_cards` (R18): the cards the bidder may lead after discarding ``discard``."""
    ok = 0
    for s in range(4):
        held = hand & suits[s]
        if held and popcount(discard & suits[s]) == max(0, popcount(held) - hand_size):
            ok |= held & ~discard
    return ok


@inline
def _try(
    mt: Ints,
    i0: int,
    pool0: Ints,
    pool: Ints,
    rest: Ints,
    cards: Ints,
    fills: Ints,
    order: int,
    nfill: int,
    blank: Ints,
    by_seat: Ints,
    info: Ints,
    suits: Ints,
    all_cards: int,
    out: Ints,
    setup: Ints,
) -> tuple[bool, int]:
    """`fastsample.Sampler._draw`: one try from the generator at position ``i0``, its places into
    ``out`` and its setup into ``setup``; (False for a try that got stuck or whose discard would
    leave no suit to lead, the generator's position after it)."""
    at = i0
    h = pool0.shape[0]
    for i in range(h):
        pool[i] = pool0[i]
    for i in range(h - 1, 0, -1):  # rng.shuffle of the hidden cards
        j, at = randbelow_at(mt, 0, at, i + 1)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    for k in range(PLACES):
        out[k] = blank[k]
    start = 0
    left = h
    for f in range(nfill):
        slot = fills[order, f, 0]
        size = fills[order, f, 1]
        block = fills[order, f, 2]
        if block == 0:  # every card left may go here: the first ones
            end = start + size
            if end > left:
                return False, at
            m = 0
            for i in range(start, end):
                m |= 1 << pool[i]
            out[slot] = m
            start = end
        else:
            m = 0
            taken = 0
            nr = 0
            i = start
            while taken < size and i < left:
                c = pool[i]
                i += 1
                if (1 << c) & block:
                    rest[nr] = c
                    nr += 1
                else:
                    m |= 1 << c
                    taken += 1
            if taken < size:
                return False, at
            for t in range(i, left):
                rest[nr] = pool[t]
                nr += 1
            for t in range(nr):
                pool[t] = rest[t]
            left = nr
            start = 0
            out[slot] = m
    n = info[I_KITTY_SIZE]
    bidder = info[I_BIDDER]
    if info[I_STOCK]:  # before the kitty is taken: the top n cards of the shuffled stock
        stock_mask = out[_STOCK]
        kitty = 0
        if n:
            ns = _cards(stock_mask, cards)
            for i in range(ns - 1, 0, -1):
                j, at = randbelow_at(mt, 0, at, i + 1)
                t = cards[i]
                cards[i] = cards[j]
                cards[j] = t
            for i in range(n):
                kitty |= 1 << cards[i]
        else:  # the same random numbers, for no kitty
            for i in range(info[I_STOCK_SIZE] - 1, 0, -1):
                _, at = randbelow_at(mt, 0, at, i + 1)
        dead = stock_mask & ~kitty
        discard = 0
    else:
        dead = info[I_DEAD] if info[I_DEAD] >= 0 else out[_DEAD]
        discard = info[I_DISCARD] if info[I_DISCARD] >= 0 else out[_DISCARD]
        if info[I_KITTY] >= 0:
            kitty = info[I_KITTY]
        elif n:  # rng.sample of n of the cards the bidder has held, discarded or played
            size = _cards(out[bidder] | discard | by_seat[bidder], cards)
            kitty = 0
            for i in range(n):
                k = size - i
                j, at = randbelow_at(mt, 0, at, k)
                kitty |= 1 << cards[j]
                cards[j] = cards[k - 1]
        else:
            kitty = 0
    lead_ok = 0
    if info[I_LEAD_CHECK]:
        if n:
            lead_ok = _lead_cards(discard | out[bidder] | by_seat[bidder], discard, suits, info[I_HAND_SIZE])
            if not lead_ok:
                return False, at  # this discard would have left no suit to lead
        else:
            lead_ok = all_cards
    setup[W_KITTY] = kitty
    setup[W_DEAD] = dead
    setup[W_DISCARD] = discard
    setup[W_LEAD_OK] = lead_ok
    return True, at


@inline
def _misfits(out: Ints, setup: Ints, by_seat: Ints, calls: Ints, reach: Bytes) -> int:
    """`fastsample.Sampler._unlikely_calls` of the world in ``out`` and ``setup``."""
    misfits = 0
    for k in range(calls.shape[0]):
        s = calls[k, 0]
        dealt = out[s] | by_seat[s]
        if calls[k, 2]:  # the bidder, dealt the kitty
            dealt = (dealt | setup[W_DISCARD]) & ~setup[W_KITTY]
        tens = popcount(dealt & TENS) << 13
        hit = (
            reach[k, tens | (dealt & 0x1FFF)] != 0
            or reach[k, tens | (dealt >> 13 & 0x1FFF)] != 0
            or reach[k, tens | (dealt >> 26 & 0x1FFF)] != 0
            or reach[k, tens | (dealt >> 39)] != 0
        )
        if hit:
            if not calls[k, 1]:
                misfits += 1
        elif calls[k, 1]:
            misfits += 1
    return misfits


@inline
def _copy(places: Ints, setup: Ints, to_places: Ints, to_setup: Ints) -> None:
    """A world's places and setup copied (the world kept to fall back on, or fallen back on)."""
    for k in range(PLACES):
        to_places[k] = places[k]
    for k in range(SETUP):
        to_setup[k] = setup[k]


@jit
def draw(
    mt: Ints,
    pos: Ints,
    pool0: Ints,
    fills: Ints,
    nfill: Ints,
    blank: Ints,
    by_seat: Ints,
    calls: Ints,
    reach: Bytes,
    info: Ints,
    suits: Ints,
    all_cards: int,
    powers: Floats,
    hands: Ints,
    setups: Ints,
    states: Ints,
) -> int:
    """`fastsample.Sampler.__call__` (the worlds weighed by the auction only) once for each row of
    ``hands``: its four hands there, its setup (`W_KITTY` …) in ``setups``, and the generator
    after it in ``states`` (624 words and the position, as ``random.Random.getstate()[1]``; with
    one row of ``states``, only after the last world).
    ``mt``/``pos`` (one row) are the generator, advanced as the calls would advance it;
    ``powers[m]`` is ``sample.UNLIKELY ** m``. Returns the worlds drawn: fewer than asked only
    where no world agrees with the view."""
    h = pool0.shape[0]
    pool = np.empty(max(h, 1), np.int64)
    rest = np.empty(max(h, 1), np.int64)
    cards = np.empty(52, np.int64)
    out = np.empty(PLACES, np.int64)
    setup = np.empty(SETUP, np.int64)
    kept = np.empty(PLACES, np.int64)
    kept_setup = np.empty(SETUP, np.int64)
    tries = info[I_TRIES]
    most = info[I_MOST_WEIGHED]
    at = pos[0]  # the generator's position, kept here while drawing
    for w in range(hands.shape[0]):
        done = False
        refused = False
        fewest = 0
        weighed = 0
        attempt = 0
        while attempt < 2 * tries:
            order = 0 if attempt < tries else 1
            ok, at = _try(
                mt, at, pool0, pool, rest, cards, fills, order, nfill[order], blank, by_seat, info, suits,
                all_cards, out, setup,
            )  # fmt: skip
            if not ok:
                attempt += 1
                if attempt == tries and refused:
                    _copy(kept, kept_setup, out, setup)
                    done = True
                    break
                continue
            misfits = _misfits(out, setup, by_seat, calls, reach)
            kept_now = misfits == 0
            if not kept_now:
                u, at = random_at(mt, 0, at)
                kept_now = u < powers[misfits]
            if kept_now:
                done = True
                break
            if not refused or misfits < fewest:
                refused = True
                fewest = misfits
                _copy(out, setup, kept, kept_setup)
            weighed += 1
            if weighed >= most:
                _copy(kept, kept_setup, out, setup)
                done = True
                break
        if not done:
            pos[0] = at
            return w
        for k in range(4):
            hands[w, k] = out[k]
        for k in range(SETUP):
            setups[w, k] = setup[k]
        kept_at = w if states.shape[0] > 1 else 0  # one row: only the last world's
        for k in range(MT_WORDS):
            states[kept_at, k] = mt[0, k]
        states[kept_at, MT_WORDS] = at
    pos[0] = at
    return int(hands.shape[0])
