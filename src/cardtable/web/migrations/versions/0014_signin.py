"""Signing in on any device: sessions, one-time e-mail links, passkeys, their challenges, and the
failed sign-ins that lock an account for a while (docs/web.md, "Signing in").

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("player_id", sa.String(16), nullable=False, index=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
    )
    op.create_table(
        "signin_links",
        sa.Column("hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(16), nullable=False, index=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("used", sa.Float, nullable=True),
    )
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(512), primary_key=True),
        sa.Column("player_id", sa.String(16), nullable=False, index=True),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_table(
        "passkey_challenges",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("challenge", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(16), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "signin_failures",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("locked_until", sa.Float, nullable=True),
    )


def downgrade() -> None:
    for name in ("signin_failures", "passkey_challenges", "passkeys", "signin_links", "sessions"):
        op.drop_table(name)
