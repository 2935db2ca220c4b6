"""The clock a searching level's budget is read on.

In play it is the wall clock: a person waits in seconds. A measurement (`simulate
--cpu-time`) may read the thread's own CPU time instead, so that a level searching at 0.2 s
searches as much on a machine shared with other work as on a quiet one, and comparisons
between a searching level and one that does not search stay fair under load.
"""

import time

now = time.perf_counter


def use_cpu_time() -> None:
    """From now on in this process, budgets count the thread's CPU time, not wall time."""
    global now
    now = time.thread_time


def counts_cpu_time() -> bool:
    return now is time.thread_time
