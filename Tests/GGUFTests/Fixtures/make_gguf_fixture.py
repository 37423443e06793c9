#!/usr/bin/env python3
"""Records what the reference `gguf` package (gguf-py, PyPI) reads from the real models, so the
Swift reader can be checked against an independent implementation.

For each model it writes `<model file name>.json` beside this script with:
  - header: version, alignment, data offset (absolute), tensor count
  - metadata, in file order: key, value type, and
      scalars: the value;
      arrays: element type, count, the first 5 and last 2 elements, and a digest of all
      elements (strings: FNV-1a 64 over the UTF-8 bytes with a 0 byte after each element;
      numbers: their sum as a float64, added left to right);
  - tensors, in file order: name, ggml type name and id, dims (ne order), offset relative to
    the data section, size in bytes.

Usage: python3 make_gguf_fixture.py [MODEL.gguf ...]
(default: both catalog models in $FM_MODELS_DIR or ~/.cache/fm/models). Takes about a minute.
"""
import json
import os
import sys

import gguf
from gguf import GGUFValueType

MODELS = ["qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", "gemma-3-270m-q4_k_m.gguf"]
HERE = os.path.dirname(os.path.abspath(__file__))


def fnv1a64(strings):
    h = 0xCBF29CE484222325
    for s in strings:
        for b in s.encode("utf-8") + b"\0":
            h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def scalar(value):
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return value
    return value  # int


def describe(field):
    main = field.types[0]
    entry = {"key": field.name, "type": main.name.lower()}
    if main != GGUFValueType.ARRAY:
        entry["value"] = scalar(field.contents())
        return entry
    if len(field.types) != 2:
        raise SystemExit(f"{field.name}: nested arrays are not recorded")
    element = field.types[1]
    values = field.contents()
    entry["elementType"] = element.name.lower()
    entry["count"] = len(values)
    entry["head"] = values[:5]
    entry["tail"] = values[-2:]
    if element == GGUFValueType.STRING:
        entry["fnv1a64"] = fnv1a64(values)
    else:
        total = 0.0
        for v in values:
            total += float(v)
        entry["sum"] = total
    return entry


def record(path):
    reader = gguf.GGUFReader(path)
    fields = list(reader.fields.values())
    header = {f.name: f.contents() for f in fields if f.name.startswith("GGUF.")}
    fixture = {
        "file": os.path.basename(path),
        "version": header["GGUF.version"],
        "alignment": reader.alignment,
        "dataOffset": reader.data_offset,
        "tensorCount": len(reader.tensors),
        "metadata": [describe(f) for f in fields if not f.name.startswith("GGUF.")],
        "tensors": [
            {
                "name": t.name,
                "type": t.tensor_type.name,
                "typeId": int(t.tensor_type),
                "dims": [int(d) for d in t.shape],
                "offset": int(t.data_offset) - reader.data_offset,
                "bytes": int(t.n_bytes),
            }
            for t in reader.tensors
        ],
    }
    out = os.path.join(HERE, os.path.splitext(os.path.basename(path))[0] + ".json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(fixture, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {out}")


def main():
    paths = sys.argv[1:]
    if not paths:
        directory = os.environ.get("FM_MODELS_DIR") or os.path.expanduser("~/.cache/fm/models")
        paths = [os.path.join(directory, name) for name in MODELS]
    for path in paths:
        record(path)


if __name__ == "__main__":
    main()
