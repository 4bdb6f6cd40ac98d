"""Class experiments: an experiment's exact distribution, and every batch of draws students send.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "experiment",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("exact", sa.Text(), nullable=False),
        sa.Column("event", sa.Text(), nullable=True),
    )
    op.create_table(
        "draw",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("record_class.id"), nullable=False),
        sa.Column("student_id", sa.Integer(), sa.ForeignKey("student.id", ondelete="CASCADE"), nullable=False),
        sa.Column("experiment_id", sa.Integer(), sa.ForeignKey("experiment.id"), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("value", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
    )
    op.create_index("ix_draw_class_experiment", "draw", ["class_id", "experiment_id"])
    op.create_index("ix_draw_student_id", "draw", ["student_id"])


def downgrade() -> None:
    op.drop_table("draw")
    op.drop_table("experiment")
