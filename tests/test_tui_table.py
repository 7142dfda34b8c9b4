"""The terminal table made to be followed: narration in the log, the score panel at hand end, the
viewer, small terminals, the keyboard, pacing, hints, quitting, the menu's words."""

from __future__ import annotations

import math
import subprocess
import sys
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from cardtable import registry
from cardtable.bots import Hint
from cardtable.record import Record
from cardtable.render import number, pretty_card
from cardtable.table import Table, action_help, from_symbols, hint_heading, hint_lines
from cardtable.tui import CardtableApp, MenuScreen, TableScreen, ViewerScreen
from cardtable.tui.app import SummaryScreen
from cardtable.tui.table_screen import QuitScreen
from cardtable.tui.widgets import CardChip, HouseBox, Pickable


def _table(game: str, seed: int) -> Table:
    g = registry.get_game(game)
    return Table(g, [0], {s: "random" for s in range(1, g.seats)}, seed=seed)


def _until_over(table: Table) -> None:
    for _ in range(400):
        table.run_bots()
        if table.outcome() is not None:
            return
        table.play(table.legal_texts()[0])


def _text(widget: Any) -> str:
    return str(widget.content)


def test_the_terminal_apps_do_not_import_the_command_line() -> None:
    code = "import sys, cardtable.tui, cardtable.table; print('cardtable.cli' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def test_symbols_are_read_as_letters_and_the_help_is_the_games_own() -> None:
    assert from_symbols("bury K♣ 10♥") == "bury KC 10H"
    assert from_symbols("capture J♥ 5♣+6♥") == "capture JH 5C+6H"
    assert "play" not in action_help("seep") and "capture" in action_help("seep")
    assert "'bury K♣ 10♥'" in action_help("sheepshead")
    table = _table("smear", 3)
    table.run_bots()
    bid = table.legal_texts()[-1]
    table.play(bid)
    assert table.moves[-1].text == bid and table.moves[-1].said[0] == f"You bid {bid.split()[1]}."


def test_hints_say_which_move_how_much_better_and_whether_the_difference_is_real() -> None:
    hints = [Hint("b", 0.10, 0.05, 9), Hint("a", 0.30, 0.05, 9), Hint("c", 0.22, 0.04, 9)]
    lines = hint_lines(hints, str)
    assert lines[0] == "1. a is the best: +0.30 a hand (± 0.05)."
    assert lines[1] == "2. c: 0.08 a hand worse (+0.22, ± 0.04); within the margins: not shown worse than the best."
    assert lines[2] == "3. b: 0.20 a hand worse (+0.10, ± 0.05); a real difference: the margins do not overlap."
    assert not any("about equal" in line or "inf" in line for line in lines)
    unsure = hint_lines([Hint("a", 1.0, math.inf, 1), Hint("b", 0.5, math.nan, 0)], str)
    assert unsure == [
        "1. a is the best: +1.00 a hand (too few playouts for a margin).",
        "2. b: 0.50 a hand worse (+0.50, no margin given); whether the difference is real is not known.",
    ]


def test_the_hints_say_what_their_number_is() -> None:
    seep, sheepshead = registry.get_game("seep"), registry.get_game("sheepshead")
    assert hint_heading(seep) == (
        "points per hand: yours less the other 3 seats' average (your partner's among them: 2/3 of your side's lead)"
    )
    assert hint_heading(sheepshead) == "points per hand: yours less the other 4 seats' average"


async def test_the_log_tells_the_game_and_the_score_panel_moves_at_hand_end() -> None:
    table = _table("smear", 5)
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.lines[0].startswith("Hand 1: ")
        for _ in range(60):
            if table.outcome() is not None:
                break
            screen.act(table.legal_texts()[0])
            await pilot.pause()
        assert table.outcome() is not None
        assert isinstance(app.screen, SummaryScreen)
        assert any("takes trick" in line or "passes" in line for line in screen.lines)
        assert not any("null" in line or "[" in line for line in screen.lines)
        scores = table.game.match_json(table.state)["scores"]
        status = _text(screen.query_one("#status"))
        assert f"Match: your team {number(scores[0])} · them {number(scores[1])}" in status  # after this hand


async def test_a_seep_misdeal_is_one_message_and_the_deal_goes_on() -> None:
    game = registry.get_game("seep")
    seed = next(s for s in range(300) if _table("seep", s).outcome() is not None)
    table = _table("seep", seed)
    assert table.outcome() is not None and table.outcome().result == "misdeal"  # type: ignore[union-attr]
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)  # no pop-up
        assert table.hand_number >= 1
        assert "Misdeal:" in _text(app.screen.query_one("#message"))
        assert sum(line.count("Misdeal:") for line in app.screen.lines) == 1
    assert game.name == "seep"


