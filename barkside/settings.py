"""Barkside settings: one file, every knob an environment variable read through `env`.

Defaults run locally with nothing configured (SQLite, Redis on localhost, DEBUG on).
"""

import os
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _to_bool(raw: str) -> bool:
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError("expected one of 1/0/true/false/yes/no/on/off")


def _to_list(raw: str) -> list[str]:
    return [item.strip() for item in raw.split(",") if item.strip()]


_CASTS: dict[type, Callable[[str], Any]] = {
    str: str,
    int: int,
    float: float,
    bool: _to_bool,
    list: _to_list,
}


def env(name: str, default: Any, cast: type = str) -> Any:
    """Read environment variable `name` as `cast` (str, int, float, bool or list).

    An unset variable gives `default` as is; a set one that doesn't parse raises
    ImproperlyConfigured naming the variable and the value, so a typo stops the start.
    """
    if cast not in _CASTS:
        raise ImproperlyConfigured(f"env(): unsupported cast {cast!r} for {name}")
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return _CASTS[cast](raw)
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"Environment variable {name}={raw!r} is not a valid {cast.__name__}: {exc}"
        ) from exc


BASE_DIR = Path(__file__).resolve().parent.parent

# --- Core -----------------------------------------------------------------------------

DEV_SECRET_KEY = "dev-insecure-barkside-secret-key-do-not-use-in-production"
SECRET_KEY = env("SECRET_KEY", DEV_SECRET_KEY)
DEBUG = env("DEBUG", True, bool)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")

ALLOWED_HOSTS = env("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"], list)

INSTALLED_APPS = [
    "daphne",  # first, so `runserver` serves ASGI (HTTP + WebSockets)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files as static files (SPECTACULAR_SETTINGS)
    "axes",
    "channels",
    # The project's apps, each above those it builds on (tests/test_layers.py checks it).
    "accounts",
    "games",
    "notifications",
    "moderation",
    "matchmaking",
    # Tooling on top of every app, installed so that `manage.py bench` is found: it has no
    # models and loads nothing at start-up.
    "bench",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads the request: PostgreSQL refuses NUL bytes (barkside/nul_bytes.py).
    "barkside.nul_bytes.RefuseNulBytesMiddleware",
    # Before WhiteNoise: compresses the web app's files it serves (barkside/frontend.py).
    "barkside.frontend.AppGZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Activates the request's language (Accept-Language): API error details and DRF's
    # field messages follow it (barkside/error_texts.py).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.GuestSeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes requires.
    "axes.middleware.AxesMiddleware",
]
# HTTP requests and socket calls (moves, reads, chat lines) a web process runs at once,
# each wholly in one of as many threads; the others wait their turn, first come first
# served (barkside/database_threads.py). Few: every thread more is one more for the GIL
# that the event loop, which sends every socket its messages, waits behind
# (docs/performance.md). With DB_POOL_SIZE, as many connections.
REQUEST_THREADS = env("REQUEST_THREADS", 6, int)

ROOT_URLCONF = "barkside.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # The web app's index.html; the project's own pages (the API docs: barkside/urls.py).
        "DIRS": [BASE_DIR / "frontend", BASE_DIR / "barkside" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "barkside.wsgi.application"
ASGI_APPLICATION = "barkside.asgi.application"

# --- Data -----------------------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env("DB_CONN_MAX_AGE", 0, int),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction begins, so concurrent moves queue up
    # instead of failing with "database is locked" when a reader tries to upgrade.
    DATABASES["default"].setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)
    # Tests use a file, not shared-cache memory, whose table locks ignore the timeout.
    DATABASES["default"]["TEST"] = {"NAME": env("TEST_DB_NAME", str(BASE_DIR / ".test-db.sqlite3"))}
elif env("TEST_DB_NAME", ""):
    DATABASES["default"]["TEST"] = {"NAME": env("TEST_DB_NAME", "")}
