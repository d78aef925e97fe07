"""What to do with one comment: hide it, answer it (private reply, like, public reply), or leave it, and why.

The one decision of the live pipeline (drain.py here), the replay (app/services/replay_decide.py) and the wizard's
chat simulator (app/services/simulator.py), so the three cannot disagree. The agent messages screen
(app/services/why.py) explains a log from the reasons given here. `decide` is pure: it is given what the agent read
of the comment (`read`), the page's settings and the comment's facts; the plan's monthly allowance is drawn
afterwards by the pipeline alone (`Decision.refused`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.models import Agent, SocialPage
from app.services.pipeline import commenter_profiles, matchers
from nlp import Match, answer, moderation, sentiment, spam

# Why a comment is not answered (None: it is). NOT_MATCHED is what the pipeline stores when the matcher matched
# nothing; `shown_reason` tells it apart by what the matcher read. PLAN_LIMIT and PLAN_EXPIRED are the refusals of
# app/services/billing/limits.py take_replies.
OWN_COMMENT, NO_AGENT, AGENT_NOT_LIVE, LINK = "own_comment", "no_agent", "agent_not_live", "link"
NOT_MATCHED, NO_ANSWER, PLAN_LIMIT, PLAN_EXPIRED = "not_matched", "no_answer", "plan_limit", "plan_expired"
NEGATIVE_HIDDEN, ASKS_NOTHING = "negative_hidden", "asks_nothing"
# What a negative comment is, for the why: an insult, hate, obscenity or threat, or a complaint about the shop.
ABUSIVE, COMPLAINT = "abusive", "complaint"
INTENT_NOT_IN_AGENT, BELOW_THRESHOLD = "intent_not_in_agent", "below_threshold"
# The live pipeline's own: TOO_OLD, an answer that would reach Meta after its 7-day private-reply window
# (app/services/pipeline/planning.py); REMOVED, a comment its author deleted (app/services/pipeline/lifecycle.py).
# Both are also the `error` of the actions they cancel.
TOO_OLD, REMOVED = "too_old", "removed"
# The reasons shown as the decision gives them; the others refine NOT_MATCHED.
FINAL_REASONS = frozenset({OWN_COMMENT, NO_AGENT, AGENT_NOT_LIVE, LINK, NO_ANSWER, PLAN_LIMIT, PLAN_EXPIRED, TOO_OLD})


@dataclass(frozen=True)
class Comment:
    """The facts about a comment the decision needs besides what the agent reads in it."""
    text: str
    names: dict = field(default_factory=dict)  # the personalisation tags' values for its author
    own: bool = False  # written by the page itself: its comments and public replies come back as webhooks
    top_level: bool = True  # on the post, not a reply to another comment
    posted: bool = True  # on a post: the chat simulator's test message is not, so nothing can hide it


@dataclass(frozen=True)
class Action:
    kind: str  # hide, private_reply, like or public_reply
    payload: dict
    delayed: bool  # sent at the page's reply delay (app/services/pipeline/planning.py); a hide is due at once


@dataclass(frozen=True)
class Decision:
    match: Match
    reply: answer.Answer | None  # the private message; kept when the plan refuses it, for the log to show
    hide: bool
    reason: str | None  # why it is not answered; None when it is
    like: bool = False  # the page likes the comments it answers (Facebook)
    public_reply: str | None = None  # and answers them in public too (Facebook)

    @property
    def answered(self) -> bool:
        return self.reason is None

    @property
    def actions(self) -> list[Action]:
        """The hide first, then the answer's actions, which share one due time."""
        planned = [Action("hide", {}, delayed=False)] if self.hide else []
        if self.answered:
            planned.append(Action("private_reply", {"text": self.reply.text, "buttons": self.reply.buttons}, True))
            if self.like:
                planned.append(Action("like", {}, True))
            if self.public_reply:
                planned.append(Action("public_reply", {"message": self.public_reply}, True))
        return planned

    def refused(self, refusal: str | None) -> Decision:
        """The decision once the plan's allowance is drawn (or the answer found too late for Meta's window): a
        refusal leaves the comment unanswered, still hidden."""
        return self if refusal is None else replace(self, reason=refusal)


