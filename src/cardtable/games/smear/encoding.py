"""Smear's observation planes for the RL encoders (`cardtable.rl.encode`): its hand, the
auction, the bid and trump, the trick, the cards each side has taken, the kitty and discard, the
scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardtable.planes import NUMBER, Layout, mark_cards, mark_one, mark_tokens, write_number

from .tokens import spelling

#: The game's cards in the order the encodings use (its token vocabulary's).
_CARDS: Final = spelling()[1]


def planes(lay: Layout, v: int) -> None:
    """Add the game's planes to ``lay``; ``v`` is the size of its token vocabulary."""
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


_SMEAR_INDEX: Final = tuple(_CARDS.index(c) if c in _CARDS else -1 for c in range(52))
_SMEAR_PHASES: Final = ("deal", "auction", "discard", "play", "over")


def encode(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
    me = view.seat
    idx = _SMEAR_INDEX
    mark_cards(buf, o["hand"], view.hand, idx)
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
            mark_cards(buf, o[name], m, idx)
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
    mark_one(buf, o["bidder"], 5, None if view.bidder is None else (view.bidder - me) % 4)
    mark_one(buf, o["bid"], 5, None if not view.bid else view.bid - 1)
    mark_one(buf, o["trump"], 5, view.trump)
    buf[o["phase"] + _SMEAR_PHASES.index(view.phase.value)] = 1
    buf[o["dealer"] + (view.dealer - me) % 4] = 1
    mark_one(buf, o["to_act"], 5, None if view.to_act is None or view.to_act < 0 else (view.to_act - me) % 4)
    mark_one(buf, o["leader"], 5, None if view.leader is None else (view.leader - me) % 4)
    for s in range(4):
        buf[o["hand_sizes"] + (s - me) % 4] = view.hand_sizes[s]
    for team in (0, 1):
        write_number(buf, o["scores"] + NUMBER * ((team - me) % 2), view.scores[team])
    mark_tokens(o, partial, buf)
