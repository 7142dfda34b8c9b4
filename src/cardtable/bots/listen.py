"""Bots that follow the hand as it is played, not only at their own decisions.

A bot may have, besides ``act``, the methods of `Listener`: the places that play hands (``sim``,
the terminal table, ``watch``) then tell it when a hand begins (each of its seats' view as the
engine gives it) and every action after, as each of its seats may see it, with that seat's view
after it (`seen_action`: in full
to the seat that took it, else in the game's public form, so a card laid face down is never
named). A program in the bot protocol (`cardtable.bots.external`) passes these on as its
``hand`` and ``action`` messages. Bots without these methods are told nothing, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from cardtable.core import CHANCE
from cardtable.secrecy import seen_action


@runtime_checkable
class Listener(Protocol):
    """A bot that is told the hand as its seats see it."""

    def hand_begins(self, seat: int, view: Any) -> None:
        """A hand has been dealt (or, after a take-back, is told again from here): ``view`` is
        ``seat``'s view of it, as ``act`` would be given."""
        ...

    def seen(self, seat: int, by: int, text: str, view: Any) -> None:
        """Seat ``by`` took an action, which ``seat`` sees as ``text`` (notation, without the
        seat); ``view`` is ``seat``'s view after it (cards the engine dealt within the action,
        as Seep deals the rest of the hands after the bid, show there)."""
        ...


#: The listening bots of a table, with their seats (`listeners`).
Listening = list[tuple[int, Listener]]


def listeners(bots: Mapping[int, object]) -> Listening:
    """The bots of ``bots`` (by seat) that listen, with their seats, in seat order (empty when
    none does: the places that play hands then skip telling altogether)."""
    return [(seat, bot) for seat, bot in sorted(bots.items()) if isinstance(bot, Listener)]


def tell_hand(game: Any, state: Any, listening: Listening) -> None:
    """Tell each of ``listening`` that a hand stands at ``state``: its seat's
    view. Nothing is told while the state waits for a deal or the hand is over."""
    if not listening or game.actor(state) in (CHANCE, None):
        return
    for seat, bot in listening:
        bot.hand_begins(seat, game.observe(state, seat))


def tell_action(game: Any, before: Any, action: Any, after: Any, listening: Listening) -> None:
    """Tell each of ``listening`` the action taken in ``before`` by the seat to act, as its own
    seat sees it, with its seat's view of ``after`` (the state the action led to)."""
    by = game.actor(before) if listening else None
    if by in (CHANCE, None):
        return
    for seat, bot in listening:
        text = seen_action(game, before, action, seat).partition(" ")[2]
        bot.seen(seat, by, text, game.observe(after, seat))
