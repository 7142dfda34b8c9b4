"""What the analysis after the hand needs of Smear (`cardtable.analysis.parts`).

``GRADES``: the losses (points per hand on the search's scale: the seat's points minus the mean
of the other seats', so a point moved from one team to the other is worth 4/3) at which a move
stops being good (0.05), an inaccuracy (0.16) and a mistake (0.43): 2.5%, 7.5% and 20% of the
spread of a hand's value, its standard deviation of 2.14 over 300 hands of the rule-based bot
(docs/analysis.md). ``why`` says, in the narration's words, what the move made did; ``solver``
is the open-card solver of the card play (`solver.SmearSolver`).
"""

from __future__ import annotations

from typing import Any

from cardtable.analysis.parts import Thresholds
from cardtable.cards import parse_card
from cardtable.render import pretty_card

from .game import Smear
from .solver import SmearSolver
from .tables import TRICK_KEY

GRADES = Thresholds(0.05, 0.16, 0.43)

_SUITS = "CDHS"


def solver(game: Smear) -> SmearSolver:
    """Smear's open-card solver under the game's rules."""
    return SmearSolver(game.rules)


def _winning(view: dict[str, Any]) -> tuple[int, str, tuple[int, ...]] | None:
    """The seat winning the trick in progress, its card and the trick's order of cards (R26:
    higher wins), from the view; ``None`` before a lead."""
    trick = view.get("trick") or []
    trump = view.get("trump")
    if not trick or trump is None:
        return None
    cards = [parse_card(c) for c in trick]
    key = TRICK_KEY[_SUITS.index(trump) * 4 + cards[0] // 13]
    first = max(range(len(cards)), key=lambda i: key[cards[i]])
    return (view["leader"] + first) % 4, trick[first], key


def _doing(action: str, leading: bool) -> str:
    verb, _, rest = action.partition(" ")
    if verb == "play":
        return f"{'leading' if leading else 'playing'} the {pretty_card(rest)}"
    if verb == "bid":
        return f"bidding {rest}"
    if verb == "pass":
        return "passing"
    if verb == "discard":
        return "discarding " + " ".join(pretty_card(c) for c in rest.split())
    return action


def why(view: dict[str, Any], made: str, best: str, loss: float) -> str:
    """One sentence of why ``made`` was worse than ``best``, from the seat's view only."""
    leading = not view.get("trick")
    text = f"{_doing(made, leading)} cost about {loss:.2f} points a hand"
    winning = _winning(view)
    if made.startswith("play ") and winning is not None:
        seat, card, key = winning
        trump = view["trump"]
        mine = made.split(" ", 1)[1]
        other = best.split(" ", 1)[1] if best.startswith("play ") else None
        takes = key[parse_card(mine)] > key[parse_card(card)]
        if seat == view["seat"] ^ 2 and mine.endswith(trump):
            text += f": the trick was already your partner's with the {pretty_card(card)}"
        elif takes and other is not None and key[parse_card(other)] > key[parse_card(card)] and mine.endswith(trump):
            text += f": the {pretty_card(other)} would have taken the trick too, and the trump was spent"
        elif not takes and mine == "J" + trump:
            text += f": the Jack went to a trick they were winning with the {pretty_card(card)}"
        elif not takes and seat != view["seat"] ^ 2 and mine.startswith("10"):
            text += f": the ten's 10 toward Game went to a trick they were winning with the {pretty_card(card)}"
    return f"{text}; {_doing(best, leading)} was better"
