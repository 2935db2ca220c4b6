"""The engine's move counter is `moves_applied` (state format barkside-state/2), so that
`version` names one thing only: the table's version, `Game.version`."""

from django.db import migrations

OLD_FORMAT, NEW_FORMAT = "barkside-state/1", "barkside-state/2"


def rename(apps, old_key, new_key, new_format):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.exclude(state=None).only("pk", "state").iterator():
        state = game.state
        if old_key not in state:
            continue
        state[new_key] = state.pop(old_key)
        state["format"] = new_format
        Game.objects.filter(pk=game.pk).update(state=state)


def forwards(apps, schema_editor):
    rename(apps, "version", "moves_applied", NEW_FORMAT)


def backwards(apps, schema_editor):
    rename(apps, "moves_applied", "version", OLD_FORMAT)


class Migration(migrations.Migration):
    dependencies = [("games", "0002_alter_seat_ai_level")]

    operations = [migrations.RunPython(forwards, backwards)]
