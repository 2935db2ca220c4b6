"""Benchmarks run by `manage.py bench TARGET`: each prints figures, none asserts speed."""

from .engine import bench_engine

BENCHMARKS = {"engine": bench_engine}

__all__ = ["BENCHMARKS"]
