"""Moderators act on players only: never on staff or a superuser, by the API or the admin."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.messages import get_messages
from django.urls import reverse

from moderation.models import ChatMessage, ModerationAction, Report
from tests.helpers import client_for, web_client

# Each action on a person, as the actions endpoint takes it (the message is added below).
ACTIONS = {
    "warn": {},
    "mute_chat": {"minutes": 60},
    "suspend": {"minutes": 60},
    "ban": {},
    "rename": {"username": "renamed"},
    "hide_message": {},
}


def standing(user) -> tuple:
    user.refresh_from_db()
    return user.username, user.is_active


def act(actor, action: str, target, game):
    body = {"action": action, "user": target.username, "reason": "testing roles"}
    body |= ACTIONS[action]
    if action == "hide_message":
        message = ChatMessage.objects.create(game=game, user=target, text="hello")
        body["message"] = message.pk
    return client_for(actor).post("/api/moderation/actions", body, format="json")


@pytest.mark.parametrize("action", ACTIONS)
def test_no_action_reaches_staff_or_a_superuser(action, table, moderator, superuser, staff):
    for actor, target in [
        (moderator, superuser),
        (moderator, staff),
        (superuser, staff),
        (superuser, moderator),
    ]:
        before = standing(target)
        response = act(actor, action, target, table)
        assert response.status_code == 403, (actor, target)
        assert response.json()["code"] == "target_is_staff"
        assert response.json()["detail"] == "Moderators act on players only, never on staff."
        assert standing(target) == before
    assert not ModerationAction.objects.exists()
    assert not ChatMessage.objects.filter(hidden=True).exists()


@pytest.mark.parametrize("action", ACTIONS)
def test_every_action_still_reaches_a_player(action, table, moderator, bob):
    assert act(moderator, action, bob, table).status_code == 201
    assert ModerationAction.objects.get().target == bob


def test_a_report_about_staff_can_be_dismissed(moderator, alice, superuser):
    report = Report.objects.create(reporter=alice, reported=superuser, reason="other")
    body = {"action": "dismiss", "report": report.pk, "reason": "nothing wrong"}
    response = client_for(moderator).post("/api/moderation/actions", body, format="json")
    assert response.status_code == 201
    assert Report.objects.get(pk=report.pk).status == "dismissed"


@pytest.mark.parametrize("action", ["ban", "suspend", "rename", "warn", "mute_chat"])
def test_the_admin_refuses_the_same_actions(action, moderator, alice, superuser):
    report = Report.objects.create(reporter=alice, reported=superuser, reason="other")
    before = standing(superuser)
    url = reverse("admin:moderation_report_changelist")
    body = {
        "action": action,
        ACTION_CHECKBOX_NAME: [report.pk],
        "apply": "1",
        "reason": "testing roles",
        "minutes": "60",
    }
    response = web_client(moderator).post(url, body)
    assert response.status_code == 302
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("Moderators act on players only, never on staff." in m for m in told), told
    assert standing(superuser) == before
    assert not ModerationAction.objects.exists()
    assert Report.objects.get(pk=report.pk).status == "open"
