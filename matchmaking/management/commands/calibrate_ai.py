"""`manage.py calibrate_ai`: the AI levels' reference ratings, from rated AI-only games."""

import time

from django.core.management.base import BaseCommand, CommandError

from games.ai import LEVELS
from matchmaking import ratings
from matchmaking.calibration import calibrate


class Command(BaseCommand):
    help = "Rate AI levels against each other and print their reference ratings (mu)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated")
        parser.add_argument("--per-level", type=int, default=4, help="virtual players a level")
        parser.add_argument("--seed", default="0")
        parser.add_argument(
            "--iterations", type=int, default=100, help="hard: deals per decision (default 100)"
        )

    def handle(self, *args, games, levels, per_level, seed, iterations, **options):
        chosen = [level.strip() for level in levels.split(",") if level.strip()]
        if len(set(chosen)) < 2 or set(chosen) - set(LEVELS):
            raise CommandError(f"name two or more distinct levels of {sorted(LEVELS)}")
        if games < 1 or per_level < 1 or iterations < 1 or per_level * len(chosen) < 3:
            raise CommandError("games, per-level and iterations must be positive; 3+ players")
        start = time.perf_counter()

        def progress(done):
            if done % 100 == 0:
                self.stderr.write(f"{done} games, {time.perf_counter() - start:.0f} s")

        references = calibrate(
            chosen, games, seed, per_level, {"iterations": iterations}, on_game=progress
        )
        self.stdout.write(
            f"{games} rated games, {per_level} virtual players a level, tables of 3-6, "
            f"hard at {iterations} deals a decision, seed {seed!r}, "
            f"{time.perf_counter() - start:.0f} s; mean level at mu {ratings.default()[0]:g}"
        )
        self.stdout.write(f"{'level':<8} {'mu':>6} {'spread':>7} {'seats':>6} {'shown':>6}")
        for ref in references:
            shown = ratings.displayed(ref.mu, ratings.AI_SIGMA)
            self.stdout.write(
                f"{ref.level:<8} {ref.mu:>6.1f} {ref.spread:>7.2f} {ref.seats:>6} {shown:>6}"
            )
