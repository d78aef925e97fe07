"""The settings are parsed once, at start: a number that does not parse refuses the start naming it (it used to be
accepted and fail later, in the worker that read it), the sweeps and the app read the same windows, and the app's
NLP_CACHE_DIR is the one nlp reads."""
import os

import pytest

from app.config import DEFAULTS, ConfigError, load_settings
from app.settings import settings_of
from nlp import training


@pytest.fixture(autouse=True)
def environ(monkeypatch):
    for key in ("APP_ENV", "SWEEP_INTERVAL", "STUCK_SENDING_SECONDS", "INBOX_STALE_SECONDS"):
        monkeypatch.delenv(key, raising=False)
    # load_settings sets NLP_CACHE_DIR: noted here so that the variable is put back after each test.
    monkeypatch.setenv("NLP_CACHE_DIR", os.environ.get("NLP_CACHE_DIR", DEFAULTS["NLP_CACHE_DIR"]))


def test_a_number_that_does_not_parse_refuses_the_start_naming_it():
    with pytest.raises(ConfigError) as raised:
        load_settings({"SWEEP_INTERVAL": "5s"})
    assert str(raised.value).splitlines() == ["APP_ENV='development' cannot start:", "SWEEP_INTERVAL: must be a number"]


def test_the_sweep_windows_are_the_configured_ones():
    settings = load_settings()
    assert (settings.inbox_stale_seconds, settings.stuck_sending_seconds) == (
        float(DEFAULTS["INBOX_STALE_SECONDS"]), float(DEFAULTS["STUCK_SENDING_SECONDS"]))
    assert settings["STUCK_SENDING_SECONDS"] == DEFAULTS["STUCK_SENDING_SECONDS"]  # the strings stay readable


def test_the_flask_config_carries_the_one_settings_object(app):
    assert settings_of(app.config) is settings_of(dict(app.config))
    assert settings_of(app.config).stuck_sending_seconds == float(app.config["STUCK_SENDING_SECONDS"])


def test_the_apps_nlp_cache_dir_is_the_one_nlp_reads(tmp_path):
    load_settings({"NLP_CACHE_DIR": str(tmp_path)})
    assert training.cache_dir() == tmp_path
