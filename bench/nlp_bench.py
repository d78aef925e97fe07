"""Benchmark of the matching engine: full-match throughput on one core and per-comment p50/p99 against a
5,000-product catalogue, the time to build an agent's matcher, and the resident memory of a worker holding
50 agents' matchers (measured in a fresh child process). Run: .venv/bin/python bench/nlp_bench.py"""
import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402

import nlp  # noqa: E402
from nlp import intents, synthetic, training  # noqa: E402

CATALOGUE_SIZE = 5000
AGENTS = 50
ROUNDS = 5


def comments() -> list[str]:
    """Every labelled comment shipped (train and dev, all four languages)."""
    return [example["text"] for name in ("comments_train.jsonl", "comments_dev.jsonl")
            for example in training.read_jsonl(training.DATA_DIR / name)]


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


def hold_agents() -> None:
    """Child process: build 50 agents on 50 different catalogues, match with each, print the RSS in MB."""
    process = psutil.Process()
    baseline = process.memory_info().rss
    texts = comments()
    intents.model()
    matchers = [nlp.build_matcher(sorted(intents.NAMES), synthetic.catalogue(CATALOGUE_SIZE, seed))
                for seed in range(AGENTS)]
    for matcher in matchers:
        for text in texts[::3]:
            matcher.match(text)
    print(f"{process.memory_info().rss / 2**20:.1f} {baseline / 2**20:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hold-agents", action="store_true", help=argparse.SUPPRESS)
    if parser.parse_args().hold_agents:
        hold_agents()
        return
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    started = time.perf_counter()
    intents.model()
    model_load = time.perf_counter() - started
    catalogue = synthetic.catalogue(CATALOGUE_SIZE)
    build = measure_build(catalogue)
    figures = measure_matching(nlp.build_matcher(sorted(intents.NAMES), catalogue), comments())
    child = subprocess.run([sys.executable, __file__, "--hold-agents"], capture_output=True, text=True, check=True)
    rss, baseline = (float(value) for value in child.stdout.split())
    print(f"model load (cached):            {model_load * 1000:.0f} ms")
    print(f"agent matcher build (5,000 products, 15,000 spellings): {build * 1000:.0f} ms CPU")
    print(f"full match, one core:           {figures['per_second_cpu']:.0f} comments/s of CPU time "
          f"({figures['per_second_wall']:.0f}/s wall clock) over {figures['comments']} comments")
    print("per comment, CPU time:          p50 {:.3f} ms, p99 {:.3f} ms".format(*figures["cpu_ms"]))
    print("per comment, wall clock:        p50 {:.3f} ms, p99 {:.3f} ms".format(*figures["wall_ms"]))
    print(f"worker with {AGENTS} agents' matchers: {rss:.0f} MB resident (of which {baseline:.0f} MB before the model and matchers)")


if __name__ == "__main__":
    main()
