"""The server's e-mail: sign-in links and the word that a turn-based table waits for a player.

The operator names one SMTP server (``--smtp`` / ``CARDTABLE_SMTP``: ``smtp://[USER:PASSWORD@]HOST[:PORT]``,
``?starttls=1`` to upgrade the connection, or ``smtps://`` for TLS from the start); with none, no
e-mail is sent and the rooms that would send one say so. Sending blocks on the network, so a caller
on the event loop runs `Mailer.send` in a worker thread; a message is plain text (no HTML to go
wrong in a mail reader), and its body is whatever the caller wrote: the callers never put a hidden
card in one (docs/web.md).
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr
from urllib.parse import parse_qs, unquote, urlsplit

#: The longest e-mail address kept (RFC 5321's path limit).
MAX_ADDRESS = 254
#: Seconds to wait on the SMTP server before giving up on a message.
TIMEOUT = 20.0


class MailError(Exception):
    """A message that could not be sent, in one line."""


def check_address(text: object) -> str:
    """``text`` as an e-mail address (trimmed; the domain in lower case), or `ValueError` in one
    line. Only the shape is checked (one ``@``, a dot in the domain, no spaces or controls): the
    sign-in link sent there is the real check."""
    if not isinstance(text, str):
        raise ValueError("address: expected an e-mail address such as ana@example.org")
    address = text.strip()
    if not address or len(address) > MAX_ADDRESS:
        raise ValueError(f"address: expected an e-mail address of at most {MAX_ADDRESS} characters")
    local, at, domain = address.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain.strip(".")
        or any(ch.isspace() or not ch.isprintable() or ch in '<>,;"()[]\\' for ch in address)
        or parseaddr(address)[1] != address
    ):
        raise ValueError("address: expected an e-mail address such as ana@example.org")
    return f"{local}@{domain.lower()}"


@dataclass(frozen=True)
class Smtp:
    """Where mail goes: a host and port, TLS from the start or by STARTTLS, and a login."""

    host: str
    port: int
    tls: bool = False
    starttls: bool = False
    user: str | None = None
    password: str | None = None


def parse_smtp(url: str) -> Smtp:
    """An ``smtp://`` or ``smtps://`` URL as `Smtp`, or `ValueError` in one line."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("expected smtp://[USER:PASSWORD@]HOST[:PORT] or smtps://...")
    try:
        port = parts.port
    except ValueError:
        raise ValueError("the port is not a number from 1 to 65535") from None
    query = parse_qs(parts.query)
    starttls = query.get("starttls", ["0"])[-1] in ("1", "true", "yes")
    tls = parts.scheme == "smtps"
    return Smtp(
        host=parts.hostname,
        port=port or (465 if tls else 25),
        tls=tls,
        starttls=starttls and not tls,
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


def smtp_error(url: str | None) -> str | None:
    """Why ``url`` is not an SMTP server's address, or ``None`` (none given is fine)."""
    if url is None:
        return None
    try:
        parse_smtp(url)
    except ValueError as e:
        return str(e)
    return None


class Mailer:
    """Sends plain-text messages through the operator's SMTP server (blocking: call it in a
    worker thread). ``enabled`` is false when no server is configured; `send` then refuses."""

    def __init__(self, url: str | None, sender: str) -> None:
        self.smtp = parse_smtp(url) if url else None
        self.sender = sender

    @property
    def enabled(self) -> bool:
        return self.smtp is not None

    def message(self, to: str, subject: str, text: str, headers: dict[str, str] | None = None) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2].strip(">") or "localhost")
        msg.set_content(text)
        for k, v in (headers or {}).items():  # after the content, which would drop a Content-Language
            msg[k] = v
        return msg

    def send(self, to: str, subject: str, text: str, headers: dict[str, str] | None = None) -> None:
        """Send one message, or raise `MailError` saying in one line why not."""
        if self.smtp is None:
            raise MailError("this server sends no e-mail (no --smtp)")
        s = self.smtp
        msg = self.message(to, subject, text, headers)
        try:
            client: smtplib.SMTP
            if s.tls:
                client = smtplib.SMTP_SSL(s.host, s.port, timeout=TIMEOUT, context=ssl.create_default_context())
            else:
                client = smtplib.SMTP(s.host, s.port, timeout=TIMEOUT)
            with client:
                if s.starttls:
                    client.starttls(context=ssl.create_default_context())
                if s.user is not None:
                    client.login(s.user, s.password or "")
                client.send_message(msg)
        except (OSError, smtplib.SMTPException) as e:
            raise MailError(f"cannot send e-mail through {s.host}:{s.port}: {e}") from None
