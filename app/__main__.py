"""Operator commands: `python -m app migrate | register-webhooks | mailsink`.

migrate  applies every Alembic migration, then loads the reference data (plans, intent catalogue).
register-webhooks  subscribes the product's callback URL with the Graph API (the sandbox or Meta).
mailsink  a development SMTP server on SMTP_URL's port that keeps every mail under var/mail/ as a .eml file.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

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


def mailsink(settings: dict, directory: str | None = None) -> None:
    from app import mailsink as sink

    sink.serve(settings["SMTP_URL"], Path(directory) if directory else sink.MAIL_DIR)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="python -m app")
    commands = root.add_subparsers(dest="command", required=True, metavar="command")
    commands.add_parser("migrate", help="apply the migrations and load the reference data")
    webhooks = commands.add_parser("register-webhooks", help="subscribe the callback URL with the Graph API")
    webhooks.add_argument("--wait", type=float, default=0, help="keep trying for N seconds")
    sink = commands.add_parser("mailsink", help="development SMTP server storing mails under var/mail/")
    sink.add_argument("--dir", default=None, help="where to store the .eml files (default var/mail)")
    return root


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    if args.command == "register-webhooks":
        register_webhooks(settings, args.wait)
    elif args.command == "mailsink":
        mailsink(settings, args.dir)
    else:
        migrate(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
