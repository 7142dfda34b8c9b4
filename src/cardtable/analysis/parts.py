"""What the analysis needs from one game, found through the game object.

A game says how its decisions are graded and explained in a module of its own package,
``cardtable.games.<game>.analysis`` (the package the game's class is defined in), holding:

- ``GRADES``: a `Thresholds`, the losses in the game's points per hand at which a move stops
  being good, becomes a mistake and becomes a blunder (derived in docs/analysis.md);
- ``why(view, made, best, loss, played)``: one sentence, in the narration's words, of why the move
  made was worse than the best one (``view`` is the deciding seat's view as JSON, ``made`` and
  ``best`` the actions in record notation), saying in the game's terms what the better move keeps,
  wins or denies: the trick it takes later, the sweep it leaves open, the points it saves; made
  of messages (below), so that it can be said in the reader's language;
- ``facts(game, view, end, seat)``: what one playout led to, read at its end (``end``, a checked
  state of a world sampled from the seat's view) as numbers for the seat (``view``, as JSON, says
  what lay on the table when it decided): the tricks its side took, the points, the sweeps. The
  analysis measures the better move and the move made again on fresh worlds and hands ``why``
  these numbers world by world (`Playouts`; ``None`` for a game without ``facts``). They are
  averages over worlds the seat cannot tell from the true one, so they say only what the seat
  could know; ``why`` names no card but those in the view;
- optionally ``LEVEL``: the search level its decisions are valued at by default (where the
  common default, ``medium``, leaves the values too noisy to grade);
- optionally ``solver(game)``: the game's open-card solver (`cardtable.analysis.opencard`), or
  ``None`` when it has none for these rules;
- optionally ``THEMES``: pairs of a phrase of ``why``'s reasons and the puzzle theme it stands
  for ("the other side sweeps", "a sweep to deny"), read by `cardtable.puzzles`.

A game without the module is analysed with `DEFAULT_GRADES` and the plain sentence of `plain_why`.
Generic code never names a game: it asks `part` for the game's module.

A reason in any language. ``why`` returns a `cardtable.i18n.Phrase`: a marked message with
named parts (``phrase("the trick was already your partner's with the {card}", card="J♠")``),
whose parts are phrases too, cards as the table writes them (``10♦``, the same in every
language), whole numbers, and amounts (`cardtable.i18n.Amount`: a number with its decimals). A
phrase is plain English text, the very sentence the analysis has always written, so the
``"why"`` of an analysis, of a stored review and of a puzzle is unchanged; `say` says it again in
the language spoken, each message through the catalog and each amount as that language writes
it (``0,40`` in German). The helpers here build a reason's usual parts alike for every game:
`share_change` and `amount_change` (a consequence), `told` (the heaviest, joined), `sentence`
(the whole: what the move cost, the notes, the better move). The analysis keeps the phrase
beside its English as words (``"why_words"``, `cardtable.i18n.words_of`: ``{"m": message,
"p": {name: part}}``), which `cardtable.i18n.phrase_of` reads back (refusing words not so made);
the terminal says them with ``say``, the puzzles' server in the language an answer asks for,
and the review panel in the page with its own ``t`` (``review.js``, ``saidWords``), since the
review reaches the page as data. A reason kept without words (a review or puzzle made before)
is said by its English sentence, marked as English where another language is read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.i18n import N_, Amount, phrase
from cardtable.table import pretty_action


@dataclass(frozen=True)
class Playouts:
    """What the better move and the move made led to on the same worlds (sampled from the seat's
    view), world by world: each playout's facts as the game's ``facts`` reads them at its end."""

    best: tuple[Mapping[str, float], ...]
    made: tuple[Mapping[str, float], ...]
    #: Each fact's sums over the worlds, after each move, worked out at the first `mean` (a
    #: reason asks for dozens of means of thousands of playouts).
    _sums: list[dict[str, float]] = field(default_factory=list, compare=False, repr=False)

    @property
    def worlds(self) -> int:
        """How many worlds both moves were played out in."""
        return min(len(self.best), len(self.made))

    def mean(self, key: str) -> tuple[float, float]:
        """The mean of one fact over the worlds: after the better move, after the move made (a
        fact a playout lacks counts 0)."""
        n = self.worlds
        if n == 0:
            return 0.0, 0.0
        if not self._sums:
            for side in (self.best, self.made):
                sums: dict[str, float] = {}
                for f in side[:n]:
                    for k, v in f.items():
                        sums[k] = sums.get(k, 0.0) + v
                self._sums.append(sums)
        return self._sums[0].get(key, 0.0) / n, self._sums[1].get(key, 0.0) / n


@dataclass(frozen=True)
class Consequence:
    """One thing the better move changes, in words, and how much it weighs: the change in the
    game's points per hand it stands for (a share of worlds times what the thing is worth),
    positive when it is in the better move's favour."""

    weight: float
    text: str


