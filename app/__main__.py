"""Operator commands: `python -m app migrate | seed | register-webhooks`.

migrate  applies every Alembic migration, then loads the reference data (plans, intent catalogue).
register-webhooks  subscribes the product's callback URL with the Graph API (the sandbox or Meta).
"""
from __future__ import annotations

import argparse
import sys
import time

from app.config import ConfigError, load_settings
from app.database import init_engine, upgrade_schema


def migrate(settings: dict) -> None:
    from app.services.reference_data import load_reference_data

    upgrade_schema(settings["DATABASE_URL"])
    init_engine(settings["DATABASE_URL"])
    load_reference_data()
    print("database ready:", settings["DATABASE_URL"])


def register_webhooks(settings: dict, wait: float = 0) -> None:
    """Subscribe the callback; with `wait`, retry while the Graph API or our web process is still starting."""
    from app.graph import GraphError
    from app.services.graph import graph_client

    callback = settings["PUBLIC_URL"].rstrip("/") + "/api/v1/webhooks/meta"
    deadline = time.monotonic() + wait
    while True:
        try:
            for kind, fields in (("page", ("feed",)), ("instagram", ("comments", "live_comments"))):
                graph_client(settings).subscribe_webhooks(callback, settings["WEBHOOK_VERIFY_TOKEN"], kind, fields)
            print("webhooks registered:", callback)
            return
        except GraphError as error:
            if time.monotonic() >= deadline:
                raise SystemExit(f"could not register the webhooks: {error}") from error
            time.sleep(1)


COMMANDS = {"migrate": migrate, "register-webhooks": register_webhooks}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m app")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--wait", type=float, default=0, help="register-webhooks: keep trying for N seconds")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    if args.command == "register-webhooks":
        register_webhooks(settings, args.wait)
    else:
        COMMANDS[args.command](settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
