"""Correspondence play: the game limit, a player's settings, vacations, the expel vote.

The rules players meet here are told in docs/correspondence.md.
"""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import clocks, selectors
from games.change import Change, table_change
from games.commit import commit, locked, seats_back
from games.errors import GameError
from games.models import CORRESPONDENCE_SECONDS, Game, PlayerSettings, Seat, Vacation


def game_limit_check(*, user, time_per_move: int) -> None:
    """Refuse a new correspondence game beyond the player's limit: creating or joining a
    table here, queueing in matchmaking."""
    if time_per_move < CORRESPONDENCE_SECONDS[0]:
        return
    limit = selectors.game_limit(user)
    if limit["running"] >= limit["limit"]:
        raise GameError(
            "game_limit",
            status=409,
            extra=limit,
        )


def game_settings_update(*, user, **changes) -> PlayerSettings:
    found, _ = PlayerSettings.objects.get_or_create(user=user)
    for name, value in changes.items():
        setattr(found, name, value)
    found.save()
    return found


def vacation_start(*, user, days: int | None = None) -> Vacation:
    """Stop the clocks of all the player's correspondence games, for `days` (all that is
    left of this year's allowance if None). Live games go on."""
    now = timezone.now()
    left = selectors.vacation_left(user, now)
    length = left if days is None else timedelta(days=days)
    if length > left or length <= timedelta(0):
        days_left = round(left / timedelta(days=1), 1)
        raise GameError(
            "vacation_too_long",
            extra={"days_left": f"{days_left:g}"},
        )
    with transaction.atomic():
        try:
            with transaction.atomic():
                vacation = Vacation.objects.create(user=user, started=now, until=now + length)
        except IntegrityError:
            raise GameError("on_vacation", status=409) from None
        for game_id in _correspondence_games(user):  # locks in id order: no deadlock
            table = locked(game_id)
            seat = table.seat_of(user)
            away = {seat.number: {"away_since": now, "away_until": vacation.until}}
            payload = (
                {"type": "vacation", "seat": seat.number, "until": vacation.until.isoformat()},
            )
            commit(table, Change("vacation", seat.number, payload=payload, seats=away))
    return vacation


def vacation_end(*, user) -> Vacation | None:
    """The player is back: each correspondence seat's clock goes on where it stopped (its
    turn start and deadline move by the time away). None if they were not away."""
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, ended=None).first()
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
    """A vote to hand `seat`, whose own deadline passed, to the AI at once; the seat goes
    once every other person still playing at the table has voted (docs/correspondence.md)."""
    table = locked(game_id)
    voter = selectors.seat_in_play(table.game, user)
    target = next((s for s in table.seats if s.number == seat), None)
    if target is None or not clocks.overdue(target, timezone.now()):
        raise GameError("not_overdue", status=409)
    if voter.number == seat or voter.state != Seat.State.PLAYING:
        raise GameError("cannot_vote", status=403)
    if voter.number in target.expel_votes:
        raise GameError("already_voted", status=409)
    votes = sorted({*target.expel_votes, voter.number})
    payload = ({"type": "expel_vote", "seat": voter.number, "target": seat},)
    voted = {seat: {"expel_votes": votes}}
    table = commit(table, Change("expel_vote", voter.number, payload=payload, seats=voted))
    if set(votes) >= set(expel_voters(table.seats, seat)):
        expelled = {seat: {"state": Seat.State.LEFT}}
        table = commit(table, table_change("expelled", seat, seats=expelled))
    return table.game


def expel_voters(seats, target: int) -> list[int]:
    """Who votes on handing `target` to the AI: every other person still playing."""
    return [
        s.number for s in seats if s.number != target and s.user_id and s.state == s.State.PLAYING
    ]
