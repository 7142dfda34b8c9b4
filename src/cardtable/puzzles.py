"""Puzzles cut from real hands: positions where one move was clearly best from what the seat
could know, kept as that seat's view, the moves it had, the best move, why (in the game's words)
and a theme; and the puzzle rating of the people who solve them.

`make` replays records and values each decision as the analysis does (`cardtable.analysis`,
from the deciding seat's view and legal moves only). A decision becomes a puzzle when the move
made there was a mistake or a blunder by the game's grade lines, its loss is clear of zero by
its 95% interval, and the moves the search cannot tell from the best (each within the other's
interval) are few: those are the puzzle's accepted answers. The theme is the first of the game's
``THEMES`` (in its ``analysis.py``: a phrase of its why-sentences and the theme it stands for)
found in the reason, else the kind of move (``MOVE_THEMES``).

A puzzle holds the seat's view and nothing else of the deal: `Puzzle.to_json` never names a card
the seat could not see (tests/test_puzzles.py checks it over many puzzles with
`cardtable.secrecy`).

The rating is Elo's: a solver and a puzzle each have a rating; the expected score of the solver
is ``1 / (1 + 10 ** ((puzzle - solver) / 400))``; after an answer the solver moves by
``K_SOLVER * (result - expected)`` and the puzzle by the opposite of ``K_PUZZLE`` times the same,
so that puzzles many people fail rise and puzzles everyone solves sink (docs/learn.md).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable import registry
from cardtable.analysis import grades, parts
from cardtable.analysis.review import analyze_decision, search_bot
from cardtable.core import CHANCE, BadNotation, CardtableError
from cardtable.i18n import N_, _, current, ngettext, phrase_of, say
from cardtable.record import Record, load_game, replay
from cardtable.render import pretty_text

#: Where the puzzles that come with cardtable are kept (made by the command in docs/learn.md).
SHIPPED = Path(__file__).resolve().parent / "data" / "puzzles.jsonl"
#: A solver's rating before the first answer.
START = 1500.0
#: How far one answer moves a solver's rating, and a puzzle's.
K_SOLVER = 32.0
K_PUZZLE = 16.0
#: The grades a move must have had for its position to make a puzzle.
BAD_GRADES = ("mistake", "blunder")
#: The most answers a puzzle may accept: beyond that it asks for no clear move.
MOST_ACCEPTED = 2
#: A theme by the kind of the best move, when the game's reason names none of its themes.
MOVE_THEMES = (
    ("bid", N_("the bid")),
    ("pass", N_("when to pass")),
    ("pick", N_("when to pick")),
    ("bury", N_("the bury")),
    ("call", N_("the call")),
    ("alone", N_("the call")),
    ("discard", N_("the discard")),
    ("capture", N_("a capture")),
    ("build", N_("a house to build")),
    ("cement", N_("a house to cement")),
    ("break", N_("a house to raise")),
    ("throw", N_("a card to throw")),
    ("play", N_("the card to play")),
)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the seat's view and moves, the answer and why."""

    id: str
    game: str
    rules: Mapping[str, Any]
    seat: int
    view: Mapping[str, Any]
    legal: tuple[str, ...]
    best: str
    accepted: tuple[str, ...]
    why: str
    theme: str
    loss: float
    rating: float
    source: Mapping[str, Any] = field(default_factory=dict)
    #: The reason as words any language can say (`cardtable.i18n.words_of`), or ``None`` for a
    #: puzzle kept before reasons were (its ``why`` is then said in English only).
    why_words: Any = None

    def reason(self) -> str | None:
        """The reason in the language being spoken: from ``why_words``, or the English sentence in
        English; ``None`` when there is no reason, or only the English sentence and another
        language is spoken (never half a sentence in English)."""
        if not self.why:
            return None
        if self.why_words is not None:
            try:
                return say(phrase_of(self.why_words))
            except ValueError:
                pass
        return self.why if current() == "en" else None

    @property
    def prompt(self) -> str:
        """What the solver is asked, in the language being spoken."""
        return _("You are seat {seat}. One move is clearly best here: find it.").format(seat=self.seat)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as kept in a file: JSON-ready."""
        return {
            "id": self.id,
            "game": self.game,
            "rules": dict(self.rules),
            "seat": self.seat,
            "view": dict(self.view),
            "legal": list(self.legal),
            "best": self.best,
            "accepted": list(self.accepted),
            "why": self.why,
            "theme": self.theme,
            "loss": self.loss,
            "rating": self.rating,
            "source": dict(self.source),
        } | ({"why_words": self.why_words} if self.why_words is not None else {})

    def question_json(self) -> dict[str, Any]:
        """What a solver is shown before answering: no answer, no reason, no theme (its words in
        the language being spoken)."""
        return {
            "id": self.id,
            "game": self.game,
            "seat": self.seat,
            "seats": registry.game_class(self.game).seats,
            "view": dict(self.view),
            "legal": list(self.legal),
            "rating": round(self.rating),
            "prompt": self.prompt,
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Puzzle:
        """A puzzle read back from `to_json`'s form; raises `BadNotation` naming what is wrong."""
        try:
            game = str(obj["game"])
            if game not in registry.names():
                raise BadNotation(f"puzzle: unknown game {game[:40]!r}")
            return Puzzle(
                id=str(obj["id"]),
                game=game,
                rules=dict(obj.get("rules") or {}),
                seat=int(obj["seat"]),
                view=dict(obj["view"]),
                legal=tuple(str(x) for x in obj["legal"]),
                best=str(obj["best"]),
                accepted=tuple(str(x) for x in obj["accepted"]),
                why=str(obj["why"]),
                theme=str(obj["theme"]),
                loss=float(obj["loss"]),
                rating=float(obj["rating"]),
                source=dict(obj.get("source") or {}),
                why_words=obj.get("why_words"),
            )
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, CardtableError):
                raise
            raise BadNotation(f"puzzle: missing or malformed field {e}") from None


