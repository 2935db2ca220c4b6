"""A whole stack (`python -m barkside.stack`: uvicorn, a Celery worker with 2 processes, beat)
on the test database and a private Redis that the tests stop and start again.

The databases must be PostgreSQL for the database fault (its connections are terminated
with `pg_terminate_backend`); the other faults run on SQLite too.
"""

import pytest

from barkside.stack import redis_server
from tests.realtime.conftest import processes, stack_env  # noqa: F401  (fixtures reused)

from .stack import Stack
from .tables import Table, ai_table, mixed_table, people_table


@pytest.fixture
def fault_redis():
    """A private redis-server, never the machine's: the Redis fault stops it."""
    with redis_server() as server:
        yield server


@pytest.fixture
def redis_url(fault_redis):
    """Overrides the realtime tests' Redis: the stack and this process use the private one."""
    return fault_redis.url


@pytest.fixture
def stack(processes, stack_env):  # noqa: F811  (the fixtures imported above)
    # AI moves 0.3 s apart: games stay live for the whole test (over 40 s for the shortest
    # 4-seat game), and the people's moves are not throttled at the pace the tests play.
    stack = Stack(processes, {**stack_env, "AI_MOVE_DELAY": "0.3", "THROTTLE_MOVES": "6000/min"})
    yield stack
    stack.stop()  # before `processes` gives up on it: its children are not in its group


@pytest.fixture
def tables(people, stack) -> list[Table]:
    """Six live games: two of AI seats only, two of one person and three AI seats, and two
    of four people, the people's moves played over HTTP."""
    persons = people(10)
    return [
        ai_table(),
        ai_table(),
        mixed_table(persons[0]),
        mixed_table(persons[1]),
        people_table(persons[2:6]),
        people_table(persons[6:10]),
    ]
