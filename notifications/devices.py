"""Whether a person has a device to push to, known to the cache so that the notices of
a move for somebody without one (most people) queue nothing.

Every move tells its notices (`your_turn`...) on the path of the move. Asking the
database there would cost every move a query; queueing a push task for each notice
costs the move a broker round trip and the worker a task that finds no device. So the
push worker writes down what it found (`has_devices`), the subscription's own writes
keep it true (apps.py connects `subscribed` and `unsubscribed`), and a notice for
somebody known to have no device stops at a cache read, one for all of a move's notices
(`known_none`).

A subscription made while a worker was reading "none" could be missed: the worker only
adds its answer where the subscription has not already written (`cache.add`), and the
answer expires after SECONDS in any case.
"""

from django.core.cache import cache

from notifications.models import PushSubscription

SECONDS = 300
NONE, SOME = 0, 1  # not booleans: Django's Redis cache stores an int as a plain number


def _key(user_id: int) -> str:
    return f"push-devices:{user_id}"


def known_none(user_ids) -> set[int]:
    """Those of `user_ids` the cache knows to have no device (unknown ones are not), in
    one cache read."""
    keys = {_key(user_id): user_id for user_id in user_ids}
    found = cache.get_many(list(keys)) if keys else {}
    return {keys[key] for key, value in found.items() if value == NONE}


def has_devices(user_id: int) -> bool:
    """The database's answer, kept for the notices to come."""
    found = PushSubscription.objects.filter(user_id=user_id).exists()
    cache.add(_key(user_id), SOME if found else NONE, SECONDS)
    return found


def subscribed(sender, instance, **kwargs) -> None:
    """post_save of a subscription: the person has a device now."""
    cache.set(_key(instance.user_id), SOME, SECONDS)


def unsubscribed(sender, instance, **kwargs) -> None:
    """post_delete of a subscription: maybe their last; the next worker finds out."""
    cache.delete(_key(instance.user_id))
