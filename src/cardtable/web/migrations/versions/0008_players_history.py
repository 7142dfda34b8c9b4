"""The players' pages: each rated one's hands (its rating after each, the sides, its statistics in
the hand), its results at each table (the sums a page lists, kept as the hands are rated so that a
page reads one row a table), and the sums of its statistics by game.

The hands rated before this revision are not in the history: their ratings after each hand were
not kept, and the statistics are counted from this revision on (``stat_totals.since``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hand_history",
        sa.Column("who", sa.String(80), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.Integer, primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("sides", sa.JSON, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("counts", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_hand_history_who_game_created", "hand_history", ["who", "game", "created"])
    op.create_table(
        "table_results",
        sa.Column("who", sa.String(80), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("counts", sa.JSON, nullable=False),
        sa.Column("people", sa.JSON, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("first", sa.Float, nullable=False),
        sa.Column("last", sa.Float, nullable=False),
    )
    op.create_index("ix_table_results_who_last", "table_results", ["who", "last"])
    op.create_table(
        "stat_totals",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("who", sa.String(80), primary_key=True),
        sa.Column("counts", sa.JSON, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("stat_totals")
    op.drop_index("ix_table_results_who_last", table_name="table_results")
    op.drop_table("table_results")
    op.drop_index("ix_hand_history_who_game_created", table_name="hand_history")
    op.drop_table("hand_history")
