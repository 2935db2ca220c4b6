"""Sending notifications. `notify_turn`, `notify_started` and `notify_ended` are what game
code calls; the push itself happens in a Celery task after the transaction commits."""

import json
import logging

from django.conf import settings
from django.db import transaction

from notifications import endpoints, presence
from notifications.models import PushSubscription

log = logging.getLogger(__name__)

TURN, STARTED, ENDED = "your_turn", "game_started", "game_ended"

TEXTS = {
    "en": {
        TURN: ("Your turn", "Game #{game}: the table is waiting for you."),
        STARTED: ("Game started", "Game #{game} has started: your cards are dealt."),
        ENDED: ("Game over", "Game #{game} is over: see the standings."),
    },
    "fr": {
        TURN: ("À vous de jouer", "Partie n° {game} : la table vous attend."),
        STARTED: ("Partie lancée", "La partie n° {game} a commencé : vos cartes sont distribuées."),
        ENDED: ("Partie terminée", "La partie n° {game} est finie : voyez le classement."),
    },
    "de": {
        TURN: ("Du bist dran", "Spiel Nr. {game}: Der Tisch wartet auf dich."),
        STARTED: ("Spiel gestartet", "Spiel Nr. {game} hat begonnen: Deine Karten sind gegeben."),
        ENDED: ("Spiel vorbei", "Spiel Nr. {game} ist vorbei: Sieh dir die Wertung an."),
    },
    "ko": {
        TURN: ("내 차례", "게임 #{game}: 테이블이 기다리고 있습니다."),
        STARTED: ("게임 시작", "게임 #{game}이(가) 시작되었습니다: 카드가 나뉘었습니다."),
        ENDED: ("게임 종료", "게임 #{game}이(가) 끝났습니다: 순위를 확인하세요."),
    },
}
LANGUAGES = tuple(TEXTS)


def payload(kind: str, game_id: int, lang: str) -> dict:
    """What the service worker shows; the tag makes a newer notice replace an older one."""
    title, body = TEXTS.get(lang, TEXTS["en"])[kind]
    return {
        "kind": kind,
        "game": game_id,
        "title": title,
        "body": body.format(game=game_id),
        "tag": f"game-{game_id}",
        "url": f"/#/game/{game_id}",
    }


def notify(kind: str, user_id: int, game_id: int) -> None:
    """Queue `kind` for the user's devices, unless they are looking at the game."""
    if kind not in TEXTS["en"]:
        raise ValueError(f"unknown notification {kind!r}")
    if presence.is_watching(user_id, game_id):
        return
    if not PushSubscription.objects.filter(user_id=user_id).exists():
        return
    from notifications.tasks import send_push

    transaction.on_commit(lambda: send_push.delay(user_id, game_id, kind))


def notify_turn(user_id: int, game_id: int) -> None:
    notify(TURN, user_id, game_id)


def notify_started(user_id: int, game_id: int) -> None:
    notify(STARTED, user_id, game_id)


def notify_ended(user_id: int, game_id: int) -> None:
    notify(ENDED, user_id, game_id)


def send(user_id: int, game_id: int, kind: str) -> int:
    """Push to every subscription of the user; drops the ones the push service has
    forgotten (404/410) and the ones that are no push service's. Returns how many were
    delivered. Runs on the push queue's worker (PUSH_QUEUE), never beside AI turns."""
    from pywebpush import WebPushException, webpush

    from notifications.keys import vapid_keys

    vapid, _ = vapid_keys()
    delivered = 0
    session = endpoints.session()
    for sub in PushSubscription.objects.filter(user_id=user_id):
        try:
            endpoints.check_url(sub.endpoint)
        except endpoints.EndpointRefused as exc:  # stored before the rules, or they changed
            log.warning("push subscription %s dropped: %s", sub.pk, exc)
            sub.delete()
            continue
        try:
            webpush(
                sub.info(),
                data=json.dumps(payload(kind, game_id, sub.lang)),
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
