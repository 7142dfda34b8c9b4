"""The table screen: one match, laid out the way the players sit.

You sit at the bottom with your hand as cards; the others sit around the table (your partner
opposite in the four-handed games, two across the table in Sheepshead), each showing name and bot
level, cards held, what it has taken and its markers (dealer, bidder, picker, partner once public,
whose turn). The middle holds the trick, each card in front of the seat that played it, or Seep's
floor: loose cards and houses. A side panel holds the hand's status (auction, trump, call, match)
and the log of play.

Only legal actions can be chosen: from the list (keyboard), or by picking pieces with the mouse
or the keyboard, a card of your hand and then floor items, which light up while they can still be
part of a legal move with what is picked. Everything drawn comes from your seat's view; the end of
a hand's summary may use the outcome.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, ListItem, ListView, Static

from cardtable.core import CardtableError
from cardtable.render import actor_of, places, seat_infos, table_lines, trick_shown
from cardtable.table import Table, pretty_action
from cardtable.tui.picking import is_live, matching, tokens_of
from cardtable.tui.widgets import CardChip, Floor, HouseBox, Pickable, Picked, SeatPanel, TrickArea

TOP_ROW = ("top-left", "top", "top-right")


class TableScreen(Screen[None]):
    """One match at the table."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("h", "hint", "Hints"),
        Binding("u", "undo", "Undo"),
        Binding("y", "history", "History"),
        Binding("b", "scoreboard", "Scoreboard"),
        Binding("s", "save", "Save"),
        Binding("n", "next_hand", "Next hand"),
        Binding("c", "clear", "Clear picks"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    #tablecol { width: 1fr; }
    #felt { grid-size: 3 2; grid-columns: 1fr 2fr 1fr; grid-rows: auto auto; height: auto; background: #0d3b1e; }
    #middle { height: auto; min-height: 4; padding: 0 1; }
    #you { height: auto; border: round $accent; padding: 0 1; }
    #you.-turn { border: heavy $accent; }
    #hand { height: auto; }
    #tablecol.-tall #hand CardChip { height: 3; width: 6; border: round #555555; }
    #tablecol.-tall #hand CardChip.-picked { border: heavy #b08800; }
    #you-taken { color: $text-muted; height: 1; }
    #message { height: auto; color: $warning; }
    #actions { height: 1fr; min-height: 3; border: round $secondary; }
    ListItem.match { background: $success 30%; }
    #side { width: 30%; max-width: 60; }
    #status { height: auto; border: round $primary; padding: 0 1; }
    #log { border: round $panel; height: 1fr; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.me = min(table.people)
        self.where = places(table.game.seats, self.me)
        self.picked: list[str] = []
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="tablecol"):
                with Grid(id="felt", classes=self.table.game.name):
                    for place in TOP_ROW:
                        yield SeatPanel(place)
                    yield SeatPanel("left")
                    with Vertical(id="middle"):
                        yield Floor() if self.table.game.name == "seep" else TrickArea()
                    yield SeatPanel("right")
                with Vertical(id="you"):
                    yield Horizontal(id="hand")
                    yield Static(id="you-taken")
                yield Static(id="message")
                yield ListView(id="actions")
            with Vertical(id="side"):
                yield Static(id="status")
                yield VerticalScroll(Static(id="log_text"), id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"cardtable · {self.table.game.name}"
        self.query_one("#tablecol").set_class(self.app.size.height >= 40, "-tall")
        used = set(self.where.values())
        for panel in self.query(SeatPanel):
            panel.set_class(panel.place not in used, "-empty")
        self._advance()

    def on_resize(self, event: Resize) -> None:
        """Tall terminals get taller cards in the hand."""
        self.query_one("#tablecol").set_class(event.size.height >= 40, "-tall")

    # --- flow ---

    def _advance(self) -> None:
        moves = self.table.run_bots()
        for move in moves:
            text = pretty_action(self.table.seen_by(move, self.me))
            self._log(f"seat {move.seat} ({self.table.players[move.seat]}): {text}")
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

    def _legal(self) -> list[str]:
        return self.table.legal_texts() if self.table.person_to_act() else []

    def _seat_name(self, seat: int) -> str:
        return "you" if seat in self.table.people else self.table.players[seat]

    def refresh_table(self) -> None:
        """Redraw everything from the view of your seat."""
        table, game = self.table, self.table.game.name
        view = table.view(self.me).to_json()
        actor = actor_of(view) if table.outcome() is None else None
        legal = self._legal()
        self._status(view, actor)
        for info in seat_infos(game, view, table.game.seats):
            if info.seat == self.me:
                you = self.query_one("#you", Vertical)
                you.set_class(actor == self.me, "-turn")
                you.border_title = f"{'▶ ' if actor == self.me else ''}You · seat {self.me}"
                you.border_subtitle = " · ".join(info.markers)
                self.query_one("#you-taken", Static).update(info.taken)
            else:
                panel = self.query_one(f"#seat-{self.where[info.seat]}", SeatPanel)
                panel.show(info, self._seat_name(info.seat), actor == info.seat)
        self._draw_hand(view.get("hand") or [], legal)
        if game == "seep":
            self._draw_floor(view, legal)
        else:
            self.query_one(TrickArea).show(trick_shown(game, view, table.game.seats), self.where)
        self._list_actions(legal)

    def _status(self, view: dict[str, Any], actor: int | None) -> None:
        table = self.table
        if table.outcome() is not None:
            turn = "hand over (n: next hand)"
        elif actor is None:
            turn = "dealing"
        else:
            turn = "your turn" if actor in table.people else f"seat {actor} to act"
        head = Text(f"Hand {table.hand_number + 1} · {turn}", style="bold")
        body = "\n".join(table_lines(table.game.name, view))
        self.query_one("#status", Static).update(Text("\n").join([head, Text(body)]))

    def _state_of(self, token: str, legal: list[str]) -> str:
        """How a piece is drawn: picked, live or dead (nothing when it is not your turn)."""
        if token in self.picked:
            return "-picked"
        if not legal:
            return ""
        return "-live" if is_live(legal, self.picked, token) else "-dead"

    def _draw_hand(self, hand: list[str | None], legal: list[str]) -> None:
        box = self.query_one("#hand", Horizontal)
        box.remove_children()
        box.mount_all(CardChip(c, classes=self._state_of(c, legal)) for c in hand if c is not None)

    def _draw_floor(self, view: dict[str, Any], legal: list[str]) -> None:
        floor = view.get("floor") or {}
        hidden = floor.get("hidden") or 0
        caption = f"Floor: {hidden} cards face down" if hidden else "Floor"
        if view.get("bid"):
            caption += f" · bid {view['bid']}"
        self.query_one("#floor-caption", Static).update(caption)
        picking = bool(self.picked) and bool(legal)
        loose = self.query_one("#loose", Widget)
        loose.remove_children()
        loose.mount_all(
            CardChip(c, classes="item " + (self._state_of(c, legal) if picking or c in self.picked else ""))
            for c in floor.get("loose") or []
        )
        houses = self.query_one("#houses", Widget)
        houses.remove_children()
        boxes = []
        for house in floor.get("houses") or []:
            token = f"H{house['value']}"
            owners = ", ".join("you" if o == self.me else f"seat {o}" for o in house["owners"])
            state = self._state_of(token, legal) if picking or token in self.picked else ""
            boxes.append(HouseBox(house, owners, classes=state))
        houses.mount_all(boxes)

    def _list_actions(self, legal: list[str]) -> None:
        actions = self.query_one("#actions", ListView)
        actions.clear()
        for text in matching(legal, self.picked):
            actions.append(ListItem(Label(pretty_action(text)), name=text, classes="match" if self.picked else ""))
        if self.table.outcome() is not None and self.table.winner() is None:
            actions.append(ListItem(Label("deal the next hand (n)"), classes="next-hand"))
        if len(actions):
            actions.index = 0
            actions.focus()

    # --- input ---

    @on(Picked)
    def pick(self, event: Picked) -> None:
        """A piece was picked: add it (or drop it if picked), or explain why it cannot be used."""
        token = event.token
        legal = self._legal()
        if not legal:
            self._say("It is not your turn.")
            return
        hand = set(self.table.view(self.me).to_json().get("hand") or [])
        if token in self.picked:
            self.picked.remove(token)
            self._say("")
        elif is_live(legal, self.picked, token):
            self.picked.append(token)
            self._say(self._fits())
        elif token in hand and is_live(legal, [], token):
            self.picked = [token]  # another card of the hand: start again from it
            self._say(self._fits())
        else:
            self._say(self._refusal(token, hand))
        self.refresh_table()
        if event.by_keyboard:  # keep the keyboard on the pieces, which were drawn anew
            self.call_after_refresh(self._focus_piece, token)

    def _focus_piece(self, token: str) -> None:
        for piece in self.query(Pickable):
            if piece.token == token:
                piece.focus()
                return

    def _fits(self) -> str:
        exact = [a for a in matching(self._legal(), self.picked) if set(tokens_of(a)) == set(self.picked)]
        if not exact:
            return "Pick more, or choose from the list."
        return f"{pretty_action(exact[0])} fits: choose it in the list (Enter) to play it."

    def _refusal(self, token: str, hand: set[Any]) -> str:
        """Why ``token`` cannot be used now, in the engine's words where a move can be written."""
        picked = " ".join(self.picked)
        if token in hand:
            return f"No legal action uses {token} now."
        card = next((p for p in self.picked if p in hand), None)
        if card is None:
            return f"No legal action uses {token}; pick a card of your hand first."
        items = [p for p in self.picked if p != card] + [token]
        houses = [i for i in items if i.startswith("H")]
        loose = "+".join(i for i in items if not i.startswith("H"))
        why = self.table.why_not(" ".join(["capture", card, *houses, *([loose] if loose else [])]))
        return f"{token} cannot go with {picked}: {why}" if why else f"{token} cannot go with {picked}."

    @on(ListView.Selected, "#actions")
    def choose(self, event: ListView.Selected) -> None:
        if event.item.has_class("next-hand"):
            self.action_next_hand()
        elif event.item.name:
            self.act(event.item.name)

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
        self._say("")
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
        self._log("This hand: " + ("; ".join(self.table.public_history(self.me)) or "(nothing yet)"))

    def action_scoreboard(self) -> None:
        self.app.push_screen(ScoreboardScreen(self.table))

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
        self.picked = []
        self._log(f"--- hand {self.table.hand_number + 1}")
        self._advance()


class SummaryScreen(ModalScreen[None]):
    """The end of a hand: who scored what and why."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape,enter,space", "dismiss", "Close")]

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    #summary { width: 90%; max-width: 110; height: auto; max-height: 90%; border: thick $primary; padding: 0 1;
               background: $surface; }
    """

    def __init__(self, lines: list[str], match_over: bool) -> None:
        super().__init__()
        self.lines = lines
        self.match_over = match_over

    def compose(self) -> ComposeResult:
        with Vertical(id="summary"):
            yield Static("\n".join(self.lines))
            hint = "The match is over." if self.match_over else "Press Enter, then n for the next hand (b: scoreboard)."
            yield Label(hint)
            yield Button("OK", id="ok")

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)


