"""The table model and its plain line mode (a scripted match)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.core import CardtableError
from cardtable.plain import run_plain
from cardtable.record import replay_record
from cardtable.render import number
from cardtable.table import Table, pretty_action


def _table(game: str, seed: int = 1) -> Table:
    g = registry.get_game(game)
    return Table(g, [0], {s: "random" for s in range(1, g.seats)}, seed=seed, dealer=g.seats - 1)


@pytest.mark.parametrize("game", registry.names())
def test_a_person_plays_a_whole_hand_and_the_record_replays(game: str) -> None:
    table = _table(game)
    while table.outcome() is None:
        table.run_bots()
        if table.outcome() is None:
            table.play(table.legal_texts()[-1])
    status, rep = replay_record(table.record())
    assert status == 0
    assert rep["hands"][0]["score"] == list(table.outcome().score)  # type: ignore[union-attr]
    assert table.summary_lines()[0].startswith("Hand 1:")


def test_refusals_name_the_rule_and_change_nothing() -> None:
    table = _table("smear")
    table.run_bots()
    before = table.state
    with pytest.raises(CardtableError):
        table.play("play ZZ")
    with pytest.raises(CardtableError):
        table.play("bid 9")
    assert table.state == before


def test_undo_goes_back_to_the_persons_previous_decision() -> None:
    table = _table("sheepshead", seed=4)
    table.run_bots()
    before = table.state
    table.play(table.legal_texts()[0])
    table.run_bots()
    assert table.undo()
    assert table.state == before
    assert not table.undo() or table.state != before


def test_bots_never_get_the_state() -> None:
    seen: list[object] = []

    class Spy:
        name = "spy"

        def act(self, view: object, legal: list[object], rng: object) -> object:
            seen.append(view)
            return legal[0]

    table = _table("smear")
    table.bots = {s: Spy() for s in table.bots}
    table.run_bots()
    table.play(table.legal_texts()[0])
    table.run_bots()
    assert seen
    state_type = type(table.state)
    assert all(not isinstance(v, state_type) for v in seen)


def test_pretty_actions() -> None:
    assert pretty_action("capture JH 5C+6H") == "capture J♥ 5♣+6♥"
    assert pretty_action("build 9 9S 9H") == "build 9 9♠ 9♥"


def test_plain_mode_plays_a_scripted_match(tmp_path: Path) -> None:
    table = _table("smear", seed=5)
    saved = tmp_path / "plain.json"
    script = ["help", "fly away", "history", "hint", "undo"] + ["1"] * 40 + [f"save {saved}", ""] + ["1"] * 40
    out = io.StringIO()
    assert run_plain(table, io.StringIO("\n".join(script) + "\n"), out) == 1  # the input ends mid-match
    text = out.getvalue()
    assert "Refused:" in text and "Legal: [1]" in text and "points per hand" in text
    assert "--- Hand 1: " in text and "--- Hand 2: " in text
    assert "Smear actions: 'pass', 'bid 3', 'discard 9♣ Q♦', 'play 10♦'" in text  # the help is the game's own
    assert replay_record(json.loads(saved.read_text()))[0] == 0


def test_plain_mode_from_the_command_line() -> None:
    lines = "\n".join(["1"] * 60) + "\n"
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "sheepshead", "--plain", "--seed", "3", "--bots", "random"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 1, out.stderr  # the input ended in the middle of the match
    assert "Hand 1:" in out.stdout
    assert out.stdout.rstrip().endswith("The input ended in the middle of the match; it was not saved.")
    bad = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "smear", "--plain", "--seat", "7"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_the_scoreboard_keeps_every_hand_and_the_running_match() -> None:
    table = _table("sheepshead", seed=6)
    assert table.scoreboard() == [] and table.scoreboard_lines() == ["No hand has been finished yet."]
    totals = [0] * 5
    for hand in (1, 2):
        while table.outcome() is None:
            table.run_bots()
            if table.outcome() is None:
                table.play(table.legal_texts()[0])
        score = table.outcome().score  # type: ignore[union-attr]
        totals = [t + s for t, s in zip(totals, score, strict=True)]
        line = table.scoreboard()[-1]
        assert line.hand == hand and line.points == score and line.running == tuple(totals)
        if hand == 1:
            assert table.next_hand()
    assert len(table.scoreboard()) == 2
    lines = table.scoreboard_lines()
    assert lines[0] == "Scoreboard (seat 0 (you), seat 1, seat 2, seat 3, seat 4):"
    assert lines[2].endswith("match " + " ".join(map(number, totals)))


def test_a_team_game_scores_by_side() -> None:
    table = _table("seep", seed=2)
    while table.outcome() is None:
        table.run_bots()
        if table.outcome() is None:
            table.play(table.legal_texts()[0])
    line = table.scoreboard()[0]
    score = table.outcome().score  # type: ignore[union-attr]
    assert line.points == (score[0], score[1]) and line.running is None
    assert line.match == table.game.match_json(table.state)
    assert table.side_names() == ["seats 0+2 (you)", "seats 1+3"]
    assert "difference" in table.scoreboard_lines()[1]


def test_why_not_names_the_rule_and_plays_nothing() -> None:
    table = _table("smear")
    table.run_bots()
    before = table.state
    assert table.why_not(table.legal_texts()[0]) is None
    assert table.why_not("bid 9") == "seat 0 bid 9: bids run from 2 to 4 (R12)"
    assert table.state == before


def test_plain_mode_shows_the_scoreboard() -> None:
    table = _table("smear", seed=5)
    script = ["score"] + ["1"] * 40 + ["score", ""] + ["1"] * 40 + ["score", "quit"]
    out = io.StringIO()
    assert run_plain(table, io.StringIO("\n".join(script) + "\n"), out) == 0
    text = out.getvalue()
    assert "No hand has been finished yet." in text
    assert "Scoreboard (seats 0+2 (you), seats 1+3):" in text and "  hand 1 (" in text


def test_the_history_does_not_name_a_bots_bury_until_the_hand_is_over() -> None:
    for seed in range(40):
        table = _table("sheepshead", seed=seed)
        table.run_bots()
        if "pass" in table.legal_texts():
            table.play("pass")  # leave the blind to the bots
            table.run_bots()
        buries = [h for h in table.history() if h.split()[1] == "bury"]
        if buries and not buries[0].startswith("0 "):
            break
    else:
        raise AssertionError("no hand where a bot picked")
    bury = buries[0]
    assert f"{bury.split()[0]} bury 2 cards face down" in table.public_history(0)
    assert bury not in table.public_history(0)
    out = io.StringIO()
    run_plain(table, io.StringIO("history\nquit\n"), out)
    assert "bury 2 cards face down" in out.getvalue() and bury.split(" ", 1)[1] not in out.getvalue()
    while table.outcome() is None:
        table.run_bots()
        if table.outcome() is None:
            table.play(table.legal_texts()[0])
    assert bury in table.public_history(0)


def test_plain_save_keeps_a_file_that_is_there_and_save_bang_replaces_it(tmp_path: Path) -> None:
    other = tmp_path / "seep.json"
    other.write_text("a Seep record\n")
    out = io.StringIO()
    assert run_plain(_table("smear"), io.StringIO(f"save {other}\nquit\n"), out) == 0
    assert other.read_text() == "a Seep record\n"
    refusal = [line.removeprefix("seat 0> ") for line in out.getvalue().splitlines() if "Not saved" in line]
    assert refusal == [f"Not saved: {other} is there already ('save! {other}' replaces it)."]
    out = io.StringIO()
    assert run_plain(_table("smear"), io.StringIO(f"save! {other}\nquit\n"), out) == 0
    assert f"Saved {other}." in out.getvalue()
    assert replay_record(json.loads(other.read_text()))[0] == 0
    assert "save! FILE" in out.getvalue()  # the help says how


def test_plain_mode_says_when_the_input_ends_mid_hand() -> None:
    out = io.StringIO()
    assert run_plain(_table("smear"), io.StringIO(""), out) == 1
    assert out.getvalue().rstrip().splitlines()[-1] == "The input ended in the middle of the match; it was not saved."


def test_plain_mode_in_letters_prints_no_suit_symbol() -> None:
    out = io.StringIO()
    table = _table("smear", seed=2)
    assert run_plain(table, io.StringIO("1\n1\n1\nhistory\nquit\n"), out, letters=True) == 0
    text = out.getvalue()
    assert not set("♣♦♥♠") & set(text)
    assert "Your hand: " in text and any(
        line.startswith("Your hand: ") and line[-1] in "CDHS" for line in text.splitlines()
    )
    assert "Smear actions: 'pass', 'bid 3', 'discard 9C QD', 'play 10D' (suits as the letters C D H S" in text


def test_a_sheepshead_bury_is_listed_a_few_actions_a_line() -> None:
    for seed in range(40):
        table = _table("sheepshead", seed=seed)
        table.run_bots()
        if "pick" in table.legal_texts():
            table.play("pick")
            table.run_bots()
            break
    legal = table.legal_texts()
    assert len(legal) > 20 and legal[0].startswith("bury")
    out = io.StringIO()
    run_plain(table, io.StringIO("quit\n"), out)
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Legal: "))
    listed = lines[start : start + (len(legal) + 7) // 8]
    assert all(line.count("[") <= 8 for line in listed)
    assert " ".join(listed).count("[") == len(legal)


@pytest.mark.parametrize("game", registry.names())
def test_every_games_view_names_the_seat_to_act_to_act(game: str) -> None:
    """Bots read one name for the seat to act in every game (Sheepshead keeps ``actor`` as well)."""
    table = _table(game, seed=3)
    for seat in range(table.game.seats):
        view = table.view(seat)
        assert view.to_act == table.actor() and view.to_json()["to_act"] == table.actor()
    public = table.game.observe_public(table.state)
    assert public.to_json()["to_act"] == table.actor()
    if game == "sheepshead":
        assert view.to_json()["actor"] == view.to_json()["to_act"]


def test_register_bot_is_part_of_the_bots_package() -> None:
    import cardtable.bots

    assert "register_bot" in cardtable.bots.__all__
    assert "make_bot(game" in (cardtable.bots.register_bot.__doc__ or "")


def test_plain_mode_names_the_house_rules_and_refuses_in_suit_symbols() -> None:
    g = registry.get_game("smear", kitty_size=2)
    table = Table(g, [0], {s: "random" for s in range(1, 4)}, seed=1, dealer=3)
    out = io.StringIO()
    run_plain(table, io.StringIO("play 9C\nquit\n"), out)
    text = out.getvalue()
    assert "House rules: kitty size 2." in text.splitlines()
    refused = next(line for line in text.splitlines() if "Refused:" in line)
    assert "9♣" in refused and "9C" not in refused


def test_the_plain_history_shows_cards_with_their_suit_symbols() -> None:
    table = _table("smear", seed=2)
    out = io.StringIO()
    assert run_plain(table, io.StringIO("1\n1\n1\n1\n1\nhistory\nquit\n"), out) == 0
    told = [line.rpartition("> ")[2] for line in out.getvalue().splitlines()]
    line = next(x for x in told if x.startswith("  ") and "; " in x and " play " in x)  # the history
    assert set("♣♦♥♠") & set(line) and not any(f"{r}{s}" in line for r in "23456789JQKA" for s in "CDHS"), line
