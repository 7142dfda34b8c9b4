"""What the table takes from the engines: the spectator's view and an action as the other seats
see it. The verifiable shuffle (records §2) is `cardtable.shuffle`'s."""

from __future__ import annotations

from typing import Any


def public_view(game: Any, state: Any) -> dict[str, Any]:
    """The spectator's view: what every seat can see, no card that any seat holds unseen."""
    view: dict[str, Any] = game.observe_public(state).to_json()
    return view


def public_action(game: Any, before: Any, action: Any) -> str:
    """``action``, taken in ``before`` by the seat to act, as the other seats and spectators see it."""
    shown: str = game.public_action(before, action)
    return shown
