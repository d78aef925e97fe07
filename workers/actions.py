"""actions.dispatch_due (beat, every second): claim the planned actions whose time has come and send them."""
from app import queue
from app.services import actions, sweeps
from workers.celery_app import celery, settings


@celery.task(name=queue.DISPATCH_DUE)
def dispatch_due() -> int:
    return sweeps.dispatch_due(settings)


@celery.task(name=queue.SEND_ACTIONS)
def send_actions(action_ids: list[int]) -> None:
    """Send given actions now (each through its claim, so a redelivery sends nothing twice)."""
    for action_id in action_ids:
        actions.send(action_id, settings)
