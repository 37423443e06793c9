#!/usr/bin/env python3
"""Compares our FoundationModels module's public interface with Apple's.

Usage: interface_audit.py OURS APPLE [--provider APPLE_27] [--allowlist FILE] [--verbose]

OURS is the interface of our module as `swift-synthesize-interface` prints it (scripts/
interface_audit makes it from the build products); APPLE is Apple's .swiftinterface (26.5); the
optional provider interface (27.0) is where our additions must come from. Both are parsed into
declarations keyed by their fully qualified name (`LanguageModelSession.respond(to:options:)`),
each with a normalised signature, and into conformances (`Transcript: RandomAccessCollection`).

What is normalised away, because it does not change what client code can write: availability
and documentation attributes (`@available(iOS 26.0, ...)`, `@_spi`, `@backDeployed`,
`@_alwaysEmitIntoClient`, `@inlinable`, `@_documentation`, `@frozen`, `@objc`), `public`/`final`/
`convenience`/`override`/`@unchecked`, module qualification (`Swift.`, `FoundationModels.`,
`Swift::`, ...) and type-name qualification (`Transcript.Entry` and `Entry` are the same name
here), parameter internal names, default argument expressions (only their presence counts),
where a generic constraint is written (`<T: P>` or `where T : P`), whitespace and order. What is
kept: names, argument labels, types, `throws`/`async`/`rethrows`, `static`/`mutating`,
`nonisolated(nonsending)`, `@discardableResult`, `@_disfavoredOverload`, `@concurrent`,
`@available(*, unavailable)`, result-builder and macro roles, accessors (`{ get }`,
`{ get set }`), and each conformance.

A declaration of Apple's is matched when ours has the same signature under the same name; it is
"different" when ours has the name with other signatures, and "missing" when ours lacks the name.
A declaration of ours that Apple's 26.5 interface lacks is fine when the 27.0 interface has it
(the provider protocols the module adopts); otherwise it is "extra" (invented API). Every
missing, different or extra declaration must be in the allowlist (lines `KEY | reason`, `#`
comments), or the audit fails (exit status 1).
"""

import argparse
import difflib
import re
import sys
from collections import defaultdict

MODULES = [
    "Swift", "FoundationModels", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "_Concurrency", "_StringProcessing", "Observation",
    "CoreGraphics", "_SwiftConcurrencyShims", "Synchronization", "Dispatch",
]
MODULE_QUALIFIER = re.compile(r"\b(?:%s)(?:\.|::)(?=[A-Za-z_])" % "|".join(MODULES))

# Attributes that say nothing about what client code can write.
IGNORED_ATTRIBUTES = {
    "available", "_spi", "backDeployed", "_alwaysEmitIntoClient", "inlinable", "usableFromInline",
    "_documentation", "frozen", "objc", "_hasMissingDesignatedInitializers",
    "_inheritsConvenienceInitializers", "_originallyDefinedIn", "_effects", "_semantics",
    "_transparent", "export", "_specialize", "_silgen_name", "_nonoverride", "warn_unqualified_access",
    "_fixed_layout", "_marker", "_unavailableFromAsync", "preconcurrency", "_staticExclusiveOnly",
}
IGNORED_MODIFIERS = {
    "public", "open", "final", "convenience", "override", "indirect", "dynamic", "required",
    "nonisolated", "package", "optional", "lazy",
}
SCOPE_KINDS = {"struct", "class", "enum", "protocol", "extension", "actor"}
DECL_KINDS = SCOPE_KINDS | {
    "func", "init", "var", "let", "subscript", "case", "typealias", "associatedtype", "macro",
    "deinit", "operator", "precedencegroup", "import",
}


# ----------------------------------------------------------------------------------------------
# Reading: comments, conditional compilation, strings


def strip_comments(text):
    """Removes // and /* */ comments, keeping string literals intact."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(text[i:j])
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def resolve_conditionals(text):
    """Keeps the first branch of each #if (the interface's feature checks), drops the others."""
    out, stack = [], []  # stack of "keeping this branch?"
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("#if"):
            stack.append(True if not stack or stack[-1] else None)
            continue
        if s.startswith("#elseif") or s.startswith("#else"):
            if stack and stack[-1] is not None:
                stack[-1] = False
            continue
        if s.startswith("#endif"):
            if stack:
                stack.pop()
            continue
        if all(k is True for k in stack):
            out.append(line)
    return "\n".join(out)


