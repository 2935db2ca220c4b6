"""`manage.py bench TARGET`: print performance figures (benchmarks, not tests)."""

from django.core.management.base import BaseCommand

from games.bench import BENCHMARKS


class Command(BaseCommand):
    help = "Run a benchmark and print its figures."

    def add_arguments(self, parser):
        parser.add_argument("target", choices=sorted(BENCHMARKS))
        parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")

    def handle(self, *args, target, seconds, **options):
        BENCHMARKS[target](self.stdout.write, seconds=seconds)
