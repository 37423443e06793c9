#!/usr/bin/env python3
"""Generate the gpt-4o pre-tokenizer and Gemma 4 tokenizer fixtures from Hugging Face `tokenizers`.

Reference libraries (exact versions; the script checks them):
    Python 3.11.7, tokenizers==0.23.3 (Hugging Face, Rust core), gguf==0.19.0

Outputs (all small, committed beside this script):
    gpt4o_pretokenizer.json  texts and the pieces HF's o200k split gives for them
    gemma4_toy.gguf          a small Gemma 4 style vocabulary written as llama.cpp's converter does
    gemma4_toy.json          texts, the ids HF encodes them to, and the text HF decodes the ids to

gpt-4o (Phi-4-mini: tokenizer.ggml.model=gpt2, tokenizer.ggml.pre=gpt-4o)
    reference = pre_tokenizers.Split(Regex(O200K_PATTERN), behavior="isolated"); o200k's
    tokenizer.json follows it with ByteLevel(add_prefix_space=False, use_regex=False), which splits
    nothing more, so the pieces are compared before the byte-to-character mapping.
    O200K_PATTERN is tiktoken's o200k_base pattern, the one llama.cpp quotes as "original regex
    from tokenizer.json" for LLAMA_VOCAB_PRE_TYPE_GPT4O. (llama.cpp itself runs an ASCII-only
    approximation of it; the fixtures follow HF.)

Gemma 4 (tokenizer.ggml.model=gemma4)
    A BPE with byte fallback is trained with BpeTrainer on the shared corpus of
    make_tokenizer_fixtures.py (a committed text), with normalizer Replace(" ", "\u2581") and a
    pre-tokenizer that isolates runs of newlines. The vocabulary is then rebuilt as a Gemma
    vocabulary: <pad> <eos> <bos> <unk> <mask>, chat-turn tokens, the 256 <0xXX> byte tokens, the
    trained pieces, and newline runs of 1..31 characters.
    HF reference: models.BPE(byte_fallback=True) + that normalizer and pre-tokenizer; control
    tokens are added special tokens, the four "visible" tokens (<|channel> ...) and the newline
    runs are added non-special tokens (Gemma's tokenizer.json lists its newline runs as added
    tokens; llama.cpp's converter types them NORMAL and takes a newline run whole when it is a
    token, which is what HF's added-token matching does for runs of at most 31).
    GGUF: written as conversion/gemma.py Gemma4Model.set_vocab + gguf.LlamaHfVocab write it:
    tokenizer.ggml.model=gemma4, tokens in id order, scores -1000, types BYTE for <0xXX>, CONTROL
    for special tokens, USER_DEFINED for the visible tokens, NORMAL otherwise; merges "a b" in
    rank order; add_space_prefix=false; add_bos_token=true.
    Cases: ids = encode with encode_special_tokens=True (control tokens are text), ids_special =
    plain encode (omitted when equal to ids); decoded = decode(ids_special) (omitted when equal to
    the text) with decoders Replace("\u2581", " "),
    ByteFallback, Fuse. Texts with a newline run longer than 31 are left out (there HF takes
    31 + rest while llama.cpp merges the run; see README).

Usage (from the repository root):
    python3 -m pip install tokenizers==0.23.3 gguf==0.19.0
    python3 Tests/TokenizersTests/Fixtures/make_gpt4o_gemma4_fixtures.py
"""
from __future__ import annotations

import importlib.metadata as md
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import make_tokenizer_fixtures as shared  # noqa: E402  (the shared, deterministic corpus)

from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers  # noqa: E402

EXPECTED = {"tokenizers": "0.23.3", "gguf": "0.19.0"}

O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])

# Pools that stress what o200k adds over the Llama 3 split: case classes, titlecase and modifier
# letters, marks, contractions after words in every case, "/" after newlines.
EXTRA_POOLS = {
    "lower": list("abcdefghijklmnopqrstuvwxyz") + ["\u00e9", "\u00df", "\u0161", "\u03b1", "\u0436"],
    "upper": list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ["\u00c9", "\u0160", "\u0391", "\u0416"],
    "title_modifier": ["\u01c5", "\u01c8", "\u1f88", "\u02b0", "\u02c6", "\u3005", "\uff70", "\u1d2c"],
    "marks": ["\u0301", "\u0308", "\u0327", "\u20dd", "\u0903", "\u093f", "\u0e31", "\u0488", "\u05bc"],
    "other_letters": ["\u4e2d", "\u6587", "\u3042", "\u30ab", "\ud55c", "\u0627", "\u05e9", "\u0928", "\u0e2a"],
    "digits": list("0123456789") + ["\u0661", "\u0967", "\u00bd", "\u2163", "\u00b2", "\uff11"],
    "apostrophe": ["'s", "'S", "'t", "'T", "'re", "'rE", "'RE", "'ve", "'VE", "'m", "'M", "'ll", "'Ll",
                   "'LL", "'d", "'D", "'", "''", "\u2019s", "'\u017f", "'x"],
    "punct": list("!\"#$%&()*+,-.:;<=>?@[\\]^_`{|}~/") + ["//", "/*", "*/", "\u2014", "\u00bf", "\u3002"],
    "space": [" ", " ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", "\r", " \n", "\n/", "\u00a0", "\u3000",
              "\u2028", "\u0085"],
    "emoji": ["\U0001F600", "\U0001F44D\U0001F3FD", "\U0001F468\u200D\U0001F469\u200D\U0001F467",
              "\U0001F1FA\U0001F1F8", "\u2764\uFE0F", "1\uFE0F\u20E3"],
}
EXTRA_WEIGHTS = {"lower": 16, "upper": 8, "title_modifier": 2, "marks": 3, "other_letters": 3,
                 "digits": 4, "apostrophe": 5, "punct": 5, "space": 8, "emoji": 1}


