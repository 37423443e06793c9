#!/usr/bin/env python3
"""Makes regex_differential.json: our regex automaton vs Python's `regex` package.

For each pattern of CORPUS, candidate strings (the listed examples, their one-edit mutations and
random strings over an alphabet drawn from the pattern) are classified by Python's `regex`
package (`fullmatch` and `search`). The Swift test compiles each pattern with
MatchMode.wholeMatch and MatchMode.search and expects the same answers.

Dialect differences are removed by translating the pattern for Python, so both sides implement
the ECMAScript meaning our parser documents:
  \\d \\w \\s (and negations)  -> explicit ASCII / ECMAScript sets (Python's are Unicode-aware)
  .                          -> [^\\n\\r\\u2028\\u2029] (Python's `.` only excludes \\n);
                                with dotAll: [\\s\\S]
  $ and \\z                   -> \\Z (Python's `$` also matches before a final newline)
Excluded from the corpus (documented in the Swift tests instead): constructs we reject
(look-around, back-references, ...), \\u{...} / \\x{...} / \\cX / \\e spellings Python lacks,
surrogate-pair escapes, class escapes \\D \\W \\S inside brackets, and Unicode properties on
characters assigned after Unicode 14 (Python's tables and Swift's differ there).

Usage: python3 make_regex_fixture.py > regex_differential.json   (needs `pip install regex`)
"""
import json
import random
import sys

import regex

ECMA_SPACE = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
CLASS_ESCAPES = {"d": "0-9", "w": "A-Za-z0-9_", "s": ECMA_SPACE}


