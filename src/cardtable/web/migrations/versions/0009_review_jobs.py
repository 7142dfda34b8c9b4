"""Review jobs: each review of a hand asked of the server, how far it got and its answer, so that
any process of several over one database answers a poll of any job (docs/web.md, "The review
panel"). Bounded by the server: the most recent jobs, for an hour.

Revision ID: 0007_review_jobs
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=True),
        sa.Column("status", sa.Integer, nullable=False),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("review", sa.Text, nullable=True),
        sa.Column("complete", sa.Boolean, nullable=False),
        sa.Column("node", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_review_jobs_key", "review_jobs", ["key"])


def downgrade() -> None:
    op.drop_index("ix_review_jobs_key", table_name="review_jobs")
    op.drop_table("review_jobs")
