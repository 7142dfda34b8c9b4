"""The verifiable shuffle: a deal drawn from the operating system's randomness, committed when it
is dealt and revealed when the hand ends (record contract §2, the hand's ``shuffle`` field).

The commitment is the SHA-256, in lower-case hex, of the UTF-8 text ``SALT C1 C2 … CN``: the salt,
then the deck in the record's ``deck`` order (top card first, canonical cards), single spaces. It is
published with the deal; the salt stays secret until the hand is over, so nobody can work out the
cards from the commitment, and anyone can check afterwards that the deal was fixed before the
first bid.

>>> commitment("00ff", ["AC", "TC", "ks"]) == hashlib.sha256(b"00ff AC 10C KS").hexdigest()
True
>>> commitment("00ff", [0, 9, 51]) == commitment("00ff", ["AC", "10C", "KS"])
True
>>> from cardtable.registry import get_game
>>> game = get_game("smear")
>>> deal, shuffle = draw(game, game.start(0))
>>> check_shuffle(shuffle.to_json(), deal.deck)
'verified'
>>> check_shuffle(shuffle.public_json(), deal.deck)
'commitment only'
>>> check_shuffle({"commitment": shuffle.commitment, "salt": "00"}, deal.deck)
'mismatch'
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import format_card, parse_card
from cardtable.core import BadNotation, Deal

#: Bytes of randomness in a salt (written as twice as many hex digits).
SALT_BYTES: Final = 16

VERIFIED: Final = "verified"
NO_SHUFFLE: Final = "no shuffle"
COMMITMENT_ONLY: Final = "commitment only"
MISMATCH: Final = "mismatch"

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX = re.compile(r"(?:[0-9a-fA-F]{2})+")


def commitment(salt: str, deck: Iterable[int | str]) -> str:
    """The commitment to a deck (card numbers or card strings in any accepted form) under ``salt``."""
    cards = [format_card(c) if isinstance(c, int) else format_card(parse_card(c)) for c in deck]
    return hashlib.sha256(" ".join([salt, *cards]).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Shuffle:
    """A committed deal's salt and commitment. Keep it secret until the hand is over: publish
    `public_json` with the deal and `to_json` (with the salt) once the hand ends."""

    salt: str
    commitment: str

    def public_json(self) -> dict[str, str]:
        """The ``shuffle`` field while the hand is played: the commitment alone."""
        return {"commitment": self.commitment}

    def to_json(self) -> dict[str, str]:
        """The ``shuffle`` field once the hand is over: the commitment and the salt."""
        return {"commitment": self.commitment, "salt": self.salt}


def draw(game: Any, state: Any, rng: random.Random | None = None) -> tuple[Deal, Shuffle]:
    """A deal for ``state`` (before its deal) shuffled by the operating system's randomness
    (`secrets`), with a fresh random salt and its commitment.

    With ``rng`` the deck and the salt come from that generator instead: a seeded run for tests,
    whose deals are reproducible and so not secret."""
    if rng is None:
        deal: Deal = game.deal(state, secrets.SystemRandom())
        salt = secrets.token_hex(SALT_BYTES)
    else:
        deal = game.deal(state, rng)
        salt = f"{rng.getrandbits(8 * SALT_BYTES):0{2 * SALT_BYTES}x}"
    return deal, Shuffle(salt, commitment(salt, deal.deck))


def read_shuffle(obj: object) -> tuple[str, str | None]:
    """A record's ``shuffle`` field as (commitment, salt or None); raises `BadNotation` naming
    what is wrong with it."""
    if not isinstance(obj, dict):
        raise BadNotation('shuffle: expected an object {"commitment": HEX, "salt": HEX}')
    unknown = sorted(set(obj) - {"commitment", "salt"})
    if unknown:
        raise BadNotation(f"shuffle: unknown field {unknown[0]!r} (expected commitment and salt)")
    digest = obj.get("commitment")
    if not isinstance(digest, str) or not _HEX64.fullmatch(digest):
        raise BadNotation("shuffle: commitment must be a SHA-256 digest, 64 lower-case hex digits")
    salt = obj.get("salt")
    if salt is not None and (not isinstance(salt, str) or not _HEX.fullmatch(salt)):
        raise BadNotation("shuffle: salt must be hex digits (an even number of them)")
    return digest, salt


def check_shuffle(obj: object, deck: Iterable[int | str]) -> str:
    """How a hand's ``shuffle`` field (``None`` when absent) stands against its deck:
    `VERIFIED`, `NO_SHUFFLE`, `COMMITMENT_ONLY` (the salt not yet revealed) or `MISMATCH`;
    raises `BadNotation` for a malformed field."""
    if obj is None:
        return NO_SHUFFLE
    digest, salt = read_shuffle(obj)
    if salt is None:
        return COMMITMENT_ONLY
    return VERIFIED if secrets.compare_digest(commitment(salt, deck), digest) else MISMATCH
