"""Every admin page answers hostile values (a NUL byte, a number past 64 bits, a year with
no next year, a date that is none) with a page, a redirect or a 400, never a 500:
PostgreSQL refuses a NUL byte in text and a number past 64 bits in an integer column,
and Python's dates end in 9999. Run on PostgreSQL too (DATABASE_URL), where the NUL
bytes failed."""

import pytest
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from games.models import Game
from tests.helpers import client_for, web_client

HOSTILE = ["\x00", "1\x00", "9" * 40, "-" + "9" * 40, "9999", "0", "2026-13-45", "1e400"]
# What every changelist reads from its query string besides its filters.
CHANGELIST_PARAMS = ["q", "o", "p", "all", "e", "_to_field", "_popup"]


def url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def changelist_reads(client, model) -> tuple[list[str], list[str]]:
    """The query-string names the changelist's own filters and date hierarchy read, and
    the names of its actions."""
    page = client.get(url(model, "changelist")).context
    cl = page["cl"]
    names = [name for spec in cl.filter_specs for name in spec.expected_parameters()]
    if cl.date_hierarchy:
        names += [f"{cl.date_hierarchy}__{part}" for part in ("year", "month", "day")]
    action_form = page.get("action_form")
    actions = [a for a, _ in action_form.fields["action"].choices if a] if action_form else []
    return names, actions


def answers(client, model):
    """`(what was asked, status)` for each hostile value in each place the admin reads."""
    names, actions = changelist_reads(client, model)
    for name in names + CHANGELIST_PARAMS:
        for value in HOSTILE:
            yield (name, value), client.get(url(model, "changelist"), {name: value}).status_code
        hostile_name = {f"{name}\x00": "1"}
        yield (f"{name}\\x00", "1"), client.get(url(model, "changelist"), hostile_name).status_code
    for value in HOSTILE:
        for view in ("change", "history", "delete"):
            yield (view, value), client.get(url(model, view, value)).status_code
        for action in actions:
            chosen = {"action": action, ACTION_CHECKBOX_NAME: [value], "reason": "x", "apply": 1}
            yield (action, value), client.post(url(model, "changelist"), chosen).status_code


@pytest.mark.parametrize("model", list(admin.site._registry), ids=lambda m: m._meta.label)
def test_no_hostile_value_makes_an_admin_page_fail(model, superuser, table):
    client = web_client(superuser)
    client.raise_request_exception = False  # a 500 is an answer here, counted below
    failed = [asked for asked, status in answers(client, model) if status >= 500]
    assert not failed


def test_a_nul_byte_in_a_filter_is_refused_with_a_400(superuser):
    response = web_client(superuser).get(url(Game, "changelist"), {"status__exact": "\x00"})
    assert response.status_code == 400


def test_a_year_with_no_next_year_is_a_bad_value_not_an_error(superuser):
    response = web_client(superuser).get(url(Game, "changelist"), {"created__year": "9999"})
    assert (response.status_code, response["Location"]) == (302, url(Game, "changelist") + "?e=1")


@pytest.mark.parametrize(
    "path",
    ["/api/games?status=%00", "/api/players/alice?x=%00", "/api/games/1/chat?x%00=1"],
)
def test_the_api_answers_a_nul_byte_malformed(path, alice):
    client = client_for(alice)
    response = client.get(path)
    assert response.status_code == 400
    assert response.json()["code"] == "malformed"


def test_a_nul_byte_in_the_session_cookie_is_refused(alice):
    client = client_for(None)
    client.cookies["sessionid"] = "abcdefgh\x00"  # looked up in the database as it stands
    assert client.get("/api/players/alice").status_code == 400
