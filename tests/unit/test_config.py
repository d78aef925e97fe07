"""Settings: local defaults work, production refuses to start without real secrets."""
import pytest

from app.config import ConfigError, load_settings


def test_development_defaults_point_at_local_parts(monkeypatch):
    for key in ("APP_ENV", "DATABASE_URL", "GRAPH_API_URL", "JWT_SECRET_KEY"):
        monkeypatch.delenv(key, raising=False)
    settings = load_settings()
    assert settings["DATABASE_URL"].startswith("sqlite:///") and settings["DATABASE_URL"].endswith("var/app.db")
    assert settings["GRAPH_API_URL"] == "http://127.0.0.1:5100"
    assert settings["JWT_SECRET_KEY"]


def test_production_without_secrets_refuses_to_start(monkeypatch):
    for key in ("JWT_SECRET_KEY", "META_APP_SECRET", "WEBHOOK_VERIFY_TOKEN", "GATEWAY_PASSWORD"):
        monkeypatch.delenv(key, raising=False)
    with pytest.raises(ConfigError, match="JWT_SECRET_KEY"):
        load_settings({"APP_ENV": "production"})


def test_production_refuses_development_placeholders(monkeypatch):
    monkeypatch.setenv("JWT_SECRET_KEY", "dev-jwt-secret-for-local-use-only-change-me")
    monkeypatch.setenv("META_APP_SECRET", "a-real-secret")
    monkeypatch.setenv("WEBHOOK_VERIFY_TOKEN", "a-real-token")
    monkeypatch.setenv("GATEWAY_PASSWORD", "a-real-password")
    with pytest.raises(ConfigError, match="JWT_SECRET_KEY"):
        load_settings({"APP_ENV": "production"})


def test_production_with_real_secrets_starts(monkeypatch):
    for key, value in (("JWT_SECRET_KEY", "x" * 40), ("META_APP_SECRET", "s"), ("WEBHOOK_VERIFY_TOKEN", "v"),
                       ("GATEWAY_PASSWORD", "p")):
        monkeypatch.setenv(key, value)
    assert load_settings({"APP_ENV": "production"})["JWT_SECRET_KEY"] == "x" * 40
