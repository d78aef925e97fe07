"""The beat scheduler, quiet while Redis is away: one warning line per half minute instead of an error with two
chained tracebacks (kombu's channel pool raises IndexError as its "no free channel" signal, and the connection
error raised while it opens a new one is chained to it) for every periodic task, every second."""
from __future__ import annotations

import logging

from celery.beat import PersistentScheduler, SchedulingError
from kombu.exceptions import OperationalError

from app.queue import QuietWarnings

log = logging.getLogger(__name__)
_outage = QuietWarnings(log)


class QuietScheduler(PersistentScheduler):
    """Publishes as Celery's own; a publish refused because the broker is down is one rate-limited warning (the
    periodic tasks read the database, so the next tick after Redis is back does the skipped work)."""

    def apply_entry(self, entry, producer=None):
        try:
            self.apply_async(entry, producer=producer, advance=False)
        except SchedulingError as error:
            cause = error.__cause__ or error.__context__
            if isinstance(cause, (OperationalError, ConnectionError, OSError)):
                _outage.warn(f"could not publish {entry.task}", cause)
            else:
                log.exception("could not publish %s", entry.task)