def to_python(pattern, dot_all):
    """Rewrites an ECMAScript-flavoured pattern for Python's `regex` (see module docstring)."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            e = pattern[i + 1]
            if e in CLASS_ESCAPES:
                out.append(CLASS_ESCAPES[e] if in_class else "[" + CLASS_ESCAPES[e] + "]")
            elif e.lower() in CLASS_ESCAPES and e.isupper():
                if in_class:
                    raise ValueError("negated class escape inside brackets: " + pattern)
                out.append("[^" + CLASS_ESCAPES[e.lower()] + "]")
            elif e == "z":
                out.append("\\Z")
            elif e in "pP" and pattern[i + 2] == "{":
                end = pattern.index("}", i)
                out.append(pattern[i:end + 1])
                i = end + 1
                continue
            else:
                out.append(c + e)
            i += 2
            continue
        if in_class:
            if c == "]":
                in_class = False
            out.append(c)
        elif c == "[":
            in_class = True
            out.append(c)
            if pattern[i + 1:i + 2] == "^":
                out.append("^")
                i += 1
        elif c == ".":
            out.append("[\\s\\S]" if dot_all else "[^\\n\\r\\u2028\\u2029]")
        elif c == "$":
            out.append("\\Z")
        else:
            out.append(c)
        i += 1
    return "".join(out)


# (pattern, examples, flags) — flags "s" = dotAll.
CORPUS = [
    # literals and escapes
    ("abc", ["abc", "ab", "abcd", "xabcx"], ""),
    ("", ["", "a"], ""),
    ("a\\.b", ["a.b", "axb"], ""),
    ("a\\/b\\\\c", ["a/b\\c", "a/bc"], ""),
    ("\\n\\t\\r\\f\\v\\0", ["\n\t\r\f\v\0", "\n\t"], ""),
    ("\\x41\\x7a", ["Az", "AZ"], ""),
    ("\\u00e9\\u6f22", ["é漢", "e漢"], ""),
    ("\\U0001F600", ["😀", "😁"], ""),
    ("\\a", ["\a", "a"], ""),
    ("a b", ["a b", "ab"], ""),
    ("\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$", ["*+?()[]{}|^$"], ""),
    ("a{", ["a{", "a"], ""),
    ("a{x}", ["a{x}", "a"], ""),
    ("a{1,x}", ["a{1,x}"], ""),
    ("}]", ["}]"], ""),
    ("é漢😀", ["é漢😀", "é漢"], ""),
    ("e\u0301", ["e\u0301", "é", "e"], ""),
    # dot
    (".", ["a", "\n", "\r", "\u2028", "😀", "", "ab"], ""),
    ("a.c", ["abc", "a\nc", "a😀c", "ac"], ""),
    ("a.c", ["abc", "a\nc", "a\rc", "a\u2029c"], "s"),
    (".*", ["", "abc\n", "x"], ""),
    (".+x", ["ax", "x", "\nx", "aax"], ""),
    # classes
    ("[abc]", ["a", "b", "d", ""], ""),
    ("[a-z]+", ["hello", "Hello", "", "abc1"], ""),
    ("[^a-z]+", ["ABC", "aBC", "123", "\n"], ""),
    ("[a-cx-z0-2]*", ["abxz012", "d", "a3"], ""),
    ("[-a]", ["-", "a", "b"], ""),
    ("[a-]", ["-", "a", "b"], ""),
    ("[a\\-z]", ["-", "a", "z", "b"], ""),
    ("[\\]\\[]", ["]", "[", "a"], ""),
    ("[.*+?]", [".", "*", "a"], ""),
    ("[\\^x]", ["^", "x", "a"], ""),
    ("[x^]", ["^", "x"], ""),
    ("[\\u00e0-\\u00ff]+", ["àéÿ", "a", "Ā"], ""),
    ("[\\u0080-\\U0010FFFF]+", ["é漢😀", "a", "é a"], ""),
    ("[^\\u0000-\\u007f]", ["é", "a", "😀"], ""),
    ("[😀-😂]", ["😀", "😁", "😂", "😃"], ""),
    ("[\\n\\t]", ["\n", "\t", " "], ""),
    ("[\\b]", ["\b", "b"], ""),
    # class escapes
    ("\\d+", ["123", "12a", "٣", ""], ""),
    ("\\D+", ["abc", "a1", "٣"], ""),
    ("\\w+", ["abc_1", "é", "a-b"], ""),
    ("\\W", ["-", "a", "é", " "], ""),
    ("\\s+", [" \t\n", "\u00a0", "\u3000", "\u2028", "a", "\u0085", "\u001c"], ""),
    ("\\S+", ["abc", "a b", "\u00a0"], ""),
    ("[\\d\\s]+", ["1 2", "1a"], ""),
    ("[\\w.-]+@[\\w-]+", ["a.b@c-d", "a@b", "@b", "a@"], ""),
    # Unicode properties
    ("\\p{L}+", ["héllo", "漢字", "abc1", "Σ"], ""),
    ("\\p{Lu}\\p{Ll}*", ["Hello", "hello", "ÉTÉ", "Σσ"], ""),
    ("\\p{N}+", ["123", "٣", "½", "Ⅻ", "a"], ""),
    ("\\p{Nd}+", ["123", "٣", "½"], ""),
    ("\\p{P}+", ["!?.,", "«»", "-", "+"], ""),
    ("\\p{S}+", ["+$", "€", "😀", "a"], ""),
    ("\\p{Z}", [" ", "\u00a0", "\u3000", "\t"], ""),
    ("\\P{L}+", ["123", "a", "!"], ""),
    ("\\p{Alphabetic}+", ["abcé漢", "1"], ""),
    ("\\p{White_Space}+", [" \t\n\u00a0", "a"], ""),
    ("\\p{Script=Latin}+", ["abcé", "αβ", "漢"], ""),
    ("\\p{Script=Greek}+", ["αβγ", "abc"], ""),
    ("\\p{Han}+", ["漢字", "かな", "a"], ""),
    ("[\\p{L}\\p{N}_]+", ["abc_123", "é٣", "a-b"], ""),
    ("[^\\p{L}]", ["1", "a", "漢", "😀"], ""),
    ("\\p{Mn}", ["\u0301", "a"], ""),
    ("a\\p{M}*", ["a\u0301\u0302", "a", "ab"], ""),
    # quantifiers
    ("a*", ["", "aaa", "ab"], ""),
    ("a+", ["", "a", "aa"], ""),
    ("a?b", ["b", "ab", "aab"], ""),
    ("a{3}", ["aa", "aaa", "aaaa"], ""),
    ("a{2,}", ["a", "aa", "aaaaa"], ""),
    ("a{2,4}", ["a", "aa", "aaaa", "aaaaa"], ""),
    ("a{,2}", ["", "aa", "aaa"], ""),
    ("a{0}", ["", "a"], ""),
    ("(ab){2,3}", ["abab", "ababab", "ab", "abababab"], ""),
    ("a*?b", ["b", "aab"], ""),
    ("a+?", ["a", "aa"], ""),
    ("a??b", ["b", "ab"], ""),
    ("a{2,3}?", ["aa", "aaa", "a"], ""),
    ("(a|b)*abb", ["abb", "aababb", "ab", "abba"], ""),
    ("(a*)*", ["", "aaa", "b"], ""),
    ("(a|)+b", ["b", "aab"], ""),
    ("(a?){3}a{3}", ["aaa", "aaaaaa", "aa", "aaaaaaa"], ""),
    ("x(?:ab|cd){1,3}y", ["xaby", "xabcdaby", "xy", "xabcdabcdy"], ""),
    ("[0-9]{4}-[0-9]{2}", ["2024-01", "2024-1", "202401"], ""),
    # alternation and groups
    ("cat|dog", ["cat", "dog", "cow", "catdog"], ""),
    ("a(b|c)d", ["abd", "acd", "ad"], ""),
    ("(?:a|b)(?:c|d)", ["ac", "bd", "ab"], ""),
    ("(?<year>\\d{4})-(?<month>\\d{2})", ["2024-05", "24-05"], ""),
    ("(?P<x>a+)b", ["aab", "b"], ""),
    ("a||b", ["a", "b", ""], ""),
    ("(|a)b", ["b", "ab"], ""),
    ("((a|b)(c|d))+", ["ac", "acbd", "a"], ""),
    ("(a(b(c(d))))", ["abcd", "abc"], ""),
    ("colou?r|gr[ae]y", ["color", "colour", "grey", "gray", "groy"], ""),
    # anchors
    ("^abc", ["abc", "xabc", "abcx"], ""),
    ("abc$", ["abc", "abcx", "xabc", "abc\n"], ""),
    ("^abc$", ["abc", "abc\n", "xabc"], ""),
    ("^$", ["", "\n", "a"], ""),
    ("^", ["", "a"], ""),
    ("$", ["", "a"], ""),
    ("a^b", ["ab", "a^b"], ""),
    ("a$b", ["ab"], ""),
    ("^a|b$", ["a", "b", "xa", "ax", "bx", "xb"], ""),
    ("(^a|b)c", ["ac", "bc", "xac", "xbc"], ""),
    ("\\Aab\\z", ["ab", "xab", "ab\n"], ""),
    ("(a$)*", ["", "a", "aa"], ""),
    ("x*^y", ["y", "xy"], ""),
    # JSON-Schema-style patterns
    ("^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$", ["john.doe@example.com", "a@b.c", "@x.com", "a@b.co"], ""),
    ("^\\+?[1-9]\\d{1,14}$", ["+14155552671", "0123", "+1"], ""),
    ("^#[0-9a-fA-F]{6}$", ["#a1B2c3", "#a1b2c", "a1b2c3"], ""),
    ("^(\\([0-9]{3}\\))?[0-9]{3}-[0-9]{4}$", ["555-1212", "(888)555-1212", "(888)555-1212 ext. 532"], ""),
    ("^[^@\\s]+@[^@\\s]+$", ["a@b", "a b@c", "a@@b"], ""),
    ("^\\S+$", ["abc", "a c", ""], ""),
    ("^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$", ["GB82WEST12345698765432", "GB82"], ""),
    ("^(0|[1-9][0-9]*)$", ["0", "10", "01", ""], ""),
    ("^-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?$", ["-1.5e10", "01", "1.", "0.5", "1e+3"], ""),
    ("^v\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$", ["v1.2.3", "v1.2.3-beta.1", "1.2.3", "v1.2"], ""),
    ("^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$", ["com.example.app", "Com.x", "a..b"], ""),
    ("[0-9]", ["abc5def", "abc", "5"], ""),
    ("é+", ["xééy", "e"], ""),
    ("\\p{Lu}{2}", ["aBCd", "aBcD"], ""),
    ("^.{2,5}$", ["ab", "a", "abcdef", "漢字😀", "a\nb"], ""),
    ("^(?:[a-z]+ ?)+$", ["hello world", "hello  world", "hello "], ""),
]

DEFAULT_ALPHABET = ["a", "b", "c", "x", "A", "0", "1", "9", "-", ".", "_", " ", "\n", "\r", "\t",
                    "é", "漢", "😀", "\u00a0", "\u2028", "α", "\u0301", "@", "/", "\\"]


def literal_characters(pattern):
    """Characters appearing in the pattern source (escape letters included, harmlessly)."""
    return [c for c in pattern if c not in "()[]{}|*+?^$\\"]


def mutations(s, alphabet, rng, count):
    out = set()
    for _ in range(count):
        if not s:
            out.add(rng.choice(alphabet))
            continue
        i = rng.randrange(len(s) + 1)
        kind = rng.randrange(3)
        if kind == 0:
            out.add(s[:i] + rng.choice(alphabet) + s[i:])
        elif kind == 1 and i < len(s):
            out.add(s[:i] + s[i + 1:])
        elif i < len(s):
            out.add(s[:i] + rng.choice(alphabet) + s[i + 1:])
    return out


def main():
    rng = random.Random(20260522)
    entries = []
    for pattern, examples, flags in CORPUS:
        dot_all = "s" in flags
        compiled = regex.compile(to_python(pattern, dot_all), flags=regex.VERSION0)
        alphabet = sorted(set(literal_characters(pattern)) | set(DEFAULT_ALPHABET))
        candidates = set(examples)
        for example in examples:
            candidates |= mutations(example, alphabet, rng, 4)
        for _ in range(12):
            length = rng.randrange(0, 7)
            candidates.add("".join(rng.choice(alphabet) for _ in range(length)))
        cases = [
            {"string": s, "fullmatch": compiled.fullmatch(s) is not None, "search": compiled.search(s) is not None}
            for s in sorted(candidates)
        ]
        entries.append({"pattern": pattern, "dotAll": dot_all, "python": compiled.pattern, "cases": cases})
    json.dump({"generator": "make_regex_fixture.py", "regex": regex.__version__, "entries": entries},
              sys.stdout, ensure_ascii=True, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
