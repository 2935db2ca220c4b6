"""Moderators' actions: each one's effect, and its entry in the append-only log."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from barkside.errors import ServiceError
from games.models import Game, GameEvent, Seat
from matchmaking import services as matchmaking
from matchmaking.models import QueueEntry
from moderation import services
from moderation.models import ChatMessage, ModerationAction, Report
from tests.helpers import PASSWORD, client_for
from tests.realtime.sockets import run, session_cookie, socket


def soon(minutes=60):
    return timezone.now() + timedelta(minutes=minutes)


def logged(action) -> ModerationAction:
    return ModerationAction.objects.get(action=action)


def login(username):
    return APIClient().post(
        "/api/auth/login", {"username": username, "password": PASSWORD}, format="json"
    )


def test_every_action_needs_a_reason(moderator, bob):
    with pytest.raises(ServiceError) as refused:
        services.user_warn(moderator=moderator, user=bob, reason="  ")
    assert list(refused.value.fields) == ["reason"]
    assert not ModerationAction.objects.exists()


def test_only_moderators_act(bob, carol, staff):
    for someone in (carol, staff):
        with pytest.raises(ServiceError) as refused:
            services.user_warn(moderator=someone, user=bob, reason="rude")
        assert refused.value.status == 403


def test_dismissing_closes_the_report(moderator, alice, bob):
    report = Report.objects.create(reporter=alice, reported=bob, reason="other")
    services.report_dismiss(moderator=moderator, report=report, reason="nothing wrong")
    report.refresh_from_db()
    assert report.status == "dismissed"
    entry = logged("dismiss")
    assert (entry.moderator, entry.target, entry.report, entry.reason) == (
        moderator,
        bob,
        report,
        "nothing wrong",
    )


def test_a_warning_is_shown_to_the_warned_user_and_actions_the_report(moderator, alice, bob):
    report = Report.objects.create(reporter=alice, reported=bob, reason="abusive_chat")
    services.user_warn(moderator=moderator, user=bob, reason="mind your words", report=report)
    assert Report.objects.get(pk=report.pk).status == "actioned"
    warnings = client_for(bob).get("/api/moderation/warnings").json()
    assert [w["reason"] for w in warnings] == ["mind your words"]
    assert client_for(alice).get("/api/moderation/warnings").json() == []
    assert logged("warn").target == bob


def test_a_chat_mute_refuses_messages_until_it_ends(table, moderator, bob):
    until = soon()
    services.chat_mute(moderator=moderator, user=bob, reason="spam", until=until)
    response = client_for(bob).post(f"/api/games/{table.pk}/chat", {"text": "x"}, format="json")
    assert (response.status_code, response.json()["code"]) == (403, "chat_muted")
    assert logged("mute_chat").until == until
    ModerationAction.objects.update(until=timezone.now() - timedelta(seconds=1))
    response = client_for(bob).post(f"/api/games/{table.pk}/chat", {"text": "x"}, format="json")
    assert response.status_code == 201


def test_a_suspension_puts_running_seats_on_autopilot(table, moderator, alice, queued):
    services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    seat = Seat.objects.get(game=table, user=alice)
    assert seat.state == Seat.State.AUTOPILOT
    assert GameEvent.objects.filter(game=table, kind="autopilot", seat=seat.number).exists()
    assert logged("suspend").target == alice


@pytest.mark.parametrize("shut_out", ["suspend", "ban"])
def test_a_suspended_or_banned_user_leaves_the_matchmaking_queue(moderator, alice, bob, shut_out):
    for user in (alice, bob):
        matchmaking.queue_join(user=user, sizes=[4], time_per_move=60, rated=False, ai_fill=False)
    if shut_out == "suspend":
        services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    else:
        services.user_ban(moderator=moderator, user=alice, reason="abuse")
    assert list(QueueEntry.objects.values_list("user__username", flat=True)) == ["bob"]


def test_a_suspended_user_cannot_log_in_queue_or_use_a_token(moderator, alice):
    token = Token.objects.create(user=alice)
    services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    alice.refresh_from_db()
    response = login("alice")
    assert (response.status_code, response.json()["code"]) == (403, "suspended")
    assert "until" in response.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get("/api/auth/me").status_code == 401
    assert not matchmaking.can_queue(alice)


def test_a_wrong_password_does_not_reveal_a_suspension(moderator, alice):
    services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    response = APIClient().post(
        "/api/auth/login", {"username": "alice", "password": "wrong-guess"}, format="json"
    )
    assert response.json()["code"] == "invalid_credentials"


def test_a_suspended_users_session_ends_at_once(moderator, alice):
    client = APIClient()
    client.force_login(alice)
    assert client.get("/api/auth/me").status_code == 200
    services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    assert client.get("/api/auth/me").status_code in (401, 403)


def test_a_suspension_closes_the_users_sockets_with_4403(table, moderator, alice):
    cookie = session_cookie(alice)

    async def scenario():
        me = socket("/ws/me/", cookie)
        game = socket(f"/ws/games/{table.pk}/", cookie)
        assert (await me.connect())[0] and (await game.connect())[0]
        await game.receive_json_from()
        await database_sync_to_async(services.user_suspend)(
            moderator=moderator, user=alice, reason="abuse", until=soon()
        )
        for ws in (me, game):
            while (output := await ws.receive_output())["type"] != "websocket.close":
                pass  # the game socket first hears of the autopilot
            assert output["code"] == 4403

    run(scenario)


def test_an_ended_suspension_lets_the_user_back_in(moderator, alice):
    services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    ModerationAction.objects.update(until=timezone.now() - timedelta(seconds=1))
    assert services.suspensions_lift() == 1
    alice.refresh_from_db()
    assert alice.is_active and matchmaking.can_queue(alice)
    assert login("alice").status_code == 200
    assert ModerationAction.objects.filter(action="lift", target=alice).exists()


def test_an_ended_suspension_is_lifted_at_login_too(moderator, alice):
    services.user_suspend(moderator=moderator, user=alice, reason="abuse", until=soon())
    ModerationAction.objects.update(until=timezone.now() - timedelta(seconds=1))
    assert login("alice").status_code == 200


def test_a_ban_has_no_end(moderator, alice):
    services.user_ban(moderator=moderator, user=alice, reason="cheating")
    assert services.suspensions_lift() == 0
    response = login("alice")
    assert (response.status_code, response.json()["code"]) == (403, "banned")
    assert logged("ban").until is None


def test_a_forced_rename_replaces_the_username_and_logs_the_old_one(moderator, bob):
    services.user_rename(moderator=moderator, user=bob, reason="offensive name")
    bob.refresh_from_db()
    assert bob.username == f"player-{bob.pk}"
    assert logged("rename").note == f"bob -> player-{bob.pk}"


def test_a_rename_to_a_taken_name_is_refused(moderator, bob, carol):
    with pytest.raises(ServiceError):
        services.user_rename(moderator=moderator, user=bob, reason="x", username="Carol")
    assert not ModerationAction.objects.exists()


def test_a_hidden_message_leaves_the_chat(table, moderator, alice, bob):
    message = services.chat_post(game_id=table.pk, user=bob, text="rude")
    services.message_hide(moderator=moderator, message=message, reason="abusive")
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert client_for(alice).get(f"/api/games/{table.pk}/chat").json() == []
    assert logged("hide_message").message == message


def test_aborting_a_game_ends_it_without_a_result(table, moderator):
    services.game_abort(moderator=moderator, game=table, reason="stalled table")
    game = Game.objects.get(pk=table.pk)
    assert (game.status, game.result) == (Game.Status.ABORTED, None)
    assert logged("abort_game").game == game


def test_aborting_a_game_that_is_not_running_is_refused_and_not_logged(table, moderator):
    services.game_abort(moderator=moderator, game=table, reason="stalled")
    with pytest.raises(ServiceError) as refused:
        services.game_abort(moderator=moderator, game=table, reason="again")
    assert refused.value.code == "not_active"
    assert ModerationAction.objects.count() == 1


def test_the_actions_endpoint_calls_the_services(moderator, bob):
    client = client_for(moderator)
    body = {"action": "suspend", "user": "bob", "reason": "abuse", "minutes": 30}
    response = client.post("/api/moderation/actions", body, format="json")
    assert response.status_code == 201
    assert response.json()["action"] == "suspend"
    missing = client.post(
        "/api/moderation/actions",
        {"action": "mute_chat", "user": "bob", "reason": "x"},
        format="json",
    )
    assert (missing.status_code, list(missing.json()["fields"])) == (400, ["minutes"])
