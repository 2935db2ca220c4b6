"""Reads for matchmaking: queue status, public player profiles, leaderboards."""

from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from games import engine, outcome, reputation
from games import selectors as game_selectors
from games.models import LIVE_SECONDS, Game, Seat
from matchmaking import forming, ratings
from matchmaking.errors import MatchmakingError
from matchmaking.models import QueueEntry, Rating, RatingChange

RECENT_GAMES = 10
HISTORY = 50


def forming_rules() -> forming.Rules:
    """The planner's rules, from the settings."""
    return forming.Rules(
        gap_base=settings.MATCHMAKING_GAP_BASE,
        gap_per_second=settings.MATCHMAKING_GAP_PER_SECOND,
        gap_max=settings.MATCHMAKING_GAP_MAX,
        ai_wait_live=settings.MATCHMAKING_AI_FILL_LIVE,
        ai_wait_correspondence=settings.MATCHMAKING_AI_FILL_CORRESPONDENCE,
        live_max_seconds=LIVE_SECONDS[1],
    )


def queue_status(user, now: datetime | None = None) -> dict:
    """Where the user stands in the queue: place among people with the same speed and
    kind (rated/casual), seconds waited, and the rating gap their table may span now."""
    entry = QueueEntry.objects.filter(user=user).first()
    if entry is None:
        return {"queued": False}
    now = now or timezone.now()
    rules = forming_rules()
    waited = max(0.0, (now - entry.joined).total_seconds())
    same_pool = QueueEntry.objects.filter(time_per_move=entry.time_per_move, rated=entry.rated)
    ahead = same_pool.filter(joined__lt=entry.joined).count()
    ahead += same_pool.filter(joined=entry.joined, pk__lt=entry.pk).count()
    ai_wait = rules.ai_wait(entry.time_per_move)
    return {
        "queued": True,
        "position": ahead + 1,
        "waiting": same_pool.count(),
        "joined": entry.joined,
        "waited": round(waited, 1),
        "gap": round(rules.gap(waited)),
        "ai_fill_in": round(max(0.0, ai_wait - waited), 1) if entry.ai_fill else None,
        "sizes": entry.sizes,
        "time_per_move": entry.time_per_move,
        "rated": entry.rated,
        "ai_fill": entry.ai_fill,
        "min_reputation": entry.min_reputation,
    }


def rating_view(mu: float, sigma: float, games: int) -> dict:
    return {
        "rating": ratings.displayed(mu, sigma),
        "spread": ratings.spread(sigma),
        "mu": round(mu, 3),
        "sigma": round(sigma, 3),
        "games": games,
        "provisional": games < ratings.PROVISIONAL_GAMES,
    }


def player_profile(username: str, viewer=None) -> dict:
    """A player's public profile as `viewer` sees it. Private games are counted, listed
    and figured only on their player's own profile: to anyone else (signed in or not)
    they are not there, as they are nowhere else (games/selectors.py `visible_game`).
    The reputation counts public games only (games/reputation.py), and the ratings have
    none: a private table is not rated (games/serializers.py)."""
    user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise MatchmakingError("not_found", status=404)
    own = viewer is not None and viewer.pk == user.pk
    shown = Q() if own else Q(game__private=False)
    finished = Seat.objects.filter(shown, user=user, game__status=Game.Status.FINISHED)
    left = _left_seats(user, shown)
    played = wins = losses = doghouse_cards = 0
    rows = finished.values_list("game_id", "number", "game__result").iterator()
    for game_id, number, result in rows:
        came = _outcome(number, result, left.get(game_id, set()))
        played += 1
        wins += came == "won"
        losses += came == "lost"
        doghouse_cards += len(result["doghouses"][number])
    mu, sigma = ratings.default()
    rated = {r.speed: r for r in Rating.objects.filter(user=user)}
    history = RatingChange.objects.filter(shown, user=user).order_by("-created", "-pk")[:HISTORY]
    return {
        "username": user.username,
        "joined": user.date_joined,
        "games_played": played,
        "wins": wins,
        "losses": losses,
        "average_doghouse_cards": round(doghouse_cards / played, 2) if played else None,
        "reputation": reputation.reputation(user.pk),
        "ratings": {
            speed: rating_view(r.mu, r.sigma, r.games)
            if (r := rated.get(speed))
            else rating_view(mu, sigma, 0)
            for speed in ratings.Speed.values
        },
        "rating_history": [
            {
                "game": c.game_id,
                "speed": c.speed,
                "place": c.place,
                "finish": c.finish,
                "before": ratings.displayed(c.mu_before, c.sigma_before),
                "after": ratings.displayed(c.mu_after, c.sigma_after),
                "at": c.created,
            }
            for c in history
        ],
        "recent_games": _recent_games(user, shown, left),
        # Running games (private ones too) and a limit that grows with finished ones.
        "correspondence_games": game_selectors.game_limit(user) if own else None,
    }


def _left_seats(user, shown: Q) -> dict[int, set[int]]:
    """The seats handed to the AI for good in the user's finished games, by game: they
    count last (`games.outcome`)."""
    seats = Seat.objects.filter(
        shown, state=Seat.State.LEFT, game__status=Game.Status.FINISHED, game__seats__user=user
    )
    left = {}
    for game_id, number in seats.values_list("game_id", "number"):
        left.setdefault(game_id, set()).add(number)
    return left


def _recent_games(user, shown: Q, left: dict[int, set[int]]) -> list[dict]:
    """The last finished games the viewer may see, the last ended first."""
    seats = (
        Seat.objects.filter(shown, user=user, game__status=Game.Status.FINISHED)
        .select_related("game")
        .order_by(F("game__ended").desc(nulls_last=True), "-game__created")[:RECENT_GAMES]
    )
    return [
        {
            "id": s.game_id,
            "ended": s.game.ended,
            "players": s.game.players,
            "rated": s.game.rated,
            "time_per_move": s.game.time_per_move,
            "result": _outcome(s.number, s.game.result, left.get(s.game_id, set())),
            "doghouse_cards": len(s.game.result["doghouses"][s.number]),
            "record": f"/api/games/{s.game_id}/record",
        }
        for s in seats
    ]


def _outcome(seat: int, result: dict, left: set[int]) -> str:
    return outcome.outcome(outcome.places(engine.standings(result), left), seat)


def game_rating_changes(game_id: int) -> dict[int, dict]:
    """The rating changes of a finished game, by user id, as displayed: what the game's
    view shows (`games.outcome.rating_changes`, registered in apps.py)."""
    rows = RatingChange.objects.filter(game_id=game_id)
    return {
        c.user_id: {
            "before": ratings.displayed(c.mu_before, c.sigma_before),
            "after": ratings.displayed(c.mu_after, c.sigma_after),
        }
        for c in rows
    }


def leaderboard(speed: str) -> QuerySet[Rating]:
    """Established ratings (not provisional) of one speed class, best first (the
    displayed rating's order)."""
    return (
        Rating.objects.filter(
            speed=speed, games__gte=ratings.PROVISIONAL_GAMES, user__is_active=True
        )
        .select_related("user")
        .order_by("-mu", "user__username")
    )


def leaderboard_row(rank: int, rating: Rating) -> dict:
    return {
        "rank": rank,
        "username": rating.user.username,
        "rating": ratings.displayed(rating.mu, rating.sigma),
        "games": rating.games,
    }
