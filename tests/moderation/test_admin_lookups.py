"""No admin URL may test a secret: only a changelist's declared filters, search and the
date hierarchy narrow it; any other lookup in the query string is refused (400) the same
way whatever its value, so nothing can be read out of it a character at a time."""

import json

import pytest
from axes.models import AccessLog
from django.contrib import admin
from django.contrib.admin import SimpleListFilter
from django.urls import reverse
from rest_framework.authtoken.models import Token

from notifications.models import PushSubscription
from tests.helpers import web_client


def changelist(model) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


def declared(model_admin) -> set[str]:
    """The field names a changelist's own filters and date hierarchy stand on."""
    names = {model_admin.date_hierarchy} if model_admin.date_hierarchy else set()
    for item in model_admin.list_filter:
        if isinstance(item, type) and issubclass(item, SimpleListFilter):
            names.add(item.parameter_name)
        else:
            path = item[0] if isinstance(item, (list, tuple)) else item
            names.add(path.split("__")[0])
    return names


def query_names(model) -> list[str]:
    """Every name a lookup on `model` can start with: its fields and reverse relations."""
    names = []
    for field in model._meta.get_fields():
        if field.auto_created and not field.concrete:
            names.append(field.field.related_query_name())
        else:
            names.append(field.name)
    return names


def undeclared(model, model_admin) -> list[str]:
    skip = declared(model_admin)
    return [f"{name}__isnull" for name in query_names(model) if name not in skip]


@pytest.mark.parametrize("model", list(admin.site._registry), ids=lambda m: m._meta.label)
def test_a_lookup_on_an_undeclared_field_is_refused(model, superuser, moderator, table):
    url = changelist(model)
    lookups = undeclared(model, admin.site._registry[model])
    assert lookups
    for user in (superuser, moderator):
        client = web_client(user)
        for lookup in lookups:
            answers = [client.get(url, {lookup: value}) for value in ("1", "0")]
            # 403: a moderator who may not see this list at all.
            refused = (400,) if user is superuser else (400, 403)
            assert answers[0].status_code in refused, (user.username, lookup)
            assert answers[0].content == answers[1].content, (user.username, lookup)


@pytest.fixture
def secrets(table, superuser, bob):
    """A superuser's token, a running game's seed and hands, a push subscription, a
    sign-in's session hash: each with a probe that matches it and one that does not."""
    token = Token.objects.create(user=superuser)
    push = PushSubscription.objects.create(
        user=bob, endpoint="https://push.example.com/bob-device", p256dh="p" * 20, auth="a" * 16
    )
    AccessLog.objects.create(username="root", ip_address="10.1.1.1", session_hash="5e55" * 16)
    hand = json.dumps(table.state["hands"][1][0])
    user, game, log = (
        reverse("admin:accounts_user_changelist"),
        changelist(type(table)),
        changelist(AccessLog),
    )
    root = {"username": "root"}
    return [
        (user, {**root, "auth_token__key__startswith": token.key[:3]}, "auth_token__key"),
        (user, {**root, "password__startswith": superuser.password[:6]}, "password"),
        (user, {"push_subscriptions__endpoint__startswith": push.endpoint[:12]}, "endpoint"),
        (user, {"push_subscriptions__auth__startswith": "a"}, "push auth"),
        (game, {"id": table.pk, "seed__startswith": table.seed[0]}, "seed"),
        (game, {"id": table.pk, "state__hands__1__0": hand}, "hands"),
        ("/admin/authtoken/tokenproxy/", {"key__startswith": token.key[:3]}, "token list"),
        (log, {"session_hash__startswith": "5e5"}, "session hash"),
    ]


def wrong(probe: dict) -> dict:
    """The same probe with values that match nothing."""
    return {k: "zz-no-such" if k not in ("id", "username") else v for k, v in probe.items()}


def test_secrets_cannot_be_probed_through_a_changelist(secrets, superuser, moderator):
    for user in (moderator, superuser):
        client = web_client(user)
        for url, probe, what in secrets:
            right, miss = client.get(url, probe), client.get(url, wrong(probe))
            assert right.status_code in (400, 403, 404), (what, user.username)
            assert (right.status_code, right.content) == (miss.status_code, miss.content), what


def test_the_api_token_list_is_not_in_the_admin(superuser):
    # The keys are passwords: no page lists them, not even for a superuser.
    assert not admin.site.is_registered(Token)
    response = web_client(superuser).get("/admin/authtoken/tokenproxy/")
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("name", "query"),
    [
        ("accounts_user", {"is_active__exact": "1", "q": "alice", "o": "1"}),
        (
            "accounts_user",
            {
                "date_joined__gte": "2000-01-01 00:00+00:00",
                "date_joined__lt": "2999-01-01 00:00+00:00",
            },
        ),
        ("games_game", {"status__exact": "active", "created__year": "2026", "q": "alice"}),
        ("games_seat", {"state__exact": "playing", "q": "bob"}),
        ("moderation_report", {"status": "all", "reason__exact": "abusive_chat"}),
        ("moderation_chatmessage", {"hidden__exact": "0", "q": "hello"}),
        ("axes_accessattempt", {"locked_out": "yes", "attempt_time__year": "2026"}),
        ("matchmaking_queueentry", {"rated__exact": "1", "q": "alice"}),
    ],
)
def test_declared_filters_search_and_sorting_still_work(name, query, table, superuser):
    response = web_client(superuser).get(reverse(f"admin:{name}_changelist"), query)
    assert response.status_code == 200


def test_every_registered_admin_takes_only_declared_filters():
    from barkside.admin import DeclaredFiltersOnly

    for model, model_admin in admin.site._registry.items():
        assert isinstance(model_admin, DeclaredFiltersOnly), model._meta.label
