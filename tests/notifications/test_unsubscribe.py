"""The digest's unsubscribe link (RFC 8058): a GET or HEAD only asks, a POST (the page's
button, or a mail app's one-click POST without session or CSRF token) unsubscribes; the
token shows no id and expires."""

import base64
from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from notifications import digest, preferences, unsubscribe
from notifications.models import NotificationSettings
from tests.api.catalogs import catalog
from tests.helpers import client_for

SITE = "https://barkside.example"


@pytest.fixture(autouse=True)
def site(settings):
    settings.SITE_URL = SITE


def link_of(user) -> str:
    """The path of the unsubscribe link in `user`'s digest email."""
    message = digest.digest_message(user, preferences.settings_of(user.pk), [])
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert link in message.body
    return link.removeprefix(SITE)


def digest_on(user) -> bool:
    return client_for(user).get("/api/notifications/settings").json()["email_digest"]


def browser() -> Client:
    """No session, and the CSRF check on, as for a mail app's POST."""
    return Client(enforce_csrf_checks=True)


def test_following_the_link_shows_a_button_and_changes_nothing(alice):
    path = link_of(alice)
    page = browser().get(path)
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert '<form method="post">' in html and "Stop the emails" in html
    assert "<script" not in html and "style=" not in html  # nothing the CSP refuses
    assert browser().head(path).status_code == 200  # a mail scanner's HEAD
    assert digest_on(alice) is True
    assert not NotificationSettings.objects.filter(user=alice).exists()


def test_the_page_speaks_the_person_s_language(alice):
    preferences.settings_update(user=alice, lang="fr")
    html = browser().get(link_of(alice)).content.decode()
    assert '<html lang="fr">' in html
    assert catalog("fr")["Stop the emails"].string in html


def test_the_button_unsubscribes_without_signing_in(alice):
    page = browser().post(link_of(alice))
    assert page.status_code == 200
    assert "No more digest emails" in page.content.decode()
    assert digest_on(alice) is False


def test_a_mail_app_s_one_click_post_unsubscribes(alice):
    answer = browser().post(
        link_of(alice),
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert answer.status_code == 200
    assert digest_on(alice) is False


def test_the_token_shows_no_id(make_user):
    person = make_user("rex", pk=987654321)
    token = unsubscribe.unsubscribe_token(person.pk)
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    assert b"987654321" not in raw and "987654321" not in token
    assert unsubscribe.unsubscribe_token(person.pk) != token  # nothing to compare either
    assert unsubscribe.user_of_token(token) == person.pk


def test_a_link_stops_working_after_its_age(alice):
    path = link_of(alice)
    almost = timezone.now() + unsubscribe.LINK_AGE - timedelta(hours=1)
    with time_machine.travel(almost, tick=False):
        assert browser().get(path).status_code == 200
    with time_machine.travel(almost + timedelta(hours=2), tick=False):
        page = browser().get(path)
        assert page.status_code == 400
        assert "This link no longer works" in page.content.decode()
        answer = browser().post(path)
        assert answer.status_code == 400
        assert answer.json()["code"] == "invalid_token"
    assert digest_on(alice) is True


def test_a_forged_token_changes_nothing(alice):
    path = link_of(alice)
    answer = browser().post(f"{path[:-2]}xx")
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_token"
    assert browser().get(f"{path[:-2]}xx").status_code == 400
    assert digest_on(alice) is True


def test_links_from_before_a_secret_key_change_still_work(alice, settings):
    path = link_of(alice)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-new-secret-key-for-barkside-of-fifty-characters-or-more"
    assert browser().post(path).status_code == 200
    assert digest_on(alice) is False
