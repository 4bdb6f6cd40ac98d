"""The first record: classes, pseudonymous students, pages opened, exercise attempts, games.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""
import time

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _activity(name: str, *columns: sa.Column) -> None:
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("record_class.id"), nullable=False),
        sa.Column("student_id", sa.Integer(), sa.ForeignKey("student.id", ondelete="CASCADE"), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        *columns,
    )
    op.create_index(f"ix_{name}_class_id", name, ["class_id"])
    op.create_index(f"ix_{name}_student_id", name, ["student_id"])


def upgrade() -> None:
    classes = op.create_table(
        "record_class",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("archived_at", sa.Float(), nullable=True),
    )
    op.create_table(
        "student",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("space", sa.String(32), nullable=False, unique=True),
        sa.Column("nickname", sa.String(24), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("last_seen", sa.Float(), nullable=True),
        sa.Column("page", sa.String(200), nullable=True),
    )
    _activity("page_visit", sa.Column("page", sa.String(200), nullable=False))
    _activity("attempt",
              sa.Column("page", sa.String(200), nullable=False),
              sa.Column("exercise", sa.String(80), nullable=False),
              sa.Column("prompt", sa.Text(), nullable=False),
              sa.Column("answer", sa.String(120), nullable=False),
              sa.Column("correct", sa.Boolean(), nullable=False),
              sa.Column("try_number", sa.Integer(), nullable=False))
    _activity("game_played",
              sa.Column("game", sa.String(80), nullable=False),
              sa.Column("result", sa.String(80), nullable=False),
              sa.Column("length", sa.Integer(), nullable=False))
    op.bulk_insert(classes, [{"started_at": time.time(), "archived_at": None}])   # the current class


def downgrade() -> None:
    for name in ("game_played", "attempt", "page_visit", "student", "record_class"):
        op.drop_table(name)
