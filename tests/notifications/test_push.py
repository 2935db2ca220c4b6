"""Web Push end to end: a local HTTP server stands in for the browser's push service."""

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from barkside.celery import app as celery_app
from notifications import presence, push
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


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True  # the fake service is on 127.0.0.1
    celery_app.conf.task_always_eager = True
    service = PushService()
    yield service
    service.server.shutdown()
    celery_app.conf.task_always_eager = False


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

    push.notify_turn(alice.pk, 42)

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
    push.notify_started(alice.pk, 7)
    assert push_service.received == []
    presence.leave(alice.pk, 7)
    push.notify_ended(alice.pk, 7)
    assert device.decrypt(push_service.received[0][2])["kind"] == "game_ended"


def test_a_gone_subscription_is_dropped(transactional_db, alice, push_service):
    device = Device(f"{push_service.url}/push/old-phone")
    client_for(alice).post("/api/push/subscriptions", device.subscription, format="json")
    push_service.status = 410
    push.notify_turn(alice.pk, 1)
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
    assert kinds[0] == "game_started"  # the table filled: bob's cards are dealt
    assert "your_turn" in kinds  # everyone passes at once, bob included
