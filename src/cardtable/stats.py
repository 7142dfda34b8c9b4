"""Statistics of a seat's hands: the counts a player's page shows, in every game alike and in each
game's own terms.

Every game has the generic counts, read from a hand's result and the sides the game names
(`Game.teams`, as ratings read them): the hands, how many the seat's side won, tied or lost (its
side's score against the others'), and the seat's points (the result's score for the seat, in the
game's own measure). A game's own statistics, what its players talk about (how often one picks,
bids made, sweeps and houses), come from the ``stats`` part of its package (`core.HandStats`); a
game without one has the generic counts only, and this module never asks which game it is.

Only a hand that was a contest counts (the hands ratings learn from): a misdeal or a hand passed
out is no contest, and says nothing of how a seat plays.

>>> from cardtable.record import HandLog
>>> from cardtable.registry import get_game
>>> import random
>>> game = get_game("smear")
>>> log = HandLog(game, dealer=3)
>>> state = log.deal(random.Random(7))
>>> while game.actor(state) is not None:
...     state = log.act(game.legal_actions(state)[-1])
>>> got = record_counts(log.record(), 0)
>>> got["hands"], got["won"], got["bids"], got["made"], got["taken"]
(1, 1, 1, 1, 4)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardtable.core import CardtableError, Deal, PlayedHand, Seat, Stat, game_part
from cardtable.i18n import N_
from cardtable.record import Record, load_game, replay

#: The counts every game has, first on the page.
GENERIC: tuple[Stat, ...] = (
    Stat("hands", N_("hands")),
    Stat("won", N_("won"), "hands"),
    Stat("tied", N_("tied"), "hands"),
    Stat("lost", N_("lost"), "hands"),
    Stat("points", N_("points"), "hands", mean=True),
)


def stats_of(game: Any) -> tuple[Stat, ...]:
    """The statistics shown for ``game``: the generic ones, then its package's own."""
    part = game_part(game, "stats")
    own: tuple[Stat, ...] = tuple(getattr(part, "STATS", ()))
    return GENERIC + own


def played(game: Any, before: Any, hand: Mapping[str, Any]) -> PlayedHand:
    """One finished hand replayed from the state before its deal (``before``) and the hand as a
    record holds it (``dealer``, ``deal``, ``actions`` as ``"SEAT ACTION"``); raises
    `CardtableError` for a hand that is not finished."""
    deal = game.deal_from_json(hand["deal"], hand["dealer"])
    state = game.apply(before, Deal(deal.deck))
    dealt = state
    moves = []
    for text in hand["actions"]:
        seat, _, action_text = str(text).partition(" ")
        action = game.parse(action_text)
        state = game.apply(state, action)
        moves.append((int(seat), action, state))
    result = game.outcome(state)
    if result is None:
        raise CardtableError("the hand is not finished")
    return PlayedHand(dealt, tuple(moves), result)


def played_hands(record: Record, game: Any | None = None) -> Iterator[PlayedHand]:
    """The finished hands of a record, replayed (`record.replay`)."""
    game = game if game is not None else load_game(record)
    dealt: Any = None
    moves: list[tuple[Seat, Any, Any]] = []
    for step in replay(record, game):
        if step.action is None:
            dealt, moves = step.state, []
        else:
            seat, _, action_text = record.hands[step.hand].actions[step.action].partition(" ")
            moves.append((int(seat), game.parse(action_text), step.state))
        result = game.outcome(step.state)
        if result is not None:
            yield PlayedHand(dealt, tuple(moves), result)


def sides(game: Any, hand: PlayedHand) -> tuple[tuple[Seat, ...], ...] | None:
    """The sides of a hand that was a contest (two sides or more), else ``None``."""
    teams = getattr(game, "teams", None)
    got = teams(hand.result) if teams is not None else None
    if got is None or len(got) < 2:
        return None
    return tuple(tuple(side) for side in got)


def place(score: Sequence[int], contest: Sequence[Sequence[Seat]], seat: Seat) -> str:
    """``won``, ``tied`` or ``lost``: the seat's side's score (the sum of its seats') against the
    best of the other sides'.

    >>> place((2, -1, 2, -1), ((0, 2), (1, 3)), 1)
    'lost'
    >>> place((4, -1, -1, 4, -1), ((0,), (1,), (2,), (3,), (4,)), 3)
    'tied'
    """
    totals = [sum(score[s] for s in side) for side in contest]
    mine = next(n for n, side in enumerate(contest) if seat in side)
    best_other = max(t for n, t in enumerate(totals) if n != mine)
    return "won" if totals[mine] > best_other else "tied" if totals[mine] == best_other else "lost"


def counts(game: Any, hand: PlayedHand, seat: Seat) -> dict[str, int] | None:
    """The seat's counts in ``hand``: the generic ones and the game's own; ``None`` for a hand
    that was no contest."""
    contest = sides(game, hand)
    if contest is None:
        return None
    where = place(hand.result.score, contest, seat)
    out = {"hands": 1, "won": 0, "tied": 0, "lost": 0, "points": int(hand.result.score[seat])}
    out[where] = 1
    part = game_part(game, "stats")
    if part is not None:
        for key, value in part.counts(game, hand, seat).items():
            out[key] = out.get(key, 0) + int(value)
    return out


def add(into: dict[str, int], more: Mapping[str, int]) -> dict[str, int]:
    """Add the counts ``more`` into ``into`` (and return it)."""
    for key, value in more.items():
        into[key] = into.get(key, 0) + int(value)
    return into


def record_counts(record: Record | Mapping[str, Any], seat: Seat, game: Any | None = None) -> dict[str, int]:
    """The seat's counts over every finished hand of a record that was a contest."""
    rec = record if isinstance(record, Record) else Record.from_json(dict(record))
    game = game if game is not None else load_game(rec)
    total: dict[str, int] = {}
    for hand in played_hands(rec, game):
        got = counts(game, hand, seat)
        if got is not None:
            add(total, got)
    return total


def rows(stats: Sequence[Stat], totals: Mapping[str, int]) -> list[dict[str, Any]]:
    """The statistics as a page shows them, in order: each one's ``key``, ``label`` and
    ``count``; a share's ``of`` (the count it is out of) and ``share``; an average's ``mean`` and
    ``per``, the key of the count it is over (``hands``: so many a hand; ``bids``: an average
    bid). A statistic out of nothing is left out (no bids, no "bids made" of them).

    >>> rows(GENERIC, {"hands": 4, "won": 3, "lost": 1, "points": 6})[1]
    {'key': 'won', 'label': 'won', 'count': 3, 'of': 4, 'share': 0.75}
    >>> rows(GENERIC, {"hands": 4, "won": 3, "lost": 1, "points": 6})[-1]
    {'key': 'points', 'label': 'points', 'count': 6, 'mean': 1.5, 'per': 'hands'}
    """
    out: list[dict[str, Any]] = []
    for stat in stats:
        count = int(totals.get(stat.key, 0))
        row: dict[str, Any] = {"key": stat.key, "label": stat.label, "count": count}
        if stat.of is not None:
            whole = int(totals.get(stat.of, 0))
            if whole == 0:
                continue
            if stat.mean:
                row |= {"mean": round(count / whole, 2), "per": stat.of}
            else:
                row |= {"of": whole, "share": round(count / whole, 4)}
        out.append(row)
    return out
