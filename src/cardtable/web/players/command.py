"""``cardtable ratings``: the bots' ratings calibrated among themselves, and the ratings shown.

``calibrate GAME --deals N --seed S`` plays a duplicate tournament of the bots (`cardtable.sim`),
rates every hand of it as the web tables rate theirs (`cardtable.web.players.ratings`), starting from
the bots' ratings in the database, and writes the bots' new ratings there: a person's rating can
then be read against them ("you play about as well as search:medium"). ``show GAME`` prints the
bots' ratings and the listed players'.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from cardtable import registry, sim
from cardtable.core import CardtableError
from cardtable.progress import Progress
from cardtable.record import Record, replay
from cardtable.web.database import make_engine
from cardtable.web.ops.migrate import upgrade
from cardtable.web.players import store as ratings_store
from cardtable.web.players.ratings import SETTLED_SIGMA, Skill, bot_key, contest, ranked, rate
from cardtable.web.settings import Settings

#: The bots calibrated when none are named, weakest first.
DEFAULT_BOTS = ("random", "rule", "search:easy", "search:medium")


def rate_records(
    game: Any, records: Iterable[Mapping[str, Any]], key: Callable[[str], str], known: Mapping[str, Skill]
) -> dict[str, Skill]:
    """Rate every finished hand of ``records`` (each naming its ``players``) in order, the seat
    of player ``name`` being ``key(name)``; returns everyone's ratings, ``known`` updated."""
    skills = dict(known)
    for obj in records:
        record = Record.from_json(obj)
        if record.players is None:
            raise CardtableError("a record to rate must name its players")
        seats = [key(str(name)) for name in record.players]
        last: dict[int, Any] = {}
        for step in replay(record, game):
            last[step.hand] = step.state
        for hand in sorted(last):
            result = game.outcome(last[hand])
            c = contest(game, result) if result is not None else None
            if c is not None:
                skills.update(rate(c, seats, skills))
    return skills


def orders(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """Every order of the bots with the first kept first: a tournament's rotations keep the bots'
    neighbours (at a table of partnerships, its partners), so each order is played in turn and
    every bot sits beside, and partners, every other.

    >>> orders(["a", "b", "c"])
    [('a', 'b', 'c'), ('a', 'c', 'b')]
    """
    return [(bots[0], *rest) for rest in itertools.permutations(bots[1:])]


def calibrate(
    game_name: str,
    bots: Sequence[str],
    deals: int,
    seed: int,
    known: Mapping[str, Skill],
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Skill]:
    """The bots' ratings after ``deals`` deals among them: a duplicate tournament for each of
    their `orders`, the deals shared among the orders (each playing at least one), its seed
    ``seed`` plus the order's number. ``progress(done, total)`` is called as each deal is done."""
    game = registry.get_game(game_name)
    skills = dict(known)
    chosen = orders(bots)
    shares = [max(1, deals // len(chosen) + (1 if n < deals % len(chosen) else 0)) for n in range(len(chosen))]
    before = 0
    # one set of worker processes for every order: each starts, and loads its bots, once
    with sim.Workers(jobs) if jobs > 1 else contextlib.nullcontext() as workers:
        for n, (order, share) in enumerate(zip(chosen, shares, strict=True)):
            job = sim.job_for(game_name, {}, order, seed + n)

            def played(done: int, total: int, before: int = before) -> None:
                if progress is not None:
                    progress(before + done, sum(shares))

            stream = workers.stream if workers is not None else None
            _, results = sim.run(job, share, jobs, played, stream=stream)
            before += share
            labels = {label: bot_key(bot) for label, bot in zip(sim.labels(order), order, strict=True)}
            records = (rec for r in results for rec in r.records)
            skills = rate_records(game, records, labels.__getitem__, skills)
    return skills


def run(action: str, game: str, bots: Sequence[str] | None, deals: int, seed: int, jobs: int, db: str | None) -> int:
    url = Settings(db=db or "").db_url
    try:
        upgrade(url)
        engine = make_engine(url)
        try:
            if action == "calibrate":
                chosen = _own_names(game, bots or DEFAULT_BOTS)
                known = ratings_store.skills(engine, game, "bot:")
                with Progress("deals", deals) as shown:
                    after = calibrate(game, chosen, deals, seed, known, jobs, shown.update)
                ratings_store.write_skills(engine, game, {bot_key(b): after[bot_key(b)] for b in chosen})
            _print(game, engine)
        finally:
            engine.dispose()
    except SQLAlchemyError as e:
        raise CardtableError(f"the database: {str(e).splitlines()[0][:200]}") from None
    return 0


def _print(game: str, engine: Any) -> None:
    bots = ratings_store.skills(engine, game, "bot:")
    people = ratings_store.listed_players(engine, game, 20)
    print(f"{game}: rating (the mean mu), range mu +/- 2 sigma, hands (provisional while sigma > {SETTLED_SIGMA:g})")
    for key, s in ranked(bots):
        print(_line(key.removeprefix("bot:"), s, ""))
    for p, s in people:
        print(_line(p.name, s, "  (player)"))


def _line(name: str, skill: Skill, what: str) -> str:
    j = skill.to_json()
    provisional = "  provisional" if skill.provisional else ""
    return f"  {name:<24} {j['rating']:>7.2f}  [{j['low']:.2f}, {j['high']:.2f}]  {skill.hands}{provisional}{what}"


def _own_names(game: str, bots: Sequence[str]) -> list[str]:
    """The bots under their own names, as a table seats them (`cardtable.web.names.bot_name`:
    ``search`` is ``search:medium``), so that their ratings are those the leaderboard shows."""
    from cardtable.registry import get_game
    from cardtable.web.errors import Refused
    from cardtable.web.names import bot_name

    made = get_game(game)
    try:
        return [bot_name(made, bot) for bot in bots]
    except Refused as e:
        raise CardtableError(e.message) from None
