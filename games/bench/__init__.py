"""Benchmarks run by `manage.py bench TARGET`: each prints figures, none asserts speed.

Apps built on games add theirs with `register` in their `AppConfig.ready()`.
"""

from collections.abc import Callable

from .ai import bench_ai
from .engine import bench_engine
from .load import bench_load
from .move import bench_move
from .views import bench_views

BENCHMARKS: dict[str, Callable] = {
    "ai": bench_ai,
    "engine": bench_engine,
    "load": bench_load,
    "move": bench_move,
    "views": bench_views,
}


def register(name: str, bench: Callable) -> None:
    """`bench(write, seconds=...)` runs as `manage.py bench NAME`."""
    BENCHMARKS[name] = bench


__all__ = ["BENCHMARKS", "register"]
