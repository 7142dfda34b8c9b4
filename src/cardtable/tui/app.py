"""The terminal table: a Textual app to play any of the three games against bots, and a viewer
that steps through records.

The app opens the menu (no game given), the table (`tui.table_screen`) or the record viewer
(`tui.viewer`). The screens are split by role: `menu`, `table_screen` (with the end-of-hand
summary and the scoreboard), `viewer`; the pieces of the table are in `widgets`, and choosing an
action by its pieces in `picking`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding

from cardtable.record import Record, load_game, read_records, replay
from cardtable.table import Table
from cardtable.tui.menu import MenuScreen
from cardtable.tui.table_screen import (
    OverwriteScreen,
    QuitScreen,
    SaveScreen,
    ScoreboardScreen,
    SummaryScreen,
    TableScreen,
)
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


#: The exit status of a run ended by Ctrl-C, as everywhere on the command line.
INTERRUPTED = 130


class CardtableApp(App[None]):
    """The terminal table (or, given records, the viewer).

    Ctrl-Q does what ``q`` does where it is pressed: at a table it asks before leaving (and offers
    to save), anywhere else (the menu, the viewer) it quits. Ctrl-C does the same, except that the
    run then ends with status 130 (`INTERRUPTED`), as Ctrl-C ends every command, and that a
    second Ctrl-C while the table's question is open leaves at once.
    """

    ENABLE_COMMAND_PALETTE = False  # its footer entry crowded out the table's keys at 80 columns

    BINDINGS: ClassVar[list[Any]] = [
        Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True),
        Binding("ctrl+q", "ask_quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        table: Table | None = None,
        game: str | None = None,
        record: Record | None = None,
        pause: float = 0.0,
        records: list[Record] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.game_name = game
        #: The records to view (``record`` alone is a list of one).
        self.viewed = records if records else [record] if record is not None else None
        #: Seconds between bots' moves (a finished trick stays twice as long); 0 plays them at once.
        self.pause = pause

    def on_mount(self) -> None:
        if self.viewed is not None:
            self.push_screen(ViewerScreen(self.viewed[0], records=self.viewed))
        elif self.table is not None:
            self.push_screen(TableScreen(self.table, pause=self.pause))
        else:
            self.push_screen(MenuScreen(self.game_name, pause=self.pause))

    def action_ask_quit(self) -> None:
        """Ctrl-Q: at a table, its quit question (once: not again while it is asked);
        elsewhere, quit."""
        if isinstance(self.screen, QuitScreen | OverwriteScreen | SaveScreen):
            return  # a question is open: it is answered first
        tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        if tables:
            tables[-1].action_quit_table()
        else:
            self.exit()

    def action_interrupt(self) -> None:
        """Ctrl-C: at a table, its quit question, after which leaving ends the run with status
        130; while a question of the table is open, or anywhere else, leave now with status 130."""
        tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        if tables and not isinstance(self.screen, QuitScreen | OverwriteScreen | SaveScreen):
            tables[-1].action_quit_table(status=INTERRUPTED)
        else:
            self.exit(return_code=INTERRUPTED)


def run_app(table: Table | None, pause: float = 0.6) -> int:
    """Run the terminal table: at ``table``, or the menu when there is none yet. The exit status:
    0, or 130 when the run was ended by Ctrl-C."""
    app = CardtableApp(table=table, pause=pause)
    app.run()
    return app.return_code or 0


def run_viewer(path: str | Path) -> int:
    """Run the record viewer for ``cardtable view FILE``: every record of the file, one after
    another (the title says which of how many). The exit status: 0, or 130 after Ctrl-C."""
    records = read_records(path)
    for record in records:
        for _ in replay(record, load_game(record)):
            pass  # a record that does not replay is refused before the screen opens
    app = CardtableApp(records=records)
    app.run()
    return app.return_code or 0