def percent(share: float) -> str:
    """A share of the worlds as people say it: ``62%`` (a `Phrase`, said ``62 %`` in German)."""
    return phrase("{n}%", n=round(100 * share))


def share_change(
    weight: float, subject: str, after_best: str, after_made: str, b: float, m: float
) -> Consequence | None:
    """How often something happens after each move: "after the 10♣ your side takes Game 62% of
    the time, after the J♠ 31%" (``subject``: "your side takes Game", a `Phrase`); ``None`` when
    the two shares read the same."""
    if percent(b) == percent(m):
        return None
    return Consequence(
        weight,
        phrase(
            "after {best} {subject} {share} of the time, after {made} {other}",
            best=after_best,
            subject=subject,
            share=percent(b),
            made=after_made,
            other=percent(m),
        ),
    )


def amount_change(
    weight: float,
    subject: str,
    after_best: str,
    after_made: str,
    b: float,
    m: float,
    places: int = 1,
    **parts: object,
) -> Consequence | None:
    """How much of something each move leads to on average: "you take 2.4 of the 4 tricks left
    after the Q♣, 1.8 after the A♣" (``subject``: the message "you take {n} of the {left} tricks
    left", marked `N_`, the amount in place of ``{n}`` and its other ``parts`` given by name),
    with a place more (up to two) where the rounding would hide the change; ``None`` when the
    two amounts read the same even so."""
    shown_b, shown_m = Amount(b, places), Amount(m, places)
    while shown_b == shown_m and places < 2:
        places += 1
        shown_b, shown_m = Amount(b, places), Amount(m, places)
    if shown_b == shown_m:
        return None
    said = phrase(subject, n=shown_b, **parts)
    return Consequence(
        weight,
        phrase(
            "{subject} after {best}, {other} after {made}",
            subject=said,
            best=after_best,
            other=shown_m,
            made=after_made,
        ),
    )


def joined(pieces: Sequence[str], message: str) -> str:
    """Pieces of a reason joined by ``message`` (its ``{first}`` and ``{then}``: "{first}; {then}"),
    as a `Phrase` said in any language; the one piece itself when there is one."""
    said = pieces[0]
    for piece in pieces[1:]:
        said = phrase(message, first=said, then=piece)
    return said


def told(found: Sequence[Consequence | None], most: int = 1) -> str:
    """The consequences in the better move's favour that weigh most, heaviest first, joined with
    "and" (up to ``most``; after the first, only those weighing at least half as much); "" when
    none is in its favour."""
    ranked = sorted((c for c in found if c is not None and c.weight > 0), key=lambda c: -c.weight)[:most]
    if not ranked:
        return ""
    kept = [ranked[0]] + [c for c in ranked[1:] if c.weight >= ranked[0].weight / 2]
    return joined([c.text for c in kept], N_("{first}, and {then}"))


#: How a reason's notes are joined ("the house of 9 was there to take; after ...").
NOTES = N_("{first}; {then}")


def sentence(cost: str, notes: Sequence[str], better: str) -> str:
    """A game's whole reason: what the move made cost (``cost``), what the better move changes
    (``notes``, joined with "; " after a colon, when there are any) and which move was better:
    "playing the 9♣ cost about 0.40 points a hand: ...; leading the A♣ was better"."""
    if notes:
        cost = phrase("{cost}: {notes}", cost=cost, notes=joined(notes, NOTES))
    return phrase("{cost}; {better} was better", cost=cost, better=better)


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


def fact_reader(game: Any) -> Callable[[dict[str, Any], Any, int], Mapping[str, float]] | None:
    """The game's ``facts`` bound to ``game``, called as ``reader(view, end, seat)``; ``None`` when
    the game reads none."""
    facts = getattr(part(game), "facts", None)
    if not callable(facts):
        return None
    return lambda view, end, seat: facts(game, view, end, seat)


def plain_why(made: str, best: str, loss: float) -> str:
    """The sentence for a game that has no words of its own (a `Phrase`)."""
    return phrase(
        "{made} gave up about {loss} points a hand against {best}",
        made=pretty_action(made),
        loss=Amount(loss, 2),
        best=pretty_action(best),
    )


def why(game: Any, view: dict[str, Any], made: str, best: str, loss: float, played: Playouts | None = None) -> str:
    """One sentence of why ``made`` was worse than ``best`` for the seat whose view this is, from
    what the two moves led to in the analysis's own playouts (``played``) where the game reads them."""
    module = part(game)
    explain = getattr(module, "why", None)
    if callable(explain):
        text: str = explain(view, made, best, loss, played)
        return text
    return plain_why(made, best, loss)
