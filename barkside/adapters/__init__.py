"""Where the project leans on other libraries' internals: one module per library.

The rule: every private name of another library that the project uses (an attribute,
method or module whose name starts with `_`, such as a QuerySet's `_result_cache`), and
every undocumented internal the hot paths build on, lives in one module here, in a small
function that says which names it relies on and why the public API doesn't do. Nothing
else in the project touches them (tests/test_layers.py checks). Each module has a
contract test in tests/adapters/ that fails when the library changes what the module
relies on, and pyproject.toml bounds the library to the versions those tests verify.

- `django_orm`: objects read by hand-written SQL, made to look as the ORM leaves them
  (converters, related objects and prefetched querysets in memory).
- `channels_redis`: the Redis channel and host a pub/sub layer publishes a group's
  messages on, for publishing from sync code without the event loop.
- `psycopg`: psycopg's C `timestamptz` loader.
- `celery`: an app's producer pool forgotten, to send to another broker.
"""
