"""Reports: received, merged while the same one is open, checked against what they name."""

from moderation import services
from moderation.models import Report
from tests.helpers import client_for


def report(by, **body):
    body.setdefault("reason", "abusive_chat")
    return client_for(by).post("/api/reports", body, format="json")


def test_a_report_is_received(table, alice, bob):
    response = report(alice, user="bob", game=table.pk, comment="rude")
    assert response.status_code == 201
    assert response.json()["status"] == "received"
    stored = Report.objects.get(pk=response.json()["id"])
    assert (stored.reporter, stored.reported, stored.game_id, stored.status) == (
        alice,
        bob,
        table.pk,
        "open",
    )


def test_the_same_open_report_again_is_merged_into_the_first(table, alice):
    first = report(alice, user="bob", game=table.pk)
    again = report(alice, user="bob", game=table.pk, comment="still")
    assert again.status_code == 200
    assert again.json() == first.json()
    assert Report.objects.count() == 1


def test_another_reason_or_reporter_is_another_report(table, alice, carol):
    report(alice, user="bob", game=table.pk)
    assert report(alice, user="bob", game=table.pk, reason="stalling").status_code == 201
    assert report(carol, user="bob", game=table.pk).status_code == 201
    assert Report.objects.count() == 3


def test_once_closed_the_same_report_is_a_new_one(table, alice, moderator):
    first = Report.objects.get(pk=report(alice, user="bob", game=table.pk).json()["id"])
    services.report_dismiss(moderator=moderator, report=first, reason="banter")
    assert report(alice, user="bob", game=table.pk).status_code == 201


def test_a_reported_message_names_its_game(table, alice, bob):
    message = services.chat_post(game_id=table.pk, user=bob, text="you dog")
    response = report(alice, user="bob", message=message.pk)
    stored = Report.objects.get(pk=response.json()["id"])
    assert (stored.message, stored.game_id) == (message, table.pk)


def test_a_message_must_be_the_reported_users(table, alice, carol):
    message = services.chat_post(game_id=table.pk, user=carol, text="hi")
    assert report(alice, user="bob", message=message.pk).status_code == 404


def test_reporting_yourself_an_unknown_user_or_a_bad_reason_is_refused(alice):
    assert report(alice, user="alice").status_code == 400
    assert report(alice, user="nobody").status_code == 404
    bad = report(alice, user="alice", reason="smelly")
    assert (bad.status_code, list(bad.json()["fields"])) == (400, ["reason"])


def test_anonymous_people_cannot_report(bob):
    assert report(None, user="bob").status_code == 401
