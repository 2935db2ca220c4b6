"""The two large values a move writes, the game's state and a keyed move's stored reply,
are compressed by lz4 rather than PostgreSQL's own pglz, where the server has lz4
(PostgreSQL 14 or later, built with it): in a 100-table `bench load` run, pglz's
compression was the server's costliest function outside the kernel (docs/performance.md).
Rows written before keep their compression until they are written again."""

from django.db import migrations

COLUMNS = (("Game", "state"), ("IdempotentMove", "response"))


def _compress(apps, schema_editor, method: str) -> None:
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
            " AND %s = ANY(enumvals)",
            [method],
        )
        if cursor.fetchone() is None:  # before PostgreSQL 14, or built without lz4
            return
    for model_name, field_name in COLUMNS:
        model = apps.get_model("games", model_name)
        table = schema_editor.quote_name(model._meta.db_table)
        column = schema_editor.quote_name(model._meta.get_field(field_name).column)
        schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def by_lz4(apps, schema_editor):
    _compress(apps, schema_editor, "lz4")


def by_pglz(apps, schema_editor):
    _compress(apps, schema_editor, "pglz")


class Migration(migrations.Migration):
    dependencies = [("games", "0008_indexes_a_move_does_not_write")]

    operations = [migrations.RunPython(by_lz4, by_pglz)]
