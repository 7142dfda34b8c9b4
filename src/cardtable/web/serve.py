"""``cardtable serve`` and ``cardtable db upgrade``: run the server, or migrate its database."""

from __future__ import annotations

import functools
import os
import signal
import sys
from dataclasses import replace
from typing import Any

import uvicorn

from cardtable.web.app import create_app
from cardtable.web.clock import CLOCK_FILE
from cardtable.web.database import check_url, shown_url
from cardtable.web.mail import smtp_error
from cardtable.web.network import Reach, qr_text
from cardtable.web.ops import logs
from cardtable.web.ops.migrate import upgrade
from cardtable.web.settings import Settings, database_url, read_given


def migrate(url: str) -> None:
    """Apply the migrations, or say in one line why the database cannot be reached."""
    from sqlalchemy.exc import SQLAlchemyError

    from cardtable.core import CardtableError

    check_url(url)
    try:
        upgrade(url)
    except (SQLAlchemyError, OSError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise CardtableError(f"database {shown_url(url)}: {first}") from None


def db_upgrade(db: str | None, env_file: str | None = None) -> int:
    """``cardtable db upgrade``: the database given (`settings.database_url`) migrated."""
    url = database_url(db, env_file)
    migrate(url)
    print(f"database {shown_url(url)} is up to date")
    return 0


def serve(host: str, port: int, db: str | None, env_file: str | None = None, **overrides: Any) -> int:
    """Run the server until interrupted (Ctrl-C) or stopped (``SIGTERM``: exit status 0 once every
    connection is closed with code 1012 and what was acknowledged is stored, web.md §5);
    ``overrides`` are `Settings` fields given on the command line; the database and the public
    address may come from ``env_file`` or the environment instead (`settings.read_given`)."""
    from cardtable.core import CardtableError

    given = {k: v for k, v in overrides.items() if v is not None}
    log_format = given.pop("log_format", "text")
    given |= {
        k: v
        for k, v in read_given(
            {"db": db} | {k: given.get(k) for k in ("public_url", "smtp", "mail_from")}, env_file
        ).items()
        if v
    }
    settings = Settings(host=host, port=port, **given)
    if settings.public_url is not None:
        settings = replace(settings, public_url=check_public_url(settings.public_url))
    proxies = settings.trusted_proxies or (("127.0.0.1", "::1") if settings.public_url else ())
    settings = replace(settings, trusted_proxies=proxies)
    if settings.cluster and not settings.db_url.startswith("postgresql"):
        raise CardtableError(
            "--cluster needs a PostgreSQL database that the servers share (--db postgresql+psycopg://...)"
        )
    if smtp_error(settings.smtp) is not None:
        raise CardtableError(f"--smtp: {smtp_error(settings.smtp)}")
    migrate(settings.db_url)
    reach = Reach.detect(host, port, settings.public_url, settings.advertise, settings.allowed_hosts)
    logs.setup(log_format)
    say = functools.partial(print, file=sys.stderr, flush=True)
    say(f"cardtable: tables are stored in {shown_url(settings.db_url)}")
    for line in welcome(reach):
        say(line)
    if os.environ.get(CLOCK_FILE):
        say(f"cardtable: the clock is moved by {CLOCK_FILE} (for tests only)")
    config = uvicorn.Config(
        create_app(settings, reach),
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        log_config=None,
        access_log=False,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) or None,
        timeout_graceful_shutdown=int(settings.shutdown_grace) or 1,
    )
    server = uvicorn.Server(config)

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(0)

    # uvicorn handles SIGTERM itself while it serves (closing connections with 1012), then sends
    # the signal again to the handler it found: this one, so the process ends with status 0.
    signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    except SystemExit as e:
        return int(e.code or 0)
    except OSError as e:
        raise CardtableError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    if not server.started:
        raise CardtableError(f"cannot listen on {host}:{port} (is another server there?)")
    return 0


#: The largest WebSocket message read at all (web.md §5: up to 1 MiB, a longer one is over the
#: server's own message limit and gets ``rejected``; beyond this the connection closes with 1009).
WS_MAX_SIZE = 1 << 20


def check_public_url(url: str) -> str:
    """``--public-url``: an ``http`` or ``https`` URL with a host and no query, without a final ``/``."""
    from urllib.parse import urlsplit

    from cardtable.core import CardtableError

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise CardtableError(f"--public-url {url!r}: expected an address such as https://cards.example.org")
    return url.rstrip("/")


def welcome(reach: Reach) -> list[str]:
    """What the server prints when it starts: where to open it, where others join, a QR code of
    that address, and what listening on a network means."""
    lines = [f"cardtable: open {reach.local_url()} on this machine"]
    shared = reach.shared_urls()
    if reach.public_url:
        lines.append(f"cardtable: others join at {shared[0]} (the public address)")
    elif shared:
        lines.append(f"cardtable: others on the same network join at {' or '.join(shared)}")
    elif reach.everywhere:
        lines.append("cardtable: this machine has no network address now; others cannot join yet")
    else:
        lines.append("cardtable: listening on this machine only; others cannot join (use --host 0.0.0.0)")
    if shared:
        qr = qr_text(shared[0])
        if qr is not None:
            lines.append("cardtable: scan this with a phone to open the server there:")
            lines.append(qr.rstrip("\n"))
    if reach.everywhere and not reach.public_url:
        lines.append(
            "cardtable: anyone on this network can reach the server (on a café's or hotel's Wi-Fi "
            "too); tables are private, joined only by their invite link, unless made public. "
            "Use --host 127.0.0.1 to keep it to this machine."
        )
    return lines
