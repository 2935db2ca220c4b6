"""What accounts tells the apps built on it, without knowing them (they connect in their
`AppConfig.ready()`)."""

from django.dispatch import Signal

# Someone signs in as `user` with `password` (kwargs), before the password is checked. A
# receiver may refuse by raising a ServiceError, which the API answers as it is
# (moderation: "this account is suspended", told only to whoever knows the password).
signing_in = Signal()
