"""Players' e-mail addresses: one a player, unique, with the time it was shown to be theirs (a
link sent there was followed); sign-in links and the word that a turn-based table waits go only to
an address so shown (docs/web.md, "Signing in" and "Your turn").

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_emails",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False, unique=True),
        sa.Column("verified", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("player_emails")
