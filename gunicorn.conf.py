"""gunicorn reads this file from the working directory (run.sh, the Procfile and the benchmark start it there)."""
import gc
import os

from app import logging_setup

# gunicorn's own lines (start, worker deaths, access lines) in the product's format, redacted like the rest.
logconfig_dict = logging_setup.gunicorn_logconfig()

# Every header is parsed, and some (Referer, User-Agent) are written to the access line and redacted, before any
# of our code could refuse them: a header line longer than a browser ever sends is refused first (431). Browsers cut
# a Referer over 4,096 bytes to its origin; our own longest header, the session's bearer token, is far shorter.
limit_request_field_size = len("Referer: ") + 4096 + len("\r\n")  # gunicorn counts the whole line
# A request line (method, path, query) longer than gunicorn's default of 4,094 bytes is refused (414); said here so
# that it stays bounded whatever the default becomes.
limit_request_line = 4094


def post_worker_init(worker):
    # gunicorn's own error answers (requests it refuses before Flask sees them: 414, 431, 400) in the API's JSON
    # shape instead of its HTML page; the worker class stays gunicorn's default (see app/gunicorn_worker.py).
    from app import gunicorn_worker

    gunicorn_worker.install(worker)
    # The app's objects live as long as the process: moved out of the collector's sight, they no longer make
    # every full collection walk them (pauses of ~100 ms under webhook load, seen in bench/pipeline_bench.py).
    gc.freeze()


def child_exit(_server, worker):
    # With PROMETHEUS_MULTIPROC_DIR set, each worker writes its metrics to files there; a dead worker's live
    # values must stop counting (its counters stay summed in, as Prometheus expects).
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
