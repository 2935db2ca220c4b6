"""Accounts: the custom `User` model and its admin."""
