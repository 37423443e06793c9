#!/usr/bin/env python3
"""Writes the dequantization fixtures of KernelsTests: raw ggml blocks and the floats that the
`gguf` Python package (PyPI) dequantizes them to, an implementation independent of ours.

Cases:
  - two rows of one real tensor per type (Q4_K, Q5_0, Q6_K, Q8_0, F32) of each installed model;
  - synthetic blocks of every other supported type: quantized from random data with
    gguf.quants.quantize where it supports the type (Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, BF16, F16),
    else random bytes with finite, realistic f16 scales (Q2_K, Q3_K, Q4_K, Q5_K, Q6_K);
  - F16 and BF16 special values (zeros, subnormals, infinities, extremes);
  - MXFP4 quantized by gguf.quants.quantize, and random nibbles under edge exponents (0 and 1,
    whose scales are subnormal, up to 254).

Output (next to this script):
  dequant_fixture.bin   the raw block bytes and the expected little-endian f32 values
  dequant_fixture.json  one entry per case: name, type, elements, byte offsets into the .bin

Usage: python3 make_dequant_fixture.py [--models DIR]   (default ~/.cache/fm/models)
"""
import argparse
import importlib.metadata
import json
import os

import numpy as np
import gguf
from gguf import GGMLQuantizationType as T
from gguf.quants import dequantize, quantize

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = {
    "qwen2.5": "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    "gemma3": "gemma-3-270m-q4_k_m.gguf",
}
REAL_TYPES = [T.Q4_K, T.Q5_0, T.Q6_K, T.Q8_0, T.F32]
ROWS = 2
# byte offsets of the f16 scale fields of each block, for the random-bytes cases
SCALE_OFFSETS = {T.Q2_K: [80, 82], T.Q3_K: [108], T.Q4_K: [0, 2], T.Q5_K: [0, 2], T.Q6_K: [208]}


class Fixture:
    def __init__(self):
        self.blob = bytearray()
        self.cases = []

    def add(self, name, qtype, raw, source):
        raw = np.ascontiguousarray(raw).view(np.uint8).reshape(-1)
        block, size = gguf.GGML_QUANT_SIZES[qtype]
        elements = raw.size // size * block
        if qtype == T.F32:
            values = raw.view(np.float32).copy()
        elif qtype == T.F16:
            values = raw.view(np.float16).astype(np.float32)
        else:
            values = dequantize(raw.reshape(1, -1), qtype).reshape(-1).astype(np.float32)
        assert values.size == elements, (name, values.size, elements)
        raw_offset = len(self.blob)
        self.blob += raw.tobytes()
        self.blob += bytes(-len(self.blob) % 4)
        float_offset = len(self.blob)
        self.blob += values.astype("<f4").tobytes()
        self.cases.append({
            "name": name, "type": qtype.name, "type_id": int(qtype), "elements": int(elements),
            "raw_offset": raw_offset, "raw_bytes": int(raw.size), "floats_offset": float_offset,
            "source": source,
        })


def real_cases(fx, models_dir):
    for label, filename in MODELS.items():
        reader = gguf.GGUFReader(os.path.join(models_dir, filename))
        for qtype in REAL_TYPES:
            tensor = next(t for t in reader.tensors if t.tensor_type == qtype and t.name != "token_embd.weight")
            data = np.asarray(tensor.data)
            if data.ndim > 1:
                rows, what = data.reshape(data.shape[0], -1)[:ROWS], f"first {ROWS} rows"
            else:
                rows, what = data.reshape(1, -1), "whole vector"
            fx.add(f"{label} {tensor.name} ({qtype.name}, {what})", qtype, rows, "model")


def random_scaled_blocks(rng, qtype, blocks):
    _, size = gguf.GGML_QUANT_SIZES[qtype]
    raw = rng.integers(0, 256, size=(blocks, size), dtype=np.uint8)
    for offset in SCALE_OFFSETS[qtype]:
        scale = (rng.uniform(0.0005, 0.02, size=blocks) * rng.choice([-1, 1], size=blocks)).astype(np.float16)
        raw[:, offset:offset + 2] = scale.view(np.uint8).reshape(blocks, 2)
    return raw


def synthetic_cases(fx):
    rng = np.random.default_rng(20240601)
    data = rng.standard_normal((4, 256)).astype(np.float32)
    data[0, :32] = 0  # an all-zero block (scale 0)
    for qtype in [T.Q4_0, T.Q4_1, T.Q5_0, T.Q5_1, T.Q8_0, T.BF16, T.F16]:
        fx.add(f"synthetic {qtype.name} (gguf.quants.quantize of normal data)", qtype, quantize(data, qtype), "gguf.quants.quantize")
    for qtype in [T.Q2_K, T.Q3_K, T.Q4_K, T.Q5_K, T.Q6_K]:
        fx.add(f"synthetic {qtype.name} (random bytes, finite scales)", qtype, random_scaled_blocks(rng, qtype, 8), "random")
    specials = np.array([0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00,
                         0x3C00, 0xBC00, 0x3555, 0x0200, 0x1234, 0xC000], dtype=np.uint16)
    fx.add("F16 special values (zeros, subnormals, extremes, infinities)", T.F16, specials, "special")
    bspecials = np.array([0x0000, 0x8000, 0x0001, 0x807F, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80,
                          0x3F80, 0xBF80, 0x4049, 0x0080, 0x1234, 0xC000, 0x3E2A, 0x4120], dtype=np.uint16)
    fx.add("BF16 special values", T.BF16, bspecials, "special")
    fx.add("synthetic MXFP4 (gguf.quants.quantize of normal data)", T.MXFP4, quantize(data, T.MXFP4), "gguf.quants.quantize")
    exponents = np.array([0, 1, 2, 3, 100, 126, 127, 128, 200, 254], dtype=np.uint8)
    raw = rng.integers(0, 256, size=(exponents.size, 17), dtype=np.uint8)
    raw[:, 0] = exponents
    fx.add("MXFP4 edge exponents (random nibbles)", T.MXFP4, raw, "special")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=os.path.expanduser("~/.cache/fm/models"))
    args = parser.parse_args()
    fx = Fixture()
    real_cases(fx, args.models)
    synthetic_cases(fx)
    with open(os.path.join(HERE, "dequant_fixture.bin"), "wb") as f:
        f.write(fx.blob)
    manifest = {
        "generator": "make_dequant_fixture.py",
        "reference": f"gguf {importlib.metadata.version('gguf')} (gguf.quants.dequantize), numpy {np.__version__}",
        "bin": "dequant_fixture.bin",
        "cases": fx.cases,
    }
    with open(os.path.join(HERE, "dequant_fixture.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(f"{len(fx.cases)} cases, {len(fx.blob)} bytes")


if __name__ == "__main__":
    main()