def skip_string(text, i):
    """Index just after the string literal starting at i."""
    if text.startswith('"""', i):
        j = text.find('"""', i + 3)
        return len(text) if j < 0 else j + 3
    j = i + 1
    while j < len(text) and text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return j + 1


def matching_brace(text, i):
    """Index of the `}` closing the `{` at i."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            i = skip_string(text, i)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text) - 1


# ----------------------------------------------------------------------------------------------
# Declarations


class Decl:
    def __init__(self, kind, scope, name, signature, raw):
        self.kind, self.scope, self.name, self.signature, self.raw = kind, scope, name, signature, raw

    @property
    def key(self):
        return f"{self.scope}.{self.name}" if self.scope else self.name


def split_attributes(header):
    """(attributes, rest): the leading `@name(...)` attributes of a declaration header."""
    attributes = []
    s = header.strip()
    while s.startswith("@"):
        m = re.match(r"@([A-Za-z_][A-Za-z0-9_.:]*)", s)
        if not m:
            break
        end = m.end()
        if end < len(s) and s[end] == "(":
            depth, j = 0, end
            while j < len(s):
                if s[j] == '"':
                    j = skip_string(s, j)
                    continue
                depth += s[j] == "("
                depth -= s[j] == ")"
                j += 1
                if depth == 0:
                    break
            end = j
        attributes.append((m.group(1), s[m.end():end]))
        s = s[end:].strip()
    return attributes, s


def split_top(s, separator=","):
    """Splits s at separators outside (), [], <>, {} and strings."""
    parts, depth, current, i = [], 0, [], 0
    while i < len(s):
        c = s[i]
        if c == '"':
            j = skip_string(s, i)
            current.append(s[i:j])
            i = j
            continue
        if c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and i > 0 and s[i - 1] == "-"):
            depth -= 1
        if c == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def balanced_end(s, i, open_char, close_char):
    """Index after the bracket closing the one at i."""
    depth = 0
    while i < len(s):
        c = s[i]
        if c == '"':
            i = skip_string(s, i)
            continue
        if c == open_char:
            depth += 1
        elif c == close_char and not (c == ">" and s[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(s)


def normalise_type(t):
    """Module and nesting qualification away, whitespace canonical."""
    t = MODULE_QUALIFIER.sub("", t)
    t = re.sub(r"\s+", " ", t).strip()
    # `A.B.C` -> `C` (but keep `.Type` / `.Protocol` metatypes): nested names are written both
    # ways in interfaces depending on context.
    t = re.sub(r"\b(?:[A-Za-z_][A-Za-z0-9_]*\.)+([A-Za-z_][A-Za-z0-9_]*)",
               lambda m: m.group(0) if m.group(1) in ("Type", "Protocol") else m.group(1), t)
    t = re.sub(r"\b([A-Za-z_][A-Za-z0-9_]*)\.(Type|Protocol)\b", r"\1.\2", t)
    t = re.sub(r"\s*([,:])\s*", r"\1 ", t)
    t = re.sub(r"\s*->\s*", " -> ", t)
    t = re.sub(r"([(<\[])\s+", r"\1", t)
    t = re.sub(r"\s+([)>\]])", r"\1", t)
    t = re.sub(r"\s*([=]=)\s*", r" \1 ", t)
    t = t.replace("@unchecked ", "")
    t = re.sub(r"\bSwift::Void\b|\bVoid\b", "()", t)
    return t.strip()


def top_level_colon(s):
    """Index of the first `:` outside brackets and strings, or None."""
    depth, i = 0, 0
    while i < len(s):
        c = s[i]
        if c == '"':
            i = skip_string(s, i)
            continue
        if c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and s[i - 1] == "-"):
            depth -= 1
        elif c == ":" and depth == 0:
            return i
        i += 1
    return None


def normalise_parameters(params, kind):
    """`(to prompt: Prompt, options: O = O())` -> `(to: Prompt, options: O = default)`."""
    out = []
    for p in split_top(params):
        colon = top_level_colon(p)
        if colon is None:
            name_part, rest = "", p  # an unlabelled associated value: `case bool(Bool)`
        else:
            name_part, rest = p[:colon], p[colon + 1:]
        # Attributes written before the name (`@PromptBuilder prompt: () -> Prompt`) belong to
        # the type.
        attributes, name_part = split_attributes(name_part)
        if attributes:
            rest = " ".join("@" + MODULE_QUALIFIER.sub("", a) + args for a, args in attributes) + " " + rest.strip()
        default = ""
        # The default value: the first `=` at top level that is not part of `==`.
        depth, cut = 0, None
        i = 0
        while i < len(rest):
            c = rest[i]
            if c == '"':
                i = skip_string(rest, i)
                continue
            if c in "([{<":
                depth += 1
            elif c in ")]}>" and not (c == ">" and rest[i - 1] == "-"):
                depth -= 1
            elif c == "=" and depth == 0 and rest[i + 1:i + 2] != "=" and rest[i - 1:i] not in ("=", "!", "<", ">"):
                cut = i
                break
            i += 1
        if cut is not None:
            default = " = default"
            rest = rest[:cut]
        names = name_part.split()
        if kind == "case" or not names:
            label = names[0] if names else "_"
        elif kind == "subscript":
            label = names[0] if len(names) == 2 else "_"
        else:
            label = names[0] if names else "_"
        out.append(f"{label}: {normalise_type(rest)}{default}")
    return "(" + ", ".join(out) + ")"


def move_generic_constraints(generics, where):
    """`<T: P>` -> `<T>` plus `T: P` in the where clause; returns (generics, sorted where)."""
    requirements = [normalise_type(r) for r in split_top(where)] if where else []
    names = []
    for g in split_top(generics[1:-1]) if generics else []:
        name, _, constraint = g.partition(":")
        names.append(name.strip())
        if constraint.strip():
            for c in constraint.split("&"):
                requirements.append(normalise_type(f"{name.strip()}: {c.strip()}"))
    expanded = []
    for r in requirements:
        left, sep, right = r.partition(": ")
        if sep and "&" in right and "==" not in r:
            expanded += [f"{left}: {c.strip()}" for c in right.split("&")]
        else:
            expanded.append(r)
    # Copyable/Escapable requirements are implicit; interfaces sometimes spell them out.
    expanded = [r for r in expanded if not re.search(r": ~?(Copyable|Escapable)$", r)]
    g = f"<{', '.join(names)}>" if names else ""
    w = f" where {', '.join(sorted(set(expanded)))}" if expanded else ""
    return g, w


def rename_generic_parameters(signature, generics):
    """Generic parameter names are the declaration's own business: `<each I>` and
    `<each Component>` declare the same function. Renames them T0, T1, ... by position."""
    names = [n.replace("each ", "").strip() for n in split_top(generics[1:-1])] if generics else []
    for index, name in enumerate(names):
        signature = re.sub(r"\b%s\b" % re.escape(name), f"T{index}", signature)
    return signature


def parse_header(header, scope_kind):
    """(kind, name, signature) of a declaration header, or None for what is not public API."""
    attributes, rest = split_attributes(header)
    kept = []
    for name, args in attributes:
        if name == "available":
            if re.match(r"\(\s*\*\s*,\s*unavailable", args):
                kept.append("@available(*, unavailable)")
            continue
        if name == "_implements":
            return None
        if name in IGNORED_ATTRIBUTES:
            continue
        if name == "_functionBuilder":
            name = "resultBuilder"
        if name == "attached":
            kept.append("@attached" + re.sub(r"\s+", " ", MODULE_QUALIFIER.sub("", args)))
            continue
        kept.append("@" + MODULE_QUALIFIER.sub("", name))
    words = re.sub(r"\b(init|subscript|deinit)(?=[(<?!{])", r"\1 ", rest).split()
    modifiers, i = [], 0
    read_only = False  # `public private(set) var`
    visible = scope_kind == "protocol"
    while i < len(words):
        w = words[i]
        base = w.split("(")[0]
        if w in DECL_KINDS:
            break
        if base in ("public", "open"):
            visible = True
        if w in ("internal", "private", "fileprivate"):
            return None
        if re.match(r"(internal|private|fileprivate|package)\(set\)$", w):
            read_only = True
            i += 1
            continue
        if w.startswith("nonisolated(nonsending)"):
            modifiers.append("nonisolated(nonsending)")
        elif base not in IGNORED_MODIFIERS and not w.startswith("@"):
            modifiers.append(w)
        i += 1
    if i >= len(words):
        return None
    kind = words[i]
    body = " ".join(words[i + 1:])
    if kind in ("case",):
        visible = True
    if kind in ("deinit", "import", "operator", "precedencegroup"):
        return None
    if kind == "extension":
        visible = True
    if not visible:
        return None
    modifiers = sorted(set("static" if m == "class" else m for m in modifiers))
    prefix = " ".join(sorted(kept) + modifiers + [kind])
    if kind in SCOPE_KINDS:
        m = re.match(r"([A-Za-z_][A-Za-z0-9_.:]*)\s*(<[^{]*?>)?\s*(?::\s*(.*?))?\s*(?:where\s+(.*))?$", body)
        name = MODULE_QUALIFIER.sub("", m.group(1)) if m else body
        generics = m.group(2) if m else ""
        inherits = m.group(3) if m else ""
        where = m.group(4) if m else ""
        if inherits and " where " in f" {inherits} ":
            inherits, _, where = inherits.partition(" where ")
        g, w = move_generic_constraints(generics, where)
        conformances = [normalise_type(re.sub(r"^(nonisolated|@preconcurrency|@retroactive)\s+", "", c.strip()))
                        for c in split_top(inherits or "")]
        return kind, name, f"{prefix} {name.split('.')[-1]}{g}{w}", conformances
    if kind in ("func", "init", "subscript", "macro"):
        if kind == "func":
            m = re.match(r"(`?[^\s(<`]+`?|[^\sA-Za-z_(<]+)\s*", body)
            name = m.group(1)
            body = body[m.end():]
        else:
            name = kind if kind != "macro" else None
            if kind == "macro":
                m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*", body)
                name = m.group(1)
                body = body[m.end():]
            if kind == "init" and body[:1] in "?!":
                name += body[0]
                body = body[1:].lstrip()
        generics = ""
        if body.startswith("<"):
            end = balanced_end(body, 0, "<", ">")
            generics, body = body[:end], body[end:].lstrip()
        end = balanced_end(body, 0, "(", ")")
        params, tail = body[1:end - 1], body[end:].strip()
        where = ""
        if kind == "macro":
            tail = re.sub(r"=\s*#externalMacro\(.*?\)", "", tail).strip()
        wm = re.search(r"\bwhere\b", tail)
        if wm:
            tail, where = tail[:wm.start()].strip(), tail[wm.end():].strip()
        g, w = move_generic_constraints(generics, where)
        normalised = normalise_parameters(params, kind)
        labels = "".join(
            (p.split(":")[0] if p.split(":")[0] else "_") + ":" for p in split_top(normalised[1:-1])
        ) if normalised != "()" else ""
        full_name = f"{name}({labels})"
        tail = normalise_type(tail)
        if kind in ("init", "subscript"):
            prefix = prefix[: -len(kind)].strip()  # the name says it
        signature = f"{prefix} {name}{g}{normalised}{(' ' + tail) if tail else ''}{w}".strip()
        signature = signature[:len(prefix)] + rename_generic_parameters(signature[len(prefix):], g)
        return kind, full_name, signature, None
    if kind in ("var", "let"):
        m = re.match(r"(`?[A-Za-z_][A-Za-z0-9_]*`?)\s*:\s*(.*)$", body)
        if not m:
            return None
        name, t = m.group(1).strip("`"), m.group(2)
        return ("let" if read_only else kind), name, (prefix, normalise_type(t)), None
    if kind == "case":
        return kind, body, f"{prefix}", None
    if kind in ("typealias", "associatedtype"):
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*(<[^=]*>)?\s*(.*)$", body)
        name = m.group(1)
        rest = m.group(3)
        return kind, name, f"{prefix} {name}{m.group(2) or ''} {normalise_type(rest)}".strip(), None
    return None


ACCESSOR_WORDS = {"get", "set", "_read", "_modify", "read", "modify", "willSet", "didSet",
                  "mutating", "nonmutating", "init", "unsafeAddress", "unsafeMutableAddress"}


def accessors(body):
    """`{ get }` or `{ get set }` for a property or subscript body: an accessor block
    (`{ get set }`, `{ get { ... } set { ... } }`, observers) or a getter's code."""
    inner = strip_comments(body.strip()[1:-1])
    words, depth, i = [], 0, 0
    while i < len(inner):  # the words at the block's own level, not inside accessor bodies
        c = inner[i]
        if c == '"':
            i = skip_string(inner, i)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0 and (c.isalpha() or c == "_"):
            m = re.match(r"\w+", inner[i:])
            words.append(m.group(0))
            i += m.end()
            continue
        i += 1
    first = re.sub(r"^@\w+(\([^)]*\))?\s*", "", inner.strip())
    if not words or not re.match(r"(%s)\b" % "|".join(ACCESSOR_WORDS), first):
        return "{ get }"  # a getter's code
    settable = any(w in ("set", "_modify", "modify", "willSet", "didSet", "unsafeMutableAddress") for w in words)
    return "{ get set }" if settable else "{ get }"


