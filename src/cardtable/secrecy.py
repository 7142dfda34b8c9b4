"""Secrecy checks: which hidden cards a message names.

Anything sent to a seat or a spectator (a view, a log line, an event, an error, a summary) can be
checked against what that recipient may know at that moment: `leaks` walks a JSON-ready message
(dicts, lists, strings, keys included), finds every card it names in any form the notation accepts
(``10D``, ``TD``, ``td``, inside action texts such as ``capture JH 5C+6H`` too, and with suit
symbols, ``10♦``), and returns those whose place the recipient may not know: the game's
``unseen(state, seat)``, or ``unseen_public(state)`` for a spectator (``None``).

>>> from cardtable.registry import get_game
>>> import random
>>> game = get_game("smear")
>>> state = game.apply(game.start(0), game.deal(game.start(0), random.Random(3)))
>>> leaks(game, state, 1, game.observe(state, 1).to_json())
[]
>>> leaks(game, state, None, game.observe_public(state).to_json())
[]
>>> hidden = sorted(named_cards(game.observe(state, 2).to_json()))
>>> leaks(game, state, 1, {"log": ["2 play " + format_card(hidden[0])]}) == [format_card(hidden[0])]
True

A called card (Sheepshead's ``call AH``) names the card sought, not where it lies, so the card
right after the word ``call`` is not counted. The lower-case English words ``as``, ``ad`` and
``ah`` are not read as cards (pass ``ignore=frozenset()`` to read them too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from cardtable.cards import format_card, parse_card
from cardtable.core import BadNotation

#: Lower-case words of ordinary prose that are also lower-case cards.
PROSE_WORDS: Final = frozenset({"as", "ad", "ah"})

_SYMBOLS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_TOKEN: Final = re.compile(r"[0-9A-Za-z♣♦♥♠]+")


def _card(token: str) -> int | None:
    if not 2 <= len(token) <= 3:
        return None
    last = _SYMBOLS.get(token[-1])
    if last is not None:
        token = token[:-1] + last
    try:
        return parse_card(token)
    except BadNotation:
        return None


def cards_in_text(text: str, ignore: Iterable[str] = PROSE_WORDS) -> set[int]:
    """Every card a string names (kernel card numbers), but the card just after ``call`` (or, in
    words, ``calls the`` or ``called the``): the card sought, not where it lies.

    >>> sorted(format_card(c) for c in cards_in_text("1 capture jh 5C+6H; TD, 9♠; call AH"))
    ['10D', '5C', '6H', '9S', 'JH']
    >>> sorted(format_card(c) for c in cards_in_text("Seat 4 calls the A♥. Seat 0 picked and called the AC"))
    []
    """
    skip = frozenset(ignore)
    out: set[int] = set()
    after_call = False
    for token in _TOKEN.findall(text):
        if after_call:
            if token.lower() == "the":
                continue
            after_call = False
            continue
        if token.lower() in ("call", "calls", "called"):
            after_call = True
            continue
        if token in skip:
            continue
        c = _card(token)
        if c is not None:
            out.add(c)
    return out


def named_cards(message: object, ignore: Iterable[str] = PROSE_WORDS) -> set[int]:
    """Every card named anywhere in a JSON-ready value: strings, dict keys and values, lists."""
    skip = frozenset(ignore)
    out: set[int] = set()
    stack: list[object] = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out |= cards_in_text(item, skip)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


def seen_action(game: Any, state: Any, action: Any, recipient: int | None, shown: bool = False) -> str:
    """The log line ``"<seat> <action>"`` of ``action``, taken in ``state`` by the seat to act, as
    ``recipient`` (a seat, or ``None`` for a spectator) sees it: in full by the seat that took it,
    else in the game's public form (`public_action`); in full to everyone when ``shown`` (once the
    hand is over, when the games show every card).

    >>> from cardtable.registry import get_game
    >>> import random
    >>> game = get_game("smear", kitty_size=1)
    >>> state = game.apply(game.start(3), game.deal(game.start(3), random.Random(2)))
    >>> while not game.format(game.legal_actions(state)[0]).startswith("discard"):
    ...     state = game.apply(state, game.legal_actions(state)[-1])
    >>> discard, bidder = game.legal_actions(state)[0], game.actor(state)
    >>> seen_action(game, state, discard, None) == f"{bidder} discard 1 card face down"
    True
    >>> seen_action(game, state, discard, bidder) == f"{bidder} {game.format(discard)}"
    True
    """
    seat = game.actor(state)
    text = game.format(action) if shown or recipient == seat else game.public_action(state, action)
    return f"{seat} {text}"


def hidden_from(game: Any, state: Any, recipient: int | None) -> int:
    """The cards (a card set) whose place ``recipient`` (a seat, or ``None`` for a spectator) may
    not know in ``state``."""
    if recipient is None:
        return int(game.unseen_public(state))
    return int(game.unseen(state, recipient))


def leaks(
    game: Any, state: Any, recipient: int | None, message: object, ignore: Iterable[str] = PROSE_WORDS
) -> list[str]:
    """The hidden cards that ``message`` names for ``recipient`` in ``state``, canonical, in card
    order; ``[]`` when it names none."""
    hidden = hidden_from(game, state, recipient)
    return [format_card(c) for c in sorted(named_cards(message, ignore)) if hidden >> c & 1]
