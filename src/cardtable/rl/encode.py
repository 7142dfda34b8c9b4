"""Observations as int8 vectors, built from a seat's view alone.

An encoder is handed the engine's view of one seat (``game.observe(state, seat)``) and the tokens
that seat has given toward its current action; it never sees the state, so it cannot leak a card
the view does not show. Everything is seat-relative: "seat +1" is the next seat to the left of the
observer, "team 0" is the observer's own team. Each game's vector is a concatenation of named
planes (`Layout`); ``docs/rl.md`` lists them table by table (`layout_rows`).

Numbers that can grow large (scores, sweep points) are written as a sign and eight binary digits
of the magnitude (capped at 255), so every entry fits an int8 exactly.

>>> layout("smear").size
537
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.rl.tokens import vocabulary

Vector = npt.NDArray[np.int8]

#: Bits of a number plane: a sign then eight binary digits of the magnitude.
NUMBER: Final = 9


@dataclass
class Layout:
    """Named planes of an observation vector: (name, shape, meaning) with their offsets."""

    planes: list[tuple[str, tuple[int, ...], str]] = field(default_factory=list)
    offsets: dict[str, tuple[int, int, tuple[int, ...]]] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        n = int(np.prod(shape))
        self.planes.append((name, shape, meaning))
        self.offsets[name] = (self.size, self.size + n, shape)
        self.size += n

    def view(self, vec: Vector, name: str) -> Vector:
        """The plane ``name`` of ``vec`` as an array of its shape (a view, writable)."""
        start, stop, shape = self.offsets[name]
        return vec[start:stop].reshape(shape)


def number(x: int) -> list[int]:
    """A sign and eight binary digits of ``min(|x|, 255)``, most significant first."""
    m = min(abs(x), 255)
    return [1 if x < 0 else 0, *((m >> (7 - i)) & 1 for i in range(8))]


def _set_cards(plane: Vector, mask: int, index: Sequence[int]) -> None:
    while mask:
        low = mask & -mask
        i = index[low.bit_length() - 1]
        if i >= 0:
            plane[i] = 1
        mask ^= low


def _one_hot(plane: Vector, i: int | None) -> None:
    """Mark entry ``i``, or the last entry (meaning "none") when ``i`` is None."""
    plane[len(plane) - 1 if i is None else i] = 1


# ------------------------------------------------------------------------------------------ Seep


def _seep_layout() -> Layout:
    v = vocabulary("seep").size
    lay = Layout()
    lay.add("hand", (52,), "own hand, by card number (suit × 13 + rank, ace low)")
    lay.add("loose", (52,), "loose floor cards (once the bid has turned the floor up)")
    lay.add("floor_hidden", (1,), "face-down floor cards (before the bid)")
    lay.add("house_present", (5,), "a house of value 9 … 13 is on the floor")
    lay.add("house_cards", (5, 52), "the cards of the house of each value")
    lay.add("house_cemented", (5,), "that house is cemented")
    lay.add("house_owner_seat", (5, 4), "owners of each house, by relative seat")
    lay.add("house_owner_team", (5, 2), "owner teams of each house (own team first)")
    lay.add("pile", (2, 52), "each team's captured cards (own team first)")
    lay.add("sweeps", (2,), "number of sweeps each team holds")
    lay.add("sweep_points", (2, NUMBER), "points of the sweeps each team holds")
    lay.add("last_capture", (3,), "team that captured last: own, other, nobody")
    lay.add("bid", (6,), "the bid: 9 … 13, or none yet")
    lay.add("phase", (5,), "deal, bid, opening, play, over")
    lay.add("dealer", (4,), "dealer, by relative seat")
    lay.add("to_act", (5,), "seat to act, by relative seat, or nobody")
    lay.add("plays", (1,), "cards played so far (0 … 48)")
    lay.add("hand_sizes", (4,), "cards in each hand, by relative seat")
    lay.add("match_lead", (NUMBER,), "own team's running lead in the baazi")
    lay.add("baazis", (2,), "baazis each team has won (own team first, capped at 127)")
    lay.add("partial", (v,), "tokens the observer has given toward its action (one per token)")
    return lay


def _encode_seep(lay: Layout, view: Any, partial: Sequence[int], out: Vector) -> None:
    me = view.seat
    ident = range(52)
    _set_cards(lay.view(out, "hand"), view.hand, ident)
    if view.floor_visible:
        _set_cards(lay.view(out, "loose"), view.loose, ident)
    else:
        lay.view(out, "floor_hidden")[0] = view.floor_size
    present, cards, cemented = (
        lay.view(out, "house_present"),
        lay.view(out, "house_cards"),
        lay.view(out, "house_cemented"),
    )
    oseat, oteam = lay.view(out, "house_owner_seat"), lay.view(out, "house_owner_team")
    for h in view.houses:
        i = h.value - 9
        present[i] = 1
        _set_cards(cards[i], h.cards, ident)
        cemented[i] = len(h.sets) >= 2
        for s in range(4):
            if h.owners >> s & 1:
                oseat[i, (s - me) % 4] = 1
                oteam[i, (s - me) % 2] = 1
    pile, sweeps, points = lay.view(out, "pile"), lay.view(out, "sweeps"), lay.view(out, "sweep_points")
    for team in (0, 1):
        rel = (team - me) % 2
        _set_cards(pile[rel], view.piles[team], ident)
        sweeps[rel] = len(view.sweeps[team])
        points[rel] = number(sum(view.sweeps[team]))
    _one_hot(lay.view(out, "last_capture"), None if view.last_capture < 0 else (view.last_capture - me) % 2)
    _one_hot(lay.view(out, "bid"), view.bid - 9 if view.bid else None)
    lay.view(out, "phase")[int(view.phase)] = 1
    lay.view(out, "dealer")[(view.dealer - me) % 4] = 1
    _one_hot(lay.view(out, "to_act"), None if view.to_act is None or view.to_act < 0 else (view.to_act - me) % 4)
    lay.view(out, "plays")[0] = view.plays
    sizes = lay.view(out, "hand_sizes")
    for s in range(4):
        sizes[(s - me) % 4] = view.hand_sizes[s]
    lead = view.match.difference if me % 2 == 0 else -view.match.difference
    lay.view(out, "match_lead")[:] = number(lead)
    baazis = lay.view(out, "baazis")
    for team in (0, 1):
        baazis[(team - me) % 2] = min(view.match.baazis[team], 127)
    _partial(lay, partial, out)


# ----------------------------------------------------------------------------------------- Smear


def _smear_layout() -> Layout:
    v = vocabulary("smear").size
    lay = Layout()
    lay.add("hand", (32,), "own hand, by the 32-card pack in card-number order")
    lay.add("played", (4, 32), "cards each relative seat has played, in finished tricks and this one")
    lay.add("trick", (4, 32), "the current trick: the card each relative seat has played to it")
    lay.add("kitty", (32,), "the kitty the bidder took (the bidder only)")
    lay.add("discard", (32,), "the bidder's discard (the bidder only)")
    lay.add("dead", (32,), "the dead stock (everyone, once a played hand is over)")
    lay.add("calls", (4, 6), "each relative seat's call: none yet, pass, bid 1 … 4")
    lay.add("bidder", (5,), "the (highest) bidder, by relative seat, or none")
    lay.add("bid", (5,), "the (highest) bid 1 … 4, or none")
    lay.add("trump", (5,), "trump: clubs, diamonds, hearts, spades, not yet")
    lay.add("phase", (5,), "deal, auction, discard, play, over")
    lay.add("dealer", (4,), "dealer, by relative seat")
    lay.add("to_act", (5,), "seat to act, by relative seat, or nobody")
    lay.add("leader", (5,), "leader of the current trick, by relative seat, or none")
    lay.add("hand_sizes", (4,), "cards in each hand, by relative seat")
    lay.add("tricks_won", (4,), "tricks each relative seat has won")
    lay.add("scores", (2, NUMBER), "match score before this hand (own team first)")
    lay.add("partial", (v,), "tokens the observer has given toward its action (one per token)")
    return lay


_SMEAR_INDEX: Final = tuple(
    vocabulary("smear").cards.index(c) if c in vocabulary("smear").cards else -1 for c in range(52)
)
_SMEAR_PHASES: Final = ("deal", "auction", "discard", "play", "over")


def _encode_smear(lay: Layout, view: Any, partial: Sequence[int], out: Vector) -> None:
    me = view.seat
    idx = _SMEAR_INDEX
    _set_cards(lay.view(out, "hand"), view.hand, idx)
    played, trick, won = lay.view(out, "played"), lay.view(out, "trick"), lay.view(out, "tricks_won")
    for t in view.tricks:
        for k, c in enumerate(t.cards):
            played[(t.leader + k - me) % 4, idx[c]] = 1
        won[(t.winner - me) % 4] += 1
    if view.trick:
        for k, c in enumerate(view.trick):
            rel = (view.leader + k - me) % 4
            played[rel, idx[c]] = 1
            trick[rel, idx[c]] = 1
    for name in ("kitty", "discard", "dead"):
        m = getattr(view, name)
        if m is not None:
            _set_cards(lay.view(out, name), m, idx)
    calls = lay.view(out, "calls")
    called = set()
    first = (view.dealer + 1) % 4
    for k, c in enumerate(view.calls):
        rel = (first + k - me) % 4
        calls[rel, 1 + c] = 1
        called.add(rel)
    for rel in range(4):
        if rel not in called:
            calls[rel, 0] = 1
    _one_hot(lay.view(out, "bidder"), None if view.bidder is None else (view.bidder - me) % 4)
    _one_hot(lay.view(out, "bid"), None if not view.bid else view.bid - 1)
    _one_hot(lay.view(out, "trump"), view.trump)
    lay.view(out, "phase")[_SMEAR_PHASES.index(view.phase.value)] = 1
    lay.view(out, "dealer")[(view.dealer - me) % 4] = 1
    _one_hot(lay.view(out, "to_act"), None if view.to_act is None or view.to_act < 0 else (view.to_act - me) % 4)
    _one_hot(lay.view(out, "leader"), None if view.leader is None else (view.leader - me) % 4)
    sizes = lay.view(out, "hand_sizes")
    for s in range(4):
        sizes[(s - me) % 4] = view.hand_sizes[s]
    scores = lay.view(out, "scores")
    for team in (0, 1):
        scores[(team - me) % 2] = number(view.scores[team])
    _partial(lay, partial, out)


# ------------------------------------------------------------------------------------ Sheepshead


def _sheepshead_layout() -> Layout:
    v = vocabulary("sheepshead").size
    lay = Layout()
    lay.add("hand", (32,), "own hand, by the order of power (QC … 7D trumps, then clubs, spades, hearts)")
    lay.add("played", (5, 32), "face-up cards each relative seat has played")
    lay.add("played_face_down", (5,), "face-down cards (the unknown, R35a) each relative seat has played")
    lay.add("trick", (5, 32), "the current trick: the face-up card each relative seat has played to it")
    lay.add("blind", (32,), "the blind (the picker, or everyone at the end)")
    lay.add("bury", (32,), "the bury (the picker, or everyone at the end)")
    lay.add("unknown", (32,), "the card set aside face down (R35a), when the observer may know it")
    lay.add("shown", (5, 32), "trumps shown at the end of a schwanzer, by relative seat")
    lay.add("picker", (6,), "the picker, by relative seat, or none")
    lay.add("passes", (1,), "passes before the pick (0 … 5)")
    lay.add("blitz", (2,), "black queens, red queens shown (R45)")
    lay.add("call", (6,), "the call: ace, ten, unknown, alone, jack of diamonds, none")
    lay.add("call_suit", (4,), "the called fail suit: clubs, spades, hearts, none")
    lay.add("partner_known", (1,), "the observer knows who the partner is")
    lay.add("partner", (6,), "the partner when known, by relative seat, or none")
    lay.add("cracks", (3,), "no crack, cracked, re-cracked")
    lay.add("cracker", (6,), "the seat that cracked, by relative seat, or none")
    lay.add("pending_doublers", (1,), "doublers pending before this hand (capped at 127)")
    lay.add("phase", (8,), "deal, pick, bury, call, crack, recrack, play, done")
    lay.add("dealer", (5,), "dealer, by relative seat")
    lay.add("to_act", (6,), "seat to act, by relative seat, or nobody")
    lay.add("leader", (5,), "leader of the current trick, by relative seat")
    lay.add("tricks_won", (5,), "tricks each relative seat has won")
    lay.add("scores", (5, NUMBER), "running match totals, by relative seat")
    lay.add("partial", (v,), "tokens the observer has given toward its action (one per token)")
    return lay


def _sheepshead_index() -> tuple[int, ...]:
    from cardtable.games.sheepshead.tables import FROM_KERNEL

    return tuple(FROM_KERNEL)


_SH_PHASES: Final = ("deal", "pick", "bury", "call", "crack", "recrack", "play", "done")
_SH_CALLS: Final = ("ace", "ten", "unknown", "alone", "jack_of_diamonds")
_SH_SUITS: Final = ("C", "S", "H")


def _encode_sheepshead(lay: Layout, view: Any, partial: Sequence[int], out: Vector) -> None:
    me = view.seat
    idx = _SH_INDEX
    hand = lay.view(out, "hand")
    for c in view.hand:
        hand[idx[c]] = 1
    played, down, trick, won = (lay.view(out, n) for n in ("played", "played_face_down", "trick", "tricks_won"))
    for leader, cards, winner in view.tricks:
        for k, c in enumerate(cards):
            rel = (leader + k - me) % 5
            if c is None:
                down[rel] += 1
            else:
                played[rel, idx[c]] = 1
        won[(winner - me) % 5] += 1
    for k, c in enumerate(view.trick):
        rel = (view.trick_leader + k - me) % 5
        if c is None:
            down[rel] += 1
        else:
            played[rel, idx[c]] = 1
            trick[rel, idx[c]] = 1
    for name in ("blind", "bury"):
        plane = lay.view(out, name)
        for c in getattr(view, name):
            plane[idx[c]] = 1
    if view.unknown is not None:
        lay.view(out, "unknown")[idx[view.unknown]] = 1
    shown = lay.view(out, "shown")
    for s, cards in enumerate(view.shown):
        for c in cards:
            shown[(s - me) % 5, idx[c]] = 1
    _one_hot(lay.view(out, "picker"), None if view.picker is None else (view.picker - me) % 5)
    lay.view(out, "passes")[0] = view.passes
    blitz = lay.view(out, "blitz")
    blitz[0] = "black" in view.blitz
    blitz[1] = "red" in view.blitz
    _one_hot(lay.view(out, "call"), None if view.call is None else _SH_CALLS.index(view.call))
    _one_hot(lay.view(out, "call_suit"), None if view.call_suit is None else _SH_SUITS.index(view.call_suit))
    lay.view(out, "partner_known")[0] = view.partner_known
    _one_hot(lay.view(out, "partner"), None if view.partner is None else (view.partner - me) % 5)
    lay.view(out, "cracks")[view.cracks] = 1
    _one_hot(lay.view(out, "cracker"), None if view.cracker is None else (view.cracker - me) % 5)
    lay.view(out, "pending_doublers")[0] = min(view.pending_doublers, 127)
    lay.view(out, "phase")[_SH_PHASES.index(view.phase)] = 1
    lay.view(out, "dealer")[(view.dealer - me) % 5] = 1
    _one_hot(lay.view(out, "to_act"), None if view.actor is None or view.actor < 0 else (view.actor - me) % 5)
    lay.view(out, "leader")[(view.trick_leader - me) % 5] = 1
    scores = lay.view(out, "scores")
    for s in range(5):
        scores[(s - me) % 5] = number(view.scores[s])
    _partial(lay, partial, out)


_SH_INDEX: Final = _sheepshead_index()


def _partial(lay: Layout, partial: Sequence[int], out: Vector) -> None:
    plane = lay.view(out, "partial")
    for t in partial:
        plane[t] = 1


_LAYOUTS: Final[dict[str, Callable[[], Layout]]] = {
    "seep": _seep_layout,
    "smear": _smear_layout,
    "sheepshead": _sheepshead_layout,
}
_ENCODERS: Final[dict[str, Callable[[Layout, Any, Sequence[int], Vector], None]]] = {
    "seep": _encode_seep,
    "smear": _encode_smear,
    "sheepshead": _encode_sheepshead,
}


@cache
def layout(game: str) -> Layout:
    """The observation layout of ``game``."""
    return _LAYOUTS[game]()


def encode(game: str, view: Any, partial: Sequence[int] = ()) -> Vector:
    """The observation vector of a seat's ``view``, with the tokens ``partial`` it has given so far."""
    lay = layout(game)
    out = np.zeros(lay.size, np.int8)
    _ENCODERS[game](lay, view, partial, out)
    return out


def layout_rows(game: str) -> list[tuple[str, str, int, str]]:
    """(plane, shape, offset, meaning) for every plane of ``game``'s observation, for the docs."""
    lay = layout(game)
    return [(name, " × ".join(map(str, shape)), lay.offsets[name][0], meaning) for name, shape, meaning in lay.planes]
