"""Games: the rules engine (games/engine/), the one write path, the API and realtime edges."""
