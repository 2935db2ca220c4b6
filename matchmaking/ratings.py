"""Rating arithmetic: OpenSkill's Plackett-Luce model, the displayed number, AI references.

- Every human seat has a (mu, sigma) per speed class; a new player starts at the model's
  defaults (mu 25, sigma 25/3).
- **Displayed rating** = round(40 x (mu - 3 sigma)): a conservative estimate (the player
  is very likely at least this good) that starts at 0 and rises as games narrow sigma;
  40 makes an established average player (mu 25, sigma about 1) show around 880 and
  the span of real skills some 1500 points.
- **Provisional** until `PROVISIONAL_GAMES` rated games in that speed class.
- **Matching skill** = 40 x mu, the same scale without the uncertainty penalty: tables are
  formed from best guesses, so a newcomer (1000) meets average players, not beginners.
- AI seats play at fixed reference ratings per level and are never updated, so beating
  a `hard` AI is worth more than beating a `random` one.
"""

from openskill.models import PlackettLuce

from games.models import LIVE_SECONDS
from matchmaking.models import Speed

MODEL = PlackettLuce()
DISPLAY_SCALE = 40
PROVISIONAL_GAMES = 10
# (mu, sigma) per AI level, kept fixed on purpose. The mus are measured (calibration.py):
# `manage.py calibrate_ai --games 3000 --seed r1` (hard at 100 deals a decision, weaker
# than its 1.0 s budget, so its figure is a floor). A small sigma: a level plays alike.
AI_SIGMA = 1.0
AI_RATINGS = {
    "random": (7.9, AI_SIGMA),
    "easy": (22.4, AI_SIGMA),
    "normal": (32.6, AI_SIGMA),
    "hard": (37.1, AI_SIGMA),
}


def speed_of(time_per_move: int) -> str:
    return Speed.LIVE if time_per_move <= LIVE_SECONDS[1] else Speed.CORRESPONDENCE


def displayed(mu: float, sigma: float) -> int:
    return round(DISPLAY_SCALE * (mu - 3 * sigma))


def skill(mu: float) -> float:
    return DISPLAY_SCALE * mu


def default() -> tuple[float, float]:
    return MODEL.mu, MODEL.sigma


def places(standings: list[int], left: set[int]) -> list[int]:
    """Places (1 = best, equal = shared) from `engine.standings`, with every seat that
    left (resigned, or three timeouts) below everyone who stayed."""
    keys = [(seat in left, place) for seat, place in enumerate(standings)]
    return [1 + sum(other < key for other in keys) for key in keys]


def rate(ratings: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat from their places (1 = best; equal places are ties)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=ranks)]
