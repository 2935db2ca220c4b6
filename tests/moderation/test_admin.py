"""The dashboard (Django admin) and the actions endpoint: who gets in, what they see."""

import pytest
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from moderation import services
from moderation.models import ModerationAction, Report
from tests.helpers import client_for, web_client

PAYLOAD = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.fixture
def report(table, alice, bob):
    message = services.chat_post(game_id=table.pk, user=bob, text=PAYLOAD)
    return Report.objects.create(
        reporter=alice,
        reported=bob,
        game=table,
        message=message,
        reason="abusive_chat",
        comment=PAYLOAD,
    )


PAGES = [
    lambda r: reverse("admin:moderation_report_changelist"),
    lambda r: reverse("admin:moderation_report_change", args=[r.pk]),
    lambda r: reverse("admin:moderation_moderationaction_changelist"),
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("normal", 302), ("staff", 403), ("moderator", 200), ("root", 200)],
)
def test_only_moderators_and_superusers_reach_the_dashboard(
    report, who, status, page, alice, staff, moderator, superuser
):
    user = {"anonymous": None, "normal": alice, "staff": staff, "moderator": moderator}.get(
        who, superuser
    )
    response = web_client(user).get(page(report))
    assert response.status_code == status
    if status == 302:
        assert "/admin/login/" in response["Location"]


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 401), ("normal", 403), ("staff", 403), ("moderator", 201), ("root", 201)],
)
def test_only_moderators_and_superusers_reach_the_actions_endpoint(
    who, status, alice, bob, staff, moderator, superuser
):
    user = {"anonymous": None, "normal": alice, "staff": staff, "moderator": moderator}.get(
        who, superuser
    )
    body = {"action": "warn", "user": "bob", "reason": "be nice"}
    response = client_for(user).post("/api/moderation/actions", body, format="json")
    assert response.status_code == status
    assert ModerationAction.objects.count() == (1 if status == 201 else 0)


def test_chat_and_comments_are_escaped_on_the_report_page(report, moderator):
    response = web_client(moderator).get(
        reverse("admin:moderation_report_change", args=[report.pk])
    )
    html = response.content.decode()
    assert PAYLOAD not in html
    assert ESCAPED in html
    assert reverse("game", kwargs={"game_id": report.game_id}) in html


def test_escaped_in_the_report_and_chat_lists_too(report, moderator):
    for name in ("moderation_report_changelist", "moderation_chatmessage_changelist"):
        html = web_client(moderator).get(reverse(f"admin:{name}")).content.decode()
        assert PAYLOAD not in html


def test_the_report_list_opens_on_open_reports_oldest_first(alice, bob, carol, moderator):
    first = Report.objects.create(reporter=alice, reported=bob, reason="stalling")
    second = Report.objects.create(reporter=carol, reported=bob, reason="stalling")
    Report.objects.create(reporter=alice, reported=carol, reason="other", status="dismissed")
    response = web_client(moderator).get(reverse("admin:moderation_report_changelist"))
    assert [r.pk for r in response.context["cl"].result_list] == [first.pk, second.pk]
    everything = web_client(moderator).get(
        reverse("admin:moderation_report_changelist") + "?status=all"
    )
    assert len(everything.context["cl"].result_list) == 3


def test_an_admin_action_asks_for_a_reason_then_acts(report, moderator, bob):
    url = reverse("admin:moderation_report_changelist")
    client = web_client(moderator)
    selected = {"action": "suspend", ACTION_CHECKBOX_NAME: [report.pk]}
    asked = client.post(url, selected)
    assert asked.status_code == 200 and b'name="reason"' in asked.content
    assert not ModerationAction.objects.exists()
    done = client.post(url, {**selected, "apply": "1", "reason": "abuse", "minutes": "60"})
    assert done.status_code == 302
    entry = ModerationAction.objects.get()
    assert (entry.action, entry.target, entry.report, entry.moderator) == (
        "suspend",
        bob,
        report,
        moderator,
    )
    assert Report.objects.get(pk=report.pk).status == "actioned"


def test_the_log_cannot_be_changed_or_deleted_in_the_admin(moderator, superuser, bob, rf):
    entry = services.user_warn(moderator=moderator, user=bob, reason="x")
    log_admin = admin.site._registry[ModerationAction]
    request = rf.get("/")
    for user in (moderator, superuser):
        request.user = user
        assert not log_admin.has_change_permission(request, entry)
        assert not log_admin.has_delete_permission(request, entry)
        assert not log_admin.has_add_permission(request)
    delete = reverse("admin:moderation_moderationaction_delete", args=[entry.pk])
    assert web_client(superuser).post(delete, {"post": "yes"}).status_code == 403
    assert ModerationAction.objects.filter(pk=entry.pk).exists()
