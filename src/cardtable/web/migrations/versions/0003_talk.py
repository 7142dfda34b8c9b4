"""A table's talk setting (web.md §4): free talk, phrases only while a hand is played, or none.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("talk", sa.String(8), nullable=False, server_default="phrases"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("talk")
