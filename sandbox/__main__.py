"""`python -m sandbox --host 127.0.0.1 --port 5100 [--scenario demo|empty] [--state-file PATH]
[--deauthorize-url URL] [--data-deletion-url URL]`.

Served by gunicorn (one process: the world lives in its memory; gthread: many clients at once) rather than
werkzeug's development server, which closes every connection after one answer: Meta's servers keep a client's
connection open, and a benchmark whose Graph client opened a new TCP connection per call measured that cost as
the product's.
"""
import argparse
import os

from gunicorn.app.base import BaseApplication

from sandbox import DEFAULT_APP_ID, DEFAULT_APP_SECRET, create_app


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sandbox", description="Local Graph API and gateway sandbox")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5100)
    parser.add_argument("--scenario", choices=("demo", "empty"), default="demo")
    parser.add_argument("--state-file", default=None, help="JSON file that keeps the world across restarts")
    parser.add_argument("--app-id", default=os.environ.get("META_APP_ID", DEFAULT_APP_ID))
    parser.add_argument("--app-secret", default=os.environ.get("META_APP_SECRET", DEFAULT_APP_SECRET))
    # The App Dashboard's two callback URLs at Meta: where removing the app and asking for deletion are reported.
    parser.add_argument("--deauthorize-url", default=None, help="the app's deauthorize callback URL")
    parser.add_argument("--data-deletion-url", default=None, help="the app's data deletion request URL")
    return parser.parse_args(argv)


class SandboxServer(BaseApplication):
    """gunicorn with the settings given here only (the product's gunicorn.conf.py is not read)."""

    def __init__(self, arguments: argparse.Namespace):
        self.arguments = arguments
        super().__init__()

    def load_config(self):
        for name, value in {"bind": f"{self.arguments.host}:{self.arguments.port}", "workers": 1,
                            "worker_class": "gthread", "threads": 32, "keepalive": 30, "timeout": 120,
                            "graceful_timeout": 2, "loglevel": "warning"}.items():
            self.cfg.set(name, value)

    def load(self):
        # Built in the worker process, after gunicorn's fork: the webhook dispatcher's thread starts there.
        arguments = self.arguments
        return create_app(arguments.scenario, arguments.app_id, arguments.app_secret, arguments.state_file,
                          deauthorize_url=arguments.deauthorize_url, data_deletion_url=arguments.data_deletion_url)


def main(argv=None):
    SandboxServer(parse_arguments(argv)).run()


if __name__ == "__main__":
    main()
