"""The sweeper: timeouts due, idle games, AI turns whose task was lost, vacations over."""

from datetime import timedelta

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.commit import queue_ai
from games.correspondence import vacation_end
from games.models import Game, Seat, Vacation
from games.play import game_timeout
from games.tables import game_abort

IDLE_ABORT = timedelta(days=30)
AI_STALL = timedelta(seconds=30)  # an AI turn this late lost its task: queue it again
BATCH = 200  # games per sweep and kind; the next sweep takes the rest


def sweep(now=None, ai_stall=AI_STALL) -> dict:
    """One pass of the sweeper: timeouts due, idle games, AI turns whose task was lost.

    An AI turn counts as lost when no move came for `ai_stall`.
    """
    now = now or timezone.now()
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    due = Seat.objects.filter(game=OuterRef("pk"), to_act=True)
    person_due = Exists(due.filter(user__isnull=False, state=Seat.State.PLAYING))
    ai_due = Exists(due.filter(Q(user__isnull=True) | ~Q(state=Seat.State.PLAYING)))
    timeouts = active.filter(turn_deadline__lte=now).values_list("pk", "version")
    idle = active.filter(person_due, last_move__lt=now - IDLE_ABORT).values_list("pk", "version")
    stalled = active.filter(ai_due, last_move__lt=now - ai_stall).values_list("pk", "version")
    aborted = [game_abort(game_id=pk, version=v, reason="idle") for pk, v in idle[:BATCH]]
    timed_out = [game_timeout(pk, v) for pk, v in timeouts[:BATCH]]
    requeued = [queue_ai(pk, v) for pk, v in stalled[:BATCH]]
    over = Vacation.objects.filter(ended=None, until__lte=now).select_related("user")
    returned = [vacation_end(user=v.user) for v in over[:BATCH]]
    return {
        "timeouts": sum(g is not None for g in timed_out),
        "aborted": sum(g is not None for g in aborted),
        "ai_requeued": sum(requeued),
        "vacations_ended": sum(v is not None for v in returned),
    }
