"""One JSON field of push switches instead of a column per kind, keeping every choice."""

from django.db import migrations, models

COLUMNS = (
    "push_turn",
    "push_reminders",
    "push_game_start",
    "push_game_end",
    "push_chat",
    "push_matchmaking",
)


def columns_to_switches(apps, schema_editor):
    settings = apps.get_model("notifications", "NotificationSettings")
    rows = list(settings.objects.only("pk", *COLUMNS))
    for row in rows:
        row.switches = {name: getattr(row, name) for name in COLUMNS}
    settings.objects.bulk_update(rows, ["switches"], batch_size=1000)


def switches_to_columns(apps, schema_editor):
    settings = apps.get_model("notifications", "NotificationSettings")
    rows = list(settings.objects.only("pk", "switches"))
    for row in rows:
        for name in COLUMNS:
            setattr(row, name, row.switches.get(name, True))
    settings.objects.bulk_update(rows, COLUMNS, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0003_push_chat_matchmaking"),
    ]

    operations = [
        migrations.AddField(
            model_name="notificationsettings",
            name="switches",
            field=models.JSONField(
                blank=True, default=dict, help_text="changed push switches: {setting: on}"
            ),
        ),
        migrations.RunPython(columns_to_switches, switches_to_columns),
        *(migrations.RemoveField(model_name="notificationsettings", name=name) for name in COLUMNS),
    ]
