"""Seep's observation planes for the RL encoders (`cardtable.rl.encode`): its hand, the loose
floor, every house with its cards, owners and cement, piles, sweeps, the bid, the baazi."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardtable.planes import NUMBER, Layout, mark_cards, mark_one, mark_tokens, write_number

from .tokens import spelling

#: The game's cards in the order the encodings use (its token vocabulary's).
_CARDS: Final = spelling()[1]


def planes(lay: Layout, v: int) -> None:
    """Add the game's planes to ``lay``; ``v`` is the size of its token vocabulary."""
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


def encode(o: dict[str, int], view: Any, partial: Sequence[int], buf: bytearray) -> None:
    me = view.seat
    ident = range(52)
    mark_cards(buf, o["hand"], view.hand, ident)
    if view.floor_visible:
        mark_cards(buf, o["loose"], view.loose, ident)
    else:
        buf[o["floor_hidden"]] = view.floor_size
    for h in view.houses:
        i = h.value - 9
        buf[o["house_present"] + i] = 1
        mark_cards(buf, o["house_cards"] + 52 * i, h.cards, ident)
        buf[o["house_cemented"] + i] = len(h.sets) >= 2
        for s in range(4):
            if h.owners >> s & 1:
                buf[o["house_owner_seat"] + 4 * i + (s - me) % 4] = 1
                buf[o["house_owner_team"] + 2 * i + (s - me) % 2] = 1
    for team in (0, 1):
        rel = (team - me) % 2
        mark_cards(buf, o["pile"] + 52 * rel, view.piles[team], ident)
        buf[o["sweeps"] + rel] = min(len(view.sweeps[team]), 127)
        write_number(buf, o["sweep_points"] + NUMBER * rel, sum(view.sweeps[team]))
    mark_one(buf, o["last_capture"], 3, None if view.last_capture < 0 else (view.last_capture - me) % 2)
    mark_one(buf, o["bid"], 6, view.bid - 9 if view.bid else None)
    buf[o["phase"] + int(view.phase)] = 1
    buf[o["dealer"] + (view.dealer - me) % 4] = 1
    mark_one(buf, o["to_act"], 5, None if view.to_act is None or view.to_act < 0 else (view.to_act - me) % 4)
    buf[o["plays"]] = view.plays
    for s in range(4):
        buf[o["hand_sizes"] + (s - me) % 4] = view.hand_sizes[s]
    lead = view.match.difference if me % 2 == 0 else -view.match.difference
    write_number(buf, o["match_lead"], lead)
    for team in (0, 1):
        buf[o["baazis"] + (team - me) % 2] = min(view.match.baazis[team], 127)
    mark_tokens(o, partial, buf)