# PostgreSQL in production: each process keeps up to DB_POOL_SIZE connections open in a
# pool (psycopg's, through Django) and lends one to each request or socket call, instead
# of connecting for every one of them. Keep web processes x DB_POOL_SIZE + workers under
# the server's max_connections. 0 (the default: tests, SQLite) means no pool, and
# DB_CONN_MAX_AGE decides.
DB_POOL_SIZE = env("DB_POOL_SIZE", 0, int)
_POSTGRESQL = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if _POSTGRESQL:  # Django's, with timestamps read in C (barkside/postgresql/base.py)
    DATABASES["default"]["ENGINE"] = "barkside.postgresql"
if _POSTGRESQL and DB_POOL_SIZE > 0:
    if DATABASES["default"]["CONN_MAX_AGE"]:
        raise ImproperlyConfigured(
            "DB_CONN_MAX_AGE keeps connections of its own: set it to 0 with DB_POOL_SIZE, "
            "or set DB_POOL_SIZE=0."
        )
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 10,  # seconds a caller waits for a free connection before an error
    }
# Prepared statements on PostgreSQL: values bound by the server (not quoted into the SQL
# text by psycopg), and a statement run 5 times on a connection is prepared there, so
# that its plan is made once, not for every move: planning the game's locked read (a join
# of four tables) was most of its cost (docs/performance.md). Django turns them off by
# default for transaction-pooling proxies (PgBouncer's transaction mode): set
# DB_PREPARED_STATEMENTS=false behind one.
if _POSTGRESQL and env("DB_PREPARED_STATEMENTS", True, bool):
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=5
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL", "redis://127.0.0.1:6379/0")

if env("CHANNEL_LAYER", "redis") == "memory":
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
else:
    # channels_redis's pub/sub layer: a group message is one Redis PUBLISH, which the
    # threads of requests and socket moves send themselves (barkside/broadcast.py), and
    # each process reads what its sockets subscribed to as it arrives: a far shorter
    # fan-out than the core layer's, which queues messages in Redis and lost some under
    # load (CHANNEL_LAYER_BACKEND=channels_redis.core.RedisChannelLayer; see
    # docs/performance.md). Broadcasts go out
    # after a change commits, from inside the request that made it: a Redis that does
    # not answer must not hold it for ever (2 s to connect, 10 s for an answer).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": env(
                "CHANNEL_LAYER_BACKEND", "channels_redis.pubsub.RedisPubSubChannelLayer"
            ),
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_connect_timeout": 2, "socket_timeout": 10}]
            },
        }
    }

# Throttling and other short-lived counters. locmem is per process, so a deployment with
# several workers sets CACHE=redis. `cache.clear()` flushes the whole Redis database: give
# the cache its own database with CACHE_URL rather than sharing Celery's and Channels'.
CACHE = env("CACHE", "locmem")
if CACHE == "redis":
    CACHES = {
        "default": {
            "BACKEND": "barkside.redis_pool.RedisCache",
            "LOCATION": env("CACHE_URL", REDIS_URL),
            "KEY_PREFIX": "barkside",
            "OPTIONS": {"pool_class": "barkside.redis_pool.SharedConnectionPool"},
        }
    }
elif CACHE == "locmem":
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
else:
    raise ImproperlyConfigured(f"Environment variable CACHE={CACHE!r}: use 'locmem' or 'redis'.")

CELERY_BROKER_URL = REDIS_URL
# No result backend (Celery's "disabled" one): say it is thread-safe, so Celery makes it
# once per process rather than once per thread, i.e. per ASGI request, where each time it
# scans every installed package's entry points.
CELERY_RESULT_BACKEND_THREAD_SAFE = True
CELERY_TASK_ALWAYS_EAGER = env("CELERY_TASK_ALWAYS_EAGER", False, bool)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BEAT_SCHEDULE = {
    "sweep": {"task": "games.tasks.sweep", "schedule": env("SWEEP_SECONDS", 5.0, float)},
}

