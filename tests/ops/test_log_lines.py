"""What one log line holds: JSON with the comment, page and task in hand, and nothing secret or personal, whoever
wrote it. Formatted by the product's own formatters, as every process (web, worker, beat, gunicorn) uses them."""
import json
import logging
from types import SimpleNamespace

import pytest

from app import log_context, logging_setup
from app.config import ConfigError, load_settings
from tests.ops.test_metrics_access import PRODUCTION

SETTINGS = {"APP_ENV": "test", "JWT_SECRET_KEY": "jwt-signing-key-for-this-test-0001",
            "META_APP_SECRET": "meta-app-secret-0002", "FLOWER_BASIC_AUTH": "ops:flower-pass-0003",
            "DATABASE_URL": "postgresql+psycopg://app:db-pass-0004@db:5432/app"}
EVENT = SimpleNamespace(comment_id="111_222", page_external_id="104857392000001", from_name="Zeynep Kaftanci",
                        message="combien la robe rouge ?")


@pytest.fixture
def configured():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    logging_setup.configure(SETTINGS)
    log_context.clear()
    yield
    log_context.clear()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def json_line(message, *args, name="app.services.pipeline.drain", exc_info=None) -> dict:
    record = logging.LogRecord(name, logging.INFO, __file__, 1, message, args, exc_info)
    return json.loads(logging_setup.JsonFormatter().format(record))


def test_a_line_carries_the_comment_page_and_task_in_hand(configured):
    log_context.bind_task("task-7")
    log_context.bind_event(EVENT)

    line = json_line("deciding %s", "a batch")

    assert line["message"] == "deciding a batch"
    assert (line["comment_id"], line["page_id"], line["task_id"]) == ("111_222", "104857392000001", "task-7")
    log_context.clear()
    assert not {"comment_id", "page_id", "task_id"} & set(json_line("idle"))


def test_personal_values_of_the_comment_in_hand_are_blanked(configured):
    log_context.bind_event(EVENT)

    line = json_line("from %s (%s): %r", EVENT.from_name, "Zeynep", EVENT.message)["message"]

    assert "Zeynep" not in line and "Kaftanci" not in line and "robe rouge" not in line
    assert line.count("[redacted]") == 3


@pytest.mark.parametrize("written", [
    "page token EAAPq8cZx0ValidLooking1234 refused",
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl",
    "GET /api/v1/webhooks/meta?hub.verify_token=s3cr3t-value&hub.challenge=1",
    "connecting to redis://:redis-pass-5@redis:6379/0",
    "invitation for amira.bensalah@example.com",
    "settings: jwt-signing-key-for-this-test-0001 meta-app-secret-0002 flower-pass-0003 db-pass-0004",
])
def test_tokens_secrets_passwords_and_emails_never_reach_a_line(configured, written):
    line = json_line(written)["message"]

    for secret in ("EAAPq8cZx0ValidLooking1234", "eyJhbGciOiJIUzI1NiJ9", "s3cr3t-value", "redis-pass-5",
                   "amira.bensalah", "jwt-signing-key", "meta-app-secret-0002", "flower-pass-0003", "db-pass-0004"):
        assert secret not in line
    assert "[redacted]" in line or "[email]" in line


def test_sqlalchemy_values_and_error_parameters_are_left_out(configured):
    values = json_line("[%s] %r", "generated in 0.1s", ("Zeynep Kaftanci", "combien ?"),
                       name="sqlalchemy.engine.Engine")["message"]
    try:
        raise RuntimeError("(psycopg.errors.UniqueViolation) duplicate key\n[SQL: INSERT INTO inbox_events ...]\n"
                           "[parameters: {'from_name': 'Zeynep Kaftanci', 'message': 'combien ?'}]")
    except RuntimeError as error:
        failure = json_line("insert failed", exc_info=(type(error), error, error.__traceback__))

    assert "Zeynep" not in values and "combien" not in values
    assert "Zeynep" not in failure["exception"] and "[SQL: INSERT INTO inbox_events" in failure["exception"]


def test_text_in_development_and_test_json_in_production():
    assert logging_setup.log_format({"APP_ENV": "test"}) == "text"
    assert logging_setup.log_format({"APP_ENV": "production"}) == "json"
    assert logging_setup.log_format({"APP_ENV": "development", "LOG_FORMAT": "json"}) == "json"


def test_production_refuses_a_metrics_network_that_is_not_one():
    with pytest.raises(ConfigError, match="METRICS_ALLOWED_NETWORKS: 'office' is not a network"):
        load_settings({**PRODUCTION, "METRICS_ALLOWED_NETWORKS": "10.0.0.0/8, office"})
