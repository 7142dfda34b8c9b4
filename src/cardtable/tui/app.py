"""The terminal table: a Textual app to play any of the three games against bots, and a viewer
that steps through records.

The table screen shows what a player at a real table sees: your hand as cards, the public state
of the hand (the trick, the floor and its houses, the auction, trump, the picker and partner once
known), whose turn it is and the match score. Only legal actions can be chosen. Picking a card of
your hand, then items of the table (loose cards, houses ``H11``), narrows the list of legal
actions to those that use them, so a Seep capture or build is chosen by the card and then the
floor items, with the choices that remain highlighted.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Input, Label, ListItem, ListView, Select, Static

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.cards import cards_of, format_card, parse_card
from cardtable.core import BadNotation, CardtableError
from cardtable.record import Record, load_game, read_records, replay
from cardtable.render import pretty_card, table_lines
from cardtable.table import Table, pretty_action

BOT_CHOICES = ("random", "rule", "search:easy", "search:medium", "search:hard")
RED = {"D", "H"}


def card_text(card: str, selected: bool = False) -> Text:
    """A card as rich text: suit symbol, red for diamonds and hearts."""
    style = "bold red" if card[-1] in RED else "bold"
    if selected:
        style += " reverse"
    return Text(pretty_card(card), style=style)


def tokens_of(action: str) -> list[str]:
    """The items an action names: its cards and houses (``H11``), upper case."""
    out = []
    for token in re.split(r"[ +]", action.upper()):
        if re.fullmatch(r"H\d+", token):
            out.append(token)
            continue
        try:
            parse_card(token)
        except BadNotation:
            continue
        out.append(format_card(parse_card(token)))
    return out


def _bot_available(game: Any, name: str) -> bool:
    try:
        make_bot(game, name)
    except CardtableError:
        return False
    return True


class TableScreen(Screen[None]):
    """One match at the table."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("h", "hint", "Hints"),
        Binding("u", "undo", "Undo"),
        Binding("y", "history", "History"),
        Binding("s", "save", "Save"),
        Binding("n", "next_hand", "Next hand"),
        Binding("c", "clear", "Clear picks"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    #info { height: auto; max-height: 14; border: round $primary; padding: 0 1; }
    #hand, #items { height: auto; }
    #hand Button, #items Button { min-width: 6; margin: 0 1 0 0; }
    #actions { height: 1fr; border: round $secondary; }
    #side { width: 44; }
    #log { border: round $panel; height: 1fr; }
    #message { height: auto; color: $warning; }
    ListItem.match { background: $success 30%; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.picked: list[str] = []
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical():
                yield Static(id="status")
                yield Static(id="info")
                yield Label("Your hand (pick a card, then table items):")
                yield Horizontal(id="hand")
                yield Label("Table items:")
                yield Horizontal(id="items")
                yield Static(id="message")
                yield ListView(id="actions")
            with Vertical(id="side"):
                yield VerticalScroll(Static(id="log_text"), id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"cardtable · {self.table.game.name}"
        self._advance()

    # --- flow ---

    def _advance(self) -> None:
        for move in self.table.run_bots():
            self._log(f"seat {move.seat} ({self.table.players[move.seat]}): {pretty_action(move.text)}")
        if self.table.outcome() is not None:
            for line in self.table.summary_lines():
                self._log(line)
            self.app.push_screen(SummaryScreen(self.table.summary_lines(), self.table.winner() is not None))
        self.refresh_table()

    def _log(self, line: str) -> None:
        self.lines.append(line)
        self.query_one("#log_text", Static).update("\n".join(self.lines[-400:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def _say(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    def refresh_table(self) -> None:
        table = self.table
        seat = min(table.people)
        view = table.view(seat).to_json()
        actor = table.actor()
        match = json.dumps(table.game.match_json(table.state))
        turn = "hand over" if actor is None else ("your turn" if actor in table.people else f"seat {actor}")
        self.query_one("#status", Static).update(
            f"Hand {table.hand_number + 1} · dealer seat {table.game.dealer(table.state)} · "
            f"you are seat {seat} · {turn} · match {match}"
        )
        info = table_lines(table.game.name, view)
        self.query_one("#info", Static).update("\n".join(info))
        legal = table.legal_texts() if actor in table.people else []
        hand_cards = [format_card(c) for c in cards_of(table.game.card_places(table.state)[f"hand {seat}"])]
        items = sorted({t for a in legal for t in tokens_of(a)} - set(hand_cards))
        hand_box = self.query_one("#hand", Horizontal)
        hand_box.remove_children()
        hand_box.mount_all(Button(card_text(c, c in self.picked), name=c, classes=f"card card-{c}") for c in hand_cards)
        item_box = self.query_one("#items", Horizontal)
        item_box.remove_children()
        item_box.mount_all(
            Button(card_text(t, t in self.picked) if not t.startswith("H") else t, name=t, classes=f"item item-{t}")
            for t in items
        )
        matching = [a for a in legal if all(p in tokens_of(a) for p in self.picked)]
        actions = self.query_one("#actions", ListView)
        actions.clear()
        for text in matching:
            actions.append(ListItem(Label(pretty_action(text)), name=text, classes="match" if self.picked else ""))
        if matching:
            actions.index = 0
            actions.focus()

    # --- input ---

    @on(Button.Pressed)
    def pick(self, event: Button.Pressed) -> None:
        token = event.button.name
        if token is None or not (event.button.has_class("card") or event.button.has_class("item")):
            return
        if token in self.picked:
            self.picked.remove(token)
        else:
            self.picked.append(token)
        legal = self.table.legal_texts()
        matching = [a for a in legal if all(p in tokens_of(a) for p in self.picked)]
        if not matching:
            self._say(f"No legal action uses {' '.join(self.picked)}; picks cleared.")
            self.picked = []
        elif len(matching) == 1 and len(self.picked) > 1:
            self._say(f"Only {pretty_action(matching[0])} fits: press Enter to play it.")
        self.refresh_table()

    @on(ListView.Selected, "#actions")
    def choose(self, event: ListView.Selected) -> None:
        text = event.item.name
        if text:
            self.act(text)

    def act(self, text: str) -> None:
        """Play an action in record notation for the person to act."""
        try:
            move = self.table.play(text)
        except CardtableError as e:
            self._say(f"Refused: {e}")
            return
        self.picked = []
        self._say("")
        self._log(f"seat {move.seat} (you): {pretty_action(move.text)}")
        self._advance()

    def action_clear(self) -> None:
        self.picked = []
        self.refresh_table()

    def action_hint(self) -> None:
        if not self.table.person_to_act():
            self._say("Hints are for your turn.")
            return
        try:
            hints = self.table.hints()
        except CardtableError as e:
            self._say(f"No hints: {e}")
            return
        lines = [f"{pretty_action(self.table.game.format(h.action))}: {h.value:+.2f} ± {h.stderr:.2f}" for h in hints]
        self._log("Hints (points per hand, search:medium):")
        for line in lines:
            self._log("  " + line)

    def action_undo(self) -> None:
        if self.table.undo():
            self._log("Taken back to your previous decision.")
            self.picked = []
            self.refresh_table()
        else:
            self._say("Nothing of yours to take back in this hand.")

    def action_history(self) -> None:
        self._log("This hand: " + ("; ".join(self.table.history()) or "(nothing yet)"))

    def action_save(self) -> None:
        def done(path: str | None) -> None:
            if path:
                try:
                    self.table.save(path)
                except (OSError, ValueError) as e:
                    self._say(f"Could not save: {e}")
                else:
                    self._say(f"Saved {path}.")

        self.app.push_screen(SaveScreen(), done)

    def action_next_hand(self) -> None:
        if self.table.outcome() is None:
            self._say("The hand is not over yet.")
            return
        if not self.table.next_hand():
            self._say("The match is over.")
            return
        self._log(f"--- hand {self.table.hand_number + 1}")
        self._advance()


class SummaryScreen(ModalScreen[None]):
    """The end of a hand: who scored what and why."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape,enter,space", "dismiss", "Close")]

    def __init__(self, lines: list[str], match_over: bool) -> None:
        super().__init__()
        self.lines = lines
        self.match_over = match_over

    def compose(self) -> ComposeResult:
        with Vertical(id="summary"):
            yield Static("\n".join(self.lines))
            hint = "The match is over." if self.match_over else "Press Enter, then n for the next hand."
            yield Label(hint)
            yield Button("OK", id="ok")

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)


class SaveScreen(ModalScreen[str | None]):
    """Ask for a file name to save the match as a record."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save the match as a record (.json):")
            yield Input(value="match.json", id="path")

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class MenuScreen(Screen[None]):
    """Choose the game, a preset or house-rule options, your seat and the bots; then start."""

    DEFAULT_CSS = """
    MenuScreen VerticalScroll { padding: 1 2; }
    .row { height: auto; }
    .row Label { width: 34; padding: 1 0; }
    .row Select, .row Input { width: 40; }
    """

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game or "sheepshead"

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="form"):
            yield self._row("Game", Select([(g, g) for g in registry.names()], value=self.game, id="game"))
            yield VerticalScroll(id="rules_form")
            yield Static(id="menu_message")
            yield Button("Start", id="start", variant="primary")
        yield Footer()

    @staticmethod
    def _row(label: str, widget: Any) -> Horizontal:
        return Horizontal(Label(label), widget, classes="row")

    def on_mount(self) -> None:
        self.title = "cardtable"
        self._build_rules()

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game:
            self.game = event.value
            self._build_rules()

    def _build_rules(self) -> None:
        box = self.query_one("#rules_form", VerticalScroll)
        box.remove_children()
        game = registry.get_game(self.game)
        bots = [b for b in BOT_CHOICES if _bot_available(game, b)]
        rows = [
            self._row(
                "Preset",
                Select([(p, p) for p in sorted(registry.presets(self.game))], value="standard", id="preset"),
            ),
            self._row("Your seat", Select([(str(s), s) for s in range(game.seats)], value=0, id="seat")),
            self._row("Bots", Select([(b, b) for b in bots], value=bots[-1 if len(bots) < 3 else 1], id="bots")),
        ]
        for f in dataclasses.fields(game.rules):
            choices = f.metadata.get("choices")
            if choices:
                options = [(json.dumps(c), json.dumps(c)) for c in choices]
                widget: Any = Select(options, value=json.dumps(f.default), id=f"opt-{f.name}")
            else:
                widget = Input(value=json.dumps(f.default), id=f"opt-{f.name}")
            rows.append(self._row(f.name, widget))
        box.mount_all(rows)

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        try:
            table = self.make_table()
        except (CardtableError, json.JSONDecodeError) as e:
            self.query_one("#menu_message", Static).update(f"Cannot start: {e}")
            return
        self.app.push_screen(TableScreen(table))

    @on(Select.Changed, "#preset")
    def preset_changed(self, event: Select.Changed) -> None:
        """Show the chosen preset's house rules in the option fields, which may then be changed."""
        if not isinstance(event.value, str):
            return
        rules = registry.get_game(self.game, event.value).rules
        for f in dataclasses.fields(rules):
            widget = self.query_one(f"#opt-{f.name}")
            if isinstance(widget, Select | Input):
                widget.value = json.dumps(getattr(rules, f.name))

    def make_table(self) -> Table:
        """The table the form describes: the option fields hold every house rule (a preset fills
        them in), so they alone say which rules are played."""
        rules = registry.get_game(self.game).rules
        options = {f.name: json.loads(str(self._value(f"opt-{f.name}"))) for f in dataclasses.fields(rules)}
        game = registry.get_game(self.game, **options)
        seat = int(self._value("seat"))
        bot = str(self._value("bots"))
        return Table(game, [seat], {s: bot for s in range(game.seats) if s != seat})

    def _value(self, ident: str) -> Any:
        widget = self.query_one(f"#{ident}")
        if isinstance(widget, Select | Input):
            return widget.value
        raise CardtableError(f"no field {ident}")


class ViewerScreen(Screen[None]):
    """Step through a record, forwards and back, showing each seat's hand."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("right,l", "step(1)", "Forward"),
        Binding("left,j", "step(-1)", "Back"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record
        self.game = load_game(record)
        self.steps = list(replay(record, self.game))
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="viewer")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"cardtable view · {self.record.game}"
        self.show()

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.steps)
        self.show()

    def show(self) -> None:
        step = self.steps[self.index]
        game, state = self.game, step.state
        hand = self.record.hands[step.hand]
        lines = [f"Hand {step.hand} · step {self.index + 1} of {len(self.steps)} · dealer {game.dealer(state)}"]
        if step.action is not None:
            lines.append(f"Last action: {pretty_action(hand.actions[step.action])}")
        nxt = step.action + 1 if step.action is not None else 0
        if nxt < len(hand.actions):
            lines.append(f"Next: {pretty_action(hand.actions[nxt])}")
        lines.append("")
        places = game.card_places(state)
        for seat in range(game.seats):
            cards = " ".join(pretty_card(format_card(c)) for c in cards_of(places.get(f"hand {seat}", 0)))
            name = self.record.players[seat] if self.record.players else ""
            lines.append(f"seat {seat} {name}: {cards}")
        for place, cards_mask in places.items():
            if not place.startswith("hand "):
                lines.append(f"{place}: {' '.join(pretty_card(format_card(c)) for c in cards_of(cards_mask))}")
        result = game.outcome(state)
        if result is not None:
            lines.append(f"Result: {result.result}, score {list(result.score)}")
        self.query_one("#viewer", Static).update("\n".join(lines))


class CardtableApp(App[None]):
    """The terminal table (or, given a record, the viewer)."""

    def __init__(self, table: Table | None = None, game: str | None = None, record: Record | None = None) -> None:
        super().__init__()
        self.table = table
        self.game_name = game
        self.viewed = record

    def on_mount(self) -> None:
        if self.viewed is not None:
            self.push_screen(ViewerScreen(self.viewed))
        elif self.table is not None:
            self.push_screen(TableScreen(self.table))
        else:
            self.push_screen(MenuScreen(self.game_name))


def run_app(args: Any) -> int:
    """Run the table for ``cardtable play`` arguments."""
    from cardtable.cli import make_table

    table = None
    if args.game is not None:
        table = make_table(args.game, args.preset, args.rule, args.seat, args.bots, args.seed)
    CardtableApp(table=table).run()
    return 0


def run_viewer(path: str | Path) -> int:
    """Run the record viewer for ``cardtable view FILE`` (the first record of the file)."""
    records = read_records(path)
    record = records[0]
    for _ in replay(record, load_game(record)):
        pass  # a record that does not replay is refused before the screen opens
    CardtableApp(record=record).run()
    return 0
