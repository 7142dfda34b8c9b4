"""The terminal table as a first-time player meets it: saving over a file, the quit keys, the
keyboard by rows, what fits at 80x24 and 120x40, the viewer of a file of records, and the words
on screen (suit symbols, house rules, hints)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets._footer import FooterKey

from cardtable import registry
from cardtable.record import Record
from cardtable.table import Table
from cardtable.tui import CardtableApp, MenuScreen, TableScreen, ViewerScreen
from cardtable.tui.table_screen import OverwriteScreen, QuitScreen, SaveScreen
from cardtable.tui.widgets import Pickable


def _table(game: str, seed: int, bots: str = "random", **options: Any) -> Table:
    g = registry.get_game(game, **options)
    return Table(g, [0], {s: bots for s in range(1, g.seats)}, seed=seed)


def _text(widget: Any) -> str:
    return str(widget.content)


def _seep_full_hand(seed: int) -> Table:
    """A Seep table at the person's first turn with all 12 cards in hand and something on the floor."""
    table = _table("seep", seed)
    for _ in range(20):
        table.run_bots()
        if len(table.view(0).to_json()["hand"]) == 12 and table.person_to_act():
            break
        table.play(table.legal_texts()[0])
    assert len(table.view(0).to_json()["hand"]) == 12 and table.person_to_act()
    return table


def _finished(game: str, seed: int) -> Table:
    table = _table(game, seed)
    while table.outcome() is None:
        table.run_bots()
        if table.outcome() is None:
            table.play(table.legal_texts()[0])
    return table


