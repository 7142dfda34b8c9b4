"""The plain line mode of the table: the view printed as text, actions read as record notation.

For scripts, screen readers and terminals without a mouse. At a prompt, type an action
(``play 10D``, ``bid 3``, ``capture JH 5C+6H``), or the number of a legal action, or one of:
``hint``, ``undo``, ``history``, ``score``, ``save FILE``, ``help``, ``quit``. At the end of a hand,
press Enter for the next one.
"""

from __future__ import annotations

from typing import TextIO

from cardtable.core import CardtableError
from cardtable.table import Table, pretty_action, view_lines

HELP = (
    "Type an action in record notation (e.g. 'play 10D') or its number; "
    "'hint' for the search bot's estimates, 'undo' to take back your last decision, "
    "'history' for this hand's actions, 'score' for the scoreboard, 'save FILE' to save the match as a record, "
    "'quit' to stop."
)


def run_plain(table: Table, stdin: TextIO, out: TextIO) -> int:
    """Play the table's match on text streams until the match ends, the input ends or 'quit'."""

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(f"{table.game.name}: you sit at seat(s) {', '.join(map(str, sorted(table.people)))}.")
    say(HELP)
    shown_hand = -1
    while True:
        if shown_hand != table.hand_number:
            shown_hand = table.hand_number
            say(f"--- hand {table.hand_number + 1}, dealer seat {table.game.dealer(table.state)}")
        moves = table.run_bots()
        for move in moves:
            text = table.seen_by(move, min(table.people)) if table.people else move.text
            say(f"seat {move.seat} ({table.players[move.seat]}): {pretty_action(text)}")
        if table.outcome() is not None:
            for line in table.summary_lines():
                say(line)
            if table.winner() is not None:
                return 0
            say("Press Enter for the next hand ('score', 'save FILE' or 'quit' also work).")
            line = stdin.readline()
            while line.strip() == "score":
                for text in table.scoreboard_lines():
                    say(text)
                line = stdin.readline()
            if not line:
                return 0
            word = line.strip()
            if word == "quit":
                return 0
            if word.startswith("save "):
                _save(table, word[5:].strip(), say)
                continue
            if not table.next_hand():
                return 0
            continue
        seat = table.actor()
        assert seat is not None
        for text in view_lines(table.game.name, table.view(seat).to_json()):
            say(text)
        legal = table.legal_texts()
        say("Legal: " + "  ".join(f"[{i + 1}] {pretty_action(a)}" for i, a in enumerate(legal)))
        out.write(f"seat {seat}> ")
        out.flush()
        line = stdin.readline()
        if not line:
            say()
            return 0
        word = line.strip()
        if not word:
            continue
        if word == "quit":
            return 0
        if word == "help":
            say(HELP)
        elif word == "hint":
            try:
                hints = table.hints()
            except CardtableError as e:
                say(f"No hints: {e}")
                hints = []
            for hint in hints:
                name = pretty_action(table.game.format(hint.action))
                say(f"  {name}: {hint.value:+.2f} ± {hint.stderr:.2f} points per hand")
        elif word == "undo":
            say("Taken back." if table.undo() else "Nothing of yours to take back in this hand.")
        elif word == "history":
            say("  " + ("; ".join(table.public_history(seat)) or "(nothing yet)"))
        elif word == "score":
            for text in table.scoreboard_lines():
                say(text)
        elif word.startswith("save"):
            _save(table, word[4:].strip(), say)
        else:
            text = legal[int(word) - 1] if word.isdigit() and 0 < int(word) <= len(legal) else word
            try:
                move = table.play(text)
            except CardtableError as e:
                say(f"Refused: {e}")
            else:
                say(f"seat {move.seat} (you): {pretty_action(move.text)}")


def _save(table: Table, path: str, say: object) -> None:
    assert callable(say)
    if not path:
        say("save needs a file name, e.g. 'save match.json'")
        return
    try:
        table.save(path)
    except (OSError, ValueError) as e:
        say(f"Could not save: {e}")
    else:
        say(f"Saved {path}.")
