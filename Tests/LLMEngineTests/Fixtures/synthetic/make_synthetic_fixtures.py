#!/usr/bin/env python3
"""Write the reference-logit fixtures for the tiny synthetic models (one JSON per variant).

The models are not made here: the Swift test support writes them (`SyntheticModel.referenceVariants`
in Sources/TestSupport), deterministically, and `SyntheticReferenceTests` drops them into a directory
when FM_WRITE_SYNTHETIC_MODELS is set. This script runs the independent numpy reference
(`../reference_forward.py`, weights dequantized by the `gguf` package) on every `<variant>.gguf` of
that directory and writes `<variant>.logits.json` beside this script, with the file's sha256 so the
test knows the logits belong to exactly the bytes it writes.

Usage, from the repository root (Tests/LLMEngineTests/Fixtures/README.md, "Synthetic models"):
    FM_WRITE_SYNTHETIC_MODELS=/tmp/synthetic swift test -c release -Xswiftc -enable-testing \
        --filter SyntheticReference
    python3 Tests/LLMEngineTests/Fixtures/synthetic/make_synthetic_fixtures.py /tmp/synthetic

Each variant gets two token sequences, drawn from a generator seeded by the variant's name:
  random   20 uniform token ids (gemma3 windows are 5 or 6, so most positions are past them);
  repeats  a 3-token motif repeated 4 times (attention finds exact key matches).
Per position the JSON holds the full logits row (the vocabulary has 128 tokens), rounded to 4
decimals, the argmax and the top-1 minus top-2 margin (unrounded).

It also runs the reference's engine-like simulation (`simulate_q8`: 8-bit activation blocks for
quantized weights as ggml pairs them, f16 activations for F16 weights, f16 K/V) and stores how far
that moves the logits, an engine-independent estimate of rounding noise for each variant.

`--controls` (report only, writes nothing) runs the reference with deliberate bugs (a sliding-window
off-by-one, swapped RoPE bases, NORM/NEOX pairing swapped, biases or QK-norm dropped, GELU erf...) on
each applicable variant and prints how far each moves the logits against the variant's tolerance in
the committed fixture, to show what the test can catch.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import platform
import sys
import zlib
from pathlib import Path

import numpy as np
import gguf
from gguf import GGMLQuantizationType as QT

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import reference_forward as ref  # noqa: E402

FLOAT_TYPES = {QT.F32, QT.F16, QT.BF16}

# Tolerances of the Swift comparison (Tests/LLMEngineTests/Fixtures/README.md, "Synthetic models",
# has the measurements). The regime follows what the engine does to the numbers: with only
# F32/F16/BF16 matrices it multiplies float32 activations and the one rounding left is its f16 KV
# cache; a quantized matrix makes it round that matrix's input to 8-bit blocks (Q8_0 or Q8_K), which
# is far noisier. Per variant, each bound is twice what the reference's own engine-like simulation
# (`simulate_q8`) moves the logits, rounded up to two significant digits, and at least the regime's
# floor. For scale: the reference evaluated in float64 instead of float32 moves by at most 3e-6 on
# these models, and rounding the stored logits to 4 decimals adds 5e-5, both far below the floor:
#   max_abs   bound on |engine - reference| over every logit of every position
#   mean_abs  bound on the mean |engine - reference| over all logits of a sequence
#   near_tie  = max_abs: the engine's argmax must be the reference's wherever the reference's top-2
#             margin is at least this; below it, the engine's pick must score within near_tie of the
#             reference's best (stricter than max_abs alone, which allows either up to 2 * max_abs)
MARGIN = 2.0
FLOOR = {"f32_activations": {"max_abs": 0.01, "mean_abs": 0.002},
         "q8_activations": {"max_abs": 0.05, "mean_abs": 0.01}}


def round_up(x: float, digits: int = 2) -> float:
    """x rounded up to `digits` significant digits."""
    if x <= 0:
        return 0.0
    scale = 10.0 ** (math.floor(math.log10(x)) - digits + 1)
    return round(math.ceil(x / scale - 1e-9) * scale, 10)


def tolerance(regime_name: str, simulation: dict) -> dict:
    floor = FLOOR[regime_name]
    t = {k: max(floor[k], round_up(MARGIN * simulation[k])) for k in ("max_abs", "mean_abs")}
    t["near_tie"] = t["max_abs"]
    return t


RANDOM_LENGTH = 20
MOTIF_LENGTH, MOTIF_REPEATS = 3, 4


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def sequences_for(name: str, n_vocab: int) -> list:
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    random = [int(t) for t in rng.integers(0, n_vocab, RANDOM_LENGTH)]
    motif = [int(t) for t in rng.integers(0, n_vocab, MOTIF_LENGTH)]
    return [("random", random), ("repeats", motif * MOTIF_REPEATS)]


def regime(model: ref.GGUFModel) -> str:
    matrices = [t for t in model.reader.tensors if len(t.shape) == 2]
    return "f32_activations" if all(t.tensor_type in FLOAT_TYPES for t in matrices) else "q8_activations"


def margins(logits: np.ndarray) -> tuple:
    top2 = np.sort(logits, axis=-1)[:, -2:]
    return [int(i) for i in np.argmax(logits, axis=-1)], [float(m) for m in top2[:, 1] - top2[:, 0]]


def make_fixture(path: Path) -> dict:
    name = path.stem
    model = ref.GGUFModel(str(path))
    cfg = model.cfg
    reg = regime(model)
    types = sorted({t.tensor_type.name for t in model.reader.tensors if len(t.shape) == 2})
    doc = {
        "generator": "Tests/LLMEngineTests/Fixtures/synthetic/make_synthetic_fixtures.py",
        "reference": "Tests/LLMEngineTests/Fixtures/reference_forward.py (float32 numpy, full causal recompute)",
        "versions": {"python": platform.python_version(), "numpy": np.__version__,
                     "gguf": _version("gguf")},
        "variant": name,
        "model": {"file": path.name, "bytes": path.stat().st_size, "sha256": sha256_file(path),
                  "arch": model.arch, "matrix_types": types,
                  "tied_output": not model.has("output.weight"),
                  "rope_freqs": model.has("rope_freqs.weight")},
        "config": cfg.describe(),
        "regime": reg,
        "sequences": [],
    }
    worst = {"max_abs": 0.0, "mean_abs": 0.0, "top1_disagreements": 0}
    for seq_name, tokens in sequences_for(name, cfg.n_vocab):
        logits = model.forward(tokens)
        argmax, margin = margins(logits)
        sim = model.forward(tokens, simulate_q8=True)
        diff = np.abs(sim - logits)
        worst["max_abs"] = max(worst["max_abs"], float(diff.max()))
        worst["mean_abs"] = max(worst["mean_abs"], float(diff.mean()))
        worst["top1_disagreements"] += int(np.sum(np.argmax(sim, axis=-1) != np.asarray(argmax)))
        doc["sequences"].append({
            "name": seq_name, "tokens": tokens, "argmax": argmax,
            "margin": [round(m, 6) for m in margin], "min_margin": round(min(margin), 6),
            "logits": [[round(float(v), 4) for v in row] for row in logits],
        })
    doc["simulation"] = {k: (round(v, 6) if isinstance(v, float) else v) for k, v in worst.items()}
    doc["tolerance"] = tolerance(reg, worst)
    return doc


def _version(dist: str) -> str:
    from importlib.metadata import version
    try:
        return version(dist)
    except Exception:  # noqa: BLE001
        return "unknown"


def write_json(doc: dict, path: Path):
    """Indented, with every list of numbers (a logits row, the tokens...) on one line."""
    def scalars(x):
        return isinstance(x, list) and all(isinstance(v, (int, float)) for v in x)

    def encode(x, indent):
        pad = "  " * (indent + 1)
        if scalars(x):
            return json.dumps(x)
        if isinstance(x, list):
            return "[\n" + ",\n".join(pad + encode(v, indent + 1) for v in x) + "\n" + "  " * indent + "]"
        if isinstance(x, dict):
            items = (pad + json.dumps(k) + ": " + encode(v, indent + 1) for k, v in x.items())
            return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
        return json.dumps(x)

    path.write_text(encode(doc, 0) + "\n")


def _without(*names):
    def apply(model):
        for name in names:
            model.tensors.pop(name, None)
    return apply


def _set(**fields):
    def apply(model):
        for key, value in fields.items():
            setattr(model.cfg, key, value(model.cfg) if callable(value) else value)
    return apply


def _gqa_modulo(model):
    """Query head h reads KV head h % n_kv instead of h // (n_head / n_kv). Emulated with the
    reference's correct attention by moving query head h to slot (h % n_kv) * G + h // n_kv (rows of
    attn_q and its bias) and reading that slot's output back from h's columns of attn_output."""
    cfg = model.cfg
    H, Hkv, D, Dv = cfg.n_head, cfg.n_head_kv, cfg.head_dim, cfg.head_dim_v
    G = H // Hkv
    source = [0] * H                            # slot -> the query head that lands there
    for h in range(H):
        source[(h % Hkv) * G + h // Hkv] = h
    q_rows = np.concatenate([np.arange(h * D, (h + 1) * D) for h in source])
    o_cols = np.concatenate([np.arange(h * Dv, (h + 1) * Dv) for h in source])
    for il in range(cfg.n_layer):
        p = f"blk.{il}"
        model._cache[f"{p}.attn_q.weight"] = model.weight(f"{p}.attn_q.weight")[q_rows]
        if model.has(f"{p}.attn_q.bias"):
            model._cache[f"{p}.attn_q.bias"] = model.weight(f"{p}.attn_q.bias")[q_rows]
        model._cache[f"{p}.attn_output.weight"] = model.weight(f"{p}.attn_output.weight")[:, o_cols]


def controls_for(model: ref.GGUFModel) -> list:
    """(label, mutation of a fresh model) for the bugs that apply to this model's features."""
    cfg, out = model.cfg, []
    flip = {"norm": "neox", "neox": "norm"}
    out.append(("RoPE pairing NORM/NEOX swapped", _set(rope_style=lambda c: flip[c.rope_style])))
    if model.has("output.weight"):
        out.append(("tied output instead of output.weight", _without("output.weight")))
    if 1 < cfg.n_head_kv < cfg.n_head:
        out.append(("GQA: query head h reads KV head h % n_kv", _gqa_modulo))
    if cfg.rope_freq_scale != 1.0:
        out.append(("linear RoPE scaling ignored", _set(rope_freq_scale=1.0)))
    if model.has("rope_freqs.weight"):
        out.append(("rope_freqs.weight ignored", _without("rope_freqs.weight")))
    if cfg.n_rot < cfg.head_dim:
        out.append(("whole head rotated instead of rope.dimension_count", _set(n_rot=cfg.head_dim)))
    if model.has("blk.0.attn_q.bias"):
        out.append(("q/k/v biases ignored", _without(*(f"blk.{i}.attn_{x}.bias" for i in range(cfg.n_layer)
                                                        for x in "qkv"))))
        out.append(("k bias ignored", _without(*(f"blk.{i}.attn_k.bias" for i in range(cfg.n_layer)))))
    if cfg.sliding_window:
        out.append(("sliding window off by one (i - j <= W)", _set(sliding_window=cfg.sliding_window + 1)))
        out.append(("no sliding window", _set(sliding_window=10 ** 9)))
        out.append(("one RoPE base (global) for all layers", _set(rope_base_swa=cfg.rope_base)))
        out.append(("local and global RoPE bases swapped",
                    _set(rope_base=cfg.rope_base_swa, rope_base_swa=cfg.rope_base)))
        out.append(("no embedding scale", _set(embd_scale=None)))
        if cfg.n_embd // cfg.n_head != cfg.head_dim:
            out.append(("attention scale 1/sqrt(n_embd/n_head)",
                        _set(attn_scale=1 / math.sqrt(cfg.n_embd / cfg.n_head))))
        out.append(("QK-norm skipped", _without(*(f"blk.{i}.attn_{x}_norm.weight" for i in range(cfg.n_layer)
                                                  for x in "qk"))))
        out.append(("GELU erf instead of tanh", "gelu_erf"))
        if cfg.rope_freq_scale != 1.0:
            out.append(("linear RoPE scaling on sliding layers too", "scale_swa"))
    return out


