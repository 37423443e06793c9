#!/usr/bin/env python3
"""Independent numpy reference forward pass for GGUF models (qwen2, llama, gemma3).

This is the numerical reference the Swift engine (`LLMEngine`) is checked against. It shares no
code with the engine: weights are read with `gguf.GGUFReader` and dequantized with
`gguf.quants.dequantize` (llama.cpp's own Python package, PyPI `gguf==0.19.0`), and all math is
plain numpy in float32. It returns the logits of every position of a token sequence, with full
causal attention over the whole sequence (no KV cache).

Usage:
    python3 reference_forward.py MODEL.gguf --tokens 1,2,3 [--out file.json] [--top 20]
    python3 reference_forward.py MODEL.gguf --tokens 1,2,3 --out-bin all.f32   # every logit
    python3 reference_forward.py MODEL.gguf --tokens 1,2,3 --simulate-q8   # engine-like rounding
    python3 reference_forward.py MODEL.gguf --tokens 1,2,3 --generate 20   # greedy continuation

Conventions (see README.md beside this file for the evidence behind each):
  * Weights: a GGUF 2-D tensor with dims (ne0, ne1) = (n_in, n_out) dequantizes to a numpy array
    of shape [n_out, n_in]; a linear layer is y = x @ W.T (+ bias if the GGUF has one).
  * RMSNorm: y = x / sqrt(mean(x^2) + eps) * w, eps = `{arch}.attention.layer_norm_rms_epsilon`.
    The weight is used exactly as stored for every architecture. For gemma3, llama.cpp's converter
    already stored (1 + w_hf) in the GGUF, so adding 1 again would be wrong.
  * RoPE, per architecture (llama.cpp's `llama_model_rope_type`):
      - llama:         "normal" rotation of adjacent pairs (x[2i], x[2i+1]); the HF -> GGUF
                       converter permutes the rows of attn_q/attn_k so this is equivalent to HF's
                       rotate_half.
      - qwen2, gemma3: "NEOX" rotation of pairs (x[i], x[i + n_rot/2]).
    angle(pos, i) = pos * freq_scale * base^(-2i/n_rot) / freq_factor[i], for i < n_rot/2, computed
    in float64 and rounded to float32 for cos/sin. Dimensions past n_rot are not rotated.
  * Attention: softmax(q k^T * scale + mask) v per head, grouped-query (query head h reads KV
    head h // (n_head / n_head_kv)). The causal mask lets position i see j <= i. A sliding-window
    layer with window W additionally hides j with i - j >= W (so each query sees W keys, itself
    included).
  * gemma3: embeddings * sqrt(n_embd); QK-norm (RMSNorm over each head) before RoPE; pre- and
    post-norms around attention and FFN; FFN = down(gelu_tanh(gate(x)) * up(x)); layer il uses a
    sliding window iff il % 6 < 5 (layers 5, 11, 17, ... are global); RoPE base 10000 on sliding
    layers and `gemma3.rope.freq_base` (1e6) on global layers; scale = 1/sqrt(head_dim) (=
    1/sqrt(query_pre_attn_scalar)); final logit softcapping only if the metadata has
    `gemma3.final_logit_softcapping` (Gemma 3 files normally do not).
  * qwen2 / llama: pre-norm blocks, SwiGLU FFN = down(silu(gate(x)) * up(x)); qwen2 has q/k/v
    biases (any bias tensor present in the file is applied, for every architecture).
  * Output: output_norm, then output.weight, or token_embd.weight when output.weight is absent
    (tied embeddings).

`GGUFModel(path, dtype=np.float64)` runs the same math in float64 over the same dequantized weights
(cos/sin, constants and reductions included): the "exact" model `scripts/fidelity.py` measures
engines against. The fixtures use the float32 default.

`--simulate-q8` (class option `simulate_q8=True`) imitates what a llama.cpp-style CPU engine does
to the numbers, to size test tolerances: the activation input of each weight matmul is rounded
through 8-bit blocks (Q8_0 blocks of 32 with an f16 scale for Q4_0/Q4_1/Q5_0/Q5_1/Q8_0 weights,
Q8_K blocks of 256 with an f32 scale for K-quant weights), and K and V are rounded to float16 as
in an F16 KV cache. It is not used for the committed fixtures.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import gguf
from gguf import GGMLQuantizationType as QT
from gguf.quants import dequantize

SUPPORTED_ARCHS = ("llama", "qwen2", "gemma3")

# llama.cpp `llama_model_rope_type`: LLAMA -> LLAMA_ROPE_TYPE_NORM; QWEN2, GEMMA3 -> NEOX.
ROPE_STYLE = {"llama": "norm", "qwen2": "neox", "gemma3": "neox"}

# --simulate-q8: weight types whose dot products take Q8_0 (32-wide) or Q8_K (256-wide) activations,
# as in ggml's CPU backend (Q4_1/Q5_1 really pair with Q8_1, which rounds the values the same way).
_Q8_0_WEIGHTS = {QT.Q4_0, QT.Q4_1, QT.Q5_0, QT.Q5_1, QT.Q8_0}
_Q8_K_WEIGHTS = {QT.Q2_K, QT.Q3_K, QT.Q4_K, QT.Q5_K, QT.Q6_K}


# ----------------------------------------------------------------------------------------------
# Hyperparameters
# ----------------------------------------------------------------------------------------------

@dataclass
class Config:
    arch: str
    n_layer: int
    n_embd: int
    n_ff: int
    n_head: int
    n_head_kv: int
    head_dim: int             # key/query head size
    head_dim_v: int           # value head size
    n_vocab: int
    rms_eps: float
    rope_style: str           # "norm" (adjacent pairs) or "neox" (pairs i, i + n_rot/2)
    n_rot: int
    rope_base: float          # global (non-sliding) layers
    rope_base_swa: float      # sliding-window layers
    rope_freq_scale: float    # 1 / linear scaling factor (global layers)
    attn_scale: float
    sliding_window: int | None
    swa_layers: list = field(default_factory=list)   # per layer: True if sliding window
    embd_scale: float | None = None
    attn_softcap: float | None = None
    final_softcap: float | None = None

    def describe(self) -> dict:
        d = dict(self.__dict__)
        d["swa_layers"] = [i for i, s in enumerate(self.swa_layers) if s]
        return d


class GGUFModel:
    """A GGUF file: metadata, hyperparameters and lazily dequantized float32 weights."""

    def __init__(self, path: str, simulate_q8: bool = False, dtype=np.float32):
        self.path = path
        self.dtype = np.dtype(dtype)     # float32 (the fixtures) or float64 (scripts/fidelity.py)
        self.reader = gguf.GGUFReader(path)
        self.tensors = {t.name: t for t in self.reader.tensors}
        self.simulate_q8 = simulate_q8
        self._cache: dict[str, np.ndarray] = {}
        self.arch = self.meta("general.architecture")
        if self.arch not in SUPPORTED_ARCHS:
            raise SystemExit(f"{path}: unsupported architecture {self.arch!r}; "
                             f"supported: {', '.join(SUPPORTED_ARCHS)}")
        if any(".ffn_gate_inp." in n for n in self.tensors):
            raise SystemExit(f"{path}: mixture-of-experts models are not supported")
        self.cfg = self._read_config()

    # -- metadata ------------------------------------------------------------------------------

    def meta(self, key: str, default=None):
        f = self.reader.fields.get(key)
        if f is None:
            return default
        return f.contents()

    def _read_config(self) -> Config:
        a = self.arch
        m = lambda k, d=None: self.meta(f"{a}.{k}", d)  # noqa: E731
        n_embd = int(m("embedding_length"))
        n_head = int(m("attention.head_count"))
        n_head_kv = int(m("attention.head_count_kv", n_head))
        head_dim = int(m("attention.key_length", n_embd // n_head))
        head_dim_v = int(m("attention.value_length", head_dim))
        n_layer = int(m("block_count"))
        emb = self.tensors["token_embd.weight"]
        n_vocab = int(emb.shape[1])
        rope_base = float(m("rope.freq_base", 10000.0))

        # RoPE scaling: only "linear" (positions * 1/factor) is implemented; YaRN etc. refuse.
        scaling = m("rope.scaling.type")
        factor = float(m("rope.scaling.factor", 0.0) or 0.0)
        if scaling is None and m("rope.scale_linear") is not None:   # older key
            scaling, factor = "linear", float(m("rope.scale_linear"))
        if scaling not in (None, "none", "linear"):
            raise SystemExit(f"{self.path}: rope scaling {scaling!r} is not implemented")
        freq_scale = 1.0 / factor if scaling == "linear" and factor > 0.0 else 1.0

        cfg = Config(
            arch=a, n_layer=n_layer, n_embd=n_embd, n_ff=int(m("feed_forward_length")),
            n_head=n_head, n_head_kv=n_head_kv, head_dim=head_dim, head_dim_v=head_dim_v,
            n_vocab=n_vocab, rms_eps=float(m("attention.layer_norm_rms_epsilon", 1e-5)),
            rope_style=ROPE_STYLE[a], n_rot=int(m("rope.dimension_count", head_dim)),
            rope_base=rope_base, rope_base_swa=rope_base, rope_freq_scale=freq_scale,
            attn_scale=float(m("attention.scale", 0.0)) or 1.0 / math.sqrt(head_dim),
            sliding_window=None, swa_layers=[False] * n_layer,
            attn_softcap=m("attn_logit_softcapping"), final_softcap=m("final_logit_softcapping"),
        )
        if a == "gemma3":
            cfg.embd_scale = math.sqrt(n_embd)
            cfg.sliding_window = int(m("attention.sliding_window"))
            pattern = m("attention.sliding_window_pattern", 6)
            if isinstance(pattern, list):           # newer files: one bool per layer
                cfg.swa_layers = [bool(p) for p in pattern]
            else:                                   # llama.cpp set_swa_pattern(6): il % 6 < 5
                cfg.swa_layers = [(il % int(pattern)) < int(pattern) - 1 for il in range(n_layer)]
            cfg.rope_base_swa = float(m("rope.freq_base_swa", 10000.0))
            # llama.cpp: 1/sqrt(head_dim), except Gemma 3 27B (62 layers): 1/sqrt(n_embd/n_head).
            if m("attention.scale") is None:
                qpas = (n_embd // n_head) if n_layer == 62 else head_dim
                cfg.attn_scale = 1.0 / math.sqrt(qpas)
        return cfg

    # -- weights -------------------------------------------------------------------------------

    def has(self, name: str) -> bool:
        return name in self.tensors

    def weight(self, name: str) -> np.ndarray:
        """Dequantized float32 weight, [n_out, n_in] for matrices. Each tensor is dequantized once."""
        w = self._cache.get(name)
        if w is None:
            t = self.tensors[name]
            w = np.ascontiguousarray(dequantize(t.data, t.tensor_type), dtype=self.dtype)
            self._cache[name] = w
        return w

    def output_name(self) -> str:
        return "output.weight" if self.has("output.weight") else "token_embd.weight"

    # -- building blocks -----------------------------------------------------------------------

    def linear(self, x: np.ndarray, prefix: str) -> np.ndarray:
        """x [T, n_in] -> [T, n_out] with `prefix.weight` (and `prefix.bias` if present)."""
        wname = prefix + ".weight"
        if self.simulate_q8:
            x = quantize_activations(x, self.tensors[wname].tensor_type)
        y = x @ self.weight(wname).T
        if self.has(prefix + ".bias"):
            y += self.weight(prefix + ".bias")
        return y

    def rms_norm(self, x: np.ndarray, name: str) -> np.ndarray:
        return rms_norm(x, self.weight(name), self.cfg.rms_eps)

    # -- forward -------------------------------------------------------------------------------

    def forward(self, tokens, simulate_q8: bool | None = None) -> np.ndarray:
        """Logits [T, n_vocab] (float32) for every position of `tokens`.

        `simulate_q8` overrides the constructor's setting for this call (weights are shared)."""
        if simulate_q8 is not None:
            saved, self.simulate_q8 = self.simulate_q8, simulate_q8
            try:
                return self.forward(tokens)
            finally:
                self.simulate_q8 = saved
        cfg = self.cfg
        tokens = np.asarray(tokens, dtype=np.int64)
        if tokens.ndim != 1 or len(tokens) == 0:
            raise ValueError("tokens must be a non-empty 1-D sequence")
        if tokens.min() < 0 or tokens.max() >= cfg.n_vocab:
            raise ValueError(f"token id out of range [0, {cfg.n_vocab})")
        positions = np.arange(len(tokens))

        x = self.weight("token_embd.weight")[tokens].copy()          # [T, n_embd]
        if cfg.embd_scale is not None:
            x *= self.dtype.type(cfg.embd_scale)

        for il in range(cfg.n_layer):
            x = self.block(il, x, positions)

        x = self.rms_norm(x, "output_norm.weight")
        logits = self.linear(x, self.output_name().removesuffix(".weight"))  # [T, n_vocab]
        if cfg.final_softcap:
            c = np.float32(cfg.final_softcap)
            logits = np.tanh(logits / c) * c
        return logits

    def block(self, il: int, x: np.ndarray, positions: np.ndarray) -> np.ndarray:
        p = f"blk.{il}"
        if self.arch == "gemma3":
            h = self.rms_norm(x, f"{p}.attn_norm.weight")
            h = self.attention(il, h, positions)
            h = self.rms_norm(h, f"{p}.post_attention_norm.weight")
            x = x + h
            h = self.rms_norm(x, f"{p}.ffn_norm.weight")
            h = self.linear(gelu_tanh(self.linear(h, f"{p}.ffn_gate")) * self.linear(h, f"{p}.ffn_up"),
                            f"{p}.ffn_down")
            h = self.rms_norm(h, f"{p}.post_ffw_norm.weight")
            return x + h
        # llama, qwen2
        h = self.rms_norm(x, f"{p}.attn_norm.weight")
        x = x + self.attention(il, h, positions)
        h = self.rms_norm(x, f"{p}.ffn_norm.weight")
        h = self.linear(silu(self.linear(h, f"{p}.ffn_gate")) * self.linear(h, f"{p}.ffn_up"),
                        f"{p}.ffn_down")
        return x + h

    def attention(self, il: int, h: np.ndarray, positions: np.ndarray) -> np.ndarray:
        cfg, p = self.cfg, f"blk.{il}"
        T = h.shape[0]
        H, Hkv, D, Dv = cfg.n_head, cfg.n_head_kv, cfg.head_dim, cfg.head_dim_v
        q = self.linear(h, f"{p}.attn_q").reshape(T, H, D)
        k = self.linear(h, f"{p}.attn_k").reshape(T, Hkv, D)
        v = self.linear(h, f"{p}.attn_v").reshape(T, Hkv, Dv)
        if self.has(f"{p}.attn_q_norm.weight"):              # QK-norm (gemma3): per head
            q = self.rms_norm(q, f"{p}.attn_q_norm.weight")
            k = self.rms_norm(k, f"{p}.attn_k_norm.weight")

        swa = cfg.swa_layers[il]
        base = cfg.rope_base_swa if swa else cfg.rope_base
        scale = 1.0 if swa else cfg.rope_freq_scale
        factors = self.weight("rope_freqs.weight") if self.has("rope_freqs.weight") else None
        cos, sin = rope_cos_sin(positions, cfg.n_rot, base, scale, factors, self.dtype)
        q = apply_rope(q, cos, sin, cfg.n_rot, cfg.rope_style)
        k = apply_rope(k, cos, sin, cfg.n_rot, cfg.rope_style)
        if self.simulate_q8:                                  # F16 KV cache
            k = k.astype(np.float16).astype(np.float32)
            v = v.astype(np.float16).astype(np.float32)

        # [Hkv, G*T, D] x [Hkv, D, T] -> [Hkv, G*T, T]
        G = H // Hkv
        qg = q.transpose(1, 0, 2).reshape(Hkv, G * T, D)
        kg = k.transpose(1, 2, 0)                             # [Hkv, D, T]
        scores = (qg @ kg) * np.float32(cfg.attn_scale)
        if cfg.attn_softcap:
            c = np.float32(cfg.attn_softcap)
            scores = np.tanh(scores / c) * c
        scores = scores.reshape(Hkv, G, T, T)
        scores += attention_mask(T, cfg.sliding_window if swa else None)
        probs = softmax(scores)                               # [Hkv, G, T, T]
        out = probs.reshape(Hkv, G * T, T) @ v.transpose(1, 0, 2)   # [Hkv, G*T, Dv]
        out = out.reshape(H, T, Dv).transpose(1, 0, 2).reshape(T, H * Dv)
        return self.linear(out, f"{p}.attn_output")


