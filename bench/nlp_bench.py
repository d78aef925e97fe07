"""Benchmark of the matching engine against a realistic 5,000-product catalogue (bench/nlp_shop.py): full-match
throughput on one core and per-comment p50/p99 over the shipped comments plus long ones, the same throughput
through `python -m nlp match` (stdin to JSON lines), where a match spends its time, the time to build an agent's
matcher, and the resident memory of a worker holding 50 agents' matchers (measured in a fresh child process).
Then the same throughputs with a second 5,000-product catalogue whose names are made of the words people write
most in comments (`nlp_shop.comment_words_catalogue`), where every comment word reads as some catalogue word.
Run: .venv/bin/python bench/nlp_bench.py"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402

import nlp  # noqa: E402
import nlp_shop  # noqa: E402
from nlp import catalogue as catalogue_tokens, intents, normalize, sentiment, spam, training  # noqa: E402

CATALOGUE_SIZE = 5000
LONG_COMMENTS = 2000
AGENTS = 50
ROUNDS = 3


def comments(shop: dict) -> list[str]:
    """Every labelled comment shipped (all four languages), then long ones naming the shop's products."""
    shipped = [example["text"] for example in training.read_jsonl(training.TRAIN_FILE)]
    return shipped + nlp_shop.long_comments(shop, LONG_COMMENTS)


def percentiles(durations: list[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    ordered = sorted(durations)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99)] * 1000


def measure_matching(matcher, texts: list[str]) -> dict:
    """Per-comment CPU time (this thread only, so other processes on the machine do not count) and wall time."""
    for text in texts:
        matcher.match(text)
    cpu, wall = [], []
    for _ in range(ROUNDS):
        for text in texts:
            cpu_started, wall_started = time.thread_time(), time.perf_counter()
            matcher.match(text)
            wall.append(time.perf_counter() - wall_started)
            cpu.append(time.thread_time() - cpu_started)
    return {"comments": len(cpu), "per_second_cpu": len(cpu) / sum(cpu), "per_second_wall": len(wall) / sum(wall),
            "cpu_ms": percentiles(cpu), "wall_ms": percentiles(wall)}


def measure_build(catalogue: dict) -> float:
    """CPU seconds of the fastest of three builds."""
    builds = []
    for _ in range(3):
        started = time.process_time()
        nlp.build_matcher(sorted(intents.NAMES), catalogue)
        builds.append(time.process_time() - started)
    return min(builds)


def _cpu_seconds(part, texts: list[str]) -> float:
    started = time.thread_time()
    for text in texts:
        part(text)
    return time.thread_time() - started


def measure_parts(matcher, texts: list[str]) -> dict[str, float]:
    """CPU microseconds per comment of each part of a match, each run alone over the same comments (the parts
    share the normalised tokens, computed once here and counted under "normalise")."""
    model, index = matcher.model, matcher.products
    tokens = {text: normalize.tokens(text) for text in texts}
    words = {text: catalogue_tokens.product_tokens(tokens[text]) for text in texts}
    parts = {
        "normalise": normalize.tokens,
        "model (decisions, calibration)": lambda text: model.calibrated_scores(model.decisions(tokens[text])),
        "negative lexicon": lambda text: sentiment.in_lexicon(tokens[text]),
        "links": spam.has_link,
        "products: product tokens": lambda text: catalogue_tokens.product_tokens(tokens[text]),
        "products: find": lambda text: index.find(words[text]),
        "whole match": matcher.match,
    }
    for part in parts.values():
        _cpu_seconds(part, texts)
    return {name: _cpu_seconds(part, texts) / len(texts) * 1e6 for name, part in parts.items()}


def measure_product_steps(index, texts: list[str]) -> dict[str, float]:
    """CPU microseconds per comment of the main steps of `ProductIndex.find`, each timed on what the step before
    found (confirming names looks its candidates up again: that share is subtracted), and of the whole call: the
    difference is the rest (names of small words only, one hit per product)."""
    words = [catalogue_tokens.product_tokens(normalize.tokens(text)) for text in texts]
    readings = [index._token_scores(comment)[1] for comment in words]
    runs = {
        "read words (spelling index)": lambda number: index._token_scores(words[number]),
        "candidate names (word pairs)": lambda number: readings[number] and index._candidates(words[number],
                                                                                         readings[number]),
        "confirm names (likeness)": lambda number: readings[number] and index._multi_word_hits(words[number],
                                                                                              readings[number]),
        "whole find": lambda number: index.find(words[number]),
    }
    numbers = list(range(len(texts)))
    for run in runs.values():
        _cpu_seconds(run, numbers)
    totals = {name: _cpu_seconds(run, numbers) / len(texts) * 1e6 for name, run in runs.items()}
    totals["confirm names (likeness)"] -= totals["candidate names (word pairs)"]
    return totals


