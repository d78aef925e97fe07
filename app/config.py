"""Every setting of the product, read once from the environment, with working local defaults.

Development and test run on the embedded defaults (SQLite under var/, a local Redis, the sandbox); staging and
production refuse to start, with one line per setting at fault, while a secret is missing, weak or still a
development placeholder, or an address that defaults to the local sandbox is not set; any other APP_ENV
refuses to start.
"""
from __future__ import annotations

import os
from pathlib import Path

from app.settings import CONFIG_KEY, Settings, SettingsError

ROOT = Path(__file__).resolve().parent.parent

# Where each kind of installation may run: development and test on the embedded defaults, every other kind
# only on real secrets and explicit addresses. Any other APP_ENV (a typo such as "prod" or "PRODUCTION")
# refuses to start rather than fall back to the development secrets.
ENVIRONMENTS = ("development", "test", "staging", "production")
LOCAL_ENVIRONMENTS = ("development", "test")

# Secrets that must be set (and not be a placeholder) outside development and test, with their minimum
# length: the two signing keys are long enough that they cannot be guessed by trying.
SECRET_MIN_LENGTH = {"JWT_SECRET_KEY": 32, "META_APP_SECRET": 16, "WEBHOOK_VERIFY_TOKEN": 16, "GATEWAY_PASSWORD": 8}
SECRET_KEYS = tuple(SECRET_MIN_LENGTH)
DEV_SECRETS = {
    "JWT_SECRET_KEY": "dev-jwt-secret-for-local-use-only-change-me",
    "META_APP_SECRET": "sandbox-app-secret",
    "WEBHOOK_VERIFY_TOKEN": "sandbox-verify-token",
    "GATEWAY_PASSWORD": "sandbox-gateway-password",
}
# Words that mark a value as a placeholder someone forgot to replace.
PLACEHOLDER_WORDS = ("change-me", "changeme", "change_me", "placeholder", "your-", "your_", "xxx")
# Settings whose defaults are the local sandbox's (its addresses, its merchant, its rates service): outside
# development and test they must be set, so a production never verifies logins, signs payments or reads currency
# rates against 127.0.0.1 or the sandbox merchant.
EXPLICIT_KEYS = ("GRAPH_API_URL", "LOGIN_DIALOG_URL", "GATEWAY_URL", "PUBLIC_URL", "GATEWAY_SITE", "GATEWAY_VAD",
                 "CURRENCY_RATES_URL")
