"""The words a table's event carries for one recipient (``say``): the action told by
`cardtable.narrate` as that seat (or a spectator) may hear it, and at a hand's end what the hand
was worth and why. The pages show these lines; programs may ignore them.

Kept apart from the live table so that the protocol code holds one call to it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from cardtable import secrecy
from cardtable.core import CardtableError, IllegalAction
from cardtable.i18n import say, speaking


def _narrate() -> Any:
    """`cardtable.narrate`, or ``None`` when it cannot be loaded (the pages then use their own words)."""
    try:
        return importlib.import_module("cardtable.narrate")
    except ImportError:
        return None


NARRATE = _narrate()


def people_names(names: Sequence[str | None]) -> list[str | None]:
    """The names to tell the seats by: each person's own, a name two people share told apart by
    the seat (``Ann (seat 2)``), ``None`` (``Seat N``) for a seat without a name.

    >>> people_names(["Ann", None, "Ben", "Ann"])
    ['Ann (seat 0)', None, 'Ben', 'Ann (seat 3)']
    """
    return [
        None if name is None else name if names.count(name) == 1 else f"{name} (seat {n})"
        for n, name in enumerate(names)
    ]


class _Entry(Protocol):
    v: int
    seat: int
    text: str
    state: Any


def said(
    game: Any,
    entries: Sequence[_Entry],
    entry: _Entry,
    recipient: int | None,
    names: Sequence[str | None] = (),
    match_over: bool = False,
) -> list[str]:
    """``entry``'s action and, when it ends the hand, the hand's end, in words for ``recipient``,
    the seats called by the players' ``names`` where given (`people_names`); when it ends the
    table's match too (``match_over``), nobody is said to deal next.

    A deal says nothing (the page says a new hand is dealt); words that cannot be made (an entry
    without the one before it) are left out rather than guessed, and so is any line that
    `cardtable.secrecy` finds naming a card hidden from the recipient (such as "The J♦ is the
    picker's partner", which names the card sought rather than where it lies): the message is
    sent only with what is certainly safe.
    """
    if NARRATE is None:
        return []
    if entry.seat < 0:
        lines = []
    else:
        before = next((e.state for e in reversed(entries) if e.v == entry.v - 1), None)
        if before is None:
            return []
        try:
            lines = list(NARRATE.narrate_step(game, before, game.parse(entry.text), entry.state, recipient, names))
        except CardtableError:
            return []
    if game.outcome(entry.state) is not None:
        lines = [*lines, *NARRATE.narrate_hand_end(game, entry.state, recipient, names, match_over)]
    return [line for line in lines if not secrecy.leaks(game, entry.state, recipient, line)]


def refusal(error: CardtableError, language: str) -> str:
    """A move refused, as its person reads it: the seat, the action as written and the rule stay
    as the engine says them (``seat 1 play 9C: … (R24)``), the reason is in ``language`` when
    the engine made it of phrases (`cardtable.i18n.Phrase`), in English otherwise."""
    if not isinstance(error, IllegalAction):
        return str(error)
    with speaking(language):
        reason = say(error.reason)
    who = f"seat {error.seat} " if error.seat is not None and error.seat >= 0 else ""
    return f"{who}{error.action}: {reason} ({error.rule})"
