"""`make run`'s environment (barkside/stack.py `children_env`): its processes share one cache
in Redis, on a database of its own, unless the operator chose a cache."""

import os
import subprocess
import sys

from django.conf import settings

from barkside.stack import BASE_DIR, children_env

PRIVATE = "redis://127.0.0.1:40123/0"


def test_the_private_redis_holds_the_cache_on_its_own_database():
    env = children_env({"PATH": "/usr/bin"}, PRIVATE)
    assert env["REDIS_URL"] == PRIVATE
    assert (env["CACHE"], env["CACHE_URL"]) == ("redis", "redis://127.0.0.1:40123/1")


def test_the_operator_s_redis_holds_it_on_the_next_database():
    env = children_env({"REDIS_URL": "redis://:secret@redis.example:6380/3"})
    assert (env["CACHE"], env["CACHE_URL"]) == ("redis", "redis://:secret@redis.example:6380/4")
    env = children_env({"REDIS_URL": "redis://redis.example:6380/15"})  # Redis's last
    assert env["CACHE_URL"] == "redis://redis.example:6380/14"


def test_the_operator_s_cache_stays():
    env = children_env({"CACHE": "locmem"}, PRIVATE)
    assert env["CACHE"] == "locmem" and "CACHE_URL" not in env
    env = children_env({"CACHE_URL": "redis://cache.example:6379/2"}, PRIVATE)
    assert (env["CACHE"], env["CACHE_URL"]) == ("redis", "redis://cache.example:6379/2")


def in_a_process(env: dict, code: str) -> str:
    script = f"import django; django.setup(); {code}"
    env = {**env, "DJANGO_SETTINGS_MODULE": "barkside.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=BASE_DIR, capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode().strip()


def test_what_the_web_process_sees_on_screen_the_push_worker_knows(tmp_path):
    """Presence: the web process records the game on screen, and the push worker, another
    process, skips its push (the cache on the tests' own Redis database here)."""
    redis = {"REDIS_URL": settings.REDIS_URL, "CACHE_URL": settings.REDIS_URL}
    env = children_env({"PATH": os.environ["PATH"], **redis})
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"  # never opened
    presence = "from notifications import presence; "
    in_a_process(env, presence + "presence.enter(7, 4242)")
    try:
        assert in_a_process(env, presence + "print(presence.is_watching(7, 4242))") == "True"
    finally:
        in_a_process(env, presence + "presence.leave(7, 4242)")