DEFAULTS = {
    "APP_ENV": "development",
    "DATABASE_URL": f"sqlite:///{ROOT / 'var' / 'app.db'}",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "GRAPH_API_URL": "http://127.0.0.1:5100",
    "GRAPH_API_VERSION": "v23.0",
    "GRAPH_TIMEOUT": "10",
    # A page's Graph calls go this far apart once Meta reports 75 % of its usage, and this far from 90 %
    # (app/graph/pacing.py); at 100 % they wait for the time Meta announces.
    "GRAPH_PACE_SPACING_SECONDS": "2",
    "GRAPH_PACE_WAIT_SECONDS": "30",
    "META_APP_ID": "1000000000000001",
    "LOGIN_DIALOG_URL": "http://127.0.0.1:5100/dialog/oauth",
    "PUBLIC_URL": "http://127.0.0.1:5000",
    "SMTP_URL": "smtp://127.0.0.1:8025",
    "MAIL_FROM": "no-reply@localhost",
    # Where the contact form's notification goes (the operator's inbox).
    "CONTACT_NOTIFY_EMAIL": "contact@localhost",
    "FRONTEND_DIST": str(ROOT / "frontend" / "dist"),
    "GATEWAY_URL": "http://127.0.0.1:5100/gateway/Validation_paiement.php",
    "GATEWAY_SITE": "MER10001",
    "GATEWAY_VAD": "sandbox-vad",
    # The gateway's terminal per currency (spec 001 §9: TND 001, EUR 003, USD 004).
    "GATEWAY_TERMINALS": "TND:001,EUR:003,USD:004",
    # The one notification shape accepted (docs/card-gateway.md "The notification"): "newer" (flat fields, signed
    # with the clear password) or "older" (keyed by the transaction id, signed like the checkout form every buyer
    # receives, so forgeable: development and test only).
    "GATEWAY_NOTIFICATION_SHAPE": "newer",
    # Where the rates of EUR and USD in TND come from (an open.er-api.com style JSON: {"rates": {"EUR": ...}} for
    # one TND), how long one reading is reused, and how long the source may take to answer.
    "CURRENCY_RATES_URL": "http://127.0.0.1:5100/rates/TND",
    "CURRENCY_RATES_TTL": "3600",
    "CURRENCY_RATES_TIMEOUT": "3",
    # A checkout the gateway has not answered for this long is shown `expired` (a late payment is still applied).
    "PENDING_ORDER_HOURS": "1",
    # The seller printed on invoices; prices include taxes (spec 001 §9), the invoice shows the VAT they hold.
    "INVOICE_SELLER": "Comment auto-reply SARL",
    "INVOICE_SELLER_ADDRESS": "Tunis, Tunisia",
    "INVOICE_SELLER_TAX_ID": "",
    "INVOICE_VAT_PERCENT": "19",
    "JWT_ACCESS_TOKEN_HOURS": "24",
    "WEBHOOK_MAX_BYTES": str(1024 * 1024),
    "NLP_CACHE_DIR": str(ROOT / "var" / "nlp-cache"),
    "DISPATCH_INTERVAL": "1",
    # Recovery within seconds of a fault (issue 23): an action is `sending` only during its own call (at most twice
    # GRAPH_TIMEOUT with the client's one retry on a reset connection), so 30 s stuck means its worker died.
    "SWEEP_INTERVAL": "5",
    "POLL_INTERVAL": "60",
    "INBOX_STALE_SECONDS": "10",
    "STUCK_SENDING_SECONDS": "30",
    "CELERY_VISIBILITY_TIMEOUT": "600",
    # A worker whose queues held messages this long while a slot was free and none came in stops, for its supervisor
    # to start it again (workers/consumer_watch.py: a consumer that stopped taking messages after a reconnection).
    "CONSUMER_STALL_SECONDS": "60",
    # The longest a replay waits on one rate-limit answer before reading again (Meta announces a minute or more).
    "REPLAY_MAX_WAIT_SECONDS": "60",
    "CELERY_KEY_PREFIX": "",  # lets several installations (or test runs) share one Redis
    # Per client address. Login costs a Graph API call against the app's rate limit, so guessing is throttled.
    "LOGIN_RATE_LIMIT": "10 per minute;60 per hour",
    "CONTACT_RATE_LIMIT": "3 per minute;20 per day",
    # Refused webhook calls (bad signature, failed handshake) only; signed deliveries are never counted.
    "WEBHOOK_REFUSAL_LIMIT": "20 per minute;200 per hour",
    # How many reverse proxies in front of the web process add X-Forwarded-For: the client address is read
    # that many hops back (0: the address the web process sees). Never more than there really are.
    "FORWARDED_HOPS": "0",
    # Operations (README "Production"). Log lines: "json" (one object per line) or "text"; empty means json in
    # staging and production, text in development and test.
    "LOG_FORMAT": "",
    "LOG_LEVEL": "INFO",
    # Who may read /metrics outside development and test: a bearer token and/or client networks (comma-separated
    # CIDRs); with neither, it answers 403 there. A worker serves its own metrics on METRICS_PORT (0: none).
    "METRICS_TOKEN": "",
    "METRICS_ALLOWED_NETWORKS": "",
    "METRICS_PORT": "0",
    "METRICS_ADDRESS": "0.0.0.0",
    # Flower's users, "user:password[,user2:password2]"; `python -m workers.flower` refuses to start without it
    # outside development and test.
    "FLOWER_BASIC_AUTH": "",
    # Tests only, read only with APP_ENV=test: a worker process that takes a comment with exactly this text dies, as
    # one out of memory would (app/services/pipeline/takes.py).
    "CRASH_ON_COMMENT": "",
}


class ConfigError(RuntimeError):
    """The environment does not describe a product that may start."""


