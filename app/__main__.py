"""Operator commands: `python -m app migrate | seed | register-webhooks`.

migrate  applies every Alembic migration, then loads the reference data (plans, intent catalogue).
register-webhooks  subscribes the product's callback URL with the Graph API (the sandbox or Meta).
"""
from __future__ import annotations

import argparse
import sys

from app.config import load_settings
from app.database import init_engine, upgrade_schema


def migrate(settings: dict) -> None:
    from app.services.reference_data import load_reference_data

    upgrade_schema(settings["DATABASE_URL"])
    init_engine(settings["DATABASE_URL"])
    load_reference_data()
    print("database ready:", settings["DATABASE_URL"])


def register_webhooks(settings: dict) -> None:
    from app.services.graph import graph_client

    callback = settings["PUBLIC_URL"].rstrip("/") + "/api/v1/webhooks/meta"
    client = graph_client(settings)
    for kind, fields in (("page", ("feed",)), ("instagram", ("comments", "live_comments"))):
        client.subscribe_webhooks(callback, settings["WEBHOOK_VERIFY_TOKEN"], kind, fields)
    print("webhooks registered:", callback)


COMMANDS = {"migrate": migrate, "register-webhooks": register_webhooks}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m app")
    parser.add_argument("command", choices=sorted(COMMANDS))
    args = parser.parse_args(argv)
    COMMANDS[args.command](load_settings())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
