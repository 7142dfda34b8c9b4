"""The terminal table, driven headless through whole hands of each game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.record import Record, replay_record, write_records
from cardtable.render import number, pretty_card, signed
from cardtable.table import Table, pretty_action
from cardtable.tui import CardtableApp, MenuScreen, TableScreen, ViewerScreen
from cardtable.tui.app import ScoreboardScreen, SummaryScreen
from cardtable.tui.picking import is_live, matching, tokens_of
from cardtable.tui.widgets import HouseBox, SeatPanel


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
        menu.query_one("#bots").value = "rule"  # type: ignore[attr-defined]
        menu.query_one("#bot-2").value = "random"  # type: ignore[attr-defined]
        assert menu.make_table().bot_names == {1: "rule", 2: "random", 3: "rule"}
        menu.query_one("#game").value = "sheepshead"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()  # the new fields take their values once mounted
        assert len(menu.query_one("#rules_form").query("Select.-bot")) == 5
        assert menu.make_table().game.name == "sheepshead"
        menu.query_one("#game").value = "smear"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
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


def _text(widget: object) -> str:
    """The plain text a Static shows."""
    return str(widget.content)  # type: ignore[attr-defined]


def _until(table: Table, done: Callable[[Table], bool], limit: int = 400) -> None:
    """Play (bots, and the first legal action for the person) until ``done`` or the hand ends."""
    for _ in range(limit):
        table.run_bots()
        if table.outcome() is not None or done(table):
            return
        table.play(table.legal_texts()[0])


async def test_the_seats_sit_around_the_table_with_counts_and_markers() -> None:
    table = _table("sheepshead", 7)
    _until(table, lambda t: t.view(0).to_json()["phase"] == "play" and len(t.view(0).to_json()["tricks"]) >= 2)
    assert table.person_to_act()
    view = table.view(0).to_json()
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        where = {1: "left", 2: "top-left", 3: "top-right", 4: "right"}
        played = [0] * 5
        for t in view["tricks"]:
            for i, _ in enumerate(t["cards"]):
                played[(t["leader"] + i) % 5] += 1
        for i, _ in enumerate(view["trick"]["cards"]):
            played[(view["trick"]["leader"] + i) % 5] += 1
        hand = len(view["hand"]) + played[0]
        for seat, place in where.items():
            panel = screen.query_one(f"#seat-{place}", SeatPanel)
            assert panel.info is not None and panel.info.seat == seat
            assert panel.info.held == hand - played[seat]
            assert f" {hand - played[seat]}" in _text(panel)
            assert ("dealer" in panel.info.markers) == (seat == view["dealer"])
            assert ("picker" in panel.info.markers) == (seat == view["picker"])
            assert ("partner" in panel.info.markers) == (view["partner_known"] and seat == view["partner"])
            won = sum(1 for t in view["tricks"] if t["winner"] == seat)
            assert f"tricks {won}" in _text(panel)
        assert screen.query_one("#seat-top", SeatPanel).has_class("-empty")
        assert [c.name for c in screen.query("#hand CardChip")] == view["hand"]


async def test_the_trick_cards_sit_in_front_of_their_seats() -> None:
    table = _table("smear", 11)
    _until(table, lambda t: t.person_to_act() and len(t.view(0).to_json()["trick"]) >= 2)
    view = table.view(0).to_json()
    assert table.person_to_act() and len(view["trick"]) >= 2
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        where = {1: "left", 2: "top", 3: "right"}
        played = {(view["leader"] + i) % 4: card for i, card in enumerate(view["trick"])}
        for seat, place in where.items():
            slot = _text(screen.query_one(f"#slot-{place}"))
            if seat in played:
                assert pretty_card(played[seat]) in slot
            else:
                assert slot == ""
        assert _text(screen.query_one("#slot-bottom")) == ""
        # the caption names the leader
        leader = "you" if view["leader"] == 0 else f"seat {view['leader']}"
        assert f"led by {leader}" in _text(screen.query_one("#trick-caption"))


def _seep_capture_position() -> tuple[Table, str, str]:
    """A Seep table where it is your turn and a capture of loose cards is legal with a card that
    cannot take some other loose card: (table, the capture, a loose card it cannot use)."""
    for seed in range(40):
        table = _table("seep", seed)
        for _ in range(60):
            table.run_bots()
            if table.outcome() is not None:
                break
            legal = table.legal_texts()
            loose = table.view(0).to_json()["floor"]["loose"] or []
            for action in legal:
                words = action.split()
                if words[0] != "capture" or any(w.startswith("H") for w in words[2:]):
                    continue
                dead = [c for c in loose if not is_live(legal, [words[1]], c)]
                if dead:
                    return table, action, dead[0]
            table.play(legal[0])
    raise AssertionError("no position found")


async def test_a_seep_capture_is_chosen_by_clicking_the_card_then_the_floor() -> None:
    table, capture, dead = _seep_capture_position()
    legal = table.legal_texts()
    card, taken = capture.split()[1], tokens_of(capture)[1:]
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.click(f"#hand .card-{card}")
        await pilot.pause()
        assert screen.picked == [card]
        for item in screen.query("#loose CardChip"):  # the floor lights up where the card can go
            assert item.has_class("-live") == is_live(legal, [card], item.name or "")
            assert item.has_class("-dead") != item.has_class("-live")
        # an item that is not lit cannot be chosen, and the refusal is explained
        await pilot.click(f"#loose .card-{dead}")
        await pilot.pause()
        assert screen.picked == [card]
        assert "cannot go with" in _text(screen.query_one("#message"))
        for token in taken:
            await pilot.click(f"#loose .card-{token}")
            await pilot.pause()
        assert screen.picked == [card, *taken]
        assert "fits" in _text(screen.query_one("#message"))
        shown = [item.name for item in screen.query_one("#actions").children]
        assert shown[0] == capture
        assert all(set(tokens_of(capture)) <= set(tokens_of(a)) for a in shown)
        screen.query_one("#actions").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert [m.text for m in table.moves if not m.by_bot][-1] == capture
        assert screen.picked == []


@pytest.mark.parametrize("game", ["smear", "seep"])
async def test_the_scoreboard_after_two_hands(game: str) -> None:
    table = _table(game, 2)
    scores = []
    for _ in range(2):
        _until(table, lambda t: False)
        result = table.outcome()
        assert result is not None
        scores.append(tuple(result.score[side[0]] for side in table.sides))
        if len(scores) < 2:
            table.next_hand()
    board = table.scoreboard()
    assert [line.hand for line in board] == [1, 2]
    assert [line.points for line in board] == scores
    app = CardtableApp(table=table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreboardScreen)
        rows = screen.rows()
        assert len(rows) == 2
        for row, line in zip(rows, board, strict=True):
            points = list(line.points)
            assert row[:2] == [str(line.hand), line.result]
            if line.running is not None:  # Smear: each team's points → its match score
                assert row[2:] == [f"{signed(p)} → {number(r)}" for p, r in zip(points, line.running, strict=True)]
            else:  # Seep: each team's points, then the match (difference and baazis)
                assert row[2:4] == [signed(p) for p in points] and "difference" in row[4]
        assert board[-1].match == table.game.match_json(table.state)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


def test_picking_narrows_by_every_piece() -> None:
    legal = ["throw 8H", "capture JD 4C+7S", "build 11 JD 4C+7S", "capture JD JS", "build 11 7C+4C"]
    assert matching(legal, ["JD", "4C"]) == ["capture JD 4C+7S", "build 11 JD 4C+7S"]
    assert matching(legal, ["JD", "JS"]) == ["capture JD JS"]
    assert is_live(legal, ["JD"], "7S") and is_live(legal, ["JD"], "JS")
    assert not is_live(legal, ["JD"], "8H") and not is_live(legal, ["JD", "JS"], "4C")
    assert matching(legal, []) == legal
    assert tokens_of("capture 9d h9 6s+3c") == ["9D", "H9", "6S", "3C"]


async def test_seep_houses_are_boxes_with_value_owners_and_cement() -> None:
    found = None
    for seed in range(60):
        table = _table("seep", seed)
        _until(table, lambda t: t.person_to_act() and bool(t.view(0).to_json()["floor"]["houses"]), limit=48)
        if table.outcome() is None and table.view(0).to_json()["floor"]["houses"]:
            found = table
            break
    assert found is not None
    view = found.view(0).to_json()
    legal = found.legal_texts()
    app = CardtableApp(table=found)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        boxes = {box.name: box for box in screen.query(HouseBox)}
        assert sorted(boxes) == sorted(f"H{h['value']}" for h in view["floor"]["houses"])
        for house in view["floor"]["houses"]:
            box = boxes[f"H{house['value']}"]
            cemented = len(house["sets"]) > 1
            assert box.has_class("-cemented") == cemented
            assert box.border_title == f"H{house['value']}" + (" cemented" if cemented else "")
            owners = ["you" if o == 0 else f"seat {o}" for o in house["owners"]]
            assert box.border_subtitle == ", ".join(owners)
            assert all(pretty_card(c) in _text(box) for s in house["sets"] for c in s)
        # with a card picked, a house lights up exactly when a legal move uses both
        card = next(c for c in view["hand"] if is_live(legal, [], c))
        await pilot.click(f"#hand .card-{card}")
        await pilot.pause()
        for name, box in {box.name: box for box in screen.query(HouseBox)}.items():
            assert box.has_class("-live") == is_live(legal, [card], name or "")


async def test_the_log_does_not_name_a_bots_bury() -> None:
    for seed in range(40):
        table = _table("sheepshead", seed)
        app = CardtableApp(table=table)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if "pass" in table.legal_texts():
                screen.act("pass")
                await pilot.pause()
            buries = [h.split(" ", 1) for h in table.history() if h.split()[1] == "bury"]
            if not buries or buries[0][0] == "0" or table.outcome() is not None:
                continue
            seat, bury = buries[0]
            assert f"Seat {seat} buries two cards face down." in screen.lines
            assert not any(pretty_action(bury) in line for line in screen.lines)
            await pilot.press("y")
            assert f"{seat} bury 2 cards face down" in screen.lines[-1]
            return
    raise AssertionError("no hand where a bot picked")


async def test_the_pieces_can_be_picked_by_keyboard_too() -> None:
    table, capture, dead = _seep_capture_position()
    card, taken = capture.split()[1], tokens_of(capture)[1:]
    app = CardtableApp(table=table)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.query_one(f"#hand .card-{card}").focus()
        await pilot.press("space")
        await pilot.pause()
        assert screen.picked == [card]
        assert app.focused is not None and app.focused.name == card  # the keyboard stays on the pieces
        screen.query_one(f"#loose .card-{dead}").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.picked == [card]
        for token in taken:
            screen.query_one(f"#loose .card-{token}").focus()
            await pilot.press("enter")
            await pilot.pause()
        assert screen.picked == [card, *taken]
        await pilot.press("c")
        await pilot.pause()
        assert screen.picked == []
