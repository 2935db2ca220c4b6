"""The contract of barkside/adapters/celery.py: after `forget_pools`, an app told another
broker sends to it, not through the pool it built for the first."""

from barkside.adapters.celery import forget_pools
from barkside.celery import app


def test_a_forgotten_pool_is_built_again_for_the_broker_set_now():
    old = app.conf.broker_url
    first = app.pool  # built for the settings' broker
    try:
        app.conf.update(
            broker_url="redis://127.0.0.1:1/3", CELERY_BROKER_URL="redis://127.0.0.1:1/3"
        )
        forget_pools(app)
        assert app.pool is not first
        assert app.pool.connection.as_uri() == "redis://127.0.0.1:1/3"
    finally:
        app.conf.update(broker_url=old, CELERY_BROKER_URL=old)
        forget_pools(app)
