"""Faults injected into a running stack (Redis, the worker, the database, the server)."""
