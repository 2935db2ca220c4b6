"""The sweeper: what is due without anyone moving (games/due.py), found through the games'
due times, so a sweep costs the work due, never the games held: timeouts, AI turns whose
task was lost, games a person has left waiting for IDLE_ABORT, open tables nobody joined
in time, vacations that ran out.
"""

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games import selectors
from games.commit import due_later, queue_ai
from games.correspondence import vacation_end
from games.due import AI_STALL, IDLE_ABORT
from games.models import Game, GameDue, Seat, Vacation
from games.play import game_timeout
from games.tables import game_abort, table_expire

BATCH = 200  # games (and vacations) a sweep takes; the next sweep takes the rest


def sweep(now=None, ai_stall=AI_STALL) -> dict:
    """One pass of the sweeper over the games due by `now` (and the vacations over).

    An AI turn counts as lost when no move came for `ai_stall`; with less than AI_STALL (a
    worker that has just connected to the broker), every AI turn that long due is queued
    again, due or not.
    """
    now = now or timezone.now()
    swept = {"timeouts": 0, "aborted": 0, "expired": 0, "ai_requeued": 0, "vacations_ended": 0}
    due = GameDue.objects.filter(at__lte=now).order_by("at").values_list("game_id", flat=True)
    for game in selectors.with_seats(Game.objects.filter(pk__in=list(due[:BATCH]))):
        done = _swept(game, now, ai_stall)
        if done in (None, "ai_requeued"):  # no change made: look again later
            due_later(game.pk, now, now + AI_STALL)
        if done is not None:
            swept[done] += 1
    if ai_stall < AI_STALL:
        swept["ai_requeued"] += sum(queue_ai(pk, v) for pk, v in _ai_due(now - ai_stall))
    over = Vacation.objects.filter(ended=None, until__lte=now).select_related("user")
    swept["vacations_ended"] = sum(vacation_end(user=v.user) is not None for v in over[:BATCH])
    return swept


def _swept(game: Game, now, ai_stall) -> str | None:
    """What the sweeper did for a game due: "aborted", "expired", "timeouts",
    "ai_requeued", or None if nothing (it moved on meanwhile, or what is due is not yet)."""
    if game.status == Game.Status.OPEN:
        return "expired" if table_expire(game_id=game.pk, now=now) else None
    acting = [s for s in game.seats.all() if s.to_act]
    waited = now - game.last_move if game.last_move else None
    person_waits = any(not s.plays_itself for s in acting)
    if person_waits and waited and waited > IDLE_ABORT:
        idle = game_abort(game_id=game.pk, version=game.version, reason="idle")
        return "aborted" if idle else None
    if game.turn_deadline is not None and game.turn_deadline <= now:
        return "timeouts" if game_timeout(game.pk, game.version) else None
    if any(s.plays_itself for s in acting) and waited and waited > ai_stall:
        return "ai_requeued" if queue_ai(game.pk, game.version) else None
    return None


def _ai_due(before):
    """(id, version) of every running game whose AI has been to move since `before`."""
    due = Seat.objects.filter(game=OuterRef("pk"), to_act=True)
    ai_due = Exists(due.filter(Q(user__isnull=True) | ~Q(state=Seat.State.PLAYING)))
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    return active.filter(ai_due, last_move__lt=before).values_list("pk", "version")[:BATCH]
