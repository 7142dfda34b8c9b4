"""The plain line mode tells the game: narration instead of record lines, suit symbols typed back
as printed, each game's own actions in its help, a Seep misdeal passed in one message."""

from __future__ import annotations

import io

from cardtable import registry
from cardtable.plain import run_plain
from cardtable.table import Table


def _table(game: str, seed: int) -> Table:
    g = registry.get_game(game)
    return Table(g, [0], {s: "rule" for s in range(1, g.seats)}, seed=seed)


def test_a_plain_hand_is_told_and_symbols_are_read() -> None:
    table = _table("smear", 13)
    table.run_bots()
    first = table.legal_texts()[0]
    out = io.StringIO()
    script = [first] + ["1"] * 40 + ["quit"]
    run_plain(table, io.StringIO("\n".join(script) + "\n"), out)
    text = out.getvalue()
    assert "--- Hand 1: " in text
    assert "You " in text and "seat 0 (you):" not in text
    assert "null" not in text


def test_plain_mode_takes_suit_symbols_as_printed() -> None:
    table = _table("smear", 13)
    for _ in range(60):
        table.run_bots()
        if table.outcome() is not None:
            table.next_hand()
            continue
        if any(t.startswith("play ") for t in table.legal_texts()):
            break
        table.play(table.legal_texts()[-1])
    plays = [t for t in table.legal_texts() if t.startswith("play ")]
    assert plays
    card = plays[0].split()[1]
    typed = "play " + card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]
    out = io.StringIO()
    run_plain(table, io.StringIO(typed + "\nquit\n"), out)
    assert "Refused" not in out.getvalue()
    assert any(m.text == plays[0] and not m.by_bot for m in table.moves)


def test_the_help_is_the_games_own() -> None:
    out = io.StringIO()
    run_plain(_table("seep", 3), io.StringIO("help\nquit\n"), out)
    help_lines = [line for line in out.getvalue().splitlines() if line.startswith("Seep actions:")]
    assert help_lines and all("'play" not in line for line in help_lines)
    assert "'capture J♥ 5♣+6♥'" in help_lines[0]


def test_a_seep_misdeal_is_one_message_and_the_next_hand_follows() -> None:
    seed = next(s for s in range(300) if _table("seep", s).outcome() is not None)
    table = _table("seep", seed)
    out = io.StringIO()
    run_plain(table, io.StringIO("quit\n"), out)
    text = out.getvalue()
    assert text.count("Misdeal:") == 1
    assert "--- Hand 2: " in text and "Press Enter for the next hand" not in text.split("--- Hand 2: ")[0]
