"""Writes for moderation: players' chat, mutes, blocks and reports; moderators' actions.

Every moderator action needs a reason and writes one `ModerationAction` row in the same
transaction as its effect. Suspensions and bans deactivate the account (`is_active`
False): Django's session backend and DRF's token authentication then refuse it on the
very next request, and its open sockets are told to close (`user.kicked`) on commit.
A warned user's `/ws/me/` sockets hear `warned` on commit; the user marks each warning
seen (`WarningSeen`, beside the log) once they have read it.
"""

import logging
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts import services as account_services
from barkside import broadcast, notices
from barkside.errors import ServiceError
from games import realtime
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from moderation import selectors, signals
from moderation.models import Block, ChatMessage, ModerationAction, Mute, Report, WarningSeen

log = logging.getLogger(__name__)
Kind = ModerationAction.Kind


# --- chat -------------------------------------------------------------------------------


def chat_post(*, game_id, user, text: str) -> ChatMessage:
    """A player's message to their table, stored and sent to the game's sockets on commit."""
    text = text.strip()
    if not text:
        raise ServiceError("invalid", fields={"text": [_("Empty.")]})
    game, seat = game_selectors.visible_game(game_id, user)
    if seat is None:
        raise ServiceError("not_a_player", status=403)
    # A throwaway account would make every mute and ban a minute's setback.
    game_services.guest_check(user)
    if until := selectors.chat_muted_until(user):
        raise ServiceError(
            "chat_muted",
            status=403,
            extra={"until": until.isoformat() if until else None},
        )
    _chat_rate_limit(user.pk)
    message = ChatMessage.objects.create(game=game, user=user, text=text)
    payload = {**selectors.chat_message_payload(message), "user_id": user.pk}
    readers = selectors.chat_readers(message, [s.user_id for s in game.seats.all() if s.user_id])
    transaction.on_commit(lambda: _send(realtime.game_group(game.pk), "chat.message", payload))
    transaction.on_commit(lambda: _tell_readers(message, readers))
    return message


def _tell_readers(message: ChatMessage, readers) -> None:
    """The other channels (Web Push) hear of the message for each seated reader; those
    at the table read it on their socket, and push leaves them out."""
    realtime.tell(
        [(notices.CHAT_MESSAGE, user_id) for user_id in readers],
        message.game_id,
        name=message.user.username,
        text=message.text,
    )


