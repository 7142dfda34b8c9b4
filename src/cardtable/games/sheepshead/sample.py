"""Worlds from a view: full states that one seat cannot tell from the true one.

A search bot may not look at the true state; it samples the hidden cards from a view instead. The
cards the seat has not seen are dealt at random to the places it cannot see: the other hands, the
blind (before a pick, or in a hand nobody picked), the bury (when the seat is not the picker) and
the unknown card (R35a). Each place gets the number of cards the view implies, and the filling
respects everything the seat has seen:

- a seat that did not follow a led suit holds none of it (R24; the unknown card lies aside and is
  exempt, R35a);
- the called card lies with a seat other than the picker (R18; with ``allow_call_own_ace`` also
  in the picker's eight cards), never with the seat that cracked (the partner may not crack, R44);
- until the called suit is led the picker keeps a hold card of it (R27, R19);
- a ten call means the three fail aces are among the picker's eight cards (R19); an unknown call
  means the picker held no card of the called suit and could call no ace (R35a);
- a blitz shows the queens the picker was dealt (R45).

The world is then built by replaying the hand from its deal with the engine's own steps, checking
each step is legal (the pass, pick, bury, call, crack and every card played), so every rule the
engine knows holds in the world. A filling that breaks a rule is thrown away and another tried;
only if many tries all fail are the voids and the hold card dropped and the replay left
unchecked, which keeps the view exact.

Among the worlds that agree with the view, the likely ones are preferred: a seat that passed
(R11) seldom holds a hand a sound player would have picked (`bots.strength` above the seat's
`bots.pick_threshold`). Such a world is kept only with probability `UNLIKELY` for each passer it
makes a misfit of, else another is drawn (rejection sampling, so every world returned still agrees
with the view); after `WEIGHED_TRIES` refusals the likeliest world refused is kept. With
``infer=True`` the other seats' card plays weigh too (`infer`): each card another seat played that
the rule-based policy would not have played from the world's hands makes the world
`infer.PLAY_UNLIKELY` times as likely to be kept.
"""

from __future__ import annotations

import random
from typing import Final

from . import infer as inference
from .actions import BLITZ, CRACK, PASS, PICK, RECRACK, Call
from .bots import pick_threshold, strength
from .play import (
    SEATS,
    after_deal,
    apply_bury,
    apply_call,
    apply_crack,
    apply_pass,
    apply_pick,
    apply_play,
    call_choices,
)
from .rules import SheepsheadRules
from .state import Phase, State, initial
from .tables import FAIL_ACES, FAIL_LETTERS, FAIL_SUITS, FAIL_TENS, FOLLOW, FROM_KERNEL, JD, TO_KERNEL, TRUMP
from .view import View

#: Tries with every constraint, then tries with voids and the hold card dropped.
STRICT_TRIES: Final = 400
RELAXED_TRIES: Final = 100
#: How likely a world is kept for each passer holding a hand it would have picked.
UNLIKELY: Final = 0.2
#: Worlds refused as unlikely before one is kept anyway.
WEIGHED_TRIES: Final = 40

_PHASES: Final = {p.name.lower(): p for p in Phase}
_BLITZ_PAIRS: Final = ((1, (1 << 0) | (1 << 1)), (2, (1 << 2) | (1 << 3)))  # black QC QS, red QH QD
#: How often `sample` fell back to the relaxed filling (for tests).
relaxed_count = 0


def _mask(cards: tuple[int | None, ...]) -> int:
    m = 0
    for c in cards:
        if c is not None:
            m |= 1 << FROM_KERNEL[c]
    return m


