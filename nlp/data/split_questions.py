"""Splits the hand-written real-style shop questions (issue 41) once: a question is held out when a hash of its text
says so (one in three), the rest join the training sources. Reads a file in the sources' format (`[lang -]` headers,
`text | i:intent,intent` lines) and writes `sources/coverage41_questions.txt` (training) and
`shop_questions_heldout.jsonl` (never trained on: nlp/question_eval.py measures the engine on it). A held-out
question that is a training comment, or one a typo away (the builder's near-duplicate rule), is left out: the
model would have seen it. Run it after the training comments are built, then build them again.
Run: .venv/bin/python nlp/data/split_questions.py QUESTIONS.txt"""
import hashlib
import json
import sys
from pathlib import Path

from rapidfuzz import fuzz
from rapidfuzz.process import extractOne

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_comments  # noqa: E402  (a sibling module, not a package)

DATA_DIR = Path(__file__).resolve().parent
TRAINING = DATA_DIR / "sources" / "coverage41_questions.txt"
HELDOUT = DATA_DIR / "shop_questions_heldout.jsonl"
VARIANTS = 2
HEADER = ("# Round 41 (issue 41): questions shoppers ask sellers about a product, in the words of real product Q&A: "
          "weight and capacity\n# (dimensions), fit from one's own measurements (size), safety and make of materials, "
          "original or same part as\n# another (material_model), where it ships from and returns (delivery), a known "
          "product asked for (availability),\n# and technical or off-topic questions a shop bot leaves to a person "
          "(none). Two in three of the questions written;\n# the third is held out (shop_questions_heldout.jsonl).\n")


def heldout(text: str) -> bool:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:8], 16) % 3 == 0


def seen_in_training() -> set[str]:
    """The training comments as the near-duplicate rule compares them."""
    lines = (DATA_DIR / "comments_train.jsonl").read_text(encoding="utf-8").splitlines()
    return {build_comments.comparable(json.loads(line)["text"]) for line in lines if line.strip()}


def near_training(text: str, seen: set[str]) -> bool:
    reduced = build_comments.comparable(text)
    return reduced in seen or bool(extractOne(reduced, seen, scorer=fuzz.ratio,
                                              score_cutoff=build_comments.NEAR_DUPLICATE_RATIO))


def main(path: Path) -> None:
    seen = seen_in_training()
    training, kept = [HEADER], []
    lang = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            lang = line[1:-1].split()[0]
            # Two noisy variants of each (the sources' default is one): a few hundred questions among 40,000
            # comments would otherwise barely move the model.
            training.append(f"[{lang} - v={VARIANTS}]\n")
        elif line.strip():
            text, labels = line.split(" | i:")
            if heldout(text):
                if near_training(text, seen):
                    continue
                kept.append({"text": text, "lang": lang, "intents": [] if labels == "-" else labels.split(",")})
            else:
                training.append(line + "\n")
    TRAINING.write_text("".join(training), encoding="utf-8")
    HELDOUT.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in kept), encoding="utf-8")
    print(f"{len(kept)} held out, {sum(not line.startswith(('[', '#')) for line in training)} for training")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
