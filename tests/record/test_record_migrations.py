"""The Alembic migrations build exactly the models' schema, and upgrading keeps a school's record."""
from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from record_helpers import SPACES, TeacherPage
from widgets.record import Store
from widgets.record.schema import Base
from widgets.record.store import MIGRATIONS, REVISIONS


def _config(conn) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = conn
    return config


def test_the_migrations_ship_inside_the_package():
    script = ScriptDirectory.from_config(_config(None))
    assert MIGRATIONS.parent == Path(__file__).resolve().parents[2] / "widgets" / "record"
    assert [r.revision for r in script.walk_revisions()][::-1] == list(REVISIONS) == ["0001", "0002", "0003"]


def test_the_migrated_schema_is_the_models_schema(url):
    Store(url).close()
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    engine.dispose()
    assert diff == [] and version == "0003"


def test_an_older_record_is_upgraded_and_keeps_its_data(url):
    engine = sa.create_engine(url)
    with engine.begin() as conn:                  # a record made by the first release (revision 0001)
        command.upgrade(_config(conn), "0001")
        conn.exec_driver_sql(f"INSERT INTO student (space, nickname, created_at) VALUES ('{SPACES[0]}', 'Owl', 1)")
        conn.exec_driver_sql("INSERT INTO attempt (class_id, student_id, at, page, exercise, prompt, answer, correct, "
                             "try_number) VALUES (1, 1, 2, 'p.ipynb', '1', 'q', '5/21', TRUE, 1)")
        tables = set(sa.inspect(conn).get_table_names())
    engine.dispose()
    assert "draw" not in tables and "attempt" in tables
    store = Store(url)
    [summary] = store.teacher(TeacherPage()).exercises()
    assert (summary.students, summary.first_try_right) == (1, 1)
    assert store.student(SPACES[0]).mine()["nickname"] == "Owl"
    store.student(SPACES[0]).record_draws(__import__("test_record_store").DIE, [6])   # the new tables work
    store.close()
