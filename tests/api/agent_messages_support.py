"""What the agent messages tests share: a signed-in owner of a connected sandbox page equipped with the demo's
catalogue and live generic agent, and comments decided by the pipeline's own code (app/services/pipeline/drain.py) in
this process, their replies sent to the sandbox over HTTP. The worker tests (tests/workers/test_why_*.py) run
the same path through a real Celery worker."""
from __future__ import annotations

from dataclasses import dataclass

from app.database import session
from app.models import Agent, CommentLog, InboxEvent, utcnow
from app.services import demo
from tests.api.agents_support import Team, team
from tests.fixtures.worker_drain import drain_until_logged

LOGS = "/api/v1/secure/logEvent/post/{}/all"
ANSWER = "/api/v1/secure/logEvent/answer/comment/{}"
PROFILE = "/api/v1/secure/profile/subscriber/{}"
FAN = {"id": "7345098712340012", "name": "Nour Haddad"}


@dataclass
class Shop:
    owner: Team
    agent: Agent
    settings: dict
    sandbox: object

    @property
    def headers(self) -> dict:
        return self.owner.headers

    def comment(self, message: str, author: dict | None = None, post_id: str | None = None) -> CommentLog:
        """A fan's comment at the sandbox, received and decided as the pipeline does; its log."""
        author = author or FAN
        post_id = post_id or self.owner.post_id
        comment_id = self.sandbox.admin.comment(post_id, message, author=author)["id"]
        page = self.owner.page
        session.add(InboxEvent(platform=page.platform, comment_id=comment_id, page_external_id=page.external_id,
                               post_external_id=post_id, parent_id=post_id, from_id=author["id"],
                               from_name=author.get("name") or author.get("username"), message=message,
                               created_time=utcnow()))
        session.commit()
        return drain_until_logged(self.settings, comment_id)


def shop(app, client, sandbox, signed_in, first_name="Amira", platform="facebook") -> Shop:
    owner = team(client, sandbox, signed_in, first_name=first_name, platform=platform)
    agent = demo.equip(owner.page, owner.user)
    return Shop(owner, agent, dict(app.config), sandbox)


def logs(client, headers, post_id: str, after: str | None = None):
    return client.get(LOGS.format(post_id), headers=headers, query_string={"after": after} if after else None)
