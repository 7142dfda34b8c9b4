"""Storage for signing in (migration 0014): players' e-mail addresses (``player_emails``, 0011),
one-time links, passkeys, the challenges of their ceremonies, and the failed sign-ins that lock
an account for a while.

A link's token and a challenge are one-time: taken in the transaction that checks them, so two
processes of a cluster cannot both accept one. Links are kept only as hashes. Every time is the
server's wall clock, passed in by the caller.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, or_, select, update

from cardtable.web.schema import passkey_challenges, passkeys, player_emails, sessions, signin_failures, signin_links
from cardtable.web.tokens import token_hash

#: Seconds a link sent by e-mail may be followed.
LINK_SECONDS = 15 * 60.0
#: Seconds a passkey's challenge may be answered.
CHALLENGE_SECONDS = 5 * 60.0
#: Failed sign-ins on one account (a used or expired link, a passkey's failed assertion) within
#: `FAILURE_WINDOW` seconds that lock it for `LOCKOUT_SECONDS`.
MAX_FAILURES = 5
FAILURE_WINDOW = 15 * 60.0
LOCKOUT_SECONDS = 15 * 60.0

VERIFY = "verify"
SIGNIN = "signin"


@dataclass(frozen=True)
class Email:
    address: str
    verified: float | None


def email_of(engine: Engine, player_id: str) -> Email | None:
    with engine.connect() as conn:
        r = conn.execute(select(player_emails).where(player_emails.c.player_id == player_id)).mappings().first()
    return None if r is None else Email(str(r["address"]), None if r["verified"] is None else float(r["verified"]))


def set_email(engine: Engine, player_id: str, address: str, now: float) -> bool:
    """Make ``address`` the player's, not yet verified (kept verified when it is already the
    player's and was). False, with nothing changed, when another player's verified address it is;
    another player's unverified claim on it is dropped (a link sent there was never followed)."""
    with engine.begin() as conn:
        other = conn.execute(select(player_emails).where(player_emails.c.address == address)).mappings().first()
        if other is not None and other["player_id"] != player_id:
            if other["verified"] is not None:
                return False
            conn.execute(delete(player_emails).where(player_emails.c.player_id == other["player_id"]))
        if other is not None and other["player_id"] == player_id:
            return True
        conn.execute(delete(player_emails).where(player_emails.c.player_id == player_id))
        conn.execute(insert(player_emails).values(player_id=player_id, address=address, verified=None, created=now))
    return True


def verified_player(engine: Engine, address: str) -> str | None:
    """The player whose verified address this is, or none."""
    with engine.connect() as conn:
        found = conn.execute(
            select(player_emails.c.player_id).where(
                player_emails.c.address == address, player_emails.c.verified.is_not(None)
            )
        ).first()
    return None if found is None else str(found[0])


def new_link(engine: Engine, player_id: str, purpose: str, address: str, now: float) -> str:
    """A one-time link's token for the player (kept only as its hash), valid `LINK_SECONDS`."""
    token = secrets.token_urlsafe(32)
    with engine.begin() as conn:
        conn.execute(
            insert(signin_links).values(
                hash=token_hash(token),
                player_id=player_id,
                purpose=purpose,
                address=address,
                created=now,
                expires=now + LINK_SECONDS,
                used=None,
            )
        )
    return token


@dataclass(frozen=True)
class Followed:
    """A link followed: whose, what for, the address it was sent to, and whether it was good
    (unused and in time; it is used now)."""

    player_id: str
    purpose: str
    address: str
    good: bool


def follow_link(engine: Engine, token: str, now: float) -> Followed | None:
    """Take the link whose token this is: none when there is no such link; else whose it is and
    whether it was good. A good ``verify`` link marks its address verified (when it is still the
    player's) in the same transaction."""
    with engine.begin() as conn:
        r = conn.execute(select(signin_links).where(signin_links.c.hash == token_hash(token))).mappings().first()
        if r is None:
            return None
        good = r["used"] is None and now < float(r["expires"])
        if good:
            taken = conn.execute(
                update(signin_links)
                .where(signin_links.c.hash == r["hash"], signin_links.c.used.is_(None))
                .values(used=now)
            ).rowcount
            good = taken == 1
        if good and r["purpose"] == VERIFY:
            conn.execute(
                update(player_emails)
                .where(
                    player_emails.c.player_id == r["player_id"],
                    player_emails.c.address == r["address"],
                    player_emails.c.verified.is_(None),
                )
                .values(verified=now)
            )
        return Followed(str(r["player_id"]), str(r["purpose"]), str(r["address"]), good)


#: Days an ended or expired session is still listed in the database (then dropped).
KEEP_ENDED_DAYS = 30


def forget_old(engine: Engine, now: float) -> None:
    """Drop the links and challenges that can no longer be used (a day after they expired), and
    the sessions ended or expired `KEEP_ENDED_DAYS` ago."""
    gone = now - KEEP_ENDED_DAYS * 86400.0
    with engine.begin() as conn:
        conn.execute(delete(signin_links).where(signin_links.c.expires < now - 86400.0))
        conn.execute(delete(passkey_challenges).where(passkey_challenges.c.expires < now))
        conn.execute(delete(sessions).where(or_(sessions.c.ended < gone, sessions.c.expires < gone)))