def check_versions():
    for name, want in EXPECTED.items():
        have = md.version(name)
        if have != want and "--allow-other-versions" not in sys.argv:
            sys.exit(f"{name}=={have} installed, fixtures are made with {name}=={want}")


def extra_cases(n, seed):
    rng = random.Random(seed)
    names = sorted(EXTRA_WEIGHTS)
    weights = [EXTRA_WEIGHTS[k] for k in names]
    out = []
    for i in range(n):
        length = rng.choice([2, 3, 5, 8, 13, 21, 34, 55])
        parts = [rng.choice(EXTRA_POOLS[rng.choices(names, weights)[0]]) for _ in range(length)]
        out.append((f"o200k/{i:03d}", "".join(parts)))
    words = ["hello", "Hello", "HELLO", "hELLO", "HeLLo", "HTMLParser", "iPhone", "McDonald", "\u01c5ungla",
             "don", "DON", "Don", "caf\u00e9", "cafe\u0301", "CAFE\u0301", "na\u0308ive", "\u0394\u03b5\u03bb\u03c4\u03b1",
             "\u041c\u043e\u0441\u043a\u0432\u0430", "\u6771\u4eac", "\u0928\u092e\u0938\u094d\u0924\u0947"]
    for w in words:
        for suffix in ["'s", "'S", "'t", "'re", "'RE", "'ve", "'m", "'ll", "'LL", "'d", "'x", "'", "'s's"]:
            out.append(("o200k/contraction", w + suffix + " and " + w.upper() + suffix.upper()))
    return out


def corpus():
    return shared.build_corpus()


def write_cases(path, header, cases):
    with open(path, "w", encoding="ascii") as f:
        f.write("{\n")
        for k, v in header.items():
            f.write(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=True)},\n")
        f.write(' "cases": [\n')
        f.write(",\n".join(json.dumps(c, ensure_ascii=True, separators=(",", ":")) for c in cases))
        f.write("\n ]\n}\n")


# ----------------------------------------------------------------------------------------------
# gpt-4o
# ----------------------------------------------------------------------------------------------

def make_gpt4o():
    split = pre_tokenizers.Split(Regex(O200K_PATTERN), behavior="isolated", invert=False)
    texts = corpus() + extra_cases(400, seed=4242)
    cases, seen = [], set()
    for tag, text in texts:
        if text in seen or text == "":
            continue
        seen.add(text)
        pieces = [p for p, _ in split.pre_tokenize_str(text)]
        assert "".join(pieces) == text
        # Piece lengths in Unicode scalars keep the file small; the test cuts the text with them.
        cases.append({"tag": tag, "text": text, "lengths": [len(p) for p in pieces]})
    header = {
        "pre_tokenizer": "gpt-4o",
        "reference": f"tokenizers=={md.version('tokenizers')} pre_tokenizers.Split(Regex(o200k), isolated)",
        "pattern": O200K_PATTERN,
    }
    write_cases(HERE / "gpt4o_pretokenizer.json", header, cases)
    return len(cases)


# ----------------------------------------------------------------------------------------------
# Gemma 4
# ----------------------------------------------------------------------------------------------

CONTROL = ["<pad>", "<eos>", "<bos>", "<unk>", "<mask>", "<|turn>", "<turn|>", "<|image>", "<image|>"]
VISIBLE = ["<|channel>", "<channel|>", "<|tool_call>", "<tool_call|>"]
NEWLINE_RUNS = ["\n" * k for k in range(1, 32)]
GEMMA_CHAT = [
    "<bos><|turn>user\nWhat is 2+2?<turn|>\n<|turn>model\n<|channel>thought\nsimple<channel|>4<turn|>",
    "<|turn>system\nYou are helpful.<turn|>\n<|turn>user\nHi  there\n\n\nfriend<turn|>",
    "<|tool_call>call:get_weather{city:Paris}<tool_call|>",
    "text <|turn> and <turn|>< |turn> <turn| > <|channel <channel|>x<|image><image|>",
    "<eos><pad><mask><unk><bos>",
]


