"""The move from one column per push switch to one JSON field keeps every choice."""

import pytest

from tests.migrations import latest_after, migrate  # noqa: F401 (latest_after: a fixture)

BEFORE = [("notifications", "0003_push_chat_matchmaking")]
AFTER = [("notifications", "0004_switches")]


@pytest.mark.usefixtures("latest_after")
def test_each_persons_switches_are_kept(alice, bob):
    old = migrate(BEFORE)
    settings = old.get_model("notifications", "NotificationSettings")
    settings.objects.create(user_id=alice.pk, push_chat=False, push_reminders=False)
    settings.objects.create(user_id=bob.pk, email_digest=False)

    new = migrate(AFTER).get_model("notifications", "NotificationSettings")
    switches = dict(new.objects.values_list("user_id", "switches"))
    on = dict.fromkeys(
        ["push_turn", "push_reminders", "push_game_start", "push_game_end", "push_chat"], True
    )
    assert switches[alice.pk] == {
        **on,
        "push_matchmaking": True,
        "push_chat": False,
        "push_reminders": False,
    }
    assert switches[bob.pk] == {**on, "push_matchmaking": True}
    assert new.objects.get(user_id=bob.pk).email_digest is False
