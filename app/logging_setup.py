"""How every process logs: one JSON object per line (LOG_FORMAT=json, the default in staging and production) or
plain text, each line carrying the comment, page and task it is about (app/log_context.py), and never a secret
or personal data.

Redaction happens on the finished line, traceback included, so it covers whatever logged it (the product, Celery,
gunicorn, SQLAlchemy, urllib3): the configured secrets, the personal values bound to the current comment, and
anything shaped like a token, a password in a URL or an e-mail address. SQLAlchemy's parameter and row lines keep
their statement but lose their values.
"""
from __future__ import annotations

import json
import logging
import os
import re
from datetime import datetime, timezone
from urllib.parse import urlsplit

from app import log_context
from app.config import LOCAL_ENVIRONMENTS, SECRET_KEYS

REDACTED = "[redacted]"
# Every pattern is tried at every position of a line, so each must fail fast inside a long run of the characters it
# matches: a pattern that starts with such a run only starts where the run does (a lookbehind), or a line of
# 100,000 digits costs 100,000 scans of the rest of the line (31 s of a web worker, for one webhook delivery).
PATTERNS = [
    (re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"), REDACTED),  # a JWT
    (re.compile(r"\bEAA[A-Za-z0-9]{10,}"), REDACTED),  # a Meta access token
    (re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}"), rf"\1 {REDACTED}"),
    (re.compile(r"(?i)((?:access_token|appsecret_proof|verify_token|client_secret|password|secret|token)"
                r"[\"']?\s*[=:]\s*[\"']?)[^\s&\"',}]+"), rf"\1{REDACTED}"),
    (re.compile(r"(://[^/\s:@]*:)[^@\s/]+@"), rf"\1{REDACTED}@"),  # a password in a URL
    (re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}"), "[email]"),
    (re.compile(r"\[parameters: [^\n]*"), f"[parameters: {REDACTED}]"),  # SQLAlchemy's errors
]
# The settings whose values are secrets wherever they appear.
SECRET_SETTINGS = (*SECRET_KEYS, "METRICS_TOKEN", "FLOWER_BASIC_AUTH")
_secrets: tuple[str, ...] = ()


def configure(settings: dict, level: int | str | None = None) -> None:
    """Give the root logger one handler on stderr in the chosen format (in place of ours from an earlier call or
    from gunicorn's log configuration; others', such as a test runner's, stay); remember the secrets. The level is
    LOG_LEVEL unless the process was given one (celery's -l)."""
    global _secrets
    _secrets = _secret_values(settings)
    handler = logging.StreamHandler()
    handler.setFormatter(formatter_for(settings))
    root = logging.getLogger()
    for existing in list(root.handlers):
        if isinstance(existing.formatter, (JsonFormatter, TextFormatter)):
            root.removeHandler(existing)
    root.addHandler(handler)
    logging.captureWarnings(True)  # Python's warnings (Celery's, libraries') as log lines too, not bare stderr text
    level = logging.getLevelName(str(level or settings.get("LOG_LEVEL") or "INFO").upper()) \
        if not isinstance(level, int) else level
    root.setLevel(level)
    if level <= logging.DEBUG:  # SQLAlchemy logs statements (and, redacted, their values) only when asked
        logging.getLogger("sqlalchemy.engine").setLevel(logging.DEBUG)


def formatter_for(settings: dict) -> logging.Formatter:
    return JsonFormatter() if log_format(settings) == "json" else TextFormatter()


def log_format(settings: dict) -> str:
    chosen = str(settings.get("LOG_FORMAT") or "").lower()
    if chosen in ("json", "text"):
        return chosen
    return "text" if settings.get("APP_ENV", "development") in LOCAL_ENVIRONMENTS else "json"


def gunicorn_logconfig() -> dict:
    """gunicorn's own logs (errors, access lines) through the same formatter; read before the app's settings."""
    formatter = "json" if log_format(os.environ) == "json" else "text"
    return {
        "version": 1, "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}, "text": {"()": TextFormatter}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": formatter}},
        "root": {"level": "INFO", "handlers": ["stderr"]},
        "loggers": {"gunicorn.error": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
                    "gunicorn.access": {"handlers": ["stderr"], "level": "INFO", "propagate": False}},
    }


def redact(line: str) -> str:
    for value in (*_secrets, *log_context.sensitive.get()):
        line = line.replace(value, REDACTED)
    for pattern, replacement in PATTERNS:
        line = pattern.sub(replacement, line)
    return line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        record = _values_hidden(record)
        event = {"ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                 "level": record.levelname, "logger": record.name, "process": record.process,
                 "message": record.getMessage(), **log_context.current()}
        if record.exc_info:
            event["exception"] = self.formatException(record.exc_info)
        # Each field before encoding: a value with quotes or line breaks in it is found as it was logged.
        return json.dumps({key: redact(value) if isinstance(value, str) else value for key, value in event.items()},
                          ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    def __init__(self):
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        context = " ".join(f"{key}={value}" for key, value in log_context.current().items())
        line = super().format(_values_hidden(record))
        return redact(f"{line} [{context}]" if context else line)


def _values_hidden(record: logging.LogRecord) -> logging.LogRecord:
    """SQLAlchemy's parameter and row lines carry the values of the statement: a copy of the line without them."""
    if not (record.name.startswith("sqlalchemy.engine") and record.args):
        return record
    copy = logging.makeLogRecord(record.__dict__)
    copy.args = tuple(REDACTED for _ in record.args) if isinstance(record.args, tuple) else None
    return copy


def _secret_values(settings: dict) -> tuple[str, ...]:
    values = [str(settings.get(key) or "") for key in SECRET_SETTINGS]
    values += [password for user in str(settings.get("FLOWER_BASIC_AUTH") or "").split(",")
               for password in user.split(":", 1)[1:]]
    values += [urlsplit(str(settings.get(key) or "")).password or "" for key in ("DATABASE_URL", "REDIS_URL")]
    return tuple(sorted({value for value in values if len(value) >= 4}, key=len, reverse=True))
