"""The pieces of the table: cards, seats, the trick in the middle and Seep's houses.

Cards are small face-up chips (rank and suit symbol, red for hearts and diamonds) or backs. A card
of your hand and an item of the floor (a loose card or a house) can be picked with the mouse or the
keyboard; picking posts a `Picked` message that the table screen turns into a narrower choice of
legal actions. How an item is drawn says where it stands: ``-live`` (it can still be part of a
legal move with what is picked), ``-picked``, or ``-dead`` (no legal move uses it now).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.events import Click, Resize
from textual.message import Message
from textual.widget import Widget
from textual.widgets import ListView, Static

from cardtable.render import SeatInfo, TrickShown, pretty_card

RED = {"D", "H"}
BACK = "▒"


def card_text(card: str | None, selected: bool = False) -> Text:
    """A card as rich text: suit symbol, red for diamonds and hearts; ``None`` is a face-down card."""
    if card is None:
        return Text(BACK * 3, style="blue")
    style = "bold red" if card[-1] in RED else "bold"
    if selected:
        style += " reverse"
    return Text(pretty_card(card), style=style)


class Picked(Message):
    """A card of the hand or an item of the floor was picked (``token``: ``10D`` or ``H11``)."""

    def __init__(self, token: str, by_keyboard: bool = False) -> None:
        super().__init__()
        self.token = token
        self.by_keyboard = by_keyboard


#: The rows the keyboard moves between, top to bottom (the order Tab goes too): the floor's loose
#: cards and houses, your hand, then the list of actions.
ROWS = ("floor", "hand", "actions")


def row_of(widget: Widget) -> str:
    """The keyboard row of a piece: ``hand`` for a card of your hand, else ``floor``."""
    return "hand" if widget.parent is not None and widget.parent.id == "hand" else "floor"


class Pickable(Static):
    """Something on the table that can be picked by a click, or by Enter/space when focused.

    Left and Right move along its row (your hand, or the floor: loose cards then houses), Up and
    Down to the row above or below (`ROWS`)."""

    BINDINGS: ClassVar[list[Any]] = [
        Binding("enter,space", "pick", "Pick", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("left", "move(-1)", "Previous", show=False),
        Binding("down", "row(1)", "Row below", show=False),
        Binding("up", "row(-1)", "Row above", show=False),
    ]
    can_focus = True

    def __init__(self, content: Any, token: str, classes: str = "") -> None:
        super().__init__(content, name=token, classes=classes)

    @property
    def token(self) -> str:
        return self.name or ""

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(Picked(self.token))

    def action_pick(self) -> None:
        self.post_message(Picked(self.token, by_keyboard=True))

    def action_move(self, step: int) -> None:
        """Left and Right: on to the previous or next piece of the same row (it stops at the ends)."""
        row = [p for p in self.screen.query(Pickable) if row_of(p) == row_of(self)]
        i = row.index(self) + step if self in row else -1
        if 0 <= i < len(row):
            row[i].focus()

    def action_row(self, step: int) -> None:
        """Up and Down: to the row above or below (an empty row is passed over)."""
        focus_row(self.screen, ROWS.index(row_of(self)) + step, step)


def focus_row(screen: Any, index: int, step: int) -> None:
    """Focus the first piece of row ``index`` of `ROWS`, or the next row on in the ``step``
    direction that has one; nothing when there is none."""
    while 0 <= index < len(ROWS):
        if ROWS[index] == "actions":
            for actions in screen.query("#actions"):
                if len(actions.children):
                    actions.focus()
                    return
        else:
            pieces = [p for p in screen.query(Pickable) if row_of(p) == ROWS[index]]
            if pieces:
                pieces[0].focus()
                return
        index += step


class ActionList(ListView):
    """The list of legal actions: Up and Down choose, Enter plays; Up at the top goes back to
    the row above (your hand, or the floor)."""

    def action_cursor_up(self) -> None:
        if not self.index:
            focus_row(self.screen, ROWS.index("actions") - 1, -1)
            return
        super().action_cursor_up()


class CardChip(Pickable):
    """A face-up card that may be picked: a card of your hand or a loose card of the floor."""

    DEFAULT_CSS = """
    CardChip { width: 4; height: 1; background: #f4f1e8; color: #111111; text-align: center; margin: 0 1 0 0; }
    CardChip.-red { color: #c01818; }
    CardChip.-dead { background: #8a8a80; }
    CardChip.-live { background: #b6f0a0; text-style: bold; }
    CardChip.-picked { background: #f2c200; text-style: bold underline; }
    CardChip:focus { text-style: bold reverse; }
    """

    def __init__(self, card: str, classes: str = "") -> None:
        red = " -red" if card[-1] in RED else ""
        super().__init__(pretty_card(card), card, classes=f"card card-{card}{red} {classes}".strip())


class HouseBox(Pickable):
    """A Seep house: its value, its sets, its owners and whether it is cemented (R17-R19)."""

    DEFAULT_CSS = """
    HouseBox { width: 1fr; height: auto; min-height: 3; border: round #d8c48a; padding: 0 1; margin: 0 1 0 0; }
    HouseBox.-cemented { border: double #f0d060; }
    HouseBox.-dead { border: round #707060; color: $text-muted; }
    HouseBox.-live { border: round #60e060; background: #204a20; }
    HouseBox.-picked { border: heavy #f2c200; background: #4a4010; }
    HouseBox:focus { text-style: bold; }
    """

    def __init__(self, house: dict[str, Any], owners: str, classes: str = "") -> None:
        sets = Text(" | ").join(Text(" ").join(card_text(c) for c in s) for s in house["sets"])
        cemented = len(house["sets"]) > 1
        token = f"H{house['value']}"
        super().__init__(sets, token, classes=f"item item-{token} {'-cemented' if cemented else ''} {classes}")
        self.border_title = f"H{house['value']}" + (" cemented" if cemented else "")
        self.border_subtitle = owners


class SeatPanel(Static):
    """One seat: name (bot level), cards held (as backs, with the count), what it has taken and
    markers for dealer, bidder, picker, partner once public and whose turn it is."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; min-height: 5; border: round $panel-lighten-2; padding: 0 1; }
    SeatPanel.-turn { border: heavy $accent; }
    SeatPanel.-empty { border: none; }
    """

    def __init__(self, place: str) -> None:
        super().__init__(id=f"seat-{place}", classes="seat")
        self.place = place
        self.info: SeatInfo | None = None
        self._shown: tuple[SeatInfo, str, bool, bool] | None = None

    def on_resize(self, event: Resize) -> None:
        """Drawn again at its new width: the markers go on the border only where they fit."""
        if self._shown is not None:
            self.show(*self._shown)

    def show(self, info: SeatInfo, name: str, turn: bool, compact: bool = False) -> None:
        """Draw ``info`` for the seat whose player is ``name`` (a bot: its level); ``turn`` marks
        the seat to act; ``compact`` puts it all on one line (a short terminal)."""
        self.info = info
        self._shown = (info, name, turn, compact)
        self.set_class(turn, "-turn")
        self.border_title = f"{'▶ ' if turn else ''}Seat {info.seat}"
        markers = " · ".join(info.markers)
        # Markers too long for the border (``bidder 13 · took last`` on a narrow panel) go inside.
        inside = not compact and self.size.width > 0 and len(markers) + 6 > self.size.width
        self.border_subtitle = "" if inside else markers
        held = Text()
        if info.held is not None:
            held.append(BACK * min(info.held, 3 if compact else 8), style="blue")
            held.append(f" {info.held}")
        taken = [Text(part, style="dim") for part in info.taken.split(" · ") if part]
        if compact:
            line = Text(" ").join([Text(name, style="bold"), held])
            if taken:
                line += Text(" ") + Text(" · ").join(taken)
            self.update(line)
            return
        marks = [Text(markers, style="italic")] if inside else []
        self.update(Text("\n").join([Text(name, style="bold"), held, *taken, *marks]))


class TrickArea(Grid):
    """The trick in the middle: each card in front of the seat that played it."""

    DEFAULT_CSS = """
    TrickArea { grid-size: 3 4; grid-rows: 1; grid-columns: 1fr 1fr 1fr; height: 4; }
    TrickArea Static { width: 1fr; height: 1; content-align: center middle; text-align: center; }
    TrickArea #trick-caption { column-span: 3; color: $text-muted; }
    """

    SLOTS = ("top-left", "top", "top-right", "left", "middle", "right", "", "bottom", "")

    def compose(self) -> Any:
        yield Static(id="trick-caption")
        for place in self.SLOTS:
            yield Static(id=f"slot-{place}" if place else None, classes="slot")

    def show(self, trick: TrickShown | None, where: dict[int, str]) -> None:
        """Put each card of ``trick`` in the slot of its seat's place (``where``)."""
        for place in self.SLOTS:
            if place:
                self.query_one(f"#slot-{place}", Static).update("")
        caption = self.query_one("#trick-caption", Static)
        if trick is None:
            caption.update("")
            return
        caption.update(trick.caption)
        for seat, card in trick.cards.items():
            text = card_text(card)
            if seat == trick.winner:
                text = Text("★ ") + text
            self.query_one(f"#slot-{where[seat]}", Static).update(text)


class Floor(Vertical):
    """Seep's floor: the loose cards and the houses, each one pickable."""

    DEFAULT_CSS = """
    Floor { height: auto; }
    Floor #floor-caption { color: $text-muted; height: 1; }
    Floor #loose { height: auto; layout: grid; grid-size: 7; grid-rows: 1; grid-gutter: 0 0; }
    Floor #houses { height: auto; layout: grid; grid-size: 2; grid-rows: auto; grid-columns: 1fr 1fr; }
    """

    def compose(self) -> Any:
        yield Static(id="floor-caption")
        yield Widget(id="loose")
        yield Widget(id="houses")
