"""Reads for moderation: a user's standing, who ignores whom, chat as a user may see it,
and the warnings a user was given."""

from django.contrib.auth import get_user_model
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from barkside.errors import ServiceError
from games import selectors as game_selectors
from moderation.models import Block, ChatMessage, ModerationAction, Mute, WarningSeen

CHAT_HISTORY = 100  # messages a GET answers, the newest


def user_named(username: str):
    """The user of that name, in any case; `not_found` if there is none."""
    user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise ServiceError("not_found", status=404)
    return user


def _active(user_id, kind, now=None):
    now = now or timezone.now()
    return ModerationAction.objects.filter(target_id=user_id, action=kind).filter(
        Q(until__isnull=True) | Q(until__gt=now)
    )


def is_banned(user) -> bool:
    return _active(user.pk, ModerationAction.Kind.BAN).exists()


def suspended_until(user, now=None):
    """The end of the user's current suspension, or None."""
    action = _active(user.pk, ModerationAction.Kind.SUSPEND, now).order_by("-until").first()
    return action.until if action else None


def standing(user) -> str | None:
    """`banned`, `suspended` or None (in good standing)."""
    if is_banned(user):
        return "banned"
    if suspended_until(user):
        return "suspended"
    return None


def chat_muted_until(user):
    action = _active(user.pk, ModerationAction.Kind.MUTE_CHAT).order_by("-until").first()
    return action.until if action else None


def ignored_ids(user_id) -> set[int]:
    """The people whose chat `user_id` doesn't see: muted or blocked by them."""
    muted = Mute.objects.filter(muter_id=user_id).values_list("muted_id", flat=True)
    blocked = Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True)
    return set(muted) | set(blocked)


def blocked_by(user):
    """The people `user` blocked, newest first: `{"username", "since"}` rows."""
    return (
        Block.objects.filter(blocker=user)
        .order_by("-created", "-pk")
        .values(username=F("blocked__username"), since=F("created"))
    )


def muted_by(user):
    """The people `user` muted, newest first: `{"username", "since"}` rows."""
    return (
        Mute.objects.filter(muter=user)
        .order_by("-created", "-pk")
        .values(username=F("muted__username"), since=F("created"))
    )


def ignores(user_id, other_id) -> bool:
    return other_id in ignored_ids(user_id)


def avoided(user_ids) -> dict[int, frozenset[int]]:
    """For each of `user_ids`, the others it must not sit with (blocked either way)."""
    pairs = Block.objects.filter(
        Q(blocker_id__in=user_ids) | Q(blocked_id__in=user_ids)
    ).values_list("blocker_id", "blocked_id")
    avoid: dict[int, set[int]] = {uid: set() for uid in user_ids}
    for blocker, blocked in pairs:
        avoid.setdefault(blocker, set()).add(blocked)
        avoid.setdefault(blocked, set()).add(blocker)
    return {uid: frozenset(others) for uid, others in avoid.items()}


def chat_for(*, game_id, user) -> list[ChatMessage]:
    """The game's chat as `user` sees it: visible games only, minus hidden and ignored."""
    game_selectors.visible_game(game_id, user)  # 404 for private games of others
    messages = (
        ChatMessage.objects.filter(game_id=game_id, hidden=False)
        .exclude(user_id__in=ignored_ids(user.pk))
        .select_related("user")
        .order_by("-created", "-pk")[:CHAT_HISTORY]
    )
    return list(reversed(messages))


def chat_readers(message: ChatMessage, seated) -> list[int]:
    """Of the people `seated` (user ids), those to be told of `message`: not its sender,
    nobody who muted or blocked them."""
    others = set(seated) - {message.user_id}
    muting = Mute.objects.filter(muted_id=message.user_id, muter_id__in=others)
    blocking = Block.objects.filter(blocked_id=message.user_id, blocker_id__in=others)
    ignoring = set(muting.values_list("muter_id", flat=True))
    ignoring |= set(blocking.values_list("blocker_id", flat=True))
    return sorted(others - ignoring)


def warnings_for(user):
    """The warnings moderators gave `user`, newest first, each with `seen` (acknowledged)."""
    return ModerationAction.objects.filter(target=user, action=ModerationAction.Kind.WARN).annotate(
        seen=Exists(WarningSeen.objects.filter(warning=OuterRef("pk")))
    )


def chat_message_payload(message: ChatMessage) -> dict:
    """A chat message as clients get it, REST and WebSocket alike."""
    return {
        "id": message.pk,
        "user": message.user.username,
        "text": message.text,
        "created": message.created.isoformat().replace("+00:00", "Z"),
    }
