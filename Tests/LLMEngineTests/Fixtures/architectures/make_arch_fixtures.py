#!/usr/bin/env python3
"""Architecture fixtures: llama.cpp's logits on synthetic qwen3 / smollm3 / phi3 / gemma4 / qwen3moe / gpt-oss
models (gemma4 also as its mixture of experts, 26B-A4B).

Eight synthetic GGUF models with random weights, the real structure of each architecture and the
real Qwen2.5 vocabulary (151936 tokens), at three weight types (F16, Q8_0, Q4_K_M). The fixture
JSON `<variant>.<type>.json` holds what llama.cpp (libllama, from llama-cpp-python 0.3.36)
computes on them. The GGUF files are not committed: `assemble` rebuilds them bit-for-bit from this
script and the committed `<variant>.<type>.gguf.xz` blobs, without llama.cpp. README.md explains
the format.

Needs Python 3.11, numpy==2.4.6 and gguf==0.19.0 (PyPI: `python3 -m pip install numpy==2.4.6
gguf==0.19.0`), and the Qwen2.5-Coder-0.5B GGUF (the vocabulary) at
$FM_MODELS_DIR/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf (default ~/.cache/fm/models; --vocab-gguf
overrides). Run from anywhere:

  # the F16 models only (deterministic: numpy default_rng per variant)
  python3 make_arch_fixtures.py models --out DIR
  # every model (F16 + Q8_0 + Q4_K_M), each checked against the sha256 in the fixture JSON.
  # What CI runs before the Swift tests read the fixtures. ~1.4 GB in DIR, well under a minute.
  python3 make_arch_fixtures.py assemble --out DIR
  # regenerate the fixtures (JSON + .gguf.xz blobs beside this script) against llama.cpp:
  #   PREFIX=$(scripts/build_llama_cpp)        # ~/.cache/fm/llama-cpp/0.3.36
  python3 make_arch_fixtures.py reference --llama "$PREFIX" --out DIR

`reference` compiles arch_llama_logits.c against PREFIX (include/, lib/*.a), writes the F16
models, runs PREFIX/bin/llama-quantize for Q8_0 and Q4_K_M (token embedding and output kept F16),
writes the blobs, runs the C program on every model and writes the JSON files here.

The blobs. A quantized file is llama-quantize's output with some byte ranges zeroed before xz
compression; each range is listed in the JSON (`assembly.restore`) and `assemble` refills it:
  - `copy`: bytes identical to a range of the F16 file: the vocabulary-sized tensors
    (token_embd.weight, output.weight, kept F16 and copied unchanged by llama-quantize) and the
    big tokenizer arrays (tokens, token_type, merges), which llama-quantize copies verbatim;
  - `q8_0`: a Q8_0 tensor, recomputed by gguf-py's Q8_0 quantizer from the F16 weights (it is
    bit-exact with ggml's quantize_row_q8_0_ref; `reference` checks that before zeroing).
Q4_K / Q6_K tensors (gguf-py has no K-quant quantizer) stay in the blob as llama-quantize wrote
them. The sha256 check of every assembled file makes any mismatch fatal.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import math
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import gguf

HERE = Path(__file__).resolve().parent
VOCAB_GGUF_NAME = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
VOCAB_GGUF_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
N_VOCAB = 151936
N_ORDINARY = 151643          # ids 0..151642 are ordinary BPE tokens; 151643.. are special / padding
TYPES = ["f16", "q8_0", "q4_k_m"]
QUANTIZE_TYPE = {"q8_0": "Q8_0", "q4_k_m": "Q4_K_M"}
QUANTIZE_FLAGS = ["--token-embedding-type", "f16", "--output-tensor-type", "f16"]
LLAMA_CPP_VERSION = "llama-cpp-python 0.3.36"
BIG_TOKENIZER_KEYS = ["tokenizer.ggml.tokens", "tokenizer.ggml.token_type", "tokenizer.ggml.merges"]
VOCAB_TENSORS = ["token_embd.weight", "output.weight", "per_layer_token_embd.weight"]
N_GREEDY = 64
N_PROBES = 64

# Weight scales (standard deviations; `fan_in` = a matrix's input width). Chosen so the logits are
# well spread (std of a few units) and the tied models do not just repeat the current token: the
# residual stream is dominated by the layers' outputs, not by the (small) token embedding.
SCALES = {
    "token_embd": 0.1,           # N(0, 0.1^2); with tying also the output matrix
    "output": 0.1,               # untied output matrix
    "qkv": 1.0,                  # x / sqrt(fan_in): unit-variance projections of the normed input
    "attn_output": 4.0,          # x / sqrt(fan_in)
    "ffn_gate_up": 1.0,          # x / sqrt(fan_in)
    "ffn_down": 4.0,             # x / sqrt(fan_in)
    "norm": (1.0, 0.1),          # 1 + N(0, 0.1^2) for the block norms and q/k norms
    "output_norm": (4.5, 0.45),  # 4.5 + N(0, 0.45^2): logits' std ~ 16 * 0.1 * 4.5 ~ 7
}

# runs: (name, n_ctx requested, n tokens, token seed); greedy: (n_ctx requested, prompt length,
# prompt seed). The greedy prompt seeds were picked among 100..139 so that the first 15-28 steps
# have top-1/top-2 margins > 0.1 at all three weight types (random logits make a few close calls
# in 64 steps unavoidable).
VARIANTS = {
    "qwen3-tied": dict(
        arch="qwen3", seed=3001, n_layer=2, n_embd=256, n_head=4, n_head_kv=2, head_dim=128,
        n_ff=512, rope_base=1.0e6, rms_eps=1e-6, n_ctx_train=40960, tied=True,
        runs=[("random24", 64, 24, 11), ("random40", 96, 40, 12)],
        greedy=(128, 16, 135),
    ),
    "qwen3-untied": dict(
        arch="qwen3", seed=3002, n_layer=2, n_embd=256, n_head=8, n_head_kv=2, head_dim=64,
        n_ff=512, rope_base=1.0e6, rms_eps=1e-6, n_ctx_train=40960, tied=False,
        runs=[("random20", 64, 20, 21), ("random36", 96, 36, 22)],
        greedy=(128, 16, 133),
    ),
    "smollm3": dict(
        arch="smollm3", seed=3003, n_layer=4, n_embd=256, n_head=4, n_head_kv=1, head_dim=64,
        n_ff=512, rope_base=5.0e6, rms_eps=1e-6, n_ctx_train=65536, tied=True,
        runs=[("random32", 64, 32, 31), ("repeat40", 96, 40, 32)],
        greedy=(128, 16, 105),
    ),
    "phi3": dict(
        arch="phi3", seed=3004, n_layer=2, n_embd=256, n_head=4, n_head_kv=2, head_dim=64,
        n_ff=512, rope_base=1.0e4, rms_eps=1e-5, n_ctx_train=16384, tied=True,
        n_rot=48, n_ctx_orig=512,
        # n_ctx <= 512 (after llama.cpp's padding to a multiple of 256): short factors; above: long
        runs=[("short24", 512, 24, 41), ("long24", 2048, 24, 41),
              ("short40", 256, 40, 42), ("long40", 4096, 40, 42)],
        greedy=(2048, 16, 127),
    ),
    # Every layer kind of Gemma 4 E2B/E4B/31B in six layers: sliding (head 64, 1 kv head, RoPE
    # base 1e4 over the whole head, window 16) and global (head 128, 2 kv heads, base 1e6,
    # "proportional" RoPE: 16 of 64 pairs turn, rope_freqs 1e30 on the rest; values = keys, no
    # attn_v, as the 31B's global layers): cache rows of 64 and 256; layers 3-5 share the caches of layers 1 (sliding)
    # and 2 (global) with twice the feed-forward width (use_double_wide_mlp); per-layer inputs
    # of 32; layer output scales; final logit soft cap 30; tied output.
    "gemma4": dict(
        arch="gemma4", seed=3005, n_layer=6, n_embd=256, n_head=4, n_head_kv=1, head_dim=128,
        n_ff=256, rope_base=1.0e6, rms_eps=1e-6, n_ctx_train=131072, tied=True,
        sliding=[True, True, False, True, True, False], n_head_kv_full=2, head_dim_swa=64,
        rope_base_swa=1.0e4, n_rot_pairs_full=16, window=16, shared_kv=3, n_embd_per_layer=32,
        softcap=30.0,
        runs=[("random24", 64, 24, 51), ("random40", 96, 40, 52)],
        greedy=(128, 16, 110),
    ),
    # Gemma 4 26B-A4B's block at small size: the gemma4 variant's attention (sliding and global
    # layers, no attn_v in the global ones) without per-layer inputs or shared caches, and in
    # every layer 8 routed GELU experts of 256 (2 per token) beside the dense network of 256;
    # gate and up separate in layers 0-2, fused (ffn_gate_up_exps) in layers 3-5; per-expert
    # output scales (ffn_down_exps.scale); the router reads the normalized residual weighted
    # by ffn_gate_inp.scale / sqrt(d) (scale ~ sqrt(d), so its logits are ~ N(0, 1)).
    "gemma4moe": dict(
        arch="gemma4", seed=3007, n_layer=6, n_embd=256, n_head=4, n_head_kv=1, head_dim=128,
        n_ff=256, rope_base=1.0e6, rms_eps=1e-6, n_ctx_train=131072, tied=True,
        sliding=[True, True, False, True, True, False], n_head_kv_full=2, head_dim_swa=64,
        rope_base_swa=1.0e4, n_rot_pairs_full=16, window=16, shared_kv=0, n_embd_per_layer=0,
        softcap=30.0, n_expert=8, n_expert_used=2, n_ff_exp=256,
        fused_gate_up=[False, False, False, True, True, True],
        runs=[("random24", 64, 24, 71), ("random96", 128, 96, 72)],
        greedy=(128, 16, 110),
    ),
    # Qwen3-30B-A3B's block at small size: Qwen3's attention (8 x 64 heads = 512 != d_model, 2 kv
    # heads) and a feed-forward network of 8 routed SwiGLU experts of 256, 2 per token (the
    # 30B-A3B: 128 of 768, 8 per token), the router F32 as the converter writes it. random96 puts
    # ~24 rows on each expert, so the experts' prefill runs on batches of rows.
    "qwen3moe": dict(
        arch="qwen3moe", seed=3006, n_layer=2, n_embd=256, n_head=8, n_head_kv=2, head_dim=64,
        n_ff=512, rope_base=1.0e6, rms_eps=1e-6, n_ctx_train=40960, tied=True,
        n_expert=8, n_expert_used=2, n_ff_exp=256,
        runs=[("random24", 64, 24, 61), ("random96", 128, 96, 62)],
        greedy=(128, 16, 110),
    ),
    # LFM2's hybrid at small size: gated short convolutions (3 taps: the state is the 2 positions
    # before) in layers 0, 1, 3, 4 and grouped-query attention with q/k norms in layers 2 and 5
    # (LFM2-700M: 10 convolution and 6 attention layers); tied output, final norm
    # token_embd_norm. lfm2-swa: untied, 1 kv head, attention over a sliding window of 16.
    "lfm2": dict(
        arch="lfm2", seed=3008, n_layer=6, n_embd=256, n_head=4, n_head_kv=2, head_dim=64,
        n_ff=512, rope_base=1.0e6, rms_eps=1e-5, n_ctx_train=128000, tied=True,
        conv=[True, True, False, True, True, False], l_cache=3,
        runs=[("random24", 64, 24, 81), ("random96", 128, 96, 82)],
        greedy=(128, 16, 110),
    ),
    "lfm2-swa": dict(
        arch="lfm2", seed=3009, n_layer=6, n_embd=256, n_head=4, n_head_kv=1, head_dim=64,
        n_ff=512, rope_base=1.0e6, rms_eps=1e-5, n_ctx_train=128000, tied=False,
        conv=[True, False, True, True, False, True], l_cache=3, window=16,
        runs=[("random24", 64, 24, 91), ("random96", 128, 96, 92)],
        greedy=(128, 16, 110),
    ),
    # LFM2-8B-A1B's block at small size: lfm2's layers, the first 2 with the dense network, the
    # other 4 with 8 routed SwiGLU experts of 256, 2 per token, scored by the sigmoid of the F32
    # router, chosen with a selection bias exp_probs_b ~ N(0, 0.05^2), weights renormalized.
    "lfm2moe": dict(
        arch="lfm2moe", seed=3010, n_layer=6, n_embd=256, n_head=4, n_head_kv=2, head_dim=64,
        n_ff=512, rope_base=1.0e6, rms_eps=1e-5, n_ctx_train=128000, tied=True,
        conv=[True, True, False, True, True, False], l_cache=3,
        n_expert=8, n_expert_used=2, n_ff_exp=256, n_dense_lead=2,
        runs=[("random24", 64, 24, 101), ("random96", 128, 96, 102)],
        greedy=(128, 16, 110),
    ),
    # gpt-oss-20b's block at small size: 8 x 64 heads (2 kv heads) with q/k/v/output biases and
    # attention sinks, even layers sliding (window 16, so the 24- and 96-token runs slide), YaRN
    # with gpt-oss's real ratios (factor 32 over an original 4096 of 131072, base 150000, betas
    # 32 / 1 as the converter writes them), and 8 experts of 256, 4 per token (20b: 32 of 2880, 4
    # per token) with biases, the router's bias and swiglu_oai; the experts' matrices MXFP4 in
    # every type, as the real files keep them (gguf-py's MXFP4 quantizer; llama-quantize copies
    # them with --tensor-type _exps.weight=mxfp4). Gate and up are scaled so that some of their
    # values pass swiglu_oai's clamp at 7. Untied output.
    "gptoss": dict(
        arch="gpt-oss", seed=3008, n_layer=4, n_embd=256, n_head=8, n_head_kv=2, head_dim=64,
        n_ff=256, rope_base=1.5e5, rms_eps=1e-5, n_ctx_train=131072, tied=False,
        window=16, yarn_factor=32.0, n_ctx_orig=4096, n_expert=8, n_expert_used=4, n_ff_exp=256,
        runs=[("random24", 64, 24, 81), ("random96", 128, 96, 82)],
        greedy=(128, 16, 110),
    ),
    # Qwen3.5's hybrid at small size (0.8B-9B: three Gated DeltaNet layers, then one gated
    # attention layer): layers 0-2 are DeltaNet layers with 2 key heads and 4 value heads of 64
    # (the 4B/9B's 16 and 32 of 128; value head h reads key head h % 2, as the converter's tiled
    # order), a causal convolution of 4 taps over the 512 channels of q|k|v; layer 3 attends with
    # 4 query heads of 64 over 1 kv head, each query head followed by its output gate in attn_q,
    # q/k norms, IMRoPE over 16 of 64 dimensions in sections [3, 3, 2, 0] (the real [11, 11, 10, 0]
    # over 64 of 256), base 1e7; post_attention_norm before the SwiGLU network; tied output.
    "qwen35": dict(
        arch="qwen35", seed=3010, n_layer=4, n_embd=256, n_head=4, n_head_kv=1, head_dim=64,
        n_ff=512, rope_base=1.0e7, rms_eps=1e-6, n_ctx_train=262144, tied=True,
        n_rot=16, sections=[3, 3, 2, 0], full_attention_interval=4,
        ssm_conv=4, ssm_state=64, ssm_groups=2, ssm_v_heads=4,
        runs=[("random24", 64, 24, 101), ("random96", 128, 96, 102)],
        greedy=(128, 16, 110),
    ),
    # Llama's optional tensors, all present: q/k/v, output and feed-forward biases (as
    # InternLM-, Granite- or Baichuan-style conversions to the llama layout write them), and Llama
    # 3.1's rope_freqs factors (Llama 3.2 1B/3B: 1 for the fast pairs, up to 8 for the slow
    # ones); 4 x 64 heads over 2 kv heads, untied output.
    "llama-bias": dict(
        arch="llama", seed=3011, n_layer=2, n_embd=256, n_head=4, n_head_kv=2, head_dim=64,
        n_ff=512, rope_base=5.0e5, rms_eps=1e-5, n_ctx_train=131072, tied=False,
        biases=True, rope_freqs=True,
        runs=[("random24", 64, 24, 111), ("random96", 128, 96, 112)],
        greedy=(128, 16, 110),
    ),
    # Mixtral's block at small size (llama with expert_count): 8 routed SwiGLU experts of
    # feed_forward_length (llama.cpp's width for this family's experts), 2 per token, softmax
    # router, renormalized weights; tied output.
    "llama-moe": dict(
        arch="llama", seed=3012, n_layer=2, n_embd=256, n_head=4, n_head_kv=2, head_dim=64,
        n_ff=256, rope_base=1.0e6, rms_eps=1e-5, n_ctx_train=32768, tied=True,
        n_expert=8, n_expert_used=2, n_ff_exp=256,
        runs=[("random24", 64, 24, 121), ("random96", 128, 96, 122)],
        greedy=(128, 16, 110),
    ),
    # Qwen3.5-35B-A3B's block at small size: qwen35's layers with every feed-forward network
    # replaced by 8 routed SwiGLU experts of 128, 2 per token (35B-A3B: 256 of 512, 8 per token;
    # softmax router, weights renormalized) beside a shared SwiGLU expert of 256 whose output is
    # scaled by the sigmoid of ffn_gate_inp_shexp . x; no feed_forward_length key (no block has
    # a dense network); gate and up fused (ffn_gate_up_exps) in layers 2-3.
    "qwen35moe": dict(
        arch="qwen35moe", seed=3013, n_layer=4, n_embd=256, n_head=4, n_head_kv=1, head_dim=64,
        n_ff=0, rope_base=1.0e7, rms_eps=1e-6, n_ctx_train=262144, tied=True,
        n_rot=16, sections=[3, 3, 2, 0], full_attention_interval=4,
        ssm_conv=4, ssm_state=64, ssm_groups=2, ssm_v_heads=4,
        n_expert=8, n_expert_used=2, n_ff_exp=128, n_ff_shexp=256, fused_gate_up=[False, False, True, True],
        runs=[("random24", 64, 24, 131), ("random96", 128, 96, 132)],
        greedy=(128, 16, 110),
    ),
}
# llama-quantize's extra flags per variant (gpt-oss: the experts stay MXFP4, copied as they are)
EXTRA_QUANTIZE_FLAGS = {"gptoss": ["--tensor-type", "_exps.weight=mxfp4"]}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 24):
            h.update(chunk)
    return h.hexdigest()


def default_vocab_gguf() -> Path:
    base = os.environ.get("FM_MODELS_DIR") or os.path.expanduser("~/.cache/fm/models")
    return Path(base) / VOCAB_GGUF_NAME


# --------------------------------------------------------------------------------------------
# The vocabulary (every tokenizer.* key of the Qwen2.5 GGUF, values and GGUF types unchanged)
# --------------------------------------------------------------------------------------------

_SCALAR = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}


def read_kv(path: Path, tokenizer: bool = True) -> list[tuple[str, object, gguf.GGUFValueType, gguf.GGUFValueType | None]]:
    """Every tokenizer.* key (or with tokenizer=False every other key) of a GGUF (v3,
    little-endian), values and GGUF types unchanged.

    A minimal header parser: gguf.GGUFReader gives the same values (`reference` checks that) but
    takes ~10 s on the 300k-string vocabulary, too slow for `assemble`'s budget.
    """
    import struct
    with open(path, "rb") as f:
        head = f.read(64 << 20)            # the metadata of the Qwen2.5 GGUF is ~10 MB
    if head[:4] != b"GGUF":
        sys.exit(f"error: {path} is not a GGUF file")
    _, _, n_kv = struct.unpack_from("<IQQ", head, 4)
    pos = 24

    def string(pos):
        (n,) = struct.unpack_from("<Q", head, pos)
        return head[pos + 8:pos + 8 + n], pos + 8 + n

    def value(t, pos):
        if t == 8:
            return string(pos)
        fmt = _SCALAR[t]
        return struct.unpack_from(fmt, head, pos)[0], pos + struct.calcsize(fmt)

    out = []
    for _ in range(n_kv):
        key, pos = string(pos)
        key = key.decode()
        (t,) = struct.unpack_from("<I", head, pos)
        pos += 4
        if t == 9:
            sub, n = struct.unpack_from("<IQ", head, pos)
            pos += 12
            if sub == 8:
                items = []
                for _ in range(n):
                    s, pos = string(pos)
                    items.append(s)
            else:
                fmt = _SCALAR[sub]
                items = [x.item() for x in np.frombuffer(head, dtype=np.dtype(fmt), count=n, offset=pos)]
                pos += n * struct.calcsize(fmt)
            val, vt, st = items, gguf.GGUFValueType(t), gguf.GGUFValueType(sub)
        else:
            val, pos = value(t, pos)
            vt, st = gguf.GGUFValueType(t), None
        if key.startswith("tokenizer.") == tokenizer:
            out.append((key, val, vt, st))
    return out


def read_tokenizer_kv_gguf_reader(path: Path) -> list:
    """The same as read_kv(path), through gguf.GGUFReader (slow; a cross-check)."""
    reader = gguf.GGUFReader(path)
    out = []
    for key, field in reader.fields.items():
        if not key.startswith("tokenizer."):
            continue
        main = gguf.GGUFValueType(field.types[0])
        if main == gguf.GGUFValueType.ARRAY:
            sub = gguf.GGUFValueType(field.types[-1])
            if sub == gguf.GGUFValueType.STRING:
                value = [bytes(field.parts[i]) for i in field.data]
            else:
                value = [field.parts[i][0].item() for i in field.data]
            out.append((key, value, main, sub))
        elif main == gguf.GGUFValueType.STRING:
            out.append((key, bytes(field.parts[field.data[0]]), main, None))
        else:
            out.append((key, field.parts[field.data[0]][0].item(), main, None))
    return out


def read_vocab(path: Path) -> list:
    if not path.is_file():
        sys.exit(f"error: the vocabulary GGUF {path} is missing (Qwen2.5-Coder-0.5B-Instruct Q4_K_M, "
                 f"sha256 {VOCAB_GGUF_SHA256}; see /work/shared/MODELS.md)")
    out = read_kv(path)
    tokens = next((v for k, v, _, _ in out if k == "tokenizer.ggml.tokens"), [])
    if len(tokens) != N_VOCAB:
        sys.exit(f"error: {path} has {len(tokens)} tokens, expected {N_VOCAB}")
    return out


# --------------------------------------------------------------------------------------------
# The synthetic models
# --------------------------------------------------------------------------------------------

def rope_factors(n: int) -> tuple[np.ndarray, np.ndarray]:
    """LongRoPE factors shaped like Phi-3.5/Phi-4-mini's: ~1 for the fast pairs, growing for slow ones."""
    i = np.arange(n, dtype=np.float64)
    short = 1.0 + 0.5 * (i / (n - 1)) ** 2                                 # 1 .. 1.5
    long = 1.0 + 39.0 / (1.0 + np.exp(-(i - 0.5 * n) / (0.08 * n)))        # ~1.08 .. ~40
    return long.astype(np.float32), short.astype(np.float32)


