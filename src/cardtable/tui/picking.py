"""Choosing an action by its pieces: a card of the hand, then items of the floor.

An action in record notation names its cards and houses (``capture JH H11 5C+6H``). Picking pieces
narrows the legal actions to those that use every picked piece; a piece is *live* while some legal
action uses it together with everything already picked. This is what lights up on the table.
Pure functions over record strings, so they are tested without a screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from cardtable.cards import format_card, parse_card
from cardtable.core import BadNotation


def tokens_of(action: str) -> list[str]:
    """The pieces an action names: its cards and houses (``H11``), upper case.

    >>> tokens_of("capture jh H11 5C+6h")
    ['JH', 'H11', '5C', '6H']
    >>> tokens_of("bid 3")
    []
    """
    out = []
    for token in re.split(r"[ +]", action.upper()):
        if re.fullmatch(r"H\d+", token):
            out.append(token)
            continue
        try:
            card = parse_card(token)
        except BadNotation:
            continue
        out.append(format_card(card))
    return out


def matching(legal: Sequence[str], picked: Iterable[str]) -> list[str]:
    """The legal actions that use every picked piece, those that use nothing more first; with
    nothing picked, every legal action in the game's own order (so an action that names no card,
    such as Sheepshead's ``alone``, is not put before the others).

    >>> matching(["call AC", "call AS", "alone"], [])
    ['call AC', 'call AS', 'alone']
    >>> matching(["play 9C", "play 10D", "capture 10D 4C+6H"], ["10D"])
    ['play 10D', 'capture 10D 4C+6H']
    """
    want = set(picked)
    if not want:
        return list(legal)
    found = [a for a in legal if want <= set(tokens_of(a))]
    return sorted(found, key=lambda a: set(tokens_of(a)) != want)


def is_live(legal: Sequence[str], picked: Iterable[str], token: str) -> bool:
    """Whether ``token`` can still be part of a legal action with everything picked."""
    want = set(picked) | {token}
    return any(want <= set(tokens_of(a)) for a in legal)
