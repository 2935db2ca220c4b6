"""Rating arithmetic: OpenSkill's Plackett-Luce model, the displayed number, AI references.

- Every human seat has a (mu, sigma) per speed class; a new player starts at the model's
  defaults (mu 25, sigma 25/3).
- **Displayed rating** = round(1500 + 40 x (mu - 25)), never below 0: the best guess
  of the player's skill on the familiar chess-like scale, so a newcomer shows 1500 and
  the span of real skills is some 1500 points (AI `random` 816 ... `swift` 2160). It used
  to be the conservative mu - 3 sigma, which started every newcomer at "0?" and could go
  negative: people read that as a broken number, not as caution.
- **Uncertainty**: sigma, shown as "1500?" while **provisional** (fewer than
  `PROVISIONAL_GAMES` rated games in that speed class) and as a range of +-2 sigma
  (`spread`) on profiles. The leaderboard lists established ratings only.
- **A win never lowers the rating**: OpenSkill may lower the mu of a player who shares
  first place with weaker seats (a tie with them is "worse than expected"); a player
  placed first keeps at least the rating they had (`rate`).
- **Matching skill** = the displayed rating before rounding: tables are formed from best
  guesses, so a newcomer (1500) meets average players, not beginners.
- AI seats play at fixed reference ratings per level and are never updated, so beating
  a `hard` AI is worth more than beating a `random` one.
"""

from openskill.models import PlackettLuce

from games.models import LIVE_SECONDS
from matchmaking.models import Speed

MODEL = PlackettLuce()
DISPLAY_SCALE = 40
DISPLAY_NEWCOMER = 1500  # what a newcomer (mu 25) is shown
PROVISIONAL_GAMES = 10
# (mu, sigma) per AI level, kept fixed on purpose. The mus are measured (calibration.py):
# `manage.py calibrate_ai --games 3000 --seed r1` (hard at 100 deals a decision, weaker
# than its 1.0 s budget, so its figure is a floor). `swift`, offered later, from
# `calibrate_ai --games 3000 --seed sw5` (all five levels), shifted onto this scale by the
# amount that gives the four others the same mean as here (docs/ai.md, reference ratings).
# A small sigma: a level plays alike.
AI_SIGMA = 1.0
AI_RATINGS = {
    "random": (7.9, AI_SIGMA),
    "easy": (22.4, AI_SIGMA),
    "normal": (32.6, AI_SIGMA),
    "swift": (41.5, AI_SIGMA),
    "hard": (37.1, AI_SIGMA),
}


def speed_of(time_per_move: int) -> str:
    return Speed.LIVE if time_per_move <= LIVE_SECONDS[1] else Speed.CORRESPONDENCE


def skill(mu: float) -> float:
    return DISPLAY_NEWCOMER + DISPLAY_SCALE * (mu - MODEL.mu)


def displayed(mu: float, sigma: float = 0.0) -> int:
    """The rating people see; sigma is shown apart (provisional mark, `spread`)."""
    return max(0, round(skill(mu)))


def spread(sigma: float) -> int:
    """Half the width of the range the rating very likely lies in (2 sigma), in points."""
    return round(2 * DISPLAY_SCALE * sigma)


def default() -> tuple[float, float]:
    return MODEL.mu, MODEL.sigma


def rate(ratings: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat from their places (1 = best; equal places are ties).

    A seat placed first keeps at least its mu: sharing first place with weaker seats is
    a tie OpenSkill scores below expectation, but people shown "You won!" must never see
    their rating fall. Its sigma still narrows.
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    after = [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=ranks)]
    return [
        (max(mu1, mu0), sigma1) if rank == 1 else (mu1, sigma1)
        for (mu0, _), (mu1, sigma1), rank in zip(ratings, after, ranks, strict=True)
    ]
