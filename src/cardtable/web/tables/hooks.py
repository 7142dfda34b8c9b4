"""What a live table tells the rooms above it, and asks of them, without knowing who they are.

A table announces the hands that ended ("this table, these seats, these hands and their results")
and lets whoever listens act on it: the players' room rates them (`cardtable.web.players.routes`
installs its listener). A person who sits down as a player is seated by the players' room too,
since the seat and its link to the player are written in one transaction. So the tables room
knows nothing of ratings or players, and every import points down (boardgame.io's game master
knows nothing of its lobby the same way).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import Connection

from cardtable.web.tables.store import SeatRow


@dataclass(frozen=True)
class EndedHand:
    """A hand a table finished: its match, its place in the match (from 0), the game's outcome,
    and its place among all the hands dealt at the table (from 0; a misdeal is a hand too); with
    the state before its deal (``before``) and the hand as the match's record holds it
    (``record``), a listener can replay it (`cardtable.stats.played`)."""

    match: int
    hand: int
    result: Any
    dealt: int = -1
    before: Any = None
    record: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Ended:
    """What a table announces when hands end: which table, its game, each seat's player kind
    (``human`` or a bot's name) and the hands."""

    table_id: str
    game: Any
    game_name: str
    kinds: Sequence[str]
    hands: Sequence[EndedHand]


#: Seats a person as a player: stores the seat and its link to the player in one transaction and
#: returns ``None``, or returns the seat the player already holds at that table (nothing stored).
SeatPlayer = Callable[[str, SeatRow, str], "int | None"]

#: The seat a player holds at a table (table id, player id), or ``None``: asked before anything else
#: of a player's join, so that a player seated already hears so rather than of their name.
PlayerSeat = Callable[[str, str], "int | None"]


@dataclass(frozen=True)
class Waiting:
    """A person's seat of a turn-based table has become the one to act: which table and game,
    the seat, the table's version then, the wall-clock deadline and when the turn began."""

    table_id: str
    game_name: str
    seat: int
    version: int
    deadline: float
    since: float


#: Hears that a person's seat of a turn-based table is to act, inside the database transaction
#: that stores the action after which it is (or the table's first deal), on that connection: a
#: word is never lost, nor sent of a move that was not stored.
TurnWaiting = Callable[[Connection, Waiting], None]

#: Hears the hands that ended; run in a worker thread right after the hand's last action is
#: stored, and again for a rebuilt table's hands (so a listener must do its work once per hand).
HandsEnded = Callable[[Ended], None]


#: Why the record of a table's match is held back just now, in a refusal's words, or ``None`` to
#: serve it (a duplicate round's board is shown only once every table of the round has finished
#: it); run in a worker thread before a record of the table, or a review of it, is given out.
RecordHeld = Callable[[str, int], "str | None"]


@dataclass
class Hooks:
    """The listeners of a server's tables, installed by the rooms above when the server starts."""

    seat_player: SeatPlayer | None = None
    player_seat: PlayerSeat | None = None
    hands_ended: list[HandsEnded] = field(default_factory=list)
    record_held: RecordHeld | None = None
    turn_waiting: list[TurnWaiting] = field(default_factory=list)
