"""GET and PATCH /api/notifications/settings: defaults, validation, quiet hours."""

import pytest

from tests.helpers import client_for

DEFAULTS = {
    "time_zone": "UTC",
    "quiet_start": None,
    "quiet_end": None,
    "lang": "en",
    "push_turn": True,
    "push_reminders": True,
    "push_game_start": True,
    "push_game_end": True,
    "push_chat": True,
    "push_matchmaking": True,
    "push_seat": True,
    "email_digest": True,
}


def test_everything_is_on_until_changed(alice):
    assert client_for(alice).get("/api/notifications/settings").json() == DEFAULTS


def test_a_change_is_kept(alice):
    client = client_for(alice)
    change = {
        "time_zone": "America/New_York",
        "quiet_start": "22:30",
        "quiet_end": "07:00",
        "push_reminders": False,
    }
    answer = client.patch("/api/notifications/settings", change, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {**DEFAULTS, **change}
    assert client.get("/api/notifications/settings").json() == {**DEFAULTS, **change}
    off = client.patch(
        "/api/notifications/settings", {"quiet_start": None, "quiet_end": None}, format="json"
    )
    assert off.json()["quiet_start"] is None


def test_an_unknown_time_zone_is_refused(alice):
    answer = client_for(alice).patch(
        "/api/notifications/settings", {"time_zone": "Mars/Olympus"}, format="json"
    )
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == ["time_zone"]


@pytest.mark.parametrize(
    "name", ["localtime", "Factory", "posixrules", "posix/Europe/Berlin", "right/UTC"]
)
def test_a_zone_file_that_is_no_iana_name_is_refused(alice, name):
    answer = client_for(alice).patch(
        "/api/notifications/settings", {"time_zone": name}, format="json"
    )
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == ["time_zone"]


@pytest.mark.parametrize("name", ["UTC", "Etc/GMT-14", "Europe/Kyiv", "US/Eastern"])
def test_iana_names_old_ones_included_are_taken(alice, name):
    answer = client_for(alice).patch(
        "/api/notifications/settings", {"time_zone": name}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["time_zone"] == name


@pytest.mark.parametrize("end", ["quiet_start", "quiet_end"])
@pytest.mark.parametrize("time", ["10:00+05:00", "22:30Z", "07:00-00:00"])
def test_a_quiet_hours_time_with_an_offset_is_refused(alice, end, time):
    body = {"quiet_start": "22:00", "quiet_end": "07:00", end: time}
    answer = client_for(alice).patch("/api/notifications/settings", body, format="json")
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == [end]
    assert client_for(alice).get("/api/notifications/settings").json() == DEFAULTS


def test_quiet_hours_need_both_ends(alice):
    answer = client_for(alice).patch(
        "/api/notifications/settings", {"quiet_start": "22:00"}, format="json"
    )
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == ["quiet_end"]
    assert client_for(alice).get("/api/notifications/settings").json() == DEFAULTS


def test_unknown_fields_and_wrong_types_are_refused(alice):
    client = client_for(alice)
    for body in ({"push_sms": True}, {"push_chat": "yes"}, {"quiet_start": "25:00"}):
        answer = client.patch("/api/notifications/settings", body, format="json")
        assert answer.status_code == 400, body


def test_settings_are_for_signed_in_people(api_client):
    assert api_client.get("/api/notifications/settings").status_code in (401, 403)
