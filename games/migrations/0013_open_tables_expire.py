from datetime import timedelta

from django.db import migrations

# settings.OPEN_TABLE_EXPIRY_LIVE and _CORRESPONDENCE's defaults, as they stood when this
# ran, and models.CORRESPONDENCE_SECONDS[0].
LIVE_WAIT = timedelta(seconds=1800)
CORRESPONDENCE_WAIT = timedelta(seconds=259200)
CORRESPONDENCE = 3600


def open_tables_due(apps, schema_editor):
    """Every open table's due time, its expiry, as games/due.py computes it: a table
    opened before open tables expired waits from its opening."""
    Game = apps.get_model("games", "Game")
    GameDue = apps.get_model("games", "GameDue")
    rows = [
        GameDue(
            game_id=pk,
            at=created + (CORRESPONDENCE_WAIT if seconds >= CORRESPONDENCE else LIVE_WAIT),
        )
        for pk, created, seconds in Game.objects.filter(status="open").values_list(
            "pk", "created", "time_per_move"
        )
    ]
    GameDue.objects.bulk_create(rows, batch_size=1000, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_game_random_ids"),
    ]

    operations = [
        migrations.RunPython(open_tables_due, migrations.RunPython.noop),
    ]
