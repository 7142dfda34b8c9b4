"""The language each player reads the server's own messages in (the notices' e-mail and push, the
sign-in and confirmation e-mail): one of `cardtable.i18n.LANGUAGES`, or none until chosen or
learned from a request of theirs (docs/languages.md, "The server's own messages").

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("language")
