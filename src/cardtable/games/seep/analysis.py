"""What the analysis after the hand needs of Seep (`cardtable.analysis.parts`).

``GRADES``: the losses (points per hand on the search's scale: the seat's card points minus the
mean of the other seats') at which a move stops being good (3.1), an inaccuracy (9.3) and a
mistake (24.7): 2.5%, 7.5% and 20% of the spread of a hand's value, its standard deviation of
123.5 over 300 hands of the rule-based bot (docs/analysis.md). ``LEVEL``: the search level that
values its decisions by default. ``why`` says, in the narration's
words, what the move made did; ``solver`` is the open-card solver (`solver.SeepSolver`), which
finishes only near the end of a hand.
"""

from __future__ import annotations

from typing import Any

from cardtable.analysis.parts import Thresholds
from cardtable.render import pretty_card

from .game import Seep
from .solver import SeepSolver

GRADES = Thresholds(3.1, 9.3, 24.7)

#: Seep's decisions are valued by the hard search by default: at the medium level a move's value
#: is often ±100 points wide, and the loss of a move beside a house to take reads as noise.
LEVEL = "hard"


def solver(game: Seep) -> SeepSolver:
    """Seep's open-card solver under the game's rules."""
    return SeepSolver(game.rules)


def _doing(action: str) -> str:
    words = action.split()
    verb = words[0]
    if verb == "throw":
        return f"throwing the {pretty_card(words[1])}"
    if verb == "capture":
        house = next((w[1:] for w in words[2:] if w.startswith("H")), None)
        what = f"the house of {house}" if house else "from the floor"
        return f"capturing {what} with the {pretty_card(words[1])}"
    if verb in ("build", "cement"):
        return f"{'building' if verb == 'build' else 'cementing'} {words[1]}"
    if verb == "break":
        return f"breaking the house of {words[1][1:]}"
    if verb == "bid":
        return f"bidding {words[1]}"
    return action


def why(view: dict[str, Any], made: str, best: str, loss: float) -> str:
    """One sentence of why ``made`` was worse than ``best``, from the seat's view only."""
    text = f"{_doing(made)} cost about {loss:.1f} points a hand"
    if best.startswith("capture") and not made.startswith("capture"):
        houses = (view.get("floor") or {}).get("houses") or []
        taken = next((w[1:] for w in best.split()[2:] if w.startswith("H")), None)
        if taken is not None and any(str(h.get("value")) == taken for h in houses):
            text += f": the house of {taken} was there to take"
    return f"{text}; {_doing(best)} was better"
