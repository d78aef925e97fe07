"""A worker started at a lower CPU priority (`nice -n 10 celery ... worker`: the Procfile's ingest worker) keeps it
against the processes of the other sessions too.

Linux with autogroup on (the default of most distributions) shares the CPU between sessions first, and a nice value
only orders the processes of one session. honcho, compose and the benchmarks start each process in a session of
its own, so the ingest worker competed with the dispatcher as an equal whatever its nice value, and on two saturated
cores delayed replies left seconds late. A worker whose session is its own (it leads it, or the shell that started
it does) gives its nice value to the session's group as well (/proc/self/autogroup).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

from celery.signals import worker_init

log = logging.getLogger(__name__)
AUTOGROUP = Path("/proc/self/autogroup")


@worker_init.connect
def _session_priority(**_kwargs) -> None:
    niceness = os.getpriority(os.PRIO_PROCESS, 0)
    if niceness <= 0 or os.getsid(0) not in (os.getpid(), os.getppid()) or not AUTOGROUP.exists():
        return
    try:
        AUTOGROUP.write_text(str(niceness))
    except OSError as error:  # not allowed here: the nice value still orders this session's processes
        log.warning("could not lower this worker's session to nice %s: %s", niceness, error)
