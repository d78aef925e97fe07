"""A local mail sink for development: `python -m app mailsink` listens on SMTP_URL's host and port and keeps every
message it receives as a .eml file under var/mail/ (open one with any mail reader, or read it as text).

Never for production: it accepts any sender and any recipient, without authentication.
"""
from __future__ import annotations

import itertools
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller

from app.config import ROOT

MAIL_DIR = ROOT / "var" / "mail"


class EmlStore:
    """aiosmtpd handler: each message becomes `<UTC time>-<n>.eml` in `directory` (written whole, then renamed,
    so a reader never sees half a mail)."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self._lock:
            name = f"{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{time.time_ns()}-{next(self._numbers)}"
        content = envelope.original_content or envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8")
        partial = self.directory / f".{name}.part"
        partial.write_bytes(content)
        partial.rename(self.directory / f"{name}.eml")
        return "250 Message accepted for delivery"


def address(smtp_url: str) -> tuple[str, int]:
    url = urlsplit(smtp_url)
    return url.hostname or "127.0.0.1", url.port or 25


def start(host: str, port: int, directory: Path) -> Controller:
    """A running sink (its own thread); stop it with `.stop()`."""
    controller = Controller(EmlStore(directory), hostname=host, port=port)
    controller.start()
    return controller


def serve(smtp_url: str, directory: Path = MAIL_DIR) -> None:
    host, port = address(smtp_url)
    try:
        controller = start(host, port, directory)
    except OSError as error:  # the port is taken (another sink, a real mail server): one line, no traceback
        raise SystemExit(f"mail sink cannot listen on {host}:{port}: {error.strerror or error}") from None
    print(f"mail sink on {host}:{port}, storing mails in {directory}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()
