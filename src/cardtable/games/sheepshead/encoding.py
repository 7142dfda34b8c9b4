"""Sheepshead's observation planes for the RL encoders (`cardtable.rl.encode`): its hand, the
pick, bury and call, the partner once known, the cracks, the trick, the cards each seat has
taken, the running totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardtable.planes import NUMBER, Layout, mark_one, mark_tokens, write_number

from .tokens import spelling

#: The game's cards in the order the encodings use (its token vocabulary's).
_CARDS: Final = spelling()[1]


def planes(lay: Layout, v: int) -> None:
    """Add the game's planes to ``lay``; ``v`` is the size of its token vocabulary."""
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


def _sheepshead_index() -> tuple[int, ...]:
    from .tables import FROM_KERNEL

    return tuple(FROM_KERNEL)


_SH_PHASES: Final = ("deal", "pick", "bury", "call", "crack", "recrack", "play", "done")
_SH_CALLS: Final = ("ace", "ten", "unknown", "alone", "jack_of_diamonds")
_SH_SUITS: Final = ("C", "S", "H")


def encode(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
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
    mark_one(buf, o["picker"], 6, None if view.picker is None else (view.picker - me) % 5)
    buf[o["passes"]] = view.passes
    buf[o["blitz"]] = "black" in view.blitz
    buf[o["blitz"] + 1] = "red" in view.blitz
    mark_one(buf, o["call"], 6, None if view.call is None else _SH_CALLS.index(view.call))
    mark_one(buf, o["call_suit"], 4, None if view.call_suit is None else _SH_SUITS.index(view.call_suit))
    buf[o["partner_known"]] = view.partner_known
    mark_one(buf, o["partner"], 6, None if view.partner is None else (view.partner - me) % 5)
    buf[o["cracks"] + view.cracks] = 1
    mark_one(buf, o["cracker"], 6, None if view.cracker is None else (view.cracker - me) % 5)
    buf[o["pending_doublers"]] = min(view.pending_doublers, 127)
    buf[o["phase"] + _SH_PHASES.index(view.phase)] = 1
    buf[o["dealer"] + (view.dealer - me) % 5] = 1
    mark_one(buf, o["to_act"], 6, None if view.actor is None or view.actor < 0 else (view.actor - me) % 5)
    buf[o["leader"] + (view.trick_leader - me) % 5] = 1
    for s in range(5):
        write_number(buf, o["scores"] + NUMBER * ((s - me) % 5), view.scores[s])
    mark_tokens(o, partial, buf)


_SH_INDEX: Final = _sheepshead_index()
