"""Secret tokens (a seat's, a host's, an invite's, a director's, an entrant's): made at random,
stored only as their SHA-256 hash and compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A random URL-safe token of 192 bits."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` hashes to ``stored``, compared in constant time."""
    if not isinstance(token, str) or stored is None:
        return False
    return hmac.compare_digest(token_hash(token), stored)
