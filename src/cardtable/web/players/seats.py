"""The players' room listening to the tables (`cardtable.web.tables.hooks`): a person who sits
down as a player is seated with the seat's link to the player in one transaction, and the hands
that end at a table where a player sits are rated (each hand once, whatever is retried), with each
seat's statistics in the hand (`cardtable.stats`, read from the hand replayed)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from typing import Any

from cardtable import stats
from cardtable.web.players import ratings, store
from cardtable.web.tables.hooks import Ended, EndedHand
from cardtable.web.tables.hub import Hub
from cardtable.web.tables.live import HUMAN
from cardtable.web.tables.store import SeatRow

log = logging.getLogger("cardtable.web")


def attach(hub: Hub) -> None:
    """Install the players' room's listeners on ``hub``'s tables (before they are rebuilt)."""
    engine = hub.store.engine

    def seat_player(table_id: str, row: SeatRow, player_id: str) -> int | None:
        held = store.seat_of_player(engine, table_id, player_id)
        if held is not None:
            return held
        store.take_seat(engine, table_id, row, player_id)
        return None

    def rate(ended: Ended) -> None:
        contests = [(h, c) for h in ended.hands if (c := ratings.contest(ended.game, h.result)) is not None]
        if not contests:
            return
        links = store.table_players(engine, ended.table_id)
        if links:
            who = store.seat_keys(ended.kinds, links, HUMAN)
            hands = [store.HandToRate(h.match, h.hand, c, seat_counts(ended.game, h)) for h, c in contests]
            store.rate_hands(engine, ended.table_id, ended.game_name, who, hands)

    hub.hooks.seat_player = seat_player
    hub.hooks.player_seat = functools.partial(store.seat_of_player, engine)
    hub.hooks.hands_ended.append(rate)


def seat_counts(game: Any, hand: EndedHand) -> list[Mapping[str, int] | None]:
    """Each seat's statistics in a finished hand (`cardtable.stats.counts`), replayed from the
    state before its deal; ``None`` for every seat when the hand cannot be replayed (its rating
    does not wait on its statistics)."""
    if hand.before is None or hand.record is None:
        return []
    try:
        played = stats.played(game, hand.before, hand.record)
        return [stats.counts(game, played, seat) for seat in range(game.seats)]
    except Exception:
        log.exception("the statistics of a hand could not be read (match %d, hand %d)", hand.match, hand.hand)
        return []
