"""What the environments need to know of a game beyond its tokens and encoding, read from the
``environment`` module of its package (`cardtable.core.game_part`), with a default for each thing
a package leaves out.

The module may give ``VERSION`` (the environments' version, 0 if left out: ``<name>_v<VERSION>``
and ``cardtable/<Name>-v<VERSION>``), ``PLACES`` (every place a card can be, in the order of the
full-information tensor; each seat's hand if left out), ``MATCH_HANDS`` (hands in a match episode
when none are asked for; ``None``: the match ends by its rules), ``match_over(before, after)``
(whether a match episode ends between two hands' match states, record §5, though the rules go on),
for OpenSpiel, ``utility_bounds(rules)``, ``MAX_GAME_LENGTH`` and ``ZERO_SUM``, and, for
``cardtable train``, ``RETURN_SCALE`` (the size of a typical hand's return, which a learned value's
targets are divided by, 1 if left out: `cardtable.learned.train.return_scale`).

>>> environment("smear").name, environment("smear").version
('smear_v1', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardtable import registry
from cardtable.core import BadRules
from cardtable.rl.tokens import vocabulary


def _never(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    return False


@dataclass(frozen=True)
class Environment:
    """A game's environment facts (see the module docstring)."""

    game: str
    version: int
    places: tuple[str, ...]
    match_hands: int | None
    match_over: Callable[[Mapping[str, Any], Mapping[str, Any]], bool]
    max_game_length: int | None
    zero_sum: bool
    utility_bounds: Callable[[Any], tuple[float, float]] | None

    @property
    def name(self) -> str:
        """The environment's versioned name, ``smear_v1``: PettingZoo's ``metadata["name"]``."""
        return f"{self.game}_v{self.version}"

    @property
    def gymnasium_id(self) -> str:
        """The Gymnasium id of the one-seat environment, ``cardtable/Smear-v1``."""
        return f"cardtable/{self.game.capitalize()}-v{self.version}"

    def bounds(self, rules: Any) -> tuple[float, float]:
        """The least and greatest return of a seat in one hand under ``rules`` (OpenSpiel's)."""
        if self.utility_bounds is None:
            raise BadRules(f"{self.game}: its package gives no utility_bounds(rules) for OpenSpiel")
        return self.utility_bounds(rules)

    def length(self) -> int:
        """The longest hand in moves, chance nodes included (OpenSpiel's ``max_game_length``)."""
        if self.max_game_length is None:
            raise BadRules(f"{self.game}: its package gives no MAX_GAME_LENGTH for OpenSpiel")
        return self.max_game_length


@cache
def environment(game: str) -> Environment:
    """The environment facts of ``game`` (one with tokens: `cardtable.rl.tokens.GAMES`)."""
    vocabulary(game)  # refuses a game without an environment, naming those with one
    part = registry.part(game, "environment")
    seats = registry.game_class(game).seats
    hands = tuple(f"hand {i}" for i in range(seats))
    return Environment(
        game=game,
        version=int(getattr(part, "VERSION", 0)),
        places=tuple(getattr(part, "PLACES", hands)),
        match_hands=getattr(part, "MATCH_HANDS", None),
        match_over=getattr(part, "match_over", _never),
        max_game_length=getattr(part, "MAX_GAME_LENGTH", None),
        zero_sum=bool(getattr(part, "ZERO_SUM", False)),
        utility_bounds=getattr(part, "utility_bounds", None),
    )
