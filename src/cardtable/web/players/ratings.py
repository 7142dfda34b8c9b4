"""Ratings: how well a player or a bot plays a game, as OpenSkill's Plackett-Luce model learns it
from finished hands (``docs/ratings.md`` says why hands, and what the number means).

Each rated hand is a contest between the sides the game names (`Game.teams`): a partnership in
Seep and Smear, the picker and partner against the defenders in Sheepshead, every one for himself
in a leaster. A side's standing is the sum of its seats' scores in the hand; sides that scored the
same are tied. Everything here is pure: the storage is `cardtable.web.players.store`.
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


#: A rating is settled once its deviation ``sigma`` is at most this: the range ``mu +/- 2 sigma``
#: then spans 16 points, under half a newcomer's 33, after some 50 to 60 rated hands (measured in
#: docs/ratings.md with bench/rating_settles.py). Until then it is provisional:
#: shown as such, ranked after the settled ones and not compared with the bots.
SETTLED_SIGMA = 4.0


@dataclass(frozen=True)
class Skill:
    """A rating: the mean ``mu`` and the uncertainty ``sigma`` of the model's belief, and the
    number of hands it was learned from."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    hands: int = 0

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a level the player is very likely (about 99.7%) to be at least, the
        ``floor`` the pages give beside the rating."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether the rating is not settled yet (`SETTLED_SIGMA`)."""
        return self.sigma > SETTLED_SIGMA

    def to_json(self) -> dict[str, Any]:
        """The rating as the pages show it: the ``rating`` is the mean, the model's best guess,
        inside its ``range`` ``low`` to ``high`` (``mu +/- 2 sigma``, about 95%); the ``floor`` is
        `ordinal`; ``provisional`` until settled."""
        return {
            "rating": round(self.mu, 2),
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "low": round(self.mu - 2 * self.sigma, 2),
            "high": round(self.mu + 2 * self.sigma, 2),
            "floor": round(self.ordinal, 2),
            "hands": self.hands,
            "provisional": self.provisional,
        }


def ranked(skills: Mapping[str, Skill]) -> list[tuple[str, Skill]]:
    """Best first: the settled ratings by rating (the mean), then the provisional ones by theirs.

    >>> [k for k, _ in ranked({"a": Skill(30, 5), "b": Skill(20, 2), "c": Skill(22, 1)})]
    ['c', 'b', 'a']
    """
    return sorted(skills.items(), key=lambda kv: (kv[1].provisional, -kv[1].mu, kv[0]))


@dataclass(frozen=True)
class Contest:
    """One rated hand: the sides (seats) and each side's score."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


def contest(game: Any, result: HandResult) -> Contest | None:
    """The contest of a finished hand as the game names its sides, or ``None`` when the hand is
    no contest of play (a misdeal, a hand passed out, a doubler), or when the game (one
    registered from elsewhere, older than `Game.teams`) names no sides."""
    teams = getattr(game, "teams", None)
    sides = teams(result) if teams is not None else None
    if sides is None or len(sides) < 2:
        return None
    return Contest(tuple(sides), tuple(sum(result.score[s] for s in side) for side in sides))


def rate(contest: Contest, seats: Sequence[Who], known: Mapping[str, Skill]) -> dict[str, Skill]:
    """The new ratings of everyone kept (not guests) after ``contest``, played by ``seats`` (who
    sat where), from their ratings ``known`` (a newcomer when absent). Each seat is rated as a
    player of its own; one who held several seats (a bot filling seats on both sides) moves by
    the mean of its seats' moves, so a bot against itself learns about nothing.

    The model sees each mean less a newcomer's (``mu - 25``): a side's strength is the sum of
    its players', so measured from a newcomer a side of three newcomers is no stronger than a
    side of two (Sheepshead's defenders against the picker and partner); with sides of one size,
    as in Seep and Smear, this changes nothing."""
    teams = []
    for side in contest.sides:
        team = []
        for s in side:
            who = seats[s]
            skill = known.get(who, Skill()) if who is not None else Skill()
            team.append(MODEL.rating(mu=skill.mu - MODEL.mu, sigma=skill.sigma))
        teams.append(team)
    after = MODEL.rate(teams, scores=list(contest.scores))
    moves: dict[str, list[tuple[float, float]]] = {}
    for side, team in zip(contest.sides, after, strict=True):
        for s, r in zip(side, team, strict=True):
            who = seats[s]
            if who is not None:
                moves.setdefault(who, []).append((r.mu + MODEL.mu, r.sigma))
    out: dict[str, Skill] = {}
    for who, got in moves.items():
        before = known.get(who, Skill())
        mu = before.mu + sum(m - before.mu for m, _ in got) / len(got)
        sigma = sum(sg for _, sg in got) / len(got)
        out[who] = Skill(mu, sigma, before.hands + 1)
    return out


def nearest(skill: Skill, bots: Mapping[str, Skill]) -> str | None:
    """The settled bot whose mean is closest to ``skill``'s: "you play about as well as NAME";
    ``None`` while ``skill`` is provisional (two hands say nothing of it) or no bot is settled.

    >>> nearest(Skill(24.0, 3.0), {"rule": Skill(25.0, 1.5), "random": Skill(17.0, 1.5)})
    'rule'
    >>> nearest(Skill(24.0, 6.0), {"rule": Skill(25.0, 1.5)}) is None
    True
    """
    settled = {name: s for name, s in bots.items() if not s.provisional}
    if skill.provisional or not settled:
        return None
    return min(settled, key=lambda name: (abs(settled[name].mu - skill.mu), name))
