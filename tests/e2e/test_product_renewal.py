"""The browser modules' product, renewed between modules (tests/e2e/conftest.py `Launched.renew`), is as fresh as one
just started: what a module left in its database, the sandbox's world, the product's Redis keys and the web worker's
memory is gone, and it answers again."""
from __future__ import annotations

import sqlite3
from contextlib import closing

import psutil
import redis
import requests

from sandbox.admin_client import AdminClient
from tests.e2e.screens_support import AMIRA_TOKEN, api_login


def users_in(database) -> int:
    with closing(sqlite3.connect(database)) as connection:
        return connection.execute("SELECT count(*) FROM users").fetchone()[0]


def known_to_the_sandbox(product, access_token: str) -> bool:
    return requests.get(f"{product.sandbox_url}/me", params={"access_token": access_token}, timeout=10).ok


def test_a_renewed_product_keeps_nothing_a_module_left(launched_product, product):
    api_login(product, AMIRA_TOKEN)  # Amira signs in: her row in the database
    stranger = AdminClient(product.sandbox_url).user("Sami", "Gharbi")  # someone added to the sandbox's world
    store = redis.Redis.from_url(launched_product.redis_url)
    key = f"{product.env['CELERY_KEY_PREFIX']}left-by-a-module"
    store.set(key, "1")
    web_workers = {worker.pid for worker in psutil.Process(launched_product.web.pid).children()}
    assert users_in(launched_product.database) == 1 and known_to_the_sandbox(product, stranger["access_token"])

    launched_product.renew()

    assert users_in(launched_product.database) == 0
    assert not known_to_the_sandbox(product, stranger["access_token"])
    assert not store.exists(key)
    assert not web_workers & {worker.pid for worker in psutil.Process(launched_product.web.pid).children()}
    assert api_login(product, AMIRA_TOKEN)["user"], "the renewed product signs Amira in again"
