"""Operator commands: `python -m app migrate | register-webhooks | mailsink | plans | pages | demo`.

migrate  applies every Alembic migration, then loads the reference data (plans, intent catalogue).
register-webhooks  subscribes the product's callback URL with the Graph API (the sandbox or Meta).
mailsink  a development SMTP server on SMTP_URL's port that keeps every mail under var/mail/ as a .eml file.
plans list  every plan with its limits.
plans grant NETWORK_USER_ID "PLAN NAME" [--months N]  gives a signed-up user a plan (recorded as a bonus payment).
pages allow-price PAGE_ID  allows the Price intent on a connected page (its whiteSet flag; the wizard greys Price
    out, saying how to ask for it, until then).
demo  development only: the sandbox's demo user with a connected page and a live agent (app/services/demo.py).
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
    from app.services.graph_client import graph_client

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


def demo(wait: float) -> int:
    from app import create_app
    from app.services import demo as demo_world

    application = create_app()
    with application.app_context():
        try:
            seeded = demo_world.seed(application.config, wait)
        except demo_world.DemoUnavailable as error:
            print(f"demo not seeded: {error}", file=sys.stderr)
            return 1
        print(f"demo ready: sign in as {seeded.user.full_name}; {seeded.page.name} is connected with a live agent "
              f"(price, availability, delivery): comment on its posts in the sandbox inspector")
    return 0


def _database_not_ready(error: Exception) -> int:
    print(f"the database is not ready (run `python -m app migrate`): {error.__class__.__name__}", file=sys.stderr)
    return 1


def plans(settings: dict, args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from app.services.billing import grants

    init_engine(settings["DATABASE_URL"])
    try:
        if args.action == "list":
            print(grants.plans_table())
            return 0
        done = grants.grant(args.network_user_id, args.plan_name, args.months)
    except grants.GrantRefused as refusal:
        print(refusal, file=sys.stderr)
        return 1
    except SQLAlchemyError as error:
        return _database_not_ready(error)
    print(f"granted {done.plan.name!r} to {done.user.full_name or done.user.facebook_id} "
          f"({done.user.facebook_id}) until {done.subscription.expires_at:%Y-%m-%d %H:%M} UTC "
          f"(bonus payment {done.payment.order_id})")
    return 0


def pages(settings: dict, args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from app.services import page_settings

    init_engine(settings["DATABASE_URL"])
    try:
        rows = page_settings.allow_price(args.page_id)
    except SQLAlchemyError as error:
        return _database_not_ready(error)
    if not rows:
        print(f"no page with id {args.page_id!r} (its owner connects it first)", file=sys.stderr)
        return 1
    for row in rows:
        state = "connected" if row.is_connected else "not connected"
        print(f"Price allowed on {row.name!r} ({row.platform} {row.external_id}, {state})")
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="python -m app")
    commands = root.add_subparsers(dest="command", required=True, metavar="command")
    commands.add_parser("migrate", help="apply the migrations and load the reference data")
    webhooks = commands.add_parser("register-webhooks", help="subscribe the callback URL with the Graph API")
    webhooks.add_argument("--wait", type=float, default=0, help="keep trying for N seconds")
    sink = commands.add_parser("mailsink", help="development SMTP server storing mails under var/mail/")
    sink.add_argument("--dir", default=None, help="where to store the .eml files (default var/mail)")
    plan_commands = commands.add_parser("plans", help="list plans, or grant one to a user").add_subparsers(
        dest="action", required=True, metavar="action")
    plan_commands.add_parser("list", help="every plan with its limits")
    grant = plan_commands.add_parser("grant", help="give a user a plan (a bonus payment)")
    grant.add_argument("network_user_id", help="the user's social-network id (idFacebook)")
    grant.add_argument("plan_name", help='the plan\'s name, e.g. "Agencies"')
    grant.add_argument("--months", type=int, default=1, help="how long (default 1 month)")
    page_commands = commands.add_parser("pages", help="operator changes of a page").add_subparsers(
        dest="action", required=True, metavar="action")
    allow = page_commands.add_parser("allow-price", help="allow the Price intent on a page (its whiteSet flag)")
    allow.add_argument("page_id", help="the page's network id (idPage)")
    seed = commands.add_parser("demo", help="development: the demo user's connected page with a live agent")
    seed.add_argument("--wait", type=float, default=0, help="keep trying for N seconds while the sandbox starts")
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
    elif args.command == "plans":
        return plans(settings, args)
    elif args.command == "pages":
        return pages(settings, args)
    elif args.command == "demo":
        return demo(args.wait)
    else:
        migrate(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