# --- Guests (accounts/guests.py, games/guests.py) ----------------------------------------

# A guest that makes no request for this long is removed, its running games ended.
GUEST_IDLE_HOURS = env("GUEST_IDLE_HOURS", 72.0, float)
# A guest's removal time is written again only once it is this many seconds old.
GUEST_SEEN_STEP = env("GUEST_SEEN_STEP", 3600, int)
CELERY_BEAT_SCHEDULE["guests-expire"] = {
    "task": "games.tasks.guests_expire",
    "schedule": env("GUEST_EXPIRE_SECONDS", 600.0, float),
}

# --- Games ----------------------------------------------------------------------------

# Seconds between an AI's moves, so people can follow them one by one.
AI_MOVE_DELAY = env("AI_MOVE_DELAY", 0.6, float)
# Seconds the `hard` AI may think per decision.
AI_BUDGET = env("AI_BUDGET", 1.0, float)
# Seconds past its delay by which an AI turn should be made, however many tables wait for
# the workers: a turn already late thinks less, down to the `normal` rule (games/autoplay.py).
AI_LATE_LIMIT = env("AI_LATE_LIMIT", 2.0, float)
# Fair shares (games/shares.py): what one person may hold at once of what every player
# shares. Running live games with AI seats (the AI workers' time), and open public tables
# waiting for players (the lobby).
LIVE_AI_GAMES_PER_PERSON = env("LIVE_AI_GAMES_PER_PERSON", 3, int)
OPEN_TABLES_PER_PERSON = env("OPEN_TABLES_PER_PERSON", 3, int)
# Seconds an open table waits for its next player (from its opening, or the last person
# who sat down or left) before it closes, aborted: live tables, correspondence tables.
OPEN_TABLE_EXPIRY_LIVE = env("OPEN_TABLE_EXPIRY_LIVE", 1800.0, float)
OPEN_TABLE_EXPIRY_CORRESPONDENCE = env("OPEN_TABLE_EXPIRY_CORRESPONDENCE", 259200.0, float)
# Seconds after a correspondence seat's deadline before the others may vote to hand it to
# the AI (games/correspondence.py): never within seconds of a deadline.
EXPEL_GRACE_SECONDS = env("EXPEL_GRACE_SECONDS", 3600, int)
if EXPEL_GRACE_SECONDS < 0:
    raise ImproperlyConfigured(f"EXPEL_GRACE_SECONDS={EXPEL_GRACE_SECONDS}: 0 or more seconds")
# Vacations a player may start in 24 hours: each start and each end re-tells every
# correspondence game of theirs (a new version, a broadcast).
VACATION_STARTS_PER_DAY = env("VACATION_STARTS_PER_DAY", 3, int)
if VACATION_STARTS_PER_DAY < 1:
    raise ImproperlyConfigured(f"VACATION_STARTS_PER_DAY={VACATION_STARTS_PER_DAY}: 1 or more")

# --- Auth -----------------------------------------------------------------------------

AUTH_USER_MODEL = "accounts.User"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# django-axes: failed logins are counted per (username, IP address) pair, so a stranger
# guessing alice's password locks out only themselves, not alice on her own phone.
# Attempts live in the database (AccessAttempt, visible in the admin).
AXES_FAILURE_LIMIT = env("AXES_FAILURE_LIMIT", 5, int)
AXES_COOLOFF_TIME = timedelta(minutes=env("AXES_COOLOFF_MINUTES", 15, int))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A locked-out login answers 429 in the API's one error shape, code `locked_out`.
AXES_LOCKOUT_CALLABLE = "accounts.apis.locked_out_response"

# --- API ------------------------------------------------------------------------------


def _throttle_rate(name: str, default: str) -> str:
    """A DRF rate such as "20/min", checked now rather than on the first request."""
    rate = env(name, default)
    if not re.fullmatch(r"\d+/[smhd][a-z]*", rate):
        raise ImproperlyConfigured(
            f"Environment variable {name}={rate!r} is not a rate like '20/min' or '5/s'"
        )
    return rate


REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: its `WWW-Authenticate` header makes "not signed in" a 401.
        "barkside.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "barkside.schema.AutoSchema",
    "EXCEPTION_HANDLER": "barkside.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": [
        "barkside.renderers.JSONRenderer",  # answers a lone surrogate echoed from the input
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "barkside.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # A view opts into a stricter budget with `throttle_scope = "auth"` or `"moves"`;
    # ScopedRateThrottle ignores views without one.
    "DEFAULT_THROTTLE_CLASSES": [
        "barkside.throttling.AnonRateThrottle",
        "barkside.throttling.UserRateThrottle",
        "barkside.throttling.ScopedRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": _throttle_rate("THROTTLE_ANON", "60/min"),
        "user": _throttle_rate("THROTTLE_USER", "600/min"),
        "auth": _throttle_rate("THROTTLE_AUTH", "20/min"),  # register, login, password change
        "moves": _throttle_rate("THROTTLE_MOVES", "120/min"),  # playing cards
        "guest": _throttle_rate("THROTTLE_GUEST", "10/hour"),  # guests made, per address
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Barkside API",
    "DESCRIPTION": "The Bark Side: a climbing card game for 3-6 players.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies are JSON: form posts can't carry the strict types (numbers, booleans).
    "PARSER_WHITELIST": ["rest_framework.parsers.JSONParser"],
    # Two components have a `status` of their own choices: each gets a stable name.
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": ["open", "active", "finished", "aborted"],  # a game's
        "AnalysisStatusEnum": ["queued", "running", "done", "failed"],
    },
    # /api/docs/ runs Swagger UI from this app's static files (drf-spectacular-sidecar):
    # it works offline, and the CSP stays `'self'` (barkside/csp.py).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # A game's id in a URL (games/converters.py): an integer below 2**53, which
    # JavaScript reads exactly.
    "PATH_CONVERTER_OVERRIDES": {
        "game_id": {"type": "integer", "format": "int64", "minimum": 1, "maximum": 2**53 - 1},
        "seat": {"type": "integer", "minimum": 0, "maximum": 5},
    },
}

# --- Sockets (games/socket_limits.py) --------------------------------------------------


def _at_least_one(name: str, default: Any, cast: type) -> Any:
    value = env(name, default, cast)
    if value < 1:
        raise ImproperlyConfigured(f"Environment variable {name}={value!r} must be 1 or more")
    return value


# Each socket may send SOCKET_RATE_MESSAGES messages per SOCKET_RATE_SECONDS (a burst of
# that many, then that pace); over it a message is refused, and a socket that keeps on
# sending is closed (4429).
SOCKET_RATE_MESSAGES = _at_least_one("SOCKET_RATE_MESSAGES", 30, int)
SOCKET_RATE_SECONDS = _at_least_one("SOCKET_RATE_SECONDS", 10.0, float)
# A client message over this many bytes is refused unread (1009). uvicorn gets the same
# limit (`--ws-max-size`, barkside/stack.py and the Procfile, the same default): a move or
# a chat line is far smaller.
SOCKET_MAX_BYTES = _at_least_one("SOCKET_MAX_BYTES", 16 * 1024, int)
# Sockets one person may hold open at once, both kinds, across web processes (with
# CACHE=redis): a game on screen in a few tabs, up to 20 correspondence games, /ws/me/.
SOCKETS_PER_PERSON = _at_least_one("SOCKETS_PER_PERSON", 30, int)

# --- I18n, static ---------------------------------------------------------------------

LANGUAGE_CODE = "en-us"
# The languages API errors are answered in (barkside/error_texts.py), from Accept-Language.
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("ko", "한국어"),
]
TIME_ZONE = "UTC"
USE_I18N = True
# Translations of the API's own field messages ("each size once", "Wrong password.");
# Django's and DRF's have their own. The .mo files are committed: a machine without GNU
# gettext can't run `compilemessages`.
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True

