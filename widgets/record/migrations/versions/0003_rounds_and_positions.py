"""The class page's Reset of an experiment (a new round) and the positions sent to the class.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "experiment_round",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("record_class.id"), nullable=False),
        sa.Column("experiment_id", sa.Integer(), sa.ForeignKey("experiment.id"), nullable=False),
        sa.Column("after_draw", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_experiment_round_class_id", "experiment_round", ["class_id"])
    op.create_table(
        "sent_position",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("record_class.id"), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("game", sa.String(80), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_sent_position_class_id", "sent_position", ["class_id"])


def downgrade() -> None:
    op.drop_table("sent_position")
    op.drop_table("experiment_round")
