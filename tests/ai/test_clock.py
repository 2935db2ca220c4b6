"""Budgets on the CPU clock (`simulate --cpu-time`): time spent waiting for a core is not
thinking, so a search on a busy machine thinks as long as on a quiet one."""

import io
import time

import pytest
from django.core.management import call_command

from games.ai import clock, race


@pytest.fixture
def cpu_clock():
    wall = clock.now
    clock.use_cpu_time()
    yield
    clock.now = wall


def waited_out(seconds: float) -> bool:
    """Whether a race's budget of 0.05 s ran out while its thread only waited `seconds`."""
    moves = race.Race(2)
    deadline = clock.now() + 0.05
    time.sleep(seconds)
    return not moves.running(None, deadline)


def test_waiting_for_a_core_spends_a_wall_clock_budget():
    assert waited_out(0.1)


def test_waiting_for_a_core_leaves_a_cpu_budget_untouched(cpu_clock):
    assert not waited_out(0.1)


def test_simulate_says_its_budgets_are_cpu_time(cpu_clock):
    out = io.StringIO()
    args = ["--duplicate", "--games", "1", "--players", "3", "--bots", "hard-v1,normal,random"]
    call_command("simulate", *args, "--budget", "0.01", "--cpu-time", stdout=out)
    assert "searches at 0.01 s of CPU a decision" in out.getvalue()
