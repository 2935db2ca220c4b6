"""Push endpoints are public push services only: the worker never POSTs inside the network.

The address checks use IP literals and `localhost`, which resolve without a DNS server.
"""

import pytest

from barkside import notices
from notifications import push
from notifications.endpoints import EndpointRefused, check_url
from notifications.models import PushSubscription
from tests.helpers import client_for, eager_tasks

from .test_push import Device, PushService

INSIDE = [
    "https://127.0.0.1:8399/push/x",
    "https://localhost/push/x",
    "https://10.0.0.1/push/x",
    "https://172.16.0.1/push/x",
    "https://192.168.1.1/push/x",
    "https://169.254.169.254/latest/meta-data/",  # a cloud's metadata service
    "https://100.64.0.1/push/x",  # carrier-grade NAT
    "https://0.0.0.0/push/x",
    "https://224.0.0.1/push/x",  # multicast
    "https://240.0.0.1/push/x",  # reserved
    "https://[::1]/push/x",
    "https://[::ffff:127.0.0.1]/push/x",
    "https://[2002:7f00:1::1]/push/x",  # 6to4 around 127.0.0.1
    "https://[fe80::1]/push/x",
    "https://[fc00::1]/push/x",
    "https://142.250.74.46:99999/push/x",  # no such port: refused, not a crash
]


def subscribe(user, endpoint: str):
    return client_for(user).post(
        "/api/push/subscriptions", Device(endpoint).subscription, format="json"
    )


@pytest.mark.parametrize("endpoint", INSIDE)
def test_an_endpoint_at_an_inside_address_is_refused(alice, settings, endpoint):
    settings.PUSH_ALLOWED_HOSTS = ["*"]  # any host name: the address is what refuses
    answer = subscribe(alice, endpoint)
    assert answer.status_code == 400, answer.json()
    assert (answer.json()["code"], list(answer.json()["fields"])) == ("invalid", ["endpoint"])
    assert not PushSubscription.objects.exists()


def test_an_endpoint_at_a_public_address_is_accepted_when_any_host_is_allowed(alice, settings):
    settings.PUSH_ALLOWED_HOSTS = ["*"]
    assert subscribe(alice, "https://142.250.74.46/fcm/send/x").status_code == 201


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://142.250.74.46/fcm/send/x",
        "https://push.example.com/x",
        "https://fcm.googleapis.com.example.com/x",
        "https://evilfcm.googleapis.com/x",
        "https://push.services.mozilla.com/x",  # the wildcard is for subdomains
    ],
)
def test_only_the_known_push_services_are_allowed_by_default(alice, endpoint):
    answer = subscribe(alice, endpoint)
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == ["endpoint"]


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://web.push.apple.com/QGx",
        "https://wns2-par02p.notify.windows.com/w/?token=abc",
        "https://FCM.googleapis.com./fcm/send/abc",
    ],
)
def test_the_real_push_services_pass_the_host_check(endpoint):
    check_url(endpoint)  # raises EndpointRefused otherwise


@pytest.mark.parametrize("endpoint", ["http://fcm.googleapis.com/x", "ftp://fcm.googleapis.com/"])
def test_a_push_service_is_reached_over_https_only(endpoint, settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = False
    with pytest.raises(EndpointRefused):
        check_url(endpoint)


@pytest.fixture
def fake_service(settings, transactional_db):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    service = PushService()
    with eager_tasks():
        yield service
    service.server.shutdown()


def test_a_host_that_resolves_inside_when_sending_gets_nothing(alice, fake_service, settings):
    """DNS rebinding: the name resolved to a public address when the device subscribed,
    and now answers 127.0.0.1. The connection goes only to an address just checked."""
    settings.PUSH_ALLOWED_HOSTS = ["localhost"]
    port = fake_service.server.server_port
    device = Device(f"http://localhost:{port}/push/alice")
    PushSubscription.objects.create(
        user=alice, **device.subscription["keys"], endpoint=device.subscription["endpoint"]
    )

    push.notify(notices.YOUR_TURN, alice.pk, 42)

    assert fake_service.received == []
    assert PushSubscription.objects.filter(user=alice).exists()  # maybe a passing fault


def test_a_stored_endpoint_the_rules_now_refuse_is_dropped_unsent(alice, fake_service, settings):
    device = Device(f"{fake_service.url}/push/alice")  # http://127.0.0.1:<port>, not allowed
    PushSubscription.objects.create(
        user=alice, **device.subscription["keys"], endpoint=device.subscription["endpoint"]
    )

    push.notify(notices.YOUR_TURN, alice.pk, 42)

    assert fake_service.received == []
    assert not PushSubscription.objects.filter(user=alice).exists()


def test_the_escape_hatch_for_tests_delivers_to_a_local_service(alice, fake_service, settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True
    device = Device(f"{fake_service.url}/push/alice")
    answer = client_for(alice).post("/api/push/subscriptions", device.subscription, format="json")
    assert answer.status_code == 201
    push.notify(notices.YOUR_TURN, alice.pk, 42)
    assert device.decrypt(fake_service.received[0][2])["game"] == 42
