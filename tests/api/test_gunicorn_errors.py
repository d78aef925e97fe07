"""Requests gunicorn refuses before Flask sees them answer the API's JSON error shape, with gunicorn's own status:
a real gunicorn started with the project's gunicorn.conf.py, spoken to over a raw socket."""
from __future__ import annotations

import json

import pytest

from tests.e2e.product import REPO, VENV_BIN, free_port, product_environment, start, stop, wait_until_answering
from tests.fixtures.live_web import exchange


@pytest.fixture(scope="module", params=["sync", "gthread"])
def web(request, tmp_path_factory):
    """The sync worker the Procfile and Dockerfile run today, and gthread (what gunicorn runs with --threads)."""
    workdir = tmp_path_factory.mktemp("gunicorn")
    port = free_port()
    env = product_environment(workdir, free_port(), port)
    log = workdir / "web.log"
    threads = ["--threads", "2"] if request.param == "gthread" else []
    process = start([str(VENV_BIN / "gunicorn"), "-c", str(REPO / "gunicorn.conf.py"), "-w", "1", *threads,
                     "-b", f"127.0.0.1:{port}", "app:create_app()"], env, log)
    try:
        wait_until_answering(f"http://127.0.0.1:{port}/api/v1/config", process, log)
        assert f"Using worker: {request.param}" in log.read_text()
        yield port
    finally:
        stop(process)


def get(path: str = "/api/v1/config", headers: list[tuple[str, str]] = ()) -> bytes:
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", *(f"{name}: {value}" for name, value in headers)]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def assert_json_error(answer, status: int, words: str):
    code, headers, body = answer
    assert code == status, body
    assert headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(body)
    assert headers["connection"] == "close"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["content-security-policy"].startswith("default-src 'none'")
    error = json.loads(body)
    assert set(error) == {"message", "code"} and error["code"] == status
    assert words in error["message"]
    return error


def test_an_ordinary_request_still_reaches_flask(web):
    code, headers, body = exchange(web, get(headers=[("Connection", "close")]))
    assert code == 200 and headers["content-type"] == "application/json"
    assert "loginDialogUrl" in json.loads(body)


def test_a_url_of_10000_characters_is_a_json_414(web):
    path = "/api/v1/config?q=" + "a" * (10_000 - len("/api/v1/config?q="))
    assert_json_error(exchange(web, get(path)), 414, "URI Too Long")


def test_a_header_of_10000_bytes_is_a_json_431(web):
    assert_json_error(exchange(web, get(headers=[("X-Big", "b" * 10_000)])), 431, "Request Header Fields Too Large")


def test_200_headers_are_a_json_431(web):
    many = [(f"X-Header-{number}", "x") for number in range(200)]
    assert_json_error(exchange(web, get(headers=many)), 431, "Request Header Fields Too Large")


@pytest.mark.parametrize("request_line", [b"GARBAGE", b"GET / HTTP/1.1 extra", b"G\x00T / HTTP/1.1"])
def test_a_malformed_request_line_is_a_json_400(web, request_line):
    error = assert_json_error(exchange(web, request_line + b"\r\nHost: x\r\n\r\n"), 400, "Bad Request")
    assert "Invalid" in error["message"]


def test_a_malformed_header_is_a_json_400(web):
    assert_json_error(exchange(web, b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n"), 400, "Bad Request")
