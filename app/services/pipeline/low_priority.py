"""The processes that read and index a catalogue for the workers (catalogue_follower.py, index_builder.py), started
in a session of their own at a low CPU priority.

Linux's autogroup (on by default) shares the CPU between sessions first and orders processes by nice value only
within a session. Started in the worker's session, a follower at nice 10 to 19 still spent the worker session's
share: two of them took 1.5 of 2 cores for 3 to 6 s after a 20,000-product change, and the other pages' comments
waited behind them (bench/noisy_neighbour.py). In a session of its own whose group is niced as well, the process gets
the CPU the other sessions leave.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
# The full index: the old or layered matcher answers meanwhile, so it waits for every other process.
LOWEST = 19


def start(module: str, niceness: int, stderr=None) -> subprocess.Popen:
    """`python -m module` with pipes on stdin and stdout, lowered before its imports (a second of CPU) are under
    way."""
    child = subprocess.Popen([sys.executable, "-m", module], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=stderr, cwd=ROOT, start_new_session=True)
    lower(niceness, child.pid)
    return child


def lower(niceness: int, pid: int = 0) -> None:
    """Process `pid` (0: this one) at `niceness`, and the group of the session it leads. Only ever raises the nice
    value, which needs no privilege."""
    try:
        os.setpriority(os.PRIO_PROCESS, pid, niceness)
        Path(f"/proc/{pid or 'self'}/autogroup").write_text(str(niceness))
    except OSError:  # the process already ended, or no autogroup here: its nice value alone then
        pass
