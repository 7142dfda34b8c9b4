"""Turn-based tables (docs/web.md, "Turn-based tables"): a table's mode, its time per move, the
bank a match's moves may overrun into and what happens at time's end; the seat to act and its
wall-clock deadline (indexed: the overdue sweep looks them up); when each action was stored; and
what the table's clock did at time's end, in words; and the last version each seat saw (its
person is told in words what was played since).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("mode", sa.String(8), nullable=False, server_default="live"))
        batch.add_column(sa.Column("turn_seconds", sa.Float, nullable=True))
        batch.add_column(sa.Column("bank_seconds", sa.Float, nullable=True))
        batch.add_column(sa.Column("on_timeout", sa.String(8), nullable=True))
        batch.add_column(sa.Column("to_act", sa.Integer, nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("note", sa.Text, nullable=True))
        batch.create_index("ix_tables_deadline", ["deadline"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("at", sa.Float, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_deadline")
        for name in ("note", "deadline", "to_act", "on_timeout", "bank_seconds", "turn_seconds", "mode"):
            batch.drop_column(name)
