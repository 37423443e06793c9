#!/usr/bin/env python3
"""Which JSONSchemaBench maskbench/data schemas llguidance refuses, by reason.

    pip install llguidance==1.9.1
    python3 scripts/llguidance_refusals.py /path/to/jsonschemabench/maskbench/data

Each file's `schema` goes through llguidance's JSON Schema front end (`grammar_from` then
`LLMatcher.validate_grammar`, which compiles it); a non-empty message is a refusal. Reasons are
the message with quoted names and numbers folded, so alike refusals group. Prints the counts;
compare with `fm schema bench --suite DIR` (importer and compiler refusals by reason).
"""
import collections
import json
import os
import re
import sys

import llguidance


def main():
    directory = sys.argv[1]
    reasons = collections.Counter()
    examples = {}
    total = refused = 0
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(directory, name)) as f:
            schema = json.load(f)["schema"]
        total += 1
        try:
            message = llguidance.LLMatcher.validate_grammar(llguidance.grammar_from("json_schema", json.dumps(schema)))
        except Exception as error:  # noqa: BLE001 - any failure is a refusal
            message = str(error)
        if not message:
            continue
        refused += 1
        first = message.strip().splitlines()[0]
        reason = re.sub(r'"[^"]*"|\'[^\']*\'|`[^`]*`|\d+', "_", first)[:90]
        reasons[reason] += 1
        examples.setdefault(reason, f"{name}: {first[:160]}")
    print(f"llguidance {llguidance.get_version() if hasattr(llguidance, 'get_version') else ''}: {total} schemas, "
          f"{refused} refused ({100 * refused / max(total, 1):.1f}%)")
    for reason, count in reasons.most_common():
        print(f"  {count:5d} {reason}\n        e.g. {examples[reason]}")


if __name__ == "__main__":
    main()
