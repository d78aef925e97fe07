"""Every model of the product, importable from one place (and registered on `Base.metadata`)."""
from app.models.agents import Agent, AgentIntent, IntentDefinition, ProductAnswer
from app.models.alerts import Alert, AlertRead
from app.models.base import Base, utcnow
from app.models.billing import InvoiceCounter, Payment, PaymentNotification, Plan, ReplyUsage, Subscription
from app.models.catalogue import CatalogueChange, Category, Product, Synonym
from app.models.comments import CommentLog, InboxEvent, InboxTake, ManualAnswer, PlannedAction, SubscriberProfile
from app.models.contact import ContactRequest
from app.models.pages import Invitation, Post, SocialPage, TeamMembership
from app.models.privacy import DataDeletionRequest
from app.models.proposals import Proposal, ProposalEvidence
from app.models.replays import Replay, ReplayComment
from app.models.users import RevokedToken, User

__all__ = [
    "Agent", "AgentIntent", "Alert", "AlertRead", "Base", "CatalogueChange", "Category", "CommentLog", "ContactRequest", "DataDeletionRequest", "InboxEvent", "InboxTake",
    "IntentDefinition", "InvoiceCounter", "Invitation", "ManualAnswer", "Payment", "PaymentNotification", "Plan", "PlannedAction", "Post",
    "Product", "ProductAnswer", "Proposal", "ProposalEvidence", "Replay", "ReplayComment", "ReplyUsage", "RevokedToken",
    "SocialPage", "Subscription", "SubscriberProfile",
    "Synonym", "TeamMembership", "User", "utcnow",
]
