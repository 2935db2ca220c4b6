"""The dashboard's overview: who may see it, and the figures it shows.

Redis and Celery health are checked against real processes in tests/realtime/test_overview.py.
"""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game
from matchmaking.models import QueueEntry
from moderation import overview
from moderation.models import Report
from tests.helpers import web_client

URL = "/admin/overview/"


def test_the_overview_url_is_named():
    assert reverse("moderation-overview") == URL


def test_anonymous_people_and_players_are_sent_to_the_login(alice):
    for client in (web_client(), web_client(alice)):
        response = client.get(URL)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


def test_staff_without_the_moderator_permission_are_refused(staff):
    assert web_client(staff).get(URL).status_code == 403
    assert URL not in web_client(staff).get("/admin/").content.decode()


@pytest.mark.parametrize("who", ["moderator", "superuser"])
def test_moderators_and_superusers_see_it_and_find_it_on_the_admin_index(who, request):
    client = web_client(request.getfixturevalue(who))
    page = client.get(URL)
    assert page.status_code == 200
    assert "Matchmaking queue" in page.content.decode()
    assert f'href="{URL}"' in client.get("/admin/").content.decode()


def shift(game: Game, **ago) -> None:
    """Move a game's clock: `deadline=` and `last_move=` are how long ago they were."""
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        **{
            {"deadline": "turn_deadline"}.get(name, name): now - value
            for name, value in ago.items()
        }
    )


@pytest.fixture
def games(table, dave, outsider, settings):
    """One game of each kind the overview counts (`table` waits on its people)."""
    settings.STUCK_GRACE = 60
    due = services.game_create(user=dave, players=3, ai=["random", "random"], time_per_move=60)
    shift(due, deadline=timedelta(seconds=10))
    stuck = services.game_create(user=dave, players=3, ai=["random", "random"], time_per_move=60)
    shift(stuck, deadline=timedelta(hours=2))
    lost_ai = services.game_create(
        user=dave, players=3, ai=["normal", "normal"], time_per_move=3600
    )
    shift(lost_ai, last_move=timedelta(hours=1))
    open_table = services.game_create(user=outsider, players=4, time_per_move=300)
    return {"due": due, "stuck": stuck, "lost_ai": lost_ai, "open": open_table}


def test_games_are_counted_by_what_they_wait_on(games, table):
    figures = overview.games(timezone.now())
    assert figures["open"] == 1
    assert figures["active"] == 4
    assert figures["waiting_on_people"] == 2  # the table and the game whose AI turn was lost
    assert figures["timeouts_due"] == 1
    assert figures["stuck_count"] == 2
    assert [g.pk for g in figures["stuck"]] == [games["stuck"].pk, games["lost_ai"].pk]


def test_a_deadline_inside_the_grace_is_not_stuck_yet(games, settings):
    settings.STUCK_GRACE = 3 * 3600
    figures = overview.games(timezone.now())
    assert figures["stuck_count"] == 0
    assert figures["timeouts_due"] == 2


def test_the_page_links_each_stuck_game_to_its_admin_page(games, moderator):
    page = web_client(moderator).get(URL).content.decode()
    for game in (games["stuck"], games["lost_ai"]):
        assert f'href="{reverse("admin:games_game_change", args=[game.pk])}"' in page
    assert f'href="{reverse("admin:games_game_change", args=[games["due"].pk])}"' not in page


def test_the_queue_is_counted_per_speed_class_and_rating(people):
    now = timezone.now()
    waits = [(60, True, 5), (120, True, 2), (3600, False, 30), (86400, False, 1)]
    for user, (seconds, rated, minutes) in zip(people(4), waits, strict=True):
        QueueEntry.objects.create(
            user=user,
            sizes=[3, 4],
            time_per_move=seconds,
            rated=rated,
            ai_fill=False,
            skill=0,
            joined=now - timedelta(minutes=minutes),
        )
    rows = overview.queue()
    assert [(r["speed"], r["rated"], r["waiting"]) for r in rows] == [
        ("correspondence", False, 2),
        ("live", True, 2),
    ]
    assert now - rows[0]["since"] >= timedelta(minutes=30)
    assert timedelta(minutes=5) <= now - rows[1]["since"] < timedelta(minutes=6)


def test_reports_are_counted_per_day_for_two_weeks(alice, bob):
    now = timezone.now()
    for days_ago, status in [(0, "open"), (0, "dismissed"), (3, "open"), (20, "open")]:
        report = Report.objects.create(reporter=alice, reported=bob, reason="other", status=status)
        Report.objects.filter(pk=report.pk).update(created=now - timedelta(days=days_ago))
    figures = overview.reports(now)
    per_day = {row["day"]: row["count"] for row in figures["per_day"]}
    today = timezone.localdate(now)
    assert len(per_day) == overview.REPORT_DAYS
    assert figures["per_day"][0]["day"] == today
    assert per_day[today] == 2
    assert per_day[today - timedelta(days=3)] == 1
    assert sum(per_day.values()) == 3  # the one from 20 days ago is outside
    assert figures["per_day"][0]["percent"] == 100
    assert figures["open"] == 3
    assert now - figures["oldest_open"] >= timedelta(days=20)
