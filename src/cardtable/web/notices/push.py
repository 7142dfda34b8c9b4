"""Web Push: the server's VAPID key pair and one message sent to one browser's subscription.

The key pair is made by the server the first time it is needed and kept in the database
(``server_keys``), so every process of a cluster and every restart signs with the same key and the
browsers' subscriptions (made with its public half) stay good. A message is encrypted for the
subscription (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by pywebpush; a push service that
answers 404 or 410 says the subscription is gone, and the caller forgets it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy.engine import Engine

from cardtable.web.notices import store

#: The name of the VAPID key pair among the server's keys.
VAPID = "vapid"
#: Seconds to wait on a push service.
TIMEOUT = 15.0
#: How long a push service keeps a message for a browser that is off (seconds).
TTL = 12 * 3600


def make_keys() -> tuple[str, str]:
    """A new P-256 key pair: the private number and the public point (uncompressed), base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return store.b64url(private), store.b64url(public)


def vapid_keys(engine: Engine, now: float) -> tuple[str, str]:
    """The server's VAPID key pair (private, public), made and stored at first need."""
    return store.server_key(engine, VAPID, make_keys, now)


@dataclass(frozen=True)
class Sent:
    """What a push service answered: its status (0: not reached) and, if it failed, why in one line."""

    status: int
    error: str | None = None

    @property
    def gone(self) -> bool:
        """The subscription no longer exists (forget it)."""
        return self.status in (404, 410)


def send(sub: store.Subscription, payload: dict[str, Any], private: str, subject: str) -> Sent:
    """Send ``payload`` (as JSON) to one subscription, signed with the server's key (blocking: call
    it in a worker thread)."""
    from py_vapid import Vapid02
    from pywebpush import WebPushException, webpush

    info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
    try:
        response = webpush(
            info,
            json.dumps(payload, ensure_ascii=False),
            vapid_private_key=Vapid02.from_raw(private.encode("ascii")),
            vapid_claims={"sub": subject},
            timeout=TIMEOUT,
            ttl=TTL,
        )
    except WebPushException as e:
        status = int(getattr(e.response, "status_code", 0) or 0)
        return Sent(status, f"the push service answered {status}" if status else "the push service was not reached")
    except Exception as e:  # a network failure, a bad key in a subscription: one line, never the payload
        return Sent(0, f"the push service was not reached ({type(e).__name__})")
    return Sent(int(getattr(response, "status_code", 201)))
