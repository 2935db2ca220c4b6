"""A player's own lists of the people they blocked and muted: GET /api/blocks, /api/mutes."""

from datetime import timedelta

import pytest
from django.utils.dateparse import parse_datetime

from moderation.models import Block, Mute
from tests.helpers import client_for

LISTS = ["/api/blocks", "/api/mutes"]


def listed(user, url) -> list[dict]:
    response = client_for(user).get(url)
    assert response.status_code == 200
    return response.json()


def names(user, url) -> list[str]:
    return [row["username"] for row in listed(user, url)]


def test_blocks_are_listed_newest_first_with_when(alice, bob, carol):
    client = client_for(alice)
    assert client.post("/api/blocks/bob").status_code == 204
    assert client.post("/api/blocks/carol").status_code == 204
    rows = listed(alice, "/api/blocks")
    assert [row["username"] for row in rows] == ["carol", "bob"]
    since = {row["username"]: parse_datetime(row["since"]) for row in rows}
    assert since == {b.blocked.username: b.created for b in Block.objects.all()}


def test_mutes_are_listed_newest_first_with_when(alice, bob, carol):
    client = client_for(alice)
    assert client.post("/api/mutes/carol").status_code == 204
    assert client.post("/api/mutes/bob").status_code == 204
    rows = listed(alice, "/api/mutes")
    assert [row["username"] for row in rows] == ["bob", "carol"]
    since = {row["username"]: parse_datetime(row["since"]) for row in rows}
    assert since == {m.muted.username: m.created for m in Mute.objects.all()}


@pytest.mark.parametrize(("url", "model"), [("/api/blocks", Block), ("/api/mutes", Mute)])
def test_the_order_is_by_when_not_by_which_row_came_first(alice, bob, carol, url, model):
    client = client_for(alice)
    client.post(f"{url}/bob")
    client.post(f"{url}/carol")
    first = model.objects.order_by("pk").first()
    model.objects.filter(pk=first.pk).update(created=first.created + timedelta(hours=1))
    assert names(alice, url) == ["bob", "carol"]


def test_unblocking_takes_the_player_off_the_list(alice, bob, carol):
    client = client_for(alice)
    client.post("/api/blocks/bob")
    client.post("/api/blocks/carol")
    assert client.delete("/api/blocks/bob").status_code == 204
    assert names(alice, "/api/blocks") == ["carol"]


def test_unmuting_takes_the_player_off_the_list(alice, bob):
    client = client_for(alice)
    client.post("/api/mutes/bob")
    assert client.delete("/api/mutes/bob").status_code == 204
    assert listed(alice, "/api/mutes") == []


@pytest.mark.parametrize("url", LISTS)
def test_the_lists_need_a_signed_in_user(url, alice):
    response = client_for(None).get(url)
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.parametrize("url", LISTS)
def test_a_list_never_shows_what_others_did(alice, bob, carol, dave, url):
    client_for(alice).post(f"{url}/dave")
    client_for(bob).post(f"{url}/alice")  # being blocked or muted is not shown either
    client_for(carol).post(f"{url}/dave")
    assert names(alice, url) == ["dave"]
    assert names(bob, url) == ["alice"]
    assert names(dave, url) == []


def test_blocks_and_mutes_are_separate_lists(alice, bob, carol):
    client = client_for(alice)
    client.post("/api/blocks/bob")
    client.post("/api/mutes/carol")
    assert names(alice, "/api/blocks") == ["bob"]
    assert names(alice, "/api/mutes") == ["carol"]


def test_a_player_is_listed_by_their_own_spelling(alice, bob):
    client_for(alice).post("/api/blocks/BOB")
    assert names(alice, "/api/blocks") == ["bob"]
