#!/usr/bin/env python3
"""Random JSON Schemas (2020-12, only keywords JSONSchemaImporter supports) x random instances,
with verdicts from Python's `jsonschema` (an independent implementation), for
JSONSchemaDifferentialTests.

    pip install jsonschema==4.26.0
    python3 make_differential_fixture.py > differential.json

Numeric bounds are integers or halves (exact as Doubles) and patterns read the same in Python's
`re` and ECMAScript, so every verdict must match exactly.
"""
import json
import random

from jsonschema import Draft202012Validator

SEED = 20260101
SCHEMAS = 220
INSTANCES = 28
NAMES = ["a", "b", "c"]
PATTERNS = ["^a", "b$", "[ab]+", "^[a-c]*$", "c", "^(a|bc)+$"]
STRINGS = ["", "a", "ab", "abc", "b", "cab", "bcbc", "\u00e9", "aaaa"]
TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"]


def bound(rng):
    return rng.choice([rng.randint(-2, 4), rng.randint(-4, 8) / 2])


def schema(rng, depth, defs):
    if depth <= 0 or rng.random() < 0.15:
        return rng.choice([True, False, {}, {"type": rng.choice(TYPES)}]) if rng.random() < 0.3 else {"type": rng.choice(TYPES)}
    s = {}
    kinds = rng.sample(["type", "numeric", "string", "array", "object", "enum", "applicator", "ref"], rng.randint(1, 3))
    if "type" in kinds:
        s["type"] = rng.choice(TYPES) if rng.random() < 0.7 else sorted(set(rng.sample(TYPES, rng.randint(1, 3))))
    if "numeric" in kinds:
        for key in rng.sample(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"], rng.randint(1, 2)):
            s[key] = bound(rng)
    if "string" in kinds:
        for key in rng.sample(["minLength", "maxLength", "pattern"], rng.randint(1, 2)):
            s[key] = rng.choice(PATTERNS) if key == "pattern" else rng.randint(0, 3)
    if "array" in kinds:
        if rng.random() < 0.4:
            s["prefixItems"] = [schema(rng, depth - 1, defs) for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.7:
            s["items"] = {"$ref": "#"} if rng.random() < 0.15 else schema(rng, depth - 1, defs)
        for key in rng.sample(["minItems", "maxItems"], rng.randint(0, 2)):
            s[key] = rng.randint(0, 3)
    if "object" in kinds:
        names = rng.sample(NAMES, rng.randint(0, 3))
        s["properties"] = {n: ({"$ref": "#"} if rng.random() < 0.1 else schema(rng, depth - 1, defs)) for n in names}
        if rng.random() < 0.6:
            s["required"] = rng.sample(NAMES, rng.randint(1, 2))
        if rng.random() < 0.5:
            s["additionalProperties"] = rng.choice([False, schema(rng, depth - 1, defs)])
            if s["additionalProperties"] is False:
                s["required"] = [n for n in s.get("required", []) if n in names]
    if "enum" in kinds:
        pool = [None, True, False, 0, 1, 1.0, 2.5, "a", "ab", [], [1], {"a": 1}]
        if rng.random() < 0.5:
            s["enum"] = rng.sample(pool, rng.randint(1, 4))
        else:
            s["const"] = rng.choice(pool)
    if "applicator" in kinds:
        key = rng.choice(["anyOf", "allOf", "oneOf"])
        if key == "oneOf" and rng.random() < 0.6:
            # Branches meant to be disjoint: distinct types or a discriminating const.
            if rng.random() < 0.5:
                s[key] = [{"type": t, **(extra(rng, t) if rng.random() < 0.5 else {})}
                          for t in rng.sample(["null", "boolean", "integer", "string", "array", "object"], 2)]
            else:
                s[key] = [{"type": "object", "properties": {"k": {"const": k}, "a": schema(rng, depth - 1, defs)},
                           "required": ["k"]} for k in ["x", "y"]]
        else:
            s[key] = [schema(rng, depth - 1, defs) for _ in range(rng.randint(1, 3))]
    if "ref" in kinds and defs:
        s["$ref"] = "#/$defs/" + rng.choice(sorted(defs))
    return s


def extra(rng, type_name):
    return {"string": {"maxLength": 2}, "integer": {"minimum": 0}, "array": {"maxItems": 1},
            "object": {"required": ["a"]}}.get(type_name, {})


def value(rng, depth):
    choice = rng.random()
    if depth <= 0 or choice < 0.5:
        return rng.choice([None, True, False, 0, 1, -1, 2, 3, 1.0, 2.0, 0.5, 2.5, -1.5, 4, "a", "ab", 1e2]
                          + STRINGS)
    if choice < 0.75:
        return [value(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    keys = rng.sample(NAMES + ["d", "k"], rng.randint(0, 3))
    obj = {key: value(rng, depth - 1) for key in keys}
    if "k" in obj and rng.random() < 0.7:
        obj["k"] = rng.choice(["x", "y"])
    return obj


def main():
    rng = random.Random(SEED)
    cases = []
    for _ in range(SCHEMAS):
        defs = {}
        for name in rng.sample(["p", "q"], rng.randint(0, 2)):
            defs[name] = schema(rng, 2, {})
        root = schema(rng, 3, defs)
        if isinstance(root, dict) and defs:
            root["$defs"] = defs
        validator = Draft202012Validator(root)
        instances = []
        seen = set()
        for _ in range(INSTANCES * 3):
            data = value(rng, 2)
            text = json.dumps(data, sort_keys=False)
            if text in seen:
                continue
            seen.add(text)
            instances.append({"data": data, "valid": validator.is_valid(data)})
            if len(instances) == INSTANCES:
                break
        cases.append({"schema": root, "tests": instances})
    print(json.dumps(cases, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
