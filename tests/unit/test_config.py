"""Settings: local defaults work; any other installation refuses to start on development secrets, weak
secrets or the sandbox's addresses, naming each setting at fault on its own line."""
import subprocess
import sys

import pytest

from app.config import ROOT, ConfigError, load_settings

STRONG = {
    "JWT_SECRET_KEY": "k3Yq9vXw2LmP8sRt5NbJ7hGd4FcZa6Ue",
    "META_APP_SECRET": "5f3c9a1e7b2d4f6a8c0e1b3d5f7a9c2e",
    "WEBHOOK_VERIFY_TOKEN": "Vt7mQ2xR9kLp4sWz",
    "GATEWAY_PASSWORD": "Gw4!pR8zQ",
}
URLS = {
    "GRAPH_API_URL": "https://graph.facebook.com",
    "LOGIN_DIALOG_URL": "https://www.facebook.com/v23.0/dialog/oauth",
    "GATEWAY_URL": "https://www.gpgcheckout.com/Paiement/Validation_paiement.php",
    "PUBLIC_URL": "https://app.example.tn",
    "GATEWAY_SITE": "MAR123456",
    "GATEWAY_VAD": "581234567",
    "CURRENCY_RATES_URL": "https://open.er-api.com/v6/latest/TND",
}


@pytest.fixture
def environ(monkeypatch):
    """A clean environment: no setting of the machine's leaks into these tests."""
    for key in ("APP_ENV", *STRONG, *URLS, "DATABASE_URL", "GATEWAY_NOTIFICATION_SHAPE"):
        monkeypatch.delenv(key, raising=False)

    def set_all(values: dict):
        for key, value in values.items():
            monkeypatch.setenv(key, value)

    return set_all


def refusal(overrides: dict) -> list[str]:
    with pytest.raises(ConfigError) as raised:
        load_settings(overrides)
    return str(raised.value).splitlines()


def test_development_defaults_point_at_local_parts(environ):
    settings = load_settings()
    assert settings["DATABASE_URL"].startswith("sqlite:///") and settings["DATABASE_URL"].endswith("var/app.db")
    assert settings["GRAPH_API_URL"] == "http://127.0.0.1:5100"
    assert settings["JWT_SECRET_KEY"]


@pytest.mark.parametrize("env", ["PRODUCTION", "prod", "Production", "live", "", " production"])
def test_an_unknown_environment_refuses_to_start(environ, env):
    lines = refusal({"APP_ENV": env})
    assert lines[1] == "APP_ENV must be one of development, test, staging, production"


@pytest.mark.parametrize("env", ["staging", "production"])
def test_outside_development_every_missing_setting_is_named_on_its_own_line(environ, env):
    lines = refusal({"APP_ENV": env})
    assert lines[0] == f"APP_ENV={env!r} cannot start:"
    assert sorted(lines[1:]) == sorted(
        [f"{key}: missing" for key in STRONG]
        + [f"{key}: must be set explicitly (the default is the local sandbox)" for key in URLS])


@pytest.mark.parametrize("value, reason", [
    ("x", "too short (at least 32 characters)"),
    ("   ", "missing"),
    ("dev-jwt-secret-for-local-use-only-change-me", "is a development placeholder"),
    ("dev-jwt-secret-for-local-use-only-change-me ", "is a development placeholder"),
    ("please-change-me-before-going-live-0123456789", "is a development placeholder"),
    (" k3Yq9vXw2LmP8sRt5NbJ7hGd4FcZa6Ue", "has white space around it"),
    ("a" * 64, "too weak (a repeated character)"),
    ("k3Yq9vXw2LmP8sRt5NbJ7hGd4Fc", "too short (at least 32 characters)"),
])
def test_a_weak_signing_key_is_refused_with_its_reason(environ, value, reason):
    environ({**STRONG, **URLS, "JWT_SECRET_KEY": value})
    assert refusal({"APP_ENV": "production"})[1:] == [f"JWT_SECRET_KEY: {reason}"]


def test_the_webhook_secret_has_a_minimum_length_too(environ):
    environ({**STRONG, **URLS, "META_APP_SECRET": "short-secret"})
    assert refusal({"APP_ENV": "staging"})[1:] == ["META_APP_SECRET: too short (at least 16 characters)"]


def test_sandbox_addresses_must_be_replaced_explicitly(environ):
    environ({**STRONG, "GATEWAY_URL": URLS["GATEWAY_URL"], "PUBLIC_URL": URLS["PUBLIC_URL"]})
    assert refusal({"APP_ENV": "production"})[1:] == [
        "GRAPH_API_URL: must be set explicitly (the default is the local sandbox)",
        "LOGIN_DIALOG_URL: must be set explicitly (the default is the local sandbox)",
        "GATEWAY_SITE: must be set explicitly (the default is the local sandbox)",
        "GATEWAY_VAD: must be set explicitly (the default is the local sandbox)",
        "CURRENCY_RATES_URL: must be set explicitly (the default is the local sandbox)",
    ]


def test_production_with_real_secrets_and_addresses_starts(environ):
    environ({**STRONG, **URLS})
    settings = load_settings({"APP_ENV": "production"})
    assert settings["JWT_SECRET_KEY"] == STRONG["JWT_SECRET_KEY"]
    assert settings["GRAPH_API_URL"] == "https://graph.facebook.com"


@pytest.mark.parametrize("env", ["staging", "production"])
def test_the_forgeable_notification_shape_refuses_to_start_outside_development(environ, env):
    """The keyed shape's signature is the checkout form's, which every buyer receives (docs/card-gateway.md)."""
    environ({**STRONG, **URLS, "GATEWAY_NOTIFICATION_SHAPE": "older"})
    assert refusal({"APP_ENV": env})[1:] == [
        "GATEWAY_NOTIFICATION_SHAPE: older is forgeable by any buyer, development and test only"]
    assert load_settings({"APP_ENV": "development"})["GATEWAY_NOTIFICATION_SHAPE"] == "older"


@pytest.mark.parametrize("env", ["development", "production"])
def test_an_unknown_notification_shape_refuses_to_start_anywhere(environ, env):
    environ({**STRONG, **URLS, "GATEWAY_NOTIFICATION_SHAPE": "both"})
    assert refusal({"APP_ENV": env})[1:] == ["GATEWAY_NOTIFICATION_SHAPE: must be newer or older"]


def test_the_operator_command_prints_the_lines_and_exits_without_a_traceback(environ):
    env = {"PATH": "/usr/bin:/bin", "APP_ENV": "production", **URLS, **STRONG, "JWT_SECRET_KEY": "x"}
    done = subprocess.run([sys.executable, "-m", "app", "migrate"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["APP_ENV='production' cannot start:",
                                                "JWT_SECRET_KEY: too short (at least 32 characters)"]
