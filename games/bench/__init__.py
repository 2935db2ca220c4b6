"""Benchmarks run by `manage.py bench TARGET`: each prints figures, none asserts speed."""

from .ai import bench_ai
from .engine import bench_engine

BENCHMARKS = {"ai": bench_ai, "engine": bench_engine}

__all__ = ["BENCHMARKS"]
