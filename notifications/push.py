"""Sending notifications. `notify` queues one for a person's devices (games' notices reach
it through `games.signals.game_notices`, see apps.py); the push itself happens in a Celery
task after the transaction commits.

The kinds, their texts and the setting that turns each off are barkside/notices.py's.
Nothing goes out for a game the person is looking at (presence.py), for a kind they
turned off, or in their quiet hours: a live game's or a game's start or
end notice is then dropped, while a correspondence turn's pushes are reminders.py's,
which moves them to the end of the quiet hours. A game's chat pushes at most once per
CHAT_PUSH_SECONDS: the first message calls them to the table, where the rest are.
"""

import functools
import json
import logging
import time
from collections import defaultdict
from typing import NamedTuple
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone, translation
from django.utils.text import Truncator

from barkside import notices
from games import selectors as game_selectors
from games.models import game_number
from notifications import devices, endpoints, preferences, presence
from notifications.models import NotificationSettings, PlannedDigest, PushSubscription

log = logging.getLogger(__name__)

CHAT_TEXT_LENGTH = 120  # of a message, in its push; the table shows it whole
VAPID_LIFETIME = 12 * 3600  # seconds a VAPID token is valid, as pywebpush signs them
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def payload(kind: str, game_id: int, lang: str, detail: dict | None = None) -> dict:
    """What the service worker shows; the tag makes a newer notice replace an older one
    (a game's chat has its own, so a message never hides that it is your turn)."""
    declared = notices.kind(kind)
    with translation.override(lang if lang in LANGUAGES else "en"):
        title, body = translation.gettext(declared.title), translation.gettext(declared.body)
    fill = {**(detail or {}), "game": game_number(game_id)}
    if "text" in fill:
        fill["text"] = Truncator(fill["text"]).chars(CHAT_TEXT_LENGTH)
    return {
        "kind": kind,
        "game": game_id,
        "title": title.format(**fill),
        "body": body.format(**fill),
        "tag": f"{declared.tag}-{game_id}",
        "url": f"/#/game/{game_id}",
    }


def notify(kind: str, user_id: int, game_id: int, now=None, detail: dict | None = None) -> None:
    """Queue `kind` for the user's devices, unless they are looking at the game, turned
    the kind off or are in their quiet hours. A correspondence turn's start (its
    `your_turn`, or the game's start for its first turn) is its first reminder:
    reminders.py plans the turn's pushes and sends it (once per turn, moved past quiet
    hours).

    It asks the database, so it runs on the push worker (`tasks.push_notice`), never on
    the path of the move that caused the notice."""
    if not notices.kind(kind).pushes:
        raise ValueError(f"{kind!r} is not pushed")
    if not devices.has_devices(user_id):  # the cheap question first: most notices end here
        if notices.kind(kind).begins_turn:  # the email digest may tell it
            PlannedDigest.objects.plan([user_id], now or timezone.now())
        return
    if notices.kind(kind).begins_turn:  # `your_turn`, or a game's start: its first turn
        from notifications import reminders

        turns = game_selectors.turns_waiting(user_id=user_id, game_id=game_id)
        if turns and reminders.is_correspondence(turns[0]):
            reminders.plan(turns[0], now, notice=kind)
            return
    prefs = preferences.settings_of(user_id)
    if not preferences.is_quiet(prefs, now):
        queue(kind, user_id, game_id, prefs, detail)


class Push(NamedTuple):
    """One notice for one person's devices, as the push worker takes it."""

    user_id: int
    game_id: int
    kind: str
    detail: dict | None = None


def queue(kind: str, user_id: int, game_id: int, prefs: NotificationSettings, detail=None) -> bool:
    """Queue the push after commit if the kind is on, the person not looking at the game
    (nor told of its chat a moment ago); whether it was queued. The caller has checked
    that they are subscribed on some device."""
    if not _wanted(kind, prefs) or presence.is_watching(user_id, game_id):
        return False
    if kind == notices.CHAT_MESSAGE and not cache.add(
        f"chat-push:{user_id}:{game_id}", 1, timeout=settings.CHAT_PUSH_SECONDS
    ):
        return False
    _send_after_commit([Push(user_id, game_id, kind, detail)])
    return True


