"""Tournament night: a tournament table's link back to its round, a tournament's version (what
its cached standings and public answer are kept by), the round an entrant was replaced in, and
the log of the director's corrections of entered results.

Revision ID: 0007_tournaments_night
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # What made a table, shown in its summary: a tournament's round and table number (else null).
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("origin", sa.JSON, nullable=True))
    # Every change of a tournament (an entrant, a round, a result) counts one up.
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("entrants") as batch:
        batch.add_column(sa.Column("replaced_round", sa.Integer, nullable=True))
    op.create_table(
        "result_changes",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("old_score", sa.JSON, nullable=False),
        sa.Column("new_score", sa.JSON, nullable=False),
        sa.Column("old_entry", sa.JSON, nullable=True),
        sa.Column("new_entry", sa.JSON, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    # The tables of rounds made before: their link back, from the rounds' own rows.
    rows = op.get_bind().execute(
        sa.text("SELECT tournament_id, round, number, table_id FROM round_tables WHERE table_id IS NOT NULL")
    )
    for tournament_id, round_no, number, table_id in list(rows):
        origin = sa.bindparam("origin", {"tournament": tournament_id, "round": round_no, "table": number}, sa.JSON)
        op.get_bind().execute(
            sa.text("UPDATE tables SET origin = :origin WHERE id = :id").bindparams(origin), {"id": table_id}
        )


def downgrade() -> None:
    op.drop_table("result_changes")
    with op.batch_alter_table("entrants") as batch:
        batch.drop_column("replaced_round")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("version")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("origin")