STATIC_URL = "/static/"
# Where `collectstatic` (the release step) gathers the admin's files for WhiteNoise.
STATIC_ROOT = Path(env("STATIC_ROOT", str(BASE_DIR / "staticfiles")))

# --- Logging --------------------------------------------------------------------------

LOG_LEVEL = env("LOG_LEVEL", "INFO")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
    },
}

# --- The web app (frontend/) ----------------------------------------------------------

# Served by WhiteNoise as they are (no build step); `/` is frontend/index.html (a view,
# barkside/frontend.py), and `/sw.js` and `/manifest.webmanifest` sit at the root so the
# service worker's scope is `/`.
FRONTEND_DIR = BASE_DIR / "frontend"
WHITENOISE_ROOT = FRONTEND_DIR


def _frontend_cache_headers(headers, path: str, url: str) -> None:
    from barkside.frontend import cache_headers  # imports Django: not at settings time

    cache_headers(headers, path, url)


WHITENOISE_ADD_HEADERS_FUNCTION = _frontend_cache_headers
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json", ".js": "text/javascript"}

# --- Workers --------------------------------------------------------------------------

CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker outage never ends a worker: it reconnects for as long as it takes (and in
# production a supervisor restarts it should it die anyway: docs/operations.md).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# Tasks are sent after a change commits, from inside the request that made it: a broker
# that is down or silent must cost that request a few seconds, never hang it (the
# sweeper queues a lost AI turn again). Without socket timeouts a Redis that accepts
# the connection but never answers holds the publish forever; three tries ride over a
# restarted Redis whose pooled connections died.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
    # Ping idle broker connections, so that a restarted Redis is noticed within seconds.
    "health_check_interval": 10,
    # A task reserved by a worker that was killed goes back to the queue after this long.
    # AI turns do not wait for it: a worker's (re)connection re-queues them (games.tasks).
    "visibility_timeout": env("CELERY_VISIBILITY_TIMEOUT", 600, int),
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# A task running when the broker drops finishes its compare-and-set; if its lost ack makes
# it run again, the second run is a no-op. Cancelling it would only waste the work.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# AI turns are short and ordered per game: a worker takes one task at a time.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1

# --- Web Push (notifications/) ----------------------------------------------------------

# Unset: a key pair is generated on first use and kept in the database (VapidKey).
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = env("VAPID_SUBJECT", "mailto:admin@barkside.invalid")
PUSH_TTL = env("PUSH_TTL", 3600, int)  # seconds a push service keeps an undelivered notice
# A game's chat pushes a person at most once in this many seconds: one message calls them
# to the table, where they read the rest.
CHAT_PUSH_SECONDS = env("CHAT_PUSH_SECONDS", 300, int)
# Push services are https; plain http endpoints only for local tests and development.
PUSH_ALLOW_HTTP_ENDPOINTS = env("PUSH_ALLOW_HTTP_ENDPOINTS", DEBUG, bool)
# A browser hands us the URL the worker will POST to: only these push services' hosts
# (`*.` any subdomain, `*` any host), and only at public addresses, checked on subscribe
# and again at the connection (notifications/endpoints.py).
PUSH_ALLOWED_HOSTS = env(
    "PUSH_ALLOWED_HOSTS",
    [
        "fcm.googleapis.com",  # Chrome, Edge on Android, Samsung Internet, Opera
        "*.push.services.mozilla.com",  # Firefox
        "web.push.apple.com",  # Safari
        "*.notify.windows.com",  # Edge on Windows
    ],
    list,
)
# Tests only: endpoints on any host and address, for a local fake push service.
PUSH_ALLOW_LOCAL_ENDPOINTS = env("PUSH_ALLOW_LOCAL_ENDPOINTS", False, bool)
# Seconds to connect to a push service, and to wait for each read of its answer.
PUSH_TIMEOUT = env("PUSH_TIMEOUT", 5.0, float)
# Pushes wait on other people's servers, so they have a queue and a worker of their own
# (Procfile `push`, barkside/stack.py): a push service that never answers can't hold up
# AI turns and timeouts, which stay on Celery's default queue.
PUSH_QUEUE = "push"
CELERY_TASK_ROUTES = {
    "notifications.tasks.push_notice": {"queue": PUSH_QUEUE},
    "notifications.tasks.send_push": {"queue": PUSH_QUEUE},
    "notifications.tasks.send_pushes": {"queue": PUSH_QUEUE},
    "notifications.tasks.send_digests": {"queue": PUSH_QUEUE},
}

# --- The coach (games/analyses.py, docs/ai.md) -------------------------------------------

# An analysis takes up to a minute of CPU: its own queue and worker (Procfile `coach`,
# barkside/stack.py), one at a time and at a lower OS priority, so AI turns and timeouts
# on Celery's default queue never wait behind one.
COACH_QUEUE = "coach"
CELERY_TASK_ROUTES["games.tasks.analyse"] = {"queue": COACH_QUEUE}
# An analysis running longer is stopped and ends as failed (the person may ask again).
COACH_TIME_LIMIT = env("COACH_TIME_LIMIT", 300, int)
# A queued or running analysis older than this no longer keeps its person from asking for
# another, nor for it again: its task was lost (a worker killed, a Redis restarted).
COACH_STALE_SECONDS = env("COACH_STALE_SECONDS", 900, int)
# Search iterations per decision; 0: the coach's own default (tests use few).
COACH_ITERATIONS = env("COACH_ITERATIONS", 0, int)
# Beat looks for a correspondence turn's reminders due (start, half time, the last hour)
# this often, and for the email digests due (at most one a day per person) this often.
CELERY_BEAT_SCHEDULE["reminders"] = {
    "task": "notifications.tasks.send_reminders",
    "schedule": env("REMINDER_SECONDS", 60.0, float),
}
CELERY_BEAT_SCHEDULE["digests"] = {
    "task": "notifications.tasks.send_digests",
    "schedule": env("DIGEST_SECONDS", 3600.0, float),
}

# --- Email (the digest) ---------------------------------------------------------------------

# Printed to the console unless an SMTP server is named; links in emails start with SITE_URL.
SITE_URL = env("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
EMAIL_HOST = env("EMAIL_HOST", "")
EMAIL_BACKEND = env(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env("EMAIL_PORT", 587, int)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = env("EMAIL_USE_SSL", False, bool)  # TLS from the start (port 465)
EMAIL_USE_TLS = env("EMAIL_USE_TLS", not EMAIL_USE_SSL, bool)  # STARTTLS (port 587)
if EMAIL_USE_SSL and EMAIL_USE_TLS:
    raise ImproperlyConfigured("EMAIL_USE_SSL and EMAIL_USE_TLS: set one of them, not both.")
EMAIL_TIMEOUT = env("EMAIL_TIMEOUT", 10.0, float)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "Barkside <noreply@localhost>")

# --- Matchmaking and ratings (matchmaking/) ----------------------------------------------

# Beat forms tables this often (joining the queue also triggers a run at once).
MATCHMAKING_SECONDS = env("MATCHMAKING_SECONDS", 3.0, float)
CELERY_BEAT_SCHEDULE["matchmaking"] = {
    "task": "matchmaking.tasks.form_tables",
    "schedule": MATCHMAKING_SECONDS,
}
# The rating gap a table accepts, in displayed rating points (see matchmaking/ratings.py):
# base + per second waited by the table's longest waiter, capped.
MATCHMAKING_GAP_BASE = env("MATCHMAKING_GAP_BASE", 100.0, float)
MATCHMAKING_GAP_PER_SECOND = env("MATCHMAKING_GAP_PER_SECOND", 10.0, float)
MATCHMAKING_GAP_MAX = env("MATCHMAKING_GAP_MAX", 1500.0, float)
# Seconds a player who allows AI seats waits before AI seats (level normal) complete a table.
MATCHMAKING_AI_FILL_LIVE = env("MATCHMAKING_AI_FILL_LIVE", 60.0, float)
MATCHMAKING_AI_FILL_CORRESPONDENCE = env("MATCHMAKING_AI_FILL_CORRESPONDENCE", 600.0, float)

# --- Moderation (moderation/) -------------------------------------------------------------

# Table chat: at most this many messages per user in each window of this many seconds.
CHAT_RATE_MESSAGES = env("CHAT_RATE_MESSAGES", 5, int)
CHAT_RATE_SECONDS = env("CHAT_RATE_SECONDS", 10, int)
# Suspensions that have ended are lifted (accounts reactivated) this often, in seconds.
CELERY_BEAT_SCHEDULE["moderation-lift"] = {
    "task": "moderation.tasks.suspensions_lift",
    "schedule": env("MODERATION_LIFT_SECONDS", 60.0, float),
}
# The overview calls a running game stuck when its deadline passed this many seconds ago
# and the sweeper (every SWEEP_SECONDS) still has not applied the timeout.
STUCK_GRACE = env("STUCK_GRACE", 60.0, float)

# --- Production: HTTPS, cookies, Content-Security-Policy ------------------------------------

# With DEBUG off, `manage.py check --deploy` is clean by default: HTTPS only (redirect,
# HSTS for a year with subdomains and preload, cookies sent over HTTPS only). Behind a
# proxy that ends TLS, set SECURE_PROXY_SSL_HEADER to the header it sets, usually
# X-Forwarded-Proto (value `https`); the proxy must overwrite it on every request, or a
# client could claim HTTPS. Local development (DEBUG on) keeps plain http.
_HTTPS = not DEBUG
SECURE_SSL_REDIRECT = env("SECURE_SSL_REDIRECT", _HTTPS, bool)
_proxy_ssl_header = env("SECURE_PROXY_SSL_HEADER", "")
if _proxy_ssl_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https")
SECURE_HSTS_SECONDS = env("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if _HTTPS else 0, int)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env("SECURE_HSTS_INCLUDE_SUBDOMAINS", _HTTPS, bool)
SECURE_HSTS_PRELOAD = env("SECURE_HSTS_PRELOAD", _HTTPS, bool)
SESSION_COOKIE_SECURE = env("SESSION_COOKIE_SECURE", _HTTPS, bool)
CSRF_COOKIE_SECURE = env("CSRF_COOKIE_SECURE", _HTTPS, bool)
# Scripts, styles, images and connections from this origin only (barkside/csp.py); outside
# WhiteNoise, so the app's own files get the header too.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
    "barkside.csp.ContentSecurityPolicyMiddleware",
)

# --- Client address, sign-in CSRF and socket origins (security) -------------------------

# Proxies in front of the app that append the address they saw to X-Forwarded-For (a
# load balancer: 1). 0: the header is ignored and the peer's address counts. The lockout
# (axes) and the throttles use the same address (barkside/client_address.py); uvicorn
# runs with --no-proxy-headers (Procfile), as the header's first entries are client-written.
TRUSTED_PROXY_COUNT = env("TRUSTED_PROXY_COUNT", 0, int)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured(f"TRUSTED_PROXY_COUNT={TRUSTED_PROXY_COUNT}: use 0 or more.")
REST_FRAMEWORK["NUM_PROXIES"] = TRUSTED_PROXY_COUNT
AXES_CLIENT_IP_CALLABLE = "barkside.client_address.client_address"

# Pages on other origins that may post with the session and open sockets, e.g.
# "https://play.example.com" (scheme, host and port). This site's own origin, as its
# ALLOWED_HOSTS address it, needs no entry (games/routing.py uses Django's CSRF rule).
CSRF_TRUSTED_ORIGINS = env("CSRF_TRUSTED_ORIGINS", [], list)
