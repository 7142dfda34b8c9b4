"""The one refusal every room of the server raises: an HTTP status (or a live connection's reason)
and one line saying why; the application turns it into ``{"error": ...}`` or a ``rejected`` message
(web.md §1, §2)."""

from __future__ import annotations

import math


class Refused(Exception):
    """A command the table refuses: an HTTP status (or a protocol reason) and one line."""

    def __init__(self, status: int, message: str, reason: str = "", retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message
        #: For ``429``: the whole seconds to wait, as the ``Retry-After`` header says them.
        self.retry_after = max(1, math.ceil(retry_after)) if retry_after > 0 else 0