class ScoreboardScreen(ModalScreen[None]):
    """Every finished hand of the match: each side's points and the running match score."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape,enter,space,b", "dismiss", "Close")]

    DEFAULT_CSS = """
    ScoreboardScreen { align: center middle; }
    #board { width: auto; max-width: 95%; height: auto; max-height: 90%; border: thick $primary; padding: 0 1;
             background: $surface; }
    #board DataTable { height: auto; max-height: 30; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(id="board"):
            yield Label(Text("Scoreboard", style="bold"))
            yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
            yield Label("Each side's points in the hand → its match score after it. Esc to close.")

    def on_mount(self) -> None:
        grid = self.query_one("#scores", DataTable)
        board = self.table.scoreboard()
        running = all(line.running is not None for line in board)
        grid.add_columns("hand", "result", *self.table.side_names(), *([] if running else ["match"]))
        for line in board:
            if running and line.running is not None:
                cells = [f"{p:+d} → {r}" for p, r in zip(line.points, line.running, strict=True)]
            else:
                match = ", ".join(f"{k.replace('_', ' ')} {json.dumps(v)}" for k, v in line.match.items())
                cells = [*(f"{p:+d}" for p in line.points), match]
            grid.add_row(str(line.hand), line.result, *cells)
        if not board:
            grid.add_row("-", "no hand finished yet", *([""] * (len(grid.columns) - 2)))

    def rows(self) -> list[list[str]]:
        """The rows as shown, for a reader of the screen (and the tests)."""
        grid = self.query_one("#scores", DataTable)
        return [[str(c) for c in grid.get_row_at(i)] for i in range(grid.row_count)]


class SaveScreen(ModalScreen[str | None]):
    """Ask for a file name to save the match as a record."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save the match as a record (.json):")
            yield Input(value="match.json", id="path")

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)
