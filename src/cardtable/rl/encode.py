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

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable import planes, registry
from cardtable.planes import NUMBER
from cardtable.rl.tokens import vocabulary

Vector = npt.NDArray[np.int8]

__all__ = ["NUMBER", "Layout", "Vector", "encode", "layout", "layout_rows"]


class Layout(planes.Layout):
    """`cardtable.planes.Layout` whose planes are int8 arrays."""

    def view(self, vec: Vector, name: str) -> Vector:
        """The plane ``name`` of ``vec`` as an array of its shape (a view, writable)."""
        out: Vector = super().view(vec, name)
        return out


@cache
def _encoding(game: str) -> Any:
    """The ``encoding`` module of ``game``'s package: ``planes(layout, tokens)`` adds its planes,
    ``encode(offsets, view, partial, buf)`` fills them from a seat's view."""
    vocabulary(game)  # refuses a game without an environment, naming those with one
    return registry.part(game, "encoding")


@cache
def layout(game: str) -> Layout:
    """The observation layout of ``game``, laid out by its package's ``encoding`` module."""
    lay = Layout()
    _encoding(game).planes(lay, vocabulary(game).size)
    return lay


def encode(game: str, view: Any, partial: Sequence[int] = ()) -> Vector:
    """The observation vector of a seat's ``view``, with the tokens ``partial`` it has given so far."""
    lay = layout(game)
    buf = bytearray(lay.size)
    _encoding(game).encode(lay.start, view, partial, buf)
    return np.frombuffer(buf, np.int8)


def layout_rows(game: str) -> list[tuple[str, str, int, str]]:
    """(plane, shape, offset, meaning) for every plane of ``game``'s observation, for the docs."""
    lay = layout(game)
    return [(name, " × ".join(map(str, shape)), lay.offsets[name][0], meaning) for name, shape, meaning in lay.planes]
