"""The server's log: one line per event, each naming its table (``table=ID``, ``-`` for none).

The table comes from a context variable that a table's worker task and each live connection set,
so every line logged while serving a table names it without each call saying so. ``text`` lines
are for people reading a terminal or journald; ``json`` lines (one object each) for log
collectors. Request lines are not logged: page links carry tokens.
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
import time

#: The table being served in this task (``-``: none).
TABLE: contextvars.ContextVar[str] = contextvars.ContextVar("table", default="-")


class TableFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "table"):
            record.table = TABLE.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "table": getattr(record, "table", "-"),
            "message": record.getMessage(),
        }
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def setup(form: str = "text", level: int = logging.INFO) -> None:
    """Send the server's and uvicorn's logs to standard error, one line per event, in ``form``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(TableFilter())
    if form == "json":
        handler.setFormatter(JsonFormatter())
    else:
        fmt = logging.Formatter("%(asctime)s %(levelname)s table=%(table)s %(message)s", "%Y-%m-%dT%H:%M:%S")
        fmt.converter = time.gmtime
        handler.setFormatter(fmt)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    logging.getLogger("uvicorn.access").disabled = True
    # uvicorn's line per WebSocket opened and closed says nothing the server's own lines do not
    logging.getLogger("uvicorn.error").setLevel(logging.WARNING)


def failed(log: logging.Logger, what: str, exc: BaseException) -> None:
    """Log that ``what`` failed with ``exc``: one line when the world is at fault (`outage`), the
    traceback when it is a bug."""
    from cardtable.web.database import outage

    line = outage(exc)
    if line is not None:
        log.warning("%s: %s", what, line)
    else:
        log.error("%s", what, exc_info=(type(exc), exc, exc.__traceback__))


class Trouble:
    """A failure that may go on for a while (the database down, a lost connection): said once
    when it begins, in one line (or with its traceback when it is a bug, `failed`), and once when
    it is over, rather than on every retry."""

    def __init__(self, log: logging.Logger, what: str) -> None:
        self.log, self.what = log, what
        self.on = False

    def failed(self, exc: BaseException, detail: str = "") -> None:
        if not self.on:
            self.on = True
            failed(self.log, f"{self.what}{detail}", exc)

    def ok(self) -> None:
        if self.on:
            self.on = False
            self.log.warning("%s: works again", self.what)
