"""Toy Tricks' observation planes for the RL encoders (`cardtable.rl.encode`): its hand, the
cards each seat has played, the trick, the tricks won, the dealer, the seat to act and the scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardtable.planes import NUMBER, Layout, mark_one, mark_tokens, write_number

from .game import DECK, SEATS

_INDEX: Final = {c: i for i, c in enumerate(DECK)}
N: Final = len(DECK)


def planes(lay: Layout, v: int) -> None:
    """Add the game's planes to ``lay``; ``v`` is the size of its token vocabulary."""
    lay.add("hand", (N,), "own hand, by the game's fifteen cards")
    lay.add("played", (SEATS, N), "cards each relative seat has played, in finished tricks and this one")
    lay.add("trick", (SEATS, N), "the current trick: the card each relative seat has played to it")
    lay.add("tricks_won", (SEATS,), "tricks each relative seat has won this hand")
    lay.add("dealer", (SEATS,), "dealer, by relative seat")
    lay.add("to_act", (SEATS + 1,), "seat to act, by relative seat, or nobody")
    lay.add("scores", (SEATS, NUMBER), "match score before this hand, by relative seat")
    lay.add("partial", (v,), "tokens the observer has given toward its action (one per token)")


def encode(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
    """Fill the planes from ``view``, one seat's view, seat-relative."""
    me = view.seat
    for c in view.hand or ():
        buf[o["hand"] + _INDEX[c]] = 1
    for t in view.tricks:
        for k, c in enumerate(t.cards):
            buf[o["played"] + N * ((t.leader + k - me) % SEATS) + _INDEX[c]] = 1
        buf[o["tricks_won"] + (t.winner - me) % SEATS] += 1
    for k, c in enumerate(view.trick):
        at = N * ((view.leader + k - me) % SEATS) + _INDEX[c]
        buf[o["played"] + at] = 1
        buf[o["trick"] + at] = 1
    buf[o["dealer"] + (view.dealer - me) % SEATS] = 1
    acting = view.to_act
    mark_one(buf, o["to_act"], SEATS + 1, None if acting is None or acting < 0 else (acting - me) % SEATS)
    for s in range(SEATS):
        write_number(buf, o["scores"] + NUMBER * ((s - me) % SEATS), view.scores[s])
    mark_tokens(o, partial, buf)
