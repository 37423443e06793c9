#!/usr/bin/env python3
"""Aggregate generated tokens/s of an OpenAI-compatible server: REQUESTS chat completions at
CONCURRENCY, each `max_tokens` MAX_TOKENS at temperature 0, counting `usage.completion_tokens`.
The same requests go to `fm serve` and to llama.cpp's `llama-server` on the same model file.
With `--json-schema FILE` every request asks for structured output (`response_format` of type
`json_schema`, strict) under that schema, so guided generation's throughput compares with free
text's on the same server.

    scripts/bench_server_tokens.py --base-url http://127.0.0.1:8080/v1 --model NAME [--concurrency 4]
    scripts/bench_server_tokens.py ... --json-schema Benchmarks/schemas/npc-encounter.json
"""
import argparse
import concurrent.futures
import json
import statistics
import time
import urllib.request

parser = argparse.ArgumentParser()
parser.add_argument("--base-url", required=True)
parser.add_argument("--model", required=True)
parser.add_argument("--concurrency", type=int, default=4)
parser.add_argument("--requests", type=int, default=16)
parser.add_argument("--max-tokens", type=int, default=64)
parser.add_argument("--json-schema", help="a JSON Schema file every answer must follow")
args = parser.parse_args()
SCHEMA = None
if args.json_schema:
    with open(args.json_schema) as handle:
        SCHEMA = {"type": "json_schema", "json_schema": {"name": "answer", "strict": True, "schema": json.load(handle)}}

PROMPTS = ["Write a short poem about coffee.", "Explain what a CPU cache is.", "List five European capitals.",
           "Describe a rainy morning in a city.", "Give three tips for learning to cook.", "What is a prime number?",
           "Tell a story about a lost cat.", "Explain how bread rises."]


def one(index):
    payload = {"model": args.model, "max_tokens": args.max_tokens, "temperature": 0,
               "messages": [{"role": "user", "content": PROMPTS[index % len(PROMPTS)]}]}
    if SCHEMA:
        payload["response_format"] = SCHEMA
    body = json.dumps(payload).encode()
    request = urllib.request.Request(args.base_url + "/chat/completions", data=body, headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as response:
        reply = json.loads(response.read())
    return reply["usage"]["completion_tokens"], time.perf_counter() - start


start = time.perf_counter()
with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
    results = list(pool.map(one, range(args.requests)))
wall = time.perf_counter() - start
tokens = sum(r[0] for r in results)
print(json.dumps({"json_schema": args.json_schema, "requests": args.requests, "concurrency": args.concurrency, "completion_tokens": tokens,
                  "seconds": round(wall, 2), "tokens_per_second": round(tokens / wall, 2),
                  "median_latency_s": round(statistics.median(r[1] for r in results), 2)}))
