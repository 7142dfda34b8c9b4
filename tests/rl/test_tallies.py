"""Observations keep who took which cards. A seat's view is changed by swapping the card one seat
played to one finished trick with the card it played to another trick won by another side: every
seat's played cards and tricks won stay the same, but the cards each side has taken (its running
point tally: per team in Smear, per seat in Sheepshead) differ, and so must the observation."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

from cardtable.rl.encode import encode
from cardtable.rl.table import Table


def _parts(name: str, trick: Any) -> tuple[int, tuple[Any, ...], int]:
    """(leader, cards, winner) of a finished trick (Smear's is a named tuple in that order too)."""
    return tuple(trick)  # type: ignore[return-value]


def _rebuild(name: str, old: Any, cards: tuple[Any, ...]) -> Any:
    return old._replace(cards=cards) if name == "smear" else (old[0], cards, old[2])


def _swapped(name: str, view: Any, rng: random.Random) -> Any | None:
    """The view with one seat's cards swapped between two finished tricks won by different sides
    (teams in Smear, seats in Sheepshead), or None if there are no such tricks."""
    tricks = list(view.tricks)
    side = (lambda w: w % 2) if name == "smear" else (lambda w: w)
    pairs = [
        (i, j)
        for i in range(len(tricks))
        for j in range(i + 1, len(tricks))
        if side(_parts(name, tricks[i])[2]) != side(_parts(name, tricks[j])[2])
    ]
    if not pairs:
        return None
    i, j = pairs[rng.randrange(len(pairs))]
    (li, ci, _), (lj, cj, _) = _parts(name, tricks[i]), _parts(name, tricks[j])
    seats = len(ci)
    seat = rng.randrange(seats)
    ki, kj = (seat - li) % seats, (seat - lj) % seats
    if ci[ki] is None or cj[kj] is None:
        return None
    a, b = list(ci), list(cj)
    a[ki], b[kj] = cj[kj], ci[ki]
    tricks[i], tricks[j] = _rebuild(name, tricks[i], tuple(a)), _rebuild(name, tricks[j], tuple(b))
    return dataclasses.replace(view, tricks=tuple(tricks))


@pytest.mark.parametrize("name", ["smear", "sheepshead"])
def test_who_took_which_cards_is_observed(name: str) -> None:
    rng = random.Random(5)
    t = Table(name)
    checked = 0
    for hand in range(40):
        t.reset(seed=hand)
        while not t.done:
            for seat in range(t.seats):
                view = t.view(seat)
                other = _swapped(name, view, rng)
                if other is not None:
                    assert not np.array_equal(encode(name, view), encode(name, other)), "the tallies are lost"
                    checked += 1
            t.step(rng.choice(t.allowed()))
    assert checked > 200
