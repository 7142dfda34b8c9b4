"""A game's first lesson, step by step, on prepared deals: what to look at, the move to make, and
the learner's move checked by the engine.

A lesson is written once, as data, in its game's package (``games/<game>/lessons.py``, found with
`registry.part(name, "lessons")`): ``LESSON``, a mapping with the lesson's ``title``, an
``intro``, the ``bots`` that sit with the learner for the first hand after it (the gentlest), a
``words`` mapping from a rule's id to what it says in plain words, and its ``steps``. Each step is
a prepared position (an explicit ``deal`` with its ``dealer`` and the ``moves`` played on it up
to the learner's turn, or a record's ``position``), the ``text`` the learner reads, the moves
the lesson asks for (``expect``), a few moves offered to try (``choices``, some of them not
legal on purpose), what is said once the lesson's move is made (``done``) and what is said of a
legal move that is not the lesson's (``other``).

`check` judges a move the way a table would, through `Game.apply`: a move that is not notation
is refused with the notation's reason, an illegal one with the engine's rule and reason and that
rule in plain words, a legal one that is not the lesson's is explained and the step tried again.
The web pages (``/learn``) and the terminal (``cardtable learn``) both run lessons through here,
so neither knows a game's name.

A lesson's words are written once, in English, each marked as a message (``N_``): what this module
says, it says in the language being spoken (`cardtable.i18n.speaking`), the lesson's own words
and the engine's reasons too; the moves stay in the record's notation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable import registry
from cardtable.core import BadNotation, CardtableError, IllegalAction
from cardtable.i18n import Phrase, _, current, phrase, say
from cardtable.render import pretty_text


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a position, what to read, what to do."""

    title: str
    text: str
    expect: tuple[str, ...]
    choices: tuple[str, ...]
    done: str
    other: str
    dealer: int = 0
    deal: Mapping[str, Any] | None = None
    moves: tuple[str, ...] = ()
    position: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Lesson:
    """A game's first lesson: its steps, the rules' plain words, and the bots of the first hand."""

    game: str
    title: str
    intro: str
    steps: tuple[Step, ...]
    words: Mapping[str, str]
    bots: str
    rules: Mapping[str, Any]
    finish: str


@dataclass(frozen=True)
class Verdict:
    """What is said of a learner's move: ``kind`` is ``"right"`` (the lesson's move), ``"other"``
    (legal, not the lesson's: try again), ``"illegal"`` (the engine refused it, ``rule`` says
    which rule) or ``"bad"`` (not a move of the game at all)."""

    kind: str
    text: str
    rule: str = ""
    move: str = ""
    why: str = ""

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON-ready data: with a legal move that is not the lesson's, that move
        in notation (``move``) and what the step says of it (``why``), for a page to say the move
        in its own words."""
        return {"kind": self.kind, "text": self.text, "rule": self.rule, "move": self.move, "why": self.why}


def games() -> list[str]:
    """The registered games that have a lesson, in the registry's order."""
    return [name for name in registry.names() if getattr(registry.part(name, "lessons"), "LESSON", None)]


def lesson(game: str) -> Lesson:
    """The first lesson of ``game``; raises `BadNotation` naming the games that have one."""
    data = getattr(registry.part(game, "lessons"), "LESSON", None) if game in registry.names() else None
    if not isinstance(data, Mapping):
        raise BadNotation(
            phrase("no lesson for {name}: lessons are for {games}", name=repr(game[:40]), games=", ".join(games()))
        )
    steps = tuple(
        Step(
            title=s["title"],
            text=s["text"],
            expect=tuple(s["expect"]),
            choices=tuple(s.get("choices", s["expect"])),
            done=s["done"],
            other=s["other"],
            dealer=int(s.get("dealer", 0)),
            deal=s.get("deal"),
            moves=tuple(s.get("moves", ())),
            position=s.get("position"),
        )
        for s in data["steps"]
    )
    return Lesson(
        game=game,
        title=data["title"],
        intro=data["intro"],
        steps=steps,
        words=dict(data.get("words", {})),
        bots=data.get("bots", "random"),
        rules=dict(data.get("rules", {})),
        finish=data.get("finish", ""),
    )


def game_of(les: Lesson) -> Any:
    """The game object a lesson is played with (its rules, else the game's defaults)."""
    return registry.get_game_from_rules(les.game, les.rules)


