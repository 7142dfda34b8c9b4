"""What the table takes from the engines: the spectator's view, an action as the other seats see
it, and the verifiable shuffle (records §2): a deck from the operating system's randomness, a
fresh salt, and the SHA-256 commitment published at the deal. `cardtable.shuffle` is used when
present; otherwise the same commitment is made here.
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


def public_view(game: Any, state: Any) -> dict[str, Any]:
    """The spectator's view: what every seat can see, no card that any seat holds unseen."""
    view: dict[str, Any] = game.observe_public(state).to_json()
    return view


def public_action(game: Any, before: Any, action: Any) -> str:
    """``action``, taken in ``before`` by the seat to act, as the other seats and spectators see it."""
    shown: str = game.public_action(before, action)
    return shown


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


def new_shuffle(game: Any, state: Any, rng: random.Random | None = None) -> Shuffle:
    """Shuffle for the deal of ``state`` from the OS's randomness, with a fresh 128-bit salt
    (from ``rng`` instead when given: a seeded run for tests, whose deals are not secret)."""
    if rng is not None:
        deck = tuple(game.deal(state, rng).deck)
        salt = f"{rng.getrandbits(128):032x}"
        return Shuffle(deck, salt, commitment(salt, deck))
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