def posted_comment(page: SocialPage, comment, post_id: str | None) -> Comment:
    """The facts of a comment on a post of the page: an inbox event, or a comment read from the Graph API
    (app/graph CommentChange), whose fields are alike. A reply to another comment has that comment as parent."""
    return Comment(comment.message or "", commenter_profiles.names(comment, page), own=page.wrote(comment.from_id),
                   top_level=comment.parent_id in (None, post_id))


def of(page: SocialPage, agent: Agent | None, comment: Comment, answers: bool = True) -> Decision | None:
    """The decision about a comment, by `agent` (None: no agent; `answers` False: one that is not live). None for
    the page's own replies, which are not decided at all (no reply loops)."""
    if comment.own and not comment.top_level:
        return None
    match, reply = read(page, agent if answers else None, comment)
    return decide(page, agent, answers, comment, match, reply)


def read(page: SocialPage, agent: Agent | None, comment: Comment) -> tuple[Match, answer.Answer | None]:
    """What the agent reads in the comment and the private message it composes, in the comment's language when
    the answer has a version in it (nlp/answer.py: Answer.language); without an agent that answers, only what the
    page's moderation needs. The page's own words are not read."""
    if comment.own:
        return Match(text=comment.text, language=""), None
    if agent is None:
        abusive = moderation.is_abusive(comment.text)
        return Match(text=comment.text, language="", negative=abusive or sentiment.is_negative(comment.text),
                     abusive=abusive, has_link=spam.has_link(comment.text)), None
    return matchers.reply_to(agent, page, comment.text, comment.names)


def decide(page: SocialPage, agent: Agent | None, answers: bool, comment: Comment, match: Match,
           reply: answer.Answer | None) -> Decision:
    """Anti-spam hides a comment with a link and hide-negative a negative one (abuse only when the page keeps
    complaints); a comment hidden for its link is not answered, a negative question is hidden and answered."""
    moderated = comment.posted and not comment.own  # what the page's moderation may hide
    for_link = moderated and page.spam and match.has_link
    negative = moderated and page.hide_comment and match.negative and (match.abusive or not page.keep_complaints)
    reason = _reason(agent, answers, comment, match, reply, for_link)
    facebook = page.platform == "facebook"
    public = page.public_reply_message if facebook and page.public_reply_enabled and \
        page.public_reply_message.strip() else None
    return Decision(match, reply if reason is None else None, bool(for_link or negative), reason,
                    like=bool(facebook and page.likes_comment), public_reply=public)


def _reason(agent: Agent | None, answers: bool, comment: Comment, match: Match, reply: answer.Answer | None,
            hidden_for_link: bool) -> str | None:
    if comment.own:
        return OWN_COMMENT
    if agent is None:
        return NO_AGENT
    if not answers:
        return AGENT_NOT_LIVE
    if hidden_for_link:
        return LINK
    if not match.matched:
        return NOT_MATCHED
    if reply is None:
        return NO_ANSWER
    return None


def negative_kind(match: Match) -> str | None:
    """ABUSIVE or COMPLAINT for a negative comment, None for another."""
    if not match.negative:
        return None
    return ABUSIVE if match.abusive else COMPLAINT


def candidates_of(scores: list[dict] | None, threshold: float | None, agent_intents: set[str]) -> list[dict]:
    """The model's best intents ({intent, score}), each said to be in the agent or not, above the threshold or not."""
    return [{"intent": item["intent"], "score": item["score"], "inAgent": item["intent"] in agent_intents,
             "aboveThreshold": threshold is not None and item["score"] >= threshold}
            for item in scores or []]


def shown_reason(reason: str | None, *, negative_hidden: bool, silent: bool, candidates: list[dict]) -> str | None:
    """The reason as the agent messages screen and the replay show it: NOT_MATCHED told apart by what the matcher
    read (`candidates` from candidates_of)."""
    if reason is None or reason in FINAL_REASONS:
        return reason
    if negative_hidden:
        return NEGATIVE_HIDDEN
    if silent:
        return ASKS_NOTHING
    if any(item["aboveThreshold"] and not item["inAgent"] for item in candidates):
        return INTENT_NOT_IN_AGENT
    return BELOW_THRESHOLD
