"""A word when it is your turn: e-mail and Web Push notices of turn-based tables, and each
player's preferences for them (docs/web.md, "Your turn")."""

from __future__ import annotations

from cardtable.web.notices import store
from cardtable.web.tables.hub import Hub


def attach(hub: Hub) -> None:
    """Hear every seat of a turn-based table that waits for its person (the notice is written in
    the transaction that stores the move)."""
    hub.hooks.turn_waiting.append(store.enqueue)