async def test_at_80_by_24_the_hand_the_actions_and_the_summary_fit() -> None:
    table = _table("seep", 4)
    for _ in range(20):  # to the first turn after the deal is complete: 12 cards in hand
        table.run_bots()
        if len(table.view(0).to_json()["hand"]) == 12 and table.person_to_act():
            break
        table.play(table.legal_texts()[0])
    assert len(table.view(0).to_json()["hand"]) == 12
    app = CardtableApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = screen.query_one("#hand").content_region
        chips = list(screen.query("#hand CardChip"))
        assert len(chips) == 12
        for chip in chips:
            assert hand.contains_region(chip.region), chip.name
        actions = screen.query_one("#actions")
        assert actions.content_region.height >= 5 and actions.region.bottom <= 23
        _until_over(table)
        screen.refresh_table()
        screen._after_bots()
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        button = summary.query_one("#ok")
        assert button.region.bottom <= 24 and button.region.height > 0


class _FakeView:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def to_json(self) -> dict[str, Any]:
        return self.data


async def test_a_cemented_house_of_three_sets_fits_at_110_columns() -> None:
    table = _table("seep", 4)
    _until_over(table)
    house = {"value": 12, "sets": [["2H", "4H", "6C"], ["2C", "10H"], ["QS"]], "owners": [0, 1]}
    view = table.view(0).to_json() | {"phase": "play", "to_act": 1}
    view["floor"] = {"loose": ["3H", "5D"], "hidden": 0, "houses": [house, {**house, "value": 11, "sets": [["JC"]]}]}
    table.view = lambda seat: _FakeView(view)  # type: ignore[method-assign]
    table.outcome = lambda: None  # type: ignore[method-assign]
    app = CardtableApp(table=table)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        box = next(b for b in app.screen.query(HouseBox) if b.name == "H12")
        assert box.region.right <= 110
        region = box.content_region
        text = Text(str(box.content))
        lines = text.wrap(Console(width=region.width), region.width)
        assert len(lines) <= region.height, (str(text), region)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_every_loose_card_of_a_full_floor_is_whole_at_any_width(size: tuple[int, int]) -> None:
    """A floor of many loose cards wraps them onto more rows rather than cutting the last ones off
    (at 80 columns the floor is narrower than a row of seven)."""
    table = _table("seep", 4)
    _until_over(table)
    loose = ["AC", "2D", "3H", "4S", "5C", "6D", "7H", "8S", "9C", "10D", "JH", "QS", "KC"]
    view = table.view(0).to_json() | {"phase": "play", "to_act": 1}
    view["floor"] = {"loose": loose, "hidden": 0, "houses": []}
    table.view = lambda seat: _FakeView(view)  # type: ignore[method-assign]
    table.outcome = lambda: None  # type: ignore[method-assign]
    app = CardtableApp(table=table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        area = app.screen.query_one("#loose").content_region
        chips = [c for c in app.screen.query("#loose CardChip")]
        assert len(chips) == len(loose)
        for chip in chips:
            assert area.contains_region(chip.region), (chip.name, chip.region, area)
            assert chip.region.width >= len(pretty_card(chip.name or "")), (chip.name, chip.region)


async def test_the_keyboard_moves_between_pieces_and_focus_returns_to_the_hand_after_a_hand() -> None:
    table = _table("seep", 4)
    for _ in range(20):
        table.run_bots()
        if len(table.view(0).to_json()["hand"]) == 12 and table.person_to_act():
            break
        table.play(table.legal_texts()[0])
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        chips = list(screen.query("#hand CardChip"))
        chips[0].focus()
        await pilot.press("right")
        assert app.focused is chips[1]
        await pilot.press("left")
        assert app.focused is chips[0]
        await pilot.press("down")
        actions = screen.query_one("#actions")
        assert app.focused is actions
        highlighted = actions.highlighted_child  # type: ignore[attr-defined]
        other = actions.children[1]
        assert highlighted is not None and highlighted.has_class("-highlight")
        assert highlighted.styles.background != other.styles.background  # visibly highlighted
        _until_over(table)
        screen.refresh_table()
        screen._after_bots()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")  # the summary's button: the next hand
        await pilot.pause()
        await pilot.pause()
        assert table.hand_number == 1
        if table.person_to_act():
            assert isinstance(app.focused, Pickable) and app.focused.parent is screen.query_one("#hand")


async def test_bots_are_paced_and_a_finished_trick_stays_longer() -> None:
    table = _table("smear", 8)
    app = CardtableApp(table=table, pause=0.5)
    waits: list[float] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.set_timer = lambda delay, callback: waits.append(delay)  # type: ignore[assignment, method-assign]
        for _ in range(120):
            if table.outcome() is not None:
                break
            if table.person_to_act():
                screen.act(table.legal_texts()[0])
            else:
                screen._bot_step()
            await pilot.pause()
        said = [line for m in table.moves if m.by_bot for line in m.said]
        assert set(waits) <= {0.5, 1.0} and 1.0 in waits
        assert waits.count(1.0) == sum(
            1 for m in table.moves if m.by_bot and any(" trick " in x and "take" in x for x in m.said)
        )
        assert said


async def test_the_last_trick_on_demand() -> None:
    table = _table("sheepshead", 4)
    for _ in range(80):
        table.run_bots()
        if table.outcome() is not None or (table.view(0).to_json()["tricks"] and table.person_to_act()):
            break
        table.play(table.legal_texts()[0])
    assert table.view(0).to_json()["tricks"]
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        text = _text(app.screen.query_one("#message"))
        assert text.startswith("Trick ") and "took it." in text


async def test_q_asks_before_quitting_and_offers_to_save() -> None:
    table = _table("smear", 2)
    app = CardtableApp(table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.click("#stay")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.click("#save")
        await pilot.pause()
        assert type(app.screen).__name__ == "SaveScreen"


async def test_the_viewer_shows_houses_tricks_by_seat_and_the_picker() -> None:
    from tests.narration.make import play

    for game, wanted in (("seep", "House H"), ("sheepshead", "Picker: seat"), ("smear", "Trick: seat")):
        record: Record = play(game, {}, 13, 1)
        app = CardtableApp(record=record)
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            viewer = app.screen
            assert isinstance(viewer, ViewerScreen)
            await pilot.press("right")
            assert viewer.index == 1
            seen = []
            for index in range(len(viewer.steps)):
                viewer.index = index
                seen.append("\n".join(viewer.lines()))
            text = "\n".join(seen)
            assert wanted in text, game
            assert "Hand 1 of 1" in text and "Hand 0" not in text
            assert "null" not in text and "[" not in text


async def test_the_menu_says_each_rule_in_words_and_names_a_bad_field() -> None:
    app = CardtableApp(game="smear")
    async with app.run_test(size=(160, 60)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        docs = " ".join(_text(d) for d in menu.query(".doc"))
        assert "winning bidder takes into hand" in docs and "(R6)" in docs
        assert "null" not in docs and "none: no cap" in docs
        must = menu.query_one("#opt-must_bid_to_win")
        assert [label for label, _ in must._options if label] == ["no", "yes"]  # type: ignore[attr-defined]
        assert menu.query_one("#botrow-0").has_class("-hidden")
        menu.query_one("#seat").value = 2  # type: ignore[attr-defined]
        await pilot.pause()
        assert menu.query_one("#botrow-2").has_class("-hidden") and not menu.query_one("#botrow-0").has_class("-hidden")
        menu.query_one("#opt-target_score").value = "fifteen"  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        assert "target score" in _text(menu.query_one("#menu_message"))
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code is not None or not app.is_running


def test_the_scoreboard_in_words() -> None:
    table = _table("seep", 2)
    _until_over(table)
    lines = table.scoreboard_lines()
    assert "difference" in lines[1] and "[" not in lines[1]
    chips = [CardChip("10D")]
    assert chips[0].name == "10D"


async def test_focus_returns_to_the_hand_after_n_when_the_bots_are_paced() -> None:
    table = _table("smear", 5)
    _until_over(table)
    app = CardtableApp(table=table, pause=0.01)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("n")
        for _ in range(1200):  # a generous bound: a loaded machine is slow, the wait is not measured
            await pilot.pause(0.05)
            if not screen.pacing and table.person_to_act():
                break
        for _ in range(20):  # the focus moves after the redraw: a loaded machine may take a few frames
            await pilot.pause()
            if isinstance(app.focused, CardChip):
                break
        assert table.hand_number == 1 and table.person_to_act()
        assert isinstance(app.focused, CardChip) and app.focused.parent is screen.query_one("#hand")
