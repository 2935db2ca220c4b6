"""Web Push end to end: a local HTTP server stands in for the browser's push service."""

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from django.core.cache import cache

from barkside import notices
from barkside.celery import app
from games import services
from games.models import game_number
from games.signals import game_notices
from notifications import devices, keys, presence, push, tasks
from notifications.models import PushSubscription
from tests.helpers import client_for


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """Records what is POSTed to it and answers `status`."""

    def __init__(self):
        self.received: list[tuple[str, dict, bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append(
                    (self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                self.send_response(service.status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Device:
    """A browser's side of a subscription: a P-256 key pair and an auth secret."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def test_the_public_key_is_generated_once(alice):
    client = client_for(alice)
    first = client.get("/api/push/key").json()["public_key"]
    assert len(base64.urlsafe_b64decode(first + "==")) == 65  # an uncompressed P-256 point
    assert client.get("/api/push/key").json()["public_key"] == first


def test_a_your_turn_push_decrypts_to_the_game_and_text(transactional_db, alice, push_service):
    device = Device(f"{push_service.url}/push/alice-phone")
    answer = client_for(alice).post(
        "/api/push/subscriptions", {**device.subscription, "lang": "fr"}, format="json"
    )
    assert answer.status_code == 201, answer.json()

    # as games/realtime.py tells every channel; notifications connected push to it
    game_notices.send(sender=None, notices=[("your_turn", alice.pk)], game_id=42)

    [(path, headers, body)] = push_service.received
    assert path == "/push/alice-phone"
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["authorization"].startswith("vapid ")
    message = device.decrypt(body)
    assert message["game"] == 42
    assert message["kind"] == "your_turn"
    assert message["title"] == "À vous de jouer"
    assert "42" in message["body"]
    assert message["tag"] == "game-42"  # a newer notice for this game replaces this one
    assert message["url"] == "/#/game/42"


def test_nobody_is_notified_about_the_game_they_are_watching(transactional_db, alice, push_service):
    device = Device(f"{push_service.url}/push/alice-phone")
    client_for(alice).post("/api/push/subscriptions", device.subscription, format="json")
    presence.enter(alice.pk, 7)
    push.notify(notices.GAME_STARTED, alice.pk, 7)
    assert push_service.received == []
    presence.leave(alice.pk, 7)
    push.notify(notices.GAME_ENDED, alice.pk, 7)
    assert device.decrypt(push_service.received[0][2])["kind"] == "game_ended"


def test_a_batch_signs_one_vapid_token_a_push_service(
    transactional_db, alice, bob, push_service, settings
):
    phones = [subscribe(alice, push_service), subscribe(bob, push_service)]
    push.send([push.Push(alice.pk, 1, notices.YOUR_TURN), push.Push(bob.pk, 2, notices.YOUR_TURN)])

    [(_, first, body), (_, second, _)] = push_service.received
    assert first["authorization"] == second["authorization"]  # ECDSA signs anew each time
    token, key = (part.split("=", 1)[1] for part in first["authorization"][6:].split(","))
    signed, signature = token.rsplit(".", 1)
    claims = json.loads(unb64(signed.split(".")[1]))
    assert claims["aud"] == push_service.url
    assert claims["sub"] == settings.VAPID_SUBJECT
    assert time.time() + 11 * 3600 < claims["exp"] <= time.time() + 12 * 3600
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(signature)
    der = utils.encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
    public.verify(der, signed.encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert key == keys.vapid_keys()[1]
    assert phones[0].decrypt(body)["game"] == 1


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_a_gone_subscription_is_dropped(transactional_db, alice, push_service):
    device = Device(f"{push_service.url}/push/old-phone")
    client_for(alice).post("/api/push/subscriptions", device.subscription, format="json")
    push_service.status = 410
    push.notify(notices.YOUR_TURN, alice.pk, 1)
    assert not PushSubscription.objects.filter(user=alice).exists()


def test_a_user_keeps_at_most_five_subscriptions(transactional_db, alice, push_service):
    client = client_for(alice)
    for i in range(7):
        client.post(
            "/api/push/subscriptions",
            Device(f"{push_service.url}/push/{i}").subscription,
            format="json",
        )
    endpoints = set(PushSubscription.objects.filter(user=alice).values_list("endpoint", flat=True))
    assert endpoints == {f"{push_service.url}/push/{i}" for i in range(2, 7)}


def test_unsubscribing_forgets_the_device(transactional_db, alice, push_service):
    client = client_for(alice)
    device = Device(f"{push_service.url}/push/alice-phone")
    client.post("/api/push/subscriptions", device.subscription, format="json")
    assert (
        client.delete(
            "/api/push/subscriptions", {"endpoint": device.subscription["endpoint"]}, format="json"
        ).status_code
        == 204
    )
    assert not PushSubscription.objects.exists()


def test_plain_http_endpoints_are_refused_in_production(alice, settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = False
    answer = client_for(alice).post(
        "/api/push/subscriptions", Device("http://10.0.0.1/x").subscription, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"


def test_a_move_that_hands_bob_the_turn_pushes_to_his_phone(
    transactional_db, alice, bob, push_service, settings
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    device = Device(f"{push_service.url}/push/bob-phone")
    client_for(bob).post("/api/push/subscriptions", device.subscription, format="json")
    game = client_for(alice).post("/api/games", {"players": 3, "ai": ["random"]}, format="json")
    client_for(bob).post(f"/api/games/{game.json()['id']}/join", {}, format="json")

    kinds = [device.decrypt(body)["kind"] for _, _, body in push_service.received]
    # The table filled: bob's cards are dealt and his first turn (everyone passes at once)
    # begins. One push, the start of a correspondence turn planned with its reminders.
    assert kinds == ["game_started"]


@pytest.mark.parametrize("notice", ["game_started", "matched"])
def test_a_live_game_s_start_is_one_push(alice, bob, carol, push_service, notice):
    """The start notice says the cards are dealt: it stands for the first turn's."""
    device = subscribe(bob, push_service)
    seats = [{"user_id": person.pk} for person in (alice, bob, carol)]
    game = services.game_start_seated(seats=seats, time_per_move=60, notice=notice)
    assert game.seats.get(user=bob).to_act  # his turn to pass
    assert [m["kind"] for m in pushed_to(push_service, bob, device)] == [notice]


def subscribe(user, push_service, lang="en") -> Device:
    device = Device(f"{push_service.url}/push/{user.username}-phone")
    answer = client_for(user).post(
        "/api/push/subscriptions", {**device.subscription, "lang": lang}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    return device


def pushed_to(push_service, user, device) -> list[dict]:
    path = f"/push/{user.username}-phone"
    return [device.decrypt(body) for to, _, body in push_service.received if to == path]


def chat(user, game, text):
    answer = client_for(user).post(f"/api/games/{game.pk}/chat", {"text": text}, format="json")
    assert answer.status_code == 201, answer.json()


def test_a_chat_message_calls_the_other_players_to_the_table_once_in_a_while(
    table, alice, bob, carol, push_service
):
    phones = {user: subscribe(user, push_service, "de") for user in (alice, bob, carol)}
    assert client_for(carol).post("/api/mutes/alice").status_code < 300
    presence.enter(alice.pk, table.pk)  # the writer is at the table; the others are away

    chat(alice, table, "Who passed me the {game} queen?" + " really" * 25)
    chat(alice, table, "hello?")  # within CHAT_PUSH_SECONDS: bob is not pushed again

    [message] = pushed_to(push_service, bob, phones[bob])
    assert message["kind"] == "chat_message"
    assert message["title"] == f"alice in Spiel Nr. {game_number(table.pk)}"
    assert message["body"].startswith("Who passed me the {game} queen? really")
    assert len(message["body"]) == push.CHAT_TEXT_LENGTH and message["body"].endswith("…")
    assert message["tag"] == f"chat-{table.pk}"  # never replaces the notice of a turn
    assert message["url"] == f"/#/game/{table.pk}"
    assert pushed_to(push_service, carol, phones[carol]) == []  # she muted alice
    assert pushed_to(push_service, alice, phones[alice]) == []  # the writer


def test_chat_pushes_come_again_after_the_pause_unless_switched_off(
    table, alice, bob, push_service, settings
):
    settings.CHAT_PUSH_SECONDS = 1
    phone = subscribe(bob, push_service)
    chat(alice, table, "first")
    cache.delete(f"chat-push:{bob.pk}:{table.pk}")  # the pause is over
    chat(alice, table, "second")
    assert [m["body"] for m in pushed_to(push_service, bob, phone)] == ["first", "second"]

    answer = client_for(bob).patch(
        "/api/notifications/settings", {"push_chat": False}, format="json"
    )
    assert answer.json()["push_chat"] is False
    cache.delete(f"chat-push:{bob.pk}:{table.pk}")
    chat(alice, table, "third")
    assert len(pushed_to(push_service, bob, phone)) == 2


def matchmaking_join(user):
    body = {"sizes": [3], "time_per_move": 60, "rated": True}
    answer = client_for(user).post("/api/matchmaking/join", body, format="json")
    assert answer.status_code in (200, 201), answer.json()


def test_a_table_found_by_matchmaking_pushes_its_own_notice(
    alice, bob, carol, push_service, settings
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    phones = {user: subscribe(user, push_service, "fr") for user in (alice, bob, carol)}
    client_for(carol).patch(
        "/api/notifications/settings", {"push_matchmaking": False}, format="json"
    )
    for user in (alice, bob, carol):
        matchmaking_join(user)  # the third join seats the table (eager Celery)

    [game_id] = {m["game"] for m in pushed_to(push_service, alice, phones[alice])}
    for user in (alice, bob):
        kinds = [m["kind"] for m in pushed_to(push_service, user, phones[user])]
        assert "matched" in kinds and "game_started" not in kinds  # one notice, not two
    [found] = [m for m in pushed_to(push_service, bob, phones[bob]) if m["kind"] == "matched"]
    assert found["title"] == "Table trouvée"
    assert game_number(game_id) in found["body"]
    assert found["tag"] == f"game-{game_id}"
    kinds = [m["kind"] for m in pushed_to(push_service, carol, phones[carol])]
    assert "matched" not in kinds and "game_started" not in kinds  # switched off


def test_a_seat_the_ai_took_is_pushed_in_the_devices_language_unless_switched_off(
    alice, bob, carol, push_service
):
    phones = {user: subscribe(user, push_service, "de") for user in (alice, bob)}
    client_for(bob).patch("/api/notifications/settings", {"push_seat": False}, format="json")
    seats = [{"user_id": person.pk} for person in (alice, bob, carol)]  # carol plays on
    game = services.game_start_seated(seats=seats, time_per_move=60)
    for user in (alice, bob):
        assert services.seats_to_autopilot(user=user) == 1

    [taken] = [
        m for m in pushed_to(push_service, alice, phones[alice]) if m["kind"] != "game_started"
    ]
    assert taken["kind"] == notices.HANDED_OVER["moderator"]
    assert taken["title"] == "Die KI spielt deinen Platz"
    assert taken["body"] == (
        f"Spiel Nr. {game_number(game.pk)}: Ein Moderator hat deinen Platz der KI gegeben."
    )
    assert taken["tag"] == f"game-{game.pk}"  # it replaces the turn it ended
    kinds = [m["kind"] for m in pushed_to(push_service, bob, phones[bob])]
    assert notices.HANDED_OVER["moderator"] not in kinds  # switched off


def test_a_changes_notices_ask_the_cache_once_for_everybody_in_them(
    transactional_db, alice, bob, carol, monkeypatch, any_cache
):
    """A pass tells up to three people it is their turn: one cache read for them all."""
    people = [alice.pk, bob.pk, carol.pk]
    for user_id in people[:2]:
        devices.has_devices(user_id)  # none: known from now on
    reads, queued = [], []

    class Counted:  # the cache, counting its reads
        def __getattr__(self, name):
            if name in ("get", "get_many"):
                reads.append(name)
            return getattr(cache, name)

    monkeypatch.setattr(devices, "cache", Counted())
    monkeypatch.setattr(tasks.push_notice, "delay", lambda *args, **kw: queued.append(args))

    game_notices.send(sender=None, notices=[("your_turn", u) for u in people], game_id=42)

    assert reads == ["get_many"]
    assert queued == [("your_turn", carol.pk, 42)]  # the one not known yet: the worker looks


def test_notices_for_somebody_without_a_device_stop_at_the_cache_once_known(
    transactional_db, alice, push_service, monkeypatch, any_cache
):
    queued = []
    queue = tasks.push_notice.delay
    monkeypatch.setattr(
        tasks.push_notice, "delay", lambda *args, **kw: (queued.append(args), queue(*args, **kw))
    )

    def tell():
        game_notices.send(sender=None, notices=[("your_turn", alice.pk)], game_id=42)

    tell()
    assert len(queued) == 1  # not known yet: the worker looks, finds no device
    tell()
    assert len(queued) == 1  # known now: the move queues nothing
    device = subscribe(alice, push_service)
    tell()
    assert len(queued) == 2
    assert [m["kind"] for m in pushed_to(push_service, alice, device)] == ["your_turn"]
    client_for(alice).delete(
        "/api/push/subscriptions", {"endpoint": device.subscription["endpoint"]}, format="json"
    )
    tell()
    tell()
    assert len(queued) == 3  # the last device gone: looked up once more, then known
    assert len(pushed_to(push_service, alice, device)) == 1


@pytest.mark.parametrize(
    "task", [tasks.push_notice, tasks.send_push, tasks.send_pushes, tasks.send_digests]
)
def test_what_pushes_goes_to_the_push_worker(task, settings):
    """Celery's own router, as `delay` uses it: a push never waits behind AI turns."""
    assert app.amqp.router.route({}, task.name)["queue"].name == settings.PUSH_QUEUE
