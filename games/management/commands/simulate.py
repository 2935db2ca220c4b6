"""`manage.py simulate`: whole games between AI levels, with seat rotation or duplicate deals."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.ai import clock
from games.ai.arena import tournament
from games.ai.duplicate import complete_deals, play_deal, summarize, tables
from games.ai.levels import ALL_LEVELS, SEARCHING_LEVELS
from games.engine import to_record


class Command(BaseCommand):
    help = "Play AI-only games and report loss rate and doghouse cards per level."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100, help="games (deals with --duplicate)")
        parser.add_argument("--players", type=int, default=3)
        parser.add_argument("--bots", default="random", help="comma-separated AI levels")
        parser.add_argument("--seed", default="0")
        parser.add_argument("--deck", default="auto", choices=["auto", "50", "60"])
        parser.add_argument(
            "--budget", type=float, default=None, help="searching levels: seconds per decision"
        )
        parser.add_argument(
            "--iterations",
            type=int,
            default=None,
            help="searching levels: a fixed amount of work per decision instead of a budget",
        )
        parser.add_argument(
            "--cpu-time",
            action="store_true",
            help="searching levels: count --budget in this process's CPU time, not wall time, "
            "so that a search thinks as much on a busy machine as on a quiet one",
        )
        parser.add_argument(
            "--duplicate",
            action="store_true",
            help="play each deal at every rotation of --bots (one level a seat), and again "
            "with its first two levels swapped; compare the first level with the others "
            "in pairs (same deal, same seat; with the second, the same neighbours too)",
        )
        parser.add_argument(
            "--log", default=None, help="with --duplicate: append each game's result (JSON lines)"
        )
        parser.add_argument(
            "--from-log",
            nargs="+",
            default=None,
            metavar="FILE",
            help="with --duplicate: play nothing, summarize the complete deals of these logs",
        )
        out = parser.add_mutually_exclusive_group()
        out.add_argument("--records", action="store_true", help="print each game's record")
        out.add_argument(
            "--json", dest="as_json", action="store_true", help="print the summary as JSON"
        )

    def handle(self, *args, games, players, bots, seed, deck, budget, iterations, **options):
        levels = [b.strip() for b in bots.split(",") if b.strip()]
        unknown = sorted(set(levels) - set(ALL_LEVELS))
        if unknown or not levels:
            raise CommandError(f"unknown AI level(s) {unknown}; known: {sorted(ALL_LEVELS)}")
        if not 3 <= players <= 6 or games < 1:
            raise CommandError("players must be 3-6 and games at least 1")
        if (budget is not None and budget <= 0) or (iterations is not None and iterations < 1):
            raise CommandError("budget must be positive and iterations at least 1")
        ai = {"budget": budget, "iterations": iterations}
        if options["cpu_time"]:
            clock.use_cpu_time()
        if options["duplicate"]:
            self._duplicate(levels, players, games, seed, deck, ai, options)
        else:
            self._rotation(levels, players, games, seed, deck, ai, options)

    def _rotation(self, levels, players, games, seed, deck, ai, options):
        records = options["records"]
        on_game = self._print_record if records else None
        stats = tournament(levels, players, games, seed, deck, on_game=on_game, options=ai)
        if records:
            return
        summary = {level: s.summary() for level, s in stats.items()}
        if options["as_json"]:
            self.stdout.write(_dumps({"players": players, "games": games, "levels": summary}))
            return
        self.stdout.write(f"{games} games, {players} players, seed {seed!r}{_work(levels, ai)}")
        self._write_levels(summary)

    def _duplicate(self, lineup, players, deals, seed, deck, ai, options):
        if len(lineup) != players or lineup[0] == lineup[1]:
            raise CommandError(
                "--duplicate takes one level per seat (--bots), the first two different"
            )
        if options["records"]:
            raise CommandError("--duplicate reports results, not records")
        if options["from_log"]:
            played = complete_deals([_read_log(name) for name in options["from_log"]], lineup)
            deals = len(played) // len(tables(lineup))
            source = f"from {', '.join(options['from_log'])}"
        else:
            played = self._play_deals(lineup, deals, seed, deck, ai, options["log"])
            source = f"seed {seed!r}{_work(lineup, ai)}"
        summary = summarize(played, lineup)
        if options["as_json"]:
            self.stdout.write(_dumps({"players": players, "deals": deals, **summary}))
            return
        self.stdout.write(
            f"{deals} deals x {2 * players} tables = {len(played)} games, "
            f"{players} players, {source}"
        )
        self._write_levels(summary["levels"])
        self.stdout.write(
            "paired on the same deal and seat (a - b; negative favours a; 95% intervals "
            "over the deals' mean differences):"
        )
        for p in summary["paired"]:
            how = "same neighbours" if p["twins"] else "seat only"
            lo, hi = p["doghouse_diff_95"]
            llo, lhi = p["loss_rate_diff_95"]
            self.stdout.write(
                f"{p['a']} - {p['b']}: {p['pairs']} pairs ({how}) in {p['deals']} deals, "
                f"doghouse cards "
                f"{p['doghouse_diff']:+.2f} [{lo:+.2f}, {hi:+.2f}], loss rate "
                f"{p['loss_rate_diff']:+.1%} [{llo:+.1%}, {lhi:+.1%}]"
            )

    def _play_deals(self, lineup, deals, seed, deck, ai, log):
        played = []
        for deal in range(deals):
            for game in play_deal(lineup, seed, deal, deck, ai):
                played.append(game)
                if log:
                    with open(log, "a", encoding="utf-8") as f:
                        f.write(_dumps(game) + "\n")
        return played

    def _write_levels(self, summary):
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


def _read_log(name: str) -> list[dict]:
    try:
        with open(name, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as e:
        raise CommandError(f"cannot read the log {name}: {e}") from e


def _work(levels: list[str], ai: dict) -> str:
    if not set(levels) & set(SEARCHING_LEVELS):
        return ""
    if ai["iterations"]:
        return f", searches at {ai['iterations']} iterations"
    cpu = " of CPU" if clock.counts_cpu_time() else ""
    return f", searches at {ai['budget'] or 1.0:g} s{cpu} a decision"


def _dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))
