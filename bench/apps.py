from django.apps import AppConfig


class BenchConfig(AppConfig):
    """Installed so that `manage.py bench` is found; no models, nothing at start-up."""

    name = "bench"
