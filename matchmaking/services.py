"""Writes for matchmaking: the queue, seating formed tables, rating games, resigning.

Seating a table is one transaction per table: lock the planned queue entries
(`SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL), delete exactly them, create the
started game. If any entry is gone (its player left, or another run seated them) or
locked by a concurrent run, the whole table is skipped and its people stay queued for
the next run. On SQLite the transaction begins with BEGIN IMMEDIATE (settings), so a
leave or another run can't interleave with it; the deleted count is checked anyway.
"""

import logging
import random
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from barkside import notices
from games import outcome, reputation
from games import services as game_services
from games.errors import GameError
from games.models import Game, Seat
from matchmaking import forming, ratings, selectors
from matchmaking.errors import MatchmakingError
from matchmaking.models import QueueEntry, Rating, RatingChange
from moderation import selectors as moderation_selectors

log = logging.getLogger(__name__)
_seating = random.SystemRandom()


# --- the queue --------------------------------------------------------------------------


def can_queue(user) -> bool:
    """Whether `user` may join the queue: active, and neither suspended nor banned."""
    return bool(user.is_active) and moderation_selectors.standing(user) is None


@transaction.atomic
def queue_join(
    *, user, sizes, time_per_move, rated, ai_fill, min_reputation=0, now=None
) -> QueueEntry:
    if not can_queue(user):
        raise MatchmakingError("cannot_queue", status=403)
    if QueueEntry.objects.filter(user=user).exists():
        raise MatchmakingError("already_queued", status=409)
    if rated:
        game_services.guest_check(user)
    game_services.fair_share_check(user_id=user.pk, time_per_move=time_per_move, ai=ai_fill)
    mu, _ = rating_of(user, ratings.speed_of(time_per_move))
    try:
        with transaction.atomic():
            entry = QueueEntry.objects.create(
                user=user,
                sizes=sorted(set(sizes)),
                time_per_move=time_per_move,
                rated=rated,
                ai_fill=ai_fill,
                min_reputation=min_reputation,
                skill=ratings.skill(mu),
                joined=now or timezone.now(),
            )
    except IntegrityError:  # a concurrent join by the same user won
        raise MatchmakingError("already_queued", status=409) from None
    transaction.on_commit(_trigger_forming)
    return entry


def queue_drop(*, user) -> None:
    """Take `user` out of the queue, if they are in it (their account was shut out)."""
    QueueEntry.objects.filter(user=user).delete()


def queue_leave(*, user) -> None:
    """Leave at once. A table already seated wins: its player is told they were matched."""
    deleted, _ = QueueEntry.objects.filter(user=user).delete()
    if not deleted:
        raise MatchmakingError("not_queued", status=404)


def _trigger_forming() -> None:
    from matchmaking import tasks  # late: tasks imports this module

    try:
        tasks.form_tables.delay()
    except Exception:  # beat runs forming every few seconds anyway
        log.exception("could not queue a matchmaking run")


# --- forming tables ---------------------------------------------------------------------


def form_tables(now: datetime | None = None) -> list[Game]:
    """One matchmaking run: plan tables from the queue, seat each that is still whole."""
    now = now or timezone.now()
    tables = forming.plan_tables(queued_wishes(), now, selectors.forming_rules())
    return [game for table in tables if (game := seat_table(table)) is not None]


def queued_wishes() -> list[forming.Wish]:
    entries = list(QueueEntry.objects.filter(user__is_active=True))
    users = [e.user_id for e in entries]
    avoid = moderation_selectors.avoided(users)  # blocks, both ways
    finished = {u: r["finished"] for u, r in reputation.reputations(users).items()}
    return [
        entry_wish(e, avoid.get(e.user_id, frozenset()), finished.get(e.user_id)) for e in entries
    ]


def entry_wish(
    entry: QueueEntry, avoid: frozenset[int] = frozenset(), finished: int | None = None
) -> forming.Wish:
    return forming.Wish(
        id=entry.pk,
        user_id=entry.user_id,
        sizes=frozenset(entry.sizes),
        time_per_move=entry.time_per_move,
        rated=entry.rated,
        ai_fill=entry.ai_fill,
        skill=entry.skill,
        joined=entry.joined,
        avoid=avoid,
        reputation=finished,
        min_reputation=entry.min_reputation,
    )


