"""Alembic environment of the class record.

The store (:mod:`widgets.record.store`) runs the migrations itself on a connection it has
already opened and locked (``config.attributes["connection"]``), so two kernels that open a new
database at the same moment cannot both create it. Offline mode (SQL scripts) is not used.
"""
from alembic import context

from widgets.record.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
