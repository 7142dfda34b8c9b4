"""The record viewer: step through a record, forwards and back, showing each seat's hand."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from cardtable.cards import cards_of, format_card
from cardtable.record import Record, load_game, replay
from cardtable.render import pretty_card
from cardtable.table import pretty_action


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