async def test_saving_at_the_table_asks_before_replacing_a_file(tmp_path: Path) -> None:
    other = tmp_path / "seep.json"
    other.write_text("a Seep record\n")
    table = _table("smear", 2)
    app = CardtableApp(table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for answer in ("n", "y"):
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)
            app.screen.query_one("#path").value = str(other)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, OverwriteScreen)
            await pilot.press(answer)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            if answer == "n":
                assert other.read_text() == "a Seep record\n"
                assert _text(app.screen.query_one("#message")) == f"Not saved: {other} is kept."
        assert Record.from_json(__import__("json").loads(other.read_text())).game == "smear"
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")  # the file name is not wanted after all
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_ctrl_c_and_ctrl_q_ask_the_quit_question_at_the_table() -> None:
    table = _table("smear", 2)
    app = CardtableApp(table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for key in ("ctrl+c", "ctrl+q"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("ctrl+q")  # Ctrl-Q pressed again while asked: still the question
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen) and app.is_running


async def test_ctrl_c_ends_the_run_with_status_130_everywhere() -> None:
    """In the viewer, in the menu, twice at a table (the second time in its question), and
    after the question Ctrl-C opened is answered Quit: the run ends with status 130; ``q``
    leaves the viewer with 0."""
    record = Record.from_json(_finished("smear", 3).record())
    for make, keys, status in (
        (lambda: CardtableApp(record=record), ["ctrl+c"], 130),
        (lambda: CardtableApp(record=record), ["q"], 0),
        (lambda: CardtableApp(), ["ctrl+c"], 130),
        (lambda: CardtableApp(table=_table("smear", 2)), ["ctrl+c", "ctrl+c"], 130),
        (lambda: CardtableApp(table=_table("smear", 2)), ["ctrl+c", "tab", "enter"], 130),
        (lambda: CardtableApp(table=_table("smear", 2)), ["ctrl+q", "tab", "enter"], 0),
    ):
        app = make()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
        assert not app.is_running and (app.return_code or 0) == status, keys


async def test_the_sheepshead_call_lists_alone_last_and_highlights_a_call() -> None:
    table = Table(registry.get_game("sheepshead"), [0], {s: "rule" for s in range(1, 5)}, seed=3)
    table.run_bots()
    table.play("pick")
    table.play(table.legal_texts()[0])  # a bury
    assert table.legal_texts()[-1] == "alone"
    app = CardtableApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        actions = app.screen.query_one("#actions")
        names = [item.name for item in actions.children]
        assert names == table.legal_texts() and names[-1] == "alone"
        await pilot.press("enter")  # a quick Enter calls, it does not go alone
        await pilot.pause()
        assert table.history()[-1].split()[1] == "call"


async def _titled(pilot: Any, widget: Any, title: str) -> str:
    """The widget's border title once the screen has redrawn it (it is written after a refresh
    that follows the focus, which a loaded machine may bring a few frames later): waits up to
    two seconds for ``title``, then returns whatever is there."""
    for _ in range(40):
        if widget.border_title == title:
            break
        await pilot.pause(0.05)
    return str(widget.border_title)


async def test_the_keyboard_goes_by_rows_and_says_its_keys() -> None:
    table = _seep_full_hand(4)
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        actions = screen.query_one("#actions")
        assert await _titled(pilot, actions, TableScreen.KEYS_LIST) == TableScreen.KEYS_LIST
        hand = list(screen.query("#hand CardChip"))
        floor = [p for p in screen.query(Pickable) if p.parent is not None and p.parent.id != "hand"]
        assert floor, "something on the floor"
        hand[-1].focus()
        await pilot.pause()
        assert await _titled(pilot, actions, TableScreen.KEYS_HAND) == TableScreen.KEYS_HAND
        await pilot.press("right")  # the end of the row: it stays, not on to the floor
        assert app.focused is hand[-1]
        await pilot.press("up")
        assert app.focused is floor[0]
        assert await _titled(pilot, actions, TableScreen.KEYS_FLOOR) == TableScreen.KEYS_FLOOR
        await pilot.press("left")
        assert app.focused is floor[0]
        await pilot.press("down")
        assert app.focused is hand[0]
        await pilot.press("down")
        assert app.focused is actions
        await pilot.press("up")  # at the top of the list: back to the hand
        assert app.focused is hand[0]
        app.screen.set_focus(None)
        await pilot.press("tab")  # Tab goes the same order: the floor first
        assert app.focused is floor[0]
        token = floor[0].name
        await pilot.press("enter")  # picked: the pieces are drawn anew, the keyboard stays
        await pilot.pause()
        await pilot.pause()
        assert app.focused is not None and app.focused.name == token
        assert await _titled(pilot, actions, TableScreen.KEYS_FLOOR) == TableScreen.KEYS_FLOOR


async def test_the_menu_starts_with_the_keyboard_on_the_first_field() -> None:
    app = CardtableApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.focused is not None and app.focused.id == "game"


async def test_twelve_seep_cards_are_whole_at_120_by_40() -> None:
    app = CardtableApp(table=_seep_full_hand(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand").content_region
        chips = list(app.screen.query("#hand CardChip"))
        assert len(chips) == 12
        for chip in chips:
            assert hand.contains_region(chip.region), chip.name


async def test_every_footer_key_is_on_screen_at_80_columns() -> None:
    app = CardtableApp(table=_seep_full_hand(4))
    async with app.run_test(size=(80, 24)) as pilot:
        keys: dict[str, FooterKey] = {}
        for _ in range(200):  # the footer composes and lays out its keys after the screen
            await pilot.pause(0.05)
            keys = {k.key: k for k in app.screen.query(FooterKey)}
            if {"c", "q", "h", "u", "s", "n"} <= set(keys) and all(k.region.width > 0 for k in keys.values()):
                break  # composed and laid out
        assert {"c", "q", "h", "u", "s", "n"} <= set(keys)
        for key in keys.values():
            assert key.region.right <= 80 and key.region.width > 0, key.key


async def test_a_refusal_and_the_history_speak_in_suit_symbols() -> None:
    table = _seep_full_hand(4)
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = set(table.view(0).to_json()["hand"])
        loose = table.view(0).to_json()["floor"]["loose"]
        refusals = [screen._refusal(c, hand) for c in loose]
        screen.picked = [next(iter(hand))]
        refusals += [screen._refusal(c, hand) for c in loose]
        for text in refusals:
            assert not any(f"{r}{s}" in text for r in ("2", "3", "9", "10", "J", "Q", "K", "A") for s in "CDHS"), text
        await pilot.press("y")
        history = screen.lines[-1]
        assert history.startswith("This hand:") and any(s in history for s in "♣♦♥♠")
        assert not any(f" {r}{s}" in history for r in ("2", "3", "9", "10", "J", "Q", "K", "A") for s in "CDHS")


async def test_undo_clears_what_was_said_about_the_moves_taken_back() -> None:
    table = _table("sheepshead", 4)
    for _ in range(80):
        table.run_bots()
        if table.outcome() is not None or (table.view(0).to_json()["tricks"] and table.person_to_act()):
            break
        table.play(table.legal_texts()[0])
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        assert _text(app.screen.query_one("#message")).startswith("Trick ")
        await pilot.press("u")
        await pilot.pause()
        assert _text(app.screen.query_one("#message")) == ""


async def test_the_viewer_of_a_file_of_records_goes_from_one_to_the_next(tmp_path: Path) -> None:
    first = Record.from_json(_finished("smear", 3).record())
    second = Record.from_json(_finished("seep", 5).record())
    app = CardtableApp(records=[first, second])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ViewerScreen)
        assert viewer.lines()[0].startswith("Record 1 of 2")
        await pilot.press("pagedown")
        assert viewer.record is second and viewer.lines()[0].startswith("Record 2 of 2")
        assert "record 2 of 2" in viewer.title
        await pilot.press("pagedown")  # no third: it stays
        assert viewer.record is second
        await pilot.press("pageup")
        assert viewer.record is first


async def test_the_viewers_last_step_shows_the_match_the_narration_tells() -> None:
    for seed in range(1, 30):
        table = _finished("seep", seed)
        if table.game.match_json(table.state).get("difference"):
            break
    record = Record.from_json(table.record())
    app = CardtableApp(record=record)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ViewerScreen)
        await pilot.press("end")
        lines = viewer.lines()
        match = next(line for line in lines if line.startswith("Match: "))
        assert not match.startswith("Match: level"), lines
        lead = abs(table.game.match_json(table.state)["difference"])
        assert f"lead by {lead}" in match


async def test_the_house_rules_in_force_are_shown_and_r_lists_them_all() -> None:
    table = _table("smear", 2, kitty_size=2)
    app = CardtableApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "House rules: kitty size 2" in app.screen.sub_title
        await pilot.press("r")
        said = _text(app.screen.query_one("#message"))
        assert said.startswith("House rules of smear") and "kitty size 2 *" in said and "target score 15," in said


def test_the_readmes_keys_are_the_tables_keys() -> None:
    """Every key the table binds is in the README's list of keys, and every key listed is bound."""
    import re

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    listed = readme[readme.index("Keys (the footer shows them") :].split("Other ways in:")[0]
    named = set(re.findall(r"`(\w)` ", listed))
    bound = {b.key for b in TableScreen.BINDINGS}
    assert named == bound


async def test_a_seats_markers_are_whole_at_120_by_40() -> None:
    """Seep's bidder that took last: ``bidder 13 · took last`` is too long for a side seat's border
    at 120 columns, so it is written inside the panel, whole."""
    for seed in range(1, 40):
        table = _table("seep", seed, bots="rule")
        table.run_bots()
        view = table.view(0).to_json()
        bidder = (view["dealer"] + 1) % 4
        capturer = next((m.seat for m in reversed(table.moves) if m.text.startswith("capture ")), None)
        if bidder in (1, 3) and capturer == bidder and table.person_to_act():
            break
    else:
        raise AssertionError("no deal where a side seat bid and captured last")
    app = CardtableApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(f"#seat-{'left' if bidder == 1 else 'right'}")
        await pilot.pause()
        markers = " · ".join(panel.info.markers)  # type: ignore[attr-defined]
        assert "took last" in markers
        shown = str(panel.border_subtitle or "") + _text(panel)
        assert markers in shown and (panel.border_subtitle == markers) == (len(markers) + 6 <= panel.size.width)


def test_view_help_lists_every_key_of_the_viewer() -> None:
    from cardtable.cli import build_parser

    sub = next(a for a in build_parser()._actions if getattr(a, "choices", None) and "view" in a.choices)
    text = " ".join(sub.choices["view"].format_help().split())  # type: ignore[union-attr]
    words = {"right_square_bracket": "]", "left_square_bracket": "[", "pagedown": "Page Down", "pageup": "Page Up"}
    for binding in ViewerScreen.BINDINGS:
        for key in binding.key.split(","):  # type: ignore[union-attr]
            word = words.get(key, key if len(key) == 1 or key in ("right", "left") else key.capitalize())
            assert word in text, (key, text)
    assert "Ctrl-C" in text and "130" in text


async def test_the_menu_at_80_by_24_starts_in_four_tabs_or_ctrl_s_and_gives_each_rule_its_line() -> None:
    """The common choices and Start fit an 80 x 24 terminal: Start is on screen, four Tabs from
    the game, and Ctrl-S starts from anywhere; each rule's meaning has the screen's width."""
    for game in registry.names():
        app = CardtableApp(game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MenuScreen)
            start = menu.query_one("#start")
            assert app.screen.region.contains_region(start.region), game
            for _ in range(4):
                await pilot.press("tab")
            assert app.focused is start, (game, app.focused)
            docs = list(menu.query(".doc"))
            assert docs and all(d.size.width >= 70 for d in docs), [d.size.width for d in docs]
            menu.query_one("#opt-" + next(iter(_fields(game)))).focus()  # deep in the form
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), game


def _fields(game: str) -> list[str]:
    import dataclasses

    return [f.name for f in dataclasses.fields(registry.get_game(game).rules)]
