"""Check what a seat or a spectator received against the cards it may not see at that moment.

The tests and ``bench/web_secrecy.py`` replay a finished match's record to the state of each
version and pass every snapshot and event a client got to `leaks`, which scans it with
`cardtable.secrecy` against the recipient's unseen cards at that version. Two parts are left out:
the table's summary (its id and people's names are free text, not cards) and the log's earlier
hands, whose actions name the cards of their own deals, public when they were played.
"""

from __future__ import annotations

from typing import Any

from cardtable import secrecy


def leaks(game: Any, state: Any, seat: int | None, msg: dict[str, Any]) -> list[str]:
    """The hidden cards a snapshot or event names for ``seat`` (``None``: a spectator) in ``state``."""
    shown = {k: v for k, v in msg.items() if k not in ("table", "commitment")}
    log = shown.get("log")
    if isinstance(log, list):
        last_deal = max((i for i, a in enumerate(log) if a == "deal"), default=-1)
        shown["log"] = log[last_deal + 1 :]
    return secrecy.leaks(game, state, seat, shown)
