"""Table leases, for several servers over one database: which process owns each live table,
until when, and which other process has asked for it.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("wanted", sa.String(80), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("leases")
