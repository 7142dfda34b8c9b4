"""What the analysis after the hand needs of Sheepshead (`cardtable.analysis.parts`).

``GRADES``: the losses (points per hand on the search's scale: the seat's points minus the mean
of the other seats') at which a move stops being good (0.08), an inaccuracy (0.24) and a mistake
(0.65): 2.5%, 7.5% and 20% of the spread of a hand's value, its standard deviation of 3.23 over
300 hands of the rule-based bot (docs/analysis.md). ``why`` says, in the narration's words, what
the move made did; ``solver`` is the open-card solver of the trick play (`solver.SheepsheadSolver`).
"""

from __future__ import annotations

from typing import Any

from cardtable.analysis.parts import Thresholds
from cardtable.render import pretty_card

from .drawing import CARD_POINTS as SHEEPSHEAD_CARD_POINTS
from .game import Sheepshead
from .solver import SheepsheadSolver

GRADES = Thresholds(0.08, 0.24, 0.65)


def solver(game: Sheepshead) -> SheepsheadSolver:
    """Sheepshead's open-card solver under the game's rules."""
    return SheepsheadSolver(game.rules)


def _points(card: str) -> int:
    return SHEEPSHEAD_CARD_POINTS.get(card[:-1], 0)


def _cards(cards: list[str]) -> str:
    named = [f"the {pretty_card(c)}" for c in cards]
    return " and ".join(named)


def _doing(action: str, leading: bool) -> str:
    verb, _, rest = action.partition(" ")
    if verb == "play":
        return f"{'leading' if leading else 'playing'} the {pretty_card(rest)}"
    if verb == "bury":
        return f"burying {_cards(rest.split())}"
    if verb == "pick":
        return "picking up the blind"
    if verb == "pass":
        return "passing"
    if verb == "call":
        return f"calling the {pretty_card(rest)}" if rest[:1].isalnum() and rest[-1:] in "CDHS" else f"calling {rest}"
    return action


def why(view: dict[str, Any], made: str, best: str, loss: float) -> str:
    """One sentence of why ``made`` was worse than ``best``, from the seat's view only."""
    trick = (view.get("trick") or {}).get("cards") or []
    text = f"{_doing(made, not trick)} cost about {loss:.2f} points a hand"
    verb, _, rest = made.partition(" ")
    if verb == "bury":
        cards = rest.split()
        trumps = [c for c in cards if c[:-1] in ("Q", "J") or c.endswith("D")]
        aces = [c for c in cards if c.startswith("A") and c not in trumps]
        if trumps:
            text += f": {_cards(trumps)} {'is' if len(trumps) == 1 else 'are'} trump, which wins tricks"
        elif aces:
            text += f": {_cards(aces)} could have taken a trick instead of lying in the bury"
    elif verb == "play" and trick and _points(rest) >= 10:
        text += f": {_points(rest)} points went onto a trick not yet won"
    return f"{text}; {_doing(best, not trick)} was better"
