"""The coach, app side: asking for an analysis of a seat of an ended game, running it on
the coach's worker, and reading it back. The judgement itself is games.ai.coach's.

An analysis is one row per game, seat and coach version (`Analysis`): asked for again,
by anyone, it is the same analysis, queued, running or done, and a failed one is queued
again. A person has one analysis queued or running at a time; the database holds that
(a partial unique constraint), so two requests at once cannot both pass. A task lost
with its worker would keep its row busy, so a row busy for longer than
COACH_STALE_SECONDS counts as failed: whoever asks next queues it again.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games import selectors
from games.ai import coach
from games.errors import GameError
from games.models import Analysis

log = logging.getLogger(__name__)

# What a mark shows: the step it is on, the move made and the one the coach prefers, and
# the doghouse cards that would save. Everything here is in the record already.
MARK_FIELDS = ("round", "move", "played", "better", "saving")


def _stale_before(now: datetime) -> datetime:
    return now - timedelta(seconds=settings.COACH_STALE_SECONDS)


def status_of(analysis: Analysis, now: datetime | None = None) -> str:
    """Its status as the person sees it: a busy one past the stale limit has failed."""
    now = now or timezone.now()
    if analysis.status in Analysis.BUSY and analysis.requested < _stale_before(now):
        return Analysis.Status.FAILED
    return analysis.status


def analysis_request(*, game_id, user, seat: int) -> Analysis:
    """The analysis of `seat` for `user`: the one there is (done, queued or running), else
    one queued now. Anyone who may read the game's record may ask (its players; anyone,
    for a public game), once the game has ended."""
    game, _ = selectors.visible_game(game_id, user)
    if not selectors.record_published(game):
        raise GameError("game_running", status=409)
    if not 0 <= seat < game.players:
        raise GameError("no_such_seat", extra={"seat": seat})
    now = timezone.now()
    mine = Q(requested_by=user) | Q(game=game, seat=seat, version=coach.COACH_VERSION)
    stale = Analysis.objects.filter(
        mine, status__in=Analysis.BUSY, requested__lt=_stale_before(now)
    )
    stale.update(status=Analysis.Status.FAILED, finished=now)
    try:
        with transaction.atomic():
            analysis, queued = _queued(game, seat, user, now)
    except IntegrityError:  # busy with another; or someone queued this one meanwhile
        analysis, queued = _existing(game, seat), False
        if analysis is None or analysis.status == Analysis.Status.FAILED:
            raise GameError("analysis_busy", status=429) from None
    if queued:
        transaction.on_commit(lambda: _send(analysis.pk))
        analysis.refresh_from_db()  # run already, where tasks run in the caller
    return analysis


def _existing(game, seat: int) -> Analysis | None:
    return Analysis.objects.filter(game=game, seat=seat, version=coach.COACH_VERSION).first()


def _queued(game, seat: int, user, now: datetime) -> tuple[Analysis, bool]:
    """The analysis there is, or a new or failed one queued for `user` (and whether)."""
    fields = {"status": Analysis.Status.QUEUED, "requested_by": user, "requested": now}
    analysis = _existing(game, seat)
    if analysis is None:
        return Analysis.objects.create(
            game=game, seat=seat, version=coach.COACH_VERSION, **fields
        ), True
    if analysis.status != Analysis.Status.FAILED:
        return analysis, False
    again = Analysis.objects.filter(pk=analysis.pk, status=Analysis.Status.FAILED)
    if not again.update(**fields, result=None, finished=None):  # queued by someone else
        analysis.refresh_from_db()
        return analysis, False
    analysis.refresh_from_db()
    return analysis, True


def _send(analysis_id: int) -> None:
    from games import tasks  # late: the tasks call the services

    tasks.analyse.delay(analysis_id)


def analysis_run(analysis_id: int) -> str | None:
    """Run a queued analysis (on the coach's worker): done with its marks, or failed.
    A task for one that is not queued (done, running elsewhere, a repeat) does nothing."""
    now = timezone.now()
    claimed = Analysis.objects.filter(pk=analysis_id, status=Analysis.Status.QUEUED)
    if not claimed.update(status=Analysis.Status.RUNNING, requested=now):
        return None
    analysis = Analysis.objects.get(pk=analysis_id)
    try:
        record = selectors.game_record(selectors.one_with_seats(analysis.game_id))
        options = {"iterations": settings.COACH_ITERATIONS} if settings.COACH_ITERATIONS else {}
        result = coach.analyse(record, analysis.seat, **options)
        status, fields = Analysis.Status.DONE, {"result": _kept(result)}
    except Exception:  # a bad record, a bug, the time limit: the person may ask again
        log.exception("the analysis of seat %s of game %s failed", analysis.seat, analysis.game_id)
        status, fields = Analysis.Status.FAILED, {}
    # Whatever it had become meanwhile (failed as stale, queued again), it is this now.
    Analysis.objects.filter(pk=analysis_id).exclude(status=Analysis.Status.DONE).update(
        status=status, finished=timezone.now(), **fields
    )
    return status


def _kept(result: dict) -> dict:
    return {
        "judged": int(result["judged"]),
        "marks": [{k: mark[k] for k in MARK_FIELDS} for mark in result["marks"]],
    }


def analysis_of(game_id, user, seat: int) -> Analysis:
    """The analysis of `seat` at the current coach version, to anyone who may read the
    game's record; `not_found` if nobody asked for it yet."""
    game, _ = selectors.visible_game(game_id, user)
    analysis = _existing(game, seat) if selectors.record_published(game) else None
    if analysis is None:
        raise GameError("not_found", status=404)
    return analysis


def analysis_view(analysis: Analysis) -> dict:
    status = status_of(analysis)
    done = status == Analysis.Status.DONE
    return {
        "game": analysis.game_id,
        "seat": analysis.seat,
        "version": analysis.version,
        "status": status,
        "judged": analysis.result["judged"] if done else None,
        "marks": analysis.result["marks"] if done else [],
        "created": analysis.created,
        "finished": analysis.finished
        if status in (Analysis.Status.DONE, Analysis.Status.FAILED)
        else None,
    }
