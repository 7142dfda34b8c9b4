"""The table screen: one match, laid out the way the players sit.

You sit at the bottom with your hand as cards; the others sit around the table (your partner
opposite in the four-handed games, two across the table in Sheepshead), each showing name and bot
level, cards held, what it has taken and its markers (dealer, bidder, picker, partner once public,
whose turn). The middle holds the trick, each card in front of the seat that played it, or Seep's
floor: loose cards and houses. A side panel holds the hand's status (auction, trump, call, match)
and the log of play.

Only legal actions can be chosen: from the list (keyboard), or by picking pieces with the mouse
or the keyboard, a card of your hand and then floor items, which light up while they can still be
part of a legal move with what is picked. The keyboard goes by rows, top to bottom as Tab goes:
the floor, your hand, the list of actions; Left and Right move along a row, Up and Down between
rows, Enter or space picks, ``c`` clears the picks. The keys that work where the keyboard is are
written on the list's border. Everything drawn comes from your seat's view; the end of a hand's
summary may use the outcome. The log tells the game as it goes (`cardtable.narrate`); bots' moves
come one at a time with a pause, and a finished trick stays a moment with its winner named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import DescendantFocus, Resize
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, ListItem, ListView, Static

from cardtable.core import CardtableError
from cardtable.render import (
    actor_of,
    has_floor,
    places,
    pretty_text,
    seat_infos,
    table_lines,
    trick_shown,
    with_match,
)
from cardtable.table import (
    Move,
    Table,
    hint_heading,
    hint_lines,
    house_rules,
    house_rules_line,
    match_words,
    pretty_action,
)
from cardtable.tui.picking import is_live, matching, tokens_of
from cardtable.tui.widgets import ActionList, CardChip, Floor, HouseBox, Pickable, Picked, SeatPanel, TrickArea
from cardtable.voice import number, signed

TOP_ROW = ("top-left", "top", "top-right")


class TableScreen(Screen[None]):
    """One match at the table."""

    #: The keys in the footer, short enough that all of them fit at 80 columns (the README's keys).
    BINDINGS: ClassVar[list[Any]] = [
        Binding("q", "quit_table", "Quit"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("y", "history", "History"),
        Binding("t", "last_trick", "Trick"),
        Binding("b", "scoreboard", "Score"),
        Binding("s", "save", "Save"),
        Binding("n", "next_hand", "Next"),
        Binding("c", "clear", "Clear"),
        Binding("r", "house_rules", "Rules", show=False),  # said in the header, with the rules
    ]

    #: The keys that work where the keyboard is, written on the list's border.
    KEYS_HAND = "←→ cards · ↑ floor · ↓ list · Enter pick · c clear"
    KEYS_HAND_NO_FLOOR = "←→ your cards · ↓ list · Enter pick · c clear"
    KEYS_FLOOR = "←→ floor · ↓ your hand · Enter pick · c clear"
    KEYS_LIST = "↑↓ choose · Enter play · ↑ at the top: your hand"

    DEFAULT_CSS = """
    #tablecol { width: 1fr; }
    #felt { grid-size: 3 2; grid-columns: 1fr 2fr 1fr; grid-rows: auto auto; height: auto; background: #0d3b1e; }
    #middle { height: auto; min-height: 4; padding: 0 1; }
    #you { height: auto; border: round $accent; padding: 0 1; }
    #you.-turn { border: heavy $accent; }
    #hand { height: auto; }
    #tablecol.-tall #hand CardChip { height: 3; width: 5; border: round #555555; }
    #tablecol.-tall #hand CardChip.-picked { border: heavy #b08800; }
    #you-taken { color: $text-muted; height: 1; }
    #message { height: auto; max-height: 8; color: $warning; }
    #actions { height: 1fr; min-height: 7; border: round $secondary; }
    #actions:focus { border: heavy $accent; }
    ListItem.match { background: $success 30%; }
    #actions > ListItem.-highlight { background: $accent 40%; text-style: bold; }
    #actions:focus > ListItem.-highlight { background: $accent; color: $text; text-style: bold reverse; }
    #side { width: 30%; max-width: 60; }
    TableScreen.-narrow #side { width: 24; }
    TableScreen.-narrow #hand CardChip { width: auto; padding: 0; }
    TableScreen.-short #you-taken { display: none; }
    TableScreen.-short SeatPanel { min-height: 3; }
    TableScreen.-short #you { padding: 0; }
    #status { height: auto; border: round $primary; padding: 0 1; }
    #log { border: round $panel; height: 1fr; }
    """

    def __init__(self, table: Table, pause: float = 0.0) -> None:
        super().__init__()
        self.table = table
        self.me = min(table.people)
        self.where = places(table.game.seats, self.me)
        self.picked: list[str] = []
        self.lines: list[str] = []
        #: Seconds between bots' moves (0: all at once); a finished trick stays twice as long.
        self.pause = pause
        #: Whether bots are playing one by one (the person waits: undo and next hand too).
        self.pacing = False
        #: After ``n``: the keyboard goes back to the hand once the bots are done.
        self.hand_focus_wanted = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="tablecol"):
                with Grid(id="felt", classes=self.table.game.name):
                    for place in TOP_ROW:
                        yield SeatPanel(place)
                    yield SeatPanel("left")
                    with Vertical(id="middle"):
                        yield Floor() if has_floor(self.table.game.name) else TrickArea()
                    yield SeatPanel("right")
                with Vertical(id="you"):
                    yield Horizontal(id="hand")
                    yield Static(id="you-taken")
                yield Static(id="message")
                yield ActionList(id="actions")
            with Vertical(id="side"):
                yield Static(id="status")
                yield VerticalScroll(Static(id="log_text"), id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"cardtable · {self.table.game.name}"
        self.sub_title = f"{house_rules_line(self.table.game.rules)} (r: every rule)"
        self._fit(self.app.size.width, self.app.size.height)
        self._keys_for(None)
        used = set(self.where.values())
        for panel in self.query(SeatPanel):
            panel.set_class(panel.place not in used, "-empty")
        for line in self.table.deal_lines():
            self._log(line)
        self._advance()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        # Where the keyboard is once the redraw is done: a redraw may pass focus on more than once.
        self.call_after_refresh(lambda: self._keys_for(self.focused))

    def _keys_for(self, widget: Widget | None) -> None:
        """Write on the list's border the keys that work where the keyboard is."""
        actions = self.query_one("#actions", ActionList)
        if isinstance(widget, Pickable) and widget.parent is not None and widget.parent.id == "hand":
            floor = has_floor(self.table.game.name)
            actions.border_title = self.KEYS_HAND if floor else self.KEYS_HAND_NO_FLOOR
        elif isinstance(widget, Pickable):
            actions.border_title = self.KEYS_FLOOR
        else:
            actions.border_title = self.KEYS_LIST

    def _fit(self, width: int, height: int) -> None:
        """Tall terminals get taller cards in the hand; short ones compact seats (one line each)
        so the actions keep five rows; narrow ones a slimmer side panel and closer cards, so a
        12-card Seep hand fits at 80 columns."""
        self.query_one("#tablecol").set_class(height >= 40 and width >= 110, "-tall")  # 12 tall cards fit
        self.set_class(height < 32, "-short")
        self.set_class(width < 100, "-narrow")

    # --- flow ---

    def _advance(self) -> None:
        """Let the bots play up to the person's turn or the hand's end: one at a time with a pause
        when pacing, else all at once."""
        if self.pause > 0:
            self._bot_step()
            return
        for move in self.table.run_bots():
            self._log_move(move)
        self._after_bots()

    def _bot_step(self) -> None:
        tricks = self._tricks_done()
        move = self.table.bot_move()
        if move is None:
            self.pacing = False
            self._after_bots()
            return
        self.pacing = True
        self._log_move(move)
        self.refresh_table()
        wait = self.pause * (2 if self._tricks_done() > tricks else 1)  # let a finished trick be seen
        self.set_timer(wait, self._bot_step)

    def _tricks_done(self) -> int:
        return len(self.table.view(self.me).to_json().get("tricks") or [])

    def _after_bots(self) -> None:
        result = self.table.outcome()
        if result is not None:
            lines = self.table.summary_lines()
            for line in lines:
                self._log(line)
            if result.result == "misdeal" and self.table.winner() is None:
                # Seep R8: nothing to decide, so one message and the deal goes on
                self._say(" ".join(lines))
                self._next_hand()
                return
            self.refresh_table()
            self.app.push_screen(SummaryScreen(lines, self.table.winner() is not None), self._summary_closed)
            return
        self.refresh_table()

    def _summary_closed(self, choice: str | None = None) -> None:
        if choice == "next" and self.table.outcome() is not None:
            self._next_hand()
        else:
            self._focus_actions()

    def _log_move(self, move: Move) -> None:
        if move.said:
            for line in move.said:
                self._log(line)
            return
        self._log(f"Seat {move.seat}: {pretty_action(self.table.seen_by(move, self.me))}")

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
        focused = self.focused
        if isinstance(focused, Pickable):  # the pieces are drawn anew: keep the keyboard on them
            self.call_after_refresh(self._focus_piece, focused.token)
        view = table.view(self.me).to_json()
        actor = actor_of(view) if table.outcome() is None else None
        legal = self._legal()
        self._status(view, actor)
        history = [(m.seat, table.seen_by(m, self.me)) for m in table.moves]
        for info in seat_infos(game, view, table.game.seats, history):
            if info.seat == self.me:
                you = self.query_one("#you", Vertical)
                you.set_class(actor == self.me, "-turn")
                you.border_title = f"{'▶ ' if actor == self.me else ''}You · seat {self.me}"
                you.border_subtitle = " · ".join(
                    [*info.markers, *([info.taken] if self.has_class("-short") and info.taken else [])]
                )
                self.query_one("#you-taken", Static).update(info.taken)
            else:
                panel = self.query_one(f"#seat-{self.where[info.seat]}", SeatPanel)
                panel.show(info, self._seat_name(info.seat), actor == info.seat, compact=self.has_class("-short"))
        self._draw_hand(view.get("hand") or [], legal)
        if has_floor(game):
            self._draw_floor(view, legal)
        else:
            self.query_one(TrickArea).show(trick_shown(game, view, table.game.seats), self.where)
        self._list_actions(legal)

    def _focus_actions(self) -> None:
        actions = self.query_one("#actions", ListView)
        if len(actions):
            actions.focus()

    def _focus_hand(self) -> None:
        chips = list(self.query("#hand CardChip"))
        if chips:
            chips[0].focus()
        else:
            self._focus_actions()

    def _status(self, view: dict[str, Any], actor: int | None) -> None:
        table = self.table
        if table.outcome() is not None:
            turn = "hand over (n: next hand)"
        elif actor is None:
            turn = "dealing"
        else:
            turn = "your turn" if actor in table.people else f"seat {actor} to act"
        head = Text(f"Hand {table.hand_number + 1} · {turn}", style="bold")
        if table.outcome() is not None:  # the score panel moves as soon as the hand ends
            view = with_match(table.game.name, view, table.game.match_json(table.state))
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
        if self.hand_focus_wanted and not self.pacing:
            self.hand_focus_wanted = False
            self.call_after_refresh(self._focus_hand)
        elif len(actions):
            actions.index = 0
            if not isinstance(self.focused, Pickable) and not self.pacing:
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
        self._focus_hand()  # the piece is gone (played): stay on the hand

    def _fits(self) -> str:
        exact = [a for a in matching(self._legal(), self.picked) if set(tokens_of(a)) == set(self.picked)]
        if not exact:
            return "Pick more, or choose from the list."
        return f"{pretty_action(exact[0])} fits: choose it in the list (Enter) to play it."

    def _refusal(self, token: str, hand: set[Any]) -> str:
        """Why ``token`` cannot be used now, in the engine's words where a move can be written,
        its cards with suit symbols as everywhere on the table."""
        return pretty_text(self._refusal_text(token, hand))

    def _refusal_text(self, token: str, hand: set[Any]) -> str:
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
            self._say(f"Refused: {pretty_text(str(e))}")
            return
        self.picked = []
        self._say("")
        self._log_move(move)
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
        lines = hint_lines(hints, self.table.game.format)
        heading = hint_heading(self.table.game)
        if not lines:
            self._say(f"No hints: {self.table.hint_source()} named no move.")
            return
        source = self.table.hint_source()
        self._say(f"Hints from {source}, best first; {heading}:\n" + "\n".join(lines))
        self._log(f"Hints from {source} ({heading}):")
        for line in lines:
            self._log("  " + line)

    def action_undo(self) -> None:
        if self.pacing:
            self._say("Wait for the bots to finish their moves.")
            return
        if self.table.undo():
            self._log("Taken back to your previous decision.")
            self._say("")  # what was said about the moves taken back (a trick, a hint) no longer holds
            self.picked = []
            self.refresh_table()
        else:
            self._say("Nothing of yours to take back in this hand.")

    def action_history(self) -> None:
        seen = [pretty_action(text) for text in self.table.public_history(self.me)]
        self._log("This hand: " + ("; ".join(seen) or "(nothing yet)"))

    def action_house_rules(self) -> None:
        """Every house rule in force, in the log and the message line (``*``: not the default)."""
        rules = house_rules(self.table.game.rules)
        text = ", ".join(f"{name} {value}{' *' if differs else ''}" for name, value, differs in rules)
        line = f"House rules of {self.table.game.name} (* not the default): {text}"
        self._say(line)
        self._log(line)

    def action_scoreboard(self) -> None:
        self.app.push_screen(ScoreboardScreen(self.table))

    def action_save(self, then_quit: bool = False, status: int = 0) -> None:
        """Ask for a file name and save the match there; a file that is there is replaced only
        when the person says so. ``then_quit``: leave once saved, with exit status ``status``."""

        def write(path: str) -> None:
            try:
                self.table.save(path, force=True)
            except (OSError, ValueError) as e:
                self._say(f"Could not save: {e}")
                return
            self._say(f"Saved {path}.")
            if then_quit:
                self.app.exit(return_code=status)

        def done(path: str | None) -> None:
            if not path:
                return
            if Path(path).exists():

                def confirmed(replace: bool | None) -> None:
                    if replace:
                        write(path)
                    else:
                        self._say(f"Not saved: {path} is kept.")

                self.app.push_screen(OverwriteScreen(path), confirmed)
                return
            write(path)

        self.app.push_screen(SaveScreen(), done)

    def action_last_trick(self) -> None:
        lines = self.table.last_trick_lines()
        self._say("\n".join(lines))
        for line in lines:
            self._log(line)

    def action_quit_table(self, status: int = 0) -> None:
        """Ask before leaving a match, and offer to save it first; leaving ends the run with exit
        status ``status`` (130 when the question came from Ctrl-C)."""

        def chosen(choice: str | None) -> None:
            if choice == "save":
                self.action_save(then_quit=True, status=status)
            elif choice == "quit":
                self.app.exit(return_code=status)

        self.app.push_screen(QuitScreen(), chosen)

    def action_next_hand(self) -> None:
        if self.table.outcome() is None:
            self._say("The hand is not over yet.")
            return
        self._next_hand()

    def _next_hand(self) -> None:
        if not self.table.next_hand():
            self._say("The match is over.")
            return
        self.picked = []
        for line in self.table.deal_lines():
            self._log(f"--- {line}")
        self.hand_focus_wanted = True
        self._advance()


