"""Correspondence play: a player's settings, vacations, the expel vote (the game limit is
checked with the other fair shares, games/shares.py).

The rules players meet here are told in docs/correspondence.md.
"""

import math
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import clocks, selectors
from games.change import Change, table_change
from games.commit import commit, locked, seats_back
from games.errors import GameError
from games.models import CORRESPONDENCE_SECONDS, Game, PlayerSettings, Seat, Vacation
from games.shares import people_locked
from games.snapshots import Snapshot


def game_settings_update(*, user, **changes) -> PlayerSettings:
    found, _ = PlayerSettings.objects.get_or_create(user=user)
    for name, value in changes.items():
        setattr(found, name, value)
    found.save()
    return found


def vacation_start(*, user, days: int | None = None) -> Vacation:
    """Stop the clocks of all the player's correspondence games, for `days` (all that is
    left of this year's allowance if None). Live games go on."""
    with transaction.atomic():
        people_locked([user.pk])  # the person, then their games: the one lock order
        now = timezone.now()
        if Vacation.objects.filter(user=user, ended=None).exists():
            raise GameError("on_vacation", status=409)
        left = selectors.vacation_left(user, now)
        length = left if days is None else timedelta(days=days)
        if length > left or length <= timedelta(0):
            days_left = round(left / timedelta(days=1), 1)
            raise GameError("vacation_too_long", extra={"days_left": f"{days_left:g}"})
        _vacation_starts_check(user, now)
        vacation = Vacation.objects.create(user=user, started=now, until=now + length)
        for game_id in _correspondence_games(user):  # locks in id order: no deadlock
            table = locked(game_id)
            seat = table.seat_of(user)
            away = {seat.number: {"away_since": now, "away_until": vacation.until}}
            payload = (
                {"type": "vacation", "seat": seat.number, "until": vacation.until.isoformat()},
            )
            commit(table, Change("vacation", seat.number, payload=payload, seats=away))
    return vacation


def _vacation_starts_check(user, now) -> None:
    """Refuse a vacation beyond VACATION_STARTS_PER_DAY started in the last 24 hours: each
    start and end tells every correspondence game of the player's (a version, a broadcast)."""
    limit = settings.VACATION_STARTS_PER_DAY
    day = Vacation.objects.filter(user=user, started__gt=now - timedelta(days=1))
    starts = sorted(day.values_list("started", flat=True))
    if len(starts) >= limit:
        wait = starts[-limit] + timedelta(days=1) - now  # until the oldest one counted is a day old
        raise GameError(
            "vacation_limit",
            status=429,
            extra={"limit": limit, "retry_after": math.ceil(wait.total_seconds())},
        )


def vacation_end(*, user) -> Vacation | None:
    """The player is back: each correspondence seat's clock goes on where it stopped (its
    turn start and deadline move by the time away). None if they were not away."""
    with transaction.atomic():
        people_locked([user.pk])  # the person, then their games: the one lock order
        vacation = Vacation.objects.filter(user=user, ended=None).first()
        if vacation is None:
            return None
        back = timezone.now()
        Vacation.objects.filter(pk=vacation.pk).update(ended=back)
        for game_id in _correspondence_games(user, away=True):
            table = locked(game_id)
            seat = table.seat_of(user)
            resumed = {seat.number: _resumed(seat, back)} if seat.away_since else {}
            commit(table, table_change("returned", seat.number, seats=resumed))
        seats_back(user)  # the games that ended meanwhile
    return vacation


def vacations_running(user_ids) -> dict:
    """`{user_id: until}` of these people's running vacations, read with the people locked
    (`people_locked`): a vacation starting or ending meanwhile waits for the caller's
    transaction (a game starting, which pauses the seats of the people away), or the
    caller for it. So a seat is paused exactly while its person's vacation runs."""
    people_locked(user_ids)
    running = Vacation.objects.filter(user__in=set(user_ids), ended=None)
    return dict(running.values_list("user_id", "until"))


def table_locked(game_id, user) -> Snapshot:
    """The table `user` joins, locked after the people who may be seated when it starts:
    the one lock order, the people by id, then the game (`vacations_running` reads their
    vacations at its start). Someone seated between the look at the seats and the lock
    (a join at once) makes a new look, the locks let go."""
    while True:
        seated = Seat.objects.filter(game_id=game_id).exclude(user=None)
        people = {user.pk, *seated.values_list("user_id", flat=True)}
        with transaction.atomic():  # a savepoint: rolled back, it lets go of its locks
            people_locked(people)
            table = locked(game_id)
            if {s.user_id for s in table.seats if s.user_id} <= people:
                return table
            transaction.set_rollback(True)


def _resumed(seat: Seat, back) -> dict:
    """A seat's clock back from time away: its turn start and deadline move by it."""
    columns = {"away_since": None, "away_until": None}
    if seat.turn_started:
        shift = clocks.resumed(seat.turn_started, seat.away_since, back)
        columns.update(turn_started=seat.turn_started + shift, deadline=seat.deadline + shift)
    return columns


def _correspondence_games(user, away: bool = False) -> list[int]:
    seats = Seat.objects.filter(
        user=user,
        game__status=Game.Status.ACTIVE,
        game__time_per_move__gte=CORRESPONDENCE_SECONDS[0],
    )
    if away:
        seats = seats.exclude(away_since=None)
    return list(seats.order_by("game_id").values_list("game_id", flat=True))


@transaction.atomic
def expel_vote(*, game_id, user, seat: int) -> Game:
    """A vote to hand `seat` to the AI at once, in a correspondence game, from
    EXPEL_GRACE_SECONDS after the first deadline it missed until its person moves again
    (`clocks.expel_opens`); the seat goes once every other person still playing at the
    table has voted (docs/correspondence.md). Live games have none: their three timeouts
    in a row come within minutes."""
    table = locked(game_id)
    voter = selectors.seat_in_play(table.game, user)
    if not table.game.is_correspondence:
        raise GameError("live_game", status=409)
    target = next((s for s in table.seats if s.number == seat), None)
    opens = selectors.expel_from(table.game, target) if target else None
    if opens is None or opens > timezone.now():
        raise GameError(
            "not_overdue", status=409, extra={"opens": opens.isoformat() if opens else None}
        )
    if voter.number == seat or voter.state != Seat.State.PLAYING:
        raise GameError("cannot_vote", status=403)
    if voter.number in target.expel_votes:
        raise GameError("already_voted", status=409)
    votes = sorted({*target.expel_votes, voter.number})
    payload = ({"type": "expel_vote", "seat": voter.number, "target": seat},)
    voted = {seat: {"expel_votes": votes}}
    table = commit(table, Change("expel_vote", voter.number, payload=payload, seats=voted))
    if set(votes) >= set(expel_voters(table.seats, seat)):
        expelled = {seat: {"state": Seat.State.LEFT, "handover": Seat.Handover.EXPELLED}}
        table = commit(table, table_change("expelled", seat, seats=expelled))
    return table.game


def expel_voters(seats, target: int) -> list[int]:
    """Who votes on handing `target` to the AI: every other person still playing."""
    return [
        s.number for s in seats if s.number != target and s.user_id and s.state == s.State.PLAYING
    ]
