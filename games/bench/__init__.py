"""Benchmarks run by `manage.py bench TARGET`: each prints figures, none asserts speed."""

from .ai import bench_ai
from .engine import bench_engine
from .matchmaking import bench_matchmaking

BENCHMARKS = {"ai": bench_ai, "engine": bench_engine, "matchmaking": bench_matchmaking}

__all__ = ["BENCHMARKS"]
