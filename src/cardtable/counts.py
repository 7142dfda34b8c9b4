"""Counting legal action sequences from a state (like chess perft): a cheap, strong guard on
move generation. Pin the counts from fixed deals in tests."""

from __future__ import annotations

from typing import Any


def perft(game: Any, state: Any, depth: int) -> int:
    """The number of distinct legal action sequences of length ``depth`` from ``state``.

    A sequence that ends the hand early counts once, as a leaf. The deal (a chance step) is not
    expanded: ``state`` must be past it or at the end of the hand.
    """
    if depth == 0 or game.actor(state) is None:
        return 1
    return sum(perft(game, game.apply(state, a), depth - 1) for a in game.legal_actions(state))
