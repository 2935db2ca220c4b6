import json

from django.db import migrations, models


def versions_from_replies(apps, schema_editor):
    """Each stored reply names the version it shows: copy it into its own column."""
    IdempotentMove = apps.get_model("games", "IdempotentMove")
    for row in IdempotentMove.objects.only("pk", "response").iterator():
        version = json.loads(row.response)["version"]
        IdempotentMove.objects.filter(pk=row.pk).update(version=version)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_large_columns_compressed_by_lz4"),
    ]

    operations = [
        migrations.AddField(
            model_name="idempotentmove",
            name="version",
            field=models.PositiveIntegerField(
                default=0, help_text="the game's version the reply shows"
            ),
            preserve_default=False,
        ),
        migrations.RunPython(versions_from_replies, migrations.RunPython.noop),
    ]
