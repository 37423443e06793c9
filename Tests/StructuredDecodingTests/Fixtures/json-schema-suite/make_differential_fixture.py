#!/usr/bin/env python3
"""Random JSON Schemas (2020-12, only keywords JSONSchemaImporter supports, including `not`,
`if`/`then`/`else`, `dependentRequired`/`dependentSchemas`, `patternProperties` on open objects, and on closed objects
`minProperties`/`maxProperties`, `propertyNames`, `patternProperties`, and `uniqueItems` over
disjoint tuples; then, from a second seed so the first cases stay as they were, `propertyNames`
on open objects and `uniqueItems` over a few values) x random instances,
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
KEY_PATTERNS = ["^a", "[bc]", "^c$", "^[a-d]+$", "k"]
STRINGS = ["", "a", "ab", "abc", "b", "cab", "bcbc", "\u00e9", "aaaa"]
TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"]


def bound(rng):
    return rng.choice([rng.randint(-2, 4), rng.randint(-4, 8) / 2])


def schema(rng, depth, defs):
    if depth <= 0 or rng.random() < 0.15:
        return rng.choice([True, False, {}, {"type": rng.choice(TYPES)}]) if rng.random() < 0.3 else {"type": rng.choice(TYPES)}
    s = {}
    kinds = rng.sample(["type", "numeric", "string", "array", "object", "enum", "applicator", "ref", "not", "dependent",
                        "conditional", "closed"], rng.randint(1, 3))
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
        if rng.random() < 0.4:
            # On an open object: keys split by the (possibly overlapping) patterns they match.
            s["patternProperties"] = {p: schema(rng, depth - 1, defs) for p in rng.sample(KEY_PATTERNS, rng.randint(1, 2))}
        if rng.random() < 0.5:
            s["additionalProperties"] = rng.choice([False, schema(rng, depth - 1, defs)])
            if s["additionalProperties"] is False and "patternProperties" not in s:
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
    if "not" in kinds:
        s["not"] = negatable(rng, depth)
    if "dependent" in kinds:
        if rng.random() < 0.5:
            s["dependentRequired"] = {rng.choice(NAMES): rng.sample(NAMES, rng.randint(0, 2))}
        else:
            s["dependentSchemas"] = {rng.choice(NAMES): schema(rng, depth - 1, defs)}
    if "conditional" in kinds:
        s["if"] = negatable(rng, depth)
        for key in rng.sample(["then", "else"], rng.randint(1, 2)):
            s[key] = schema(rng, depth - 1, defs)
    if "closed" in kinds:
        # Object keywords the IR states exactly only when the keys are closed.
        names = rng.sample(NAMES, rng.randint(1, 3))
        s["properties"] = {n: schema(rng, depth - 1, defs) if rng.random() < 0.5 else {} for n in names}
        s["additionalProperties"] = False
        s.pop("required", None)
        extra_kind = rng.choice(["count", "names", "patterns", "unique"])
        if extra_kind == "count":
            for key in rng.sample(["minProperties", "maxProperties"], rng.randint(1, 2)):
                s[key] = rng.randint(0, 3)
        elif extra_kind == "names":
            s["propertyNames"] = rng.choice([{"maxLength": 0}, {"pattern": "^[ab]"}, {"enum": ["a", "c"]}, {"not": {"const": "b"}}])
        elif extra_kind == "patterns":
            # Closed by an `allOf` member: `additionalProperties` beside `patternProperties` would
            # admit the keys the patterns match.
            s["allOf"] = [{"properties": s.pop("properties"), "additionalProperties": s.pop("additionalProperties")}]
            s["patternProperties"] = {rng.choice(["^a", "[bc]", "^c$"]): schema(rng, depth - 1, defs)}
        else:
            s["prefixItems"] = [{"type": t} for t in rng.sample(["null", "boolean", "string", "object"], rng.randint(1, 3))]
            s["items"] = False
            s["uniqueItems"] = True
    if "ref" in kinds and defs:
        s["$ref"] = "#/$defs/" + rng.choice(sorted(defs))
    return s


def negatable(rng, depth):
    """A schema whose complement the importer states exactly."""
    options = [
        lambda: {"type": rng.choice(["null", "boolean", "number", "string", "array", "object"])},
        lambda: {"enum": rng.sample([None, True, 0, 1, 2.5, "a", "ab", ""], rng.randint(1, 3))},
        lambda: {"const": rng.choice([None, False, 1, "a", "b"])},
        lambda: {"required": rng.sample(NAMES, rng.randint(1, 2))},
        lambda: {rng.choice(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]): bound(rng)},
        lambda: {rng.choice(["minLength", "maxLength", "minItems", "maxItems"]): rng.randint(0, 2)},
        lambda: {"properties": {rng.choice(NAMES): negatable(rng, depth - 1) if depth > 0 else {"type": "string"}}},
        lambda: {"anyOf": [negatable(rng, depth - 1) if depth > 0 else {"type": "null"}, {"type": "string"}]},
        lambda: {"properties": {"k": {"const": rng.choice(["x", "y"])}}, "required": ["k"]},
    ]
    return rng.choice(options)()


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
    keys = rng.sample(NAMES + ["d", "k", "ab", "kc"], rng.randint(0, 3))
    obj = {key: value(rng, depth - 1) for key in keys}
    if "k" in obj and rng.random() < 0.7:
        obj["k"] = rng.choice(["x", "y"])
    return obj


KEY_LANGUAGES = [{"maxLength": 1}, {"pattern": "^[ab]"}, {"enum": ["a", "c", "kc"]}, {"not": {"const": "b"}},
                 {"minLength": 2}, {"not": {"pattern": "c"}}, {"type": "string", "maxLength": 2, "pattern": "^k"},
                 False, {"const": "d"}, {"not": {"enum": ["a", "k"]}}]
FEW_VALUES = [{"enum": ["a", "b", 1, 1.0]}, {"type": "boolean"}, {"type": "integer", "minimum": -1, "maximum": 3},
              {"anyOf": [{"const": "a"}, {"type": "null"}, {"enum": [True, 2]}]}, {"enum": [[1], {"a": 1}, [1.0], 0]}]


def open_object(rng):
    """An open object whose other keys `propertyNames` restricts."""
    s = {"type": "object", "propertyNames": rng.choice(KEY_LANGUAGES)}
    names = rng.sample(NAMES, rng.randint(0, 2))
    if names:
        s["properties"] = {n: schema(rng, 1, {}) for n in names}
    if rng.random() < 0.4:
        s["patternProperties"] = {p: schema(rng, 1, {}) for p in rng.sample(KEY_PATTERNS, rng.randint(1, 2))}
    if rng.random() < 0.5:
        s["additionalProperties"] = rng.choice([{"type": "integer"}, {"type": "string"}, True])
    if rng.random() < 0.3:
        s["allOf"] = [{"propertyNames": rng.choice(KEY_LANGUAGES)}]
    return s


def few_values(rng):
    """An array of distinct items drawn from a few values."""
    s = {"type": "array", "items": rng.choice(FEW_VALUES), "uniqueItems": True}
    for key in rng.sample(["minItems", "maxItems"], rng.randint(0, 2)):
        s[key] = rng.randint(0, 3)
    return s


def few_values_instance(rng):
    pool = ["a", "b", 1, 1.0, 2, -1, 0, 3, True, False, None, [1], [1.0], {"a": 1}, {"a": 1.0}]
    return [rng.choice(pool) for _ in range(rng.randint(0, 4))]


def object_instance(rng):
    keys = rng.sample(NAMES + ["d", "k", "ab", "kc", "abc", ""], rng.randint(0, 3))
    return {key: rng.choice([0, 1, "x", None]) for key in keys}


def verdicts(root, draw):
    """Up to INSTANCES distinct instances from `draw()`, each with Python's verdict."""
    validator = Draft202012Validator(root)
    instances = []
    seen = set()
    for _ in range(INSTANCES * 3):
        data = draw()
        text = json.dumps(data, sort_keys=False)
        if text in seen:
            continue
        seen.add(text)
        instances.append({"data": data, "valid": validator.is_valid(data)})
        if len(instances) == INSTANCES:
            break
    return instances


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
        cases.append({"schema": root, "tests": verdicts(root, lambda: value(rng, 2))})
    rng = random.Random(SEED + 1)
    for index in range(80):
        root = open_object(rng) if index % 2 == 0 else few_values(rng)
        make = object_instance if index % 2 == 0 else few_values_instance
        cases.append({"schema": root, "tests": verdicts(root, lambda: make(rng))})
    print(json.dumps(cases, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
