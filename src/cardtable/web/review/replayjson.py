"""A record replayed for the replay viewer and `/api/replay`: each hand's report, every step's
views and the hands' ends in words. Kept apart from the pages' routes (`cardtable.web.pages`) so
that the replay worker (`cardtable.web.review.replaywork`), which the pages start, imports only this.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.bots import bot_names
from cardtable.core import CardtableError
from cardtable.record import Record, load_game, replay, report
from cardtable.web.tables.words import people_names

#: The most steps a replay shows (a long evening's match has a few thousand).
MAX_STEPS = 20_000


class TooManySteps(CardtableError):
    """A record with more steps than the replay viewer shows."""


def replay_json(obj: object, steps: bool = True, seat: int | None = None, ended: bool = False) -> dict[str, Any]:
    """A record replayed: each hand's result (the §7 report) and, with ``steps``, every state of
    every hand with every seat's view (all hands face up), for the replay viewer. The hands'
    ends are told in words to ``seat`` ("you") when the narration module is present; with
    ``ended`` the match ended with the last hand (a table's match that ends sooner than the game's
    own rule), so nobody is told to deal next.

    Raises `BadRecord` or `ReplayStopped` for a record that does not replay.
    """
    record = Record.from_json(obj)
    game = load_game(record)
    rep = report(record, game)
    out: dict[str, Any] = {"game": record.game, "rules": record.rules, "seats": game.seats, "report": rep}
    # the players' names, so that the viewer tells the seats as the table did
    out["names"] = player_names(record)
    if seat is not None and not 0 <= seat < game.seats:
        seat = None
    out["narration"] = _narration(record, game, seat, ended)
    if steps:
        rows: list[dict[str, Any]] = []
        for step in replay(record, game):
            if len(rows) >= MAX_STEPS:
                raise TooManySteps(f"the record has over {MAX_STEPS} steps; the viewer shows at most that many")
            hand = record.hands[step.hand]
            text = None if step.action is None else hand.actions[step.action]
            rows.append(
                {
                    "hand": step.hand,
                    "action": text,
                    "views": [game.observe(step.state, s).to_json() for s in range(game.seats)],
                    "to_act": game.actor(step.state),
                }
            )
        out["steps"] = rows
    return out


def player_names(record: Record) -> list[str | None] | None:
    """The players by the names the record gives them (`words.people_names`), ``None`` when it
    names nobody. A table's record names a bot by its kind ("rule", "search:hard"), which tells no
    one apart, so a bot is told by its seat (``None``), as at the table."""
    kinds = set(bot_names())
    given = [None if p.partition(":")[0] in kinds else p for p in record.players or ()]
    return people_names(given) if any(given) else None


def _narration(record: Record, game: Any, seat: int | None, ended: bool = False) -> list[list[str]] | None:
    """Each finished hand's end told in words by `cardtable.narrate` to ``seat`` (``None``: to
    anyone), with the players' names where the record gives them, when that module is present."""
    try:
        narrate = importlib.import_module("cardtable.narrate")
    except ImportError:
        return None
    tell = getattr(narrate, "narrate_hand_end", None)
    if tell is None:
        return None
    ends: dict[int, Any] = {}
    for step in replay(record, game):
        ends[step.hand] = step.state
    names = player_names(record)
    out: list[list[str]] = []
    last = max(ends, default=-1)
    for hand in sorted(ends):
        state = ends[hand]
        try:
            over = ended and hand == last
            out.append(list(tell(game, state, seat, names, over)) if game.outcome(state) is not None else [])
        except CardtableError:
            out.append([])
    return out
