"""Flower on the product's Celery app: behind basic auth, and refused in production without it."""
import os
import subprocess
import sys
import time

import pytest
import requests

from tests.fixtures.services import ROOT, worker_env
from tests.e2e.product import free_port

USERS = "ops:flower-password-2026"


def launch(env: dict, *arguments: str, **popen) -> subprocess.Popen:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("FLOWER_")}
    return subprocess.Popen([sys.executable, "-m", "workers.flower", *arguments], cwd=ROOT, env={**clean, **env},
                            **popen)


@pytest.mark.parametrize("users, expected", [(None, "FLOWER_BASIC_AUTH is not set"),
                                             ("ops:short", "shorter than 12 characters"),
                                             ("no-password-given", "must be user:password")])
def test_production_refuses_to_start_flower_without_proper_basic_auth(users, expected):
    env = {"APP_ENV": "production", **({"FLOWER_BASIC_AUTH": users} if users else {})}

    process = launch(env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _out, err = process.communicate(timeout=30)

    assert process.returncode == 2
    assert "refusing to start" in err and expected in err


def test_flower_answers_401_without_credentials_and_200_with_them(base_settings):
    port = free_port()
    process = launch({**worker_env(base_settings), "FLOWER_BASIC_AUTH": USERS}, "--address=127.0.0.1",
                     f"--port={port}", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        _wait_answering(url, process)

        assert requests.get(url, timeout=5).status_code == 401
        assert requests.get(url, auth=("ops", "wrong-password-000"), timeout=5).status_code == 401
        user, password = USERS.split(":")
        answer = requests.get(url, auth=(user, password), timeout=5)
        assert answer.status_code == 200 and "Flower" in answer.text
    finally:
        process.terminate()
        process.wait(timeout=15)


def _wait_answering(url: str, process: subprocess.Popen, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, "Flower exited"
        try:
            requests.get(url, timeout=2)
            return
        except requests.ConnectionError:
            time.sleep(0.2)
    raise AssertionError(f"Flower did not answer on {url}")
