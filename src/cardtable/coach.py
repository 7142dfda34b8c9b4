"""Lessons and puzzles at the terminal, in lines: the position drawn as the plain table draws it,
the text, and the learner's move typed in record notation and judged by the engine
(`cardtable.learn.check`) or against the puzzle's answer (`cardtable.puzzles.judge`).

Used by ``cardtable learn GAME`` and ``cardtable puzzles``; reads lines from ``inp`` and writes to
``out``, so that it runs the same under a test as at a terminal. A lesson's words are said in the
language being spoken (`cardtable.i18n.speaking`: ``cardtable learn --lang de``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from cardtable import learn, puzzles
from cardtable.i18n import N_, _
from cardtable.render import pretty_card, pretty_text, table_lines

#: What the learner may type besides a move.
KEYS = N_("type a move as shown, 'hint' for the lesson's move, 'q' to stop")


def _read(inp: TextIO, out: TextIO, prompt: str) -> str | None:
    out.write(prompt)
    out.flush()
    line = inp.readline()
    if not line:
        return None
    return line.strip()


def draw(game: str, view: dict[str, Any], out: TextIO) -> None:
    """The position as the seat sees it: the table's lines and the seat's hand."""
    for line in table_lines(game, view):
        out.write(f"  {line}\n")
    hand = view.get("hand") or []
    cards = " ".join(pretty_card(c) for c in hand)
    out.write("  " + _("Your hand (seat {seat}): {cards}").format(seat=view.get("seat"), cards=cards) + "\n")


def run_lesson(les: learn.Lesson, inp: TextIO, out: TextIO) -> bool:
    """Take the learner through every step; ``True`` once the last step is done, ``False`` when
    the learner stops (``q``) or the input ends."""
    out.write(f"{_(les.title)}\n\n{_(les.intro)}\n")
    for i, step in enumerate(les.steps):
        where = _("Step {n} of {total}: {title}").format(n=i + 1, total=len(les.steps), title=_(step.title))
        out.write(f"\n{where}\n")
        draw(les.game, learn.view_json(les, i), out)
        out.write(f"\n{_(step.text)}\n")
        moves = " | ".join(pretty_text(c) for c in step.choices)
        out.write(_("Moves to try: {moves}  ({keys})").format(moves=moves, keys=_(KEYS)) + "\n")
        while True:
            line = _read(inp, out, _("your move> "))
            if line is None or line.lower() in ("q", "quit"):
                return False
            if line.lower() in ("hint", "h", "?"):
                out.write(_("The lesson's move: {move}").format(move=pretty_text(step.expect[0])) + "\n")
                continue
            verdict = learn.check(les, i, _letters(line))
            out.write(f"{verdict.text}\n")
            if verdict.kind == "right":
                break
    out.write("\n" + _("That is the lesson. {finish}").format(finish=_(les.finish) if les.finish else "") + "\n")
    return True


def _letters(text: str) -> str:
    """A move typed with suit symbols, in letters (``play Q♣`` as ``play QC``)."""
    for symbol, letter in (("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")):
        text = text.replace(symbol, letter)
    return text


def ask(inp: TextIO, out: TextIO, question: str) -> bool:
    """A yes-or-no question; yes unless the answer starts with n (or the input ends)."""
    line = _read(inp, out, question + " " + _("[Y/n]") + " ")
    return line is not None and not line.lower().startswith("n")


def run_puzzles(
    found: list[puzzles.Puzzle],
    inp: TextIO,
    out: TextIO,
    rating: puzzles.Rating,
    keep: Callable[[puzzles.Rating], None] | None = None,
    daily: bool = False,
) -> puzzles.Rating:
    """Solve the puzzles one after another (the first is the puzzle of the day when ``daily``);
    the solver's rating moves with each answer (`keep` is told each new one). Returns the rating
    at the end."""
    for n, p in enumerate(found):
        title = (
            _("The puzzle of the day")
            if n == 0 and daily
            else _("Puzzle {n} of {total}").format(n=n + 1, total=len(found))
        )
        rated = _("({game}, rated {rating})").format(game=p.game, rating=round(p.rating))
        out.write(f"\n{title} {rated}: {p.prompt}\n")
        draw(p.game, dict(p.view), out)
        moves = " | ".join(pretty_text(m) for m in p.legal)
        out.write(_("Your moves: {moves}  (type one, 'q' to stop)").format(moves=moves) + "\n")
        while True:
            line = _read(inp, out, _("your move> "))
            if line is None or line.lower() in ("q", "quit"):
                return rating
            answer = puzzles.judge(p, _letters(line))
            if answer.kind == "bad":
                out.write(f"{answer.text}\n")
                continue
            break
        before = rating
        rating = puzzles.rated(rating, p.rating, answer.kind == "right")[0]
        moved = _("Your puzzle rating: {before} -> {after}").format(
            before=round(before.value), after=round(rating.value)
        )
        out.write(f"{answer.text}\n{moved}\n")
        if keep is not None:
            keep(rating)
    return rating
