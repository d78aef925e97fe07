"""`python -m sandbox --host 127.0.0.1 --port 5100 [--scenario demo|empty] [--state-file PATH]`."""
import argparse
import os

from werkzeug.serving import run_simple

from sandbox import DEFAULT_APP_ID, DEFAULT_APP_SECRET, create_app


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sandbox", description="Local Graph API and gateway sandbox")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5100)
    parser.add_argument("--scenario", choices=("demo", "empty"), default="demo")
    parser.add_argument("--state-file", default=None, help="JSON file that keeps the world across restarts")
    parser.add_argument("--app-id", default=os.environ.get("META_APP_ID", DEFAULT_APP_ID))
    parser.add_argument("--app-secret", default=os.environ.get("META_APP_SECRET", DEFAULT_APP_SECRET))
    return parser.parse_args(argv)


def main(argv=None):
    arguments = parse_arguments(argv)
    app = create_app(arguments.scenario, arguments.app_id, arguments.app_secret, arguments.state_file)
    run_simple(arguments.host, arguments.port, app, threaded=True)


if __name__ == "__main__":
    main()
