from datetime import timedelta

import django.db.models.deletion
from django.db import migrations, models

IDLE_ABORT = timedelta(days=30)  # games/due.py's, as they stood when this ran
AI_STALL = timedelta(seconds=30)


def due_times(apps, schema_editor):
    """Every running game's due time, as games/due.py computes it."""
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    GameDue = apps.get_model("games", "GameDue")
    acting = {}
    for game_id, user_id, state in Seat.objects.filter(
        to_act=True, game__status="active"
    ).values_list("game_id", "user_id", "state"):
        acting.setdefault(game_id, []).append(user_id is None or state != "playing")
    rows = []
    for pk, deadline, last_move in Game.objects.filter(status="active").values_list(
        "pk", "turn_deadline", "last_move"
    ):
        times = [deadline] if deadline else []
        if last_move is not None:
            if any(acting.get(pk, ())):
                times.append(last_move + AI_STALL)
            if not all(acting.get(pk, (True,))):
                times.append(last_move + IDLE_ABORT)
        rows.append(GameDue(game_id=pk, at=min(times, default=None)))
    GameDue.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_idempotentmove_version"),
    ]

    operations = [
        migrations.CreateModel(
            name="GameDue",
            fields=[
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="games.game",
                    ),
                ),
                ("at", models.DateTimeField(blank=True, null=True)),
            ],
            options={
                "indexes": [
                    models.Index(
                        condition=models.Q(("at__isnull", False)),
                        fields=["at"],
                        name="game_due_at",
                    )
                ],
            },
        ),
        migrations.AddIndex(
            model_name="vacation",
            index=models.Index(
                condition=models.Q(("ended", None)),
                fields=["until"],
                name="vacation_running_until",
            ),
        ),
        migrations.RunPython(due_times, migrations.RunPython.noop),
    ]
