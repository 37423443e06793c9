#!/usr/bin/env python3
"""Writes the GGUF fuzz seeds (Fuzz/Corpus/gguf/*.gguf): tiny synthetic files, a few hundred
bytes each, covering every metadata value type, arrays, nested arrays, tensor infos of several
ggml types with aligned data, version 2 and 3, and a custom alignment. Standard library only.

    python3 Fuzz/make_gguf_seeds.py   # rewrites the seeds in place
"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Corpus", "gguf")

# GGUF metadata value types.
U8, I8, U16, I16, U32, I32, F32, BOOL, STR, ARR, U64, I64, F64 = range(13)
SCALAR = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f",
          BOOL: "<?", U64: "<Q", I64: "<q", F64: "<d"}


def string(text):
    data = text.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def value(kind, v):
    if kind == STR:
        return string(v)
    if kind == ARR:
        element, items = v
        out = struct.pack("<IQ", element, len(items))
        for item in items:
            out += value(element, item)
        return out
    return struct.pack(SCALAR[kind], v)


def gguf(metadata, tensors=(), version=3, alignment=32):
    """metadata: [(key, kind, value)]; tensors: [(name, dims, ggml_type, nbytes)]."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(metadata))
    for key, kind, v in metadata:
        out += string(key) + struct.pack("<I", kind) + value(kind, v)
    offset = 0
    infos = b""
    for name, dims, ggml_type, nbytes in tensors:
        infos += string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        infos += struct.pack("<IQ", ggml_type, offset)
        offset += (nbytes + alignment - 1) // alignment * alignment
    out += infos
    out += b"\0" * (-len(out) % alignment)
    for _, _, _, nbytes in tensors:
        out += bytes((i * 37) & 0xFF for i in range(nbytes))
        out += b"\0" * (-len(out) % alignment)
    return out


SEEDS = {
    "empty-v3.gguf": gguf([]),
    "empty-v2.gguf": gguf([], version=2),
    "scalars.gguf": gguf([
        ("general.architecture", STR, "qwen2"), ("u8", U8, 7), ("i8", I8, -7), ("u16", U16, 700),
        ("i16", I16, -700), ("u32", U32, 70000), ("i32", I32, -70000), ("f32", F32, 1.5),
        ("bool", BOOL, True), ("u64", U64, 2**40), ("i64", I64, -2**40), ("f64", F64, -0.25),
    ]),
    "arrays.gguf": gguf([
        ("tokenizer.ggml.tokens", ARR, (STR, ["<s>", "a", "b", "ab", "Ġ"])),
        ("tokenizer.ggml.scores", ARR, (F32, [0.0, -1.0, -2.0, -3.0, -4.0])),
        ("tokenizer.ggml.token_type", ARR, (I32, [3, 1, 1, 1, 1])),
        ("bools", ARR, (BOOL, [True, False])),
        ("nested", ARR, (ARR, [(U8, [1, 2]), (STR, ["x"])])),
        ("empty", ARR, (U64, [])),
    ]),
    "tensors.gguf": gguf(
        [("general.architecture", STR, "llama"), ("llama.block_count", U32, 1)],
        [("f32.weight", [4, 2], 0, 32), ("f16.weight", [8], 1, 16), ("q8_0.weight", [32], 8, 34),
         ("q4_K.weight", [256], 12, 144)]),
    "aligned64.gguf": gguf(
        [("general.alignment", U32, 64), ("general.name", STR, "tiny")],
        [("a", [3], 0, 12), ("b", [1, 1, 1, 5], 0, 20)], alignment=64),
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")