# --- lockout ---


def locked_for(engine: Engine, player_id: str, now: float) -> float:
    """Seconds until sign-ins to the account are taken again (0.0: now)."""
    with engine.connect() as conn:
        until = conn.execute(
            select(signin_failures.c.locked_until).where(signin_failures.c.player_id == player_id)
        ).scalar()
    return max(0.0, float(until) - now) if until is not None else 0.0


def note_failure(engine: Engine, player_id: str, now: float) -> float:
    """Count a failed sign-in on the account; the seconds it is now locked for (0.0: not)."""
    with engine.begin() as conn:
        r = conn.execute(select(signin_failures).where(signin_failures.c.player_id == player_id)).mappings().first()
        if r is None or now - float(r["since"]) > FAILURE_WINDOW:
            failures, since = 1, now
        else:
            failures, since = int(r["failures"]) + 1, float(r["since"])
        until = now + LOCKOUT_SECONDS if failures >= MAX_FAILURES else None
        values = {"failures": 0 if until else failures, "since": since, "locked_until": until}
        if r is None:
            conn.execute(insert(signin_failures).values(player_id=player_id, **values))
        else:
            if until is None and r["locked_until"] is not None and float(r["locked_until"]) > now:
                values["locked_until"] = float(r["locked_until"])
            conn.execute(update(signin_failures).where(signin_failures.c.player_id == player_id).values(**values))
    return max(0.0, until - now) if until else 0.0


# --- passkeys ---


@dataclass(frozen=True)
class Passkey:
    credential_id: str
    player_id: str
    public_key: str
    sign_count: int
    label: str
    created: float
    last_used: float | None

    def to_json(self) -> dict[str, object]:
        """What the player's page shows (the credential's id, never anything secret to begin with)."""
        return {"id": self.credential_id, "label": self.label, "created": self.created, "last_used": self.last_used}


def _passkey(r: dict[str, object]) -> Passkey:
    last = r["last_used"]
    return Passkey(
        str(r["credential_id"]),
        str(r["player_id"]),
        str(r["public_key"]),
        int(r["sign_count"]),  # type: ignore[call-overload]
        str(r["label"]),
        float(r["created"]),  # type: ignore[arg-type]
        None if last is None else float(last),  # type: ignore[arg-type]
    )


def add_passkey(engine: Engine, key: Passkey) -> bool:
    """Store a new passkey; False when its credential is stored already."""
    with engine.begin() as conn:
        if conn.execute(select(passkeys.c.credential_id).where(passkeys.c.credential_id == key.credential_id)).first():
            return False
        conn.execute(insert(passkeys).values(**key.__dict__))
    return True


def passkey(engine: Engine, credential_id: str) -> Passkey | None:
    with engine.connect() as conn:
        r = conn.execute(select(passkeys).where(passkeys.c.credential_id == credential_id)).mappings().first()
    return None if r is None else _passkey(dict(r))


def passkeys_of(engine: Engine, player_id: str) -> list[Passkey]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(passkeys).where(passkeys.c.player_id == player_id).order_by(passkeys.c.created)
        ).mappings()
        return [_passkey(dict(r)) for r in rows]


def used_passkey(engine: Engine, credential_id: str, sign_count: int, now: float) -> None:
    with engine.begin() as conn:
        conn.execute(
            update(passkeys)
            .where(passkeys.c.credential_id == credential_id)
            .values(sign_count=sign_count, last_used=now)
        )


def remove_passkey(engine: Engine, player_id: str, credential_id: str) -> bool:
    with engine.begin() as conn:
        gone = conn.execute(
            delete(passkeys).where(passkeys.c.player_id == player_id, passkeys.c.credential_id == credential_id)
        ).rowcount
    return bool(gone)


def new_challenge(engine: Engine, challenge: str, player_id: str | None, now: float) -> str:
    """Keep a ceremony's challenge (base64url) until it is answered; its id."""
    cid = secrets.token_hex(6)
    with engine.begin() as conn:
        conn.execute(
            insert(passkey_challenges).values(
                id=cid, challenge=challenge, player_id=player_id, created=now, expires=now + CHALLENGE_SECONDS
            )
        )
    return cid


def take_challenge(engine: Engine, cid: str, player_id: str | None, now: float) -> str | None:
    """The challenge of that id, taken (it answers one ceremony), when it is in time and of the
    same player (none for a sign-in); else none."""
    with engine.begin() as conn:
        r = conn.execute(select(passkey_challenges).where(passkey_challenges.c.id == cid)).mappings().first()
        if r is None:
            return None
        gone = conn.execute(delete(passkey_challenges).where(passkey_challenges.c.id == cid)).rowcount
        if gone != 1 or now >= float(r["expires"]) or r["player_id"] != player_id:
            return None
        return str(r["challenge"])
