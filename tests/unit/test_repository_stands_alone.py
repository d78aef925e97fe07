"""A fresh clone must be enough: no tracked file reaches for a folder beside the repository, and every document
the project points to (markdown links, `docs/*.md` citations in code and docs) exists, down to its heading."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The team's notes live beside the repository on their machines only; a clone has no such folder.
SIBLING_FOLDER = re.compile(r"\.\./shared\b|[\"']shared[\"']\s*/\s*[\"']conformance[\"']")
# Path(__file__).resolve().parents[N]: past the file's own depth, N leaves the repository.
PARENTS_INDEX = re.compile(r"__file__\)\.resolve\(\)\.parents\[(\d+)\]")
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
# A path under docs/ ending in .md, with an optional #anchor, and not the tail of a longer path.
DOCS_CITATION = re.compile(r"(?<![\w./-])(docs/[\w./-]+?\.md)(?:#([\w-]+))?")
FENCE = re.compile(r"^(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def tracked() -> list[str]:
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in listing.decode().split("\0") if name]


def text_files() -> dict[str, str]:
    """Every tracked file present in the working tree that is not binary (no NUL byte), as text."""
    files = {}
    for name in tracked():
        path = ROOT / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" not in data:
            files[name] = data.decode("utf-8", errors="replace")
    return files


def outside_code_blocks(text: str) -> list[str]:
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the rendered text, lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found, seen = set(), {}
    for line in outside_code_blocks(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
    return found


def resolve(source: str, target: str, tracked_paths: set[str]) -> str | None:
    """Why `target` (as written in `source`) does not resolve inside the repository, or None when it does."""
    path_part, _, anchor = target.partition("#")
    destination = (ROOT / source).parent / path_part if path_part else ROOT / source
    destination = destination.resolve()
    if ROOT not in destination.parents and destination != ROOT:
        return "points outside the repository"
    relative = destination.relative_to(ROOT).as_posix()
    is_dir = any(name.startswith(relative + "/") for name in tracked_paths)
    if relative not in tracked_paths and not is_dir:
        return "is not a tracked file or folder"
    if anchor and destination.suffix == ".md" and anchor not in anchors(destination):
        return f"has no heading #{anchor}"
    return None


def test_no_tracked_file_reaches_outside_the_repository():
    found = []
    for name, text in text_files().items():
        for number, line in enumerate(text.splitlines(), 1):
            if SIBLING_FOLDER.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
            depth = len(Path(name).parts) - 1  # parents[depth] is the repository's root
            found += [f"{name}:{number}: parents[{index}] is above the repository"
                      for index in PARENTS_INDEX.findall(line) if int(index) > depth]
    assert not found, "\n".join(found)


def markdown_files() -> list[str]:
    return sorted(name for name in tracked() if name.endswith(".md") and (ROOT / name).is_file())


@pytest.mark.parametrize("name", markdown_files())
def test_relative_links_of_markdown_resolve(name):
    tracked_paths = set(tracked())
    broken = []
    for line in outside_code_blocks((ROOT / name).read_text(encoding="utf-8")):
        for target in MARKDOWN_LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue  # http:, https:, mailto: ...
            problem = resolve(name, target, tracked_paths)
            if problem:
                broken.append(f"{target} {problem}")
    assert not broken, f"{name}:\n" + "\n".join(broken)


def test_every_cited_docs_file_and_section_exists():
    tracked_paths = set(tracked())
    broken = []
    for name, text in text_files().items():
        for document, anchor in DOCS_CITATION.findall(text):
            target = document + (f"#{anchor}" if anchor else "")
            problem = resolve("README.md", target, tracked_paths)  # docs/... is cited from the repository's root
            if problem:
                broken.append(f"{name}: {target} {problem}")
    assert not broken, "\n".join(broken)


def test_slugs_follow_github():
    assert slug("Queue rules") == "queue-rules"
    assert slug("`pipeline_bench.py`: the comment pipeline end to end") == \
        "pipeline_benchpy-the-comment-pipeline-end-to-end"
    assert slug("Calls the product makes") == "calls-the-product-makes"
