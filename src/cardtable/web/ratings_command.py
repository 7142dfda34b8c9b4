"""``cardtable ratings``: the bots' ratings calibrated among themselves, and the ratings shown.

``calibrate GAME --deals N --seed S`` plays a duplicate tournament of the bots (`cardtable.sim`),
rates every hand of it as the web tables rate theirs (`cardtable.web.ratings`), starting from
the bots' ratings in the database, and writes the bots' new ratings there: a person's rating can
then be read against them ("you play about as well as search:medium"). ``show GAME`` prints the
bots' ratings and the listed players'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from cardtable import registry, sim
from cardtable.core import CardtableError
from cardtable.record import Record, replay
from cardtable.web import ratings_store
from cardtable.web.migrate import upgrade
from cardtable.web.ratings import Skill, bot_key, contest, rate
from cardtable.web.settings import Settings
from cardtable.web.store import make_engine

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


def calibrate(
    game_name: str, bots: Sequence[str], deals: int, seed: int, known: Mapping[str, Skill], jobs: int = 1
) -> dict[str, Skill]:
    """The bots' ratings after a duplicate tournament of ``deals`` deals among them."""
    job = sim.job_for(game_name, {}, bots, seed)
    _, results = sim.run(job, deals, jobs)
    game = registry.get_game(game_name)
    labels = dict(zip(sim.labels(bots), bots, strict=True))
    records = (rec for r in results for rec in r.records)
    return rate_records(game, records, lambda label: bot_key(labels[label]), known)


def run(action: str, game: str, bots: Sequence[str] | None, deals: int, seed: int, jobs: int, db: str | None) -> int:
    url = Settings(db=db or "").db_url
    try:
        upgrade(url)
        engine = make_engine(url)
        try:
            if action == "calibrate":
                chosen = list(bots or DEFAULT_BOTS)
                known = ratings_store.skills(engine, game, "bot:")
                after = calibrate(game, chosen, deals, seed, known, jobs)
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
    print(f"{game}: rating (mu - 3 sigma), range mu +/- 2 sigma, hands")
    for key, s in sorted(bots.items(), key=lambda kv: -kv[1].ordinal):
        j = s.to_json()
        print(f"  {key.removeprefix('bot:'):<24} {j['rating']:>7.2f}  [{j['low']:.2f}, {j['high']:.2f}]  {s.hands}")
    for p, s in people:
        j = s.to_json()
        print(f"  {p.name:<24} {j['rating']:>7.2f}  [{j['low']:.2f}, {j['high']:.2f}]  {s.hands}  (player)")
