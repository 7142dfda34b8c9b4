"""What the analysis after the hand needs of Seep (`cardtable.analysis.parts`).

``GRADES``: the losses (points per hand on the search's scale: the seat's card points minus the
mean of the other seats') at which a move stops being good (3.1), an inaccuracy (9.3) and a
mistake (24.7): 2.5%, 7.5% and 20% of the spread of a hand's value, its standard deviation of
123.5 over 300 hands of the rule-based bot (docs/analysis.md). ``LEVEL``: the search level that
values its decisions by default. ``facts`` reads what a playout led to for the seat's side: the
sweeps made and conceded after the decision, whose pile each house on the floor ended in, the
points of the floor's cards and of the whole hand; ``why`` says in Seep's words what the better
move keeps or denies (the sweep it leaves open, the house it keeps, the points it saves), from
those playouts; ``solver`` is the open-card solver (`solver.SeepSolver`), which finishes only
near the end of a hand.
"""

from __future__ import annotations

from typing import Any

from cardtable.analysis.parts import (
    Consequence,
    Playouts,
    Thresholds,
    amount_change,
    sentence,
    share_change,
    told,
)
from cardtable.cards import parse_card
from cardtable.i18n import N_, Amount, phrase
from cardtable.render import pretty_card

from .game import Seep
from .scoring import card_points, pile_points
from .solver import SeepSolver
from .state import SeepState

GRADES = Thresholds(3.1, 9.3, 24.7)


#: The themes of puzzles (`cardtable.puzzles`): a phrase of `why`'s reasons, and the theme it
#: stands for, the first found naming the puzzle's theme.
THEMES = (
    ("was there to take", N_("a house to take")),
    ("the other side sweeps", N_("a sweep to deny")),
    ("your side sweeps", N_("a sweep to make")),
    ("ends in your side's pile", N_("a house to keep")),
    ("points in the hand", N_("points to take")),
)

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
        return phrase("throwing the {card}", card=pretty_card(words[1]))
    if verb == "capture":
        house = next((w[1:] for w in words[2:] if w.startswith("H")), None)
        card = pretty_card(words[1])
        if house:
            return phrase("capturing the house of {value} with the {card}", value=house, card=card)
        return phrase("capturing from the floor with the {card}", card=card)
    if verb == "build":
        return phrase("building a house of {value}", value=words[1])
    if verb == "cement":
        return phrase("cementing the house of {value}", value=words[1][1:])
    if verb == "break":
        return phrase("breaking the house of {value}", value=words[1][1:])
    if verb == "bid":
        return phrase("bidding {value}", value=words[1])
    return action


def facts(game: Seep, view: dict[str, Any], end: SeepState, seat: int) -> dict[str, float]:
    """What a playout led to for ``seat``'s side (``end``: the hand over, in a world sampled from
    its view): the sweeps each side made after the decision (the view holds those before), for
    each house on the floor when it decided whether its cards ended in this side's pile or the
    other's, the points of the floor's cards this side took, and the hand's points of each side;
    with what a sweep and each house are worth under the table's rules (``sweep_value``,
    ``house<V>_points``), which weigh the consequences `why` chooses between. What comes from the
    view alone is worked out once a view (`_floor`): a decision's playouts share it."""
    result = game.outcome(end)
    if result is None or end.bid == 0:
        return {}
    ours, theirs = seat % 2, 1 - seat % 2
    before = view.get("sweeps") or [0, 0]
    totals = result.details["totals"]
    out = {
        "swept": float(sum(end.sweeps[ours]) > before[ours]),
        "swept_them": float(sum(end.sweeps[theirs]) > before[theirs]),
        "sweep_points": float(sum(end.sweeps[ours]) - before[ours]),
        "sweep_points_them": float(sum(end.sweeps[theirs]) - before[theirs]),
        "points": float(totals[ours]),
        "points_them": float(totals[theirs]),
        "sweep_value": float(game.rules.sweep_points),
    }
    houses, loose, worth = _floor(game, view)
    for value, cards, points in houses:
        out[f"house{value}"] = float(end.piles[ours] & cards == cards)
        out[f"house{value}_them"] = float(end.piles[theirs] & cards == cards)
        out[f"house{value}_points"] = points
    out["floor_points"] = float(pile_points(worth, end.piles[ours] & loose))
    return out


#: The last view `_floor` read, and what it found: (view, found).
_last_floor: tuple[Any, Any] = (None, None)


def _floor(game: Seep, view: dict[str, Any]) -> tuple[list[tuple[Any, int, float]], int, Any]:
    """The view's houses (value, cards, points), its loose cards and the rules' card points."""
    global _last_floor
    seen, found = _last_floor
    if seen is view and found[3] is game.rules:
        return found[0], found[1], found[2]
    worth = card_points(game.rules)
    floor = view.get("floor") or {}
    houses = []
    for house in floor.get("houses") or []:
        cards = _mask([c for group in house["sets"] for c in group])
        houses.append((house["value"], cards, float(pile_points(worth, cards))))
    loose = _mask(floor.get("loose") or [])
    _last_floor = (view, (houses, loose, worth, game.rules))
    return houses, loose, worth


def _mask(cards: list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


def consequences(view: dict[str, Any], made: str, best: str, played: Playouts) -> list[Consequence | None]:
    """What the better move changes, by the playouts: a sweep conceded or made, a house kept or
    lost, the hand's points (a half of the difference in points between the sides: what the
    seat's value moves by)."""
    after_best, after_made = _doing(best), _doing(made)
    sweep = max(played.mean("sweep_value"))
    found = []
    b, m = played.mean("swept_them")
    found.append(share_change((m - b) * sweep, phrase("the other side sweeps"), after_best, after_made, b, m))
    b, m = played.mean("swept")
    found.append(share_change((b - m) * sweep, phrase("your side sweeps"), after_best, after_made, b, m))
    for house in (view.get("floor") or {}).get("houses") or []:
        value = house["value"]
        b, m = played.mean(f"house{value}")
        bt, mt = played.mean(f"house{value}_them")
        weight = ((b - bt) - (m - mt)) * max(max(played.mean(f"house{value}_points")), 1.0)
        subject = phrase("the house of {value} ends in your side's pile", value=value)
        found.append(share_change(weight, subject, after_best, after_made, b, m))
    b, m = played.mean("points")
    bt, mt = played.mean("points_them")
    found.append(
        amount_change(
            ((b - bt) - (m - mt)) / 2, N_("your side scores {n} points in the hand"), after_best, after_made, b, m, 0
        )
    )
    return found


def why(view: dict[str, Any], made: str, best: str, loss: float, played: Playouts | None = None) -> str:
    """One sentence of why ``made`` was worse than ``best``, from the seat's view and the
    analysis's playouts (``played``) only: a `Phrase`, said in any language."""
    cost = phrase("{move} cost about {loss} points a hand", move=_doing(made), loss=Amount(loss, 1))
    notes: list[str] = []
    if best.startswith("capture") and not made.startswith("capture"):
        houses = (view.get("floor") or {}).get("houses") or []
        taken = next((w[1:] for w in best.split()[2:] if w.startswith("H")), None)
        if taken is not None and any(str(h.get("value")) == taken for h in houses):
            notes.append(phrase("the house of {value} was there to take", value=taken))
    if played is not None and played.worlds:
        said = told(consequences(view, made, best, played))
        if said:
            notes.append(said)
    return sentence(cost, notes, _doing(best))
