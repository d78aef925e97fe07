"""Command line of the matching engine: `train` builds the cached model, `match` reads comments on stdin
and writes one JSON object a line, `evaluate` prints the quality figures of a labelled JSONL file."""
import argparse
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from nlp import intents, language_eval, moderation_eval, moderation_training, product_eval, question_eval, training
from nlp.evaluate import evaluate, format_report
from nlp.matcher import build_matcher


CATALOGUE_SHAPE = '{"categories": [{"name": ..., "products": [{"name": ..., "synonyms": [...]}]}]}'


def _catalogue(path: str | None) -> dict:
    if not path:
        return {}
    try:
        catalogue = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SystemExit(f"cannot read catalogue {path}: {error}")
    if not _catalogue_shaped(catalogue):
        raise SystemExit(f"cannot read catalogue {path}: expected {CATALOGUE_SHAPE}")
    return catalogue


def _catalogue_shaped(catalogue) -> bool:
    """The JSON holds categories of products, each with a list of synonyms if any: what `build_matcher` reads."""
    categories = (catalogue.get("categories") or []) if isinstance(catalogue, dict) else None
    return isinstance(categories, list) and all(
        isinstance(category, dict) and isinstance(category.get("products") or [], list) and all(
            isinstance(product, dict) and isinstance(product.get("synonyms") or [], list)
            for product in category.get("products") or [])
        for category in categories)


def _intent_names(option: str | None) -> list[str]:
    names = [name.strip() for name in option.split(",") if name.strip()] if option else sorted(intents.NAMES)
    unknown = sorted(set(names) - intents.NAMES)
    if unknown:
        raise SystemExit(f"unknown intents: {', '.join(unknown)} (known: {', '.join(sorted(intents.NAMES))})")
    return names


def run_train(_: argparse.Namespace) -> None:
    # The two models share nothing: the abuse and chatter model is built in a process of its own meanwhile.
    with ProcessPoolExecutor(max_workers=1) as beside:
        moderation_built = beside.submit(_train_moderation)
        model = training.load_or_train()
        heads = len(model.calibrated)
        print(f"model {training.model_path()} ({len(model.vocabulary)} features, {heads} calibrated heads)")
        print(moderation_built.result())


def _train_moderation() -> str:
    weights = moderation_training.load_or_train().weights.values()
    abusive, chatter = sum(1 for weight in weights if weight.real), sum(1 for weight in weights if weight.imag)
    return f"abuse and chatter model {moderation_training.model_path()} (abusive {abusive} features, chatter " \
           f"{chatter} features)"


def run_match(options: argparse.Namespace) -> None:
    matcher = build_matcher(_intent_names(options.intents), _catalogue(options.catalogue))
    # One encoder for every line: json.dumps with an option makes a new one per call.
    encode, write, flush = json.JSONEncoder(ensure_ascii=False).encode, sys.stdout.write, sys.stdout.flush
    for lines in _waiting_lines(sys.stdin):
        write("".join(encode(matcher.match(text).to_dict()) + "\n" for text in lines if text.strip()))
        flush()


READ_SIZE = 1 << 16


def _waiting_lines(stream) -> Iterator[list[str]]:
    """The lines of `stream` (each ended by a line feed, or a carriage return and a line feed), in batches of those
    already sent when the last batch was answered: a caller who sends one comment and waits gets its answer at once,
    and one who pipes thousands gets them a batch to a write. Writing and flushing each answer alone cost a system
    call and a wake-up of the reader per comment: a fifth of the command's CPU when another program reads the answers
    (nlp/data/README.md, "Speed")."""
    descriptor, pending = stream.fileno(), b""
    while chunk := os.read(descriptor, READ_SIZE):
        *complete, pending = (pending + chunk).split(b"\n")
        yield [_text(line, stream.encoding) for line in complete]
    if pending:
        yield [_text(pending, stream.encoding)]


def _text(line: bytes, encoding: str) -> str:
    """A line as text; bytes the encoding cannot read become U+FFFD, so one broken comment is still answered with the
    rest, in valid JSON (Python's own stdin, depending on the locale, stopped the command or wrote the bytes back)."""
    return line.removesuffix(b"\r").decode(encoding, "replace")


def run_evaluate(options: argparse.Namespace) -> None:
    try:
        examples = training.read_jsonl(Path(options.data))
    except (OSError, ValueError) as error:
        raise SystemExit(f"cannot read {options.data}: {error}")
    matcher = build_matcher(_intent_names(options.intents), _catalogue(options.catalogue))
    print(format_report(evaluate(matcher, examples)))
    print(product_eval.report())
    print(moderation_eval.format_moderation(moderation_eval.moderation_report()))
    print(moderation_eval.format_blind_checks(moderation_eval.blind_check_report()))
    every_intent = build_matcher(sorted(intents.NAMES), {})
    print(moderation_eval.format_false_replies(moderation_eval.false_reply_report(every_intent)))
    print(language_eval.format_report(language_eval.evaluate(every_intent)))
    print(question_eval.format_report(question_eval.evaluate(every_intent)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m nlp", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("train", help="build the cached intent model").set_defaults(run=run_train)
    match = commands.add_parser("match", help="match comments read one a line on stdin")
    match.add_argument("--catalogue", help="the page's catalogue JSON")
    match.add_argument("--intents", help="comma-separated intent names (default: all)")
    match.set_defaults(run=run_match)
    scoring = commands.add_parser("evaluate", help="quality figures on a labelled JSONL file")
    scoring.add_argument("data")
    scoring.add_argument("--catalogue", help="the catalogue the products are labelled against")
    scoring.add_argument("--intents", help="comma-separated intent names (default: all)")
    scoring.set_defaults(run=run_evaluate)
    options = parser.parse_args(argv)
    try:
        options.run(options)
    except training.ModelUnavailable as error:  # `match` and `evaluate` load the model `train` builds
        raise SystemExit(str(error))


if __name__ == "__main__":
    main()
