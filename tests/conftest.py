"""Shared pytest fixtures. pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml."""
