"""`manage.py train_swift`: self-play data, a NumPy fit, the `swift` weights file."""

import hashlib
import os
import shlex
from pathlib import Path

import numpy as np
from django.core.management.base import BaseCommand, CommandError

from games.ai.selfplay import generate, merge
from games.ai.training import fit

# The options that decide the weights, in the order the command line is written back.
OPTIONS = (
    "seed",
    "games",
    "players",
    "explore",
    "generations",
    "teacher_iterations",
    "teacher_games",
    "hidden",
    "epochs",
    "batch",
    "lr",
    "imitation",
    "target",
)


def _cpu_seconds() -> float:
    """This process's CPU time and its finished children's (the --jobs workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def seed_int(seed: str, part: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{part}".encode()).digest()[:8], "big")


class Command(BaseCommand):
    help = (
        "Train the swift network: self-play games recorded with their outcomes (and hard's "
        "choices with --teacher-iterations), a NumPy fit, the weights written as .npz."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seed", default="swift", help="every random draw follows from it")
        parser.add_argument("--games", type=int, default=2000, help="self-play games a generation")
        parser.add_argument("--players", default="3,4,5,6", help="table sizes, cycled by game")
        parser.add_argument(
            "--explore", type=float, default=0.1, help="share of random moves in self-play"
        )
        parser.add_argument(
            "--generations",
            type=int,
            default=1,
            help="1: normal plays the games; each further generation is played by the "
            "network fitted so far (with --explore), its data added to the rest",
        )
        parser.add_argument(
            "--teacher-iterations",
            type=int,
            default=0,
            help="one seat a game plays hard at this many deals a decision (deterministic), "
            "its choices learned by imitation; 0: no teacher",
        )
        parser.add_argument(
            "--teacher-games", type=int, default=0, help="games with a hard seat (first generation)"
        )
        parser.add_argument("--hidden", default="256,128", help="hidden layer sizes")
        parser.add_argument("--epochs", type=int, default=4, help="epochs a generation")
        parser.add_argument("--batch", type=int, default=512)
        parser.add_argument("--lr", type=float, default=1e-3)
        parser.add_argument("--imitation", type=float, default=1.0, help="imitation loss weight")
        parser.add_argument("--target", default="round_cost", choices=["round_cost", "game_cost"])
        parser.add_argument(
            "--out", required=True, help="the .npz to write (games/ai/swift-*.npz are served)"
        )
        parser.add_argument("--save-data", default=None, help="also write the data (.npz)")
        parser.add_argument(
            "--jobs", type=int, default=1, help="processes playing the games (same weights)"
        )

    def handle(self, *args, **o):
        players = [int(p) for p in o["players"].split(",")]
        if not all(3 <= p <= 6 for p in players) or o["games"] < 1 or o["generations"] < 1:
            raise CommandError("players must be 3-6, games and generations at least 1")
        if o["teacher_games"] and o["teacher_iterations"] < 1:
            raise CommandError("--teacher-games needs --teacher-iterations")
        hidden = [int(h) for h in o["hidden"].split(",")]
        command = "manage.py train_swift " + " ".join(
            f"--{name.replace('_', '-')} {shlex.quote(str(o[name]))}" for name in OPTIONS
        )
        started = _cpu_seconds()
        parts, network = [], None
        log = self.stdout.write
        if o["teacher_games"]:
            log(f"teacher: {o['teacher_games']} games, hard at {o['teacher_iterations']} deals")
            parts.append(
                generate(
                    o["teacher_games"],
                    players,
                    f"{o['seed']}:teacher",
                    o["explore"],
                    teacher_iterations=o["teacher_iterations"],
                    progress=lambda g, r, t: log(f"  {g} games, {r} rows, {t} hard decisions"),
                    jobs=o["jobs"],
                )
            )
        for generation in range(o["generations"]):
            behaviour = "normal" if network is None else "the network so far"
            log(f"generation {generation + 1}: {o['games']} games by {behaviour}")
            parts.append(
                generate(
                    o["games"],
                    players,
                    f"{o['seed']}:g{generation}",
                    o["explore"],
                    behaviour=network,
                    progress=lambda g, r, t: log(f"  {g} games, {r} rows"),
                    jobs=o["jobs"],
                )
            )
            data = merge(parts)
            log(f"fitting on {len(data['x'])} rows, {len(data['teacher_sizes'])} hard decisions")
            result = fit(
                data,
                seed_int(o["seed"], f"fit{generation}"),
                hidden,
                o["epochs"],
                o["batch"],
                o["lr"],
                o["imitation"],
                o["target"],
                meta={"command": command},
                log=log,
            )
            network = result.network
        if o["save_data"]:
            np.savez_compressed(o["save_data"], **data)
        cpu = _cpu_seconds() - started
        network.meta.update(
            rows=int(len(data["x"])),
            hard_decisions=int(len(data["teacher_sizes"])),
            cpu_seconds=round(cpu),
            report=result.report,
        )
        network.save(Path(o["out"]))
        size = Path(o["out"]).stat().st_size
        log(f"wrote {o['out']} ({size / 1e6:.2f} MB) in {cpu:.0f} s of CPU: {command}")
