"""The menu: choose the game, a preset or house-rule options, your seat and the bots; then start.

The first screen holds the common choices (game, preset, your seat, the bots) and Start, which is
four Tabs from the game, or Ctrl-S from anywhere: an 80 × 24 terminal shows them all. Below come
the rest, for who wants them: a bot for each seat, and every house rule with its meaning (from the
game's option table) on a line of its own under it, its values in words (yes, no, none, "same
dealer"). A value that is not allowed is refused naming its field, and your own seat is not
offered a bot. ``q`` and Escape quit.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.core import CardtableError
from cardtable.table import Table
from cardtable.tui.table_screen import TableScreen

BOT_CHOICES = ("random", "rule", "search:easy", "search:medium", "search:hard")
SAME = "same"  # a seat's bot field left to the Bots field


def value_words(value: Any) -> str:
    """An option's value in words: ``yes``, ``no``, ``none``, ``same dealer``, ``2``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


def read_value(name: str, text: str) -> Any:
    """A typed option value: a number, ``none`` (or nothing), ``yes``/``no``; else refused naming
    the field."""
    word = text.strip().lower()
    if word in ("", "none", "null"):
        return None
    if word in ("yes", "true"):
        return True
    if word in ("no", "false"):
        return False
    try:
        return json.loads(word)
    except json.JSONDecodeError:
        raise CardtableError(f"{name.replace('_', ' ')}: {text.strip()!r} is not a number, yes, no or none") from None


def _bot_available(game: Any, name: str) -> bool:
    try:
        make_bot(game, name)
    except CardtableError:
        return False
    return True


