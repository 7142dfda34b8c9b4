"""The players' room listening to the tables (`cardtable.web.tables.hooks`): a person who sits
down as a player is seated with the seat's link to the player in one transaction, and the hands
that end at a table where a player sits are rated (each hand once, whatever is retried)."""

from __future__ import annotations

import functools

from cardtable.web.players import ratings, store
from cardtable.web.tables.hooks import Ended
from cardtable.web.tables.hub import Hub
from cardtable.web.tables.live import HUMAN
from cardtable.web.tables.store import SeatRow


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
        contests = [
            (h.match, h.hand, c) for h in ended.hands if (c := ratings.contest(ended.game, h.result)) is not None
        ]
        if not contests:
            return
        links = store.table_players(engine, ended.table_id)
        if links:
            who = store.seat_keys(ended.kinds, links, HUMAN)
            store.rate_hands(engine, ended.table_id, ended.game_name, who, contests)

    hub.hooks.seat_player = seat_player
    hub.hooks.player_seat = functools.partial(store.seat_of_player, engine)
    hub.hooks.hands_ended.append(rate)
