"""What the server reads from a request: the client's address and a JSON body read strictly.
Apart from the application (`cardtable.web.app`) so that the routers it installs (pages, hints,
operations) use them without importing the application back.

The strict reader (`cardtable.strict.loads`) looks at every character in Python: a body of a few
kilobytes takes it a millisecond, one of 64 KiB of small numbers or objects about fifteen. So a
body up to `INLINE_BODY` bytes is read on the event loop, and a larger one (up to the door's
limit, `cardtable.web.app.MAX_BODY`) in the server's worker process (`cardtable.web.workers`),
behind a fair share of places per address (`BODIES_AT_ONCE`).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request, WebSocket

from cardtable.i18n import N_, language_of_header, named_language
from cardtable.strict import BadJson, loads
from cardtable.web.errors import Refused
from cardtable.web.workers import CallFailed, admission_of, pool_of

#: The largest JSON body read on the event loop (about a millisecond of the strict reader at most).
INLINE_BODY = 4096
#: Larger bodies being read at once: in all, and for one address.
BODIES_AT_ONCE = (8, 2)


def client_address(request: Request | WebSocket) -> str:
    """The client's address (the proxy's forwarded one when the proxy is trusted, see `serve`)."""
    return request.client.host if request.client else "?"


def asked_language(request: Request, body: dict[str, Any]) -> str | None:
    """The language a request asks in, among `cardtable.i18n.LANGUAGES`: the page's own (the
    body's ``"lang"``, the language the page is read in), else the browser's ``Accept-Language``;
    ``None`` when neither names one of ours. A wish only: anything else in them is left unread."""
    return named_language(body.get("lang")) or language_of_header(request.headers.get("accept-language"))


def read_body(raw: bytes) -> tuple[bool, Any]:
    """``raw`` read as a JSON object: ``(True, the object)`` or ``(False, why not in one line)``
    (on the event loop for a small body, in a worker for a larger one)."""
    try:
        body = loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return False, "the body is not UTF-8 text"
    except BadJson as e:
        return False, f"the body is not JSON of the expected form: {e}"
    if not isinstance(body, dict):
        return False, "the body must be a JSON object"
    return True, body


async def body_of(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object, read strictly (bounded depth and numbers), or ``400``;
    a body over `INLINE_BODY` bytes is read in a worker (``429``/``503`` when the address holds its
    share of the places, or all are taken)."""
    raw = await request.body()
    if len(raw) <= INLINE_BODY:
        ok, body = read_body(raw)
    else:
        places = admission_of(request.app, "bodies", *BODIES_AT_ONCE, N_("large bodies sent"))
        with places.held(client_address(request)):
            try:
                ok, body = await pool_of(request.app).call(read_body, raw)
            except CallFailed:
                raise Refused(503, "the server is busy; try again in a few seconds", retry_after=5) from None
    if not ok:
        raise Refused(400, body)
    assert isinstance(body, dict)
    return body
