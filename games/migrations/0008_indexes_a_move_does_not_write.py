"""A move's UPDATE of its game changes no indexed column, and each page of games keeps
room for the row's next version, so PostgreSQL updates the row in place (HOT) instead
of adding an entry to every index of the table; the foreign keys that a unique
constraint already indexes by its first column lose their second index."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

FILLFACTOR = 70  # percent of a page filled by inserts; the rest holds updated versions


def _set_games(apps, schema_editor, storage: str) -> None:
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} {storage}")


def leave_room(apps, schema_editor):
    _set_games(apps, schema_editor, f"SET (fillfactor = {FILLFACTOR})")


def fill_pages(apps, schema_editor):
    _set_games(apps, schema_editor, "RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_state_read_and_written_by_orjson"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="turn_deadline",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="gameevent",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="events",
                to="games.game",
            ),
        ),
        migrations.AlterField(
            model_name="idempotentmove",
            name="user",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="seat",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="games.game",
            ),
        ),
        migrations.RunPython(leave_room, fill_pages),
    ]
