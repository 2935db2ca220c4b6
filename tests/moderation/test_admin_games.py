"""Games, seats, doghouses and users in the dashboard: who looks, that nobody changes
anything, and that a running game's hidden cards never reach the page."""

import json
import re
from html import unescape

import pytest
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from barkside import error_texts
from games import engine, services
from games.models import Doghouse, Game, GameEvent, Seat
from games.services import Actor
from moderation import services as moderation
from moderation.models import ModerationAction, Report
from tests.helpers import fast_forward, web_client


def play(game: Game, seat: int, kind: str, cards) -> Game:
    return services.apply_move(
        game.pk, Actor("player", seat), {"kind": kind, "cards": cards}, game.version
    )


def play_to_end(game: Game) -> Game:
    """The whole game through the one write path (first legal move), so its log is complete."""
    for _ in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        seat = engine.to_act(game.state)[0]
        move = engine.legal_moves(game.state, seat)[0]
        play(game, seat, move["kind"], move["cards"])
    raise AssertionError("the game did not end")


def finish_quickly(game: Game) -> Game:
    """Ended by one real move after a fast-forward: a valid record, but an event log that
    lacks the fast-forwarded moves."""
    last = fast_forward(game)
    game.refresh_from_db()
    return play(game, last["seat"], last["kind"], last["cards"])


def squeezed(html: str) -> str:
    """The page's text without markup escapes or any whitespace."""
    return re.sub(r"\s+", "", unescape(html))


def shows_cards(html: str, cards: list[int]) -> bool:
    """Whether a list of cards is on the page, as JSON or as a spaced list."""
    text = re.sub(r"\s+", " ", unescape(html))
    return (
        json.dumps(cards, separators=(",", ":"))[1:-1] in squeezed(html)
        or " ".join(map(str, cards)) in text
    )


@pytest.fixture
def ended(table) -> Game:
    return finish_quickly(table)


@pytest.fixture
def moderators_table(moderator, alice, bob, memory_layer, queued) -> Game:
    """A running game with the moderator in seat 0: they must not see even their own hand."""
    game = services.game_create(user=moderator, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=alice)
    services.game_join(game_id=game.pk, user=bob)
    return Game.objects.get(pk=game.pk)


def user_of(who, alice, staff, moderator, superuser):
    return {"anonymous": None, "normal": alice, "staff": staff, "moderator": moderator}.get(
        who, superuser
    )


PAGES = {
    "games": lambda g: reverse("admin:games_game_changelist"),
    "game": lambda g: reverse("admin:games_game_change", args=[g.pk]),
    "replay": lambda g: reverse("admin:games_game_replay", args=[g.pk]),
    "seats": lambda g: reverse("admin:games_seat_changelist"),
    "seat": lambda g: reverse("admin:games_seat_change", args=[g.seats.first().pk]),
    "doghouses": lambda g: reverse("admin:games_doghouse_changelist"),
    "users": lambda g: reverse("admin:accounts_user_changelist"),
    "user": lambda g: reverse("admin:accounts_user_change", args=[g.seats.first().user_id]),
}


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("normal", 302), ("staff", 403), ("moderator", 200), ("root", 200)],
)
def test_only_moderators_and_superusers_see_games_and_users(
    ended, page, who, status, alice, staff, moderator, superuser
):
    response = web_client(user_of(who, alice, staff, moderator, superuser)).get(PAGES[page](ended))
    assert response.status_code == status
    if status == 302:
        assert "/admin/login/" in response["Location"]


@pytest.mark.parametrize("model", [Game, Seat, Doghouse])
def test_nobody_adds_changes_or_deletes_games_in_the_admin(ended, model, moderator, superuser, rf):
    model_admin = admin.site._registry[model]
    obj = model.objects.filter(game=ended).first() if model is not Game else ended
    assert obj is not None
    for user in (moderator, superuser):
        request = rf.get("/")
        request.user = user
        assert model_admin.has_view_permission(request, obj)
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_change_permission(request, obj)
        assert not model_admin.has_delete_permission(request, obj)
        assert "delete_selected" not in model_admin.get_actions(request)
    name = f"admin:games_{model._meta.model_name}"
    client = web_client(superuser)
    assert client.post(reverse(f"{name}_delete", args=[obj.pk]), {"post": "yes"}).status_code == 403
    assert client.get(reverse(f"{name}_add")).status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()


