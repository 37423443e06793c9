#!/usr/bin/env python3
"""Mask latency of llguidance on JSONSchemaBench schemas, beside `fm schema bench` on the same
token streams.

    pip install llguidance==1.9.1
    python3 scripts/llguidance_masks.py prepare DATA_DIR OUT_DIR [--sample 414] [--seed 1]
    python3 scripts/llguidance_masks.py run OUT_DIR --tokenizer-json QWEN_TOKENIZER_JSON [--runs 2]
    fm schema bench OUT_DIR/schemas --instances OUT_DIR/instances --layout flexible --per-schema

`prepare` takes a seeded sample of JSONSchemaBench `maskbench/data` files and writes each
schema to OUT_DIR/schemas/NAME.json and its valid instances to OUT_DIR/instances/NAME/K.json,
written as `json.dumps` writes them (`", "` and `": "`, non-ASCII as is): both engines replay
exactly these bytes (`fm schema bench` replays them as written under `--layout flexible`; its
`apple` layout writes the same values in Apple's layout, which for these separators is the
same text up to number and escape spelling).

`run` compiles each schema with llguidance's JSON Schema front end (the time to construct the
`LLMatcher` is the first compile), tokenizes each instance with the tokenizer given (the
model's own `tokenizer.json`), and times one mask per token plus the final one (EOS allowed),
committing each token. Masks are written into a preallocated buffer
(`unsafe_compute_mask_ptr`), timed with `time.perf_counter_ns` around the call alone. One core
(the process is pinned when `os.sched_setaffinity` exists). Prints percentiles in microseconds
per run, over every schema llguidance compiles, and writes the compiled names to
OUT_DIR/llguidance-compiled.txt so the fm figures can be restricted to the same schemas
(`scripts/llguidance_masks.py compare`).

    python3 scripts/llguidance_masks.py compare OUT_DIR FM_PER_SCHEMA_OUTPUT
prints the names both engines compiled and makes OUT_DIR/both (schemas/ and instances/, links
into OUT_DIR): run `run OUT_DIR/both` and `fm schema bench OUT_DIR/both/schemas --instances
OUT_DIR/both/instances` on it, alternately, for figures over exactly the same schemas.
"""
import argparse
import json
import os
import random
import re
import statistics
import sys
import time


def percentiles(values):
    if not values:
        return "n 0"
    s = sorted(values)

    def at(q):
        return s[min(len(s) - 1, int(q * len(s)))]

    return (f"n {len(s)}: p50 {at(0.5):.1f} µs, p90 {at(0.9):.1f}, p99 {at(0.99):.1f}, "
            f"p99.9 {at(0.999):.1f}, max {s[-1]:.1f}")


def prepare(args):
    names = sorted(n for n in os.listdir(args.data) if n.endswith(".json"))
    sample = sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
    os.makedirs(os.path.join(args.out, "schemas"), exist_ok=True)
    os.makedirs(os.path.join(args.out, "instances"), exist_ok=True)
    kept = 0
    for name in sample:
        with open(os.path.join(args.data, name)) as f:
            document = json.load(f)
        valid = [t["data"] for t in document.get("tests", []) if t.get("valid")]
        if not valid:
            continue  # no token stream to replay
        stem = name[:-5]
        with open(os.path.join(args.out, "schemas", name), "w") as f:
            json.dump(document["schema"], f, ensure_ascii=False)
        directory = os.path.join(args.out, "instances", stem)
        os.makedirs(directory, exist_ok=True)
        for k, data in enumerate(valid):
            with open(os.path.join(directory, f"{k}.json"), "w") as f:
                f.write(json.dumps(data, ensure_ascii=False))
        kept += 1
    print(f"{kept} of {len(sample)} sampled schemas have valid instances; written to {args.out}")


def run(args):
    import llguidance
    import numpy as np

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    tokenizer = llguidance.LLTokenizer(open(args.tokenizer_json).read())
    schemas_dir = os.path.join(args.out, "schemas")
    names = sorted(n for n in os.listdir(schemas_dir) if n.endswith(".json"))
    words = (tokenizer.vocab_size + 31) // 32
    mask = np.zeros(words, dtype=np.uint32)
    pointer, size = mask.ctypes.data, mask.nbytes
    compiled_names = []
    for run_index in range(args.runs):
        masks, compiles, refused = [], [], 0
        for name in names:
            with open(os.path.join(schemas_dir, name)) as f:
                schema = f.read()
            start = time.perf_counter_ns()
            matcher = llguidance.LLMatcher(tokenizer, llguidance.grammar_from("json_schema", schema))
            compile_us = (time.perf_counter_ns() - start) / 1000
            if matcher.is_error():
                refused += 1
                continue
            compiles.append(compile_us)
            if run_index == 0:
                compiled_names.append(name)
            directory = os.path.join(args.out, "instances", name[:-5])
            for instance in sorted(os.listdir(directory)):
                with open(os.path.join(directory, instance)) as f:
                    tokens = tokenizer.tokenize_str(f.read())
                matcher.reset()
                for token in tokens + [None]:
                    start = time.perf_counter_ns()
                    matcher.unsafe_compute_mask_ptr(pointer, size)
                    masks.append((time.perf_counter_ns() - start) / 1000)
                    if token is None:
                        break
                    if not matcher.consume_token(token):
                        print(f"{name}/{instance}: llguidance rejected token {token}: {matcher.get_error()}",
                              file=sys.stderr)
                        break
        print(f"run {run_index + 1}: llguidance {llguidance.get_version() if hasattr(llguidance, 'get_version') else ''},"
              f" {len(names)} schemas, {refused} refused")
        print(f"  mask          {percentiles(masks)}")
        print(f"  first compile {percentiles(compiles)}")
    with open(os.path.join(args.out, "llguidance-compiled.txt"), "w") as f:
        f.write("".join(n + "\n" for n in compiled_names))


def compare(args):
    ours = set()
    pattern = re.compile(r"^\s*(\S+\.json)\b")
    with open(args.fm_output) as f:
        for line in f:
            m = pattern.match(line)
            if m:
                ours.add(os.path.basename(m.group(1)))
    with open(os.path.join(args.out, "llguidance-compiled.txt")) as f:
        theirs = {line.strip() for line in f if line.strip()}
    both = sorted(ours & theirs)
    target = os.path.join(args.out, "both")
    for sub in ("schemas", "instances"):
        os.makedirs(os.path.join(target, sub), exist_ok=True)
    for name in both:
        for link, source in ((os.path.join(target, "schemas", name), os.path.join(args.out, "schemas", name)),
                             (os.path.join(target, "instances", name[:-5]), os.path.join(args.out, "instances", name[:-5]))):
            if not os.path.lexists(link):
                os.symlink(os.path.abspath(source), link)
    print("\n".join(both))
    print(f"{len(both)} compiled by both ({len(ours)} by fm, {len(theirs)} by llguidance)", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("data")
    p.add_argument("out")
    p.add_argument("--sample", type=int, default=414)
    p.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("run")
    p.add_argument("out")
    p.add_argument("--tokenizer-json", required=True)
    p.add_argument("--runs", type=int, default=2)
    p = sub.add_parser("compare")
    p.add_argument("out")
    p.add_argument("fm_output")
    args = parser.parse_args()
    {"prepare": prepare, "run": run, "compare": compare}[args.command](args)


if __name__ == "__main__":
    main()
