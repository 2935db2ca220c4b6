"""Benchmarks run by `manage.py bench TARGET`: each prints figures, none asserts speed."""

from .ai import bench_ai
from .engine import bench_engine
from .load import bench_load
from .matchmaking import bench_matchmaking

BENCHMARKS = {
    "ai": bench_ai,
    "engine": bench_engine,
    "load": bench_load,
    "matchmaking": bench_matchmaking,
}

__all__ = ["BENCHMARKS"]
