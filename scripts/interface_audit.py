#!/usr/bin/env python3
"""Compares our FoundationModels module's public interface with Apple's.

Usage: interface_audit.py OURS APPLE [--provider APPLE_27] [--also APPLE_26_5] [--allowlist FILE]
                          [--sources SWIFT_FILES...] [--verbose]

With `--also`, APPLE is the primary reference (27.0) and the --also interface (26.5) is a second
one: the audit prints how many declarations of each are matched, lists what 27.0 has that we
lack by family, and fails on a 26.5 declaration that is neither matched nor allowlisted, on a
declaration of ours that differs from 27.0's, and on invented API (in neither interface). What
27.0 has and we still lack is reported, not failed: the gap is the work list.

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
with the same signature (the provider protocols the module adopts); otherwise it is "extra"
(invented API). swift-synthesize-interface leaves out `@_disfavoredOverload` and unavailable
declarations; those are read from our sources (--sources). Every
missing, different or extra declaration must be in the allowlist (lines `KEY | reason`, `#`
comments), or the audit fails (exit status 1).
"""

import argparse
import difflib
import sys
from collections import defaultdict

from swiftinterface import parse_interface

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
    parser.add_argument("--also", help="a second reference (26.5) whose every declaration must be matched or allowlisted")
    parser.add_argument("--allowlist")
    parser.add_argument("--sources", nargs="*", default=[],
                        help="our Swift sources, read for what the printed interface leaves out")
    parser.add_argument("--verbose", action="store_true", help="also list matched declarations")
    args = parser.parse_args()

    ours, our_conformances = parse_interface(open(args.ours, encoding="utf-8").read())
    ours = add_source_facts(ours, args.sources)
    if args.also:
        return two_references(args, ours, our_conformances)
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


def match_reference(reference, reference_conformances, ours, ours_conf, allowlist):
    """Each declaration and conformance of a reference interface: matched, allowlisted, or a
    problem `(status, key, reference signature, our signatures)`."""
    our_signatures, our_keys = index(ours)
    matched, allowlisted, problems, used = 0, 0, [], set()
    for d in reference:
        if (d.scope, d.signature) in our_signatures:
            matched += 1
        elif d.name in WITNESSES and (d.scope, WITNESSES[d.name]) in ours_conf:
            matched += 1
        elif d.key in allowlist:
            allowlisted += 1
            used.add(d.key)
        else:
            candidates = [o.signature for o in our_keys.get(d.key, [])]
            problems.append(("different" if candidates else "missing", d.key, d.signature, candidates))
    for t, c, where in sorted(set(reference_conformances)):
        key = f"{t}: {c}"
        if (t, c) in ours_conf:
            matched += 1
        elif key in allowlist:
            allowlisted += 1
            used.add(key)
        else:
            problems.append(("missing conformance", key, f"extension {t}: {c}" + (f" where {where}" if where else ""), []))
    total = len(reference) + len(set(reference_conformances))
    return matched, allowlisted, total, problems, used


def family(key):
    """The top-level type (or free declaration) a key belongs to, for the gap summary."""
    head = key.split(":")[0].split("(")[0]
    return head.split(".")[0]


def two_references(args, ours, our_conformances):
    primary, primary_conf = parse_interface(open(args.apple, encoding="utf-8").read())
    second, second_conf = parse_interface(open(args.also, encoding="utf-8").read())
    allowlist = read_allowlist(args.allowlist)
    ours_conf = conformance_set(our_conformances)

    m27, a27, t27, p27, used27 = match_reference(primary, primary_conf, ours, ours_conf, allowlist)
    m26, a26, t26, p26, used26 = match_reference(second, second_conf, ours, ours_conf, allowlist)

    # Ours against both: in 27.0 with the same signature, in 26.5 only (kept as Apple keeps
    # it), different from 27.0's, or invented.
    primary_signatures, primary_keys = index(primary)
    second_signatures, second_keys = index(second)
    failures, used = [], used27 | used26
    from_27, from_26, different, invented = 0, 0, [], []
    for d in ours:
        if d.name in WITNESSES:
            continue
        if (d.scope, d.signature) in primary_signatures:
            from_27 += 1
        elif (d.scope, d.signature) in second_signatures or d.key in second_keys:
            from_26 += 1
        elif d.key in allowlist:
            used.add(d.key)
        elif d.key in primary_keys:
            different.append(d)
        else:
            invented.append(d)
    for status, key, sig, candidates in p26:
        failures.append((f"26.5 {status}", key, sig, candidates))
    # A name 27.0 has with signatures none of ours match is reported with the gap, not failed:
    # 26.5's shape of the same name may be what we kept.
    for d in invented:
        failures.append(("extra (not in Apple's 26.5 or 27.0 interface)", d.key, None, [d.signature]))
    extra_conf = []
    for t, c in sorted(ours_conf - conformance_set(primary_conf) - conformance_set(second_conf)):
        if t not in {d.key for d in primary} or c in ("Copyable", "Escapable", "BitwiseCopyable"):
            continue
        key = f"{t}: {c}"
        if key in allowlist:
            used.add(key)
            continue
        failures.append(("extra conformance", key, None, [f"extension {t}: {c}"]))

    families = defaultdict(int)
    for status, key, *_ in p27:
        families[family(key)] += 1
    if args.verbose:
        for status, key, sig, candidates in p27:
            print(f"27.0 {status}: {key}")
            print(f"    Apple's: {sig}")
            for c in (difflib.get_close_matches(sig, candidates, n=2, cutoff=0) if candidates else []):
                print(f"    ours:    {c}")
    for status, key, sig, candidates in failures:
        print(f"{status}: {key}")
        if sig:
            print(f"    Apple's: {sig}")
        for c in (difflib.get_close_matches(sig, candidates, n=3, cutoff=0) if sig and candidates else candidates):
            print(f"    ours:    {c}")
    for key in sorted(set(allowlist) - used):
        print(f"note: allowlist entry no longer needed: {key}")
    if families:
        gap = ", ".join(f"{name} {count}" for name, count in sorted(families.items(), key=lambda kv: -kv[1]))
        print(f"27.0 not yet matched, by family: {gap}")
    print(f"{len(ours)} public declarations of ours: {from_27} as in Apple's 27.0 interface, {from_26} from 26.5 only, "
          f"{len(different)} with a 27.0 name but another signature, {len(invented)} in neither interface (invented)")
    print(f"Apple 27.0 (primary): {t27} declarations, {m27} matched, {a27} allowlisted, {len(p27)} not yet matched")
    print(f"Apple 26.5: {t26} declarations, {m26} matched, {a26} allowlisted, {len(p26)} unexplained")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