def test_the_event_log_inline_is_read_only_too(ended, superuser, rf):
    request = rf.get("/")
    request.user = superuser
    (events,) = [
        i
        for i in admin.site._registry[Game].get_inline_instances(request, ended)
        if i.model is GameEvent
    ]
    assert events.has_view_permission(request, ended)
    assert not events.has_add_permission(request, ended)
    assert not events.has_change_permission(request, ended)
    assert not events.has_delete_permission(request, ended)


def test_posting_the_game_change_form_changes_nothing(table, superuser, moderator):
    before = Game.objects.get(pk=table.pk)
    url = reverse("admin:games_game_change", args=[table.pk])
    tampered = {"status": "aborted", "rated": "on", "players": "4", "version": "99"}
    for user in (superuser, moderator):
        assert web_client(user).post(url, tampered).status_code == 403
    after = Game.objects.get(pk=table.pk)
    assert (after.status, after.rated, after.players, after.version, after.state) == (
        before.status,
        before.rated,
        before.players,
        before.version,
        before.state,
    )
    assert after.events.count() == before.events.count()


def test_posting_a_seat_change_form_changes_nothing(table, superuser):
    seat = table.seats.get(number=1)
    url = reverse("admin:games_seat_change", args=[seat.pk])
    assert web_client(superuser).post(url, {"state": "left", "timeouts": "3"}).status_code == 403
    seat.refresh_from_db()
    assert (seat.state, seat.timeouts) == (Seat.State.PLAYING, 0)


def listed(client, name: str, query: str = "") -> list:
    response = client.get(reverse(f"admin:{name}_changelist") + query)
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


def test_games_are_found_by_id_seated_username_and_invite_code(table, dave, moderator):
    other = services.game_create(user=dave, players=4, time_per_move=86400, private=True)
    client = web_client(moderator)
    assert listed(client, "games_game", f"?q={table.pk}") == [table]
    assert listed(client, "games_game", "?q=dave") == [other]
    assert listed(client, "games_game", "?q=bob") == [table]
    assert listed(client, "games_game", f"?q={other.invite_code}") == [other]
    assert listed(client, "games_game", "?q=nobody") == []


def test_games_filter_on_status_players_rated_private_and_time(table, dave, moderator):
    other = services.game_create(user=dave, players=4, time_per_move=86400, private=True)
    client = web_client(moderator)
    response = client.get(reverse("admin:games_game_changelist"))
    titles = [str(spec.title) for spec in response.context["cl"].filter_specs]
    assert titles == ["status", "players", "rated", "private", "time per move"]
    assert response.context["cl"].date_hierarchy == "created"
    assert listed(client, "games_game", "?status__exact=open") == [other]
    assert listed(client, "games_game", "?status__exact=active") == [table]
    assert listed(client, "games_game", "?players=3") == [table]
    assert listed(client, "games_game", "?private__exact=1") == [other]
    assert listed(client, "games_game", "?rated__exact=1") == []
    assert listed(client, "games_game", "?time_per_move=86400") == [other]
    year = table.created.year
    assert len(listed(client, "games_game", f"?created__year={year}")) == 2


