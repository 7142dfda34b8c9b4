"""The game as a bot is given it: the engine's rules and steps, on an engine of the bot's own.

An engine may keep caches to go faster (Seep keeps the moves it last listed, with the state they
were listed for, and tables of moves per floor). A bot handed the table's own engine could reach
the true state, hidden hands and all, through them: not on purpose, perhaps, but nothing would
stop it. So every bot is built on a `BotGame`: an engine of its own, built from the same rules
(``private_copy`` where the engine has one, else a new engine of the registered class), whose
caches only ever see the states the bot itself looks at (its own view and its sampled worlds),
behind an object that exposes only what a bot needs.

Nothing here hides a module's globals from a bot that goes looking for them; what it guarantees is
that nothing reachable from the objects a bot is given (their attributes, the items of their
containers, the closures of their functions) holds the true state or a hidden card.

>>> from cardtable.registry import get_game
>>> game = get_game("seep")
>>> bg = for_bots(game)
>>> bg.name, bg.rules == game.rules, for_bots(bg) is bg
('seep', True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable import registry
from cardtable.core import BadRules, game_package, rules_json

#: What a bot may use of its game, as attributes of the facade (the engine's bound methods).
STEPS = (
    "start",
    "deal",
    "actor",
    "legal_actions",
    "apply",
    "observe",
    "outcome",
    "sample",
    "unseen",
    "format",
    "parse",
)


class BotGame:
    """A game for one bot: ``name``, ``seats``, ``version``, ``rules`` and the engine's steps
    (`STEPS`) on a private engine. Attributes a game lacks (``sample``, say) are missing here too."""

    __slots__ = ("name", "package", "rules", "seats", "version", *STEPS)

    def __init__(self, game: Any) -> None:
        engine = private_engine(game)
        self.name: str = game.name
        #: The game's package, where `core.game_part` finds its parts (its bots, its sampler).
        self.package: str = game_package(game)
        self.seats: int = game.seats
        self.version: str = getattr(game, "version", "")
        self.rules: Any = game.rules
        for step in STEPS:
            method = getattr(engine, step, None)
            if method is not None:
                setattr(self, step, method)

    def __repr__(self) -> str:
        return f"BotGame({self.name})"


def private_engine(game: Any) -> Any:
    """An engine playing the same rules as ``game`` and sharing no cache with it."""
    copy = getattr(game, "private_copy", None)
    if copy is not None:
        return copy()
    try:
        cls = registry.game_class(game.name)
    except BadRules:  # a game the registry does not know: it is its own engine
        return game
    if type(game) is not cls:
        return game
    return cls(**rules_json(game.rules))


def for_bots(game: Any) -> Any:
    """The game a bot is given: ``game`` itself when it already is one (`BotGame`), else a
    `BotGame` over a private engine with the same rules."""
    return game if isinstance(game, BotGame) else BotGame(game)


#: The move budgets of a game whose package sets none (`SearchSettings.moves`).
DEFAULT_MOVES: dict[str, int] = {"easy": 500, "medium": 1500, "hard": 4000}


@dataclass(frozen=True)
class SearchSettings:
    """How the search spends its work in one game: set by the game's package, as
    ``SEARCH_SETTINGS`` in its rule-based bot's module (``cardtable.games.<game>.bots``), so that
    the search itself knows no game (`search_settings` reads it; a game without one gets these
    defaults).

    ``moves``: simulated moves per decision at each level (a move costs each game a different
    time; each level about four times the one below). ``scale``: how many times its budgets
    (playouts and moves) a level spends, where not once; the classic search always spends them
    once. ``world_moves``: what sampling one world costs, in simulated moves of the same game,
    so that a search that samples more worlds per playout (sequential halving's later rounds) is
    not cheaper on paper than it is. ``infer_world_moves``: the same for a world weighed by the
    other seats' plays too (``sample(view, rng, infer=True)``), which draws and replays several
    candidates for each one kept (``None``: as ``world_moves``). ``infer``: whether the search
    asks the game's sampler for such worlds unless told otherwise (only where that measured no
    weaker at the same time per move)."""

    moves: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_MOVES))
    scale: Mapping[str, int] = field(default_factory=dict)
    world_moves: int = 1
    infer_world_moves: int | None = None
    infer: bool = False
