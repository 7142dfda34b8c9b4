"""How a Sheepshead match is played in a tournament: the game has no end of its own (R39), so a
match is one deal by each seat. Found by `cardtable.sim` through `core.game_part`."""

from __future__ import annotations

#: Hands in a match: one deal by each of the five seats.
OPEN_HANDS = 5
