"""The address a request came from, the same for the sign-in lockout and the throttles.

Only the last TRUSTED_PROXY_COUNT entries of `X-Forwarded-For` were written by proxies
we run; anything left of them the client wrote itself. DRF's throttles pick the address
that way (NUM_PROXIES, set from TRUSTED_PROXY_COUNT), and django-axes asks this function
(AXES_CLIENT_IP_CALLABLE), so one rule decides both.
"""

from rest_framework.throttling import BaseThrottle


def client_address(request) -> str:
    return BaseThrottle().get_ident(request)
