"""Measures a matcher on labelled comments: intent micro and macro F1, the share of comments that must not
be answered but would be (false replies), product, negative and link precision and recall, per language group
and overall. A comment's group is its "group" field when it has one (the held-out set tells Tunisian in Latin
letters, Tunisian in Arabic script and mixed comments apart), else its "lang"."""
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field


@dataclass
class Tally:
    """True positives, false positives and false negatives, per label."""
    counts: dict = field(default_factory=lambda: defaultdict(Counter))

    def add(self, label: str, gold: bool, predicted: bool) -> None:
        if gold and predicted:
            self.counts[label]["tp"] += 1
        elif predicted:
            self.counts[label]["fp"] += 1
        elif gold:
            self.counts[label]["fn"] += 1

    def add_sets(self, gold: set, predicted: set) -> None:
        for label in gold | predicted:
            self.add(label, label in gold, label in predicted)

    def precision_recall(self) -> tuple[float, float]:
        total = sum(self.counts.values(), Counter())
        return _ratio(total["tp"], total["tp"] + total["fp"]), _ratio(total["tp"], total["tp"] + total["fn"])

    def micro_f1(self) -> float:
        return _f1(*self.precision_recall())

    def macro_f1(self) -> float:
        scores = [_f1(_ratio(c["tp"], c["tp"] + c["fp"]), _ratio(c["tp"], c["tp"] + c["fn"]))
                  for c in self.counts.values()]
        return sum(scores) / len(scores) if scores else 1.0


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


@dataclass
class Scores:
    intents: Tally = field(default_factory=Tally)
    products: Tally = field(default_factory=Tally)
    negative: Tally = field(default_factory=Tally)
    links: Tally = field(default_factory=Tally)
    silent: int = 0
    silent_answered: int = 0
    comments: int = 0

    def add(self, example: dict, match) -> None:
        self.comments += 1
        self.intents.add_sets(set(example["intents"]), {intent.name for intent in match.intents})
        self.products.add_sets(set(example.get("products") or []), {hit.name for hit in match.products})
        self.negative.add("negative", bool(example.get("negative")), match.negative)
        self.links.add("link", bool(example.get("has_link")), match.has_link)
        if not example["intents"]:
            self.silent += 1
            self.silent_answered += match.matched

    def report(self) -> dict:
        return {"comments": self.comments,
                "intent_micro_f1": self.intents.micro_f1(), "intent_macro_f1": self.intents.macro_f1(),
                "must_not_answer": self.silent,
                "must_not_answer_answered": _ratio(self.silent_answered, self.silent) if self.silent else 0.0,
                "product_precision_recall": self.products.precision_recall(),
                "negative_precision_recall": self.negative.precision_recall(),
                "link_precision_recall": self.links.precision_recall()}


def evaluate(matcher, examples: list[dict]) -> dict:
    """Report per language group ("en", "fr", ..., "tn_latin") and "all", plus the matching speed in comments
    per second."""
    by_language: dict[str, Scores] = defaultdict(Scores)
    started = time.perf_counter()
    matches = [matcher.match(example["text"]) for example in examples]
    elapsed = time.perf_counter() - started
    for example, match in zip(examples, matches):
        by_language[example.get("group") or example.get("lang", "?")].add(example, match)
        by_language["all"].add(example, match)
    report = {language: scores.report() for language, scores in sorted(by_language.items())}
    report["comments_per_second"] = len(examples) / elapsed if elapsed else 0.0
    return report


def format_report(report: dict) -> str:
    """A table a person reads: one row per language group, then the speed. "nothing" counts the comments that
    ask nothing, "falseRep" the share of them answered."""
    header = f"{'lang':<10}{'n':>6}{'microF1':>9}{'macroF1':>9}{'nothing':>8}{'falseRep':>9}" \
             f"{'negP':>7}{'negR':>7}{'prodP':>7}{'prodR':>7}{'linkP':>7}{'linkR':>7}"
    rows = [header]
    for language, row in report.items():
        if language == "comments_per_second":
            continue
        rows.append(f"{language:<10}{row['comments']:>6}{row['intent_micro_f1']:>9.3f}{row['intent_macro_f1']:>9.3f}"
                    f"{row['must_not_answer']:>8}{row['must_not_answer_answered']:>9.1%}"
                    + "".join(f"{value:>7.3f}" for key in ("negative", "product", "link")
                              for value in row[f"{key}_precision_recall"]))
    rows.append(f"comments per second: {report['comments_per_second']:.0f}")
    return "\n".join(rows)
