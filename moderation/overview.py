"""What a moderator sees first: the state of play, the queue, the machinery, the reports.

Read-only figures for the dashboard's overview page (admin/overview.html). The health
checks talk to the real Redis and Celery with short timeouts: a dead part shows as down
on the page, it never hangs it.
"""

import time
from datetime import timedelta

import redis
from django.conf import settings
from django.db.models import Count, Exists, Min, OuterRef, Q
from django.db.models.functions import TruncDate
from django.utils import timezone

from barkside.celery import app as celery_app
from games.models import Game, Seat
from games.services import AI_STALL
from matchmaking.models import QueueEntry
from matchmaking.ratings import speed_of
from moderation.models import Report

REPORT_DAYS = 14
STUCK_SHOWN = 20
HEALTH_TIMEOUT = 1.0  # seconds for Redis and for the workers' answers


def figures(now=None) -> dict:
    now = now or timezone.now()
    return {
        "now": now,
        "games": games(now),
        "queue": queue(),
        "health": health(),
        "reports": reports(now),
    }


def games(now) -> dict:
    """Running games by what they wait on; stuck ones are past their deadline plus a grace
    the sweeper should never need (or an AI turn lost past its own re-queue)."""
    grace = timedelta(seconds=settings.STUCK_GRACE)
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    due = Seat.objects.filter(game=OuterRef("pk"), to_act=True)
    person_due = Exists(due.filter(user__isnull=False, state=Seat.State.PLAYING))
    ai_due = Exists(due.filter(Q(user__isnull=True) | ~Q(state=Seat.State.PLAYING)))
    stuck = active.filter(
        Q(turn_deadline__lte=now - grace) | Q(ai_due, last_move__lt=now - AI_STALL - grace)
    )
    return {
        "open": Game.objects.filter(status=Game.Status.OPEN).count(),
        "active": active.count(),
        "waiting_on_people": active.filter(person_due, turn_deadline__gt=now).count(),
        "timeouts_due": active.filter(turn_deadline__lte=now, turn_deadline__gt=now - grace)
        .filter(person_due)
        .count(),
        "stuck_count": stuck.count(),
        "stuck": list(stuck.order_by("turn_deadline", "pk")[:STUCK_SHOWN]),
        "grace_seconds": round(grace.total_seconds()),
    }


def queue() -> list[dict]:
    """Who waits in matchmaking, per speed class and rated/casual."""
    rows = (
        QueueEntry.objects.values("time_per_move", "rated")
        .annotate(waiting=Count("pk"), since=Min("joined"))
        .order_by()
    )
    classes: dict[tuple, dict] = {}
    for row in rows:
        key = (speed_of(row["time_per_move"]), row["rated"])
        entry = classes.setdefault(
            key, {"speed": key[0], "rated": key[1], "waiting": 0, "since": row["since"]}
        )
        entry["waiting"] += row["waiting"]
        entry["since"] = min(entry["since"], row["since"])
    return sorted(classes.values(), key=lambda e: (e["speed"], not e["rated"]))


def health() -> dict:
    redis_now = redis_health()
    if not redis_now["ok"] and celery_app.conf.broker_url == settings.REDIS_URL:
        # No broker, no answer: kombu would only retry its connection for seconds.
        return {"redis": redis_now, "celery": {"ok": False, "workers": [], "error": "no broker"}}
    return {"redis": redis_now, "celery": celery_health()}


def redis_health() -> dict:
    """A PING with its round trip, and the tasks waiting in the broker's default queue."""
    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_timeout=HEALTH_TIMEOUT, socket_connect_timeout=HEALTH_TIMEOUT
    )
    try:
        start = time.perf_counter()
        client.ping()
        rtt = (time.perf_counter() - start) * 1000
        queued = client.llen(celery_app.conf.task_default_queue)
    except redis.RedisError as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    finally:
        client.close()
    return {"ok": True, "ping_ms": round(rtt, 1), "tasks_queued": queued}


def celery_health() -> dict:
    """The workers that answer a broadcast ping within the timeout."""
    try:
        replies = celery_app.control.ping(timeout=HEALTH_TIMEOUT)
    except Exception as exc:  # a broker that is down raises whatever kombu's transport does
        return {"ok": False, "workers": [], "error": f"{type(exc).__name__}: {exc}"}
    workers = sorted(name for reply in replies for name in reply)
    return {"ok": bool(workers), "workers": workers, "error": None}


def reports(now) -> dict:
    """Reports per day for the last two weeks (days without any shown as 0)."""
    today = timezone.localdate(now)
    first = today - timedelta(days=REPORT_DAYS - 1)
    counts = dict(
        Report.objects.filter(created__date__gte=first)
        .annotate(day=TruncDate("created"))
        .values("day")
        .annotate(n=Count("pk"))
        .values_list("day", "n")
        .order_by()
    )
    days = [first + timedelta(days=n) for n in range(REPORT_DAYS)]
    peak = max(counts.values(), default=0)
    per_day = [
        {
            "day": day,
            "count": counts.get(day, 0),
            "percent": 100 * counts.get(day, 0) // (peak or 1),
        }
        for day in reversed(days)  # newest first
    ]
    open_reports = Report.objects.filter(status=Report.Status.OPEN)
    oldest = open_reports.aggregate(oldest=Min("created"))["oldest"]
    return {
        "per_day": per_day,
        "open": open_reports.count(),
        "oldest_open": oldest,
    }
