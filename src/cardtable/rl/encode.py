"""Observations as int8 vectors, built from a seat's view alone.

An encoder is handed the engine's view of one seat (``game.observe(state, seat)``) and the tokens
that seat has given toward its current action; it never sees the state, so it cannot leak a card
the view does not show. Everything is seat-relative: "seat +1" is the next seat to the left of the
observer, "team 0" is the observer's own team. Each game's vector is a concatenation of named
planes (`Layout`); ``docs/rl.md`` lists them table by table (`layout_rows`).

Numbers that can grow large (scores, sweep points) are written as a sign and eight binary digits
of the magnitude (capped at 255), so every entry fits an int8 exactly.

>>> layout("smear").size
601
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
    #: Where each plane starts in the vector.
    start: dict[str, int] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        n = int(np.prod(shape))
        self.planes.append((name, shape, meaning))
        self.offsets[name] = (self.size, self.size + n, shape)
        self.start[name] = self.size
        self.size += n

    def view(self, vec: Vector, name: str) -> Vector:
        """The plane ``name`` of ``vec`` as an array of its shape (a view, writable)."""
        start, stop, shape = self.offsets[name]
        return vec[start:stop].reshape(shape)


def _cards(buf: bytearray, base: int, mask: int, index: Sequence[int]) -> None:
    """Mark the cards of ``mask`` in the plane at ``base`` (cards outside the game's pack skipped)."""
    while mask:
        low = mask & -mask
        i = index[low.bit_length() - 1]
        if i >= 0:
            buf[base + i] = 1
        mask ^= low


def _hot(buf: bytearray, base: int, length: int, i: int | None) -> None:
    """Mark entry ``i`` of a plane of ``length``, or its last entry (meaning "none") when ``i`` is None."""
    buf[base + (length - 1 if i is None else i)] = 1


def _number(buf: bytearray, base: int, x: int) -> None:
    m = min(abs(x), 255)
    buf[base] = 1 if x < 0 else 0
    for i in range(8):
        buf[base + 1 + i] = (m >> (7 - i)) & 1


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


def _encode_seep(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
    me = view.seat
    ident = range(52)
    _cards(buf, o["hand"], view.hand, ident)
    if view.floor_visible:
        _cards(buf, o["loose"], view.loose, ident)
    else:
        buf[o["floor_hidden"]] = view.floor_size
    for h in view.houses:
        i = h.value - 9
        buf[o["house_present"] + i] = 1
        _cards(buf, o["house_cards"] + 52 * i, h.cards, ident)
        buf[o["house_cemented"] + i] = len(h.sets) >= 2
        for s in range(4):
            if h.owners >> s & 1:
                buf[o["house_owner_seat"] + 4 * i + (s - me) % 4] = 1
                buf[o["house_owner_team"] + 2 * i + (s - me) % 2] = 1
    for team in (0, 1):
        rel = (team - me) % 2
        _cards(buf, o["pile"] + 52 * rel, view.piles[team], ident)
        buf[o["sweeps"] + rel] = min(len(view.sweeps[team]), 127)
        _number(buf, o["sweep_points"] + NUMBER * rel, sum(view.sweeps[team]))
    _hot(buf, o["last_capture"], 3, None if view.last_capture < 0 else (view.last_capture - me) % 2)
    _hot(buf, o["bid"], 6, view.bid - 9 if view.bid else None)
    buf[o["phase"] + int(view.phase)] = 1
    buf[o["dealer"] + (view.dealer - me) % 4] = 1
    _hot(buf, o["to_act"], 5, None if view.to_act is None or view.to_act < 0 else (view.to_act - me) % 4)
    buf[o["plays"]] = view.plays
    for s in range(4):
        buf[o["hand_sizes"] + (s - me) % 4] = view.hand_sizes[s]
    lead = view.match.difference if me % 2 == 0 else -view.match.difference
    _number(buf, o["match_lead"], lead)
    for team in (0, 1):
        buf[o["baazis"] + (team - me) % 2] = min(view.match.baazis[team], 127)
    _partial(o, partial, buf)


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
    lay.add("taken", (2, 32), "cards in the finished tricks each team has won (own team first)")
    lay.add("scores", (2, NUMBER), "match score before this hand (own team first)")
    lay.add("partial", (v,), "tokens the observer has given toward its action (one per token)")
    return lay


_SMEAR_INDEX: Final = tuple(
    vocabulary("smear").cards.index(c) if c in vocabulary("smear").cards else -1 for c in range(52)
)
_SMEAR_PHASES: Final = ("deal", "auction", "discard", "play", "over")


def _encode_smear(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
    me = view.seat
    idx = _SMEAR_INDEX
    _cards(buf, o["hand"], view.hand, idx)
    played, trick, won, taken = o["played"], o["trick"], o["tricks_won"], o["taken"]
    for t in view.tricks:
        leader = t.leader
        side = taken + 32 * ((t.winner - me) % 2)
        for k, c in enumerate(t.cards):
            buf[played + 32 * ((leader + k - me) % 4) + idx[c]] = 1
            buf[side + idx[c]] = 1
        buf[won + (t.winner - me) % 4] += 1
    if view.trick:
        for k, c in enumerate(view.trick):
            at = 32 * ((view.leader + k - me) % 4) + idx[c]
            buf[played + at] = 1
            buf[trick + at] = 1
    for name in ("kitty", "discard", "dead"):
        m = getattr(view, name)
        if m is not None:
            _cards(buf, o[name], m, idx)
    calls = o["calls"]
    called = [False] * 4
    first = (view.dealer + 1) % 4
    for k, c in enumerate(view.calls):
        rel = (first + k - me) % 4
        buf[calls + 6 * rel + 1 + c] = 1
        called[rel] = True
    for rel in range(4):
        if not called[rel]:
            buf[calls + 6 * rel] = 1
    _hot(buf, o["bidder"], 5, None if view.bidder is None else (view.bidder - me) % 4)
    _hot(buf, o["bid"], 5, None if not view.bid else view.bid - 1)
    _hot(buf, o["trump"], 5, view.trump)
    buf[o["phase"] + _SMEAR_PHASES.index(view.phase.value)] = 1
    buf[o["dealer"] + (view.dealer - me) % 4] = 1
    _hot(buf, o["to_act"], 5, None if view.to_act is None or view.to_act < 0 else (view.to_act - me) % 4)
    _hot(buf, o["leader"], 5, None if view.leader is None else (view.leader - me) % 4)
    for s in range(4):
        buf[o["hand_sizes"] + (s - me) % 4] = view.hand_sizes[s]
    for team in (0, 1):
        _number(buf, o["scores"] + NUMBER * ((team - me) % 2), view.scores[team])
    _partial(o, partial, buf)


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
    lay.add("taken", (5, 32), "face-up cards in the finished tricks each relative seat has won")
    lay.add("taken_face_down", (5,), "face-down cards (R35a) in the finished tricks each relative seat has won")
    lay.add("scores", (5, NUMBER), "running match totals, by relative seat")
    lay.add("partial", (v,), "tokens the observer has given toward its action (one per token)")
    return lay


def _sheepshead_index() -> tuple[int, ...]:
    from cardtable.games.sheepshead.tables import FROM_KERNEL

    return tuple(FROM_KERNEL)


_SH_PHASES: Final = ("deal", "pick", "bury", "call", "crack", "recrack", "play", "done")
_SH_CALLS: Final = ("ace", "ten", "unknown", "alone", "jack_of_diamonds")
_SH_SUITS: Final = ("C", "S", "H")


def _encode_sheepshead(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
    me = view.seat
    idx = _SH_INDEX
    base = o["hand"]
    for c in view.hand:
        buf[base + idx[c]] = 1
    played, down, trick, won = o["played"], o["played_face_down"], o["trick"], o["tricks_won"]
    for leader, cards, winner in view.tricks:
        by = (winner - me) % 5
        taken = o["taken"] + 32 * by
        for k, c in enumerate(cards):
            rel = (leader + k - me) % 5
            if c is None:
                buf[down + rel] += 1
                buf[o["taken_face_down"] + by] += 1
            else:
                buf[played + 32 * rel + idx[c]] = 1
                buf[taken + idx[c]] = 1
        buf[won + by] += 1
    for k, c in enumerate(view.trick):
        rel = (view.trick_leader + k - me) % 5
        if c is None:
            buf[down + rel] += 1
        else:
            buf[played + 32 * rel + idx[c]] = 1
            buf[trick + 32 * rel + idx[c]] = 1
    for name in ("blind", "bury"):
        base = o[name]
        for c in getattr(view, name):
            buf[base + idx[c]] = 1
    if view.unknown is not None:
        buf[o["unknown"] + idx[view.unknown]] = 1
    for s, cards in enumerate(view.shown):
        base = o["shown"] + 32 * ((s - me) % 5)
        for c in cards:
            buf[base + idx[c]] = 1
    _hot(buf, o["picker"], 6, None if view.picker is None else (view.picker - me) % 5)
    buf[o["passes"]] = view.passes
    buf[o["blitz"]] = "black" in view.blitz
    buf[o["blitz"] + 1] = "red" in view.blitz
    _hot(buf, o["call"], 6, None if view.call is None else _SH_CALLS.index(view.call))
    _hot(buf, o["call_suit"], 4, None if view.call_suit is None else _SH_SUITS.index(view.call_suit))
    buf[o["partner_known"]] = view.partner_known
    _hot(buf, o["partner"], 6, None if view.partner is None else (view.partner - me) % 5)
    buf[o["cracks"] + view.cracks] = 1
    _hot(buf, o["cracker"], 6, None if view.cracker is None else (view.cracker - me) % 5)
    buf[o["pending_doublers"]] = min(view.pending_doublers, 127)
    buf[o["phase"] + _SH_PHASES.index(view.phase)] = 1
    buf[o["dealer"] + (view.dealer - me) % 5] = 1
    _hot(buf, o["to_act"], 6, None if view.actor is None or view.actor < 0 else (view.actor - me) % 5)
    buf[o["leader"] + (view.trick_leader - me) % 5] = 1
    for s in range(5):
        _number(buf, o["scores"] + NUMBER * ((s - me) % 5), view.scores[s])
    _partial(o, partial, buf)


_SH_INDEX: Final = _sheepshead_index()


def _partial(o: dict[str, int], partial: Sequence[int], buf: bytearray) -> None:
    base = o["partial"]
    for t in partial:
        buf[base + t] = 1


_LAYOUTS: Final[dict[str, Callable[[], Layout]]] = {
    "seep": _seep_layout,
    "smear": _smear_layout,
    "sheepshead": _sheepshead_layout,
}
_ENCODERS: Final[dict[str, Callable[[dict[str, int], Any, Sequence[int], bytearray], None]]] = {
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
    buf = bytearray(lay.size)
    _ENCODERS[game](lay.start, view, partial, buf)
    return np.frombuffer(buf, np.int8)


def layout_rows(game: str) -> list[tuple[str, str, int, str]]:
    """(plane, shape, offset, meaning) for every plane of ``game``'s observation, for the docs."""
    lay = layout(game)
    return [(name, " × ".join(map(str, shape)), lay.offsets[name][0], meaning) for name, shape, meaning in lay.planes]
