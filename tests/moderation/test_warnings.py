"""A moderator's warning reaches the warned user: listed, heard live, and marked seen."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from barkside import error_texts
from barkside.errors import ServiceError
from moderation import services
from moderation.models import ModerationAction, WarningSeen
from tests.helpers import client_for, web_client
from tests.realtime.sockets import run, session_cookie, socket, user_messages

MARKUP = '<script>alert(1)</script><img src=x onerror="alert(2)"> & be kind'


def warnings(user) -> list[dict]:
    response = client_for(user).get("/api/moderation/warnings")
    assert response.status_code == 200
    return response.json()


def seen(user, warning_id):
    return client_for(user).post(f"/api/moderation/warnings/{warning_id}/seen")


def test_warnings_are_listed_newest_first_with_their_id_and_unseen(moderator, bob):
    first = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    second = services.user_warn(moderator=moderator, user=bob, reason="second time")
    listed = warnings(bob)
    assert [(w["id"], w["reason"], w["seen"]) for w in listed] == [
        (second.pk, "second time", False),
        (first.pk, "mind your words", False),
    ]
    assert all(w["created"] for w in listed)


def test_marking_a_warning_seen_answers_204_and_the_list_says_so(moderator, bob):
    first = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    second = services.user_warn(moderator=moderator, user=bob, reason="second time")
    response = seen(bob, first.pk)
    assert response.status_code == 204
    assert {w["id"]: w["seen"] for w in warnings(bob)} == {first.pk: True, second.pk: False}


def test_marking_seen_twice_is_fine_and_writes_one_row(moderator, bob):
    warning = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    assert seen(bob, warning.pk).status_code == 204
    assert seen(bob, warning.pk).status_code == 204
    assert WarningSeen.objects.filter(warning=warning).count() == 1
    assert [w["seen"] for w in warnings(bob)] == [True]


def test_marking_seen_leaves_the_log_row_as_it_was(moderator, bob):
    warning = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    before = ModerationAction.objects.filter(pk=warning.pk).values().get()
    seen(bob, warning.pk)
    assert ModerationAction.objects.filter(pk=warning.pk).values().get() == before


def test_someone_elses_warning_is_not_found(moderator, alice, bob):
    warning = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    response = seen(alice, warning.pk)
    assert response.status_code == 404
    assert response.json() == {
        "code": "not_found",
        "detail": error_texts.DETAILS["not_found"],
        "fields": {},
    }
    assert not WarningSeen.objects.exists()
    assert warnings(alice) == []


def test_an_action_that_is_not_a_warning_is_not_found(moderator, bob):
    until = timezone.now() + timedelta(hours=1)
    muted = services.chat_mute(moderator=moderator, user=bob, reason="spam", until=until)
    response = seen(bob, muted.pk)
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_an_unknown_warning_is_not_found(bob):
    response = seen(bob, 999999)
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_anonymous_people_get_401(moderator, bob):
    warning = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    assert APIClient().get("/api/moderation/warnings").status_code == 401
    response = APIClient().post(f"/api/moderation/warnings/{warning.pk}/seen")
    assert (response.status_code, response.json()["code"]) == (401, "not_authenticated")
    assert not WarningSeen.objects.exists()


def test_a_reason_with_markup_comes_back_as_the_same_plain_text(moderator, bob):
    services.user_warn(moderator=moderator, user=bob, reason=MARKUP)
    response = client_for(bob).get("/api/moderation/warnings")
    assert response["Content-Type"] == "application/json"
    assert [w["reason"] for w in response.json()] == [MARKUP]


# --- live, on /ws/me/ ----------------------------------------------------------------------


def test_the_warned_user_hears_it_on_their_own_stream_at_once(moderator, bob, memory_layer):
    cookie = session_cookie(bob)

    async def scenario():
        ws = socket("/ws/me/", cookie)
        assert (await ws.connect())[0]
        warning = await database_sync_to_async(services.user_warn)(
            moderator=moderator, user=bob, reason=MARKUP
        )
        assert await user_messages(ws, bob.pk) == [{"type": "warned", "warning": warning.pk}]
        await ws.disconnect()

    run(scenario)


def test_nobody_else_hears_of_a_warning(moderator, alice, bob, memory_layer):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket("/ws/me/", cookie)
        assert (await ws.connect())[0]
        await database_sync_to_async(services.user_warn)(
            moderator=moderator, user=bob, reason="mind your words"
        )
        assert await user_messages(ws, alice.pk) == []
        await ws.disconnect()

    run(scenario)


def test_a_refused_warning_sends_nothing(moderator, bob, staff, memory_layer):
    cookie = session_cookie(bob)

    async def scenario():
        ws = socket("/ws/me/", cookie)
        assert (await ws.connect())[0]
        warn = database_sync_to_async(services.user_warn)
        for who, reason in ((moderator, "  "), (staff, "not a moderator")):
            with pytest.raises(ServiceError):
                await warn(moderator=who, user=bob, reason=reason)
        assert await user_messages(ws, bob.pk) == []
        await ws.disconnect()

    run(scenario)


def test_the_moderation_log_shows_whether_a_warning_was_read(moderator, bob):
    warning = services.user_warn(moderator=moderator, user=bob, reason="mind your words")
    admin = web_client(moderator)
    url = reverse("admin:moderation_moderationaction_changelist")
    assert "not yet" in admin.get(url).content.decode()
    seen(bob, warning.pk)
    page = admin.get(url).content.decode()
    assert "not yet" not in page
    assert (
        str(WarningSeen.objects.get(warning=warning).seen.year)
        in page.split("field-warning_seen_at")[1]
    )