def run_controls(files: list):
    from math import erf
    print(f"{'variant':32s} {'deliberate bug':52s} {'max |diff|':>10s} {'x tol':>6s} {'top-1 kept':>10s}")
    for path in files:
        fixture = json.loads((HERE / f"{path.stem}.logits.json").read_text())
        tol = fixture["tolerance"]["max_abs"]
        base = ref.GGUFModel(str(path))
        exact = [base.forward(tokens) for _, tokens in sequences_for(path.stem, base.cfg.n_vocab)]
        for label, mutation in controls_for(base):
            model = ref.GGUFModel(str(path))
            saved_gelu, saved_rope = ref.gelu_tanh, ref.rope_cos_sin
            if mutation == "gelu_erf":
                ref.gelu_tanh = np.vectorize(lambda x: np.float32(0.5 * x * (1 + erf(x / math.sqrt(2)))),
                                             otypes=[np.float32])
            elif mutation == "scale_swa":
                scale = model.cfg.rope_freq_scale
                ref.rope_cos_sin = lambda p, n, b, fs=1.0, ff=None: saved_rope(p, n, b, scale, ff)
            else:
                mutation(model)
            try:
                worst, kept, total = 0.0, 0, 0
                for (_, tokens), good in zip(sequences_for(path.stem, model.cfg.n_vocab), exact):
                    bad = model.forward(tokens)
                    worst = max(worst, float(np.abs(bad - good).max()))
                    kept += int(np.sum(np.argmax(bad, -1) == np.argmax(good, -1)))
                    total += len(tokens)
            finally:
                ref.gelu_tanh, ref.rope_cos_sin = saved_gelu, saved_rope
            print(f"{path.stem:32s} {label:52s} {worst:10.4f} {worst / tol:6.1f} {kept:4d}/{total}", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", help="directory of <variant>.gguf files written by the Swift test")
    ap.add_argument("--controls", action="store_true",
                    help="report only: how far deliberate bugs in the reference move the logits")
    args = ap.parse_args(argv)
    files = sorted(Path(args.models).glob("*.gguf"))
    if not files:
        raise SystemExit(f"{args.models}: no .gguf files (run the Swift test with FM_WRITE_SYNTHETIC_MODELS first)")
    if args.controls:
        return run_controls(files)
    print(f"{'variant':32s} {'regime':16s} {'types':24s} {'sim max':>8s} {'sim mean':>9s} "
          f"{'min margin':>10s}")
    for path in files:
        doc = make_fixture(path)
        write_json(doc, HERE / f"{path.stem}.logits.json")
        s = doc["simulation"]
        print(f"{path.stem:32s} {doc['regime']:16s} {'/'.join(doc['model']['matrix_types']):24s} "
              f"{s['max_abs']:8.4f} {s['mean_abs']:9.5f} "
              f"{min(q['min_margin'] for q in doc['sequences']):10.4f}", flush=True)
    stale = {p.name.removesuffix(".logits.json") for p in HERE.glob("*.logits.json")} - {p.stem for p in files}
    for name in sorted(stale):
        print(f"warning: {name}.logits.json has no model in {args.models}; delete it if the variant is gone")


if __name__ == "__main__":
    main()
