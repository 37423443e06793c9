#!/usr/bin/env python3
"""Report only: check reference_forward.py against llama.cpp on tiny random GGUF models.

Writes small random-weight GGUFs for llama, qwen2 and gemma3 into a temporary directory (with
`gguf.GGUFWriter`), runs `reference_forward.py` and llama.cpp (llama-cpp-python) on the same
tokens, and prints how far apart they are. It changes no file in the repository.

Why: the real-model fixtures cover qwen2 and gemma3, but no real llama model is installed. With
all-F32 weights llama.cpp does no activation quantization, so the two must agree to float16
KV-cache precision (~1e-3): a wrong RoPE pairing, GQA mapping, sliding-window bound (the gemma3
models here use a window of 5 over 24 tokens), norm or activation shows up as an O(1) difference.
The quantized variants (Q8_0, Q4_0, Q5_0, Q5_1, F16, BF16 weights) check that dequantization and
tensor layout agree too, with the looser tolerance that llama.cpp's 8-bit activations need.

Usage: python3 Tests/LLMEngineTests/Fixtures/check_synthetic.py   (needs llama-cpp-python)
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np
import gguf
from gguf import GGMLQuantizationType as QT
from gguf.quants import quantize

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import reference_forward as ref                          # noqa: E402
from make_logit_fixtures import compare, llama_cpp_logits  # noqa: E402

N_VOCAB = 320


def add_vocab(w: gguf.GGUFWriter):
    """A minimal SentencePiece-style vocabulary so llama.cpp can load the file."""
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    tokens += [f"tok{i}" for i in range(N_VOCAB - len(tokens))]
    types = [2, 3, 3] + [6] * 256 + [1] * (N_VOCAB - 259)
    w.add_tokenizer_model("llama")
    w.add_token_list(tokens)
    w.add_token_scores([-float(i) for i in range(N_VOCAB)])
    w.add_token_types(types)
    w.add_unk_token_id(0)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)


def write_model(path: Path, arch: str, quantized: bool, seed: int, rope_extras: bool = False):
    rng = np.random.default_rng(seed)
    d, ff, n_head, n_kv = 64, 128, 4, 2
    hd = 32 if arch == "gemma3" else d // n_head
    n_layer = 6 if arch == "gemma3" else 2
    w = gguf.GGUFWriter(str(path), arch)
    w.add_block_count(n_layer)
    w.add_context_length(256)
    w.add_embedding_length(d)
    w.add_feed_forward_length(ff)
    w.add_head_count(n_head)
    w.add_head_count_kv(n_kv)
    w.add_layer_norm_rms_eps(1e-6)
    w.add_rope_freq_base(10000.0 if arch == "llama" else 1e6)
    if arch == "gemma3":
        w.add_key_length(hd)
        w.add_value_length(hd)
        w.add_sliding_window(5)
    if rope_extras:                       # llama: linear scaling x2 and llama3-style freq factors
        w.add_rope_scaling_type(gguf.RopeScalingType.LINEAR)
        w.add_rope_scaling_factor(2.0)
    add_vocab(w)

    types = [QT.Q8_0, QT.Q4_0, QT.Q5_0, QT.Q5_1, QT.F16, QT.BF16] if quantized else [QT.F32]
    counter = [0]

    def matrix(name, n_out, n_in):
        x = (rng.standard_normal((n_out, n_in)) / np.sqrt(n_in)).astype(np.float32)
        t = types[counter[0] % len(types)]
        counter[0] += 1
        if t == QT.F32:
            w.add_tensor(name, x)
        elif t == QT.F16:
            w.add_tensor(name, x.astype(np.float16))
        else:
            w.add_tensor(name, quantize(x, t), raw_dtype=t)

    def vector(name, n, around=0.0, spread=0.1):
        w.add_tensor(name, (around + spread * rng.standard_normal(n)).astype(np.float32))

    matrix("token_embd.weight", N_VOCAB, d)
    if arch != "gemma3":
        matrix("output.weight", N_VOCAB, d)  # gemma3: tied to token_embd
    vector("output_norm.weight", d, 1.0)
    if rope_extras:
        w.add_tensor("rope_freqs.weight", rng.uniform(1.0, 8.0, hd // 2).astype(np.float32))
    for il in range(n_layer):
        p = f"blk.{il}"
        vector(f"{p}.attn_norm.weight", d, 1.0)
        vector(f"{p}.ffn_norm.weight", d, 1.0)
        matrix(f"{p}.attn_q.weight", n_head * hd, d)
        matrix(f"{p}.attn_k.weight", n_kv * hd, d)
        matrix(f"{p}.attn_v.weight", n_kv * hd, d)
        matrix(f"{p}.attn_output.weight", d, n_head * hd)
        matrix(f"{p}.ffn_gate.weight", ff, d)
        matrix(f"{p}.ffn_up.weight", ff, d)
        matrix(f"{p}.ffn_down.weight", d, ff)
        if arch == "qwen2":
            vector(f"{p}.attn_q.bias", n_head * hd, 0.0, 0.5)
            vector(f"{p}.attn_k.bias", n_kv * hd, 0.0, 0.5)
            vector(f"{p}.attn_v.bias", n_kv * hd, 0.0, 0.5)
        if arch == "gemma3":
            vector(f"{p}.attn_q_norm.weight", hd, 1.0)
            vector(f"{p}.attn_k_norm.weight", hd, 1.0)
            vector(f"{p}.post_attention_norm.weight", d, 1.0)
            vector(f"{p}.post_ffw_norm.weight", d, 1.0)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def main():
    tokens = [1] + list(np.random.default_rng(7).integers(3, N_VOCAB, 23))
    cases = [("llama", False, False), ("llama", True, False), ("llama", False, True),
             ("qwen2", False, False), ("qwen2", True, False),
             ("gemma3", False, False), ("gemma3", True, False)]
    with tempfile.TemporaryDirectory() as tmp:
        for i, (arch, quantized, extras) in enumerate(cases):
            path = Path(tmp) / f"{arch}-{i}.gguf"
            write_model(path, arch, quantized, seed=100 + i, rope_extras=extras)
            a = ref.GGUFModel(str(path)).forward(tokens)
            b = llama_cpp_logits(path, tokens)
            label = f"{arch:6s} {'mixed quant' if quantized else 'f32'}{' +rope scaling/freqs' if extras else ''}"
            c = compare(a, b, k=20)
            print(f"{label:40s} logit std {a.std():.2f}  {c}", flush=True)


if __name__ == "__main__":
    main()
