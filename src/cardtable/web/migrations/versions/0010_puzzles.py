"""Puzzles: each player's puzzle rating, each puzzle's own rating, and the first answer of each
player to each puzzle, the one that moved both (docs/learn.md, "The puzzle rating").

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_ratings",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("failed", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "puzzle_scores",
        sa.Column("puzzle_id", sa.String(16), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "puzzle_answers",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("puzzle_id", sa.String(16), primary_key=True),
        sa.Column("move", sa.String(64), nullable=False),
        sa.Column("right", sa.Boolean, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("puzzle_answers")
    op.drop_table("puzzle_scores")
    op.drop_table("puzzle_ratings")
