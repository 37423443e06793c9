#!/usr/bin/env python3
"""The 8-bit KV cache's fidelity: next-token logits with `--kv-cache q8_0` against the f16 cache.

Tokenizes a text (default: README.md) with `fm tokenize`, takes its prefixes of 64, 128, ...
tokens (up to --max-tokens), has `fm logits` prefill each into an empty context with either cache
format, and compares the last-position rows: argmax agreement, mean and max |difference| of the
logits, and the KL divergence KL(p_f16 || p_q8) of the softmax.

  scripts/kv_cache_fidelity.py                      # Qwen2.5-Coder 0.5B, README.md
  scripts/kv_cache_fidelity.py --model gemma3-270m --text DESIGN.md --max-tokens 2048
"""
import argparse, json, math, os, struct, subprocess, sys, tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--fm", default=".build/release/fm")
parser.add_argument("--model", default="qwen2.5-coder-0.5b")
parser.add_argument("--text", default="README.md")
parser.add_argument("--step", type=int, default=64)
parser.add_argument("--max-tokens", type=int, default=1024)
args = parser.parse_args()

ids = [int(x) for x in subprocess.run(
    [args.fm, "tokenize", "--model", args.model, "--ids-only"], input=open(args.text, encoding="utf-8").read(),
    capture_output=True, text=True, check=True).stdout.split()]
prefixes = [ids[:n] for n in range(args.step, min(len(ids), args.max_tokens) + 1, args.step)]
if not prefixes:
    sys.exit(f"{args.text}: fewer than {args.step} tokens")

with tempfile.TemporaryDirectory() as tmp:
    prompts = os.path.join(tmp, "prompts.json")
    json.dump(prefixes, open(prompts, "w"))
    rows = {}
    for fmt in ("f16", "q8_0"):
        out = os.path.join(tmp, fmt + ".bin")
        subprocess.run([args.fm, "logits", "--model", args.model, "--prompts", prompts, "--out", out, "--kv-cache", fmt],
                       check=True, capture_output=True)
        data = open(out, "rb").read()
        count = len(data) // 4
        values = struct.unpack(f"<{count}f", data)
        width = count // len(prefixes)
        rows[fmt] = [values[i * width:(i + 1) * width] for i in range(len(prefixes))]

def softmax(row):
    m = max(row)
    e = [math.exp(x - m) for x in row]
    s = sum(e)
    return [x / s for x in e]

agree, mean_abs, max_abs, kls = 0, [], 0.0, []
for a, b in zip(rows["f16"], rows["q8_0"]):
    agree += a.index(max(a)) == b.index(max(b))
    diffs = [abs(x - y) for x, y in zip(a, b)]
    mean_abs.append(sum(diffs) / len(diffs))
    max_abs = max(max_abs, max(diffs))
    p, q = softmax(a), softmax(b)
    kls.append(sum(pi * math.log(pi / qi) for pi, qi in zip(p, q) if pi > 0))
kls.sort()
print(f"{args.model}, {args.text}: {len(prefixes)} prefixes of {args.step}..{len(prefixes[-1])} tokens; q8_0 against f16:")
print(f"  argmax agrees {agree}/{len(prefixes)}; mean |dlogit| {sum(mean_abs) / len(mean_abs):.4f}, max {max_abs:.3f}; "
      f"KL median {kls[len(kls) // 2]:.5f}, max {kls[-1]:.5f} nats")