def parse_interface(text):
    """(declarations, conformances) of an interface text."""
    text = resolve_conditionals(strip_comments(text))
    # 27.0's interface qualifies with module selectors (`Swift::String`).
    text = re.sub(r"\b(?:%s)::" % "|".join(MODULES), "", text)
    decls, conformances = [], []

    def walk(start, end, scope, scope_kind, extension_where):
        i = start
        header_start = start
        while i < end:
            c = text[i]
            if c == '"':
                i = skip_string(text, i)
                continue
            if c in "([":
                close = ")" if c == "(" else "]"
                i = balanced_end(text, i, c, close)
                continue
            if c == "{" or c == "\n" or c == "}":
                header = text[header_start:i].strip()
                if c == "\n":
                    # Attributes stand on their own lines before the declaration they decorate,
                    # and a body may open on the next line.
                    attributes, rest = split_attributes(header)
                    following = text[i:end].lstrip()
                    if header and (not rest or following.startswith("{")):
                        i += 1
                        continue
                body = ""
                close = i
                if c == "{":
                    close = matching_brace(text, i)
                    body = text[i:close + 1]
                if header:
                    handle(header, body, i, close, scope, scope_kind, extension_where)
                if c == "}":
                    return
                i = close + 1
                header_start = i
                continue
            i += 1

    def handle(header, body, open_at, close_at, scope, scope_kind, extension_where):
        parsed = parse_header(header, scope_kind)
        if parsed is None:
            return
        kind, name, signature, inherits = parsed
        if kind in SCOPE_KINDS:
            if kind == "extension":
                full = name
                where = signature.split(" where ", 1)[1] if " where " in signature else ""
                for c in inherits or []:
                    conformances.append((full, c, where))
                if body:
                    walk(open_at + 1, close_at, full, "extension", where)
                return
            full = f"{scope}.{name}" if scope else name
            decls.append(Decl(kind, scope, name, signature + (f" [in extension where {extension_where}]" if extension_where else ""), header))
            for c in inherits or []:
                conformances.append((full, c, ""))
            if body:
                walk(open_at + 1, close_at, full, kind, "")
            return
        if kind == "case":
            for case in split_top(name):
                m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*(\(.*\))?", case)
                params = normalise_parameters(m.group(2)[1:-1], "case") if m.group(2) else ""
                labels = "".join(p.split(":")[0] + ":" for p in split_top(params[1:-1])) if params else ""
                key = m.group(1) + (f"({labels})" if params else "")
                decls.append(Decl("case", scope, key, f"{signature} {m.group(1)}{params}", header))
            return
        if kind in ("var", "let"):
            prefix, t = signature
            if body:
                access = accessors(body)
            elif kind == "let":
                access = "{ get }"
            else:
                # A stored `var` in a struct or class: readable and writable.
                access = "{ get set }"
            if kind == "let" and "=" in t:
                t = t.split("=")[0].strip()
            prefix = re.sub(r"\blet$", "var", prefix)
            sig = f"{prefix} {name}: {t} {access}"
            decls.append(Decl("var", scope, name, sig + (f" [in extension where {extension_where}]" if extension_where else ""), header))
            return
        if kind == "subscript" and body:
            signature = f"{signature} {accessors(body)}"
        elif kind == "subscript":
            # Apple's interfaces always spell accessors out; swift-synthesize-interface leaves
            # them off a subscript that has a setter.
            signature = f"{signature} {{ get set }}"
        decls.append(Decl(kind, scope, name, signature + (f" [in extension where {extension_where}]" if extension_where else ""), header))

    walk(0, len(text), "", "", "")
    return decls, conformances


