"""How a Seep match is played at a table and in a tournament, where the rules leave it open (R22:
the players agree how many baazis make a match): a match there is one baazi, won by the team that
wins it (R21, R22). Found by `cardtable.web.tables.live` and `cardtable.sim` through `core.game_part`."""

from __future__ import annotations

from typing import Any


def winners(game: Any, state: Any) -> tuple[int, ...] | None:
    """The seats of the team that has won a baazi by the end of ``state``'s hand, or ``None``."""
    baazis = game.match_json(state).get("baazis") or [0, 0]
    return next(((team, team + 2) for team in (0, 1) if baazis[team] > 0), None)
