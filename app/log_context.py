"""What a log line is about: the comment, the page and the Celery task being worked on, kept in context variables.

The webhook, the ingest drain (per comment) and action sending bind them with one call; every log line written
meanwhile carries them (app/logging_setup.py). Binding a comment also names the personal values it holds (the
commenter's name, the message, the reply text, the page token) so that the log formatter blanks them in any line
written in that context, whatever logged them.
"""
from __future__ import annotations

from contextvars import ContextVar

comment_id: ContextVar[str | None] = ContextVar("comment_id", default=None)
page_id: ContextVar[str | None] = ContextVar("page_id", default=None)
task_id: ContextVar[str | None] = ContextVar("task_id", default=None)
sensitive: ContextVar[tuple[str, ...]] = ContextVar("sensitive", default=())

# Shorter values would blank ordinary letters; a value that short identifies no one on its own.
MIN_SENSITIVE_LENGTH = 3


def bind_changes(changes) -> None:
    """A webhook delivery: its comments' ids and pages (comma-separated when it holds several)."""
    changes = list(changes)
    _bind(",".join(dict.fromkeys(change.comment_id for change in changes if change.comment_id)) or None,
          ",".join(dict.fromkeys(change.page_id for change in changes if change.page_id)) or None,
          [change.message for change in changes], [change.from_name for change in changes])


def bind_event(event) -> None:
    """An inbox row being decided."""
    _bind(event.comment_id, event.page_external_id, [event.message], [event.from_name])


def bind_action(action, page) -> None:
    """A claimed action being sent with its page's token."""
    payload = action.payload or {}
    _bind(action.comment_id, page.external_id, [page.access_token, payload.get("text"), payload.get("message")], [])


def bind_task(task_id_value: str | None) -> None:
    clear()
    task_id.set(task_id_value)


def clear() -> None:
    for variable in (comment_id, page_id, task_id):
        variable.set(None)
    sensitive.set(())


def current() -> dict[str, str]:
    found = {"comment_id": comment_id.get(), "page_id": page_id.get(), "task_id": task_id.get()}
    return {key: value for key, value in found.items() if value}


def _bind(comment: str | None, page: str | None, values: list, names: list) -> None:
    comment_id.set(comment)
    page_id.set(page)
    sensitive.set(_sensitive_parts(values, names))


def _sensitive_parts(values: list, names: list) -> tuple[str, ...]:
    """Each value whole, and each word of a name too (a first name logged alone is still a name)."""
    parts = [value.strip() for value in values + names if isinstance(value, str)]
    parts += [word for name in names if isinstance(name, str) for word in name.split()]
    # Longest first, so a whole value is blanked before its words.
    return tuple(sorted({part for part in parts if len(part) >= MIN_SENSITIVE_LENGTH}, key=len, reverse=True))