def load_settings(overrides: dict | None = None) -> Settings:
    """Merge defaults, the environment and explicit overrides; refuse settings this kind of installation
    may not start on. Built once at start, and passed where needed (app/settings.py)."""
    overrides = overrides or {}
    settings = {key: os.environ.get(key, value) for key, value in DEFAULTS.items()}
    env = overrides.get("APP_ENV", settings["APP_ENV"])
    local = env in LOCAL_ENVIRONMENTS
    for key in SECRET_KEYS:
        settings[key] = os.environ.get(key, DEV_SECRETS[key] if local else "")
    settings.update(overrides)
    problems = _problems(settings, given={*os.environ, *overrides})
    try:
        parsed = Settings.parse(settings) if not problems else None
    except SettingsError as error:
        problems = [str(error)]
    if problems:
        raise ConfigError("\n".join([f"APP_ENV={settings['APP_ENV']!r} cannot start:", *problems]))
    # The nlp package reads its cache from the environment (it knows nothing of the app): this setting sets it.
    os.environ["NLP_CACHE_DIR"] = str(parsed.nlp_cache_dir)
    return parsed


def _problems(settings: dict, given: set[str]) -> list[str]:
    """One line per missing or weak setting, naming it."""
    env = settings["APP_ENV"]
    if env not in ENVIRONMENTS:
        return [f"APP_ENV must be one of {', '.join(ENVIRONMENTS)}"]
    shape = _notification_shape_problem(settings["GATEWAY_NOTIFICATION_SHAPE"], env)
    problems = [shape] if shape else []
    if env in LOCAL_ENVIRONMENTS:
        return problems
    problems += [f"{key}: {reason}" for key in SECRET_KEYS if (reason := _weak_secret(key, settings.get(key) or ""))]
    problems += [f"{key}: must be set explicitly (the default is the local sandbox)"
                 for key in EXPLICIT_KEYS if key not in given or not str(settings.get(key) or "").strip()]
    problems += [f"METRICS_ALLOWED_NETWORKS: {part!r} is not a network (e.g. 10.0.0.0/8)"
                 for part in (part.strip() for part in str(settings.get("METRICS_ALLOWED_NETWORKS") or "").split(","))
                 if part and not _is_network(part)]
    return problems


def _notification_shape_problem(shape: str, env: str) -> str | None:
    if shape not in ("newer", "older"):
        return "GATEWAY_NOTIFICATION_SHAPE: must be newer or older"
    if shape == "older" and env not in LOCAL_ENVIRONMENTS:
        # Its signature is the checkout form's, which every buyer receives, and no confirmation call of the gateway
        # is documented to check it against: accepting it would let any buyer pay with their own form.
        return "GATEWAY_NOTIFICATION_SHAPE: older is forgeable by any buyer, development and test only"
    return None


def _is_network(value: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_network(value, strict=False)
    except ValueError:
        return False
    return True


def _weak_secret(key: str, value: str) -> str | None:
    if not value.strip():
        return "missing"
    lowered = value.lower()
    if value.strip() in DEV_SECRETS.values() or any(word in lowered for word in PLACEHOLDER_WORDS):
        return "is a development placeholder"
    if value != value.strip():
        return "has white space around it"
    if len(value) < SECRET_MIN_LENGTH[key]:
        return f"too short (at least {SECRET_MIN_LENGTH[key]} characters)"
    if len(set(value)) < 4:
        return "too weak (a repeated character)"
    return None


def flask_config(settings: Settings) -> dict:
    """The settings as Flask, flask-smorest and flask-jwt-extended want them, the typed object among them."""
    from datetime import timedelta

    return {
        **settings,
        CONFIG_KEY: settings,
        "TESTING": settings["APP_ENV"] == "test",
        "API_TITLE": "Comment auto-reply API",
        "API_VERSION": "v1",
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/api",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        # Served from the swagger-ui-bundle package by app/frontend.py: the docs work with no internet.
        "OPENAPI_SWAGGER_UI_URL": "/api/docs-assets/",
        "JWT_TOKEN_LOCATION": ["headers"],
        "JWT_ACCESS_TOKEN_EXPIRES": timedelta(hours=int(settings["JWT_ACCESS_TOKEN_HOURS"])),
        "MAX_CONTENT_LENGTH": int(settings["WEBHOOK_MAX_BYTES"]),
        "RATELIMIT_STORAGE_URI": settings["REDIS_URL"],
        "RATELIMIT_STORAGE_OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
        "RATELIMIT_KEY_PREFIX": f"{settings['CELERY_KEY_PREFIX']}ratelimit",
        "RATELIMIT_HEADERS_ENABLED": True,
        # Redis away: each process counts on its own rather than refusing every sign-in.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        "PROPAGATE_EXCEPTIONS": False,
    }