class MenuScreen(Screen[None]):
    """Choose the game, a preset or house-rule options, your seat and the bots; then start."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    MenuScreen VerticalScroll { padding: 0 1; }
    #common, #rules_form { height: auto; }
    .row { height: auto; }
    .row Label { width: 24; padding: 1 0; }
    .row Select, .row Input { width: 34; }
    .rule { height: auto; }
    .rule .doc { width: 1fr; padding: 0 0 1 2; color: $text-muted; height: auto; }
    .row.-hidden { display: none; }
    #start_row { height: auto; }
    #start_row Static { width: 1fr; padding: 1 2; color: $text-muted; }
    #more { padding: 1 0 0 0; text-style: bold; }
    #menu_message { color: $error; height: auto; }
    """

    def __init__(self, game: str | None = None, pause: float = 0.0) -> None:
        super().__init__()
        self.game = game or registry.DEFAULT_GAME
        self.pause = pause

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="form"):
            yield self._row("Game", Select([(g, g) for g in registry.names()], value=self.game, id="game"))
            yield Vertical(id="common")
            yield Static(id="menu_message")
            with Horizontal(id="start_row"):
                yield Button("Start", id="start", variant="primary")
                yield Static("Ctrl-S starts from anywhere; more choices below.")
            yield Static("New to a game? 'cardtable learn GAME' teaches it in a few steps.", id="learn_hint")
            yield Static("More choices: a bot for each seat, and the house rules (the preset fills them in)", id="more")
            yield Vertical(id="rules_form")
        yield Footer()

    @staticmethod
    def _row(label: str, widget: Any, doc: str = "", ident: str | None = None) -> Widget:
        """A field: its label and widget on one line, its meaning (if any) on the lines below, as
        wide as the screen."""
        row = Horizontal(Label(label), widget, classes="row", id=None if doc else ident)
        if not doc:
            return row
        return Vertical(row, Static(doc, classes="doc"), classes="rule", id=ident)

    async def on_mount(self) -> None:
        self.title = "cardtable"
        await self._build_rules()
        self.query_one("#game", Select).focus()  # the keyboard starts on the first field

    @on(Select.Changed, "#game")
    async def game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game:
            self.game = event.value
            await self._build_rules()

    async def _build_rules(self) -> None:
        """The fields of the chosen game (the old ones are gone before the new ones come: same ids)."""
        common = self.query_one("#common", Vertical)
        box = self.query_one("#rules_form", Vertical)
        await common.remove_children()
        await box.remove_children()
        game = registry.get_game(self.game)
        bots = [b for b in BOT_CHOICES if _bot_available(game, b)]
        await common.mount_all(
            [
                self._row(
                    "Preset",
                    Select([(p, p) for p in sorted(registry.presets(self.game))], value="standard", id="preset"),
                ),
                self._row("Your seat", Select([(str(s), s) for s in range(game.seats)], value=0, id="seat")),
                self._row("Bots", Select([(b, b) for b in bots], value=bots[-1 if len(bots) < 3 else 1], id="bots")),
            ]
        )
        rows: list[Widget] = []
        for seat in range(game.seats):  # a level per bot, if wanted; your own seat has none
            levels = [("as Bots above", SAME), *((b, b) for b in bots)]
            row = self._row(
                f"Bot at seat {seat}",
                Select(levels, value=SAME, id=f"bot-{seat}", classes="-bot"),
                ident=f"botrow-{seat}",
            )
            row.set_class(seat == 0, "-hidden")
            rows.append(row)
        for f in dataclasses.fields(game.rules):
            choices = f.metadata.get("choices")
            if choices:
                options = [(value_words(c), json.dumps(c)) for c in choices]
                widget: Any = Select(options, value=json.dumps(f.default), id=f"opt-{f.name}", allow_blank=False)
            else:
                widget = Input(value=value_words(f.default), id=f"opt-{f.name}")
            doc = f.metadata.get("doc", "").replace("null", "none")  # values are said in words here
            rule = f.metadata.get("rule", "")
            rows.append(self._row(f.name.replace("_", " "), widget, f"{doc} ({rule})" if rule else doc))
        await box.mount_all(rows)

    @on(Select.Changed, "#seat")
    def seat_changed(self, event: Select.Changed) -> None:
        """Your own seat is not offered a bot."""
        for row in self.query(".row"):
            if row.id and row.id.startswith("botrow-"):
                row.set_class(row.id == f"botrow-{event.value}", "-hidden")

    def action_start(self) -> None:
        """Ctrl-S: start, from wherever the keyboard is."""
        self.start()

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        try:
            table = self.make_table()
        except CardtableError as e:
            self.query_one("#menu_message", Static).update(f"Cannot start: {e}")
            return
        self.app.push_screen(TableScreen(table, pause=self.pause))

    @on(Select.Changed, "#preset")
    def preset_changed(self, event: Select.Changed) -> None:
        """Show the chosen preset's house rules in the option fields, which may then be changed."""
        if not isinstance(event.value, str):
            return
        rules = registry.get_game(self.game, event.value).rules
        for f in dataclasses.fields(rules):
            widget = self.query_one(f"#opt-{f.name}")
            if isinstance(widget, Select):
                widget.value = json.dumps(getattr(rules, f.name))
            elif isinstance(widget, Input):
                widget.value = value_words(getattr(rules, f.name))

    def make_table(self) -> Table:
        """The table the form describes: the option fields hold every house rule (a preset fills
        them in), so they alone say which rules are played."""
        rules = registry.get_game(self.game).rules
        options = {}
        for f in dataclasses.fields(rules):
            widget = self.query_one(f"#opt-{f.name}")
            text = str(self._value(f"opt-{f.name}"))
            options[f.name] = json.loads(text) if isinstance(widget, Select) else read_value(f.name, text)
        game = registry.get_game(self.game, **options)
        seat = int(self._value("seat"))
        bot = str(self._value("bots"))
        levels = {s: str(self._value(f"bot-{s}")) for s in range(game.seats) if s != seat}
        return Table(game, [seat], {s: bot if level == SAME else level for s, level in levels.items()})

    def _value(self, ident: str) -> Any:
        widget = self.query_one(f"#{ident}")
        if isinstance(widget, Select | Input):
            return widget.value
        raise CardtableError(f"no field {ident}")
