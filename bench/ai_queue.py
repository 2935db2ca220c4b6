"""`bench ai-queue`: many tables whose seats are all AI, thinking at once on a started stack
(`bench load`'s, with its Celery worker): how late past its delay (AI_MOVE_DELAY) each AI
turn is made, and the AI's decisions a second.

A table's turns follow one another (a turn is queued by the commit of the one before), so
the lateness of a turn is the wait behind the other tables' turns in the queue: what one
busy table or account costs everyone else. The lateness of each turn is read from the
events afterwards: its event's time, less the event before it, less the delay.
`AI_LATE_LIMIT` (and `AI_BUDGET`) in the environment reach the stack's worker, so two runs
compare a setting: e.g. `AI_LATE_LIMIT=1000000` for turns that always think their whole
budget.
"""

import os
import time
from collections import defaultdict
from datetime import timedelta

from django.conf import settings

from barkside.celery import app
from games import services
from games.models import GameEvent

from .load.stack import database_url, started_stack
from .percentiles import percentile

PLAYERS = 6


def bench_ai_queue(
    write, seconds: float = 60.0, tables: int | None = None, level: str = "hard", **_
) -> None:
    tables = tables or 40
    limit = os.environ.get("AI_LATE_LIMIT", str(settings.AI_LATE_LIMIT))
    with started_stack(1, database_url()) as stack:
        app.conf.broker_url = stack.redis  # the turns this process queues go to its worker
        write(
            f"ai-queue: {tables} tables of {PLAYERS} `{level}` seats, {seconds:g} s, stack at "
            f"{stack.url}; AI_BUDGET={settings.AI_BUDGET} AI_MOVE_DELAY="
            f"{settings.AI_MOVE_DELAY} AI_LATE_LIMIT={limit}"
        )
        seats = [{"ai_level": level}] * PLAYERS
        games = [
            services.game_start_seated(seats=seats, time_per_move=300).pk for _ in range(tables)
        ]
        time.sleep(seconds)
    _report(write, games, seconds)


def _report(write, games: list[int], seconds: float) -> None:
    events = GameEvent.objects.filter(game_id__in=games).order_by("game_id", "version")
    rows = events.values_list("game_id", "actor", "created")
    delay = timedelta(seconds=settings.AI_MOVE_DELAY)
    late, per_table, previous = [], defaultdict(list), {}
    for game_id, actor, created in rows:
        before = previous.get(game_id)
        previous[game_id] = created
        if actor == "ai" and before is not None:
            wait = (created - before - delay).total_seconds()
            late.append(wait)
            per_table[game_id].append(wait)
    if not late:
        write("no AI turn was made")
        return
    late.sort()
    worst = max(percentile(sorted(w), 95) for w in per_table.values())
    write(
        f"AI turns: {len(late)} in {seconds:g} s = {len(late) / seconds:.1f} decisions/s; "
        f"late past the delay s: p50 {percentile(late, 50):.2f} p95 {percentile(late, 95):.2f} "
        f"p99 {percentile(late, 99):.2f} max {late[-1]:.2f}; the worst table's p95 {worst:.2f}"
    )
    turns = sorted(len(w) for w in per_table.values())
    write(f"turns a table: fewest {turns[0]}, median {turns[len(turns) // 2]}, most {turns[-1]}")
