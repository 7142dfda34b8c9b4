"""What the analysis after the hand needs of Sheepshead (`cardtable.analysis.parts`).

``GRADES``: the losses (points per hand on the search's scale: the seat's points minus the mean
of the other seats') at which a move stops being good (0.08), an inaccuracy (0.24) and a mistake
(0.65): 2.5%, 7.5% and 20% of the spread of a hand's value, its standard deviation of 3.23 over
300 hands of the rule-based bot (docs/analysis.md). ``facts`` reads what a playout led to for the
seat: its side (the picker and partner, or the defenders, as they were in that world) winning
or schneidered, the card points its side took, the tricks the seat took, a leaster won; ``why``
says in Sheepshead's words what the better move wins or saves, from those playouts (and what
the bury and the trick show); ``solver`` is the open-card solver of the trick play
(`solver.SheepsheadSolver`).
"""

from __future__ import annotations

from typing import Any

from cardtable.analysis.parts import (
    Consequence,
    Playouts,
    Thresholds,
    amount_change,
    joined,
    percent,
    sentence,
    share_change,
    told,
)
from cardtable.i18n import N_, Amount, phrase
from cardtable.render import pretty_card

from .drawing import CARD_POINTS as SHEEPSHEAD_CARD_POINTS
from .game import Sheepshead
from .solver import SheepsheadSolver

GRADES = Thresholds(0.08, 0.24, 0.65)

#: Sheepshead's decisions are valued by the hard search, the strongest level, by default: with the
#: open-card solves bounded by what the hand can still end with (`solver.SheepsheadSolver.bounds`)
#: a hand's review at this level takes 0.40 s at the median and 0.68 s at the 90th percentile on
#: the 2-core machine (240 hands of `bench/analysis_batch.py --deals 48`: docs/benchmarks.md).
LEVEL = "hard"


#: The themes of puzzles (`cardtable.puzzles`): a phrase of `why`'s reasons, and the theme it
#: stands for, the first found naming the puzzle's theme.
THEMES = (
    ("is trump, which wins tricks", N_("a trump to keep")),
    ("are trump, which wins tricks", N_("trumps to keep")),
    ("could have taken a trick instead of lying in the bury", N_("an ace to keep")),
    ("went onto a trick not yet won", N_("points to hold back")),
    ("doubles what it pays", N_("the crack")),
    ("is schneidered", N_("schneider to escape")),
    ("schneiders the others", N_("schneider to make")),
    ("win the hand", N_("the hand to win")),
    ("wins the hand", N_("the hand to win")),
    ("card points", N_("card points to take")),
    ("tricks left", N_("tricks to take")),
)


def solver(game: Sheepshead) -> SheepsheadSolver:
    """Sheepshead's open-card solver under the game's rules."""
    return SheepsheadSolver(game.rules)


def _points(card: str) -> int:
    return SHEEPSHEAD_CARD_POINTS.get(card[:-1], 0)


def _cards(cards: list[str]) -> str:
    named = [phrase("the {card}", card=pretty_card(c)) for c in cards]
    return joined(named, N_("{first} and {then}"))


def _doing(action: str, leading: bool) -> str:
    verb, _, rest = action.partition(" ")
    if verb == "play":
        card = pretty_card(rest)
        return phrase("leading the {card}", card=card) if leading else phrase("playing the {card}", card=card)
    if verb == "bury":
        return phrase("burying {cards}", cards=_cards(rest.split()))
    if verb == "pick":
        return phrase("picking up the blind")
    if verb == "blitz":
        return phrase("picking up the blind with a blitz")
    if verb == "pass":
        return phrase("passing")
    if verb == "call":
        card, _, unknown = rest.partition(" unknown ")
        if unknown:
            return phrase(
                "calling the {card} with the {unknown} set aside unknown",
                card=pretty_card(card),
                unknown=pretty_card(unknown),
            )
        return phrase("calling the {card}", card=pretty_card(card))
    words = {"alone": N_("going alone"), "crack": N_("cracking"), "recrack": N_("cracking back")}
    return phrase(words[verb]) if verb in words else action


def _short(action: str) -> str:
    """A move as the consequence names it: "the Q♣", "picking up the blind", "passing"."""
    verb, _, rest = action.partition(" ")
    return phrase("the {card}", card=pretty_card(rest)) if verb == "play" else _doing(action, False)


#: What each kind of consequence weighs among the candidates for why, in the payment's units: a
#: hand won rather than lost moves the payment by about two units, a schneider by one more, a
#: trick taken by little on its own, 30 card points by about a unit.
WON, SCHNEIDER, TRICK, POINT = 2.0, 1.0, 0.3, 1 / 30


