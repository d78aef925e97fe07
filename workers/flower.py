"""`python -m workers.flower [flower options]`: Flower on the product's Celery app, never open outside development.

Flower shows every task's arguments and can shut workers down, so staging and production refuse to start it
without FLOWER_BASIC_AUTH ("user:password", several separated by commas, passwords of 12 characters or more).
Flower reads that variable itself; the launcher only checks it, then becomes `celery -A workers.celery_app flower`.
"""
from __future__ import annotations

import os
import sys

from app.config import DEFAULTS, LOCAL_ENVIRONMENTS

MIN_PASSWORD_LENGTH = 12


def auth_problem(app_env: str, users: str) -> str | None:
    """Why Flower may not start with these users in this kind of installation (None when it may)."""
    entries = [entry.strip() for entry in users.split(",") if entry.strip()]
    local = app_env in LOCAL_ENVIRONMENTS
    if not entries:
        return None if local else (f"FLOWER_BASIC_AUTH is not set: with APP_ENV={app_env} Flower starts only "
                                   "behind basic auth (user:password)")
    for entry in entries:
        user, _, password = entry.partition(":")
        if not user or not password:
            return "FLOWER_BASIC_AUTH must be user:password (several separated by commas)"
        if not local and len(password) < MIN_PASSWORD_LENGTH:
            return f"FLOWER_BASIC_AUTH: the password of {user!r} is shorter than {MIN_PASSWORD_LENGTH} characters"
    return None


def main(argv: list[str]) -> int:
    users = os.environ.get("FLOWER_BASIC_AUTH", "")
    problem = auth_problem(os.environ.get("APP_ENV", DEFAULTS["APP_ENV"]), users)
    if problem:
        print(f"workers.flower: refusing to start: {problem}", file=sys.stderr)
        return 2
    environment = dict(os.environ)
    if not users.strip():
        environment.pop("FLOWER_BASIC_AUTH", None)  # Flower would take an empty value for one empty user
    os.execvpe(sys.executable, [sys.executable, "-m", "celery", "-A", "workers.celery_app", "flower", *argv],
               environment)
    return 0  # not reached: the process is Flower now


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