# ----------------------------------------------------------------------------------------------
# Comparing


def read_allowlist(path):
    entries = {}
    if not path:
        return entries
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, sep, reason = line.partition(" | ")
            if not sep or not reason.strip():
                sys.exit(f"{path}:{number}: expected `KEY | reason`, got: {line}")
            entries[key.strip()] = reason.strip()
    return entries


def index(decls):
    by_signature, by_key = set(), defaultdict(list)
    for d in decls:
        by_signature.add((d.scope, d.signature))
        by_key[d.key].append(d)
    return by_signature, by_key


# Protocols a conformance implies (as far as these interfaces need).
IMPLIED = {
    "Hashable": ["Equatable"],
    "RandomAccessCollection": ["BidirectionalCollection"],
    "BidirectionalCollection": ["Collection"],
    "Collection": ["Sequence"],
    "LocalizedError": ["Error"],
    "Error": ["Sendable"],
    "Generable": ["ConvertibleFromGeneratedContent", "ConvertibleToGeneratedContent"],
    "ConvertibleToGeneratedContent": ["InstructionsRepresentable", "PromptRepresentable"],
}

# Members the compiler writes for a conformance. Apple's interface prints them; our synthesized
# interface does not; they exist whenever the conformance does.
WITNESSES = {
    "==(a:b:)": "Equatable", "==(lhs:rhs:)": "Equatable", "hash(into:)": "Hashable",
    "hashValue": "Hashable", "ID": "Identifiable", "AllCases": "CaseIterable",
    "allCases": "CaseIterable", "Element": "Sequence", "Index": "Collection",
    "Indices": "Collection", "Iterator": "Sequence", "SubSequence": "Collection",
    "Failure": "AsyncSequence", "AsyncIterator": "AsyncSequence", "next()": "AsyncIteratorProtocol",
}


