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

With `--accounts K`, seat 0 of every table is a person, the tables dealt round the K
accounts, and this process plays the people's turns as soon as they come (their first
legal move): tables as people open them against the AI, the report also per account.
"""

import os
import time
from collections import defaultdict
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model

from barkside.celery import sending_to
from games import engine, services
from games.errors import GameError
from games.models import Game, GameEvent, Seat

from .load.stack import database_url, started_stack
from .percentiles import percentile

PLAYERS = 6


def bench_ai_queue(
    write,
    seconds: float = 60.0,
    tables: int | None = None,
    accounts: int = 0,
    level: str = "hard",
    **_,
) -> None:
    tables = tables or 40
    limit = os.environ.get("AI_LATE_LIMIT", str(settings.AI_LATE_LIMIT))
    with started_stack(1, database_url()) as stack, sending_to(stack.redis):
        write(
            f"ai-queue: {tables} tables of {PLAYERS} `{level}` seats, {seconds:g} s, stack at "
            f"{stack.url}; AI_BUDGET={settings.AI_BUDGET} AI_MOVE_DELAY="
            f"{settings.AI_MOVE_DELAY} AI_LATE_LIMIT={limit}"
            + (f"; seat 0 of each a person, {accounts} accounts" if accounts else "")
        )
        people = [_person(n) for n in range(accounts)]
        owners = {}  # game: the account of its person (None: every seat the AI's)
        for n in range(tables):
            account = n % accounts if accounts else None
            person = [{"user_id": people[account]}] if accounts else []
            seats = person + [{"ai_level": level}] * (PLAYERS - len(person))
            owners[services.game_start_seated(seats=seats, time_per_move=300).pk] = account
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            if not (accounts and _play_people(list(owners))):
                time.sleep(0.05)
    _report(write, list(owners), seconds)
    for account in range(accounts):
        _report(write, [g for g, a in owners.items() if a == account], seconds, account)


def _person(n: int) -> int:
    user, _ = get_user_model().objects.get_or_create(username=f"ai-queue-{n}")
    return user.pk


def _play_people(games: list[int]) -> int:
    """Each person's turn due in these games, played at once; how many were played."""
    turns = Seat.objects.filter(game_id__in=games, user__isnull=False, to_act=True)
    turns = turns.filter(game__status=Game.Status.ACTIVE).values_list("game_id", "number")
    played = 0
    for game_id, number in turns:
        game = Game.objects.get(pk=game_id)
        moves = engine.legal_moves(game.state, number)
        try:
            services.apply_move(game_id, services.Actor("player", number), moves[0], game.version)
            played += 1
        except (GameError, IndexError):  # the AI moved meanwhile, or it was not their turn
            pass
    return played


def _report(write, games: list[int], seconds: float, account: int | None = None) -> None:
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
    whose = "" if account is None else f"account {account}'s {len(games)} tables: "
    write(
        f"{whose}AI turns: {len(late)} in {seconds:g} s = {len(late) / seconds:.1f} decisions/s; "
        f"late past the delay s: p50 {percentile(late, 50):.2f} p95 {percentile(late, 95):.2f} "
        f"p99 {percentile(late, 99):.2f} max {late[-1]:.2f}; the worst table's p95 {worst:.2f}"
    )
    turns = sorted(len(w) for w in per_table.values())
    write(f"turns a table: fewest {turns[0]}, median {turns[len(turns) // 2]}, most {turns[-1]}")
