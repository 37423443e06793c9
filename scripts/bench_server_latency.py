#!/usr/bin/env python3
"""Latency and throughput of an OpenAI-compatible server under a mixed load: REQUESTS streamed
chat completions at CONCURRENCY, one in LONG_EVERY with a long prompt (about LONG tokens) and the
rest short (about SHORT tokens), each asking for a length drawn from 64-256 tokens at temperature
0. The same seeded requests go to `fm serve` and to llama.cpp's `llama-server`.

Prints one JSON line: time to first token (TTFT) p50/p99 over all requests and over the short
ones, inter-token latency (ITL: the gap between two streamed chunks that carry text) p50/p99,
aggregate generated tokens/s (`usage.completion_tokens`, from `stream_options.include_usage`,
over the wall time), and the prompt tokens the server counted.

    scripts/bench_server_latency.py --base-url http://127.0.0.1:8080/v1 --model NAME --concurrency 8
"""
import argparse
import concurrent.futures
import http.client
import json
import random
import statistics
import time
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--base-url", required=True)
parser.add_argument("--model", required=True)
parser.add_argument("--concurrency", type=int, default=4)
parser.add_argument("--requests", type=int, default=16)
parser.add_argument("--long-every", type=int, default=4, help="one request in this many has the long prompt")
parser.add_argument("--short", type=int, default=100, help="approximate tokens of a short prompt")
parser.add_argument("--long", type=int, default=2000, help="approximate tokens of a long prompt")
parser.add_argument("--seed", type=int, default=7)
args = parser.parse_args()

WORDS = ("the morning market opened early and the baker carried warm bread past the fountain while "
         "a courier on a red bicycle counted the parcels for the old library near the river where "
         "students argued about maps engines recipes storms harvests and the price of coffee beans").split()


def prompt_text(index, tokens, rng):
    # About 1.06 tokens per word of this vocabulary (the chat template adds ~30); a unique opening per request, so no
    # server can reuse another request's prefix.
    words = [rng.choice(WORDS) for _ in range(int(tokens / 1.06))]
    return f"Note {index}: " + " ".join(words) + "\n\nSummarize the notes above, then continue them as a long story."


def build_requests():
    rng = random.Random(args.seed)
    requests = []
    for index in range(args.requests):
        long = index % args.long_every == args.long_every - 1
        text = prompt_text(index, args.long if long else args.short, rng)
        requests.append({"long": long, "max_tokens": rng.choice([64, 128, 192, 256]), "content": text})
    return requests


URL = urllib.parse.urlparse(args.base_url)


def one(request):
    payload = {"model": args.model, "max_tokens": request["max_tokens"], "temperature": 0, "stream": True,
               "stream_options": {"include_usage": True},
               "messages": [{"role": "user", "content": request["content"]}]}
    connection = http.client.HTTPConnection(URL.hostname, URL.port, timeout=1200)
    start = time.perf_counter()
    connection.request("POST", URL.path + "/chat/completions", json.dumps(payload), {"Content-Type": "application/json"})
    response = connection.getresponse()
    if response.status != 200:
        raise RuntimeError(f"HTTP {response.status}: {response.read()[:300]!r}")
    arrivals, usage = [], None
    for raw in response:
        line = raw.decode().strip()
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            break
        chunk = json.loads(data)
        if chunk.get("usage"):
            usage = chunk["usage"]
        for choice in chunk.get("choices") or []:
            if (choice.get("delta") or {}).get("content"):
                arrivals.append(time.perf_counter())
    connection.close()
    if not arrivals or usage is None:
        raise RuntimeError(f"no text or no usage in the stream of request with {request['max_tokens']} tokens")
    return {"long": request["long"], "ttft": arrivals[0] - start,
            "gaps": [b - a for a, b in zip(arrivals, arrivals[1:])],
            "completion_tokens": usage["completion_tokens"], "prompt_tokens": usage["prompt_tokens"]}


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


requests = build_requests()
start = time.perf_counter()
with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
    results = list(pool.map(one, requests))
wall = time.perf_counter() - start
ttft = [r["ttft"] for r in results]
short_ttft = [r["ttft"] for r in results if not r["long"]]
gaps = [g for r in results for g in r["gaps"]]
tokens = sum(r["completion_tokens"] for r in results)
prompts = [r["prompt_tokens"] for r in results]
print(json.dumps({
    "requests": len(results), "concurrency": args.concurrency, "seconds": round(wall, 2),
    "completion_tokens": tokens, "tokens_per_second": round(tokens / wall, 2),
    "prompt_tokens": {"short": statistics.median(p for r, p in zip(results, prompts) if not r["long"]),
                      "long": statistics.median(p for r, p in zip(results, prompts) if r["long"])},
    "ttft_p50": round(statistics.median(ttft), 3), "ttft_p99": round(percentile(ttft, 99), 3),
    "short_ttft_p50": round(statistics.median(short_ttft), 3), "short_ttft_p99": round(percentile(short_ttft, 99), 3),
    "itl_p50": round(statistics.median(gaps), 4), "itl_p99": round(percentile(gaps, 99), 4)}))
