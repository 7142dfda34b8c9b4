"""What the analysis after the hand needs of Smear (`cardtable.analysis.parts`).

``GRADES``: the losses (points per hand on the search's scale: the seat's points minus the mean
of the other seats', so a point moved from one team to the other is worth 4/3) at which a move
stops being good (0.05), an inaccuracy (0.16) and a mistake (0.43): 2.5%, 7.5% and 20% of the
spread of a hand's value, its standard deviation of 2.14 over 300 hands of the rule-based bot
(docs/analysis.md). ``facts`` reads what a playout led to for the seat's side (High, Low, the
Jack and Game taken or lost, the bid made or set, the tricks taken); ``why`` says in Smear's
words what the better move wins or saves, from those playouts (and what the trick on the table
shows); ``solver`` is the open-card solver of the card play (`solver.SmearSolver`); ``LEVEL``
says the hard search values the decisions.
"""

from __future__ import annotations

import operator
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

from .game import Smear
from .solver import SmearSolver
from .state import Phase
from .tables import TRICK_KEY

GRADES = Thresholds(0.05, 0.16, 0.43)

#: Smear's decisions are valued by the hard search, the strongest level, by default: with the
#: worlds drawn at once and loaded from their arrays, and the re-measured playouts' facts read off
#: the batch's rows (`batch.SmearBatch.facts`), a hand's review at this level takes 0.38 s at the
#: median and 0.63 s at the 90th percentile on the 2-core machine (24 hands of
#: `bench/analysis_batch.py --deals 12 --level hard`: docs/benchmarks.md).
LEVEL = "hard"


#: The themes of puzzles (`cardtable.puzzles`): a phrase of `why`'s reasons, and the theme it
#: stands for, the first found naming the puzzle's theme.
THEMES = (
    ("already your partner's", N_("a partner's trick to leave alone")),
    ("the trump was spent", N_("a trump to save")),
    ("the Jack went to a trick they were winning", N_("the Jack to save")),
    ("toward Game went to a trick they were winning", N_("a ten to save")),
    ("your side is set", N_("a set to avoid")),
    ("they are set", N_("a set to make")),
    ("takes High", N_("High")),
    ("take High", N_("High")),
    ("takes Low", N_("Low")),
    ("take Low", N_("Low")),
    ("the Jack", N_("the Jack")),
    ("Game", N_("Game")),
    ("tricks left", N_("tricks to take")),
)

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
        card = pretty_card(rest)
        return phrase("leading the {card}", card=card) if leading else phrase("playing the {card}", card=card)
    if verb == "bid":
        return phrase("bidding {value}", value=rest)
    if verb == "pass":
        return phrase("passing")
    if verb == "discard":
        return phrase("discarding {cards}", cards=" ".join(pretty_card(c) for c in rest.split()))
    return action


#: The four points (R27-R30) as players name them.
POINTS = {"high": N_("High"), "low": N_("Low"), "jack": N_("the Jack"), "game": N_("Game")}
#: What a trick taken weighs among the candidates for why: a point's worth spread over the hand.
TRICK_WEIGHT = 0.25


def facts(game: Smear, view: dict[str, Any], end: Any, seat: int) -> dict[str, float]:
    """What a playout led to for ``seat``'s side (``end``: the hand over, in a world sampled from
    its view): each of the four points to its side or to theirs (and what it was worth to the
    seat's side: nothing to a side that was set), the bid its side made or was set on, the other
    side set, the tricks its side took. Read off the hand's tally (R27-R33), the figures
    `Smear.outcome` reports, without the rest of the outcome: a review reads thousands of ends a
    decision."""
    tally = end.tally if end.phase is Phase.OVER else None
    if tally is None:  # not over, or passed out (R15)
        return {"passed_out": 1.0}
    setup = end.setup
    ours = seat % 2
    theirs = 1 - ours
    bid_ours = setup.bidder % 2 == ours
    made = tally.made
    # a side that was set scores its bid lost, not its points (rule 32)
    counts_ours = not (bid_ours and not made)
    counts_theirs = bid_ours or made
    out: dict[str, float] = {}
    for name, team in (("high", tally.high), ("low", tally.low), ("jack", tally.jack), ("game", tally.game)):
        out[name] = float(team == ours)
        out[f"{name}_them"] = float(team == theirs)
        out[f"{name}_worth"] = float(team == ours and counts_ours) - float(team == theirs and counts_theirs)
    out["bid"] = float(setup.bid)
    out["made_ours"] = float(bid_ours and made)
    out["set_ours"] = float(bid_ours and not made)
    out["set_them"] = float(not bid_ours and not made)
    out["tricks"] = float(sum(t.winner % 2 == ours for t in end.tricks))
    return out


