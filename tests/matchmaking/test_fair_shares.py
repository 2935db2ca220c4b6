"""Matchmaking keeps each person within their fair shares (games/shares.py): a person
who reached a limit while queued is not seated at a table that would take them past it."""

from games import services as game_services
from matchmaking import services
from matchmaking.models import QueueEntry

from .conftest import later, queue, seated


def test_a_person_who_reached_a_limit_while_queued_leaves_the_queue_unseated(alice, bob, settings):
    settings.LIVE_AI_GAMES_PER_PERSON = 1
    queue(alice, ai_fill=True, sizes=(4,))
    queue(bob, ai_fill=True, sizes=(4,))
    game_services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=60)
    assert services.form_tables(now=later(60)) == []  # a table of two and two AI seats
    assert list(QueueEntry.objects.values_list("user", flat=True)) == [bob.pk]
    assert seated(bob) == []


def test_a_table_of_people_only_seats_them_whatever_their_ai_games(alice, bob, carol, settings):
    settings.LIVE_AI_GAMES_PER_PERSON = 1
    game_services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=60)
    for person in (alice, bob, carol):
        queue(person, sizes=(3,))
    [game] = services.form_tables(now=later(1))
    assert {s.user_id for s in game.seats.all()} == {alice.pk, bob.pk, carol.pk}
