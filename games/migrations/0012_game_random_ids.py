"""Games get random ids (games/models.py `new_game_id`): the id column stops being an
identity column. Existing rows keep their ids, all below 2**32, where no drawn id falls."""

from django.db import migrations, models

import games.models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_game_due"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="id",
            field=models.BigIntegerField(
                default=games.models.new_game_id, editable=False, primary_key=True, serialize=False
            ),
        ),
    ]