def _chat_rate_limit(user_id: int) -> None:
    """CHAT_RATE_MESSAGES per CHAT_RATE_SECONDS, in fixed windows counted in the cache.

    Here rather than a DRF throttle so the REST and the WebSocket path share one budget.
    """
    window = settings.CHAT_RATE_SECONDS
    now = timezone.now().timestamp()
    key = f"chat-rate:{user_id}:{int(now // window)}"
    cache.add(key, 0, timeout=window + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr: a new window
        cache.set(key, 1, timeout=window + 1)
        count = 1
    if count > settings.CHAT_RATE_MESSAGES:
        wait = int(window - now % window) + 1
        raise ServiceError(
            "throttled",
            status=429,
            extra={"retry_after": wait},
        )


def _not_self(user, other) -> None:
    if user.pk == other.pk:
        raise ServiceError("invalid", fields={"username": [_("That is you.")]})


def mute_add(*, user, username: str) -> None:
    other = selectors.user_named(username)
    _not_self(user, other)
    Mute.objects.get_or_create(muter=user, muted=other)


def mute_remove(*, user, username: str) -> None:
    Mute.objects.filter(muter=user, muted=selectors.user_named(username)).delete()


def block_add(*, user, username: str) -> None:
    other = selectors.user_named(username)
    _not_self(user, other)
    Block.objects.get_or_create(blocker=user, blocked=other)


def block_remove(*, user, username: str) -> None:
    Block.objects.filter(blocker=user, blocked=selectors.user_named(username)).delete()


# --- reports ----------------------------------------------------------------------------


def report_create(
    *, reporter, username: str, reason: str, game_id=None, message_id=None, comment=""
) -> tuple[Report, bool]:
    """`(report, created)`: the same open report again is merged into the first one."""
    reported = selectors.user_named(username)
    _not_self(reporter, reported)
    message = None
    if message_id is not None:
        message = ChatMessage.objects.filter(pk=message_id, user=reported).first()
        # A message of a private game the reporter may not see is as missing as the game.
        if message is None or not game_selectors.is_visible(message.game_id, reporter):
            raise ServiceError("not_found", status=404)
        game_id = message.game_id
    if game_id is not None:
        game_selectors.visible_game(game_id, reporter)
    with transaction.atomic():
        existing = (
            Report.objects.select_for_update()
            .filter(
                reporter=reporter,
                reported=reported,
                game_id=game_id,
                reason=reason,
                status=Report.Status.OPEN,
            )
            .first()
        )
        if existing is not None:
            return existing, False
        report = Report.objects.create(
            reporter=reporter,
            reported=reported,
            game_id=game_id,
            message=message,
            reason=reason,
            comment=comment,
        )
    return report, True


# --- moderators' actions ----------------------------------------------------------------


def can_moderate(user) -> bool:
    """Superusers, and staff with the `moderation.moderate` permission."""
    if not (user and user.is_authenticated and user.is_active):
        return False
    return user.is_superuser or (user.is_staff and user.has_perm("moderation.moderate"))


# The actions on a person. Dismissing a report about someone acts on the report only, and
# an abort on the game: both stay open whoever the report names.
ON_A_PERSON = frozenset(
    {Kind.WARN, Kind.MUTE_CHAT, Kind.SUSPEND, Kind.BAN, Kind.RENAME, Kind.HIDE_MESSAGE}
)


def may_act_on(user) -> bool:
    """Moderators act on players only: never on staff, nor on a superuser, whoever the
    moderator is (a superuser too), so that no moderator can ban, rename or mute the
    site's owner or each other. An account's standing among staff is changed in the
    user admin, with Django's own permissions, not by a moderation action."""
    return not (user.is_staff or user.is_superuser)


def _log(*, moderator, action, reason: str, target=None, report=None, **fields):
    """The one check every action passes (the API's and the admin's alike), and its log
    entry. Called before the action changes anything."""
    if not can_moderate(moderator):
        raise ServiceError("permission_denied", status=403)
    if action in ON_A_PERSON and not may_act_on(target):
        raise ServiceError("target_is_staff", status=403)
    if not (reason or "").strip():
        raise ServiceError("invalid", fields={"reason": [_("A reason is required.")]})
    entry = ModerationAction.objects.create(
        moderator=moderator,
        action=action,
        target=target,
        report=report,
        reason=reason.strip(),
        **fields,
    )
    if report is not None and report.status == Report.Status.OPEN:
        report.status = (
            Report.Status.DISMISSED if action == Kind.DISMISS else Report.Status.ACTIONED
        )
        report.save(update_fields=["status"])
    return entry


@transaction.atomic
def report_dismiss(*, moderator, report: Report, reason: str) -> ModerationAction:
    return _log(
        moderator=moderator,
        action=Kind.DISMISS,
        reason=reason,
        target=report.reported,
        report=report,
        game=report.game,
    )


@transaction.atomic
def user_warn(*, moderator, user, reason: str, report=None) -> ModerationAction:
    """Log the warning; on commit the user's `/ws/me/` sockets hear `warned` at once."""
    entry = _log(moderator=moderator, action=Kind.WARN, reason=reason, target=user, report=report)
    # Only the id travels: the app reads the reason over REST, like every other warning.
    notice = {"notice": notices.WARNED, "warning": entry.pk}
    transaction.on_commit(lambda: _send(realtime.user_group(user.pk), "user.notice", notice))
    return entry


def warning_mark_seen(*, user, warning_id: int) -> None:
    """The warned user read the warning (again is fine); anyone else's is not found."""
    warning = selectors.warnings_for(user).filter(pk=warning_id).first()
    if warning is None:
        raise ServiceError("not_found", status=404)
    # get_or_create: two devices acknowledging at once both succeed, one row is written.
    WarningSeen.objects.get_or_create(warning=warning)


@transaction.atomic
def chat_mute(*, moderator, user, reason: str, until: datetime, report=None):
    _future(until)
    return _log(
        moderator=moderator,
        action=Kind.MUTE_CHAT,
        reason=reason,
        target=user,
        report=report,
        until=until,
    )


def user_suspend(*, moderator, user, reason: str, until: datetime, report=None):
    """No login, no queue, no API until `until`; running games go on autopilot."""
    _future(until)
    return _shut_out(Kind.SUSPEND, moderator, user, reason, until, report)


def user_ban(*, moderator, user, reason: str, report=None):
    return _shut_out(Kind.BAN, moderator, user, reason, None, report)


def _shut_out(kind, moderator, user, reason, until, report) -> ModerationAction:
    with transaction.atomic():
        entry = _log(
            moderator=moderator,
            action=kind,
            reason=reason,
            target=user,
            report=report,
            until=until,
        )
        account_services.user_set_active(user=user, active=False)
        signals.user_shut_out.send(sender=type(user), user=user)  # out of the queue
        transaction.on_commit(lambda: _send(realtime.sockets_group(user.pk), "user.kicked", {}))
    game_services.seats_to_autopilot(user=user)
    return entry


def suspensions_lift(now=None) -> int:
    """Reactivate accounts whose suspension is over (and who are not banned)."""
    now = now or timezone.now()
    ids = (
        ModerationAction.objects.filter(
            action=Kind.SUSPEND, until__lte=now, target__is_active=False
        )
        .values_list("target_id", flat=True)
        .distinct()
    )
    return sum(
        suspension_lift_if_over(user) for user in get_user_model().objects.filter(pk__in=ids)
    )


def suspension_lift_if_over(user) -> bool:
    """Reactivate `user` if a suspension deactivated them and it has ended."""
    if user.is_active or selectors.standing(user) is not None:
        return False
    latest = (
        ModerationAction.objects.filter(target=user, action__in=[Kind.SUSPEND, Kind.BAN, Kind.LIFT])
        .order_by("-created", "-pk")
        .first()
    )
    if latest is None or latest.action != Kind.SUSPEND:
        return False  # deactivated by someone else, or already lifted
    with transaction.atomic():
        account_services.user_set_active(user=user, active=True)
        ModerationAction.objects.create(
            action=Kind.LIFT, target=user, reason="the suspension ended", until=latest.until
        )
    return True


def login_check(user, password: str) -> None:
    """Refuse a suspended or banned account by name - only to someone who knows its password."""
    suspension_lift_if_over(user)
    state = selectors.standing(user)
    if state is None or not user.check_password(password):
        return
    if state == "banned":
        raise ServiceError("banned", status=403)
    until = selectors.suspended_until(user)
    raise ServiceError(
        "suspended",
        status=403,
        extra={"until": until.isoformat()},
    )


@transaction.atomic
def user_rename(*, moderator, user, reason: str, username: str = "", report=None):
    """Replace an offensive username, by `username` or a neutral `player-<id>`."""
    old = user.username
    new = username or f"player-{user.pk}"
    entry = _log(
        moderator=moderator,
        action=Kind.RENAME,
        reason=reason,
        target=user,
        report=report,
        note=f"{old} -> {new}",
    )
    account_services.username_change(user=user, username=new)
    return entry


@transaction.atomic
def message_hide(*, moderator, message: ChatMessage, reason: str, report=None):
    entry = _log(
        moderator=moderator,
        action=Kind.HIDE_MESSAGE,
        reason=reason,
        target=message.user,
        report=report,
        game=message.game,
        message=message,
    )
    ChatMessage.objects.filter(pk=message.pk).update(hidden=True)
    message.hidden = True
    group = realtime.game_group(message.game_id)
    transaction.on_commit(lambda: _send(group, "chat.hidden", {"id": message.pk}))
    return entry


@transaction.atomic
def game_abort(*, moderator, game: Game, reason: str, report=None):
    """End a running game with no result and no rating change."""
    entry = _log(
        moderator=moderator, action=Kind.ABORT_GAME, reason=reason, report=report, game=game
    )
    if game_services.game_abort(game_id=game.pk, reason="moderation") is None:
        raise ServiceError("not_active", status=409)
    return entry


def _future(until) -> None:
    if until is None or until <= timezone.now():
        raise ServiceError("invalid", fields={"until": [_("Must be in the future.")]})


def _send(group: str, kind: str, payload: dict) -> None:
    try:
        broadcast.group_send([(group, {"type": kind, **payload})])
    except Exception:  # a lost chat line or kick: the REST GET and the next request tell
        log.exception("sending %s to %s failed", kind, group)
