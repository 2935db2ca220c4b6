"""Sending notifications. `notify` queues one for a person's devices (games' notices reach
it through `games.signals.game_notices`, see apps.py); the push itself happens in a Celery
task after the transaction commits.

Nothing goes out for a game the person is looking at (presence.py), for a kind they
turned off (`KIND_SETTING`), or in their quiet hours: a live game's or a game's start or
end notice is then dropped, while a correspondence turn's pushes are reminders.py's,
which moves them to the end of the quiet hours. A game's chat pushes at most once per
CHAT_PUSH_SECONDS: the first message calls them to the table, where the rest are.
"""

import json
import logging

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import translation
from django.utils.text import Truncator
from django.utils.translation import gettext_noop as _

from games import selectors as game_selectors
from games.models import CORRESPONDENCE_SECONDS
from notifications import devices, endpoints, preferences, presence
from notifications.models import NotificationSettings, PushSubscription

log = logging.getLogger(__name__)

TURN, STARTED, ENDED = "your_turn", "game_started", "game_ended"
HALF_TIME, LAST_HOUR = "half_time", "last_hour"  # a correspondence turn's reminders
MATCHED, CHAT = "matched", "chat_message"  # matchmaking seated you; a message at your table
CHAT_TEXT_LENGTH = 120  # of a message, in its push; the table shows it whole

# (title, body) per notice, translated through gettext (locale/) in the device's language;
# `{game}` and the notice's details (a chat message's `{name}`, `{text}`) are filled in.
TEXTS = {
    TURN: (_("Your turn"), _("Game #{game}: the table is waiting for you.")),
    HALF_TIME: (_("Still your turn"), _("Game #{game}: half your time for this move is gone.")),
    LAST_HOUR: (
        _("One hour left"),
        _("Game #{game}: move within the hour, or the autopilot moves for you."),
    ),
    STARTED: (_("Game started"), _("Game #{game} has started: your cards are dealt.")),
    ENDED: (_("Game over"), _("Game #{game} is over: see the standings.")),
    MATCHED: (_("Table found"), _("Game #{game}: matchmaking seated you, your cards are dealt.")),
    CHAT: (_("{name} at game #{game}"), "{text}"),
}
# The setting (NotificationSettings field) that turns each kind on or off.
KIND_SETTING = {
    TURN: "push_turn",
    HALF_TIME: "push_reminders",
    LAST_HOUR: "push_reminders",
    STARTED: "push_game_start",
    ENDED: "push_game_end",
    MATCHED: "push_matchmaking",
    CHAT: "push_chat",
}
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def payload(kind: str, game_id: int, lang: str, detail: dict | None = None) -> dict:
    """What the service worker shows; the tag makes a newer notice replace an older one
    (a game's chat has its own, so a message never hides that it is your turn)."""
    title, body = TEXTS[kind]
    with translation.override(lang if lang in LANGUAGES else "en"):
        title, body = translation.gettext(title), translation.gettext(body)
    fill = {**(detail or {}), "game": game_id}
    if "text" in fill:
        fill["text"] = Truncator(fill["text"]).chars(CHAT_TEXT_LENGTH)
    return {
        "kind": kind,
        "game": game_id,
        "title": title.format(**fill),
        "body": body.format(**fill),
        "tag": f"chat-{game_id}" if kind == CHAT else f"game-{game_id}",
        "url": f"/#/game/{game_id}",
    }


def notify(kind: str, user_id: int, game_id: int, now=None, detail: dict | None = None) -> None:
    """Queue `kind` for the user's devices, unless they are looking at the game, turned
    the kind off or are in their quiet hours. A correspondence turn's start is its first
    reminder: reminders.py sends it (once per turn, moved past quiet hours).

    It asks the database, so it runs on the push worker (`tasks.push_notice`), never on
    the path of the move that caused the notice."""
    if kind not in TEXTS:
        raise ValueError(f"unknown notification {kind!r}")
    if not devices.has_devices(user_id):
        return  # the cheap question first: most notices end here
    if kind == TURN:
        from notifications import reminders

        turns = game_selectors.turns_waiting(user_id=user_id, game_id=game_id)
        if turns and turns[0].time_per_move >= CORRESPONDENCE_SECONDS[0]:
            reminders.remind(turns[0], now)
            return
    prefs = preferences.settings_of(user_id)
    if not preferences.is_quiet(prefs, now):
        queue(kind, user_id, game_id, prefs, detail)


def queue(kind: str, user_id: int, game_id: int, prefs: NotificationSettings, detail=None) -> bool:
    """Queue the push after commit if the kind is on, the person not looking at the game
    (nor told of its chat a moment ago); whether it was queued. The caller has checked
    that they are subscribed on some device."""
    if not preferences.allows(prefs, KIND_SETTING[kind]):
        return False
    if presence.is_watching(user_id, game_id):
        return False
    if kind == CHAT and not cache.add(
        f"chat-push:{user_id}:{game_id}", 1, timeout=settings.CHAT_PUSH_SECONDS
    ):
        return False
    from notifications.tasks import send_push

    transaction.on_commit(lambda: send_push.delay(user_id, game_id, kind, detail))
    return True


def send(user_id: int, game_id: int, kind: str, detail: dict | None = None) -> int:
    """Push to every subscription of the user; drops the ones the push service has
    forgotten (404/410) and the ones that are no push service's. Returns how many were
    delivered. Runs on the push queue's worker (PUSH_QUEUE), never beside AI turns."""
    from pywebpush import WebPushException, webpush

    from notifications.keys import vapid_keys

    subscriptions = list(PushSubscription.objects.filter(user_id=user_id))
    if not subscriptions:  # unsubscribed since it was queued: nothing more to read
        return 0
    vapid, _ = vapid_keys()
    delivered = 0
    session = endpoints.session()
    for sub in subscriptions:
        try:
            endpoints.check_url(sub.endpoint)
        except endpoints.EndpointRefused as exc:  # stored before the rules, or they changed
            log.warning("push subscription %s dropped: %s", sub.pk, exc)
            sub.delete()
            continue
        try:
            webpush(
                sub.info(),
                data=json.dumps(payload(kind, game_id, sub.lang, detail)),
                vapid_private_key=vapid,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                ttl=settings.PUSH_TTL,
                timeout=(settings.PUSH_TIMEOUT, settings.PUSH_TIMEOUT),  # connect, each read
                requests_session=session,
            )
            delivered += 1
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
    return delivered