def variant_metadata(name: str, v: dict) -> list[tuple[str, object, gguf.GGUFValueType]]:
    """Every non-tokenizer key, in file order: (key, value, GGUF type)."""
    a = v["arch"]
    U32, F32, STR = gguf.GGUFValueType.UINT32, gguf.GGUFValueType.FLOAT32, gguf.GGUFValueType.STRING
    if a == "gemma4":
        return gemma4_metadata(name, v)
    if a == "gpt-oss":
        return gptoss_metadata(name, v)
    kv = [
        ("general.name", name, STR),
        ("general.file_type", int(gguf.LlamaFileType.MOSTLY_F16), U32),
        (f"{a}.context_length", v["n_ctx_train"], U32),
        (f"{a}.embedding_length", v["n_embd"], U32),
        (f"{a}.block_count", v["n_layer"], U32),
        (f"{a}.feed_forward_length", v["n_ff"], U32),
        (f"{a}.attention.head_count", v["n_head"], U32),
        (f"{a}.attention.head_count_kv", v["n_head_kv"], U32),
    ]
    if a == "qwen35moe":
        kv = [k for k in kv if k[0] != f"{a}.feed_forward_length"]
    if a in ("lfm2", "lfm2moe"):
        # 0 key/value heads marks a convolution layer (as convert_hf_to_gguf.py's LFM2Model writes)
        kv[-1] = (f"{a}.attention.head_count_kv", [0 if c else v["n_head_kv"] for c in v["conv"]],
                  gguf.GGUFValueType.ARRAY, U32)
        kv.append((f"{a}.shortconv.l_cache", v["l_cache"], U32))
        if "window" in v:
            kv.append((f"{a}.attention.sliding_window", v["window"], U32))
    if a in ("qwen3", "qwen3moe"):
        # Qwen3's converter writes the head size (it differs from n_embd / n_head); smollm3 and
        # phi3 files do not have these keys: llama.cpp's default is n_embd / n_head.
        kv += [(f"{a}.attention.key_length", v["head_dim"], U32),
               (f"{a}.attention.value_length", v["head_dim"], U32)]
    if a in ("qwen3moe", "lfm2moe"):
        kv += [(f"{a}.expert_count", v["n_expert"], U32),
               (f"{a}.expert_used_count", v["n_expert_used"], U32),
               (f"{a}.expert_feed_forward_length", v["n_ff_exp"], U32)]
    if a == "llama" and "n_expert" in v:
        # no expert_feed_forward_length: llama.cpp sizes this family's experts by n_ff
        kv += [(f"{a}.expert_count", v["n_expert"], U32),
               (f"{a}.expert_used_count", v["n_expert_used"], U32)]
    if a == "lfm2moe":
        kv += [(f"{a}.leading_dense_block_count", v["n_dense_lead"], U32),
               (f"{a}.expert_gating_func", 2, U32)]   # sigmoid, as the converter writes it
    if a == "qwen35moe":
        kv += [(f"{a}.expert_count", v["n_expert"], U32),
               (f"{a}.expert_used_count", v["n_expert_used"], U32),
               (f"{a}.expert_feed_forward_length", v["n_ff_exp"], U32),
               (f"{a}.expert_shared_feed_forward_length", v["n_ff_shexp"], U32)]
    if a in ("qwen35", "qwen35moe"):
        # as conversion/qwen.py's Qwen3_5TextModel writes them (Qwen3NextModel's ssm keys, the
        # per-layer recurrent flags from layer_types, the interval, partial rotary, sections)
        BOOL = gguf.GGUFValueType.BOOL
        recurrent = [(i + 1) % v["full_attention_interval"] != 0 for i in range(v["n_layer"])]
        kv += [(f"{a}.attention.key_length", v["head_dim"], U32),
               (f"{a}.attention.value_length", v["head_dim"], U32),
               (f"{a}.ssm.conv_kernel", v["ssm_conv"], U32),
               (f"{a}.ssm.state_size", v["ssm_state"], U32),
               (f"{a}.ssm.group_count", v["ssm_groups"], U32),
               (f"{a}.ssm.time_step_rank", v["ssm_v_heads"], U32),
               (f"{a}.ssm.inner_size", v["ssm_state"] * v["ssm_v_heads"], U32),
               (f"{a}.attention.recurrent_layers", recurrent, gguf.GGUFValueType.ARRAY, BOOL),
               (f"{a}.full_attention_interval", v["full_attention_interval"], U32),
               (f"{a}.rope.dimension_count", v["n_rot"], U32),
               (f"{a}.rope.dimension_sections", v["sections"], gguf.GGUFValueType.ARRAY, gguf.GGUFValueType.INT32)]
    kv += [(f"{a}.attention.layer_norm_rms_epsilon", v["rms_eps"], F32),
           (f"{a}.rope.freq_base", v["rope_base"], F32)]
    if a == "phi3":
        scale = v["n_ctx_train"] / v["n_ctx_orig"]
        attn_factor = math.sqrt(1 + math.log(scale) / math.log(v["n_ctx_orig"]))  # convert_hf_to_gguf
        kv += [(f"{a}.rope.dimension_count", v["n_rot"], U32),
               (f"{a}.rope.scaling.type", "longrope", STR),
               (f"{a}.rope.scaling.original_context_length", v["n_ctx_orig"], U32),
               (f"{a}.rope.scaling.attn_factor", attn_factor, F32),
               (f"{a}.attention.sliding_window", 0, U32)]   # as the converter writes for Phi-4
    return kv


