"""A player's sessions: the credential a device gets when its player signs in there (with an
e-mail link or a passkey, `cardtable.web.accounts`), accepted wherever the player's own token is.

A session's token is ``s.ID.SECRET``: the id finds the row, the whole token's SHA-256 hash is
compared in constant time, as a player's token is. A session lives until it is ended from the
player's page or has gone unused for `SESSION_DAYS` (each use moves its end on; the row is written
at most once a `TOUCH_EVERY`, so that a busy device does not write on every request). Times are the
server's wall clock (`cardtable.web.settings.Settings.clock`).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from sqlalchemy import Engine, insert, select, update

from cardtable.web.schema import sessions
from cardtable.web.tokens import token_hash, token_matches

#: Days a session lives unused.
SESSION_DAYS = 180
#: Seconds between two writes of a session's last use.
TOUCH_EVERY = 60.0
#: The prefix that tells a session's token from a player's.
PREFIX = "s."

_ID = re.compile(r"[0-9a-f]{12}")


@dataclass(frozen=True)
class Session:
    id: str
    player_id: str
    label: str
    created: float
    last_used: float
    expires: float
    ended: float | None

    def live(self, now: float) -> bool:
        return self.ended is None and now < self.expires

    def to_json(self) -> dict[str, object]:
        """What the player's page shows of it (never its secret)."""
        return {
            "id": self.id,
            "label": self.label,
            "created": self.created,
            "last_used": self.last_used,
            "expires": self.expires,
        }


def is_session_token(token: str) -> bool:
    return token.startswith(PREFIX)


def session_id_of(token: str) -> str | None:
    """The id in a session's token, or none when it is not of the form."""
    sid, dot, secret = token.removeprefix(PREFIX).partition(".")
    return sid if dot and secret and _ID.fullmatch(sid) else None


def create_session(engine: Engine, player_id: str, label: str, now: float) -> tuple[Session, str]:
    """A new session of the player: the row and its token (shown once, kept only as its hash)."""
    sid = secrets.token_hex(6)
    token = f"{PREFIX}{sid}.{secrets.token_urlsafe(24)}"
    row = Session(sid, player_id, label, now, now, now + SESSION_DAYS * 86400.0, None)
    with engine.begin() as conn:
        conn.execute(insert(sessions).values(**row.__dict__, secret_hash=token_hash(token)))
    return row, token


def _row(r: dict[str, object]) -> Session:
    ended = r["ended"]
    return Session(
        str(r["id"]),
        str(r["player_id"]),
        str(r["label"]),
        float(r["created"]),  # type: ignore[arg-type]
        float(r["last_used"]),  # type: ignore[arg-type]
        float(r["expires"]),  # type: ignore[arg-type]
        None if ended is None else float(ended),  # type: ignore[arg-type]
    )


def session_of(engine: Engine, token: str, now: float) -> Session | None:
    """The live session whose token this is (its last use noted, at most once a `TOUCH_EVERY`),
    or none: unknown, wrong secret, ended or expired alike."""
    sid = session_id_of(token)
    if sid is None:
        return None
    with engine.connect() as conn:
        r = conn.execute(select(sessions).where(sessions.c.id == sid)).mappings().first()
    if r is None or not token_matches(token, str(r["secret_hash"])):
        return None
    found = _row(dict(r))
    if not found.live(now):
        return None
    if now - found.last_used >= TOUCH_EVERY:
        expires = now + SESSION_DAYS * 86400.0
        with engine.begin() as conn:
            conn.execute(
                update(sessions)
                .where(sessions.c.id == sid, sessions.c.ended.is_(None))
                .values(last_used=now, expires=expires)
            )
        found = Session(found.id, found.player_id, found.label, found.created, now, expires, None)
    return found


def live_sessions(engine: Engine, player_id: str, now: float) -> list[Session]:
    """The player's live sessions, the most recently used first."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(sessions)
            .where(sessions.c.player_id == player_id, sessions.c.ended.is_(None), sessions.c.expires > now)
            .order_by(sessions.c.last_used.desc(), sessions.c.id)
        ).mappings()
        return [_row(dict(r)) for r in rows]


def end_sessions(engine: Engine, player_id: str, ids: list[str] | None, keep: str | None, now: float) -> int:
    """End the player's sessions named by ``ids`` (all of them but ``keep`` when none are named);
    how many were live and ended."""
    where = [sessions.c.player_id == player_id, sessions.c.ended.is_(None)]
    if ids is not None:
        where.append(sessions.c.id.in_(ids))
    if keep is not None:
        where.append(sessions.c.id != keep)
    with engine.begin() as conn:
        return int(conn.execute(update(sessions).where(*where).values(ended=now)).rowcount)
