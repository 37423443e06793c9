#!/usr/bin/env python3
"""Lists what Apple's 27.0 interface deprecates and checks that our sources deprecate it too.

Usage: interface_deprecations.py APPLE_27 SWIFT_FILES...   (scripts/interface_deprecations runs it)

Apple marks its deprecations for its own platforms (`@available(macOS, deprecated: 27.0, ...)`),
which vanish on Linux; ours say `@available(*, deprecated, message: ...)`. For each declaration
27.0 deprecates (or declares inside a deprecated type), the script prints Apple's `renamed:` or
`message:` and whether our declaration — or a type around it — is deprecated. It fails on one
that is not, unless PENDING below says why not yet.
"""

import re
import sys

from swiftinterface import parse_interface

# Deprecated by 27.0 but not yet here, each with the reason (none now).
PENDING = {}

AVAILABLE = re.compile(r"@available\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


def deprecation(raw):
    """Apple's (or our) deprecation of a declaration header: its renamed/message text, or None."""
    for args in AVAILABLE.findall(raw):
        if "deprecated" not in args:
            continue
        said = re.search(r'(renamed|message):\s*"([^"]*)"', args)
        return f'{said.group(1)}: "{said.group(2)}"' if said else "deprecated"
    return None


def deprecated_keys(decls):
    """{key: deprecation} of the declarations deprecated themselves or by a type around them."""
    own = {d.key: deprecation(d.raw) for d in decls}
    found = {}
    for d in decls:
        scope = d.key
        while scope:
            if own.get(scope):
                found[d.key] = own[d.key] or f"(inside {scope})"
                break
            scope = scope.rsplit(".", 1)[0] if "." in scope.split("(")[0] else ""
    return found


def main():
    apple_path, sources = sys.argv[1], sys.argv[2:]
    apple, _ = parse_interface(open(apple_path, encoding="utf-8").read())
    ours = []
    for path in sources:
        decls, _ = parse_interface(open(path, encoding="utf-8").read())
        ours.extend(decls)
    wanted = deprecated_keys(apple)
    have = deprecated_keys(ours)
    present = {d.key for d in ours}
    failures = 0
    for key in sorted(wanted):
        if key in have:
            status = "deprecated"
        elif key in PENDING:
            status = "pending: " + PENDING[key]
        elif any(key.startswith(pending + ".") for pending in PENDING):
            status = "pending with its type"
        elif key not in present:
            status = "absent (nothing to deprecate)"
        else:
            status = "NOT DEPRECATED"
            failures += 1
        print(f"{key} | 27.0 {wanted[key]} | {status}")
    print(f"interface_deprecations: {len(wanted)} declarations deprecated by 27.0, {failures} not deprecated here")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