class _Seen:
    """What the view says, read once: plays by seat, voids, the places and their constraints."""

    def __init__(self, rules: SheepsheadRules, view: View) -> None:
        self.view = view
        seat = view.seat
        self.phase = _PHASES[view.phase]
        self.picker = view.picker if view.picker is not None else -1
        self.suit = FAIL_LETTERS.index(view.call_suit) if view.call_suit is not None else -1
        self.unknown = FROM_KERNEL[view.unknown] if view.unknown is not None else -1
        hand = _mask(view.hand)
        # every trick as (leader, card indices with -1 for the face-down unknown card)
        tricks = [(ld, tuple(-1 if c is None else FROM_KERNEL[c] for c in cs)) for ld, cs, _w in view.tricks]
        if view.trick:
            tricks.append((view.trick_leader, tuple(-1 if c is None else FROM_KERNEL[c] for c in view.trick)))
        self.tricks = tricks
        played = 0
        by = [0] * SEATS
        count = [0] * SEATS
        voids = [0] * SEATS
        first_x = -1
        under_hidden_played = False
        x = self.suit
        for t, (leader, cards) in enumerate(tricks):
            led = cards[0]
            if (
                x >= 0
                and first_x < 0
                and (led < 0 or led == self.unknown or (led >= 14 and FOLLOW[led] == FAIL_SUITS[x]))
            ):
                first_x = t
            follow = FAIL_SUITS[x] if (led < 0 or led == self.unknown) else FOLLOW[led]
            for i, c in enumerate(cards):
                s = (leader + i) % SEATS
                count[s] += 1
                if c < 0:
                    under_hidden_played = True
                    continue
                played |= 1 << c
                by[s] |= 1 << c
                if i and c != self.unknown and not follow >> c & 1:
                    voids[s] |= follow  # R24: did not follow, so could not
        self.first_x = first_x
        self.played = played
        self.by = by
        self.voids = voids
        known = hand | played | _mask(view.blind) | _mask(view.bury)
        if self.unknown >= 0:
            known |= 1 << self.unknown
        self.hand = hand
        self.blind = _mask(view.blind)
        self.bury = _mask(view.bury)
        shown = [_mask(h) for h in view.shown] if view.shown else [0] * SEATS
        for s in range(SEATS):
            if s != seat:
                known |= shown[s]
        self.shown = shown
        self.hidden = ((1 << 32) - 1) & ~known
        picker = self.picker
        call = view.call
        self.call = call
        # --- the places the seat cannot see: name -> (size, forbidden cards) ---
        sizes: dict[str, int] = {}
        forbid: dict[str, int] = {}
        for s in range(SEATS):
            if s == seat:
                continue
            n = (8 if self.phase == Phase.BURY else 6) if s == picker else 6
            n -= count[s]
            if view.shown:
                n -= shown[s].bit_count()
            sizes[f"hand {s}"] = n
            forbid[f"hand {s}"] = voids[s] | (TRUMP if view.shown else 0)
        self.under_place = False
        if picker >= 0 and picker != seat:
            if self.phase > Phase.BURY and not view.bury:
                sizes["bury"] = 2
                forbid["bury"] = 0
            if call == "unknown" and self.unknown < 0:
                self.under_place = True
                sizes["under"] = 1
                forbid["under"] = FAIL_SUITS[x]
                if not under_hidden_played:
                    sizes[f"hand {picker}"] -= 1
        if picker < 0 and self.phase != Phase.DEAL and not (self.phase == Phase.DONE and view.tricks):
            sizes["blind"] = 2
            forbid["blind"] = 0
        self.sizes = sizes
        self.forbid = forbid
        # --- cards forced into a set of places, and places that must hold one of a set ---
        forced: list[tuple[int, tuple[str, ...]]] = []
        must: list[tuple[str, int]] = []
        self.options: list[tuple[int, tuple[str, ...], str]] = []  # (ace, its places, the other choice)
        others = tuple(f"hand {s}" for s in range(SEATS) if s != seat and s != picker)
        pick_places = tuple(p for p in (f"hand {picker}", "bury", "under") if p in sizes) if picker != seat else ()
        cracker = view.cracker if view.cracker is not None else -1
        if call in ("ace", "ten", "unknown"):
            called = (FAIL_TENS if call == "ten" else FAIL_ACES)[x]
            if self.hidden >> called & 1:
                places = [p for p in others if p != f"hand {cracker}"]
                if (
                    rules.partner_must_play_called_on_first_lead
                    and first_x == len(tricks) - 1
                    and view.trick
                    and len(view.trick) != SEATS
                ):
                    # R28: the partner plays it on the first trick of its suit; he may have led
                    # that trick with another card of the suit only without R30
                    start = 0 if rules.partner_cannot_underlead_called_suit else 1
                    done = {(view.trick_leader + i) % SEATS for i in range(start, len(view.trick))}
                    places = [p for p in places if int(p[5:]) not in done]
                if call == "ace" and rules.allow_call_own_ace:
                    places += [p for p in pick_places if p != "under"]
                forced.append((called, tuple(places)))
            if pick_places:
                hp = f"hand {picker}"
                hold_open = first_x < 0 or (
                    first_x == len(tricks) - 1 and len(tricks[-1][1]) < SEATS and not _has_played(tricks[-1], picker)
                )
                if call == "ten":
                    for a in FAIL_ACES:  # R19: all three aces among his eight cards
                        if self.hidden >> a & 1:
                            if a == FAIL_ACES[x] and rules.ten_call_hold_must_be_ace and hold_open:
                                forced.append((a, (hp,)))
                            else:
                                forced.append((a, tuple(p for p in pick_places if p != "under")))
                ace_hold = call == "ten" and rules.ten_call_hold_must_be_ace
                if call in ("ace", "ten") and hold_open and sizes.get(hp, 0) > 0 and not ace_hold:
                    must.append((hp, FAIL_SUITS[x]))  # R27: the hold card
                if call == "unknown":
                    forbid[hp] |= FAIL_SUITS[x]  # R35a: void in the called suit
                    for y in range(3):
                        if y == x:
                            continue
                        ace = FAIL_ACES[y]
                        in_eight = self.by[picker] >> ace & 1
                        if in_eight:
                            continue
                        if self.by[picker] & FAIL_SUITS[y]:
                            if self.hidden >> ace & 1:
                                forced.append((ace, tuple(p for p in pick_places if p != "under")))
                        elif self.hidden >> ace & 1:
                            self.options.append((ace, tuple(p for p in pick_places if p != "under"), hp))
                        else:
                            forbid[hp] |= FAIL_SUITS[y] & ~(1 << ace)
                            if "under" in forbid:
                                forbid["under"] |= FAIL_SUITS[y] & ~(1 << ace)
        if call == "jack_of_diamonds" and cracker >= 0 and cracker != seat and self.hidden >> JD & 1:
            forbid[f"hand {cracker}"] |= 1 << JD  # R44: the partner may not crack
        if picker >= 0 and picker != seat and view.blitz:
            for bit, pair in _BLITZ_PAIRS:
                if any(_BLITZ_NAMES[bit] == name for name in view.blitz):
                    for q in range(4):
                        if pair >> q & 1 and self.hidden >> q & 1:
                            forced.append((q, pick_places))
        self.forced = forced
        self.must = must


