from django.db import migrations, models


def tell_handovers(apps, schema_editor):
    """Seats the AI already plays: why, from their events (the last one of its kind)."""
    Seat = apps.get_model("games", "Seat")
    GameEvent = apps.get_model("games", "GameEvent")
    Seat.objects.filter(state="autopilot").update(handover="moderator")
    for seat in Seat.objects.filter(state="left").iterator():
        last = (
            GameEvent.objects.filter(
                game_id=seat.game_id, seat=seat.number, kind__in=["resigned", "expelled"]
            )
            .order_by("-version")
            .values_list("kind", flat=True)
            .first()
        )
        seat.handover = last or "timeouts"
        seat.save(update_fields=["handover"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_seat_overdue_since"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="handover",
            field=models.CharField(
                blank=True,
                choices=[
                    ("timeouts", "Timeouts"),
                    ("resigned", "Resigned"),
                    ("expelled", "Expelled"),
                    ("moderator", "Moderator"),
                ],
                help_text="why the AI plays the seat",
                max_length=10,
            ),
        ),
        migrations.RunPython(tell_handovers, migrations.RunPython.noop),
    ]
