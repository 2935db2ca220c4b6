"""`manage.py bench reminders --games N`: a beat run of the reminders with N running
3-person correspondence games held, every person to act (3N turns waiting), each person
with a push subscription, as phone players have.

    DATABASE_URL=postgres://.../reminders_bench manage.py bench reminders --games 2000

Seeds the games with bulk inserts into DATABASE_URL's database, which it empties first
(its name must end in "bench"): one game started through the services, copied N times,
every turn an hour old with its start pushed; in `DUE_GAMES` games the turn is twelve
hours and a minute old, so its half time is due (not yet in the run with nothing due,
two minutes earlier). Then times `notifications.reminders.send_due`: a run
with nothing due, and a run with the half times due. Wall time and this process's CPU
(PostgreSQL's own is not in it), statements and pushes queued (counted, never sent); and
the email digest's run, which nobody gets (all have a device): its search alone.
"""

import math
import statistics
import time
from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import timezone

from barkside.celery import eager_tasks
from games import services
from games.models import Game, Seat
from notifications import digest, reminders, tasks
from notifications import models as notification_models

RUNS = 3
DUE_GAMES = 100
GAMES_A_PERSON = 20
DAY = 24 * 3600
HOUR = timedelta(hours=1)
EMPTIED = (
    "games_gameevent",
    "games_doghouse",
    "games_seat",
    "games_game",
    "notifications_pushsubscription",
    "notifications_remindersent",
    "accounts_user",
)


def bench_reminders(write, seconds: float = 3.0, games: int = 2000, **_) -> None:
    name = connection.settings_dict["NAME"]
    if connection.vendor != "postgresql" or not name.endswith("bench"):
        raise CommandError("bench reminders empties its database: name one ending in 'bench'")
    call_command("migrate", verbosity=0)
    now = timezone.now()
    started = time.perf_counter()
    turns = _seed(games, now)
    write(
        f"reminders: {games} games, {turns} turns waiting, {DUE_GAMES * 3} of them due, "
        f"database {name}; seeded in {time.perf_counter() - started:.1f} s"
    )
    if hasattr(reminders, "plan_waiting"):
        _timed(write, "plan_waiting (a worker's broker connection)", reminders.plan_waiting)
        _plans_at_half_time()
    idle = [_run(now - 2 * timedelta(minutes=1)) for _ in range(RUNS)]  # before any half time
    _report(write, "nothing due", idle)
    due = []
    for _ in range(RUNS):
        _half_times_due_again(now)
        due.append(_run(now))
    _report(write, f"{DUE_GAMES * 3} due", due)
    # Everybody has a device: no email, the digest's search for people due alone.
    _timed(write, "digest send_due (a scan of the turns waiting)", lambda: digest.send_due(now))


def _seed(games: int, now) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(EMPTIED)} CASCADE")
    people = max(3, math.ceil(3 * games / GAMES_A_PERSON))
    password = make_password("bench-reminders")
    user_model = get_user_model()
    user_model.objects.bulk_create(
        [
            user_model(username=f"r{i}", email=f"r{i}@bench.invalid", password=password)
            for i in range(people)
        ],
        batch_size=2000,
    )
    ids = list(user_model.objects.order_by("pk").values_list("pk", flat=True))
    template = _template(ids[:3])
    copied = {
        f.attname: getattr(template, f.attname)
        for f in Game._meta.concrete_fields
        if not (f.primary_key or f.name == "invite_code")
    }
    created = Game.objects.bulk_create(
        [Game(**copied, invite_code=f"bench{g}") for g in range(games)], batch_size=2000
    )
    seats, sent = [], []
    for g, game in enumerate(created):
        turn_started = now - (timedelta(hours=12, minutes=1) if g < DUE_GAMES else HOUR)
        for number in range(3):
            user_id = ids[(3 * g + number) % len(ids)]
            seats.append(
                Seat(
                    game=game,
                    number=number,
                    user_id=user_id,
                    to_act=True,
                    turn_started=turn_started,
                    deadline=turn_started + timedelta(seconds=DAY),
                )
            )
            sent.append(
                notification_models.ReminderSent(
                    user_id=user_id,
                    game=game,
                    deadline=turn_started + timedelta(seconds=DAY),
                    slot="start",
                )
            )
    Seat.objects.bulk_create(seats, batch_size=5000)
    notification_models.ReminderSent.objects.bulk_create(sent, batch_size=5000)
    notification_models.PushSubscription.objects.bulk_create(
        [
            notification_models.PushSubscription(
                user_id=user_id,
                endpoint=f"https://fcm.googleapis.com/fcm/send/bench-{user_id}",
                p256dh="key",
                auth="secret",
            )
            for user_id in ids
        ],
        batch_size=5000,
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return len(seats)


def _template(people) -> Game:
    """One game started for real (engine state, seats), every person to pass; removed
    once its columns are copied."""
    user_model = get_user_model()
    alice, bob, carol = (user_model.objects.get(pk=pk) for pk in people)
    with eager_tasks():
        game = services.game_create(user=alice, players=3, time_per_move=DAY)
        services.game_join(game_id=game.pk, user=bob)
        services.game_join(game_id=game.pk, user=carol)
    game = Game.objects.get(pk=game.pk)
    game.delete()
    return game


def _plans_at_half_time() -> None:
    """The plans as the turns' start pushes left them: the next push at half time."""
    with connection.cursor() as cursor:
        table = notification_models.PlannedReminder._meta.db_table
        cursor.execute(f"UPDATE {table} SET due = started + (deadline - started) / 2")


def _half_times_due_again(now) -> None:
    due = Seat.objects.filter(turn_started__lt=now - timedelta(hours=12))
    games = due.values("game_id")
    notification_models.ReminderSent.objects.filter(game_id__in=games, slot="half").delete()
    if hasattr(notification_models, "PlannedReminder"):
        plans = notification_models.PlannedReminder.objects.filter(game_id__in=games)
        plans.update(due=now - timedelta(minutes=1))


@contextmanager
def _counted():
    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield statements


def _run(now) -> tuple[float, float, int, int]:
    pushes = []
    counting = mock.patch.object(tasks.send_pushes, "delay", pushes.extend)
    with counting, _counted() as statements:
        wall, cpu = time.perf_counter(), time.process_time()
        reminders.send_due(now)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall, cpu, statements[0], len(pushes)


def _timed(write, what: str, job) -> None:
    with _counted() as statements:
        wall, cpu = time.perf_counter(), time.process_time()
        job()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    write(f"  {what}: {wall:.3f} s, CPU {cpu:.3f} s, {statements[0]} statements")


def _report(write, what: str, runs) -> None:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    statements = statistics.median(r[2] for r in runs)
    write(
        f"  send_due, {what}: {wall:.3f} s, CPU {cpu:.3f} s, {statements:.0f} statements, "
        f"{runs[-1][3]} pushes (median of {len(runs)})"
    )
