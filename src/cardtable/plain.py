"""The plain line mode of the table: the view printed as text, actions read as record notation.

For scripts, screen readers and terminals without a mouse. The game is told as it goes (who did
what, who took the trick, what each hand was worth). At a prompt, type an action as it is printed
(``play 10♦`` or ``play 10D``, ``bid 3``, ``capture J♥ 5♣+6♥``), or the number of a legal action,
or one of: ``hint``, ``undo``, ``history``, ``last`` (the last trick), ``score``, ``save FILE``,
``help``, ``quit``. At the end of a hand, press Enter for the next one.
"""

from __future__ import annotations

from typing import TextIO

from cardtable.core import CardtableError
from cardtable.strict import is_number_text
from cardtable.table import Move, Table, action_help, hint_lines, pretty_action, view_lines

HELP = (
    "Type an action or its number; "
    "'hint' for the search bot's estimates, 'undo' to take back your last decision, "
    "'history' for this hand's actions, 'last' for the last trick, 'score' for the scoreboard, "
    "'save FILE' to save the match as a record, 'quit' to stop."
)


def help_text(game_name: str) -> str:
    """The plain mode's help for ``game_name``: its own actions, then the commands."""
    return action_help(game_name) + " " + HELP


def _told(table: Table, move: Move) -> list[str]:
    """What a move said to the listener, or the action as the listener saw it where it said nothing."""
    if move.said:
        return list(move.said)
    text = table.seen_by(move, min(table.people)) if table.people else move.text
    return [f"Seat {move.seat}: {pretty_action(text)}"]


def run_plain(table: Table, stdin: TextIO, out: TextIO) -> int:
    """Play the table's match on text streams until the match ends, the input ends or 'quit'."""

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(f"{table.game.name}: you sit at seat(s) {', '.join(map(str, sorted(table.people)))}.")
    say(help_text(table.game.name))
    shown_hand = -1
    while True:
        if shown_hand != table.hand_number:
            shown_hand = table.hand_number
            say(f"--- {table.deal_lines()[0]}")
        moves = table.run_bots()
        for move in moves:
            for text in _told(table, move):
                say(text)
        result = table.outcome()
        if result is not None:
            for line in table.summary_lines():
                say(line)
            if table.winner() is not None:
                return 0
            if result.result == "misdeal":  # Seep R8: nothing to decide, the deal goes on
                table.next_hand()
                continue
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
            say(help_text(table.game.name))
        elif word == "hint":
            try:
                hints = table.hints()
            except CardtableError as e:
                say(f"No hints: {e}")
                hints = []
            for text in hint_lines(hints, table.game.format):
                say(f"  {text}")
        elif word == "undo":
            say("Taken back." if table.undo() else "Nothing of yours to take back in this hand.")
        elif word == "history":
            say("  " + ("; ".join(table.public_history(seat)) or "(nothing yet)"))
        elif word == "score":
            for text in table.scoreboard_lines():
                say(text)
        elif word == "last":
            for text in table.last_trick_lines():
                say(text)
        elif word.startswith("save"):
            _save(table, word[4:].strip(), say)
        else:
            text = legal[int(word) - 1] if is_number_text(word) and 0 < int(word) <= len(legal) else word
            try:
                move = table.play(text)
            except CardtableError as e:
                say(f"Refused: {e}")
            else:
                for text in _told(table, move):
                    say(text)


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