class SummaryScreen(ModalScreen[str | None]):
    """The end of a hand: who scored what and why, in sentences; the button deals the next hand
    (Escape closes it to look at the table first, then ``n``)."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape", "dismiss(None)", "Close")]

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    #summary { width: 90%; max-width: 110; height: auto; max-height: 100%; border: thick $primary; padding: 0 1;
               background: $surface; }
    #summary-text { height: auto; max-height: 14; }
    #summary Button { margin: 0; }
    """

    def __init__(self, lines: list[str], match_over: bool) -> None:
        super().__init__()
        self.lines = lines
        self.match_over = match_over

    def compose(self) -> ComposeResult:
        with Vertical(id="summary"):
            yield VerticalScroll(Static("\n".join(self.lines)), id="summary-text")
            if self.match_over:
                yield Label("The match is over. (Esc: back to the table, b: scoreboard)")
                yield Button("OK", id="ok")
            else:
                yield Label("Esc: back to the table first (then n for the next hand).")
                yield Button("Next hand", id="ok", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None if self.match_over else "next")


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
                cells = [f"{signed(p)} → {number(r)}" for p, r in zip(line.points, line.running, strict=True)]
            else:
                match = match_words(line.match)
                cells = [*(signed(p) for p in line.points), match]
            grid.add_row(str(line.hand), line.result, *cells)
        if not board:
            grid.add_row("-", "no hand finished yet", *([""] * (len(grid.columns) - 2)))

    def rows(self) -> list[list[str]]:
        """The rows as shown, for a reader of the screen (and the tests)."""
        grid = self.query_one("#scores", DataTable)
        return [[str(c) for c in grid.get_row_at(i)] for i in range(grid.row_count)]


