"""Fair shares: what one person may hold at once of what every player shares.

- running correspondence games, the game limit (docs/correspondence.md);
- running live games with AI seats, LIVE_AI_GAMES_PER_PERSON: the AI workers' time, which
  every table with AI seats waits for;
- open public tables, OPEN_TABLES_PER_PERSON: the lobby. An open table nobody joins
  closes by itself too (games/due.py).

A check counts a person's rows and the caller then inserts one: two requests at once
would both count below a limit and both insert (50 creates at once from one account made
26 running correspondence games of 20). So every check runs with the person's row locked
until the transaction that inserts ends (`people_locked`): the next request of theirs
counts once this one's rows are committed. One lock order everywhere: the people, by
id, then the games, by id.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef

from games import selectors
from games.errors import GameError
from games.models import CORRESPONDENCE_SECONDS, Game, Seat

RUNNING = (Game.Status.OPEN, Game.Status.ACTIVE)


def people_locked(user_ids) -> None:
    """Lock these people's rows until the transaction ends, in id order (two tables
    seating the same people wait for each other, never deadlock). SQLite needs none: a
    transaction there takes the one write lock at its BEGIN (settings.py)."""
    people = get_user_model().objects.select_for_update(no_key=True)
    list(people.filter(pk__in=set(user_ids)).order_by("pk").values_list("pk", flat=True))


def fair_share_check(*, user_id, time_per_move: int, ai: bool = False, opening: bool = False):
    """Lock the person's row (`people_locked`) and refuse a seat beyond their limits: in a
    correspondence game, in a live game with AI seats (`ai`), at a new open public table
    (`opening`). Creating and joining a table call it, and matchmaking, when queueing
    and when seating a table."""
    people_locked([user_id])
    if time_per_move >= CORRESPONDENCE_SECONDS[0]:
        limit = selectors.game_limit(user_id)
        if limit["running"] >= limit["limit"]:
            raise GameError("game_limit", status=409, extra=limit)
    elif ai:
        running = _live_ai_games(user_id)
        if running >= settings.LIVE_AI_GAMES_PER_PERSON:
            limit = settings.LIVE_AI_GAMES_PER_PERSON
            raise GameError("live_ai_limit", status=409, extra={"running": running, "limit": limit})
    if opening:
        waiting = Seat.objects.filter(
            user_id=user_id, game__status=Game.Status.OPEN, game__private=False
        )
        count = waiting.count()
        if count >= settings.OPEN_TABLES_PER_PERSON:
            limit = settings.OPEN_TABLES_PER_PERSON
            raise GameError("open_table_limit", status=409, extra={"open": count, "limit": limit})


def _live_ai_games(user_id) -> int:
    """Running live games with an AI seat where the person has a seat, left or not: the AI
    plays a seat left too, as long as the game runs."""
    ai_seat = Seat.objects.filter(game=OuterRef("game"), user__isnull=True)
    return (
        Seat.objects.filter(
            user_id=user_id,
            game__status__in=RUNNING,
            game__time_per_move__lt=CORRESPONDENCE_SECONDS[0],
        )
        .filter(Exists(ai_seat))
        .count()
    )
