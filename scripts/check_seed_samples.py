#!/usr/bin/env python3
"""Checks that Tests/AppleSamplesTests holds Apple's seed samples verbatim.

Usage: scripts/check_seed_samples.py [SEEDS_DIR]   (default $FM_SHARED_DIR/seeds or ../shared/seeds)

Each fenced code block of each seed document is split into tokens (whitespace and comments
ignored) and aligned with the tokens of the test file that holds that document's samples; a
token of a sample that finds no place in the file is a change to Apple's text. The changes we
made on purpose (each marked `// EDIT:` in the test files) are listed below; anything else fails.
"""
import difflib
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = {
    "guided-generation-article.md": "GuidedGenerationArticleSamples.swift",
    "tool-calling-article.md": "ToolCallingArticleSamples.swift",
    "sample-game-generate-dynamic-game-content.md": "SampleGameSamples.swift",
    "wwdc25-301-deep-dive-en.md": "DeepDiveSamples.swift",
}
# (document, block number) -> tokens of Apple's text we changed on purpose.
EXPECTED = {
    ("tool-calling-article.md", 5): ["toolCall"],  # Apple's case is `.toolCalls`
    ("wwdc25-301-deep-dive-en.md", 6): [". ."],  # the elided instructions (`...`)
    ("wwdc25-301-deep-dive-en.md", 13): ["Contacts"],  # `import Contacts`: not on Linux
    ("wwdc25-301-deep-dive-en.md", 15): ["Contacts"],
    ("wwdc25-301-deep-dive-en.md", 16): ["EventKit"],  # `import EventKit`: not on Linux
}
TOKEN = re.compile(r'"""|\w+|[^\s\w]')


def blocks(path):
    found, current = [], None
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.strip().startswith("```"):
            if current is None:
                current = []
            else:
                found.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return found


def tokens(text):
    return TOKEN.findall(re.sub(r"//[^\n]*", "", text))


def main():
    shared = Path(os.environ["FM_SHARED_DIR"]) if os.environ.get("FM_SHARED_DIR") else ROOT.parent / "shared"
    seeds = Path(sys.argv[1]) if len(sys.argv) > 1 else shared / "seeds"
    failures = 0
    for document, test_file in FILES.items():
        file_tokens = tokens((ROOT / "Tests" / "AppleSamplesTests" / test_file).read_text(encoding="utf-8"))
        for number, block in enumerate(blocks(seeds / document), 1):
            block_tokens = tokens(block)
            matcher = difflib.SequenceMatcher(None, block_tokens, file_tokens, autojunk=False)
            changed = [" ".join(block_tokens[i1:i2]) for tag, i1, i2, _, _ in matcher.get_opcodes()
                       if tag in ("replace", "delete")]
            expected = EXPECTED.get((document, number), [])
            status = "ok" if changed == expected else "CHANGED"
            failures += status != "ok"
            print(f"{status}: {document} block {number} ({len(block_tokens)} tokens)"
                  + (f", changed: {changed}" if changed else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
