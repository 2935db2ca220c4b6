"""Which push endpoints the server POSTs to: public push services, nothing inside.

An endpoint is a URL the browser hands us, so anyone can hand us any URL, and the push
worker then connects to it: without a check that reaches hosts inside the network
(`https://127.0.0.1:8399/`, a cloud's metadata address...). Two checks:

- the URL (`check_url`): https, and a host in PUSH_ALLOWED_HOSTS (the real push services
  by default; `*.example.com` is any subdomain, `*` any host);
- the addresses (`public_address`): every address the host resolves to is public, not
  loopback, private, link-local, shared, reserved, multicast or unspecified.

Both run when a device subscribes (`check_endpoint`), and again when a push is sent:
`session()` connects to the very address it checked, so a DNS answer that changes
between the check and the connection (rebinding) can't send the worker inside.
PUSH_ALLOW_LOCAL_ENDPOINTS turns the checks off, for tests with a local fake service.
"""

import ipaddress
import socket
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.util.connection import create_connection

NOT_HTTPS = _("not https")
NOT_A_PUSH_SERVICE = _("not a push service")


class EndpointRefused(ValueError):
    """Not a push service we may POST to: `reason` for the logs, `message` for the user.

    A ValueError, not an OSError: urllib3 and requests let it through instead of retrying
    or wrapping it as a connection error.
    """

    def __init__(self, reason: str, message=NOT_A_PUSH_SERVICE):
        super().__init__(reason)
        self.message = message


def check_endpoint(url: str) -> None:
    """Raise EndpointRefused unless `url` is a public push service's (resolves the host)."""
    check_url(url)
    if not settings.PUSH_ALLOW_LOCAL_ENDPOINTS:
        parts = urlsplit(url)
        public_address(parts.hostname, _port(parts))


def _port(parts) -> int:
    try:
        port = parts.port  # a ValueError for ":99999", which URL validators let through
    except ValueError:
        raise EndpointRefused("bad port") from None
    return port or (443 if parts.scheme == "https" else 80)


def check_url(url: str) -> None:
    """The URL alone: its scheme and its host name (no DNS lookup)."""
    parts = urlsplit(url)
    if parts.scheme != "https" and not (
        parts.scheme == "http" and settings.PUSH_ALLOW_HTTP_ENDPOINTS
    ):
        raise EndpointRefused("not https", NOT_HTTPS)
    if not parts.hostname:
        raise EndpointRefused("no host")
    _port(parts)
    if settings.PUSH_ALLOW_LOCAL_ENDPOINTS:
        return
    host = parts.hostname.rstrip(".").lower()
    if not any(_host_matches(host, pattern) for pattern in settings.PUSH_ALLOWED_HOSTS):
        raise EndpointRefused("not a known push service")


def _host_matches(host: str, pattern: str) -> bool:
    pattern = pattern.strip().lower()
    if pattern.startswith("*."):  # a subdomain of it, any depth, not the domain itself
        return host.endswith(pattern[1:])
    return pattern == "*" or host == pattern


def public_address(host: str, port: int) -> str:
    """The address to connect to for `host`; EndpointRefused unless every address the
    host resolves to is public (a mix means someone controls the answer)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise EndpointRefused("the host does not resolve") from None
    addresses = [info[4][0] for info in infos]
    if not addresses:
        raise EndpointRefused("the host does not resolve")
    for address in addresses:
        if not is_public(address):
            raise EndpointRefused("not a public address")
    return addresses[0]


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # drop an IPv6 zone
    if ip.version == 6:
        # IPv4 inside IPv6 (::ffff:127.0.0.1, 2002:7f00:1::) is as public as its IPv4.
        embedded = ip.ipv4_mapped or ip.sixtofour
        if embedded is not None:
            ip = embedded
    return ip.is_global and not (ip.is_multicast or ip.is_reserved)


# --- sending: connect only to the address that was checked -------------------------------


class _CheckedAddressMixin:
    """urllib3's `_new_conn`, connecting to the address `public_address` checked.

    `host` stays the name, so TLS checks the service's certificate for it and the
    `Host` header names it; only the TCP connection goes to the checked address.
    """

    def _new_conn(self) -> socket.socket:
        if settings.PUSH_ALLOW_LOCAL_ENDPOINTS:
            return super()._new_conn()
        address = public_address(self._dns_host, self.port)
        try:
            return create_connection(
                (address, self.port),
                self.timeout,
                source_address=self.source_address,
                socket_options=self.socket_options,
            )
        except TimeoutError as e:
            raise ConnectTimeoutError(self, f"connecting to {self.host} timed out") from e
        except OSError as e:
            raise NewConnectionError(self, f"failed to connect to {self.host}: {e}") from e


class _CheckedHTTPConnection(_CheckedAddressMixin, HTTPConnection):
    pass


class _CheckedHTTPSConnection(_CheckedAddressMixin, HTTPSConnection):
    pass


class _CheckedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _CheckedHTTPConnection


class _CheckedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _CheckedHTTPSConnection


class _CheckedAdapter(HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            "http": _CheckedHTTPPool,
            "https": _CheckedHTTPSPool,
        }


def session() -> requests.Session:
    """A requests session for pushes: checked addresses, no redirects, no proxies from
    the environment (a proxy would make the connection the address check can't see)."""
    s = requests.Session()
    s.trust_env = False
    s.max_redirects = 0
    adapter = _CheckedAdapter(max_retries=0)
    s.mount("http://", adapter)
    s.mount("https://", adapter)
    return s
