"""A word when it is your turn: each player's preferences for notices, their browsers' Web Push
subscriptions, the notices waiting to be sent (written in the transaction that stores the move),
and the server's own keys (its VAPID key pair, made once and shared by every process) (docs/web.md,
"Your turn").

Revision ID: 0013
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_prefs",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("email", sa.Boolean, nullable=False),
        sa.Column("push", sa.Boolean, nullable=False),
        sa.Column("often", sa.String(16), nullable=False),
        sa.Column("quiet_from", sa.Integer, nullable=False),
        sa.Column("quiet_to", sa.Integer, nullable=False),
        sa.Column("zone", sa.String(64), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(16), nullable=False, index=True),
        sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(128), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "notice_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(16), nullable=False, index=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("deadline", sa.Float, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("sent", sa.Float, nullable=True, index=True),
        sa.Column("results", sa.JSON, nullable=True),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("private", sa.Text, nullable=False),
        sa.Column("public", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("notice_outbox")
    op.drop_table("push_subscriptions")
    op.drop_table("notice_prefs")
