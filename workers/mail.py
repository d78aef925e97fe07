"""mail.send: compose one mail from its row (an invitation, a contact request, a page's alert) and send it over
SMTP."""
from __future__ import annotations

import smtplib

from app import queue
from app.services import alert_mail, mail
from workers.celery_app import celery, settings

# A mail server that is down or refuses for a moment gets a few more tries, a minute apart at most; the mail is
# composed again from its row each time (an invitation used meanwhile is no longer sent).
RETRIES = 5
RETRY_AFTER = (5, 15, 30, 60, 60)


@celery.task(name=queue.SEND_MAIL, bind=True, max_retries=RETRIES)
def send(self, kind: str, row_id: int) -> str:
    try:
        if kind == alert_mail.KIND:
            return alert_mail.deliver(settings, row_id)
        return mail.deliver(settings, kind, row_id)
    except (smtplib.SMTPException, OSError) as error:
        raise self.retry(exc=error, countdown=RETRY_AFTER[min(self.request.retries, RETRIES - 1)])
