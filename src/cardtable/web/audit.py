"""Check what a seat or a spectator received against the cards it may not see at that moment.

The test suite and ``bench/web_secrecy.py`` replay a finished match's record to the state of
each version and scan every message a client got at that version: the view, the legal actions,
the action and the current hand's part of the log must name no card of the recipient's unseen
set (the engine's ``unseen``; for a spectator, every card some seat may not see).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cardtable.cards import cards_of, format_card
from cardtable.web.engine import unseen_public

#: A card as the notation writes it, standing alone (not part of a longer word or number).
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQKT])[CDHS](?![A-Za-z0-9])")

#: Parts of a message that carry no cards of the hand (names chosen by people could look like one),
#: or name a card without saying where it lies: Sheepshead's called ace (R-call) is announced to all.
NOT_CARDS = ("table", "commitment", "id", "t", "v", "seat", "call")

#: The called card inside an action's text (``3 call AC``), announced to every seat.
CALLED = re.compile(r"\bcall (?:10|[2-9AJQKT])[CDHS]\b", re.IGNORECASE)


def named_cards(obj: Any) -> Iterator[str]:
    """Every card named anywhere in a JSON value's strings."""
    if isinstance(obj, str):
        for m in CARD.finditer(CALLED.sub("call", obj)):
            yield m.group(0).replace("T", "10")
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if key not in NOT_CARDS:
                yield from named_cards(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from named_cards(value)


def hidden_from(game: Any, state: Any, seat: int | None) -> set[str]:
    """The cards ``seat`` (``None``: a spectator) may not see in ``state``."""
    mask = unseen_public(game, state) if seat is None else game.unseen(state, seat)
    return {format_card(c) for c in cards_of(mask)}


def leaks(game: Any, state: Any, seat: int | None, msg: dict[str, Any]) -> set[str]:
    """The hidden cards a snapshot or event names (an empty set when it keeps every secret)."""
    shown = dict(msg)
    log = shown.pop("log", None)
    if isinstance(log, list):
        last_deal = max((i for i, a in enumerate(log) if a == "deal"), default=-1)
        shown["log"] = log[last_deal + 1 :]  # earlier hands' actions name the cards of their own deals
    return hidden_from(game, state, seat) & set(named_cards(shown))