@dataclass(frozen=True)
class Rating:
    """A solver's puzzle rating and how many puzzles it solved and failed."""

    value: float = START
    solved: int = 0
    failed: int = 0


@dataclass(frozen=True)
class Answer:
    """What is said of an answer: ``kind`` ``"right"``, ``"wrong"`` or ``"bad"`` (not one of the
    seat's moves: asked again)."""

    kind: str
    text: str


def expected(solver: float, puzzle: float) -> float:
    """Elo's expected score of a solver rated ``solver`` on a puzzle rated ``puzzle``."""
    return 1.0 / (1.0 + 10 ** ((puzzle - solver) / 400))


def rated(solver: Rating, puzzle: float, right: bool) -> tuple[Rating, float]:
    """The solver's rating and the puzzle's after one answer."""
    change = (1.0 if right else 0.0) - expected(solver.value, puzzle)
    after = Rating(solver.value + K_SOLVER * change, solver.solved + right, solver.failed + (not right))
    return after, puzzle - K_PUZZLE * change


def start_rating(legal: int, accepted: int) -> float:
    """A new puzzle's rating: higher the more moves it offers for each accepted answer (a guess
    is right one time in ``legal / accepted``): 1250 for one in two, 1500 for one in four, 1750
    for one in eight. The answers of solvers then move it (`rated`)."""
    return round(1000 + 250 * math.log2(max(legal / max(accepted, 1), 1.0)), 1)


def judge(p: Puzzle, move: str) -> Answer:
    """The answer ``move`` (record notation, any case) to puzzle ``p``."""
    text = " ".join(move.split())
    game = registry.get_game_from_rules(p.game, p.rules)
    try:
        made = game.format(game.parse(text)) if 0 < len(text) <= 200 else None
    except CardtableError:
        made = None
    if made is None or made not in p.legal:
        shown = ", ".join(p.legal)
        if len(shown) <= 160:
            return Answer("bad", _("That is not one of your moves here: choose one of {moves}.").format(moves=shown))
        many = ngettext(
            "That is not one of your moves here: choose one of the {n} move shown.",
            "That is not one of your moves here: choose one of the {n} moves shown.",
            len(p.legal),
        )
        return Answer("bad", many.format(n=len(p.legal)))
    theme = _(p.theme)
    # the reason in the language spoken; a puzzle kept with its English sentence only says it in English
    reason = p.reason()
    if reason:
        said = _("In the hand it comes from, {why}. Theme: {theme}.").format(why=pretty_text(reason), theme=theme)
    else:
        said = _("Theme: {theme}.").format(theme=theme)
    if made in p.accepted:
        return Answer("right", " ".join((_("Right."), said)))
    return Answer("wrong", " ".join((_("Not the best."), said)))


def theme(game: Any, why: str, best: str) -> str:
    """The theme of a puzzle: the first of the game's ``THEMES`` found in the reason's words
    after its first colon (what the better move changes), else the kind of the best move."""
    found = getattr(parts.part(game), "THEMES", ())
    reason = why.partition(":")[2]
    for phrase, name in found:
        if phrase in reason:
            return str(name)
    verb = best.split(" ", 1)[0]
    return next((name for v, name in MOVE_THEMES if v == verb), N_("the best move"))


def is_clear(decision: Mapping[str, Any]) -> bool:
    """Whether a decision's analysis (`analyze_decision`) shows the move made clearly worse: a
    mistake or a blunder whose loss is above zero by its whole 95% interval."""
    low = (decision.get("loss_interval") or [0.0])[0]
    return decision["grade"] in BAD_GRADES and low > 0


def _decisions(record: Record, game: Any) -> Iterator[tuple[int, int, Any, int, Any]]:
    """(hand, action index, state before, seat, action) for each decision in the record."""
    before: Any = None
    for step in replay(record, game):
        if step.action is not None:
            seat = game.actor(before)
            if seat != CHANCE:
                text = record.hands[step.hand].actions[step.action]
                yield step.hand, step.action, before, seat, game.parse(text.split(" ", 1)[1])
        before = step.state


