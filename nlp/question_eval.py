"""How the engine answers real-style shop questions (nlp/data/shop_questions_heldout.jsonl, held out from the
questions written for issue 41, never trained on): of the questions that ask the shop something, the share answered
and the share whose first intent is one the question asks; of the technical and off-topic ones a shop bot should
leave to a person, the share answered anyway."""
from pathlib import Path

from nlp import training

HELDOUT = Path(__file__).resolve().parent / "data" / "shop_questions_heldout.jsonl"


def evaluate(matcher, path: Path = HELDOUT) -> dict:
    asking = answered = first_right = leave = leave_answered = 0
    misses = []
    for example in training.read_jsonl(path):
        found = [intent.name for intent in matcher.match(example["text"]).intents]
        if not example["intents"]:
            leave += 1
            leave_answered += bool(found)
        else:
            asking += 1
            answered += bool(found)
            first_right += bool(found) and found[0] in example["intents"]
        if (found[0] in example["intents"]) if found else not example["intents"]:
            continue
        misses.append(f"{example['text']!r}: {found or 'nothing'}, expected {example['intents'] or 'nothing'}")
    return {"asking": asking, "answered": answered / asking if asking else 1.0,
            "first_right": first_right / answered if answered else 1.0,
            "leave": leave, "leave_answered": leave_answered / leave if leave else 0.0, "misses": misses}


def format_report(figures: dict) -> str:
    return (f"shop questions ({HELDOUT.name}): {figures['asking']} asking, answered {figures['answered']:.1%}, "
            f"first intent right {figures['first_right']:.1%} of those answered; {figures['leave']} technical or "
            f"off-topic, answered {figures['leave_answered']:.1%}")
