"""The record viewer: step through a record, forwards and back, seeing every hand.

Each step shows what just happened in the game's words (`cardtable.narrate`, as a spectator hears
it), the action to come, every seat's hand, and the table as its players see it: Seep's loose cards
and houses (value, sets, owners, cemented), the trick with the seat of each card, the bid, the
picker, the call and the partner once known. The hidden places (the stock, the blind, the bury)
are listed too: a record holds every card. A file of several records (``.jsonl``) is viewed one
record after another (Page Down and Page Up, or ``]`` and ``[``); the first line says which of
how many.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from cardtable.cards import cards_of, format_card
from cardtable.narrate import narrate_deal, narrate_hand_end, narrate_step, public_seat
from cardtable.record import Record, load_game, replay
from cardtable.render import pretty_card, shown_places, table_lines, with_match
from cardtable.table import pretty_action


class ViewerScreen(Screen[None]):
    """Step through a record, forwards and back, seeing every hand."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("right,l", "step(1)", "Forward"),
        Binding("left,j", "step(-1)", "Back"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("pagedown,right_square_bracket", "record(1)", "Next record"),
        Binding("pageup,left_square_bracket", "record(-1)", "Previous record"),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, record: Record, records: list[Record] | None = None) -> None:
        super().__init__()
        #: Every record of the file (one for a ``.json`` file) and which one is shown.
        self.records = records or [record]
        self.which = self.records.index(record) if record in self.records else 0
        self._load(self.records[self.which])

    def _load(self, record: Record) -> None:
        self.record = record
        self.game = load_game(record)
        self.steps = list(replay(record, self.game))
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield VerticalScroll(Static(id="viewer"))
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def action_record(self, delta: int) -> None:
        """On to the next (or back to the previous) record of the file."""
        which = max(0, min(len(self.records) - 1, self.which + delta))
        if which != self.which:
            self.which = which
            self._load(self.records[which])
        self.show()

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.steps)
        self.show()

    def lines(self) -> list[str]:
        """What the viewer shows at the current step, as lines of text."""
        step = self.steps[self.index]
        game, state = self.game, step.state
        hand = self.record.hands[step.hand]
        total = len(self.record.hands)
        lines = [f"Hand {step.hand + 1} of {total} · step {self.index + 1} of {len(self.steps)}"]
        if len(self.records) > 1:
            lines[0] = f"Record {self.which + 1} of {len(self.records)} (PgDn/PgUp: next/previous) · " + lines[0]
        if step.action is None:
            lines += narrate_deal(game, state, None, step.hand + 1)
        else:
            before = self.steps[self.index - 1].state
            text = hand.actions[step.action]
            action = game.parse(text.strip().partition(" ")[2])
            lines += narrate_step(game, before, action, state, None)
        if game.outcome(state) is not None:
            lines += narrate_hand_end(game, state, None)
        nxt = step.action + 1 if step.action is not None else 0
        if nxt < len(hand.actions):
            seat, _, action_text = hand.actions[nxt].partition(" ")
            lines.append(f"Next: Seat {seat}: {pretty_action(action_text)}")
        lines.append("")
        places = game.card_places(state)
        for who in range(game.seats):
            cards = " ".join(pretty_card(format_card(c)) for c in cards_of(places.get(f"hand {who}", 0)))
            name = f" ({self.record.players[who]})" if self.record.players else ""
            lines.append(f"Seat {who}{name}: {cards or '-'}")
        lines.append("")
        if game.actor(state) is not None or game.outcome(state) is not None:
            view = game.observe(state, public_seat(game, state)).to_json()
            view["seat"] = None  # the table as everyone sees it, nobody's "you"
            if game.outcome(state) is not None:  # the match as the hand's end left it, as narrated above
                view = with_match(game.name, view, game.match_json(state))
            lines += table_lines(game.name, view)
        shown = shown_places(game.name)
        for place, mask in places.items():
            if not place.startswith("hand ") and place not in shown and mask:
                lines.append(f"{place.capitalize()}: {' '.join(pretty_card(format_card(c)) for c in cards_of(mask))}")
        return lines

    def show(self) -> None:
        many = f" · record {self.which + 1} of {len(self.records)}" if len(self.records) > 1 else ""
        self.title = f"cardtable view · {self.record.game}{many}"
        self.query_one("#viewer", Static).update("\n".join(self.lines()))
