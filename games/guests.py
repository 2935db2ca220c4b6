"""Idle guests removed (accounts/guests.py), found through their removal time: a pass
costs the guests due, never the users held. Their games end first, as if they had left."""

from django.db import transaction
from django.utils import timezone

from accounts import guests as account_guests
from games.commit import games_forget
from games.models import Game, Seat
from games.tables import game_abort, game_leave, game_resign

BATCH = 100  # guests a pass removes; the next pass takes the rest


def guests_expire(now=None) -> dict:
    """Remove the guests idle past their time; those seated in someone else's game stay
    as a name that can no longer sign in."""
    now = now or timezone.now()
    done = {"removed": 0, "retired": 0}
    for user_id in account_guests.guests_due(now, BATCH):
        outcome = _guest_expire(user_id, now)
        if outcome:
            done[outcome] += 1
    return done


@transaction.atomic
def _guest_expire(user_id: int, now) -> str | None:
    # The person first, then its games: the one lock order (games/tables.py).
    user = account_guests.guest_locked(user_id, now)
    if user is None:  # back, or claimed, since the list was read
        return None
    shared = _shared_games(user)
    for seat in Seat.objects.filter(user=user).select_related("game"):
        _seat_end(seat, user, seat.game_id in shared)
    # A game nobody else played in is nobody's record: it goes with its guest.
    alone = Seat.objects.filter(user=user).exclude(game_id__in=shared)
    games_forget(list(alone.values_list("game_id", flat=True)))
    if Seat.objects.filter(user=user).exists():
        account_guests.guest_retire(user)
        return "retired"
    account_guests.guest_remove(user)
    return "removed"


def _shared_games(user) -> set[int]:
    """The guest's games where another person has a seat."""
    own = Seat.objects.filter(user=user).values("game_id")
    others = Seat.objects.filter(game_id__in=own, user__isnull=False).exclude(user=user)
    return set(others.values_list("game_id", flat=True))


def _seat_end(seat: Seat, user, shared: bool) -> None:
    """A waiting table is left; a running game shared with people goes on with the AI in
    the seat (it counts as a resignation: last place, unrated as every guest's game); one
    against the AI alone is aborted."""
    status = seat.game.status
    if status == Game.Status.OPEN:
        game_leave(game_id=seat.game_id, user=user)
    elif status == Game.Status.ACTIVE and not shared:
        game_abort(game_id=seat.game_id, reason="guest_expired")
    elif status == Game.Status.ACTIVE and seat.state != Seat.State.LEFT:
        game_resign(game_id=seat.game_id, user=user)