def test_seats_and_doghouses_are_searched_and_filtered(ended, dave, moderator):
    other = services.game_create(user=dave, players=3, ai=["easy"], time_per_move=300)
    client = web_client(moderator)
    assert [s.user for s in listed(client, "games_seat", "?q=bob")] == [
        ended.seats.get(number=1).user
    ]
    assert {s.game_id for s in listed(client, "games_seat", f"?q={other.pk}")} == {other.pk}
    assert [s.ai_level for s in listed(client, "games_seat", "?ai_level__exact=easy")] == ["easy"]
    assert listed(client, "games_seat", "?state__exact=left") == []
    doghouses = listed(client, "games_doghouse", f"?q={ended.pk}")
    assert sorted(d.seat for d in doghouses) == [0, 1, 2]
    busiest = max(doghouses, key=lambda d: d.kinds)
    with_kinds = listed(client, "games_doghouse", f"?kinds={busiest.kinds}")
    assert busiest in with_kinds and all(d.kinds == busiest.kinds for d in with_kinds)


# --- a running game: the public view only -------------------------------------------------


def passing_table(game: Game) -> Game:
    """Seat 1 has passed; seats 0 and 2 have not."""
    cards = engine.legal_moves(game.state, 1)[0]["cards"]
    return play(game, 1, "pass", cards)


def trick_table(game: Game) -> Game:
    """Every seat has passed and the starter has led a card."""
    for seat in range(game.players):
        game = play(game, seat, "pass", engine.legal_moves(game.state, seat)[0]["cards"])
    leader = engine.to_act(game.state)[0]
    return play(game, leader, "play", engine.legal_moves(game.state, leader)[0]["cards"])


@pytest.mark.parametrize("stage", [passing_table, trick_table])
def test_a_running_games_page_shows_the_public_view_and_no_hidden_card(
    moderators_table, moderator, stage
):
    game = stage(moderators_table)
    html = web_client(moderator).get(reverse("admin:games_game_change", args=[game.pk])).content
    html = html.decode()
    public = engine.view(game.state, None)
    for field in ("hand_sizes", "passed", "doghouses"):
        assert f'"{field}":{json.dumps(public[field], separators=(",", ":"))}' in squeezed(html)
    for seat, hand in enumerate(game.state["hands"]):  # the moderator's own seat 0 included
        assert not shows_cards(html, hand), f"seat {seat}'s hand is on the page"
    assert game.seed not in html
    assert '"kind":"pass"' not in squeezed(html)  # a pass names its cards in GameEvent.move
    assert "legal_moves" not in html and '"hand":' not in squeezed(html)


def test_a_running_games_pass_never_shows(moderators_table, moderator):
    game = passing_table(moderators_table)
    html = web_client(moderator).get(reverse("admin:games_game_change", args=[game.pk])).content
    # Nothing public names a card while the first round's passes are made.
    assert '"cards"' not in unescape(html.decode())
    assert GameEvent.objects.filter(game=game, kind="pass").exists()


def test_a_running_games_replay_is_refused_without_a_card(moderators_table, moderator):
    game = trick_table(moderators_table)
    response = web_client(moderator).get(reverse("admin:games_game_replay", args=[game.pk]))
    assert response.status_code == 404
    html = response.content.decode()
    assert "still running" in html
    assert not any(shows_cards(html, hand) for hand in game.state["hands"])
    assert game.seed not in html


# --- an ended game: the record and its replay ---------------------------------------------


def test_an_ended_games_page_shows_the_record_the_seed_and_the_moves(ended, moderator):
    html = web_client(moderator).get(reverse("admin:games_game_change", args=[ended.pk])).content
    html = unescape(html.decode())
    assert ended.seed in html
    first_hand = ended.state["rounds"][0]["hands"][1]
    assert shows_cards(html, first_hand)
    assert reverse("admin:games_game_replay", args=[ended.pk]) in html
    last = ended.events.order_by("version").last()
    assert json.dumps(last.move) in html


