"""The server's outer guard, before any route runs (web.md §5): the ``Host`` check, ``415`` for a
``POST`` that is not JSON, ``413`` for a body over its limit (counted as it arrives, so a large
body is never held whole), the security headers on every answer (its own refusals included), and
a JSON one-liner instead of any bare ``500``.

``Cross-Origin-Opener-Policy`` goes only to a page whose origin a browser trusts (``https``, or
``localhost`` and the loopback addresses): on plain ``http`` at a network address, the way a phone
on the same Wi-Fi opens the server, a browser ignores the header and says so as an error in the
page's console, which is noise for anyone looking there and protects nothing.

It is plain ASGI middleware, so it sees WebSocket handshakes too: a handshake whose ``Host`` does
not name this server is refused before it is accepted (the browser sees HTTP 403).
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from cardtable.strict import one_line
from cardtable.web.database import outage
from cardtable.web.network import Reach

log = logging.getLogger("cardtable.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The longest an error's one line may be.
MAX_ERROR = 300

#: Every page and answer: scripts and connections only to this server, no framing, no referrer
#: (the links carry tokens), no sniffing of types.
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
#: Keeps other sites' windows from holding a reference to ours; only for a trustworthy origin.
OPENER_POLICY = (b"cross-origin-opener-policy", b"same-origin")


def trustworthy(scheme: str, host_header: str | None) -> bool:
    """Whether a browser treats the page's origin as potentially trustworthy (a secure context):
    ``https``, or a host that is ``localhost`` (or under it) or a loopback address."""
    if scheme in ("https", "wss"):
        return True
    if not host_header:
        return False
    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def security_headers(scope: Scope, host_header: str | None) -> list[tuple[bytes, bytes]]:
    """The headers every answer to ``scope`` carries (`SECURITY_HEADERS`, and `OPENER_POLICY`
    where the origin is trustworthy)."""
    if trustworthy(str(scope.get("scheme", "http")), host_header):
        return [*SECURITY_HEADERS, OPENER_POLICY]
    return SECURITY_HEADERS


def error_body(message: str) -> bytes:
    """``{"error": "<one line>"}``, the line at most `MAX_ERROR` characters."""
    return json.dumps({"error": one_line(message, MAX_ERROR)}).encode("utf-8")


class TooLarge(Exception):
    pass


class Guard:
    """Wraps the application: see the module's docstring. ``limit_of(path)`` is a path's body limit."""

    def __init__(self, app: ASGIApp, reach: Reach, limit_of: Callable[[str], int]) -> None:
        self.app = app
        self.reach = reach
        self.limit_of = limit_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        started = False
        extra = security_headers(scope, headers.get("host"))

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in extra if h[0] not in have)]
            await send(message)

        if not self.reach.host_ok(headers.get("host")):
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 4400, "reason": "unknown host"})
                return
            await _answer(send_with_headers, 400, "the Host header does not name this server")
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        if scope["method"] == "POST":
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                await _answer(
                    send_with_headers, 415, "a POST body must be JSON, sent as Content-Type: application/json"
                )
                return
            limit = self.limit_of(scope["path"])
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or len(length) > 12 or int(length) > limit):
                await _answer(send_with_headers, 413, f"the body is over {limit} bytes")
                return
            receive = _counted(receive, limit)
        try:
            await self.app(scope, receive, send_with_headers)
        except TooLarge:
            if not started:
                await _answer(send_with_headers, 413, f"the body is over {self.limit_of(scope['path'])} bytes")
        except Exception as e:
            trouble = outage(e)  # the database down, or a table moving: one line, and try again
            if trouble is not None:
                log.warning("a request failed: %s %s: %s", scope["method"], scope["path"], trouble)
                if not started:
                    await _answer(send_with_headers, 503, "the server is busy; try again in a moment", retry_after=2)
                return
            log.exception("a request failed: %s %s", scope["method"], scope["path"])
            if not started:
                await _answer(send_with_headers, 500, f"internal error: please report ({type(e).__name__})")


def _counted(receive: Receive, limit: int) -> Receive:
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise TooLarge
        return message

    return wrapped


async def _answer(send: Send, status: int, message: str, retry_after: int = 0) -> None:
    body = error_body(message)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
