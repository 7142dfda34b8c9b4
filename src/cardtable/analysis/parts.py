"""What the analysis needs from one game, found through the game object.

A game says how its decisions are graded and explained in a module of its own package,
``cardtable.games.<game>.analysis`` (the package the game's class is defined in), holding:

- ``GRADES``: a `Thresholds`, the losses in the game's points per hand at which a move stops
  being good, becomes a mistake and becomes a blunder (derived in docs/analysis.md);
- ``why(view, made, best, loss)``: one sentence, in the narration's words, of why the move made
  was worse than the best one (``view`` is the deciding seat's view as JSON, ``made`` and
  ``best`` the actions in record notation);
- optionally ``LEVEL``: the search level its decisions are valued at by default (where the
  common default, ``medium``, leaves the values too noisy to grade);
- optionally ``solver(game)``: the game's open-card solver (`cardtable.analysis.opencard`), or
  ``None`` when it has none for these rules.

A game without the module is analysed with `DEFAULT_GRADES` and the plain sentence of `plain_why`.
Generic code never names a game: it asks `part` for the game's module.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from cardtable.table import pretty_action


@dataclass(frozen=True)
class Thresholds:
    """Losses (points per hand, on the search's scale) that separate the grades: below ``good`` a
    move is good, below ``inaccuracy`` an inaccuracy, below ``mistake`` a mistake, else a blunder."""

    good: float
    inaccuracy: float
    mistake: float


#: For a game that gives no thresholds of its own: fractions of a point.
DEFAULT_GRADES = Thresholds(0.05, 0.2, 0.5)


def part(game: Any) -> Any | None:
    """The game's analysis module (see the module docstring), or ``None`` when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.analysis")
    except ModuleNotFoundError:
        return None


def thresholds(game: Any) -> Thresholds:
    """The game's grade thresholds, or `DEFAULT_GRADES`."""
    module = part(game)
    found = getattr(module, "GRADES", None)
    return found if isinstance(found, Thresholds) else DEFAULT_GRADES


def level(game: Any, default: str) -> str:
    """The search level the game's decisions are valued at by default (its ``LEVEL``), else ``default``."""
    found = getattr(part(game), "LEVEL", None)
    return found if isinstance(found, str) else default


def plain_why(made: str, best: str, loss: float) -> str:
    """The sentence for a game that has no words of its own."""
    return f"{pretty_action(made)} gave up about {loss:.2f} points a hand against {pretty_action(best)}"


def why(game: Any, view: dict[str, Any], made: str, best: str, loss: float) -> str:
    """One sentence of why ``made`` was worse than ``best`` for the seat whose view this is."""
    module = part(game)
    explain = getattr(module, "why", None)
    if callable(explain):
        text: str = explain(view, made, best, loss)
        return text
    return plain_why(made, best, loss)
