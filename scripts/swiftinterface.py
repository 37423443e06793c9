#!/usr/bin/env python3
"""Reads Swift interfaces (`.swiftinterface` files, swift-synthesize-interface output, and Swift
sources) into declarations with normalised signatures, for scripts/interface_audit.py.

`parse_interface(text)` returns `(declarations, conformances)`: each `Decl` has its scope
(`LanguageModelSession`), name with argument labels (`respond(to:options:)`) and a signature in
which everything a client cannot observe is normalised (interface_audit.py lists what);
conformances are `(type, protocol, where-clause)`. Public declarations only; bodies are skipped.
"""

import re


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
    # swift-synthesize-interface does not print these three, so our interface never shows them;
    # they do not change what client code can write (a type eraser and an inlining hint), or only
    # the isolation a closure literal infers (`@_inheritActorContext`).
    "_typeEraser", "_inheritActorContext", "inline",
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
    # swift-synthesize-interface does not print `@_inheritActorContext` on a closure parameter
    # (see IGNORED_ATTRIBUTES).
    t = re.sub(r"@_inheritActorContext\s*", "", t)
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
        conformances = [normalise_type(re.sub(r"^(nonisolated|@preconcurrency|@retroactive)\s+", "", part.strip()))
                        for c in split_top(inherits or "") for part in c.split("&")]
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
