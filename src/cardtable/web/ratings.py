"""Ratings: how well a player or a bot plays a game, as OpenSkill's Plackett-Luce model learns it
from finished hands (``docs/ratings.md`` says why hands, and what the number means).

Each rated hand is a contest between the sides the game names (`Game.teams`): a partnership in
Seep and Smear, the picker and partner against the defenders in Sheepshead, every one for himself
in a leaster. A side's standing is the sum of its seats' scores in the hand; sides that scored the
same are tied. Everything here is pure: the storage is `cardtable.web.ratings_store`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from cardtable.core import HandResult

#: The model, with OpenSkill's defaults: a newcomer is 25 +/- 8.33 (mu, sigma).
MODEL = PlackettLuce()

#: Who a seat is for ratings: ``player:ID``, ``bot:NAME`` (a bot as named on the command line),
#: or ``None`` for a guest, who is rated as a newcomer each hand and whose rating is not kept.
Who = str | None


def player_key(player_id: str) -> str:
    return f"player:{player_id}"


def bot_key(bot: str) -> str:
    return f"bot:{bot}"


@dataclass(frozen=True)
class Skill:
    """A rating: the mean ``mu`` and the uncertainty ``sigma`` of the model's belief, and the
    number of hands it was learned from."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    hands: int = 0

    @property
    def ordinal(self) -> float:
        """The number shown and ranked by: ``mu - 3 sigma``, a rating the player is very likely
        (about 99.7%) to be at least."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        """The rating as the pages show it: the ordinal, and ``mu +/- 2 sigma`` (about 95%)."""
        return {
            "rating": round(self.ordinal, 2),
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "low": round(self.mu - 2 * self.sigma, 2),
            "high": round(self.mu + 2 * self.sigma, 2),
            "hands": self.hands,
        }


@dataclass(frozen=True)
class Contest:
    """One rated hand: the sides (seats) and each side's score."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


def contest(game: Any, result: HandResult) -> Contest | None:
    """The contest of a finished hand as the game names its sides, or ``None`` when the hand is
    no contest of play (a misdeal, a hand passed out, a doubler)."""
    sides = game.teams(result)
    if sides is None or len(sides) < 2:
        return None
    return Contest(tuple(sides), tuple(sum(result.score[s] for s in side) for side in sides))


def rate(contest: Contest, seats: Sequence[Who], known: Mapping[str, Skill]) -> dict[str, Skill]:
    """The new ratings of everyone kept (not guests) after ``contest``, played by ``seats`` (who
    sat where), from their ratings ``known`` (a newcomer when absent). One who held two seats of
    one side (a bot at both seats of a partnership) is updated once, by the first; one who sat on
    two sides (a bot against itself) learns nothing from the hand and keeps its rating."""
    sides_of: dict[str, set[int]] = {}
    for n, side in enumerate(contest.sides):
        for s in side:
            if seats[s] is not None:
                sides_of.setdefault(str(seats[s]), set()).add(n)
    teams = []
    for side in contest.sides:
        team = []
        for s in side:
            who = seats[s]
            skill = known.get(who, Skill()) if who is not None else Skill()
            team.append(MODEL.rating(mu=skill.mu, sigma=skill.sigma, name=who))
        teams.append(team)
    after = MODEL.rate(teams, scores=list(contest.scores))
    out: dict[str, Skill] = {}
    for side, team in zip(contest.sides, after, strict=True):
        for s, r in zip(side, team, strict=True):
            who = seats[s]
            if who is None or who in out or len(sides_of[who]) > 1:
                continue
            out[who] = Skill(r.mu, r.sigma, known.get(who, Skill()).hands + 1)
    return out


def nearest(skill: Skill, bots: Mapping[str, Skill]) -> str | None:
    """The bot whose mean is closest to ``skill``'s: "you play about as well as NAME"."""
    if not bots:
        return None
    return min(bots, key=lambda name: (abs(bots[name].mu - skill.mu), name))
