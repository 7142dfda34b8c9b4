"""The terminal table: a Textual app to play any of the three games against bots, and a viewer
that steps through records.

The app opens the menu (no game given), the table (`tui.table_screen`) or the record viewer
(`tui.viewer`). The screens are split by role: `menu`, `table_screen` (with the end-of-hand
summary and the scoreboard), `viewer`; the pieces of the table are in `widgets`, and choosing an
action by its pieces in `picking`.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from cardtable.record import Record, load_game, read_records, replay
from cardtable.table import Table
from cardtable.tui.menu import MenuScreen
from cardtable.tui.table_screen import SaveScreen, ScoreboardScreen, SummaryScreen, TableScreen
from cardtable.tui.viewer import ViewerScreen

__all__ = [
    "CardtableApp",
    "MenuScreen",
    "SaveScreen",
    "ScoreboardScreen",
    "SummaryScreen",
    "TableScreen",
    "ViewerScreen",
    "run_app",
    "run_viewer",
]


class CardtableApp(App[None]):
    """The terminal table (or, given a record, the viewer)."""

    def __init__(
        self,
        table: Table | None = None,
        game: str | None = None,
        record: Record | None = None,
        pause: float = 0.0,
    ) -> None:
        super().__init__()
        self.table = table
        self.game_name = game
        self.viewed = record
        #: Seconds between bots' moves (a finished trick stays twice as long); 0 plays them at once.
        self.pause = pause

    def on_mount(self) -> None:
        if self.viewed is not None:
            self.push_screen(ViewerScreen(self.viewed))
        elif self.table is not None:
            self.push_screen(TableScreen(self.table, pause=self.pause))
        else:
            self.push_screen(MenuScreen(self.game_name, pause=self.pause))


def run_app(table: Table | None, pause: float = 0.6) -> int:
    """Run the terminal table: at ``table``, or the menu when there is none yet."""
    CardtableApp(table=table, pause=pause).run()
    return 0


def run_viewer(path: str | Path) -> int:
    """Run the record viewer for ``cardtable view FILE`` (the first record of the file)."""
    records = read_records(path)
    record = records[0]
    for _ in replay(record, load_game(record)):
        pass  # a record that does not replay is refused before the screen opens
    CardtableApp(record=record).run()
    return 0
