"""`manage.py bench TARGET`: print performance figures (benchmarks, not tests)."""

from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError

from bench.ai import bench_ai
from bench.ai_queue import bench_ai_queue
from bench.coach import bench_coach
from bench.engine import bench_engine
from bench.load import bench_load
from bench.load.people import FORCED_MOVES, SPEEDS
from bench.matchmaking import bench_matchmaking
from bench.move import bench_move
from bench.reminders import bench_reminders
from bench.scale import bench_scale
from bench.stacks import bench_stacks
from bench.views import bench_views

BENCHMARKS: dict[str, Callable] = {
    "ai-queue": bench_ai_queue,
    "ai": bench_ai,
    "coach": bench_coach,
    "engine": bench_engine,
    "load": bench_load,
    "matchmaking": bench_matchmaking,
    "move": bench_move,
    "reminders": bench_reminders,
    "scale": bench_scale,
    "stacks": bench_stacks,
    "views": bench_views,
}


class Command(BaseCommand):
    help = "Run a benchmark and print its figures."

    def add_arguments(self, parser):
        parser.add_argument("target", choices=sorted(BENCHMARKS))
        parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
        parser.add_argument(
            "--budget", type=float, help="ai: the searching levels' seconds per decision"
        )
        parser.add_argument(
            "--iterations", type=int, help="coach: deals a judged decision (its default otherwise)"
        )
        load = parser.add_argument_group("load", "options of `bench load` (a running stack)")
        load.add_argument("--url", help="drive this running stack instead of starting one")
        load.add_argument(
            "--tables", type=int, help="3-person tables (default 2; `bench stacks` 20)"
        )
        load.add_argument("--people", type=int, help="people, 3 a table (instead of --tables)")
        load.add_argument(
            "--socket-share", type=float, help="share of moves sent over the game socket, 0..1"
        )
        load.add_argument(
            "--think",
            type=float,
            help="seconds a person looks at the table before a move, on average (default 0; "
            "`bench stacks` 0.3)",
        )
        load.add_argument(
            "--ramp",
            type=float,
            help="seconds over which the tables start playing, before the measured ones "
            "(default 5; 0 starts every table at the same instant)",
        )
        load.add_argument(
            "--web-processes", type=int, help="web processes of a started stack (each stack's)"
        )
        load.add_argument(
            "--server",
            choices=("uvicorn", "daphne", "granian"),
            help="the web server of a started stack (default uvicorn, as in the Procfile)",
        )
        load.add_argument(
            "--speed",
            choices=tuple(SPEEDS),
            help="the tables' clocks: live (300 s a move, the default), correspondence "
            "(a day a move) or a mix (every other table)",
        )
        load.add_argument(
            "--forced-moves",
            choices=tuple(FORCED_MOVES),
            help="every person's forced-move settings: the app's defaults (on for "
            "correspondence, off for live; the default), or on or off at both speeds",
        )
        load.add_argument("--idle-sockets", type=int, help="only open N idle game sockets")
        load.add_argument(
            "--accounts",
            type=int,
            help="ai-queue: seat 0 of every table a person, the tables dealt round N accounts",
        )
        scale = parser.add_argument_group("scale", "options of `bench scale` (N games held)")
        scale.add_argument("--games", type=int, help="running correspondence games to seed")
        scale.add_argument(
            "--idle-seconds", type=float, help="the idle window of the started stack (default 60)"
        )
        scale.add_argument(
            "--crowd",
            action="store_true",
            default=None,
            help="then the `bench load` crowd on the seeded database (its options apply)",
        )
        load.add_argument(
            "--finish", action="store_true", default=None, help="then play every game to its end"
        )

    def handle(self, *args, target, seconds, **options):
        if options["budget"] is not None and options["budget"] <= 0:
            raise CommandError("budget must be positive")
        if options["iterations"] is not None and options["iterations"] < 2:
            raise CommandError("iterations must be at least 2")
        # Only the options given reach the benchmark, so other targets never see load's.
        names = (
            "budget",
            "iterations",
            "url",
            "tables",
            "people",
            "socket_share",
            "think",
            "ramp",
            "web_processes",
            "server",
            "idle_sockets",
            "games",
            "idle_seconds",
            "speed",
            "forced_moves",
            "accounts",
        )
        given = {k: options[k] for k in (*names, "finish", "crowd") if options.get(k) is not None}
        BENCHMARKS[target](self.stdout.write, seconds=seconds, **given)
