"""Tournaments: the events, their entrants, rounds, the tables of each round and the hands'
results (played at the server's tables, or entered from a hall that plays with real cards).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A table of a duplicate round deals the round's boards: its deals come from this secret seed.
    op.add_column("tables", sa.Column("board_seed", sa.String(64), nullable=True))
    # A tournament's table plays exactly its hands: a match won before then is followed by another.
    op.add_column("tables", sa.Column("fixed_hands", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("duplicate", sa.Boolean, nullable=False),
        sa.Column("hall", sa.Boolean, nullable=False),
        sa.Column("bot", sa.String(64), nullable=False),
        sa.Column("max_entrants", sa.Integer, nullable=False),
        sa.Column("director_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "entrants",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.Text, nullable=True),
        sa.Column("replaced_by", sa.String(64), nullable=True),
        sa.Column("team", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("tournament_id", "name", name="entrants_unique_name"),
    )
    op.create_table(
        "rounds",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("board_seed", sa.String(64), nullable=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
    )
    op.create_table(
        "round_tables",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seats", sa.JSON, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_number", sa.Integer, primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("score", sa.JSON, nullable=False),
        sa.Column("entry", sa.JSON, nullable=True),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("results", "round_tables", "rounds", "entrants", "tournaments"):
        op.drop_table(name)
    op.drop_column("tables", "fixed_hands")
    op.drop_column("tables", "board_seed")
