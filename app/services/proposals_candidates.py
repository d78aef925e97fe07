"""What the proposals finder (app/services/proposals_finder.py) reads and returns: the comments an agent missed,
the page's products and the agent's intents it reads them against, and the candidates it finds."""
from __future__ import annotations

from dataclasses import dataclass, field

from nlp import Matcher


@dataclass(frozen=True)
class Missed:
    """A comment the agent missed: its text, who wrote it (to count distinct commenters), its log (None for a
    comment a replay read), whether the agent answered it (then only its product was missed) and its network id."""
    text: str
    publisher: str
    log_id: int | None
    source: str = "page"
    matched: bool = False
    comment_id: str | None = None


@dataclass
class Candidate:
    kind: str
    key: str
    value: str
    target: str | None = None
    product_id: int | None = None
    details: dict = field(default_factory=dict)
    evidence: list[Missed] = field(default_factory=list)

    @property
    def commenters(self) -> int:
        return len({comment.publisher for comment in self.evidence})


@dataclass(frozen=True)
class Product:
    id: int
    name: str
    category: str
    spellings: tuple[str, ...]  # the name and its synonyms


@dataclass
class Context:
    """What the finder needs besides the comments: the agent's intents and what may be added to it, the page's
    products, the full-model matcher on the page's catalogue, and the product the agent's post is about."""
    agent_id: int
    agent_intents: frozenset[str]
    addable_intents: frozenset[str]
    products: list[Product]
    full_matcher: Matcher
    post_product: Product | None = None