def puzzle_id(game: str, view: Mapping[str, Any], legal: Sequence[str]) -> str:
    """A puzzle's id: a hash of its game, view and moves, so the same position is one puzzle."""
    text = json.dumps([game, view, list(legal)], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def cut(game: Any, state: Any, made: Any, bot: Any, rng: random.Random, source: Mapping[str, Any]) -> Puzzle | None:
    """The puzzle of the decision of the seat to act in ``state``, where ``made`` was played, or
    ``None`` when the move made was not clearly worse or no move is clearly best."""
    seat = game.actor(state)
    view = game.observe(state, seat)
    legal = list(game.legal_actions(state))
    if len(legal) < 2:
        return None
    decision = analyze_decision(game, view, legal, made, bot, rng)
    if not is_clear(decision):
        return None
    # the moves the search cannot tell from the best, each within the other's interval
    hints = bot.hints(view, legal, random.Random(rng.random()))
    most = max(h.playouts for h in hints)
    top = max((h for h in hints if h.playouts == most), key=lambda h: h.value)
    floor = top.value - grades.Z95 * top.stderr
    accepted = [h for h in hints if h.playouts == most and h.value + grades.Z95 * h.stderr >= floor]
    names = [game.format(h.action) for h in accepted]
    best = decision["best"]
    if best not in names:
        names.insert(0, best)
    if len(names) > MOST_ACCEPTED or decision["made"] in names:
        return None
    legal_text = tuple(game.format(a) for a in legal)
    seen = view.to_json()
    return Puzzle(
        id=puzzle_id(game.name, seen, legal_text),
        game=game.name,
        rules=_rules_json(game),
        seat=seat,
        view=seen,
        legal=legal_text,
        best=best,
        accepted=tuple(names),
        why=decision["why"],
        theme=theme(game, decision["why"], best),
        loss=decision["loss"],
        rating=start_rating(len(legal), len(names)),
        source=dict(source),
        why_words=decision.get("why_words"),
    )


def _rules_json(game: Any) -> dict[str, Any]:
    from cardtable.core import rules_json

    return rules_json(game.rules)


def make(
    records: Sequence[Record],
    level: str = "easy",
    seed: int = 0,
    most: int | None = None,
    budget: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Puzzle]:
    """Puzzles cut from ``records`` (every seat's decisions), valued by the search at ``level``;
    at most ``most`` of each game, stopping after ``budget`` seconds. The same records and seed
    give the same puzzles."""
    out: list[Puzzle] = []
    seen: set[str] = set()
    count: dict[str, int] = {}
    began = time.monotonic()
    for r, record in enumerate(records):
        game = load_game(record)
        if most is not None and count.get(game.name, 0) >= most:
            continue
        bot = search_bot(game, level, None)
        for hand, index, state, _seat, action in _decisions(record, game):
            if budget is not None and time.monotonic() - began > budget:
                return out
            if most is not None and count.get(game.name, 0) >= most:
                break
            if len(game.legal_actions(state)) < 2:
                continue
            rng = random.Random(f"{seed}:{r}:{hand}:{index}")
            p = cut(game, state, action, bot, rng, {"record": r, "hand": hand, "action": index})
            if progress is not None:
                progress(r, len(out))
            if p is None or p.id in seen:
                continue
            seen.add(p.id)
            out.append(p)
            count[game.name] = count.get(game.name, 0) + 1
    return out


def read(path: str | Path) -> list[Puzzle]:
    """The puzzles of a file, one JSON object a line; raises `BadNotation` naming the line."""
    out = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise BadNotation(f"cannot read {str(path)[:80]}: {e.strerror}") from None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            raise BadNotation(f"{str(path)[:80]} line {n}: not JSON") from None
        if not isinstance(obj, dict):
            raise BadNotation(f"{str(path)[:80]} line {n}: expected a puzzle object")
        out.append(Puzzle.from_json(obj))
    return out


def shipped() -> list[Puzzle]:
    """The puzzles that come with cardtable (none when the file is absent)."""
    return read(SHIPPED) if SHIPPED.is_file() else []


def write(path: str | Path, found: Sequence[Puzzle]) -> None:
    """Write puzzles, one JSON object a line."""
    Path(path).write_text("".join(json.dumps(p.to_json(), ensure_ascii=False) + "\n" for p in found), encoding="utf-8")


def of_the_day(found: Sequence[Puzzle], day: int) -> Puzzle | None:
    """The puzzle of day ``day`` (days since the epoch): the same for everyone that day."""
    if not found:
        return None
    ordered = sorted(found, key=lambda p: p.id)
    return ordered[random.Random(f"day:{day}").randrange(len(ordered))]
