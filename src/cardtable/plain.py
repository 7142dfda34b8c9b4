"""The plain line mode of the table: the view printed as text, actions read as record notation.

For scripts, screen readers and terminals without a mouse. The game is told as it goes (who did
what, who took the trick, what each hand was worth). At a prompt, type an action as it is printed
(``play 10♦`` or ``play 10D``, ``bid 3``, ``capture J♥ 5♣+6♥``), or the number of a legal action,
or one of: ``hint``, ``undo``, ``history``, ``last`` (the last trick), ``score``, ``save FILE``
(which refuses a file that is there), ``save! FILE`` (which replaces it), ``help``, ``quit``. At
the end of a hand, press Enter for the next one. With ``letters``, cards are printed with suit
letters (``10D``) instead of symbols (``10♦``) and a minus as the plain hyphen, for screen readers
and plain terminals. When the input ends in the middle of a match, one line says so and the status is 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from cardtable.core import CardtableError
from cardtable.render import MINUS, SUIT_SYMBOLS, pretty_text
from cardtable.strict import is_number_text
from cardtable.table import (
    Move,
    Table,
    action_help,
    from_symbols,
    hint_heading,
    hint_lines,
    house_rules_line,
    pretty_action,
    view_lines,
)

HELP = (
    "Type an action or its number; "
    "'hint' for the search bot's estimates, 'undo' to take back your last decision, "
    "'history' for this hand's actions, 'last' for the last trick, 'score' for the scoreboard, "
    "'save FILE' to save the match as a record (a file that is there is kept: 'save! FILE' replaces it), "
    "'quit' to stop."
)

#: The legal actions are listed this many to a line, so a long list (a Sheepshead bury) stays readable.
PER_LINE = 8

#: A card shown with its suit symbol (``10♦``), for the letters mode.
_SYMBOL_CARD = re.compile("[" + "".join(SUIT_SYMBOLS.values()) + "]")


def help_text(game_name: str, letters: bool = False) -> str:
    """The plain mode's help for ``game_name``: its own actions, then the commands."""
    return action_help(game_name, letters) + " " + HELP


def _told(table: Table, move: Move) -> list[str]:
    """What a move said to the listener, or the action as the listener saw it where it said nothing."""
    if move.said:
        return list(move.said)
    text = table.seen_by(move, min(table.people)) if table.people else move.text
    return [f"Seat {move.seat}: {pretty_action(text)}"]


def legal_lines(legal: list[str], shown: Callable[[str], str]) -> list[str]:
    """The numbered legal actions, `PER_LINE` to a line after ``Legal:``."""
    items = [f"[{i + 1}] {shown(pretty_action(a))}" for i, a in enumerate(legal)]
    rows = ["  ".join(items[i : i + PER_LINE]) for i in range(0, len(items), PER_LINE)] or [""]
    return ["Legal: " + rows[0], *("       " + row for row in rows[1:])]


def run_plain(table: Table, stdin: TextIO, out: TextIO, letters: bool = False) -> int:
    """Play the table's match on text streams until the match ends, the input ends or 'quit'
    (``letters``: cards with suit letters, not symbols). The status is 0, or 1 when the input
    ends in the middle of a match (one line says so)."""

    def shown(text: str) -> str:
        # letters for plain terminals: the cards' suit letters and the plain hyphen for a minus
        return _SYMBOL_CARD.sub(lambda m: from_symbols(m.group()), text).replace(MINUS, "-") if letters else text

    def say(text: str = "") -> None:
        print(shown(text), file=out, flush=True)

    def ended() -> int:
        say()
        say("The input ended in the middle of the match; it was not saved.")
        return 1

    say(f"{table.game.name}: you sit at seat(s) {', '.join(map(str, sorted(table.people)))}.")
    say(f"{house_rules_line(table.game.rules)}.")
    say(help_text(table.game.name, letters))
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
                return ended()
            word = line.strip()
            if word == "quit":
                return 0
            if word.startswith("save"):
                _save(table, word, say)
                continue
            if not table.next_hand():
                return 0
            continue
        seat = table.actor()
        assert seat is not None
        for text in view_lines(table.game.name, table.view(seat).to_json()):
            say(text)
        legal = table.legal_texts()
        for text in legal_lines(legal, shown):
            say(text)
        out.write(f"seat {seat}> ")
        out.flush()
        line = stdin.readline()
        if not line:
            return ended()
        word = line.strip()
        if not word:
            continue
        if word == "quit":
            return 0
        if word == "help":
            say(help_text(table.game.name, letters))
        elif word == "hint":
            try:
                hints = table.hints()
            except CardtableError as e:
                say(f"No hints: {e}")
                hints = []
            if hints:
                say(f"Hints from {table.hint_source()}, best first ({hint_heading(table.game)}):")
            for text in hint_lines(hints, table.game.format):
                say(f"  {text}")
        elif word == "undo":
            say("Taken back." if table.undo() else "Nothing of yours to take back in this hand.")
        elif word == "history":
            say("  " + ("; ".join(pretty_action(text) for text in table.public_history(seat)) or "(nothing yet)"))
        elif word == "score":
            for text in table.scoreboard_lines():
                say(text)
        elif word == "last":
            for text in table.last_trick_lines():
                say(text)
        elif word.startswith("save"):
            _save(table, word, say)
        else:
            text = legal[int(word) - 1] if is_number_text(word) and 0 < int(word) <= len(legal) else word
            try:
                move = table.play(text)
            except CardtableError as e:
                say(f"Refused: {pretty_text(str(e))}")
            else:
                for text in _told(table, move):
                    say(text)


def _save(table: Table, command: str, say: Callable[[str], None]) -> None:
    """``save FILE`` (refusing a file that is there) or ``save! FILE`` (replacing it)."""
    force = command.startswith("save!")
    path = command[5 if force else 4 :].strip()
    if not path:
        say("save needs a file name, e.g. 'save match.json'")
        return
    if not force and Path(path).exists():
        say(f"Not saved: {path} is there already ('save! {path}' replaces it).")
        return
    try:
        table.save(path, force=True)
    except (OSError, ValueError, CardtableError) as e:
        say(f"Could not save: {e}")
    else:
        say(f"Saved {path}.")
