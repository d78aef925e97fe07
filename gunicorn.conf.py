"""gunicorn reads this file from the working directory (run.sh, the Procfile and the benchmark start it there)."""
import gc


def post_worker_init(worker):
    # gunicorn's own error answers (requests it refuses before Flask sees them: 414, 431, 400) in the API's JSON
    # shape instead of its HTML page; the worker class stays gunicorn's default (see app/gunicorn_worker.py).
    from app import gunicorn_worker

    gunicorn_worker.install(worker)
    # The app's objects live as long as the process: moved out of the collector's sight, they no longer make
    # every full collection walk them (pauses of ~100 ms under webhook load, seen in bench/pipeline_bench.py).
    gc.freeze()