def measure_cli(catalogue: dict, texts: list[str]) -> tuple[float, float, int]:
    """Comments per CPU second and per wall-clock second of `python -m nlp match` on one core, stdin to JSON lines:
    a run over every comment minus a run over one comment (interpreter start, model load and matcher build)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "catalogue.json"
        path.write_text(json.dumps(catalogue, ensure_ascii=False), encoding="utf-8")
        lines = [text.replace("\n", " ") for text in texts if text.strip()]
        costs, walls = [], []
        for stdin in ("\n".join(lines[:1]) + "\n", "\n".join(lines) + "\n"):
            before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "nlp", "match", "--catalogue", str(path)], input=stdin,
                                    capture_output=True, text=True, cwd=ROOT, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            walls.append(time.perf_counter() - started)
            assert len(result.stdout.splitlines()) == stdin.count("\n")
            costs.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return (len(lines) - 1) / (costs[1] - costs[0]), (len(lines) - 1) / (walls[1] - walls[0]), len(lines)


def hold_agents() -> None:
    """Child process: build 50 agents on 50 different catalogues, match with each, print the RSS in MB."""
    process = psutil.Process()
    baseline = process.memory_info().rss
    intents.model()
    shops = [nlp_shop.catalogue(CATALOGUE_SIZE, seed) for seed in range(AGENTS)]
    texts = comments(shops[0])
    matchers = [nlp.build_matcher(sorted(intents.NAMES), shop) for shop in shops]
    for matcher in matchers:
        for text in texts[::10]:
            matcher.match(text)
    print(f"{process.memory_info().rss / 2**20:.1f} {baseline / 2**20:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hold-agents", action="store_true", help=argparse.SUPPRESS)
    if parser.parse_args().hold_agents:
        hold_agents()
        return
    load = os.getloadavg()
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    started = time.perf_counter()
    intents.model()
    model_load = time.perf_counter() - started
    shop = nlp_shop.catalogue(CATALOGUE_SIZE)
    spellings = sum(1 + len(product["synonyms"]) for category in shop["categories"] for product in category["products"])
    texts = comments(shop)
    build = measure_build(shop)
    matcher = nlp.build_matcher(sorted(intents.NAMES), shop)
    figures = measure_matching(matcher, texts)
    parts = measure_parts(matcher, texts)
    steps = measure_product_steps(matcher.products, texts)
    cli, cli_wall, cli_comments = measure_cli(shop, texts)
    child = subprocess.run([sys.executable, __file__, "--hold-agents"], capture_output=True, text=True, check=True)
    rss, baseline = (float(value) for value in child.stdout.split())
    print("load average before the run:   {:.2f} {:.2f} {:.2f} (2 cores)".format(*load))
    print(f"model load (cached):            {model_load * 1000:.0f} ms")
    print(f"agent matcher build ({CATALOGUE_SIZE:,} products, {spellings:,} spellings): {build * 1000:.0f} ms CPU")
    print(f"full match, one core:           {figures['per_second_cpu']:.0f} comments/s of CPU time "
          f"({figures['per_second_wall']:.0f}/s wall clock) over {figures['comments']} comments "
          f"({len(texts) - LONG_COMMENTS} shipped + {LONG_COMMENTS} long, x{ROUNDS})")
    print("per comment, CPU time:          p50 {:.3f} ms, p99 {:.3f} ms".format(*figures["cpu_ms"]))
    print("per comment, wall clock:        p50 {:.3f} ms, p99 {:.3f} ms".format(*figures["wall_ms"]))
    print(f"python -m nlp match, one core:  {cli:.0f} comments/s of CPU time ({cli_wall:.0f}/s wall clock; "
          f"stdin to JSON lines, {cli_comments} comments)")
    print("CPU per comment, each part alone:")
    for name, micros in parts.items():
        print(f"  {name:<32}{micros:>8.1f} us")
    print("products: find, by step:")
    for name, micros in steps.items():
        print(f"  {name:<32}{micros:>8.1f} us")
    print(f"worker with {AGENTS} agents' matchers: {rss:.0f} MB resident (of which {baseline:.0f} MB before the model and matchers)")
    print_comment_words_shop(texts)


def print_comment_words_shop(texts: list[str]) -> None:
    """Throughputs with a catalogue named with the comments' own words (the product matcher's hardest case)."""
    shop = nlp_shop.comment_words_catalogue(texts[:-LONG_COMMENTS], CATALOGUE_SIZE)
    texts = texts[:-LONG_COMMENTS] + nlp_shop.long_comments(shop, LONG_COMMENTS)
    figures = measure_matching(nlp.build_matcher(sorted(intents.NAMES), shop), texts)
    cli, cli_wall, cli_comments = measure_cli(shop, texts)
    print(f"catalogue named with comment words ({CATALOGUE_SIZE:,} products):")
    print(f"  full match, one core:         {figures['per_second_cpu']:.0f} comments/s of CPU time "
          f"({figures['per_second_wall']:.0f}/s wall clock), p99 {figures['cpu_ms'][1]:.3f} ms CPU")
    print(f"  python -m nlp match, one core: {cli:.0f} comments/s of CPU time ({cli_wall:.0f}/s wall clock, "
          f"{cli_comments} comments)")


if __name__ == "__main__":
    main()
