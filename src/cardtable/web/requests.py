"""What the server reads from a request: the client's address and a JSON body read strictly.
Apart from the application (`cardtable.web.app`) so that the routers it installs (pages, hints,
operations) use them without importing the application back.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request, WebSocket

from cardtable.strict import BadJson, loads
from cardtable.web.errors import Refused


def client_address(request: Request | WebSocket) -> str:
    """The client's address (the proxy's forwarded one when the proxy is trusted, see `serve`)."""
    return request.client.host if request.client else "?"


async def body_of(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object, read strictly (bounded depth and numbers), or ``400``."""
    raw = await request.body()
    try:
        body = loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused(400, "the body is not UTF-8 text") from None
    except BadJson as e:
        raise Refused(400, f"the body is not JSON of the expected form: {e}") from None
    if not isinstance(body, dict):
        raise Refused(400, "the body must be a JSON object")
    return body
