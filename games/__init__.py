"""Games: the rules engine (games/engine/), the one write path, the API and realtime edges.

Games is the floor the other apps build on: they change games through `services` and
read them through `selectors`; games tells them what happened through `signals`
(`game_finished`, `game_notices`) without importing them.
"""
