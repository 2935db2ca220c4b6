"""`manage.py bench TARGET`: print performance figures (benchmarks, not tests)."""

from django.core.management.base import BaseCommand, CommandError

from games.bench import BENCHMARKS


class Command(BaseCommand):
    help = "Run a benchmark and print its figures."

    def add_arguments(self, parser):
        parser.add_argument("target", choices=sorted(BENCHMARKS))
        parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
        parser.add_argument(
            "--budget",
            type=float,
            default=None,
            help="ai: the searching levels' seconds per decision",
        )

    def handle(self, *args, target, seconds, budget, **options):
        if budget is not None and budget <= 0:
            raise CommandError("budget must be positive")
        BENCHMARKS[target](self.stdout.write, seconds=seconds, budget=budget)