def gemma4_metadata(name: str, v: dict) -> list[tuple]:
    """Gemma 4's keys as convert_hf_to_gguf.py's Gemma4Model writes them (arrays where the
    layers differ: sliding pattern, kv heads, feed-forward widths)."""
    a = v["arch"]
    U32, F32, STR = gguf.GGUFValueType.UINT32, gguf.GGUFValueType.FLOAT32, gguf.GGUFValueType.STRING
    ARR, BOOL = gguf.GGUFValueType.ARRAY, gguf.GGUFValueType.BOOL
    sliding, n = v["sliding"], v["n_layer"]
    first_shared = n - v["shared_kv"]
    return [
        ("general.name", name, STR, None),
        ("general.file_type", int(gguf.LlamaFileType.MOSTLY_F16), U32, None),
        (f"{a}.context_length", v["n_ctx_train"], U32, None),
        (f"{a}.embedding_length", v["n_embd"], U32, None),
        (f"{a}.block_count", n, U32, None),
        (f"{a}.feed_forward_length", [v["n_ff"] * (2 if i >= first_shared else 1) for i in range(n)], ARR, U32),
        (f"{a}.attention.head_count", v["n_head"], U32, None),
        (f"{a}.attention.head_count_kv", [v["n_head_kv"] if s else v["n_head_kv_full"] for s in sliding], ARR, U32),
        (f"{a}.attention.key_length", v["head_dim"], U32, None),
        (f"{a}.attention.value_length", v["head_dim"], U32, None),
        (f"{a}.attention.key_length_swa", v["head_dim_swa"], U32, None),
        (f"{a}.attention.value_length_swa", v["head_dim_swa"], U32, None),
        (f"{a}.attention.layer_norm_rms_epsilon", v["rms_eps"], F32, None),
        (f"{a}.attention.sliding_window", v["window"], U32, None),
        (f"{a}.attention.sliding_window_pattern", sliding, ARR, BOOL),
        (f"{a}.attention.shared_kv_layers", v["shared_kv"], U32, None),
        (f"{a}.embedding_length_per_layer_input", v["n_embd_per_layer"], U32, None),
        (f"{a}.rope.freq_base", v["rope_base"], F32, None),
        (f"{a}.rope.freq_base_swa", v["rope_base_swa"], F32, None),
        (f"{a}.rope.dimension_count", v["head_dim"], U32, None),
        (f"{a}.rope.dimension_count_swa", v["head_dim_swa"], U32, None),
        (f"{a}.final_logit_softcapping", v["softcap"], F32, None),
    ] + ([
        (f"{a}.expert_count", v["n_expert"], U32, None),
        (f"{a}.expert_used_count", v["n_expert_used"], U32, None),
        (f"{a}.expert_feed_forward_length", v["n_ff_exp"], U32, None),
    ] if "n_expert" in v else [])