def position(les: Lesson, index: int) -> tuple[Any, Any]:
    """The game and the state of step ``index``: the deal with its moves played by the engine, or
    the record's position; raises `BadNotation` for a step that does not exist."""
    if not 0 <= index < len(les.steps):
        raise BadNotation(f"step: the lesson has steps 1 to {len(les.steps)}")
    step = les.steps[index]
    game = game_of(les)
    if step.position is not None:
        state = game.position_start(step.position, None)
    else:
        state = game.start(step.dealer)
        state = game.apply(state, game.deal_from_json(step.deal, step.dealer))
    for text in step.moves:
        state = game.apply(state, game.parse(text))
    return game, state


def learner(les: Lesson, index: int) -> int:
    """The seat the learner plays in step ``index``: the seat to act there."""
    game, state = position(les, index)
    seat: int = game.actor(state)
    return seat


def view_json(les: Lesson, index: int) -> dict[str, Any]:
    """What the learner sees in step ``index``: the seat's own view, nothing more."""
    game, state = position(les, index)
    view: dict[str, Any] = game.observe(state, game.actor(state)).to_json()
    return view


def _plain(text: str) -> str:
    """A move as the learner may type it: spaces squeezed, the case as the game reads it."""
    return " ".join(text.split())


#: The engine's words for a seat, as said to the person in that seat ("seat 1 must" → "you must").
_YOU = {
    "'s": "your",
    " must": "you must",
    " may": "you may",
    " holds": "you hold",
    " has": "you have",
    " is": "you are",
}


def to_you(reason: str, seat: int) -> str:
    """The engine's ``reason`` said to the learner in ``seat``: "A♠ is not in seat 1's hand" becomes
    "A♠ is not in your hand", "seat 1 must pick or pass" "you must pick or pass"; other seats are
    left as they are."""

    def say(m: re.Match[str]) -> str:
        return _YOU[m.group(1)]

    return re.sub(rf"\bseat {seat}('s| must| may| holds| has| is)\b", say, reason)


def check(les: Lesson, index: int, move: str) -> Verdict:
    """Judge the learner's ``move`` (record notation without the seat, e.g. ``play QC``) in step
    ``index`` by the engine: the lesson's move, a legal other one, an illegal one, or no move."""
    game, state = position(les, index)
    step = les.steps[index]
    text = _plain(move)
    if not text or len(text) > 200:
        return Verdict("bad", _example(step))
    try:
        action = game.parse(text)
    except CardtableError as e:
        reason = e.args[0] if e.args else str(e)
        if isinstance(reason, Phrase) or current() == "en":
            return Verdict("bad", _("That is not a move of the game: {reason}.").format(reason=say(reason)))
        # the notation's own reasons are English: said in another language, the example instead
        return Verdict("bad", " ".join((_("That is not a move of the game."), _example(step))))
    try:
        game.apply(state, action)
    except IllegalAction as e:
        plain = _(les.words[e.rule]) if les.words.get(e.rule) else ""
        reason = to_you(pretty_text(say(e.reason)), game.actor(state))
        said = _("Not allowed: {reason} (rule {rule}).").format(reason=reason, rule=e.rule)
        return Verdict("illegal", f"{said} {plain}".strip(), e.rule)
    made = game.format(action)
    if any(made == game.format(game.parse(x)) for x in step.expect):
        return Verdict("right", _(step.done))
    allowed = _("{move} is allowed, but it is not this step's move.").format(move=pretty_text(made))
    return Verdict("other", f"{allowed} {_(step.other)}", move=made, why=_(step.other))


def _example(step: Step) -> str:
    """What to type, with the step's first moves as examples."""
    if len(step.choices) < 2:
        return _("Type a move, for example {move}.").format(move=step.choices[0])
    return _("Type a move, for example {move} or {other}.").format(move=step.choices[0], other=step.choices[1])


def steps_json(les: Lesson) -> list[dict[str, Any]]:
    """Every step as the pages show it: its title, text, the learner's seat and view, the moves
    offered to try (never the answer apart from the others)."""
    out = []
    for i, step in enumerate(les.steps):
        view = view_json(les, i)
        out.append(
            {
                "title": _(step.title),
                "text": _(step.text),
                "seat": view.get("seat"),
                "view": view,
                "choices": list(step.choices),
            }
        )
    return out


def lesson_json(les: Lesson) -> dict[str, Any]:
    """The lesson as the pages take it, its words in the language being spoken."""
    seats: int = game_of(les).seats
    return {
        "game": les.game,
        "title": _(les.title),
        "intro": _(les.intro),
        "finish": _(les.finish) if les.finish else "",
        "bots": les.bots,
        "seats": seats,
        "steps": steps_json(les),
    }


def answers(les: Lesson) -> Sequence[tuple[int, str]]:
    """Each step's first expected move, for the tests and a demonstration."""
    return [(i, s.expect[0]) for i, s in enumerate(les.steps)]