def seat_table(table: forming.Table) -> Game | None:
    """Seat a planned table in one transaction, or nobody if any entry is gone or busy."""
    ids = [w.id for w in table.wishes]
    with transaction.atomic():
        locked = list(
            QueueEntry.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(pk__in=ids, user__is_active=True)
            .values_list("pk", flat=True)
        )
        if len(locked) != len(ids):
            return None
        if over := _over_their_share(table):  # they took more games since they queued
            QueueEntry.objects.filter(pk__in=[w.id for w in over]).delete()
            return None
        deleted = QueueEntry.objects.filter(pk__in=ids).delete()[1].get(QueueEntry._meta.label, 0)
        if deleted != len(ids):
            transaction.set_rollback(True)
            return None
        users = [w.user_id for w in table.wishes]
        seats = [{"user_id": u} for u in users] + [{"ai_level": forming.AI_LEVEL}] * table.ai
        _seating.shuffle(seats)  # nobody's place at the table follows the queue
        # each person's /ws/me/ socket gets `{"type": "matched", "game", "version"}`
        return game_services.game_start_seated(
            seats=seats,
            time_per_move=table.time_per_move,
            rated=table.rated,
            notice=notices.MATCHED,
        )


def _over_their_share(table: forming.Table) -> list[forming.Wish]:
    """The people of `table` whom it would take past a limit (games.services
    `fair_share_check`, which locks each person's row, in id order, until the table is
    seated): they leave the queue, and the others wait for the next run."""
    over = []
    for wish in sorted(table.wishes, key=lambda w: w.user_id):
        try:
            game_services.fair_share_check(
                user_id=wish.user_id, time_per_move=table.time_per_move, ai=table.ai > 0
            )
        except GameError:
            over.append(wish)
    return over


# --- ratings ----------------------------------------------------------------------------


def rating_of(user, speed: str) -> tuple[float, float]:
    row = Rating.objects.filter(user=user, speed=speed).values_list("mu", "sigma").first()
    return row or ratings.default()


def rate_game(game: Game) -> list[RatingChange]:
    """Update every human seat's rating from a finished rated game, once.

    Call it in the transaction that finishes the game (or on commit). Unrated, aborted
    or running games change nothing; a game already rated changes nothing again, and a
    private one nothing ever: a rating is public, and a private game is not.
    """
    if not game.rated or game.private or game.status != Game.Status.FINISHED or not game.result:
        return []
    try:
        with transaction.atomic():
            return _rate(game)
    except IntegrityError:  # a concurrent call rated it first
        return []


def _rate(game: Game) -> list[RatingChange]:
    if RatingChange.objects.filter(game=game).exists():
        return []
    speed = ratings.speed_of(game.time_per_move)
    seats = list(Seat.objects.filter(game=game).order_by("number"))
    humans = sorted(s.user_id for s in seats if s.user_id)
    mu, sigma = ratings.default()
    for user_id in humans:  # rows to lock, created first: a new player has none yet
        Rating.objects.get_or_create(
            user_id=user_id, speed=speed, defaults={"mu": mu, "sigma": sigma}
        )
    locked = Rating.objects.select_for_update().filter(user_id__in=humans, speed=speed)
    rows = {r.user_id: r for r in locked.order_by("user_id")}
    before = [
        ratings.AI_RATINGS[s.ai_level] if s.is_ai else (rows[s.user_id].mu, rows[s.user_id].sigma)
        for s in seats
    ]
    places = outcome.final_places(game.result, seats)
    after = ratings.rate(before, places)
    changes = []
    for seat in seats:
        if seat.is_ai:
            continue
        (mu0, sigma0), (mu1, sigma1) = before[seat.number], after[seat.number]
        changes.append(
            RatingChange(
                game=game,
                user_id=seat.user_id,
                speed=speed,
                place=places[seat.number],
                finish=_finish(seat),
                mu_before=mu0,
                sigma_before=sigma0,
                mu_after=mu1,
                sigma_after=sigma1,
            )
        )
        row = rows[seat.user_id]
        row.mu, row.sigma, row.games = mu1, sigma1, row.games + 1
        row.save(update_fields=["mu", "sigma", "games", "updated"])
    return RatingChange.objects.bulk_create(changes)


def _finish(seat: Seat) -> str:
    if seat.state == Seat.State.LEFT:
        return (
            RatingChange.Finish.RESIGNED
            if seat.handover == Seat.Handover.RESIGNED
            else RatingChange.Finish.TIMED_OUT
        )
    if seat.state == Seat.State.AUTOPILOT:
        return RatingChange.Finish.AUTOPILOT
    return RatingChange.Finish.PLAYED