def gptoss_metadata(name: str, v: dict) -> list[tuple]:
    """gpt-oss's keys as conversion/gpt_oss.py (and the base converter) writes them."""
    a = v["arch"]
    U32, F32, STR = gguf.GGUFValueType.UINT32, gguf.GGUFValueType.FLOAT32, gguf.GGUFValueType.STRING
    return [
        ("general.name", name, STR),
        ("general.file_type", int(gguf.LlamaFileType.MOSTLY_F16), U32),
        (f"{a}.block_count", v["n_layer"], U32),
        (f"{a}.context_length", v["n_ctx_train"], U32),
        (f"{a}.embedding_length", v["n_embd"], U32),
        (f"{a}.feed_forward_length", v["n_ff_exp"], U32),
        (f"{a}.attention.head_count", v["n_head"], U32),
        (f"{a}.attention.head_count_kv", v["n_head_kv"], U32),
        (f"{a}.rope.freq_base", v["rope_base"], F32),
        (f"{a}.attention.layer_norm_rms_epsilon", v["rms_eps"], F32),
        (f"{a}.expert_count", v["n_expert"], U32),
        (f"{a}.expert_used_count", v["n_expert_used"], U32),
        (f"{a}.attention.key_length", v["head_dim"], U32),
        (f"{a}.attention.value_length", v["head_dim"], U32),
        (f"{a}.rope.scaling.type", "yarn", STR),
        (f"{a}.rope.scaling.factor", v["yarn_factor"], F32),
        (f"{a}.rope.scaling.original_context_length", v["n_ctx_orig"], U32),
        (f"{a}.rope.scaling.yarn_beta_fast", 32.0, F32),
        (f"{a}.rope.scaling.yarn_beta_slow", 1.0, F32),
        (f"{a}.attention.sliding_window", v["window"], U32),
        (f"{a}.expert_feed_forward_length", v["n_ff_exp"], U32),
    ]


def mxfp4(x: np.ndarray) -> np.ndarray:
    """float32 [..., rows, cols] -> MXFP4 blocks as uint8 [..., rows, cols / 32 * 17] (gguf-py's quantizer)."""
    return gguf.quants.quantize(x.astype(np.float32), gguf.GGMLQuantizationType.MXFP4)


