"""Benchmarks, run by `manage.py bench TARGET`: each prints figures, none asserts speed.

Tooling beside the apps, not inside one: it may import every app and the site (`bench
load` starts the whole stack), and nothing imports it (tests/test_layers.py checks it).
The targets, each `bench(write, seconds=..., **options)`, are listed in
`management/commands/bench.py`:

- `engine` (engine.py): random self-play through the rules engine.
- `ai` (ai.py): each AI level's decision speed, the searches at a budget.
- `coach` (coach.py): the coach's analysis of a seat of a 9-round game, at 3 and 6 players.
- `move` (move.py): a move's own cost through the one write path, one after another.
- `views` (views.py): the bytes and CPU of each move's views.
- `load` (load/): a crowd of HTTP and WebSocket clients against a started or running stack.
- `matchmaking` (matchmaking.py): the planner and the queue on a simulated clock.

This module imports nothing: Django imports it while the apps load, before models can be
read, and the benchmarks read them.
"""