def queue_many(pushes: list[tuple[Push, NotificationSettings]]) -> list[Push]:
    """`queue` for many pushes at once (a reminders run's, never a chat's): one cache read
    for who is looking at what, one task for them all; those queued."""
    wanted = [push for push, prefs in pushes if _wanted(push.kind, prefs)]
    watched = presence.watching([(p.user_id, p.game_id) for p in wanted])
    going = [p for p in wanted if (p.user_id, p.game_id) not in watched]
    if going:
        _send_after_commit(going)
    return going


def _wanted(kind: str, prefs: NotificationSettings) -> bool:
    return preferences.allows(prefs, notices.kind(kind).setting)


def _send_after_commit(pushes: list[Push]) -> None:
    from notifications.tasks import send_pushes

    transaction.on_commit(lambda: send_pushes.delay([list(p) for p in pushes]))


def send(pushes: list[Push]) -> int:
    """Push each to every subscription of its person (theirs read in one query); drops the
    ones the push service has forgotten (404/410) and the ones that are no push service's.
    Returns how many were delivered. Runs on the push queue's worker (PUSH_QUEUE), never
    beside AI turns."""
    from notifications.keys import vapid_keys

    devices_of = defaultdict(list)
    for sub in PushSubscription.objects.filter(user_id__in={p.user_id for p in pushes}):
        devices_of[sub.user_id].append(sub)
    if not devices_of:  # unsubscribed since they were queued: nothing more to read
        return 0
    signed = _signer(vapid_keys()[0])
    session = endpoints.session()
    return sum(
        _deliver(sub, push, signed, session)
        for push in pushes
        for sub in devices_of[push.user_id]
        if sub.pk is not None  # not dropped by an earlier push of this batch
    )


def _signer(vapid):
    """The VAPID headers for an endpoint, signed once a batch for each push service
    rather than once a push: the token names only the service's origin and lives for
    hours, and signing it was a tenth to a fifth of a push's CPU."""

    @functools.cache
    def signed(audience: str) -> dict:
        claims = {"sub": settings.VAPID_SUBJECT, "aud": audience}
        return vapid.sign({**claims, "exp": int(time.time()) + VAPID_LIFETIME})

    def headers(endpoint: str) -> dict:
        parts = urlsplit(endpoint)
        return signed(f"{parts.scheme}://{parts.netloc}")

    return headers


def _deliver(sub: PushSubscription, push: Push, signed, session) -> bool:
    """One push to one device; whether the push service took it."""
    from pywebpush import WebPushException, webpush

    try:
        endpoints.check_url(sub.endpoint)
    except endpoints.EndpointRefused as exc:  # stored before the rules, or they changed
        log.warning("push subscription %s dropped: %s", sub.pk, exc)
        sub.delete()
        return False
    try:
        webpush(
            sub.info(),
            data=json.dumps(payload(push.kind, push.game_id, sub.lang, push.detail)),
            headers=signed(sub.endpoint),  # webpush copies them
            ttl=settings.PUSH_TTL,
            timeout=(settings.PUSH_TIMEOUT, settings.PUSH_TIMEOUT),  # connect, each read
            requests_session=session,
        )
        return True
    except endpoints.EndpointRefused as exc:  # the host now resolves inside: not today
        log.warning("push to subscription %s refused: %s", sub.pk, exc)
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            sub.delete()
        else:
            log.warning("push to subscription %s failed: %s", sub.pk, exc)
    except Exception:  # one broken endpoint must not stop the others
        log.exception("push to subscription %s failed", sub.pk)
    return False