def gptoss_tensors(v: dict, rng, mat, proj, vec) -> list[tuple[str, np.ndarray]]:
    d, hd, n_exp, ffe = v["n_embd"], v["head_dim"], v["n_expert"], v["n_ff_exp"]
    nq, nkv = v["n_head"] * hd, v["n_head_kv"] * hd

    def bias(*shape, std=0.1) -> np.ndarray:
        return (rng.standard_normal(shape, dtype=np.float32) * np.float32(std)).astype(np.float32)

    def experts(rows: int, cols: int, std: float) -> np.ndarray:   # ne = [cols, rows, n_exp], MXFP4
        # one expert at a time, quantized in slices of rows (gguf-py's quantizer holds 16 floats
        # per element while it works: scripts/bench_arch_shapes's gpt-oss-20b has 32 x 2880 x 2880)
        out = []
        for _ in range(n_exp):
            w = rng.standard_normal((rows, cols), dtype=np.float32) * np.float32(std / math.sqrt(cols))
            step = max(1, (1 << 20) // cols)
            out.append(np.concatenate([mxfp4(w[r:r + step]) for r in range(0, rows, step)]))
        return np.stack(out)

    t = [("token_embd.weight", mat(N_VOCAB, d, SCALES["token_embd"])),
         ("output.weight", mat(N_VOCAB, d, SCALES["output"])),
         ("output_norm.weight", vec(d, "output_norm"))]
    for i in range(v["n_layer"]):
        b = f"blk.{i}"
        t.append((f"{b}.attn_norm.weight", vec(d)))
        t.append((f"{b}.attn_q.weight", proj(nq, d, "qkv")))
        t.append((f"{b}.attn_q.bias", bias(nq)))
        t.append((f"{b}.attn_k.weight", proj(nkv, d, "qkv")))
        t.append((f"{b}.attn_k.bias", bias(nkv)))
        t.append((f"{b}.attn_v.weight", proj(nkv, d, "qkv")))
        t.append((f"{b}.attn_v.bias", bias(nkv)))
        t.append((f"{b}.attn_output.weight", proj(d, nq, "attn_output")))
        t.append((f"{b}.attn_output.bias", bias(d)))
        # sinks ~ N(1, 1): beside scores of a few units they take a real share of the softmax
        t.append((f"{b}.attn_sinks.weight", (1 + rng.standard_normal(v["n_head"], dtype=np.float32)).astype(np.float32)))
        t.append((f"{b}.post_attention_norm.weight", vec(d)))
        t.append((f"{b}.ffn_gate_inp.weight", proj(n_exp, d, "qkv").astype(np.float32)))
        t.append((f"{b}.ffn_gate_inp.bias", bias(n_exp, std=0.5)))
        # gate and up ~ N(0, 3^2): a few percent of them beyond swiglu_oai's clamp at +-7
        t.append((f"{b}.ffn_gate_exps.weight", experts(ffe, d, 3.0)))
        t.append((f"{b}.ffn_gate_exps.bias", bias(n_exp, ffe, std=0.5)))
        t.append((f"{b}.ffn_up_exps.weight", experts(ffe, d, 3.0)))
        t.append((f"{b}.ffn_up_exps.bias", bias(n_exp, ffe, std=0.5)))
        t.append((f"{b}.ffn_down_exps.weight", experts(d, ffe, 0.5)))
        t.append((f"{b}.ffn_down_exps.bias", bias(n_exp, d)))
    return t


def gemma4_tensors(v: dict, rng, mat, proj, vec) -> list[tuple[str, np.ndarray]]:
    d, n, p = v["n_embd"], v["n_layer"], v["n_embd_per_layer"]
    first_shared = n - v["shared_kv"]
    hd_full, pairs = v["head_dim"], v["n_rot_pairs_full"]
    t = [("token_embd.weight", mat(N_VOCAB, d, SCALES["token_embd"]))]
    if p:
        t += [("per_layer_token_embd.weight", mat(N_VOCAB, n * p, SCALES["token_embd"])),
              ("per_layer_model_proj.weight", proj(n * p, d, "qkv")),
              ("per_layer_proj_norm.weight", vec(p))]
    t += [("output_norm.weight", vec(d, "output_norm")),
         ("rope_freqs.weight", np.array([1.0] * pairs + [1e30] * (hd_full // 2 - pairs), dtype=np.float32))]
    for i in range(n):
        b, swa = f"blk.{i}", v["sliding"][i]
        hd = v["head_dim_swa"] if swa else hd_full
        nkv = (v["n_head_kv"] if swa else v["n_head_kv_full"]) * hd
        nq, ff = v["n_head"] * hd, v["n_ff"] * (2 if i >= first_shared else 1)
        qk_norm = (hd ** -0.25, 0.1 * hd ** -0.25)   # q . k ~ N(0, 1): Gemma 4 scores are unscaled
        t.append((f"{b}.attn_norm.weight", vec(d)))
        t.append((f"{b}.attn_q.weight", proj(nq, d, "qkv")))
        # the shared layers keep their (unused) k/v projections, as converted checkpoints do
        t.append((f"{b}.attn_k.weight", proj(nkv, d, "qkv")))
        if swa:
            t.append((f"{b}.attn_v.weight", proj(nkv, d, "qkv")))
        t.append((f"{b}.attn_q_norm.weight", vec(hd, qk_norm)))
        t.append((f"{b}.attn_k_norm.weight", vec(hd, qk_norm)))
        t.append((f"{b}.attn_output.weight", proj(d, nq, "attn_output")))
        t.append((f"{b}.post_attention_norm.weight", vec(d)))
        t.append((f"{b}.ffn_norm.weight", vec(d)))
        t.append((f"{b}.ffn_gate.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_up.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_down.weight", proj(d, ff, "ffn_down")))
        t.append((f"{b}.post_ffw_norm.weight", vec(d)))
        if "n_expert" in v:
            # numpy shapes (experts, rows, columns): ne = [columns, rows, experts]
            n_exp, ffe = v["n_expert"], v["n_ff_exp"]
            t.append((f"{b}.ffn_gate_inp.weight", proj(n_exp, d, "qkv").astype(np.float32)))
            t.append((f"{b}.ffn_gate_inp.scale", vec(d, (math.sqrt(d), 0.1 * math.sqrt(d)))))
            t.append((f"{b}.pre_ffw_norm_2.weight", vec(d)))
            t.append((f"{b}.post_ffw_norm_1.weight", vec(d)))
            t.append((f"{b}.post_ffw_norm_2.weight", vec(d)))
            if v["fused_gate_up"][i]:   # each expert's rows: its gate, then its up
                t.append((f"{b}.ffn_gate_up_exps.weight",
                          np.stack([proj(2 * ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
            else:
                t.append((f"{b}.ffn_gate_exps.weight", np.stack([proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
                t.append((f"{b}.ffn_up_exps.weight", np.stack([proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_down_exps.weight", np.stack([proj(d, ffe, "ffn_down") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_down_exps.scale", rng.uniform(0.5, 1.5, n_exp).astype(np.float32)))
        if p:
            t.append((f"{b}.inp_gate.weight", proj(p, d, "qkv")))
            t.append((f"{b}.proj.weight", proj(d, p, "qkv")))
            t.append((f"{b}.post_norm.weight", vec(d)))
        t.append((f"{b}.layer_output_scale.weight", rng.uniform(0.5, 1.0, 1).astype(np.float32)))
    return t


def lfm2_tensors(v: dict, rng, mat, proj, vec) -> list[tuple[str, np.ndarray]]:
    """LFM2's final norm (named token_embd_norm) and blocks, after the embedding (and output)."""
    d, ff, hd, L = v["n_embd"], v["n_ff"], v["head_dim"], v["l_cache"]
    nq, nkv = v["n_head"] * hd, v["n_head_kv"] * hd
    t = [("token_embd_norm.weight", vec(d, "output_norm"))]
    for i, conv in enumerate(v["conv"]):
        b = f"blk.{i}"
        t.append((f"{b}.attn_norm.weight", vec(d)))
        if conv:
            # in_proj rows: b, c, x (ne = [d, 3d]); the kernel ne = [L, d], F32 (ggml_ssm_conv
            # reads floats; llama-quantize leaves shortconv.conv alone), taps ~ N(0, 1/L)
            t.append((f"{b}.shortconv.in_proj.weight", proj(3 * d, d, "qkv")))
            t.append((f"{b}.shortconv.conv.weight",
                      (rng.standard_normal((d, L), dtype=np.float32) / np.float32(math.sqrt(L))).astype(np.float32)))
            t.append((f"{b}.shortconv.out_proj.weight", proj(d, d, "attn_output")))
        else:
            t.append((f"{b}.attn_q.weight", proj(nq, d, "qkv")))
            t.append((f"{b}.attn_k.weight", proj(nkv, d, "qkv")))
            t.append((f"{b}.attn_v.weight", proj(nkv, d, "qkv")))
            t.append((f"{b}.attn_q_norm.weight", vec(hd)))
            t.append((f"{b}.attn_k_norm.weight", vec(hd)))
            t.append((f"{b}.attn_output.weight", proj(d, nq, "attn_output")))
        t.append((f"{b}.ffn_norm.weight", vec(d)))
        if i >= v.get("n_dense_lead", v["n_layer"]):
            # numpy shapes (experts, rows, columns): ne = [columns, rows, experts]
            n_exp, ffe = v["n_expert"], v["n_ff_exp"]
            t.append((f"{b}.ffn_gate_inp.weight", proj(n_exp, d, "qkv").astype(np.float32)))
            t.append((f"{b}.ffn_gate_exps.weight", np.stack([proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_up_exps.weight", np.stack([proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_down_exps.weight", np.stack([proj(d, ffe, "ffn_down") for _ in range(n_exp)])))
            t.append((f"{b}.exp_probs_b.bias", vec(n_exp, (0.0, 0.05))))
            continue
        t.append((f"{b}.ffn_gate.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_up.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_down.weight", proj(d, ff, "ffn_down")))
    return t


def qwen35_tensors(v: dict, rng, mat, proj, vec) -> list[tuple[str, np.ndarray]]:
    """Qwen3.5's final norm and blocks, after the embedding (and output). The norms hold the
    weights llama.cpp multiplies by (the converter adds HF's +1), ssm_norm included as it is."""
    d, ff, hd, K = v["n_embd"], v["n_ff"], v["head_dim"], v["ssm_conv"]
    S, hk, hv = v["ssm_state"], v["ssm_groups"], v["ssm_v_heads"]
    key_dim, value_dim = S * hk, S * hv
    conv_dim = 2 * key_dim + value_dim
    nq, nkv = v["n_head"] * hd, v["n_head_kv"] * hd
    t = [("output_norm.weight", vec(d, "output_norm"))]
    for i in range(v["n_layer"]):
        b = f"blk.{i}"
        t.append((f"{b}.attn_norm.weight", vec(d)))
        if (i + 1) % v["full_attention_interval"] != 0:
            # attn_qkv rows: q (key heads), k (key heads), v (value heads); attn_gate: z
            t.append((f"{b}.attn_qkv.weight", proj(conv_dim, d, "qkv")))
            t.append((f"{b}.attn_gate.weight", proj(value_dim, d, "qkv")))
            # kernel ne = [K, conv_dim], F32 as the converter writes SSM_CONV1D; taps ~ N(0, 1/K)
            t.append((f"{b}.ssm_conv1d.weight",
                      (rng.standard_normal((conv_dim, K), dtype=np.float32) / np.float32(math.sqrt(K))).astype(np.float32)))
            # dt bias and A (= -exp(A_log)) put exp(g) = exp(A softplus(alpha + dt)) between ~0.1
            # and ~0.99: some heads forget within a few positions, others hold most of a run
            t.append((f"{b}.ssm_dt.bias", rng.uniform(-3.0, -0.5, hv).astype(np.float32)))
            t.append((f"{b}.ssm_a", (-rng.uniform(0.5, 4.0, hv)).astype(np.float32)))
            t.append((f"{b}.ssm_beta.weight", proj(hv, d, "qkv")))
            t.append((f"{b}.ssm_alpha.weight", mat(hv, d, 0.5 / math.sqrt(d))))
            t.append((f"{b}.ssm_norm.weight", vec(S)))
            t.append((f"{b}.ssm_out.weight", proj(d, value_dim, "attn_output")))
        else:
            # attn_q rows: per head, its query (hd) then its output gate (hd)
            t.append((f"{b}.attn_q.weight", proj(2 * nq, d, "qkv")))
            t.append((f"{b}.attn_k.weight", proj(nkv, d, "qkv")))
            t.append((f"{b}.attn_v.weight", proj(nkv, d, "qkv")))
            t.append((f"{b}.attn_q_norm.weight", vec(hd)))
            t.append((f"{b}.attn_k_norm.weight", vec(hd)))
            t.append((f"{b}.attn_output.weight", proj(d, nq, "attn_output")))
        t.append((f"{b}.post_attention_norm.weight", vec(d)))
        if "n_expert" in v:
            # numpy shapes (experts, rows, columns): ne = [columns, rows, experts]; fused
            # ffn_gate_up_exps rows: an expert's gate rows, then its up rows
            n_exp, ffe, ffs = v["n_expert"], v["n_ff_exp"], v["n_ff_shexp"]
            t.append((f"{b}.ffn_gate_inp.weight", proj(n_exp, d, "qkv").astype(np.float32)))
            gates = [proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)]
            ups = [proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)]
            if v["fused_gate_up"][i]:
                t.append((f"{b}.ffn_gate_up_exps.weight", np.stack([np.concatenate([g, u]) for g, u in zip(gates, ups)])))
            else:
                t += [(f"{b}.ffn_gate_exps.weight", np.stack(gates)), (f"{b}.ffn_up_exps.weight", np.stack(ups))]
            t.append((f"{b}.ffn_down_exps.weight", np.stack([proj(d, ffe, "ffn_down") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_gate_inp_shexp.weight", proj(1, d, "qkv").astype(np.float32).reshape(d)))
            t.append((f"{b}.ffn_gate_shexp.weight", proj(ffs, d, "ffn_gate_up")))
            t.append((f"{b}.ffn_up_shexp.weight", proj(ffs, d, "ffn_gate_up")))
            t.append((f"{b}.ffn_down_shexp.weight", proj(d, ffs, "ffn_down")))
            continue
        t.append((f"{b}.ffn_gate.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_up.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_down.weight", proj(d, ff, "ffn_down")))
    return t


def variant_tensors(v: dict) -> list[tuple[str, np.ndarray]]:
    """The tensors in file order, numpy shape (ne1, ne0): F16 matrices, F32 vectors."""
    rng = np.random.default_rng(v["seed"])
    d, ff, hd = v["n_embd"], v["n_ff"], v["head_dim"]
    nq, nkv = v["n_head"] * hd, v["n_head_kv"] * hd

    def mat(rows: int, cols: int, std: float) -> np.ndarray:   # [cols -> rows], ne = [cols, rows]
        # in chunks of rows (the same stream as one call): the real-shape tables of
        # scripts/bench_arch_shapes would need 9 GB of float32 at once
        out = np.empty((rows, cols), dtype=np.float16)
        step = max(1, (1 << 24) // cols)
        for r in range(0, rows, step):
            n = min(step, rows - r)
            out[r:r + n] = rng.standard_normal((n, cols), dtype=np.float32) * np.float32(std)
        return out

    def proj(rows: int, cols: int, key: str) -> np.ndarray:
        return mat(rows, cols, SCALES[key] / math.sqrt(cols))

    def vec(n: int, key="norm") -> np.ndarray:
        mean, std = SCALES[key] if isinstance(key, str) else key
        return (np.float32(mean) + rng.standard_normal(n, dtype=np.float32) * np.float32(std)).astype(np.float32)

    if v["arch"] == "gemma4":
        return gemma4_tensors(v, rng, mat, proj, vec)
    if v["arch"] == "gpt-oss":
        return gptoss_tensors(v, rng, mat, proj, vec)

    t = [("token_embd.weight", mat(N_VOCAB, d, SCALES["token_embd"]))]
    if not v["tied"]:
        t.append(("output.weight", mat(N_VOCAB, d, SCALES["output"])))
    if v["arch"] in ("lfm2", "lfm2moe"):
        return t + lfm2_tensors(v, rng, mat, proj, vec)
    if v["arch"] in ("qwen35", "qwen35moe"):
        return t + qwen35_tensors(v, rng, mat, proj, vec)
    t.append(("output_norm.weight", vec(d, "output_norm")))
    if v["arch"] == "phi3":
        long, short = rope_factors(v["n_rot"] // 2)
        t += [("rope_factors_long.weight", long), ("rope_factors_short.weight", short)]
    if v.get("rope_freqs"):
        # Llama 3's scaling as factors on the frequencies: 1 above the high-frequency cut, 8 below
        # the low one, smooth between (rope_freqs.weight [head_dim / 2], as the converter writes)
        n = hd // 2
        smooth = np.clip((np.arange(n, dtype=np.float32) - n / 4) / (n / 2), 0, 1)
        t.append(("rope_freqs.weight", (1.0 / (1.0 - smooth + smooth / 8.0)).astype(np.float32)))
    bias = (lambda n: rng.standard_normal(n, dtype=np.float32) * np.float32(0.1)) if v.get("biases") else None
    for i in range(v["n_layer"]):
        b = f"blk.{i}"
        t.append((f"{b}.attn_norm.weight", vec(d)))
        if v["arch"] == "phi3":
            # fused [q; k; v] rows (ne = [d, nq + 2 nkv]) and fused [gate; up] rows (ne = [d, 2 ff])
            t.append((f"{b}.attn_qkv.weight", proj(nq + 2 * nkv, d, "qkv")))
            t.append((f"{b}.attn_output.weight", proj(d, nq, "attn_output")))
            t.append((f"{b}.ffn_norm.weight", vec(d)))
            t.append((f"{b}.ffn_up.weight", proj(2 * ff, d, "ffn_gate_up")))
            t.append((f"{b}.ffn_down.weight", proj(d, ff, "ffn_down")))
            continue
        t.append((f"{b}.attn_q.weight", proj(nq, d, "qkv")))
        t.append((f"{b}.attn_k.weight", proj(nkv, d, "qkv")))
        t.append((f"{b}.attn_v.weight", proj(nkv, d, "qkv")))
        if bias:
            t += [(f"{b}.attn_q.bias", bias(nq)), (f"{b}.attn_k.bias", bias(nkv)), (f"{b}.attn_v.bias", bias(nkv))]
        if v["arch"] in ("qwen3", "qwen3moe"):
            t.append((f"{b}.attn_q_norm.weight", vec(hd)))
            t.append((f"{b}.attn_k_norm.weight", vec(hd)))
        t.append((f"{b}.attn_output.weight", proj(d, nq, "attn_output")))
        if bias:
            t.append((f"{b}.attn_output.bias", bias(d)))
        t.append((f"{b}.ffn_norm.weight", vec(d)))
        if "n_expert" in v:
            # numpy shapes (experts, rows, columns): ne = [columns, rows, experts]
            n_exp, ffe = v["n_expert"], v["n_ff_exp"]
            t.append((f"{b}.ffn_gate_inp.weight", proj(n_exp, d, "qkv").astype(np.float32)))
            t.append((f"{b}.ffn_gate_exps.weight", np.stack([proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_up_exps.weight", np.stack([proj(ffe, d, "ffn_gate_up") for _ in range(n_exp)])))
            t.append((f"{b}.ffn_down_exps.weight", np.stack([proj(d, ffe, "ffn_down") for _ in range(n_exp)])))
            continue
        t.append((f"{b}.ffn_gate.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_up.weight", proj(ff, d, "ffn_gate_up")))
        t.append((f"{b}.ffn_down.weight", proj(d, ff, "ffn_down")))
        if bias:
            t += [(f"{b}.ffn_gate.bias", bias(ff)), (f"{b}.ffn_up.bias", bias(ff)), (f"{b}.ffn_down.bias", bias(d))]
    return t


def write_f16(name: str, vocab, out: Path) -> tuple[Path, dict[str, np.ndarray]]:
    v = VARIANTS[name]
    path = out / f"{name}.f16.gguf"
    tensors = variant_tensors(v)
    w = gguf.GGUFWriter(path, v["arch"])
    for key, value, vtype, *sub in variant_metadata(name, v):
        w.add_key_value(key, value, vtype, sub[0] if sub else None)
    for key, value, vtype, sub in vocab:
        w.add_key_value(key, value, vtype, sub)
    for tname, arr in tensors:
        # uint8 arrays are MXFP4 blocks (gpt-oss's experts), written as they are
        w.add_tensor(tname, arr, raw_dtype=gguf.GGMLQuantizationType.MXFP4 if arr.dtype == np.uint8 else None)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return path, dict(tensors)


def write_models(out: Path, vocab_path: Path, names=None) -> dict[str, tuple[Path, dict]]:
    out.mkdir(parents=True, exist_ok=True)
    vocab = read_vocab(vocab_path)
    return {n: write_f16(n, vocab, out) for n in (names or VARIANTS)}


# --------------------------------------------------------------------------------------------
# Assembly of the quantized files
# --------------------------------------------------------------------------------------------

def fixture_path(name: str, typ: str) -> Path:
    return HERE / f"{name}.{typ}.json"


def restore(blob: bytes, f16_path: Path, tensors: dict[str, np.ndarray], ranges: list[dict]) -> bytes:
    data = bytearray(blob)
    with open(f16_path, "rb") as f16:
        for r in ranges:
            dst, n = r["dst"], r["bytes"]
            if r["kind"] == "copy":
                f16.seek(r["src"])
                chunk = f16.read(n)
            elif r["kind"] == "q8_0":
                chunk = gguf.quants.quantize(tensors[r["tensor"]].astype(np.float32),
                                             gguf.GGMLQuantizationType.Q8_0).tobytes()
            else:
                raise ValueError(f"unknown restore kind {r['kind']}")
            if len(chunk) != n:
                raise ValueError(f"restore {r}: got {len(chunk)} bytes")
            data[dst:dst + n] = chunk
    return bytes(data)


def assemble(out: Path, vocab_path: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    vocab = read_vocab(vocab_path)
    bad = []
    for name in VARIANTS:
        f16_path, tensors = write_f16(name, vocab, out)
        for typ in TYPES:
            fx_path = fixture_path(name, typ)
            if not fx_path.is_file():
                print(f"MISSING  {fx_path.name}", flush=True)
                bad.append(fx_path.name)
                continue
            fx = json.loads(fx_path.read_text())
            path = out / fx["model"]["file"]
            if typ != "f16":
                blob = lzma.decompress((HERE / fx["assembly"]["blob"]).read_bytes())
                path.write_bytes(restore(blob, f16_path, tensors, fx["assembly"]["restore"]))
                del blob
            digest = sha256_file(path)
            ok = digest == fx["model"]["sha256"] and path.stat().st_size == fx["model"]["bytes"]
            print(f"{'ok      ' if ok else 'MISMATCH'} {path.name} {path.stat().st_size} {digest}", flush=True)
            if not ok:
                bad.append(path.name)
        del tensors
    if bad:
        print(f"error: sha256 mismatch for {', '.join(bad)} (expected values in the fixture JSON files)",
              file=sys.stderr)
        return 1
    return 0


# --------------------------------------------------------------------------------------------
# Reference (llama.cpp)
# --------------------------------------------------------------------------------------------

def build_c_program(prefix: Path, out: Path) -> Path:
    exe = out / "arch_llama_logits"
    lib = prefix / "lib"
    libs = [f"-l{n}" for n in ("llama", "ggml", "ggml-cpu", "ggml-base") if (lib / f"lib{n}.a").exists()]
    cmd = ["cc", "-O2", "-std=c11", "-I", str(prefix / "include"), str(HERE / "arch_llama_logits.c"),
           "-o", str(exe), "-L", str(lib), *libs, "-lstdc++", "-lm", "-fopenmp", "-lpthread"]
    log("+", shlex.join(cmd))
    subprocess.run(cmd, check=True)
    return exe


def run_tokens(seed: int, n: int, repeat: bool) -> list[int]:
    rng = np.random.default_rng(seed)
    if repeat:                                  # a 10-token phrase, repeated
        phrase = rng.integers(0, N_ORDINARY, 10).tolist()
        return (phrase * (n // 10 + 1))[:n]
    return rng.integers(0, N_ORDINARY, n).tolist()


def probe_ids() -> list[int]:
    """64 fixed ids: both ends of the ordinary range, the specials, the padding rows, 56 random."""
    fixed = [0, 1, N_ORDINARY - 1, 151643, 151644, 151645, 151664, N_VOCAB - 1]
    rng = np.random.default_rng(64)
    rest = [i for i in rng.choice(N_ORDINARY, 80, replace=False).tolist() if i not in fixed]
    return sorted(fixed + rest[:N_PROBES - len(fixed)])


def jobs_for(name: str) -> tuple[list[dict], dict]:
    v = VARIANTS[name]
    runs = [dict(name=rn, n_ctx_requested=n_ctx, tokens=run_tokens(seed, n, rn.startswith("repeat")))
            for rn, n_ctx, n, seed in v["runs"]]
    g_ctx, g_n, g_seed = v["greedy"]
    greedy = dict(name="greedy", n_ctx_requested=g_ctx, prompt=run_tokens(g_seed, g_n, False))
    return runs, greedy


def llama_reference(exe: Path, model: Path, runs, greedy, probes, work: Path) -> tuple[list, dict]:
    jobs = work / "jobs.txt"
    lines = ["probes " + " ".join(map(str, probes))]
    lines += [f"run {r['name']} {r['n_ctx_requested']} " + " ".join(map(str, r["tokens"])) for r in runs]
    lines.append(f"greedy {greedy['name']} {greedy['n_ctx_requested']} {N_GREEDY} "
                 + " ".join(map(str, greedy["prompt"])))
    jobs.write_text("\n".join(lines) + "\n")
    proc = subprocess.run([str(exe), str(model), str(jobs), "2"], check=True, capture_output=True, text=True)
    if proc.stderr.strip():
        log(f"llama.cpp stderr for {model.name}:\n{proc.stderr}")
    results = [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
    by_run = {r["run"]: r for r in results if "run" in r}
    g = next(r for r in results if "greedy" in r)
    out_runs = [dict(name=r["name"], n_ctx_requested=r["n_ctx_requested"], n_ctx=by_run[r["name"]]["n_ctx"],
                     tokens=r["tokens"], positions=by_run[r["name"]]["positions"]) for r in runs]
    out_greedy = dict(n_ctx_requested=greedy["n_ctx_requested"], n_ctx=g["n_ctx"], prompt=greedy["prompt"],
                      tokens=g["tokens"], margins=g["margins"])
    return out_runs, out_greedy


def field_range(reader: gguf.GGUFReader, key: str) -> tuple[int, int]:
    f = reader.fields[key]
    return f.offset, sum(int(p.nbytes) for p in f.parts)


def make_blob(q_path: Path, f16_path: Path, tensors: dict[str, np.ndarray], blob_path: Path) -> tuple[list, dict]:
    """Zero the restorable ranges of a quantized file, xz it; returns (restore ranges, tensor types)."""
    rq, rf = gguf.GGUFReader(q_path), gguf.GGUFReader(f16_path)
    qbytes = bytearray(q_path.read_bytes())
    fbytes = f16_path.read_bytes()
    ranges = []
    for key in BIG_TOKENIZER_KEYS:
        (dst, n), (src, n2) = field_range(rq, key), field_range(rf, key)
        assert n == n2 and qbytes[dst:dst + n] == fbytes[src:src + n], key
        ranges.append(dict(kind="copy", what=f"metadata {key}", src=src, dst=dst, bytes=n))
    f16_tensors = {t.name: t for t in rf.tensors}
    types = {}
    for t in rq.tensors:
        types[t.name] = t.tensor_type.name
        dst, n = t.data_offset, int(t.n_bytes)
        if t.name in VOCAB_TENSORS:
            src = f16_tensors[t.name]
            assert t.tensor_type == gguf.GGMLQuantizationType.F16 and n == src.n_bytes
            assert qbytes[dst:dst + n] == fbytes[src.data_offset:src.data_offset + n], t.name
            ranges.append(dict(kind="copy", what=f"tensor {t.name}", src=src.data_offset, dst=dst, bytes=n))
        elif t.tensor_type == gguf.GGMLQuantizationType.MXFP4:
            # copied by llama-quantize from the F16 file (gpt-oss's experts)
            src = f16_tensors[t.name]
            assert src.tensor_type == t.tensor_type and n == src.n_bytes
            assert qbytes[dst:dst + n] == fbytes[src.data_offset:src.data_offset + n], t.name
            ranges.append(dict(kind="copy", what=f"tensor {t.name}", src=src.data_offset, dst=dst, bytes=n))
        elif t.tensor_type == gguf.GGMLQuantizationType.Q8_0:
            mine = gguf.quants.quantize(tensors[t.name].astype(np.float32), gguf.GGMLQuantizationType.Q8_0).tobytes()
            if mine == bytes(qbytes[dst:dst + n]):
                ranges.append(dict(kind="q8_0", what=f"tensor {t.name}", tensor=t.name, dst=dst, bytes=n))
            else:
                log(f"note: gguf-py's Q8_0 differs from llama-quantize's for {t.name}; kept in the blob")
    del rq, rf
    for r in ranges:
        qbytes[r["dst"]:r["dst"] + r["bytes"]] = bytes(r["bytes"])
    blob_path.write_bytes(lzma.compress(bytes(qbytes), format=lzma.FORMAT_XZ, preset=9))
    # the round trip must give back llama-quantize's file
    assert restore(lzma.decompress(blob_path.read_bytes()), f16_path, tensors, ranges) == q_path.read_bytes()
    return ranges, types


def hyperparameters(path: Path) -> dict:
    """Every metadata key of the file (llama-quantize adds general.quantization_version and
    changes general.file_type), the big tokenizer values summarized."""
    hp = {}
    for key, value, vtype, sub in read_kv(path, tokenizer=False) + read_kv(path):
        if vtype == gguf.GGUFValueType.ARRAY and not key.startswith("tokenizer."):
            hp[key] = value
        elif vtype == gguf.GGUFValueType.ARRAY:
            hp[key] = f"array of {len(value)} {sub.name} (copied from {VOCAB_GGUF_NAME})"
        elif key == "tokenizer.chat_template":
            hp[key] = f"string of {len(value)} bytes (copied from {VOCAB_GGUF_NAME})"
        else:
            hp[key] = value.decode() if isinstance(value, bytes) else value
    return hp


def reference(prefix: Path, out: Path, vocab_path: Path, only: list[str] | None = None) -> int:
    out.mkdir(parents=True, exist_ok=True)
    exe = build_c_program(prefix, out)
    vocab = read_vocab(vocab_path)
    assert read_tokenizer_kv_gguf_reader(vocab_path) == vocab, "the fast header parser disagrees with GGUFReader"
    probes = probe_ids()
    quantize = prefix / "bin" / "llama-quantize"
    for name in only or VARIANTS:
        v = VARIANTS[name]
        t0 = time.time()
        f16_path, tensors = write_f16(name, vocab, out)
        runs, greedy = jobs_for(name)
        for typ in TYPES:
            path = out / f"{name}.{typ}.gguf"
            llama_info = {"version": LLAMA_CPP_VERSION,
                          "model_params": "llama_model_default_params(), use_extra_bufts = false, CPU",
                          "context_params": "llama_context_default_params() (F16 K/V cache, flash attention "
                                            "auto: enabled on CPU), n_ctx as requested (llama.cpp pads it to a multiple of 256), "
                                            "n_batch = n_ubatch = prompt length, 2 threads"}
            assembly = None
            if typ != "f16":
                flags = QUANTIZE_FLAGS + EXTRA_QUANTIZE_FLAGS.get(name, [])
                cmd = [str(quantize), *flags, str(f16_path), str(path), QUANTIZE_TYPE[typ], "2"]
                log("+", shlex.join(cmd))
                subprocess.run(cmd, check=True, capture_output=True)
                blob = HERE / f"{name}.{typ}.gguf.xz"
                ranges, types = make_blob(path, f16_path, tensors, blob)
                llama_info["quantize_command"] = shlex.join(
                    ["llama-quantize", *flags, f16_path.name, path.name, QUANTIZE_TYPE[typ], "2"])
                assembly = {"blob": blob.name, "blob_bytes": blob.stat().st_size,
                            "base": f16_path.name, "restore": ranges}
            else:
                types = {t.name: t.tensor_type.name for t in gguf.GGUFReader(path).tensors}
            counts: dict[str, int] = {}
            for ty in types.values():
                counts[ty] = counts.get(ty, 0) + 1
            llama_info["tensor_type_counts"] = counts
            llama_info["tensor_types"] = types
            r_runs, r_greedy = llama_reference(exe, path, runs, greedy, probes, out)
            fx = {
                "variant": name, "type": typ, "architecture": v["arch"],
                "model": {"file": path.name, "sha256": sha256_file(path), "bytes": path.stat().st_size},
                "hyperparameters": hyperparameters(path),
                "weights": {"seed": v["seed"], "scales": SCALES,
                            "note": "random weights, see make_arch_fixtures.py (variant_tensors)"},
                "probe_ids": probes,
                "runs": r_runs,
                "greedy": r_greedy,
                "llama_cpp": llama_info,
            }
            if assembly:
                fx["assembly"] = assembly
            fixture_path(name, typ).write_text(dump_fixture(fx))
            m = r_greedy["margins"]
            log(f"{name}.{typ}: n_ctx {[r['n_ctx'] for r in r_runs]} greedy {r_greedy['n_ctx']}, "
                f"min margin {min(m):.4f}, {sum(x <= 0.1 for x in m)} margins <= 0.1, "
                f"{len(set(r_greedy['tokens']))} distinct greedy tokens; json "
                f"{fixture_path(name, typ).stat().st_size} B")
        log(f"{name}: {time.time() - t0:.0f} s")
    return 0


def dump_fixture(fx: dict) -> str:
    """JSON with one line per position / list, so diffs stay readable and the files small."""
    def compact(x):
        return json.dumps(x, separators=(", ", ": "))
    lines = ["{"]
    keys = list(fx)
    for i, k in enumerate(keys):
        end = "," if i + 1 < len(keys) else ""
        val = fx[k]
        if k == "runs":
            lines.append('  "runs": [')
            for j, r in enumerate(val):
                lines.append("    {" + ", ".join(f"{json.dumps(rk)}: {compact(rv)}" for rk, rv in r.items()
                                                 if rk != "positions") + ', "positions": [')
                for p, pos in enumerate(r["positions"]):
                    lines.append("      " + compact(pos) + ("," if p + 1 < len(r["positions"]) else ""))
                lines.append("    ]}" + ("," if j + 1 < len(val) else ""))
            lines.append("  ]" + end)
        elif isinstance(val, dict):
            lines.append(f"  {json.dumps(k)}: {{")
            sub = list(val.items())
            for j, (sk, sv) in enumerate(sub):
                lines.append(f"    {json.dumps(sk)}: {compact(sv)}" + ("," if j + 1 < len(sub) else ""))
            lines.append("  }" + end)
        else:
            lines.append(f"  {json.dumps(k)}: {compact(val)}{end}")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    json.loads(text)
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vocab-gguf", type=Path, default=None,
                    help=f"the Qwen2.5 GGUF whose vocabulary is copied (default $FM_MODELS_DIR or "
                         f"~/.cache/fm/models, /{VOCAB_GGUF_NAME})")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("models", help="write the F16 models DIR/<variant>.f16.gguf")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--only", nargs="+", choices=list(VARIANTS), help="write these variants only")
    p = sub.add_parser("assemble", help="write every model and check its sha256 against the fixture JSON")
    p.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("reference", help="regenerate the fixtures and blobs with llama.cpp")
    p.add_argument("--llama", type=Path, required=True, help="llama.cpp prefix (scripts/build_llama_cpp)")
    p.add_argument("--out", type=Path, required=True, help="work directory for the models")
    p.add_argument("--only", nargs="+", choices=list(VARIANTS), help="regenerate these variants only")
    args = ap.parse_args()
    vocab_path = args.vocab_gguf or default_vocab_gguf()
    if args.cmd == "models":
        for path, _ in write_models(args.out, vocab_path, args.only).values():
            print(path)
        return 0
    if args.cmd == "assemble":
        return assemble(args.out, vocab_path)
    return reference(args.llama, args.out, vocab_path, args.only)


if __name__ == "__main__":
    sys.exit(main())