_BLITZ_NAMES: Final = {1: "black", 2: "red"}


def _has_played(trick: tuple[int, tuple[int, ...]], seat: int) -> bool:
    """Whether ``seat`` has played to this trick."""
    leader, cards = trick
    return (seat - leader) % SEATS < len(cards)


def _fill(seen: _Seen, rng: random.Random, strict: bool) -> dict[str, int] | None:
    """One random filling of the hidden places, or None if it got stuck."""
    sizes = seen.sizes
    room = dict(sizes)
    forbid = (
        dict(seen.forbid) if strict else {p: (TRUMP if seen.view.shown and p.startswith("hand") else 0) for p in sizes}
    )
    if strict:
        forced = list(seen.forced)
        for ace, places, hp in seen.options:
            if rng.random() < 0.5:
                forced.append((ace, places))
            else:
                forbid[hp] |= FAIL_SUITS[(ace - 14) // 6] & ~(1 << ace)
                if "under" in forbid:
                    forbid["under"] |= FAIL_SUITS[(ace - 14) // 6] & ~(1 << ace)
    else:
        forced = list(seen.forced)
    out = dict.fromkeys(sizes, 0)
    pool = seen.hidden
    for card, places in forced:
        if not pool >> card & 1:
            continue
        ok = [p for p in places if room.get(p, 0) > 0 and not forbid[p] >> card & 1]
        if not ok:
            return None
        weights = [room[p] for p in ok]
        place = rng.choices(ok, weights)[0] if len(ok) > 1 else ok[0]
        out[place] |= 1 << card
        room[place] -= 1
        pool &= ~(1 << card)
    if strict:
        for place, want in seen.must:
            if out[place] & want:
                continue
            cands = [c for c in range(32) if (pool & want & ~forbid[place]) >> c & 1]
            if not cands or room[place] <= 0:
                return None
            c = rng.choice(cands)
            out[place] |= 1 << c
            room[place] -= 1
            pool &= ~(1 << c)
    cards = [c for c in range(32) if pool >> c & 1]
    rng.shuffle(cards)
    # the most constrained place first: the fewest cards of the pool it may hold, for its room
    order = sorted(room, key=lambda p: (pool & ~forbid[p]).bit_count() - room[p])
    for place in order:
        need = room[place]
        if not need:
            continue
        block = forbid[place]
        got = 0
        keep = []
        for c in cards:
            if got < need and not block >> c & 1:
                out[place] |= 1 << c
                got += 1
            else:
                keep.append(c)
        if got < need:
            return None
        cards = keep
    return out


def sample(rules: SheepsheadRules, view: View, rng: random.Random, infer: bool = False) -> State:
    """A state that ``view.seat`` cannot tell from the true one (see the module docstring); with
    ``infer``, weighed by the other seats' card plays too (`infer`)."""
    global relaxed_count
    if view.phase == "deal":
        return initial(view.dealer, view.scores, view.pending_doublers)
    seen = _Seen(rules, view)
    if infer:
        return _sample_inferred(rules, seen, rng)
    refused: State | None = None
    fewest = 0
    weighed = 0
    for attempt in range(STRICT_TRIES + RELAXED_TRIES):
        strict = attempt < STRICT_TRIES
        if not strict and refused is not None:
            return refused
        filled = _fill(seen, rng, strict)
        if filled is None:
            continue
        state = _replay(rules, seen, filled, rng, strict)
        if state is None:
            continue
        if not strict:
            relaxed_count += 1
            return state
        misfits = passers_who_would_pick(rules, seen, filled)
        if not misfits or rng.random() < UNLIKELY**misfits:
            return state
        if refused is None or misfits < fewest:
            refused, fewest = state, misfits
        weighed += 1
        if weighed >= WEIGHED_TRIES:
            return refused
    raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states


def _sample_inferred(rules: SheepsheadRules, seen: _Seen, rng: random.Random) -> State:
    """`sample` weighed by the auction and by the others' card plays: a world is kept with
    probability ``UNLIKELY ** passers * PLAY_UNLIKELY ** play_misfits``, else another is drawn;
    after `infer.PLAY_WEIGHED_TRIES` refusals the likeliest refused is kept."""
    global relaxed_count
    seat = seen.view.seat
    refused: State | None = None
    best = -1.0  # the weight of the likeliest world refused
    weighed = 0
    for attempt in range(STRICT_TRIES + RELAXED_TRIES):
        strict = attempt < STRICT_TRIES
        if not strict and refused is not None:
            return refused
        filled = _fill(seen, rng, strict)
        if filled is None:
            continue
        starts: list[State] = []
        state = _replay(rules, seen, filled, rng, strict, starts if strict else None)
        if state is None:
            continue
        if not strict:
            relaxed_count += 1
            return state
        weight = UNLIKELY ** passers_who_would_pick(rules, seen, filled)
        draw = rng.random()
        if starts:  # the card play has begun: ``state`` is its start, the cards not yet replayed
            under = _under_of(seen, state)
            if seen.tricks:
                # the fewest misfits that refuse this world and leave it no likelier than the
                # best refused one: counting further cannot change what happens to it
                floor = max(draw, best)
                cap = 0
                bound = weight
                while bound > floor and cap <= _MOST_PLAYS:
                    bound *= inference.PLAY_UNLIKELY
                    cap += 1
                if cap:
                    cards = [under if c < 0 else c for _leader, cs in seen.tricks for c in cs]
                    misfits = inference.play_misfits(rules, state, cards, seat, cap)
                    if misfits < 0:
                        continue  # a card this world does not allow
                    weight *= inference.PLAY_UNLIKELY**misfits
                else:
                    weight = 0.0
            if weight <= draw and weight <= best:
                # refused, and no likelier than one refused before: its play need not be replayed
                weighed += 1
                if weighed >= inference.PLAY_WEIGHED_TRIES:
                    assert refused is not None  # the first world weighed is kept as refused
                    return refused
                continue
            played = _play(rules, seen, state, under, True, None)
            if played is None:
                continue
            state = played
        if weight > draw:
            return state
        if refused is None or weight > best:
            refused, best = state, weight
        weighed += 1
        if weighed >= inference.PLAY_WEIGHED_TRIES:
            return refused
    raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states


#: More than the cards a hand's play can hold (5 seats, 6 tricks).
_MOST_PLAYS: Final = 31


def _under_of(seen: _Seen, state: State) -> int:
    """The unknown card (R35a) of a world, -1 if none."""
    if seen.unknown >= 0:
        return seen.unknown
    return state.setup.under


def passers_who_would_pick(rules: SheepsheadRules, seen: _Seen, filled: dict[str, int]) -> int:
    """How many seats that passed (other than the viewer) were dealt, in this filling, a hand a
    sound player picks (see the module docstring)."""
    view = seen.view
    misfits = 0
    for position in range(min(view.passes, SEATS)):
        s = (view.dealer + 1 + position) % SEATS
        if s == view.seat or s == seen.picker:
            continue
        dealt = filled.get(f"hand {s}", 0) | seen.shown[s] | seen.by[s]
        if strength(dealt) >= pick_threshold(rules, position):
            misfits += 1
    return misfits


def _replay(
    rules: SheepsheadRules,
    seen: _Seen,
    filled: dict[str, int],
    rng: random.Random,
    check: bool,
    starts: list[State] | None = None,
) -> State | None:
    """The hand replayed from its deal with the filled places; None if a step breaks a rule. With
    ``starts``, the card play is not replayed: the state at its start is appended to ``starts``
    and returned (`_sample_inferred` weighs the play first, and replays it only if it may keep
    the world)."""
    view = seen.view
    seat = view.seat
    picker = seen.picker
    hands = [0] * SEATS
    for h in range(SEATS):
        current = seen.hand if h == seat else filled[f"hand {h}"] | seen.shown[h]
        hands[h] = current | seen.by[h]
    under = seen.unknown
    if seen.under_place:
        under = filled["under"].bit_length() - 1
    if picker >= 0:
        bury = seen.bury if view.bury else filled.get("bury", 0)
        eight = hands[picker] | bury
        if under >= 0:
            eight |= 1 << under
        if seen.blind:
            blind = seen.blind
        else:
            blind = _choose_blind(eight, view.blitz, rng)
            if blind < 0:
                return None
        hands[picker] = eight & ~blind
    else:
        bury = 0
        blind = seen.blind if seen.blind else filled.get("blind", 0)
    s = initial(view.dealer, view.scores, view.pending_doublers)
    s = after_deal(rules, s, tuple(hands), blind)
    phase = seen.phase
    # R11: the passes, then the pick
    passes = view.passes
    for _ in range(passes):
        if check and PASS not in s.choices:
            return None
        s = apply_pass(rules, s)
    if phase == Phase.PICK:
        return s
    if picker < 0:
        return _play(rules, seen, s, under, check, starts)
    pick = BLITZ if view.blitz else PICK
    if check and pick not in s.choices:
        return None
    s = apply_pick(rules, s, pick.blitz)
    bits = (1 if "black" in view.blitz else 0) | (2 if "red" in view.blitz else 0)
    if s.setup.blitz != bits:
        return None
    if phase == Phase.BURY:
        return s
    s = apply_bury(rules, s, bury)
    if s.phase == Phase.CALL:
        if phase == Phase.CALL:
            return s
        call = view.call
        x = seen.suit
        if call == "alone":
            action = Call(None)
            called = -1
        else:
            called = (FAIL_TENS if call == "ten" else FAIL_ACES)[x]
            action = Call(TO_KERNEL[called], TO_KERNEL[under] if call == "unknown" else None)
        if check and action not in call_choices(rules, s.hands[picker], bury):
            return None
        s = apply_call(rules, s, called, under if call == "unknown" else -1)
    # R44: the crack window
    while s.phase == Phase.CRACK:
        if phase == Phase.CRACK and s.actor == view.actor:
            return s
        crack = view.cracker == s.actor
        if check and crack and CRACK not in s.choices:
            return None
        s = apply_crack(rules, s, crack)
    if s.phase == Phase.RECRACK:
        if phase == Phase.RECRACK:
            return s
        if check and view.cracks == 2 and RECRACK not in s.choices:
            return None
        s = apply_crack(rules, s, view.cracks == 2)
    return _play(rules, seen, s, under, check, starts)


def _play(
    rules: SheepsheadRules, seen: _Seen, s: State, under: int, check: bool, starts: list[State] | None
) -> State | None:
    if starts is not None:
        starts.append(s)
        return s
    for _leader, cards in seen.tricks:
        for c in cards:
            card = under if c < 0 else c
            if check and not s.legal >> card & 1:
                return None
            s = apply_play(rules, s, card)
    return s


def _choose_blind(eight: int, blitz: tuple[str, ...], rng: random.Random) -> int:
    """Two of the picker's eight cards as the blind he took, his dealt six holding exactly the
    queen pairs a blitz showed (R45); -1 if there are none."""
    cards = [c for c in range(32) if eight >> c & 1]
    if len(cards) != 8:
        return -1
    for _ in range(20):
        a, b = rng.sample(cards, 2)
        blind = (1 << a) | (1 << b)
        if not blitz:
            return blind
        dealt = eight & ~blind
        if all((dealt & pair == pair) == (_BLITZ_NAMES[bit] in blitz) for bit, pair in _BLITZ_PAIRS):
            return blind
    return -1