def _short(action: str) -> str:
    """A move as the consequence names it: "the 10♣", "bidding 3", "passing"."""
    verb, _, rest = action.partition(" ")
    return phrase("the {card}", card=pretty_card(rest)) if verb == "play" else _doing(action, False)


def consequences(view: dict[str, Any], made: str, best: str, played: Playouts) -> list[Consequence | None]:
    """What the better move changes, by the playouts: a point, the bid, the tricks."""
    after_best, after_made = _short(best), _short(made)
    found = []
    for key, name in POINTS.items():
        b, m = played.mean(key)
        bt, mt = played.mean(f"{key}_them")
        weight = operator.sub(*played.mean(f"{key}_worth"))  # what it moves in the score, set sides aside
        if abs(b - m) >= abs(bt - mt):
            said = phrase("your side takes {point}", point=phrase(name))
            found.append(share_change(weight, said, after_best, after_made, b, m))
        else:
            said = phrase("they take {point}", point=phrase(name))
            found.append(share_change(weight, said, after_best, after_made, bt, mt))
    # a set costs the bid; it weighs half of that here, so that the point that decides it is
    # named before the set it brings where both changed alike
    bid = max(played.mean("bid"))
    for key, words, sign in (("set_ours", phrase("your side is set"), -1), ("set_them", phrase("they are set"), 1)):
        b, m = played.mean(key)
        found.append(share_change(sign * (b - m) * bid / 2, words, after_best, after_made, b, m))
    left = 6 - len(view.get("tricks") or [])
    b, m = played.mean("tricks")
    subject = N_("your side takes {n} of the {left} tricks left")
    found.append(amount_change((b - m) * TRICK_WEIGHT, subject, after_best, after_made, b, m, left=left))
    return found


def why(view: dict[str, Any], made: str, best: str, loss: float, played: Playouts | None = None) -> str:
    """One sentence of why ``made`` was worse than ``best``, from the seat's view and the
    analysis's playouts (``played``) only: a `Phrase`, said in any language."""
    leading = not view.get("trick")
    cost = phrase("{move} cost about {loss} points a hand", move=_doing(made, leading), loss=Amount(loss, 2))
    notes: list[str] = []
    winning = _winning(view)
    if made.startswith("play ") and winning is not None:
        seat, card, key = winning
        trump = view["trump"]
        mine = made.split(" ", 1)[1]
        other = best.split(" ", 1)[1] if best.startswith("play ") else None
        takes = key[parse_card(mine)] > key[parse_card(card)]
        shown = pretty_card(card)
        if seat == view["seat"] ^ 2 and mine.endswith(trump):
            notes.append(phrase("the trick was already your partner's with the {card}", card=shown))
        elif takes and other is not None and key[parse_card(other)] > key[parse_card(card)] and mine.endswith(trump):
            notes.append(
                phrase("the {card} would have taken the trick too, and the trump was spent", card=pretty_card(other))
            )
        elif not takes and mine == "J" + trump:
            notes.append(phrase("the Jack went to a trick they were winning with the {card}", card=shown))
        elif not takes and seat != view["seat"] ^ 2 and mine.startswith("10"):
            notes.append(
                phrase("the ten's 10 toward Game went to a trick they were winning with the {card}", card=shown)
            )
    if played is not None and played.worlds:
        said = told(consequences(view, made, best, played))
        if said:
            notes.append(said)
    return sentence(cost, notes, _doing(best, leading))
