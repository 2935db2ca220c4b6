"""`manage.py bench scale` on a few games: the seeded games are real (the engine rebuilds
them from their events, the write path would have stored the same rows, the read path
shows them), and the report has its lines. Figures are printed, never asserted."""

import io
import re
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import connection

from bench.scale import pushservice, seed
from games import engine, selectors
from games.models import Game, Seat
from notifications import push
from notifications.models import PushSubscription, ReminderSent
from tests.commands.reports import figure
from tests.notifications.test_push import Device
from tests.realtime.processes import database_url_for_tests

GAMES = 30


@pytest.mark.skipif(connection.vendor != "postgresql", reason="bench scale seeds by COPY")
def test_bench_scale_seeds_real_games_and_reports_each_figure(transactional_db, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", database_url_for_tests())  # the stack's database
    out = io.StringIO()
    call_command("bench", "scale", "--games", str(GAMES), "--idle-seconds", "2", stdout=out)
    report = out.getvalue()

    seeding = figure(r"^seeding: (\d+) games, (\d+) people .*, (\d+) moves", report)
    assert int(seeding[1]) == GAMES
    check = figure(
        r"^check: (\d+) games sampled: engine (\d+), write path (\d+), read path (\d+) agree$",
        report,
    )
    assert int(check[1]) == 20 and check.groups()[1:] == ("20",) * 3
    jobs = dict(
        re.findall(r"^job ([\w-]+) \((\S+), every [^)]*\): first run .* statements", report, re.M)
    )
    assert {"sweep", "reminders", "digests"} <= set(jobs)
    # Every game waits on somebody whose turn's start has passed: pushed, as if live.
    settled = figure(r"^pushes settled: (\d+) slots already past", report)
    assert int(settled[1]) >= GAMES
    assert ReminderSent.objects.filter(slot="start").count() >= GAMES
    figure(r"^size: the database \d+ MiB = [\d.]+ KiB a game; .*games_gameevent \d+ B", report)
    idle = figure(
        r"^idle: 2 s with nobody moving: the whole server [\d.]+ s of CPU a minute: (.*)", report
    )
    assert {"web", "worker", "push", "beat", "redis", "postgresql"} <= set(
        re.findall(r"(\w+) [\d.]+", idle[1])
    )
    figure(r"^idle: 2 s with nothing due \(every due time an hour on\): the whole server", report)
    done = r"^  the work that fell due meanwhile: \d+ timeouts.*; \d+ pushes delivered$"
    assert len(re.findall(done, report, re.M)) == 2
    figure(r"^home list \(GET /api/games, \d+ people with 20 games, \d+ requests", report)

    games = Game.objects.all()
    assert games.count() == GAMES and all(g.status == Game.Status.ACTIVE for g in games)
    assert {engine.PASSING, engine.TRICKS} <= {g.state["phase"] for g in games}
    for game in games:
        assert selectors.state_from_events(game) == game.state
        assert {s.number for s in game.seats.all() if s.to_act} == set(engine.to_act(game.state))
    held = Counter(Seat.objects.values_list("user_id", flat=True))
    assert max(held.values()) == 20 and all(n <= 20 for n in held.values())
    endpoints = PushSubscription.objects.filter(user_id__in=held).values_list("endpoint", flat=True)
    assert len(endpoints) == len(held)
    assert all(e.startswith("https://127.0.0.1:9/") for e in endpoints)


def test_the_idle_windows_push_service_takes_the_pushes_sent(db, settings, alice):
    """While the stack runs, the seeded endpoints point at the bench's push service, which
    takes each push as a browser vendor's service does; after, they are as seeded."""
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    device = Device(seed.endpoint("alice"))
    PushSubscription.objects.create(
        user=alice, endpoint=device.subscription["endpoint"], **device.subscription["keys"]
    )
    with pushservice.serving() as service:
        assert PushSubscription.objects.get(user=alice).endpoint == f"{service.url}/push/alice"
        assert (
            push.send([push.Push(alice.pk, 1, "your_turn"), push.Push(alice.pk, 2, "half_time")])
            == 2
        )
        assert service.pushes == 2
    assert PushSubscription.objects.get(user=alice).endpoint == seed.endpoint("alice")
