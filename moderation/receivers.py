"""What moderation does when the apps below it report something (connected in apps.py)."""

from moderation import services


def refuse_shut_out_login(sender, *, user, password: str, **kwargs) -> None:
    """`accounts.signals.signing_in`: a suspended or banned account is told so, only by
    someone who knows its password."""
    services.login_check(user, password)