class QuitScreen(ModalScreen[str | None]):
    """Leave the match? Save it first, quit, or keep playing."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape", "dismiss(None)", "Keep playing")]

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    #quit { width: auto; max-width: 70; height: auto; border: thick $warning; padding: 0 1; background: $surface; }
    #quit Horizontal { height: auto; width: auto; }
    #quit Button { margin: 0 1 0 0; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="quit"):
            yield Label("Leave the match? What is not saved is lost.")
            with Horizontal():
                yield Button("Save, then quit", id="save", variant="primary")
                yield Button("Quit", id="quit-now", variant="error")
                yield Button("Keep playing", id="stay")

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"save": "save", "quit-now": "quit"}.get(event.button.id or ""))


class SaveScreen(ModalScreen[str | None]):
    """Ask for a file name to save the match as a record (Escape: do not save)."""

    BINDINGS: ClassVar[list[Any]] = [Binding("escape", "dismiss(None)", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save the match as a record (.json); Enter saves, Esc cancels:")
            yield Input(value="match.json", id="path")

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class OverwriteScreen(ModalScreen[bool]):
    """A file of that name is there: replace it (``y``) or keep it (``n``, Escape)?"""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("y", "dismiss(True)", "Replace it"),
        Binding("n,escape", "dismiss(False)", "Keep it"),
    ]

    DEFAULT_CSS = """
    OverwriteScreen { align: center middle; }
    #overwrite { width: auto; max-width: 76; height: auto; border: thick $warning; padding: 0 1; background: $surface; }
    #overwrite Horizontal { height: auto; width: auto; }
    #overwrite Button { margin: 0 1 0 0; }
    """

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="overwrite"):
            yield Label(f"{self.path} is there already. Replace it? (y/n)")
            with Horizontal():
                yield Button("Replace it (y)", id="replace", variant="error")
                yield Button("Keep it (n)", id="keep", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "replace")
