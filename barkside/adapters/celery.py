"""Celery's internals: an app's producer pool, forgotten.

Relies on (contract: tests/adapters/test_celery.py): `Celery._after_fork`, which drops
the app's connection pool and its AMQP producer pool, as a forked worker child must. An
app told another broker (`conf.broker_url`) would otherwise go on sending through the
pool it built for the first one; Celery has no public call that drops it.
"""


def forget_pools(app) -> None:
    """The app's next task builds its producer pool anew, from the broker set now."""
    app._after_fork()