def newline_runs_ok(text):
    return all(len(m) <= 31 for m in re.findall(r"\n+", text))


def train_gemma4():
    """Trains the BPE and returns the HF reference tokenizer with Gemma's vocabulary layout."""
    texts = [t for _, t in corpus()]
    base = Tokenizer(models.BPE(byte_fallback=True, unk_token="<unk>"))
    base.normalizer = normalizers.Replace(" ", "\u2581")
    base.pre_tokenizer = pre_tokenizers.Split(Regex("\n+"), behavior="isolated")
    trainer = trainers.BpeTrainer(vocab_size=1200, min_frequency=2, limit_alphabet=150,
                                  show_progress=False, special_tokens=[])
    base.train_from_iterator(texts, trainer)
    trained = json.loads(base.to_str())["model"]
    by_id = sorted(trained["vocab"].items(), key=lambda kv: kv[1])
    vocab_list = CONTROL + VISIBLE + [f"<0x{b:02X}>" for b in range(256)]
    for piece, _ in by_id:
        if piece not in vocab_list:
            vocab_list.append(piece)
    for run in NEWLINE_RUNS:
        if run not in vocab_list:
            vocab_list.append(run)
    vocab = {t: i for i, t in enumerate(vocab_list)}
    merges = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in trained["merges"]]
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges, byte_fallback=True, unk_token="<unk>"))
    tok.normalizer = normalizers.Replace(" ", "\u2581")
    tok.pre_tokenizer = pre_tokenizers.Split(Regex("\n+"), behavior="isolated")
    tok.decoder = decoders.Sequence([decoders.Replace("\u2581", " "), decoders.ByteFallback(), decoders.Fuse()])
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t in CONTROL])
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in VISIBLE + NEWLINE_RUNS])
    assert tok.get_vocab_size() == len(vocab_list)
    return tok, vocab_list, merges


def write_gemma4_gguf(vocab_list, merges):
    import gguf

    types = []
    for t in vocab_list:
        if re.fullmatch(r"<0x[0-9A-Fa-f]{2}>", t):
            types.append(gguf.TokenType.BYTE)
        elif t in VISIBLE:
            types.append(gguf.TokenType.USER_DEFINED)
        elif t in CONTROL:
            types.append(gguf.TokenType.CONTROL)
        else:
            types.append(gguf.TokenType.NORMAL)
    path = HERE / "gemma4_toy.gguf"
    w = gguf.GGUFWriter(str(path), arch="gemma4")
    w.add_tokenizer_model("gemma4")
    w.add_token_list([t.encode("utf-8") for t in vocab_list])
    w.add_token_scores([-1000.0] * len(vocab_list))
    w.add_token_types(types)
    w.add_token_merges([f"{a} {b}" for a, b in merges])
    w.add_bos_token_id(vocab_list.index("<bos>"))
    w.add_eos_token_id(vocab_list.index("<eos>"))
    w.add_unk_token_id(vocab_list.index("<unk>"))
    w.add_pad_token_id(vocab_list.index("<pad>"))
    w.add_add_space_prefix(False)
    w.add_add_bos_token(True)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def make_gemma4():
    tok, vocab_list, merges = train_gemma4()
    write_gemma4_gguf(vocab_list, merges)
    texts = corpus() + [("special/gemma4", s) for s in GEMMA_CHAT] + extra_cases(150, seed=44)
    cases, seen, skipped = [], set(), 0
    for tag, text in texts:
        if text in seen:
            continue
        seen.add(text)
        if not newline_runs_ok(text):
            skipped += 1
            continue
        tok.encode_special_tokens = False
        ids_special = tok.encode(text, add_special_tokens=False).ids
        tok.encode_special_tokens = True
        ids = tok.encode(text, add_special_tokens=False).ids
        decoded = tok.decode(ids_special, skip_special_tokens=False)
        case = {"tag": tag, "text": text, "ids": ids}
        # Left out when equal to `ids` / `text`, to keep the file small.
        if ids_special != ids:
            case["ids_special"] = ids_special
        if decoded != text:
            case["decoded"] = decoded
        cases.append(case)
    header = {
        "tokenizer": "gemma4_toy",
        "reference": f"tokenizers=={md.version('tokenizers')} BPE(byte_fallback) trained on the shared corpus",
        "vocabulary_size": len(vocab_list),
        "merges": len(merges),
        "bos_id": vocab_list.index("<bos>"),
        "skipped_long_newline_runs": skipped,
    }
    write_cases(HERE / "gemma4_toy.json", header, cases)
    return len(cases), len(vocab_list), len(merges), skipped


if __name__ == "__main__":
    check_versions()
    print("gpt4o cases:", make_gpt4o())
    print("gemma4 cases, vocabulary, merges, skipped:", make_gemma4())
