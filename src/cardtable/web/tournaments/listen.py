"""The tournaments room listening to the tables (`cardtable.web.tables.hooks`).

- **Results as the hands end.** A table of a tournament's round announces each hand it finishes;
  its result is stored at once (each hand once, whatever is announced again after a restart), and
  the round ends when every one of its tables has stored its hands. So the standings and the
  hands each table has finished are read from the store, by any process of a cluster, and
  reading a tournament never asks for a table (in a cluster that would move the table to the
  process that reads, and disconnect its players).
- **Duplicate boards held back.** While a duplicate round is played, a table's record of a board
  (and a review of it) is refused until every table of the round has finished that board: a
  table done with it must not show the deal to one still playing it.

Both run in worker threads, as the hooks are called.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from cardtable import registry
from cardtable.web.tables.hooks import Ended
from cardtable.web.tables.hub import Hub
from cardtable.web.tournaments.store import ResultRow, TournamentStore

#: How many tables' origins are remembered (a table's origin never changes once it is made).
REMEMBER = 4096


class Listener:
    """What the tournaments room does for the tables of ``store``'s database."""

    def __init__(self, store: TournamentStore) -> None:
        self.store = store
        self.origins: OrderedDict[str, dict[str, Any] | None] = OrderedDict()

    def origin(self, table_id: str) -> dict[str, Any] | None:
        """The tournament, round and table number of a live table (``None``: not a tournament's)."""
        if table_id in self.origins:
            self.origins.move_to_end(table_id)
            return self.origins[table_id]
        found = self.store.origin(table_id)
        if found is not None and not isinstance(found.get("tournament"), str):
            found = None
        self.origins[table_id] = found
        while len(self.origins) > REMEMBER:
            self.origins.popitem(last=False)
        return found

    def hands_ended(self, ended: Ended) -> None:
        """Store the results of a tournament table's hands; end its round when it is complete."""
        origin = self.origin(ended.table_id)
        if origin is None:
            return
        t = self.store.get(origin["tournament"])
        if t is None:
            return
        game = ended.game
        entry = registry.entry(t.game)
        rows = []
        for hand in ended.hands:
            number = hand.dealt + 1
            if hand.dealt < 0 or number > t.hands:
                continue
            written = entry.entry_of(game, hand.result)
            score = entry.points(game, written)
            rows.append(ResultRow(origin["round"], origin["table"], number, score, written, "played"))
        if rows:
            self.store.add_results(t.id, rows, True)
        self.store.end_if_complete(t.id, origin["round"], t.hands, origin["round"] >= t.rounds)

    def record_held(self, table_id: str, match: int) -> str | None:
        """Why a table's record of a match is held back: a duplicate board (each board a match of
        its own) still being played at another table of the round."""
        origin = self.origin(table_id)
        if origin is None:
            return None
        t = self.store.get(origin["tournament"])
        if t is None or not t.duplicate:
            return None
        status, tables, done = self.store.board_tables(t.id, origin["round"], match + 1)
        if status == "over" or done >= tables:
            return None
        return (
            f"board {match + 1} of round {origin['round']} is still being played at another table; "
            "its record is shown once every table has finished it"
        )


def attach(hub: Hub) -> Listener:
    """Install the tournaments room's listeners on ``hub``'s tables (before they are rebuilt)."""
    listener = Listener(TournamentStore(hub.store.engine))
    hub.hooks.hands_ended.append(listener.hands_ended)
    hub.hooks.record_held = listener.record_held
    return listener
