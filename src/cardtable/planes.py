"""Observation planes: a vector laid out as named planes (`Layout`), and the small writers that
fill them (cards as a set, one-hot choices, signed numbers, the tokens given so far).

The RL encoders (`cardtable.rl.encode`) build each game's vector with these from the game's own
``encoding`` module, which adds its planes and fills them from a seat's view. Standard library
only: a game's package uses it without the ``rl`` extra.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

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
        n = math.prod(shape)
        self.planes.append((name, shape, meaning))
        self.offsets[name] = (self.size, self.size + n, shape)
        self.start[name] = self.size
        self.size += n

    def view(self, vec: Any, name: str) -> Any:
        """The plane ``name`` of ``vec`` as an array of its shape (a view, writable)."""
        start, stop, shape = self.offsets[name]
        return vec[start:stop].reshape(shape)


def mark_cards(buf: bytearray, base: int, mask: int, index: Sequence[int]) -> None:
    """Mark the cards of ``mask`` in the plane at ``base`` (cards outside the game's pack skipped)."""
    while mask:
        low = mask & -mask
        i = index[low.bit_length() - 1]
        if i >= 0:
            buf[base + i] = 1
        mask ^= low


def mark_one(buf: bytearray, base: int, length: int, i: int | None) -> None:
    """Mark entry ``i`` of a plane of ``length``, or its last entry (meaning "none") when ``i`` is None."""
    buf[base + (length - 1 if i is None else i)] = 1


def write_number(buf: bytearray, base: int, x: int) -> None:
    """A sign and eight binary digits of ``x``'s magnitude, capped at 255."""
    m = min(abs(x), 255)
    buf[base] = 1 if x < 0 else 0
    for i in range(8):
        buf[base + 1 + i] = (m >> (7 - i)) & 1


def mark_tokens(o: dict[str, int], partial: Sequence[int], buf: bytearray) -> None:
    """Mark the tokens the observer has given toward its action in the ``partial`` plane."""
    base = o["partial"]
    for t in partial:
        buf[base + t] = 1


#: A game's action tokens (its ``tokens`` module's ``spelling()``): the token names, the game's
#: cards in the encodings' order, and the spelling of an action as token numbers.
Spelling = tuple[tuple[str, ...], tuple[int, ...], Callable[[Any], tuple[int, ...]]]


class TokenBuilder:
    """Token names laid out in blocks; a block's first token number is returned as it is added."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def block(self, names: list[str]) -> int:
        start = len(self.names)
        self.names.extend(names)
        return start
