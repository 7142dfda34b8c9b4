"""One hand's review for the pages' review panel, cut into pieces a worker can run one at a time.

The panel replays a hand step by step from one seat, with each of that seat's decisions graded
and the hand's expected points drawn as it went. A server cannot spend seconds of search in one
uninterrupted call and still say how far it got, so the work comes in three kinds of pieces, each
a plain function of JSON-ready data that a worker process runs:

- `plan`: the hand's steps as the seat saw them (its own view at every step, never another's),
  which of them were its decisions, and the hand's score once it is over;
- `decision`: the ``n``-th decision of the seat in the hand, analysed exactly as
  ``cardtable analyze`` analyses it (`review.analyze_position` with the same random numbers), so
  the panel and the command agree;
- `open_card`: the hand's value with every card shown, from the seat's earliest decision in the
  play where the game's solver finishes (only for a hand that is over).

Everything here is derived from
the record given, so it can reveal only what the record holds; the server gives it only hands
that are over at a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.analysis import opencard, parts
from cardtable.analysis.review import DEFAULT_LEVEL, _decisions, analyze_position, decision_rng, plays, search_bot
from cardtable.bots.search import hand_value
from cardtable.core import CHANCE, CardtableError
from cardtable.record import Record, load_game, replay, report


def hand_record(record_json: Mapping[str, Any], hand: int) -> dict[str, Any]:
    """The record up to and including hand ``hand`` (what its review depends on), checked: raises
    `BadRecord` for a malformed record and `CardtableError` for a hand it does not hold."""
    record = Record.from_json(record_json)
    if not 0 <= hand < len(record.hands):
        raise CardtableError(f"hand {hand}: the record holds hands 0 to {len(record.hands) - 1}")
    plain = record.to_json()
    plain["hands"] = plain["hands"][: hand + 1]
    return plain


def _game_and_seat(record: Record, seat: int) -> Any:
    game = load_game(record)
    if not 0 <= seat < game.seats:
        raise CardtableError(f"seat {seat}: {game.name} has seats 0 to {game.seats - 1}")
    return game


def plan(record_json: Mapping[str, Any], hand: int, seat: int, level: str | None = None) -> dict[str, Any]:
    """The hand's steps from ``seat`` (``action``: the record's line, ``None`` for the deal;
    ``view``: the seat's own view after it; ``to_act``), the action indexes of its decisions
    (``turns``; the view it decided from is the step before, ``steps[i]`` for action ``i``), and
    once the hand is over its ``score`` and ``value`` to the seat (its points minus the others'
    mean). Raises `BadRecord`, `ReplayStopped` or `CardtableError` for a record, hand or seat
    that does not replay."""
    record = Record.from_json(hand_record(record_json, hand))
    game = _game_and_seat(record, seat)
    steps: list[dict[str, Any]] = []
    last = None
    for step in replay(record, game):
        if step.hand != hand:
            continue
        text = None if step.action is None else record.hands[hand].actions[step.action]
        actor = game.actor(step.state)
        steps.append(
            {
                "action": text,
                "view": game.observe(step.state, seat).to_json(),
                "to_act": None if actor is None or actor == CHANCE else actor,
            }
        )
        last = step.state
    turns = [index for _, index, *_ in _decisions(record, game, [seat], hand)]
    over = last is not None and game.outcome(last) is not None
    score = report(record, game)["hands"][hand].get("score") if over else None
    return {
        "game": game.name,
        "seats": game.seats,
        "seat": seat,
        "hand": hand,
        "level": level or parts.level(game, DEFAULT_LEVEL),
        "steps": steps,
        "turns": turns,
        "over": over,
        "score": score,
        "value": round(hand_value(score, seat), 4) if score else None,
    }


def decision(
    record_json: Mapping[str, Any], hand: int, seat: int, n: int, level: str | None = None, seed: int = 0
) -> dict[str, Any]:
    """The ``n``-th decision of ``seat`` in hand ``hand``, analysed as ``cardtable analyze`` does
    (the same fields: `review.analyze_decision`, with ``hand`` and ``index``)."""
    record = Record.from_json(hand_record(record_json, hand))
    game = _game_and_seat(record, seat)
    bot = search_bot(game, level or parts.level(game, DEFAULT_LEVEL), None)
    for k, (h, index, state, _, action) in enumerate(_decisions(record, game, [seat], hand)):
        if k == n:
            return {"hand": h, "index": index} | analyze_position(
                game, state, action, bot, decision_rng(seed, h, index)
            )
    raise CardtableError(f"seat {seat} has no decision {n} in hand {hand}")


def open_card(record_json: Mapping[str, Any], hand: int, seat: int) -> dict[str, Any]:
    """The hand's open-card value to ``seat`` (`opencard.earliest_value`), or why there is none;
    refused for a hand not over, whose hidden cards it would betray."""
    record = Record.from_json(hand_record(record_json, hand))
    game = _game_and_seat(record, seat)
    every = plays(record, game, hand)
    last = None
    for step in replay(record, game):
        last = step.state
    if last is None or game.outcome(last) is None:
        raise CardtableError("the hand is not over: its open-card value would show the hidden cards")
    if seat not in every:
        return opencard.earliest_value(game, [], seat)
    return opencard.hand_values(game, every, [seat])[seat]
