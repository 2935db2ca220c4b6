"""`manage.py bench matchmaking` prints its figures and leaves the database as it was."""

import io

from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Game
from matchmaking.models import QueueEntry


def test_bench_matchmaking_prints_throughput_and_waits(db):
    out = io.StringIO()
    call_command("bench", "matchmaking", "--seconds", "0.05", stdout=out)
    text = out.getvalue()
    assert "players seated/s" in text
    rows = {line.split()[0]: line.split() for line in text.splitlines()}
    assert int(rows["live"][1]) > 0 and int(rows["correspondence"][1]) > 0
    assert text.splitlines()[-1].startswith("database: ")
    assert "skipped" not in text
    assert not Game.objects.exists() and not QueueEntry.objects.exists()
    assert not get_user_model().objects.exists()
