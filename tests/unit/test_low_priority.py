"""The processes that index a catalogue for the workers run in a session of their own, whose group Linux's autogroup
schedules against the worker's, both at the low priority asked (app/services/pipeline/low_priority.py)."""
import os
from pathlib import Path

from app.services.pipeline import index_builder, low_priority


def test_a_builder_process_leads_its_own_session_at_the_priority_asked_and_its_group_too():
    child = low_priority.start(index_builder.__name__, low_priority.LOWEST)
    try:
        assert os.getsid(child.pid) == child.pid != os.getsid(0)
        assert os.getpriority(os.PRIO_PROCESS, child.pid) == low_priority.LOWEST
        autogroup = Path(f"/proc/{child.pid}/autogroup")
        if autogroup.exists():  # a kernel with autogroup, as Debian's and Ubuntu's
            assert autogroup.read_text().split()[-1] == str(low_priority.LOWEST)
    finally:
        child.kill()
        child.wait()
        child.stdin.close()
        child.stdout.close()