def conformance_set(conformances):
    result = {(t, c) for t, c, _ in conformances}
    changed = True
    while changed:
        changed = False
        for t, c in list(result):
            for implied in IMPLIED.get(c, []):
                if (t, implied) not in result:
                    result.add((t, implied))
                    changed = True
    for t, c in list(result):
        if c == "Failure":
            continue
        if c == "AsyncIteratorProtocol":
            result.add((t, "AsyncSequence"))  # shares the Failure witness
    return result


def add_source_facts(ours, paths):
    """What swift-synthesize-interface leaves out of the interface it prints, read from our
    sources: `@available(*, unavailable)` declarations, and `@_disfavoredOverload`."""
    source = []
    for path in paths:
        found, _ = parse_interface(open(path, encoding="utf-8").read())
        source += found
    disfavored = {}
    for d in source:
        if "@_disfavoredOverload " in d.signature:
            disfavored[(d.scope, d.signature.replace("@_disfavoredOverload ", ""))] = d.signature
    for d in ours:
        d.signature = disfavored.get((d.scope, d.signature), d.signature)
    return ours + [d for d in source if "@available(*, unavailable)" in d.signature]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ours")
    parser.add_argument("apple")
    parser.add_argument("--provider", help="Apple's 27.0 interface: where additions may come from")
    parser.add_argument("--allowlist")
    parser.add_argument("--sources", nargs="*", default=[],
                        help="our Swift sources, read for what the printed interface leaves out")
    parser.add_argument("--verbose", action="store_true", help="also list matched declarations")
    args = parser.parse_args()

    ours, our_conformances = parse_interface(open(args.ours, encoding="utf-8").read())
    ours = add_source_facts(ours, args.sources)
    apple, apple_conformances = parse_interface(open(args.apple, encoding="utf-8").read())
    provider, provider_conformances = ([], [])
    if args.provider:
        provider, provider_conformances = parse_interface(open(args.provider, encoding="utf-8").read())
    allowlist = read_allowlist(args.allowlist)
    used = set()

    our_signatures, our_keys = index(ours)
    apple_signatures, apple_keys = index(apple)
    provider_signatures, provider_keys = index(provider)

    matched, allowlisted, unexplained = 0, 0, 0
    extra_allowlisted = 0
    problems = []

    def report(status, key, apple_sig, our_sigs):
        nonlocal allowlisted, unexplained, extra_allowlisted
        if key in allowlist:
            if status.startswith("extra") or "27.0" in status:
                extra_allowlisted += 1
            else:
                allowlisted += 1
            used.add(key)
            if args.verbose:
                print(f"allowlisted {status}: {key} ({allowlist[key]})")
            return
        unexplained += 1
        problems.append((status, key, apple_sig, our_sigs))

    ours_conf = conformance_set(our_conformances)

    # Apple's declarations, one by one.
    for d in apple:
        if (d.scope, d.signature) in our_signatures:
            matched += 1
            if args.verbose:
                print(f"matched: {d.key}")
            continue
        if d.name in WITNESSES and (d.scope, WITNESSES[d.name]) in ours_conf:
            matched += 1
            if args.verbose:
                print(f"matched (written by the compiler for {WITNESSES[d.name]}): {d.key}")
            continue
        candidates = [o.signature for o in our_keys.get(d.key, [])]
        report("different" if candidates else "missing", d.key, d.signature, candidates)

    # Apple's conformances.
    for t, c, where in sorted(set(apple_conformances)):
        if (t, c) in ours_conf:
            matched += 1
            continue
        report("missing conformance", f"{t}: {c}", f"extension {t}: {c}" + (f" where {where}" if where else ""), [])
    total = len(apple) + len(set(apple_conformances))

    # Ours that Apple's 26.5 lacks: from 27.0, or invented.
    from_provider, provider_different, extras = 0, 0, 0
    for d in ours:
        if (d.scope, d.signature) in apple_signatures:
            continue
        if d.key in apple_keys:
            continue  # reported above as different
        if d.name in WITNESSES:
            continue  # written for a conformance
        if (d.scope, d.signature) in provider_signatures:
            from_provider += 1
            continue
        if d.key in provider_keys:
            # Our provider API follows 27.0's shapes exactly.
            theirs = [p.signature for p in provider_keys[d.key]]
            closest = difflib.get_close_matches(d.signature, theirs, n=1, cutoff=0)[0]
            report("different from Apple's 27.0 interface", d.key, closest, [d.signature])
            provider_different += 1
            continue
        extras += 1
        report("extra (not in Apple's 26.5 or 27.0 interface)", d.key, None, [d.signature])
    provider_conf = conformance_set(provider_conformances)
    apple_conf = conformance_set(apple_conformances)
    for t, c in sorted(ours_conf - apple_conf):
        if (t, c) in provider_conf or t not in {d.key for d in apple} or c in ("Copyable", "Escapable", "BitwiseCopyable"):
            continue
        report("extra conformance", f"{t}: {c}", None, [f"extension {t}: {c}"])

    for status, key, apple_sig, our_sigs in problems:
        print(f"{status}: {key}")
        if apple_sig:
            print(f"    Apple's: {apple_sig}")
        if our_sigs:
            closest = difflib.get_close_matches(apple_sig, our_sigs, n=3, cutoff=0) if apple_sig else our_sigs
            for s in closest:
                print(f"    ours:    {s}")
    for key in sorted(set(allowlist) - used):
        print(f"note: allowlist entry no longer needed: {key}")

    ours_unexplained = sum(1 for status, *_ in problems if status.startswith("extra") or "27.0" in status)
    print(f"{len(ours)} public declarations of ours: {from_provider} as in Apple's 27.0 provider interface, "
          f"{provider_different} different from it, {extras} in neither interface; "
          f"{extra_allowlisted} allowlisted, {ours_unexplained} unexplained")
    print(f"{total} declarations in Apple's interface, {matched} matched, {allowlisted} allowlisted, "
          f"{unexplained - ours_unexplained} unexplained")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
