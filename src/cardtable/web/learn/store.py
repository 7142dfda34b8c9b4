"""Storage of puzzle ratings (migration 0010): each player's rating with the puzzles solved and
failed, each puzzle's own rating, and each player's first answer to each puzzle.

Only a player's first answer to a puzzle moves the ratings: the answer's row, keyed by player and
puzzle, is written in the same transaction as both new ratings, so an answer sent twice (or a
puzzle tried again once its answer is known) is rated once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Engine, insert, select, update

from cardtable import puzzles
from cardtable.web import schema


@dataclass(frozen=True)
class Rated:
    """What one answer did: the solver's rating before and after (equal when the answer was not
    the first to this puzzle), and whether it counted."""

    before: puzzles.Rating
    after: puzzles.Rating
    counted: bool


def rating_of(engine: Engine, player_id: str) -> puzzles.Rating:
    """A player's puzzle rating (the starting one before any answer)."""
    with engine.connect() as conn:
        row = conn.execute(select(schema.puzzle_ratings).where(schema.puzzle_ratings.c.player_id == player_id)).first()
    return puzzles.Rating(row.rating, row.solved, row.failed) if row is not None else puzzles.Rating()


def puzzle_ratings(engine: Engine) -> dict[str, float]:
    """Every answered puzzle's rating now, by its id (one read for a whole listing)."""
    with engine.connect() as conn:
        rows = conn.execute(select(schema.puzzle_scores.c.puzzle_id, schema.puzzle_scores.c.rating)).all()
    return {row.puzzle_id: float(row.rating) for row in rows}


def answer(engine: Engine, player_id: str, puzzle: puzzles.Puzzle, move: str, right: bool) -> Rated:
    """Rate a player's answer to a puzzle, once: the first answer moves both ratings."""
    now = time.time()
    with engine.begin() as conn:
        seen = conn.execute(
            select(schema.puzzle_answers.c.right).where(
                schema.puzzle_answers.c.player_id == player_id, schema.puzzle_answers.c.puzzle_id == puzzle.id
            )
        ).first()
        row = conn.execute(select(schema.puzzle_ratings).where(schema.puzzle_ratings.c.player_id == player_id)).first()
        before = puzzles.Rating(row.rating, row.solved, row.failed) if row is not None else puzzles.Rating()
        if seen is not None:
            return Rated(before, before, False)
        score = conn.execute(select(schema.puzzle_scores).where(schema.puzzle_scores.c.puzzle_id == puzzle.id)).first()
        after, puzzle_after = puzzles.rated(before, score.rating if score is not None else puzzle.rating, right)
        values = {"rating": after.value, "solved": after.solved, "failed": after.failed, "updated": now}
        if row is None:
            conn.execute(insert(schema.puzzle_ratings).values(player_id=player_id, **values))
        else:
            conn.execute(
                update(schema.puzzle_ratings).where(schema.puzzle_ratings.c.player_id == player_id).values(**values)
            )
        if score is None:
            conn.execute(
                insert(schema.puzzle_scores).values(puzzle_id=puzzle.id, rating=puzzle_after, tries=1, updated=now)
            )
        else:
            conn.execute(
                update(schema.puzzle_scores)
                .where(schema.puzzle_scores.c.puzzle_id == puzzle.id)
                .values(rating=puzzle_after, tries=score.tries + 1, updated=now)
            )
        conn.execute(
            insert(schema.puzzle_answers).values(
                player_id=player_id,
                puzzle_id=puzzle.id,
                move=move[: schema.NAME],
                right=right,
                rating_before=before.value,
                rating_after=after.value,
                created=now,
            )
        )
    return Rated(before, after, True)
