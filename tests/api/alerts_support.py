"""What the alert tests share: an owner's connected page, its history written as the pipeline writes it (log
events and their private replies' outcomes), and the beat pass run as the worker runs it."""
from __future__ import annotations

from datetime import timedelta
from itertools import count

from app.database import session
from app.models import Agent, CommentLog, PlannedAction, ReplyUsage, SocialPage, User, utcnow
from app.services import alerts

SECURE = "/api/v1/secure"
BUTTON_REFUSED = "100 - (#100) Param message[attachment][payload][buttons][0][url] must be a valid URL"
_ids = count(1)


def page_of(owner: User, external_id: str = "8880001", name: str = "Boutique Amira") -> SocialPage:
    page = SocialPage(platform="facebook", external_id=external_id, name=name, owner_id=owner.id, is_connected=True,
                      access_token="page-token")
    session.add(page)
    session.commit()
    return page


def agent_of(page: SocialPage, post: str = "Nouvelle collection d'été") -> Agent:
    agent = Agent(page_id=page.id, target_id=f"{page.external_id}_1", post_message=post, trained=True, live=True)
    session.add(agent)
    session.commit()
    return agent


def comments(page: SocialPage, times: int, hours_ago: float = 0, agent: Agent | None = None,
             reply: str | None = None, error: str | None = None, **fields) -> None:
    """`times` log events of the page; with `reply` ("done" or "failed", and its error), each with its private
    reply's outcome as the outcome writer leaves it."""
    when = utcnow() - timedelta(hours=hours_ago)
    for _ in range(times):
        comment_id = f"{page.external_id}_c{next(_ids)}"
        log = CommentLog(page_id=page.id, agent_id=agent.id if agent else None, comment_id=comment_id,
                         message="combien ?", created_at=when, treated=reply is not None, **fields)
        session.add(log)
        session.flush()
        if reply is not None:
            session.add(PlannedAction(page_id=page.id, log_id=log.id, comment_id=comment_id, kind="private_reply",
                                      state=reply, error=error, payload={"text": "Bonjour"}, created_at=when))
    session.commit()


def replies_used(owner: User, used: int) -> None:
    session.add(ReplyUsage(owner_id=owner.id, month=utcnow().strftime("%Y-%m"), used=used))
    session.commit()


def run_pass() -> dict:
    """The beat task's pass, as workers/alerts.py runs it."""
    session.expire_all()
    return alerts.refresh_all()


def listed(client, headers, page_id: str = "8880001", platform: str = "facebook") -> dict:
    answer = client.get(f"{SECURE}/alerts/get/{page_id}/{platform}", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def kinds(client, headers, page_id: str = "8880001") -> list[str]:
    return [alert["kind"] for alert in listed(client, headers, page_id)["alerts"]]
