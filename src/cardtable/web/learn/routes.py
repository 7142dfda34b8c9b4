"""The lessons' and the puzzles' routes: the pages ``/learn``, ``/learn/{game}`` and ``/puzzles``,
and the answers they ask of the server (docs/web.md, "Lessons and puzzles").

A lesson's step is judged by the engine (`cardtable.learn.check`), from the lesson's data alone:
nothing is kept between requests. A puzzle is shown as its seat's view and moves, never its
answer until one is sent; a player who sends their token with an answer has it rated (its first
answer to each puzzle only, `store.answer`).
"""

from __future__ import annotations

import asyncio
import time
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from cardtable import learn, puzzles
from cardtable.core import CardtableError
from cardtable.i18n import _, language_of, speaking
from cardtable.web.errors import Refused
from cardtable.web.learn import store
from cardtable.web.pages import STATIC
from cardtable.web.players.routes import player_of
from cardtable.web.requests import body_of
from cardtable.web.tables.hub import Hub

router = APIRouter()

#: The longest move a lesson or a puzzle reads.
MAX_MOVE = 200


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/learn", include_in_schema=False)
def learn_page() -> FileResponse:
    """The lessons: a game to choose."""
    return _page("learn.html")


@router.get("/learn/{game}", include_in_schema=False)
def learn_game_page(game: str) -> FileResponse:
    """A game's first lesson (the page asks `/api/learn/{game}` for it)."""
    return _page("learn.html")


@router.get("/puzzles", include_in_schema=False)
def puzzles_page() -> FileResponse:
    """The puzzles: the puzzle of the day, the others, the player's puzzle rating."""
    return _page("puzzles.html")


@cache
def _lesson(game: str, language: str) -> dict[str, Any]:
    try:
        les = learn.lesson(game)
    except CardtableError as e:
        raise Refused(404, str(e)) from None
    with speaking(language):
        return learn.lesson_json(les)


@router.get("/api/learn")
def lessons(lang: str = "en") -> dict[str, Any]:
    """The games that have a lesson, with its title (in ``lang``, docs/languages.md)."""
    language = language_of(lang)
    return {"lessons": [{"game": g, "title": _lesson(g, language)["title"]} for g in learn.games()]}


@router.get("/api/learn/{game}")
def lesson(game: str, lang: str = "en") -> dict[str, Any]:
    """A game's lesson: its steps, each with the learner's view and the moves offered, its words
    in ``lang``."""
    return _lesson(game[:40], language_of(lang))


def _move(body: dict[str, Any]) -> str:
    move = body.get("move")
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
        raise Refused(400, f'move: expected a move as text of 1 to {MAX_MOVE} characters, such as "play QC"')
    return move


@router.post("/api/learn/{game}/check")
async def check(request: Request, game: str) -> dict[str, Any]:
    """Judge the learner's move in one step: ``{"step": N, "move": "play QC"}`` (steps from 0),
    said in the language ``"lang"`` names (English without it)."""
    les = learn.lesson(game) if game in learn.games() else None
    if les is None:
        raise Refused(404, f"no lesson for {game[:40]!r}: lessons are for {', '.join(learn.games())}")
    body = await body_of(request)
    step = body.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(les.steps):
        raise Refused(400, f"step: expected a step number from 0 to {len(les.steps) - 1}")
    with speaking(language_of(body.get("lang"))):
        return learn.check(les, step, _move(body)).to_json()


@cache
def _puzzles() -> dict[str, puzzles.Puzzle]:
    return {p.id: p for p in puzzles.shipped()}


def _puzzle(puzzle_id: str) -> puzzles.Puzzle:
    found = _puzzles().get(puzzle_id[:40])
    if found is None:
        raise Refused(404, "no such puzzle")
    return found


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _today() -> int:
    return int(time.time() // 86400)


def _rated(p: puzzles.Puzzle, now: dict[str, float], lang: str = "en") -> dict[str, Any]:
    """A puzzle as a solver first sees it, with its rating as the answers so far have moved it,
    its words in ``lang``."""
    with speaking(language_of(lang)):
        return p.question_json() | {"rating": round(now.get(p.id, p.rating))}


@router.get("/api/puzzles")
async def listing(request: Request, game: str | None = None, lang: str = "en") -> dict[str, Any]:
    """Every puzzle as a solver first sees it (no answer), one game's with ``?game=``, and the id
    of the puzzle of the day; their words in ``lang``."""
    found = [p for p in _puzzles().values() if game is None or p.game == game]
    daily = puzzles.of_the_day(list(_puzzles().values()), _today())
    now = await asyncio.to_thread(store.puzzle_ratings, _hub(request).store.engine)
    return {"puzzles": [_rated(p, now, lang) for p in found], "daily": daily.id if daily else None}


@router.get("/api/puzzles/daily")
async def daily(request: Request, lang: str = "en") -> dict[str, Any]:
    """The puzzle of the day, the same for everyone today."""
    found = puzzles.of_the_day(list(_puzzles().values()), _today())
    if found is None:
        raise Refused(404, "no puzzles on this server")
    now = await asyncio.to_thread(store.puzzle_ratings, _hub(request).store.engine)
    return _rated(found, now, lang)


@router.get("/api/puzzles/{puzzle_id}")
async def one(request: Request, puzzle_id: str, lang: str = "en") -> dict[str, Any]:
    """One puzzle as a solver first sees it."""
    p = _puzzle(puzzle_id)
    now = await asyncio.to_thread(store.puzzle_ratings, _hub(request).store.engine)
    return _rated(p, now, lang)


@router.post("/api/puzzles/rating")
async def rating(request: Request) -> dict[str, Any]:
    """A player's puzzle rating: ``{"player": TOKEN}``."""
    hub = _hub(request)
    player = await player_of(hub, (await body_of(request)).get("player"))
    got = await asyncio.to_thread(store.rating_of, hub.store.engine, player.id)
    return {"rating": round(got.value), "solved": got.solved, "failed": got.failed}


@router.post("/api/puzzles/{puzzle_id}/answer")
async def answer(request: Request, puzzle_id: str) -> dict[str, Any]:
    """Answer a puzzle: ``{"move": "play QC"}``, with ``"player": TOKEN`` to have it rated and
    ``"lang"`` for its words. The answer says whether it was right, the best move, why (``why``
    the analysis's English sentence, ``why_said`` the reason in ``lang``, ``null`` for a puzzle
    kept with its English sentence only) and the theme (``theme`` as kept, ``theme_said`` in ``lang``);
    a move that is not one of the seat's is refused (``400``) and may be sent again."""
    p = _puzzle(puzzle_id)
    body = await body_of(request)
    move = _move(body)
    with speaking(language_of(body.get("lang"))):
        verdict = puzzles.judge(p, move)
        theme_said = _(p.theme)
        why_said = p.reason()
    if verdict.kind == "bad":
        raise Refused(400, verdict.text)
    out: dict[str, Any] = {
        "kind": verdict.kind,
        "text": verdict.text,
        "best": p.best,
        "accepted": list(p.accepted),
        "why": p.why,
        "why_said": why_said,
        "theme": p.theme,
        "theme_said": theme_said,
        "rating": None,
    }
    token = body.get("player")
    if token is not None:
        hub = _hub(request)
        player = await player_of(hub, token)
        rated = await asyncio.to_thread(store.answer, hub.store.engine, player.id, p, move, verdict.kind == "right")
        out["rating"] = {
            "before": round(rated.before.value),
            "after": round(rated.after.value),
            "solved": rated.after.solved,
            "failed": rated.after.failed,
            "counted": rated.counted,
        }
    return out
