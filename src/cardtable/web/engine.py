"""What the table needs from the engines beyond the `Game` protocol: the spectator's view, an
action as the other seats see it, the cards a spectator may not see, and the verifiable shuffle.

Each is the engine's own when the engine has it (``game.observe_public``, ``game.public_action``,
``game.unseen_public``, `cardtable.shuffle`); until then the table falls back to what the protocol
already gives, erring on the side of showing less: the spectator's fallback view holds only the
public facts the protocol exposes (hand sizes, the match), never a card.
"""

from __future__ import annotations

import hashlib
import importlib
import random
import secrets
from dataclasses import dataclass
from typing import Any

from cardtable.cards import format_card
from cardtable.core import Deal
from cardtable.render import public_action as rendered_public_action


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def public_view(game: Any, state: Any) -> dict[str, Any]:
    """The spectator's view: what every seat can see, no card that any seat holds unseen."""
    own = getattr(game, "observe_public", None)
    if own is not None:
        view: dict[str, Any] = own(state).to_json()
        return view
    places = game.card_places(state)
    actor = game.actor(state)
    return {
        "seat": None,
        "dealer": game.dealer(state),
        "to_act": actor if actor is not None and actor >= 0 else None,
        "phase": "over" if game.outcome(state) is not None else "play",
        "hand_sizes": [_popcount(places.get(f"hand {s}", 0)) for s in range(game.seats)],
        "match": game.match_json(state),
    }


def public_action(game: Any, before: Any, after: Any, seat: int, text: str) -> str:
    """Seat ``seat``'s action ``text`` (without the seat) as the other seats and spectators see it."""
    own = getattr(game, "public_action", None)
    if own is not None:
        shown: str = own(before, game.parse(text))
        return shown
    other = (seat + 1) % game.seats
    view = game.observe(after, other).to_json()
    return rendered_public_action(text, seat, {**view, "seat": other})


def unseen_public(game: Any, state: Any) -> int:
    """The cards a spectator may not see: every card hidden from at least one seat."""
    own = getattr(game, "unseen_public", None)
    if own is not None:
        mask: int = own(state)
        return mask
    mask = 0
    for seat in range(game.seats):
        mask |= game.unseen(state, seat)
    return mask


@dataclass(frozen=True)
class Shuffle:
    """A deal from the operating system's randomness with its salt and commitment (records §2)."""

    deck: tuple[int, ...]
    salt: str
    commitment: str


def commitment(salt: str, deck: tuple[int, ...]) -> str:
    """SHA-256 (lower-case hex) of ``SALT C1 C2 … CN``, the deck in deck-form order."""
    text = " ".join([salt, *(format_card(c) for c in deck)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def new_shuffle(game: Any, state: Any) -> Shuffle:
    """Shuffle for the deal of ``state`` from the OS's randomness, with a fresh 128-bit salt."""
    try:
        module: Any = importlib.import_module("cardtable.shuffle")
    except ModuleNotFoundError:
        module = None
    deal_with = getattr(module, "secret_deal", None)
    if deal_with is not None:
        made = deal_with(game, state)
        return Shuffle(tuple(made.deck), made.salt, made.commitment)
    deal: Deal = game.deal(state, random.SystemRandom())
    salt = secrets.token_hex(16)
    return Shuffle(tuple(deal.deck), salt, commitment(salt, tuple(deal.deck)))
