"""A web process's garbage collector leaves the loaded app alone (barkside/collector.py)."""

import gc

from barkside import asgi, collector


def test_a_web_process_freezes_the_loaded_app_and_collects_young_objects_less_often():
    assert asgi.application is not None  # the entry point the servers load
    assert gc.get_freeze_count() > 10_000
    assert gc.get_threshold() == (collector.YOUNG, 10, 10)
