"""The terminal table, driven headless through whole hands of each game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.record import Record, replay_record, write_records
from cardtable.table import Table
from cardtable.tui import CardtableApp, MenuScreen, TableScreen, ViewerScreen
from cardtable.tui.app import SummaryScreen


def _table(game: str, seed: int) -> Table:
    g = registry.get_game(game)
    return Table(g, [0], {s: "random" for s in range(1, g.seats)}, seed=seed)


@pytest.mark.parametrize("game", registry.names())
async def test_a_whole_hand_at_the_table(game: str, tmp_path: Path) -> None:
    table = _table(game, 2)
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for _ in range(200):
            if table.outcome() is not None:
                break
            screen.query_one("#actions").focus()
            await pilot.press("enter")
            await pilot.pause()
        assert table.outcome() is not None
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        path = tmp_path / "tui.json"
        table.save(path)
        assert replay_record(json.loads(path.read_text()))[0] == 0


async def test_picking_cards_narrows_the_actions() -> None:
    table = _table("smear", 3)
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # Play the auction through to card play.
        for _ in range(20):
            if any(t.startswith("play") for t in table.legal_texts()) or table.outcome() is not None:
                break
            screen.query_one("#actions").focus()
            await pilot.press("enter")
            await pilot.pause()
        legal = table.legal_texts()
        if table.person_to_act() and len(legal) > 1:
            card = legal[-1].split()[-1]
            await pilot.click(f".card-{card}")
            await pilot.pause()
            shown = [item.name for item in screen.query_one("#actions").children]
            assert shown == [a for a in legal if a.endswith(card)]


async def test_hints_undo_and_history_keys() -> None:
    table = _table("sheepshead", 4)
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        before = table.state
        await pilot.press("y")
        app.screen.query_one("#actions").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert table.state == before
        await pilot.press("h")
        await pilot.pause()
        assert any("Hints" in line for line in app.screen.lines)  # type: ignore[attr-defined]


async def test_the_menu_starts_a_table_with_house_rules() -> None:
    app = CardtableApp(game="smear")
    async with app.run_test(size=(160, 60)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        menu.query_one("#opt-kitty_size").value = "2"  # type: ignore[attr-defined]
        table = menu.make_table()
        assert table.game.rules.kitty_size == 2
        menu.query_one("#preset").value = "bid_out"  # type: ignore[attr-defined]
        await pilot.pause()
        assert menu.query_one("#opt-must_bid_to_win").value == "true"  # type: ignore[attr-defined]
        assert menu.make_table().game.rules.must_bid_to_win is True
        menu.query_one("#opt-must_bid_to_win").value = "false"  # type: ignore[attr-defined]
        assert menu.make_table().game.rules.must_bid_to_win is False
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_viewer_steps_forwards_and_back(tmp_path: Path) -> None:
    table = _table("seep", 5)
    while table.outcome() is None:
        table.run_bots()
        if table.outcome() is None:
            table.play(table.legal_texts()[0])
    record = Record.from_json(table.record())
    path = tmp_path / "v.json"
    write_records(path, [record])
    app = CardtableApp(record=record)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ViewerScreen)
        await pilot.press("right", "right", "right")
        assert viewer.index == 3
        await pilot.press("left")
        assert viewer.index == 2
        await pilot.press("end")
        assert viewer.index == len(viewer.steps) - 1