# ----------------------------------------------------------------------------------------------
# Math
# ----------------------------------------------------------------------------------------------

def rms_norm(x: np.ndarray, w: np.ndarray, eps: float) -> np.ndarray:
    """Over the last axis: x / sqrt(mean(x^2) + eps) * w, in x's precision."""
    ms = np.mean(np.square(x, dtype=x.dtype), axis=-1, keepdims=True, dtype=x.dtype)
    return (x / np.sqrt(ms + x.dtype.type(eps))) * w


def silu(x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return x / (np.float32(1) + np.exp(-x))


def gelu_tanh(x: np.ndarray) -> np.ndarray:
    """GELU, tanh approximation (HF `gelu_pytorch_tanh`, ggml `ggml_gelu`)."""
    c, k = x.dtype.type(math.sqrt(2.0 / math.pi)), x.dtype.type(0.044715)
    return np.float32(0.5) * x * (np.float32(1) + np.tanh(c * (x + k * x * x * x)))


def softmax(x: np.ndarray) -> np.ndarray:
    m = np.max(x, axis=-1, keepdims=True)
    e = np.exp(x - m)
    return e / np.sum(e, axis=-1, keepdims=True)


def attention_mask(T: int, window: int | None) -> np.ndarray:
    """[T, T] additive mask: 0 where query i may read key j, -inf elsewhere."""
    i = np.arange(T)[:, None]
    j = np.arange(T)[None, :]
    allowed = j <= i
    if window is not None:
        allowed &= (i - j) < window
    return np.where(allowed, np.float32(0), np.float32(-np.inf)).astype(np.float32)


def rope_cos_sin(positions, n_rot, base, freq_scale=1.0, freq_factors=None, dtype=np.float32):
    """cos, sin of shape [T, n_rot/2] (`dtype`), angles computed in float64."""
    i = np.arange(n_rot // 2, dtype=np.float64)
    inv_freq = base ** (-2.0 * i / n_rot)
    if freq_factors is not None:
        inv_freq = inv_freq / np.asarray(freq_factors, dtype=np.float64)
    ang = np.asarray(positions, dtype=np.float64)[:, None] * freq_scale * inv_freq[None, :]
    return np.cos(ang).astype(dtype), np.sin(ang).astype(dtype)


def apply_rope(x: np.ndarray, cos: np.ndarray, sin: np.ndarray, n_rot: int, style: str) -> np.ndarray:
    """Rotate x [T, heads, head_dim]; pairs are (2i, 2i+1) for "norm", (i, i+n_rot/2) for "neox"."""
    half = n_rot // 2
    c, s = cos[:, None, :], sin[:, None, :]                   # broadcast over heads
    out = x.copy()
    if style == "norm":
        x0, x1 = x[..., 0:n_rot:2], x[..., 1:n_rot:2]
        out[..., 0:n_rot:2] = x0 * c - x1 * s
        out[..., 1:n_rot:2] = x0 * s + x1 * c
    elif style == "neox":
        x0, x1 = x[..., :half], x[..., half:n_rot]
        out[..., :half] = x0 * c - x1 * s
        out[..., half:n_rot] = x0 * s + x1 * c
    else:
        raise ValueError(style)
    return out


def quantize_activations(x: np.ndarray, weight_type) -> np.ndarray:
    """Round x [T, n] the way a q8 dot-product kernel sees it (see module docstring)."""
    if weight_type in _Q8_0_WEIGHTS:
        # block_q8_0: d = amax/127 stored as f16; q = round(x / d) (ggml: roundf(x * (1/d)))
        T, n = x.shape
        b = x.reshape(T, n // 32, 32)
        amax = np.max(np.abs(b), axis=-1, keepdims=True)
        d = amax / np.float32(127)
        inv = np.divide(np.float32(1), d, out=np.zeros_like(d), where=d > 0)
        q = np.clip(np.rint(b * inv), -127, 127)
        return (q * d.astype(np.float16).astype(np.float32)).reshape(T, n)
    if weight_type in _Q8_K_WEIGHTS:
        # block_q8_K: max = value of largest |x|; iscale = -127/max; q = min(127, round(iscale*x));
        # d = 1/iscale (f32)
        T, n = x.shape
        b = x.reshape(T, n // 256, 256)
        idx = np.argmax(np.abs(b), axis=-1)[..., None]
        mx = np.take_along_axis(b, idx, axis=-1)
        iscale = np.divide(np.float32(-127), mx, out=np.zeros_like(mx), where=mx != 0)
        q = np.minimum(np.rint(b * iscale), 127)
        d = np.divide(np.float32(1), iscale, out=np.zeros_like(iscale), where=iscale != 0)
        return (q * d).reshape(T, n)
    if weight_type == QT.F16:
        return x.astype(np.float16).astype(np.float32)
    return x


# ----------------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------------

def top_k(row: np.ndarray, k: int):
    """[(id, logit)] of the k largest logits, highest first; ties broken by the lower id."""
    k = min(k, row.shape[0])
    idx = np.argpartition(-row, k - 1)[:k]
    idx = idx[np.lexsort((idx, -row[idx]))]
    return [(int(i), float(row[i])) for i in idx]


def summarize(logits: np.ndarray, k: int) -> list:
    """Per position: argmax, top-k (id, logit) and the top1 - top2 margin."""
    out = []
    for row in logits:
        top = top_k(row, max(k, 2))
        out.append({"argmax": top[0][0], "margin": top[0][1] - top[1][1],
                    "top": [[i, v] for i, v in top[:k]]})
    return out


def greedy_generate(model: GGUFModel, tokens, n: int, stop=()) -> list:
    """Greedy continuation (full recompute per step: slow but simple). Returns the new ids."""
    seq, new = list(tokens), []
    for _ in range(n):
        nxt = int(np.argmax(model.forward(seq)[-1]))
        new.append(nxt)
        seq.append(nxt)
        if nxt in stop:
            break
    return new


def _byte_decoder() -> dict:
    """GPT-2 byte-level alphabet: printable stand-in character -> byte."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAC + 1)) + list(range(0xAE, 0xFF + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


def detokenize(model: GGUFModel, ids) -> str:
    """Best-effort text for display, from the GGUF vocabulary (not a tested tokenizer)."""
    f = model.reader.fields["tokenizer.ggml.tokens"]
    pieces = [bytes(f.parts[f.data[i]]).decode("utf-8") for i in ids]
    if model.meta("tokenizer.ggml.model") == "gpt2":
        dec = _byte_decoder()
        data = b"".join(bytes(dec.get(ch, 0x3F) for ch in p) if not p.startswith("<|") else p.encode()
                        for p in pieces)
    else:  # SentencePiece: U+2581 is a space, <0xNN> is a raw byte
        data = b"".join(bytes([int(p[3:5], 16)]) if len(p) == 6 and p.startswith("<0x") and p.endswith(">")
                        else p.replace("\u2581", " ").encode() for p in pieces)
    return data.decode("utf-8", errors="replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("model", help="path to a .gguf file (arch qwen2, llama or gemma3)")
    ap.add_argument("--tokens", required=True, help="comma-separated token ids")
    ap.add_argument("--out", help="write a JSON summary (per-position argmax/top-k, config) here")
    ap.add_argument("--top", type=int, default=20, help="top-k logits per position (default 20)")
    ap.add_argument("--simulate-q8", action="store_true",
                    help="round matmul activations through Q8_0/Q8_K blocks and K/V through f16")
    ap.add_argument("--out-bin", metavar="FILE",
                    help="write all logits [n_tokens, n_vocab] as little-endian float32 (row-major)")
    ap.add_argument("--generate", type=int, default=0, metavar="N",
                    help="also print a greedy continuation of N tokens (decoded from the GGUF vocab)")
    args = ap.parse_args(argv)

    tokens = [int(t) for t in args.tokens.replace(" ", "").split(",") if t]
    t0 = time.time()
    model = GGUFModel(args.model, simulate_q8=args.simulate_q8)
    logits = model.forward(tokens)
    elapsed = time.time() - t0
    positions = summarize(logits, args.top)
    for pos, s in enumerate(positions):
        top3 = ", ".join(f"{i}:{v:.3f}" for i, v in s["top"][:3])
        print(f"pos {pos:4d} token {tokens[pos]:7d} -> argmax {s['argmax']:7d}  [{top3}]")
    print(f"{model.arch}: {len(tokens)} tokens in {elapsed:.1f}s", file=sys.stderr)
    if args.out_bin:
        with open(args.out_bin, "wb") as f:
            f.write(np.ascontiguousarray(logits, dtype="<f4").tobytes())
    if args.generate:
        eos = model.meta("tokenizer.ggml.eos_token_id")
        new = greedy_generate(model, tokens, args.generate, stop=() if eos is None else (int(eos),))
        print("greedy ids:", ",".join(map(str, new)))
        print("greedy text:", repr(detokenize(model, new)))
    if args.out:
        doc = {"model": args.model, "arch": model.arch, "config": model.cfg.describe(),
               "simulate_q8": args.simulate_q8, "tokens": tokens, "positions": positions}
        with open(args.out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