def test_an_ended_games_replay_walks_every_step_to_the_result(table, moderator):
    game = play_to_end(table)
    client = web_client(moderator)
    url = reverse("admin:games_game_replay", args=[game.pk])
    first = client.get(url)
    steps = first.context["steps"]
    total = sum(
        len(rnd["moves"]) + sum(p is not None for p in rnd["passes"])
        for rnd in game.state["rounds"]
    )
    assert steps == total
    assert [s["hand"] for s in first.context["table"]["seats"]] == game.state["rounds"][0]["hands"]
    response = first
    for step in range(steps + 1):
        assert response.status_code == 200
        context = response.context
        assert context["step"] == step and context["fault"] is None
        assert context["record_valid"] and context["log_ok"]
        html = response.content.decode()
        assert "The record is valid" in html
        assert "The event log rebuilds the stored state." in html
        if step < steps:
            next_url = re.search(r'href="(\?step=\d+)" id="next-step"', html).group(1)
            assert next_url == f"?step={step + 1}"
            response = client.get(url + next_url)
        else:
            assert 'id="next-step"' not in html
    table_at_end = response.context["table"]
    assert table_at_end["result"] == game.result
    assert [s["doghouse"] for s in table_at_end["seats"]] == game.state["doghouses"]
    assert [s["kinds"] for s in table_at_end["seats"]] == [
        engine.kinds(d) for d in game.state["doghouses"]
    ]


def test_a_replay_step_shows_the_move_and_the_table(table, moderator):
    game = finish_quickly(table)
    rnd = game.state["rounds"][0]
    client = web_client(moderator)
    url = reverse("admin:games_game_replay", args=[game.pk])
    after_passes = client.get(f"{url}?step={game.players}")  # each seat's pass, then the lead
    context = after_passes.context
    assert context["move"] == {
        "round": 1,
        "seat": game.players - 1,
        "kind": "pass",
        "cards": rnd["passes"][-1],
    }
    assert [s["passed"] for s in context["table"]["seats"]] == rnd["passes"]
    assert [s["to_act"] for s in context["table"]["seats"]] == [
        seat == rnd["starter"] for seat in range(game.players)
    ]
    lead_page = client.get(f"{url}?step={game.players + 1}")
    lead = lead_page.context
    first_move = rnd["moves"][0]
    assert lead["table"]["trick"]["leader"] == rnd["starter"]
    assert lead["table"]["trick"]["moves"] == [
        {"seat": first_move["seat"], "play": first_move["play"]}
    ]
    played = " ".join(map(str, first_move["play"]))
    assert f"<li>seat {first_move['seat']} plays {played}</li>" in lead_page.content.decode()
    assert 'id="previous-step"' in client.get(f"{url}?step=1").content.decode()
    assert 'id="previous-step"' not in client.get(f"{url}?step=0").content.decode()
    assert client.get(f"{url}?step=banana").context["step"] == 0


def test_the_replay_says_when_the_event_log_does_not_rebuild_the_state(ended, moderator):
    response = web_client(moderator).get(reverse("admin:games_game_replay", args=[ended.pk]))
    assert response.context["record_valid"]
    assert not response.context["log_ok"]
    assert "The event log does NOT rebuild the stored state." in response.content.decode()


def test_the_replay_says_when_the_record_is_not_valid(ended, moderator):
    state = ended.state
    first = state["rounds"][0]
    wrong = [c + 1 if c < state["max_strength"] else c - 1 for c in first["caught"]]
    state["rounds"][0] = {**first, "caught": wrong}
    Game.objects.filter(pk=ended.pk).update(state=state)
    response = web_client(moderator).get(reverse("admin:games_game_replay", args=[ended.pk]))
    assert not response.context["record_valid"]
    assert "derived_mismatch" in response.context["record_fault"]
    assert "The record is NOT valid" in response.content.decode()


def test_a_game_that_never_started_has_no_replay(dave, moderator):
    game = services.game_create(user=dave, players=3, time_per_move=300)
    services.game_leave(game_id=game.pk, user=dave)
    response = web_client(moderator).get(reverse("admin:games_game_replay", args=[game.pk]))
    assert response.status_code == 404
    assert "never started" in response.content.decode()


# --- users ---------------------------------------------------------------------------------


@pytest.fixture
def reported_bob(alice, bob, carol, moderator):
    """bob was reported by alice and warned; bob reported carol."""
    about = Report.objects.create(reporter=alice, reported=bob, reason="stalling", comment="slow")
    made = Report.objects.create(reporter=bob, reported=carol, reason="other", comment="rude")
    action = moderation.user_warn(moderator=moderator, user=bob, reason="be quicker")
    return about, made, action


