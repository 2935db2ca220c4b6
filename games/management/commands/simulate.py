"""`manage.py simulate`: whole games between AI levels, with seat rotation."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.ai import LEVELS
from games.ai.arena import tournament
from games.engine import to_record


class Command(BaseCommand):
    help = "Play AI-only games and report loss rate and doghouse cards per level."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=3)
        parser.add_argument("--bots", default="random", help="comma-separated AI levels")
        parser.add_argument("--seed", default="0")
        parser.add_argument("--deck", default="auto", choices=["auto", "50", "60"])
        parser.add_argument(
            "--budget", type=float, default=None, help="hard: seconds per decision (default 1.0)"
        )
        parser.add_argument(
            "--iterations",
            type=int,
            default=None,
            help="hard: a fixed number of deals per decision instead of a time budget",
        )
        out = parser.add_mutually_exclusive_group()
        out.add_argument("--records", action="store_true", help="print each game's record")
        out.add_argument(
            "--json", dest="as_json", action="store_true", help="print the summary as JSON"
        )

    def handle(
        self,
        *args,
        games,
        players,
        bots,
        seed,
        deck,
        budget,
        iterations,
        records,
        as_json,
        **options,
    ):
        levels = [b.strip() for b in bots.split(",") if b.strip()]
        unknown = sorted(set(levels) - set(LEVELS))
        if unknown or not levels:
            raise CommandError(f"unknown AI level(s) {unknown}; known: {sorted(LEVELS)}")
        if not 3 <= players <= 6 or games < 1:
            raise CommandError("players must be 3-6 and games at least 1")
        if (budget is not None and budget <= 0) or (iterations is not None and iterations < 1):
            raise CommandError("budget must be positive and iterations at least 1")
        on_game = self._print_record if records else None
        ai = {"budget": budget, "iterations": iterations}
        stats = tournament(levels, players, games, seed, deck, on_game=on_game, options=ai)
        if records:
            return
        summary = {level: s.summary() for level, s in stats.items()}
        if as_json:
            self.stdout.write(_dumps({"players": players, "games": games, "levels": summary}))
            return
        hard = ""
        if "hard" in levels:
            hard = (
                f", hard iterations {iterations}"
                if iterations
                else f", hard budget {budget or 1.0:g} s"
            )
        self.stdout.write(f"{games} games, {players} players, seed {seed!r}{hard}")
        self.stdout.write(
            f"{'level':<8} {'seats':>6} {'losses':>7} {'loss rate (95%)':>24} "
            f"{'doghouse cards (95%)':>26}"
        )
        for level, s in summary.items():
            lo, hi = s["loss_rate_95"]
            dlo, dhi = s["mean_doghouse_95"]
            self.stdout.write(
                f"{level:<8} {s['games']:>6} {s['losses']:>7} "
                f"{s['loss_rate']:>8.1%} [{lo:6.1%}, {hi:6.1%}] "
                f"{s['mean_doghouse']:>9.2f} [{dlo:5.2f}, {dhi:5.2f}]"
            )

    def _print_record(self, state: dict) -> None:
        self.stdout.write(_dumps(to_record(state)))


def _dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))
