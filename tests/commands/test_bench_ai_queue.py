"""`manage.py bench ai-queue` against a stack it starts: the AI plays tables of AI seats
through the stack's worker, and the report tells how late their turns were. Figures are
printed, never asserted (no timed assertions)."""

import io
import re

from django.conf import settings
from django.core.management import call_command

from barkside.celery import app
from games.models import GameEvent
from tests.realtime.processes import database_url_for_tests


def test_bench_ai_queue_plays_the_tables_through_the_stacks_worker(transactional_db, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", database_url_for_tests())  # the stack's database
    monkeypatch.setenv("AI_BUDGET", "0.05")  # the stack's worker thinks little: a short run
    out = io.StringIO()
    call_command("bench", "ai-queue", "--tables", "2", "--seconds", "4", stdout=out)
    report = out.getvalue()
    assert re.search(r"^ai-queue: 2 tables of 6 `hard` seats", report, re.MULTILINE), report
    made = re.search(
        r"^AI turns: (\d+) in 4 s = [\d.]+ decisions/s; late past the delay s: "
        r"p50 -?[\d.]+ p95 -?[\d.]+ p99 -?[\d.]+ max -?[\d.]+; the worst table's "
        r"p95 -?[\d.]+$",
        report,
        re.MULTILINE,
    )
    assert made, report
    ai_turns = GameEvent.objects.filter(actor="ai").count()
    assert ai_turns > 0 and int(made[1]) == ai_turns
    assert re.search(r"^turns a table: fewest \d+, median \d+, most \d+$", report, re.MULTILINE)
    # The stack is gone: this process sends its tasks to the settings' broker again.
    assert (
        app.connection_for_write().as_uri()
        == app.connection_for_write(settings.CELERY_BROKER_URL).as_uri()
    )
