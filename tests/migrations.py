"""Data migrations tested: the database moved to a migration and back to the newest."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database at `targets`; the apps (historical models) as they stand there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def latest_after(transactional_db):
    """The tests after this one find every table: the database back at the newest
    migrations, whatever this test left it at (before the database is flushed)."""
    yield
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