def test_a_moderator_sees_a_users_reports_and_actions_but_no_password(reported_bob, bob, moderator):
    about, made, action = reported_bob
    response = web_client(moderator).get(reverse("admin:accounts_user_change", args=[bob.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("admin:moderation_report_change", args=[about.pk]) in html
    assert reverse("admin:moderation_report_change", args=[made.pk]) in html
    assert reverse("admin:moderation_moderationaction_change", args=[action.pk]) in html
    assert "be quicker" in html and "slow" in html and "rude" in html
    assert not response.context["has_change_permission"]
    shown = [f for _, options in response.context["adminform"].fieldsets for f in options["fields"]]
    assert "username" in shown
    assert "password" not in shown and "user_permissions" not in shown
    assert bob.password not in html and "../password/" not in html


def test_a_moderator_cannot_change_a_user_through_the_form(bob, moderator):
    url = reverse("admin:accounts_user_change", args=[bob.pk])
    tampered = {"username": "renamed", "email": "x@example.com", "is_active": ""}
    assert web_client(moderator).post(url, tampered).status_code == 403
    password = reverse("admin:auth_user_password_change", args=[bob.pk])
    assert (
        web_client(moderator).post(password, {"password1": "x", "password2": "x"}).status_code
        == 403
    )
    bob.refresh_from_db()
    assert (bob.username, bob.email, bob.is_active) == ("bob", "bob@example.com", True)


def test_a_superuser_keeps_the_full_user_form(bob, superuser):
    response = web_client(superuser).get(reverse("admin:accounts_user_change", args=[bob.pk]))
    assert response.context["has_change_permission"]
    assert "password" in response.context["adminform"].form.fields
    html = response.content.decode()
    assert 'name="username"' in html and "../password/" in html


def test_users_are_searched_and_filtered(alice, bob, carol, moderator):
    carol.is_active = False
    carol.save()
    client = web_client(moderator)
    assert listed(client, "accounts_user", "?q=bob") == [bob]
    assert listed(client, "accounts_user", "?q=alice@example.com") == [alice]
    assert listed(client, "accounts_user", "?is_active__exact=0") == [carol]
    assert listed(client, "accounts_user", "?is_staff__exact=1") == [moderator]
    response = client.get(reverse("admin:accounts_user_changelist"))
    titles = [str(spec.title) for spec in response.context["cl"].filter_specs]
    assert titles == ["active", "staff status", "date joined"]


def test_a_users_page_escapes_report_comments(alice, bob, moderator):
    Report.objects.create(
        reporter=alice, reported=bob, reason="other", comment="<script>alert(1)</script>"
    )
    response = web_client(moderator).get(reverse("admin:accounts_user_change", args=[bob.pk]))
    html = response.content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_moderator_aborts_a_running_game_from_the_games_list_with_a_reason(table, moderator):
    url = reverse("admin:games_game_changelist")
    client = web_client(moderator)
    selected = {"action": "abort", ACTION_CHECKBOX_NAME: [table.pk]}
    asked = client.post(url, selected)
    assert asked.status_code == 200 and b'name="reason"' in asked.content
    assert Game.objects.get(pk=table.pk).status == Game.Status.ACTIVE
    done = client.post(url, {**selected, "apply": "1", "reason": "collusion"})
    assert done.status_code == 302
    assert Game.objects.get(pk=table.pk).status == Game.Status.ABORTED
    entry = ModerationAction.objects.get()
    assert (entry.action, entry.game, entry.moderator, entry.reason) == (
        "abort_game",
        table,
        moderator,
        "collusion",
    )
    again = client.post(url, {**selected, "apply": "1", "reason": "twice"}, follow=True)
    assert error_texts.DETAILS["not_active"].encode() in again.content
    assert ModerationAction.objects.count() == 1  # a refused action is not logged