def facts(game: Sheepshead, view: dict[str, Any], end: Any, seat: int) -> dict[str, float]:
    """What a playout led to for ``seat`` (``end``: the hand over, in a world sampled from its
    view): in a picked hand its side (as it was in that world) winning, schneidered or
    schneidering, its side's card points, the tricks the seat took; in a hand nobody picked and
    everyone played for himself (a leaster, R41), the hand won (the seat paid rather than paying)
    and the tricks the seat took."""
    result = game.outcome(end)
    if result is None:
        return {}
    d = result.details
    if result.result == "played":
        picking = seat in (d["picker"], d["partner"])
        side_points = d["picker_points"] if picking else d["defender_points"]
        picker_won = result.score[d["picker"]] > 0
        heavy = d["level"] >= 2  # schneider or more (R36)
        return {
            "won": float(picker_won == picking),
            "schneidered": float(heavy and picker_won != picking),
            "schneider": float(heavy and picker_won == picking),
            "points": float(side_points),
            "tricks": float(d["tricks"][seat]),
            "picker": float(seat == d["picker"]),
        }
    if result.result == "leaster":
        # each for himself (a leaster, a moster, a schwanzer...): the hand is won by being paid
        return {"won": float(result.score[seat] > 0), "alone": 1.0, "tricks": float((d.get("tricks") or [0] * 5)[seat])}
    return {}


def consequences(view: dict[str, Any], made: str, best: str, played: Playouts) -> list[Consequence | None]:
    """What the better move changes, by the playouts: the hand won (in a leaster, by the seat), a
    schneider, the card points, the tricks; for a crack, what the doubled stakes meet."""
    after_best, after_made = _short(best), _short(made)
    found = []
    b, m = played.mean("won")
    alone = min(played.mean("alone")) == 1.0  # a leaster in every world: no sides
    winner = phrase("you win the hand") if alone else phrase("your side wins the hand")
    found.append(share_change((b - m) * WON, winner, after_best, after_made, b, m))
    cracking = [(a, share) for a, share in ((best, b), (made, m)) if a in ("crack", "recrack")]
    if cracking and abs(b - m) < 0.005:
        # a crack changes the stakes, not the play: what matters is how often the doubled hand is won
        action, share = cracking[0]
        wins = phrase(
            "{winner} {share} of the time, and {action} doubles what it pays",
            winner=winner,
            share=percent(share),
            action=_short(action),
        )
        favours = (2 * share - 1) if action == best else (1 - 2 * share)  # doubling a hand won, or not one lost
        found.append(Consequence(favours * WON, wins))
    b, m = played.mean("schneidered")
    found.append(share_change((m - b) * SCHNEIDER, phrase("your side is schneidered"), after_best, after_made, b, m))
    b, m = played.mean("schneider")
    found.append(
        share_change((b - m) * SCHNEIDER, phrase("your side schneiders the others"), after_best, after_made, b, m)
    )
    b, m = played.mean("points")
    found.append(amount_change((b - m) * POINT, N_("your side takes {n} card points"), after_best, after_made, b, m, 0))
    left = 6 - len(view.get("tricks") or [])
    b, m = played.mean("tricks")
    subject = N_("you take {n} of the {left} tricks left")
    found.append(amount_change((b - m) * TRICK, subject, after_best, after_made, b, m, left=left))
    return found


def why(view: dict[str, Any], made: str, best: str, loss: float, played: Playouts | None = None) -> str:
    """One sentence of why ``made`` was worse than ``best``, from the seat's view and the
    analysis's playouts (``played``) only: a `Phrase`, said in any language."""
    trick = (view.get("trick") or {}).get("cards") or []
    cost = phrase("{move} cost about {loss} points a hand", move=_doing(made, not trick), loss=Amount(loss, 2))
    notes: list[str] = []
    verb, _, rest = made.partition(" ")
    if verb == "bury":
        cards = rest.split()
        trumps = [c for c in cards if c[:-1] in ("Q", "J") or c.endswith("D")]
        aces = [c for c in cards if c.startswith("A") and c not in trumps]
        if len(trumps) == 1:
            notes.append(phrase("{cards} is trump, which wins tricks", cards=_cards(trumps)))
        elif trumps:
            notes.append(phrase("{cards} are trump, which wins tricks", cards=_cards(trumps)))
        elif aces:
            notes.append(phrase("{cards} could have taken a trick instead of lying in the bury", cards=_cards(aces)))
    elif verb == "play" and trick and _points(rest) >= 10:
        notes.append(phrase("{points} points went onto a trick not yet won", points=_points(rest)))
    if played is not None and played.worlds:
        said = told(consequences(view, made, best, played))
        if said:
            notes.append(said)
    return sentence(cost, notes, _doing(best, not trick))
