"""Reputation: how reliably a player sees their games through, from their seats' history.

Over the finished public games a person had a seat in (aborted games are nobody's doing
and don't count; private games are seen by their players only, and a reputation is
shown to everyone: in the lobby, on profiles, in matchmaking's thresholds):

- `finished`: % of them the person played to the end themselves: their seat was not
  handed to the AI (resigned, three timeouts in a row, expelled, or a moderator's
  autopilot);
- `on_time`: % of them the person played to the end without a single timeout.

`None` for both while the player has no finished game: a reputation is a track record,
so a newcomer has none yet (and passes no reputation threshold, see matchmaking).
"""

from django.db.models import Count, Exists, OuterRef, Q

from games.models import Game, GameEvent, Seat


def reputations(user_ids) -> dict[int, dict]:
    """`{user_id: {"games", "finished", "on_time"}}` for each of `user_ids` (one query)."""
    timed_out = GameEvent.objects.filter(
        game=OuterRef("game"), seat=OuterRef("number"), actor="timeout"
    )
    played = Q(state=Seat.State.PLAYING)
    rows = (
        Seat.objects.filter(
            user_id__in=list(user_ids), game__status=Game.Status.FINISHED, game__private=False
        )
        .annotate(timed_out=Exists(timed_out))
        .values("user_id")
        .annotate(
            games=Count("pk"),
            finished=Count("pk", filter=played),
            on_time=Count("pk", filter=played & Q(timed_out=False)),
        )
        .order_by()
    )
    found = {row["user_id"]: row for row in rows}
    return {user_id: _figures(found.get(user_id)) for user_id in user_ids}


def reputation(user_id: int) -> dict:
    return reputations([user_id])[user_id]


def _figures(row: dict | None) -> dict:
    games = row["games"] if row else 0
    if not games:
        return {"games": 0, "finished": None, "on_time": None}
    return {
        "games": games,
        "finished": round(100 * row["finished"] / games),
        "on_time": round(100 * row["on_time"] / games),
    }


def with_reputations(games, summaries: list[dict]) -> list[dict]:
    """The open tables' summaries, each person's seat with their `reputation` (None for
    AI seats): who is sitting there and how reliably they finish, before joining."""
    users = {
        (game.pk, seat.number): seat.user_id
        for game in games
        for seat in game.seats.all()
        if seat.user_id
    }
    figures = reputations(set(users.values()))
    for summary in summaries:
        for seat in summary["seats"]:
            user_id = users.get((summary["id"], seat["number"]))
            seat["reputation"] = figures[user_id] if user_id else None
    return summaries
