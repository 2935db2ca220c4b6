"""Ratings: OpenSkill from the standings, AI seats fixed, left seats last, rated once."""

import pytest

from games import engine
from games import services as game_services
from games.models import Game, Seat
from matchmaking import ratings, services
from matchmaking.models import Rating, RatingChange
from tests.helpers import fast_forward


def finished(seats, doghouses, losers, *, rated=True, time_per_move=60, left=(), handover=""):
    """A finished game: `seats` are users or AI level names; the result as given; the
    seats `left` handed to the AI for good (`handover` says why)."""
    others = [len(d) for s, d in enumerate(doghouses) if s not in losers]
    winners = [
        s for s, d in enumerate(doghouses) if s not in losers and losers and len(d) == min(others)
    ]
    game = Game.objects.create(
        players=len(seats),
        time_per_move=time_per_move,
        rated=rated,
        status=Game.Status.FINISHED,
        result={
            "reason": "deck-exhausted",
            "losers": losers,
            "winners": winners,
            "doghouses": doghouses,
        },
    )
    for n, who in enumerate(seats):
        Seat.objects.create(
            game=game,
            number=n,
            **({"ai_level": who} if isinstance(who, str) else {"user": who}),
            state=Seat.State.LEFT if n in left else Seat.State.PLAYING,
            handover=handover if n in left else "",
        )
    return game


def mu(user, speed="live"):
    return Rating.objects.get(user=user, speed=speed).mu


def test_the_winner_rises_and_the_loser_falls(alice, bob, carol):
    game = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6, 7]], losers=[2])
    changes = services.rate_game(game)
    assert len(changes) == 3
    start = ratings.default()[0]
    assert mu(alice) > start > mu(carol)
    assert {c.user_id: c.place for c in changes} == {alice.pk: 1, bob.pk: 2, carol.pk: 3}
    assert all(r.games == 1 for r in Rating.objects.all())


def test_shared_places_are_ties(alice, bob, carol):
    game = finished([alice, bob, carol], [[1, 2], [3, 4], [5, 6, 7]], losers=[2])
    services.rate_game(game)
    assert mu(alice) == pytest.approx(mu(bob))
    assert mu(alice) > mu(carol)


def test_a_draw_moves_nobody_s_mu(alice, bob, carol):
    game = finished([alice, bob, carol], [[1], [2], [3]], losers=[])
    services.rate_game(game)
    assert {round(mu(u), 6) for u in (alice, bob, carol)} == {round(ratings.default()[0], 6)}
    assert Rating.objects.get(user=alice).sigma < ratings.default()[1]


def test_ai_seats_keep_their_reference_rating(alice):
    references = dict(ratings.AI_RATINGS)
    game = finished([alice, "normal", "hard"], [[1], [2, 3], [4, 5]], losers=[2])
    [change] = services.rate_game(game)
    assert change.user == alice and change.place == 1
    assert Rating.objects.count() == 1  # none for the AI seats
    assert references == ratings.AI_RATINGS


def test_a_rated_game_with_a_swift_seat_is_rated(alice):
    game = finished([alice, "swift", "normal"], [[1], [2, 3], [4, 5]], losers=[2])
    [change] = services.rate_game(game)
    assert change.user == alice and change.mu_after > change.mu_before


def test_beating_a_stronger_ai_is_worth_more(alice, bob):
    weak = finished([alice, "random", "random"], [[1], [2, 3], [4, 5]], losers=[2])
    strong = finished([bob, "hard", "hard"], [[1], [2, 3], [4, 5]], losers=[2])
    services.rate_game(weak)
    services.rate_game(strong)
    assert mu(bob) > mu(alice)


def test_aborted_and_unrated_games_change_nothing(alice, bob, carol):
    aborted = finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2])
    Game.objects.filter(pk=aborted.pk).update(status=Game.Status.ABORTED)
    aborted.refresh_from_db()
    casual = finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2], rated=False)
    assert services.rate_game(aborted) == []
    assert services.rate_game(casual) == []
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_running_game_changes_nothing(alice, bob, carol):
    game = finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    game.refresh_from_db()
    assert services.rate_game(game) == []


def test_a_seat_that_left_counts_last(alice, bob, carol):
    # alice has the fewest doghouse cards but left: she is last, below the loser carol.
    game = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2], left=[0])
    changes = {c.user_id: c.place for c in services.rate_game(game)}
    assert changes == {alice.pk: 3, bob.pk: 1, carol.pk: 2}
    assert mu(alice) < mu(carol) < mu(bob)


def test_rating_a_game_twice_changes_nothing(alice, bob, carol):
    game = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2])
    services.rate_game(game)
    before = list(Rating.objects.values_list("mu", "sigma", "games").order_by("user_id"))
    assert services.rate_game(game) == []
    assert list(Rating.objects.values_list("mu", "sigma", "games").order_by("user_id")) == before
    assert RatingChange.objects.filter(game=game).count() == 3


def test_speed_classes_are_rated_apart(alice, bob, carol):
    services.rate_game(finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2]))
    services.rate_game(
        finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[0], time_per_move=86400)
    )
    assert mu(alice, "live") > ratings.default()[0] > mu(alice, "correspondence")


def test_the_next_game_starts_from_the_last_rating(alice, bob, carol):
    services.rate_game(finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2]))
    first = mu(alice)
    [change] = [
        c
        for c in services.rate_game(finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2]))
        if c.user == alice
    ]
    assert change.mu_before == pytest.approx(first)
    assert mu(alice) > first
    assert Rating.objects.get(user=alice).games == 2


def test_displayed_rating_and_provisional_mark():
    assert ratings.displayed(*ratings.default()) == 1500  # a newcomer
    assert ratings.displayed(25.0, 1.0) == 1500  # sigma is shown apart, not subtracted
    assert ratings.displayed(30.0, 1.0) == 1700  # 40 points per unit of mu
    assert ratings.spread(25 / 3) == 667  # a newcomer: 1500 +- 667
    assert ratings.PROVISIONAL_GAMES == 10


def test_the_displayed_rating_is_never_negative():
    assert ratings.displayed(-20.0, 1.0) == 0  # 1500 + 40 x -45 would be -300


def played_to_the_end(alice, bob) -> tuple[Game, Game]:
    """A rated game of alice, bob and an AI, started and finished through the write path:
    the game as started, and as its last move left it."""
    seats = [{"user_id": alice.pk}, {"user_id": bob.pk}, {"ai_level": "normal"}]
    game = game_services.game_start_seated(seats=seats, time_per_move=60, rated=True)
    game.refresh_from_db()
    last = fast_forward(game)
    seat = last.pop("seat")
    actor = game_services.Actor("player", seat)
    return game, game_services.apply_move(game.pk, actor, last, game.version)


def test_a_real_game_finished_through_the_write_path_is_rated(alice, bob):
    game, finished_game = played_to_the_end(alice, bob)
    assert finished_game.status == Game.Status.FINISHED
    changes = RatingChange.objects.filter(game=finished_game)  # rated by apply_move itself
    assert services.rate_game(finished_game) == []  # and only once
    places = engine.standings(finished_game.result)
    numbers = dict(game.seats.values_list("user_id", "number"))
    assert {c.user_id: c.place for c in changes} == {
        alice.pk: places[numbers[alice.pk]],
        bob.pk: places[numbers[bob.pk]],
    }
