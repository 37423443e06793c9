#!/usr/bin/env python3
"""An exact float pass of the `qwen35` fixture models, written into their fixture JSON (`exact`).

Two engines that round a Qwen3.5 model's activations differently part by up to ~0.56 sigma on the
Q4_K_M fixture (README.md, "Near-zero DeltaNet heads"), so comparing them with each other needs
a third point: this pass, which rounds nothing. It runs the qwen35 graph (llama.cpp's
src/models/qwen35.cpp and delta-net-base.cpp, the ggml ops' definitions) in numpy float64 over
the weights as the file stores them, dequantized by gguf-py (`gguf.quants.dequantize`): no
activation is rounded to F16 or to 8-bit blocks, no K/V cache is F16. Its logits are the ones
the model's weights define; each engine's distance from them is its own rounding noise.

For every position of every run of the fixture it records, under `exact.runs[i].positions[p]`:
  - `top`: its own 5 best `[id, logit]`, best first (its top-1 and top-2 margin);
  - `at_top`: its logits at the ids of llama.cpp's `top` of that position, in that order;
  - `probes`: its logits at the fixture's `probe_ids`;
  - `max`, `min`: its row's maximum and minimum.
Logits are rounded to 4 decimals, as the fixture's.

Before writing anything it checks itself against llama.cpp's F16 fixture (which rounds little:
F16 activations and K/V): every logit the F16 fixture holds must be within 0.02 sigma (the F16
bound is 0.015 sigma of two engines' rounding; one rounding engine against an exact pass is
about half of that). It prints, per fixture and run, the largest |exact - llama.cpp| over the
logits the fixture holds, in logits and in sigma (the probe logits' standard deviation).

Needs numpy and gguf (as make_arch_fixtures.py) and the assembled models:

  python3 make_arch_fixtures.py assemble --out DIR
  python3 qwen35_exact.py --models DIR                      # writes `exact` into qwen35.*.json
  python3 qwen35_exact.py --models DIR --check              # compares only, writes nothing

About 1 minute and 1 GB of RAM per fixture.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np
import gguf

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_arch_fixtures as maf  # noqa: E402  (paths, fixture layout, the writer)

VARIANT = "qwen35"
F16_SELF_CHECK = 0.02      # the exact pass against llama.cpp's F16 logits, in sigma
N_TOP = 5           # the exact pass's own best ids recorded per position (its top-1, top-2 margin, near ties)


class Qwen35:
    """The qwen35 forward pass in float64 over a GGUF's dequantized weights."""

    def __init__(self, path: Path, simulate: str | None = None):
        reader = gguf.GGUFReader(path)
        self.simulate = simulate
        kv = {}
        for key, field in reader.fields.items():
            if key.startswith("tokenizer.") or not field.types:
                continue
            main = gguf.GGUFValueType(field.types[0])
            if main == gguf.GGUFValueType.ARRAY:
                kv[key] = [field.parts[i][0].item() for i in field.data]
            elif main == gguf.GGUFValueType.STRING:
                kv[key] = bytes(field.parts[field.data[0]]).decode()
            else:
                kv[key] = field.parts[field.data[0]][0].item()
        a = "qwen35"
        assert kv["general.architecture"] == a
        self.n_layer = kv[f"{a}.block_count"]
        self.d = kv[f"{a}.embedding_length"]
        self.n_head = kv[f"{a}.attention.head_count"]
        self.n_head_kv = kv[f"{a}.attention.head_count_kv"]
        self.hd = kv[f"{a}.attention.key_length"]
        self.eps = kv[f"{a}.attention.layer_norm_rms_epsilon"]
        self.rope_base = kv[f"{a}.rope.freq_base"]
        self.n_rot = kv[f"{a}.rope.dimension_count"]
        self.sections = kv[f"{a}.rope.dimension_sections"]
        self.K = kv[f"{a}.ssm.conv_kernel"]
        self.S = kv[f"{a}.ssm.state_size"]
        self.hk = kv[f"{a}.ssm.group_count"]
        self.hv = kv[f"{a}.ssm.time_step_rank"]
        assert kv[f"{a}.ssm.inner_size"] == self.S * self.hv
        self.recurrent = [bool(x) for x in kv[f"{a}.attention.recurrent_layers"]]
        self.w: dict[str, np.ndarray] = {}
        self.types: dict[str, gguf.GGMLQuantizationType] = {}
        for t in reader.tensors:
            self.types[t.name] = t.tensor_type
            shape = tuple(int(x) for x in reversed(t.shape.tolist()))    # numpy order (ne1, ne0)
            x = gguf.quants.dequantize(t.data, t.tensor_type).astype(np.float64)
            self.w[t.name] = x.reshape(shape) if len(shape) > 1 else x.reshape(-1)
        self.out_name = "output.weight" if "output.weight" in self.w else "token_embd.weight"
        # IMRoPE: every text position's t, h and w components are the position itself (llama.cpp
        # sets the fourth, e, to 0); with sections [3, 3, 2, 0] over n_rot / 2 = 8 pairs every pair
        # reads t, h or w (ggml_mrope_cache_init's interleaving: sector % 3 with sector < 3 *
        # section), so the rotation is NEOX's over the first n_rot dimensions.
        sect = self.sections
        for s in range(self.n_rot // 2):
            sector = s % sum(sect)
            reads_pos = ((sector % 3 == 1 and sector < 3 * sect[1]) or (sector % 3 == 2 and sector < 3 * sect[2])
                         or (sector % 3 == 0 and sector < 3 * sect[0]))
            assert reads_pos, f"rope pair {s} reads the e component (0 for text), not modelled"
        self.inv_freq = self.rope_base ** (-2.0 * np.arange(self.n_rot // 2, dtype=np.float64) / self.n_rot)

    def mm(self, x: np.ndarray, il: int | None, name: str) -> np.ndarray:
        """x @ W.T for the weight `name` (of block `il`), its input rounded as `simulate` says."""
        name = name if il is None else f"blk.{il}.{name}"
        if self.simulate:
            x = simulated_input(x, self.types[name], self.simulate)
        return x @ self.w[name].T

    def rms(self, x: np.ndarray, w: np.ndarray) -> np.ndarray:
        return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + self.eps) * w

    @staticmethod
    def silu(x: np.ndarray) -> np.ndarray:
        return x / (1.0 + np.exp(-x))

    @staticmethod
    def sigmoid(x: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-x))

    def l2(self, x: np.ndarray) -> np.ndarray:
        # build_gdn_l2_norm: rms_norm(x, eps / n) / sqrt(n) = x / sqrt(sum(x^2) + eps)
        return x / np.sqrt(np.sum(x * x, axis=-1, keepdims=True) + self.eps)

    def rope(self, x: np.ndarray, pos: np.ndarray) -> np.ndarray:
        """x [T, heads, hd]: NEOX pairs (i, i + n_rot / 2) for i < n_rot / 2, the rest as it is."""
        half = self.n_rot // 2
        ang = pos[:, None].astype(np.float64) * self.inv_freq[None, :]            # [T, half]
        c, s = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
        out = x.copy()
        x0, x1 = x[..., :half], x[..., half:self.n_rot]
        out[..., :half] = x0 * c - x1 * s
        out[..., half:self.n_rot] = x0 * s + x1 * c
        return out

    def deltanet(self, x: np.ndarray, il: int) -> np.ndarray:
        """A Gated DeltaNet layer over the T rows x [T, d], from zero conv and recurrent states."""
        w = lambda n: self.w[f"blk.{il}.{n}"]
        T, S, hk, hv, K = x.shape[0], self.S, self.hk, self.hv, self.K
        qkv = self.mm(x, il, "attn_qkv.weight")                                            # [T, 2 S hk + S hv]
        z = (self.mm(x, il, "attn_gate.weight")).reshape(T, hv, S)
        beta = self.sigmoid(self.mm(x, il, "ssm_beta.weight"))                             # [T, hv]
        a = self.mm(x, il, "ssm_alpha.weight") + w("ssm_dt.bias")
        g = np.logaddexp(0.0, a) * w("ssm_a")                                       # softplus * -exp(A_log)
        # causal depthwise convolution over K taps (ggml_ssm_conv: tap k reads row t - (K - 1) + k)
        kernel = w("ssm_conv1d.weight")                                             # [channels, K]
        padded = np.concatenate([np.zeros((K - 1, qkv.shape[1])), qkv], axis=0)
        conv = sum(padded[k:k + T] * kernel[:, k] for k in range(K))
        conv = self.silu(conv)
        q = self.l2(conv[:, :S * hk].reshape(T, hk, S))
        k = self.l2(conv[:, S * hk:2 * S * hk].reshape(T, hk, S))
        v = conv[:, 2 * S * hk:].reshape(T, hv, S)
        q = q / math.sqrt(S)
        # value head h reads key head h % hk (ggml_repeat_4d tiles the key heads)
        kh = [h % hk for h in range(hv)]
        state = np.zeros((hv, S, S))                                                # [head, key, value]
        o = np.empty((T, hv, S))
        for t in range(T):
            for h in range(hv):
                st = state[h] * math.exp(g[t, h])
                kt, qt = k[t, kh[h]], q[t, kh[h]]
                delta = (v[t, h] - kt @ st) * beta[t, h]
                st = st + np.outer(kt, delta)
                state[h] = st
                o[t, h] = qt @ st
        # gated RMSNorm per value head, then the output projection
        normed = self.rms(o, w("ssm_norm.weight")) * self.silu(z)
        return self.mm(normed.reshape(T, hv * S), il, "ssm_out.weight")

    def attention(self, x: np.ndarray, il: int) -> np.ndarray:
        """Gated attention (causal, from an empty cache) over x [T, d]."""
        w = lambda n: self.w[f"blk.{il}.{n}"]
        T, hd, nh, nkv = x.shape[0], self.hd, self.n_head, self.n_head_kv
        qg = (self.mm(x, il, "attn_q.weight")).reshape(T, nh, 2 * hd)                      # per head: query, gate
        q, gate = qg[..., :hd], qg[..., hd:].reshape(T, nh * hd)
        k = (self.mm(x, il, "attn_k.weight")).reshape(T, nkv, hd)
        v = (self.mm(x, il, "attn_v.weight")).reshape(T, nkv, hd)
        q = self.rms(q, w("attn_q_norm.weight"))
        k = self.rms(k, w("attn_k_norm.weight"))
        pos = np.arange(T)
        q, k = self.rope(q, pos), self.rope(k, pos)
        if self.simulate:          # llama.cpp's F16 K/V cache, and its flash attention's F16 queries
            q, k, v = (y.astype(np.float16).astype(np.float64) for y in (q, k, v))
        out = np.empty((T, nh, hd))
        mask = np.triu(np.full((T, T), -np.inf), 1)
        for h in range(nh):
            kv = h // (nh // nkv)
            scores = q[:, h] @ k[:, kv].T / math.sqrt(hd) + mask
            p = np.exp(scores - scores.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            out[:, h] = p @ v[:, kv]
        out = out.reshape(T, nh * hd) * self.sigmoid(gate)
        return self.mm(out, il, "attn_output.weight")

    def forward(self, tokens: list[int]) -> np.ndarray:
        """The logits [T, vocab] of every position."""
        x = self.w["token_embd.weight"][tokens]
        for il in range(self.n_layer):
            w = lambda n: self.w[f"blk.{il}.{n}"]
            h = self.rms(x, w("attn_norm.weight"))
            h = self.deltanet(h, il) if self.recurrent[il] else self.attention(h, il)
            x = x + h
            h = self.rms(x, w("post_attention_norm.weight"))
            h = self.mm(self.silu(self.mm(h, il, "ffn_gate.weight")) * self.mm(h, il, "ffn_up.weight"), il, "ffn_down.weight")
            x = x + h
        return self.mm(self.rms(x, self.w["output_norm.weight"]), None, self.out_name)


def simulated_input(x: np.ndarray, wtype: gguf.GGMLQuantizationType, scheme: str) -> np.ndarray:
    """A matrix product's input [rows, n] rounded as an engine rounds it for weights of `wtype`.

    `llama`: as ggml's CPU backend: F16 for F16 weights, block_q8_0 (32 values, an f16 scale
    amax / 127) for Q8_0 ones, block_q8_K (256 values, an f32 scale max / -127 of the value of
    largest magnitude) for K-quants; F32 weights take the input as it is. `k32`: block_q8_K
    with a scale per 32 values instead (the engine's block_q8_K32 for Q4_K/Q6_K), the rest as
    `llama`; `k256b`: block_q8_K with the scale max / -128 (another grid as coarse as llama.cpp's,
    so rounding as coarsely but independently of it). Only to size the rounding noise of the engines (--simulate); the recorded pass
    rounds nothing."""
    T = gguf.GGMLQuantizationType
    if wtype == T.F32:
        return x
    if wtype in (T.F16, T.BF16):
        return x.astype(np.float16).astype(np.float64)
    n = x.shape[-1]
    if wtype == T.Q8_0 or (scheme == "k32" and wtype in (T.Q4_K, T.Q6_K)):
        block = 32
    else:
        block = 256
    b = x.astype(np.float32).reshape(-1, n // block, block)
    if wtype == T.Q8_0:
        d = np.abs(b).max(axis=-1, keepdims=True) / np.float32(127)
        q = np.round(b * np.where(d == 0, 0, 1 / np.where(d == 0, 1, d)))
        d = d.astype(np.float16).astype(np.float32)
    else:
        idx = np.abs(b).argmax(axis=-1)[..., None]
        mx = np.take_along_axis(b, idx, axis=-1)
        top = -128.0 if scheme == "k256b" else -127.0
        iscale = np.where(mx == 0, 0, top / np.where(mx == 0, 1, mx)).astype(np.float32)
        q = np.minimum(127, np.round(iscale * b))
        d = np.where(iscale == 0, 0, 1 / np.where(iscale == 0, 1, iscale)).astype(np.float32)
    return (q * d).reshape(x.shape).astype(np.float64)


def r4(x: float) -> float:
    return round(float(x), 4)


def exact_positions(logits: np.ndarray, run: dict, probes: list[int]) -> list[dict]:
    out = []
    for row, ref in zip(logits, run["positions"]):
        best = np.argpartition(-row, N_TOP)[:N_TOP]
        best = best[np.argsort(-row[best], kind="stable")]
        out.append({
            "top": [[int(i), r4(row[i])] for i in best],
            "at_top": [r4(row[int(i)]) for i, _ in ref["top"]],
            "probes": [r4(row[i]) for i in probes],
            "max": r4(row.max()),
            "min": r4(row.min()),
        })
    return out


def record(ref: dict) -> dict:
    """llama.cpp's position in the exact pass's form (its logits at its own top ids)."""
    return {"at_top": [x[1] for x in ref["top"]], "probes": ref["probes"], "max": ref["max"], "min": ref["min"]}


def position_distance(a: dict, b: dict) -> float:
    """The largest |difference| of two records over the logits a fixture position holds."""
    return max([abs(x - y) for x, y in zip(a["at_top"], b["at_top"])]
               + [abs(x - y) for x, y in zip(a["probes"], b["probes"])]
               + [abs(a["max"] - b["max"]), abs(a["min"] - b["min"])])


def distances(fx: dict, exact_runs: list[dict]) -> list[tuple[str, float, int, int]]:
    """Per run: the largest |exact - llama.cpp| over the logits the fixture holds, where, and the
    positions whose top-1 differs."""
    out = []
    for run, ex in zip(fx["runs"], exact_runs):
        d = [position_distance(e, record(ref)) for ref, e in zip(run["positions"], ex["positions"])]
        ties = sum(e["top"][0][0] != ref["top"][0][0] for ref, e in zip(run["positions"], ex["positions"]))
        out.append((run["name"], max(d), int(np.argmax(d)), ties))
    return out


def sigma_of(fx: dict) -> float:
    probes = np.array([x for r in fx["runs"] for p in r["positions"] for x in p["probes"]], dtype=np.float64)
    return float(probes.std())


def simulate(model_path: Path, fx: dict, exact_runs: list[dict], probes: list[int], scheme: str, sigma: float,
             typ: str) -> None:
    """Prints, per run, how far a pass rounding as `scheme` is from llama.cpp and from the exact
    pass, and (per position) both distances from the exact pass in sigma."""
    model = Qwen35(model_path, simulate=scheme)
    for run, ex in zip(fx["runs"], exact_runs):
        sim = exact_positions(model.forward(run["tokens"]), run, probes)
        to_llama = [position_distance(s, record(ref)) / sigma for s, ref in zip(sim, run["positions"])]
        to_exact = [position_distance(s, e) / sigma for s, e in zip(sim, ex["positions"])]
        llama = [position_distance(e, record(ref)) / sigma for e, ref in zip(ex["positions"], run["positions"])]
        print(f"{VARIANT}.{typ} {run['name']} simulated {scheme}: max from llama.cpp {max(to_llama):.4f} sigma "
              f"(median {np.median(to_llama):.4f}), from exact {max(to_exact):.4f} (median {np.median(to_exact):.4f}); "
              f"llama.cpp from exact {max(llama):.4f} (median {np.median(llama):.4f})", flush=True)
        print("  per position, sigma: simulated-exact / llama.cpp-exact: "
              + " ".join(f"{p}:{a:.3f}/{b:.3f}" for p, (a, b) in enumerate(zip(to_exact, llama))), flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, required=True, help="the directory `make_arch_fixtures.py assemble` wrote")
    ap.add_argument("--types", nargs="+", default=maf.TYPES, choices=maf.TYPES,
                    help="the fixtures to compute (f16 is always computed first, as the self-check)")
    ap.add_argument("--check", action="store_true", help="compare with llama.cpp only; write nothing")
    ap.add_argument("--simulate", choices=["llama", "k32", "k256b"],
                    help="also run the pass with its matrix inputs rounded as llama.cpp does (or with "
                         "Q4_K/Q6_K inputs in blocks of 32, as the engine), print its distances per "
                         "position from llama.cpp and from the exact pass; write nothing")
    args = ap.parse_args()
    probes = maf.probe_ids()
    types = ["f16"] + [t for t in args.types if t != "f16"]
    results = {}
    for typ in types:
        path = maf.fixture_path(VARIANT, typ)
        fx = json.loads(path.read_text())
        assert fx["probe_ids"] == probes
        model_path = args.models / fx["model"]["file"]
        if maf.sha256_file(model_path) != fx["model"]["sha256"]:
            sys.exit(f"error: {model_path} is not the fixture's model (sha256); run make_arch_fixtures.py assemble")
        t0 = time.time()
        model = Qwen35(model_path)
        runs = []
        for run in fx["runs"]:
            logits = model.forward(run["tokens"])
            runs.append({"name": run["name"], "positions": exact_positions(logits, run, probes)})
        sigma = sigma_of(fx)
        for name, worst, at, ties in distances(fx, runs):
            print(f"{VARIANT}.{typ} {name}: max |exact - llama.cpp| {worst:.4f} = {worst / sigma:.4f} sigma "
                  f"(position {at}), top-1 differs at {ties} positions; sigma {sigma:.4f} ({time.time() - t0:.0f} s)",
                  flush=True)
        if typ == "f16":
            worst = max(d[1] for d in distances(fx, runs)) / sigma
            if worst > F16_SELF_CHECK:
                sys.exit(f"error: the exact pass is {worst:.4f} sigma from llama.cpp's F16 logits "
                         f"(more than {F16_SELF_CHECK}): it does not compute llama.cpp's qwen35 graph")
        results[typ] = (path, fx, runs)
        del model
        if args.simulate:
            simulate(model_path, fx, runs, probes, args.simulate, sigma, typ)
    if args.check or args.simulate:
        return 0
    for typ in args.types:
        path, fx, runs = results[typ]
        fx["exact"] = {
            "what": "an exact float pass: numpy float64 over the file's weights as gguf-py dequantizes them, "
                    "no activation rounding (qwen35_exact.py); per position its own top 5, its logits at "
                    "llama.cpp's top ids (at_top), at probe_ids, and its row maximum and minimum",
            "script": "qwen35_exact.py",
            "numpy": np.__version__,
            "runs": runs,
        }
        path.write_text(dump(fx))
        print(f"wrote {path.name}", flush=True)
    return 0


def dump(fx: dict) -> str:
    """make_arch_fixtures.dump_fixture's layout, with `exact` one line per position as `runs`."""
    exact = fx.pop("exact", None)
    text = maf.dump_fixture(fx)
    if exact is None:
        return text
    compact = lambda x: json.dumps(x, separators=(", ", ": "))
    lines = ['  "exact": {']
    for k, v in exact.items():
        if k != "runs":
            lines.append(f"    {json.dumps(k)}: {compact(v)},")
    lines.append('    "runs": [')
    for j, r in enumerate(exact["runs"]):
        lines.append(f'      {{"name": {json.dumps(r["name"])}, "positions": [')
        for p, pos in enumerate(r["positions"]):
            lines.append("        " + compact(pos) + ("," if p + 1 < len(r["positions"]) else ""))
        lines.append("      ]}" + ("," if j + 1 < len(exact["runs"]) else ""))
    lines.append("    ]")
    lines.append("  }")
    assert text.endswith("\n}\n")
    text = text[:-3] + ",\n" + "\n".join(lines) + "\n}\n"
    fx["exact"] = exact
    assert json.loads(text) == fx
    return text


if __name__ == "__main__":
    sys.exit(main())
