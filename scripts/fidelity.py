#!/usr/bin/env python3
"""Fidelity: how close the engine's logits are to the exact model, beside llama.cpp's.

For each model and each of 30 varied prompts (chat turns in the model's own format, raw text,
code, numbers, other languages), the logits of the first generated token are compared with the
exact model: the numpy forward pass of Tests/LLMEngineTests/Fixtures/reference_forward.py in
float64 over the gguf-dequantized weights (pip packages `gguf`, `numpy`). The figure is the top-5
logit RMS error: the root mean square, over all prompts, of (logit - exact logit) at the five
tokens the exact model ranks highest. Also printed: the largest such error, how often the top-1
token agrees, and the mean |error| over the whole vocabulary row.

    scripts/fidelity.py [--models qwen2.5-coder-0.5b,gemma3-270m,/path/to/other.gguf] [--fm .build/release/fm]
                        [--llama-cpp /path/to/llama.cpp] [--threads 2] [--json out.json]
                        [--exact-cache DIR]

`--llama-cpp` names a llama.cpp source tree with a CMake build in `build/` (libllama and
include/llama.h); the script compiles scripts/fidelity_llama_logits.c against it and measures
llama.cpp on the same token ids in the same run. Costs about 2 minutes and 5 GB per model (the
weights are held in float64).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests/LLMEngineTests/Fixtures"))
import reference_forward as ref  # noqa: E402

# (kind, text): "chat" prompts are wrapped in the model's turn format; "raw" ones are not.
PROMPTS = [
    ("chat", "What is 2+2?"),
    ("chat", "Write a Swift function that reverses a string."),
    ("chat", "Explain what a mutex is in one sentence."),
    ("chat", "Give me three names for a coffee shop run by robots."),
    ("chat", "Translate 'good morning' into French, German and Japanese."),
    ("chat", "What is the capital of Australia?"),
    ("chat", "List the planets of the solar system in order."),
    ("chat", "How do I read a file line by line in Python?"),
    ("chat", "Is 97 a prime number? Answer yes or no."),
    ("chat", "Summarize the plot of Romeo and Juliet in two sentences."),
    ("chat", "Write a haiku about autumn rain."),
    ("chat", "Convert 72 degrees Fahrenheit to Celsius."),
    ("chat", "Return a JSON object with the keys name and age for a 30-year-old named Ada."),
    ("chat", "¿Cuál es el río más largo del mundo?"),
    ("chat", "What does the SQL statement SELECT COUNT(*) FROM users; do?"),
    ("raw", "The capital of France is"),
    ("raw", "Once upon a time, there was a little robot who"),
    ("raw", "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n"),
    ("raw", "#include <stdio.h>\n\nint main(void) {\n    printf("),
    ("raw", "1, 1, 2, 3, 5, 8, 13, 21,"),
    ("raw", "The mitochondria is the powerhouse of the"),
    ("raw", "Q: What is the boiling point of water at sea level?\nA:"),
    ("raw", "import numpy as np\n\nx = np.linspace(0, 1, 100)\ny ="),
    ("raw", "Der schnelle braune Fuchs springt über den"),
    ("raw", "In 1969, Neil Armstrong became the first person to"),
    ("raw", "<html>\n  <head>\n    <title>"),
    ("raw", "SELECT name, email FROM customers WHERE"),
    ("raw", "To be, or not to be, that is the"),
    ("raw", "let numbers = [3, 1, 2]\nlet sorted = numbers."),
    ("raw", "東京は日本の"),
]

TURNS = {
    "qwen2": "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
             "<|im_start|>user\n{}<|im_end|>\n<|im_start|>assistant\n",
    "gemma3": "<start_of_turn>user\n{}<end_of_turn>\n<start_of_turn>model\n",
}


def tokenize(fm: str, path: str, arch: str) -> list[list[int]]:
    out = []
    for kind, text in PROMPTS:
        prompt = TURNS[arch].format(text) if kind == "chat" else text
        r = subprocess.run([fm, "tokenize", "--model-file", path, "--special", "--json", "-"],
                           input=prompt, capture_output=True, text=True, check=True)
        out.append(json.loads(r.stdout)["ids"])
    return out


def exact_logits(path: str, prompts: list[list[int]], cache: Path | None = None) -> np.ndarray:
    if cache:
        key = hashlib.sha256(json.dumps([os.path.getsize(path), os.path.basename(path), prompts]).encode())
        file = cache / f"exact-{key.hexdigest()[:16]}.npy"
        if file.exists():
            return np.load(file)
        rows = exact_logits(path, prompts)
        cache.mkdir(parents=True, exist_ok=True)
        np.save(file, rows)
        return rows
    model = ref.GGUFModel(path, dtype=np.float64)
    rows = []
    for i, tokens in enumerate(prompts):
        rows.append(model.forward(tokens)[-1])
        print(f"\r  exact model: {i + 1}/{len(prompts)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return np.stack(rows)


def fm_logits(fm: str, path: str, prompts, threads: int, n_vocab: int, tmp: Path) -> np.ndarray:
    (tmp / "prompts.json").write_text(json.dumps(prompts))
    subprocess.run([fm, "logits", "--model-file", path, "--prompts", str(tmp / "prompts.json"),
                    "--out", str(tmp / "fm.f32"), "-t", str(threads)], check=True)
    return np.fromfile(tmp / "fm.f32", dtype="<f4").reshape(len(prompts), n_vocab)


def build_llama_tool(llama: Path, tmp: Path) -> Path:
    libs = sorted({p.parent for p in (llama / "build").rglob("libllama.so*")})
    if not libs:
        sys.exit(f"{llama}/build has no libllama.so: build llama.cpp with CMake first")
    exe = tmp / "fidelity_llama_logits"
    cmd = ["cc", "-O2", "-o", str(exe), str(ROOT / "scripts/fidelity_llama_logits.c"),
           "-I", str(llama / "include"), "-I", str(llama / "ggml/include")]
    for d in {p.parent for p in (llama / "build").rglob("libggml*.so*")} | set(libs):
        cmd += ["-L", str(d), f"-Wl,-rpath,{d}"]
    subprocess.run(cmd + ["-lllama", "-lggml", "-lggml-base"], check=True)
    return exe


def llama_logits(exe: Path, path: str, prompts, threads: int, n_vocab: int, tmp: Path) -> np.ndarray:
    (tmp / "prompts.txt").write_text("".join(" ".join(map(str, p)) + "\n" for p in prompts))
    subprocess.run([str(exe), path, str(tmp / "prompts.txt"), str(tmp / "llama.f32"), str(threads)], check=True)
    return np.fromfile(tmp / "llama.f32", dtype="<f4").reshape(len(prompts), n_vocab)


def score(rows: np.ndarray, exact: np.ndarray) -> dict:
    errors, top1 = [], 0
    for row, ex in zip(rows.astype(np.float64), exact):
        top5 = np.argsort(-ex, kind="stable")[:5]
        errors.append(row[top5] - ex[top5])
        top1 += int(np.argmax(row) == top5[0])
    e = np.concatenate(errors)
    return {"top5_rms": float(np.sqrt(np.mean(e * e))), "top5_max": float(np.max(np.abs(e))),
            "top1_agree": top1, "prompts": len(rows),
            "row_mean_abs": float(np.mean(np.abs(rows.astype(np.float64) - exact)))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default="qwen2.5-coder-0.5b,gemma3-270m",
                    help="catalog names or paths of .gguf files, comma-separated")
    ap.add_argument("--fm", default=str(ROOT / ".build/release/fm"))
    ap.add_argument("--llama-cpp", type=Path, help="llama.cpp source tree with a CMake build in build/")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--exact-cache", type=Path,
                    help="keep the exact model's rows here and reuse them (same file, same prompts)")
    args = ap.parse_args()
    results = {}
    with tempfile.TemporaryDirectory(prefix="fm-fidelity.") as t:
        tmp = Path(t)
        exe = build_llama_tool(args.llama_cpp, tmp) if args.llama_cpp else None
        for name in args.models.split(","):
            path = name if name.endswith(".gguf") else subprocess.run(
                [args.fm, "model", "path", name], capture_output=True, text=True, check=True).stdout.strip()
            arch = ref.GGUFModel(path).arch
            prompts = tokenize(args.fm, path, arch)
            print(f"== {name} ({arch}): {len(prompts)} prompts, {min(map(len, prompts))}-"
                  f"{max(map(len, prompts))} tokens", file=sys.stderr)
            exact = exact_logits(path, prompts, args.exact_cache)
            n_vocab = exact.shape[1]
            results[name] = {"fm": score(fm_logits(args.fm, path, prompts, args.threads, n_vocab, tmp), exact)}
            if exe:
                results[name]["llama.cpp"] = score(llama_logits(exe, path, prompts, args.threads, n_vocab, tmp), exact)
            del exact
    print("| model | engine | top-5 RMS | top-5 max | top-1 agree | row mean abs |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for name, engines in results.items():
        for engine, s in engines.items():
            print(f"| {name} | {engine} | {s['top5_rms']:.4f} | {s['top5_max']:.4f} | "
                  f"{s['top1_agree']}/{s['prompts']} | {s['row_mean_abs']:.4f} |")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
