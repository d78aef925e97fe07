"""Every setting of the product, read once from the environment, with working local defaults.

Development and test run on the embedded defaults (SQLite under var/, a local Redis, the sandbox); production
refuses to start while a secret is missing or still a development placeholder.
"""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Secrets that must be set (and not be a placeholder) outside development and test.
SECRET_KEYS = ("JWT_SECRET_KEY", "META_APP_SECRET", "WEBHOOK_VERIFY_TOKEN", "GATEWAY_PASSWORD")
DEV_SECRETS = {
    "JWT_SECRET_KEY": "dev-jwt-secret-for-local-use-only-change-me",
    "META_APP_SECRET": "sandbox-app-secret",
    "WEBHOOK_VERIFY_TOKEN": "sandbox-verify-token",
    "GATEWAY_PASSWORD": "sandbox-gateway-password",
}
DEFAULTS = {
    "APP_ENV": "development",
    "DATABASE_URL": f"sqlite:///{ROOT / 'var' / 'app.db'}",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "GRAPH_API_URL": "http://127.0.0.1:5100",
    "GRAPH_API_VERSION": "v23.0",
    "GRAPH_TIMEOUT": "10",
    "META_APP_ID": "1000000000000001",
    "LOGIN_DIALOG_URL": "http://127.0.0.1:5100/dialog/oauth",
    "PUBLIC_URL": "http://127.0.0.1:5000",
    "SMTP_URL": "smtp://127.0.0.1:8025",
    "MAIL_FROM": "no-reply@localhost",
    "FRONTEND_DIST": str(ROOT / "frontend" / "dist"),
    "GATEWAY_URL": "http://127.0.0.1:5100/gateway/Validation_paiement.php",
    "GATEWAY_SITE": "MER10001",
    "GATEWAY_VAD": "sandbox-vad",
    "JWT_ACCESS_TOKEN_HOURS": "24",
    "WEBHOOK_MAX_BYTES": str(1024 * 1024),
    "NLP_CACHE_DIR": str(ROOT / "var" / "nlp-cache"),
    "DISPATCH_INTERVAL": "1",
    "SWEEP_INTERVAL": "30",
    "POLL_INTERVAL": "60",
    "INBOX_STALE_SECONDS": "60",
    "STUCK_SENDING_SECONDS": "120",
    "CELERY_VISIBILITY_TIMEOUT": "600",
    "CELERY_KEY_PREFIX": "",  # lets several installations (or test runs) share one Redis
}


class ConfigError(RuntimeError):
    """The environment does not describe a product that may start."""


def load_settings(overrides: dict | None = None) -> dict:
    """Merge defaults, the environment and explicit overrides; check secrets for the environment kind."""
    settings = {key: os.environ.get(key, value) for key, value in DEFAULTS.items()}
    env = (overrides or {}).get("APP_ENV", settings["APP_ENV"])
    for key in SECRET_KEYS:
        settings[key] = os.environ.get(key, DEV_SECRETS[key] if env != "production" else "")
    settings.update(overrides or {})
    if settings["APP_ENV"] == "production":
        _enforce_production_secrets(settings)
    return settings


def _enforce_production_secrets(settings: dict) -> None:
    bad = [key for key in SECRET_KEYS if not settings.get(key) or settings[key] == DEV_SECRETS[key]]
    if bad:
        raise ConfigError(f"production needs these secrets set to real values: {', '.join(bad)}")


def flask_config(settings: dict) -> dict:
    """The settings as Flask, flask-smorest and flask-jwt-extended want them."""
    from datetime import timedelta

    return {
        **settings,
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
        "PROPAGATE_EXCEPTIONS": False,
    }
