import FMSupport
import Foundation
import StructuredDecoding
import TestSupport

/// Random bounded schemas: every output is short (bounded strings, counts and digits).
struct RandomSchema {
    var random: SplitMix64
    private var graph = SchemaGraph()

    init(random: SplitMix64) { self.random = random }

    mutating func make() -> SchemaGraph {
        graph = SchemaGraph()
        graph.root = node(depth: 0)
        return graph
    }

    /// A random object with member counts (`minProperties`/`maxProperties`) at the root, as the
    /// JSON Schema importer sets them: beside other keys, at most one member beyond the
    /// required ones is demanded.
    mutating func makeCountedObject() -> SchemaGraph {
        graph = SchemaGraph()
        let id = object(depth: 0)
        guard case .object(var object) = graph[id] else { fatalError("not an object") }
        let required = object.properties.filter(\.isRequired).count
        let opensKeys = !object.keyClasses.isEmpty
        object.minProperties = opensKeys ? required + pick(2) : required + pick(object.properties.count - required + 1)
        if pick(3) != 0 { object.maxProperties = max(object.minProperties, required) + pick(2) }
        graph[id] = .object(object)
        graph.root = id
        return graph
    }

    private mutating func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }

    private mutating func node(depth: Int) -> SchemaNode.ID {
        let kinds = depth >= 2 ? 7 : 10
        switch pick(kinds) {
        case 0:
            let lo = pick(200) - 100, width = pick(300)
            let step = [2, 3, 5, 7][pick(4)]
            // A divisor only where the range holds a multiple of it; else sometimes one the
            // values must not be multiples of (`not: {multipleOf: 3}`), where three in a row fit.
            let divisor = width >= step && pick(3) == 0 ? step : nil
            let excluded = divisor == nil && width >= 3 && pick(3) == 0 ? [3] : []
            return graph.add(.integer(IntegerBounds(minimum: lo, maximum: lo + width, multipleOf: divisor, excludedMultiples: excluded)))
        case 1:
            let lo = Double(pick(4000) - 2000) / 8, width = Double(pick(100)) + 0.5
            // Binary fractions as divisors: Python's jsonschema divides in floating point.
            let step = [0.25, 0.5, 2][pick(3)]
            // Every third one only numbers that are not integers (`not: {type: integer}`), then
            // without a divisor of 2, whose multiples are all integers.
            let fractions = pick(3) == 0
            let divisor = width > 2 * step && pick(3) == 0 && !(fractions && step == 2) ? step : nil
            // Without a divisor, sometimes not multiples of 0.5 (any interval holds some).
            return graph.add(
                .number(
                    NumberBounds(
                        minimum: lo, exclusiveMinimum: pick(2) == 0, maximum: lo + width, exclusiveMaximum: pick(2) == 0,
                        multipleOf: divisor, nonIntegersOnly: fractions,
                        excludedMultiples: divisor == nil && pick(3) == 0 ? [0.5] : [])))
        case 2:
            let patterns = [nil, "[a-z]{1,4}", "[A-Z][0-9]{2}", "(?:yes|no|maybe)"]
            let chosen = patterns[pick(patterns.count)]
            // Every third one also must not match a pattern (`not: {pattern: …}`); each leaves
            // strings of every pattern above within the lengths.
            let excluded = pick(3) == 0 ? [".*a.*", "[0-9]*", "y.*"][pick(3)] : nil
            return graph.add(
                .string(
                    StringNode(
                        patterns: chosen.map { [pattern($0)] } ?? [], minLength: pick(2), maxLength: 3 + pick(5),
                        excludedPatterns: excluded.map { [pattern($0)] } ?? [])))
        case 3:
            return graph.add(.string(StringNode(format: pick(2) == 0 ? .date : .uuid)))
        case 4:
            return graph.add(
                .enumeration(
                    [.string("red"), .string("green \"g\""), .number("-1.5"), .null, .bool(true)]
                        .filter { _ in pick(3) != 0 } + [.number("42")]))
        case 5: return graph.add(pick(2) == 0 ? .boolean : .null)
        case 6: return graph.add(.number(NumberBounds(minimum: 0, maximum: 1)))
        case 7 where pick(3) == 0:
            // Distinct values (`uniqueItems` over a few values): each a node of one value.
            let pool: [JSONValue] = [.string("a"), .string("b \"b\""), .number("3"), .number("-2.5"), .null, .bool(true), .bool(false)]
            let values = pool.filter { _ in pick(2) == 0 }
            let distinct = values.map { graph.add(.enumeration([$0])) }
            let min = pick(min(values.count, 2) + 1)
            return graph.add(
                .array(
                    ArrayNode(items: nil, minItems: min, maxItems: pick(2) == 0 ? nil : min + pick(3), distinctItems: distinct)))
        case 7:
            let items = node(depth: depth + 1)
            let min = pick(2)
            return graph.add(
                .array(
                    ArrayNode(
                        prefixItems: pick(3) == 0 ? [node(depth: depth + 1)] : [], items: items,
                        minItems: min, maxItems: min + pick(3) + 1)))
        case 8:
            return object(depth: depth)
        default:
            let a = node(depth: depth + 1), b = node(depth: depth + 1)
            return graph.add(.anyOf([a, b]))
        }
    }

    private mutating func object(depth: Int) -> SchemaNode.ID {
        let count = 1 + pick(3)
        var properties: [ObjectNode.Property] = []
        for i in 0..<count { properties.append(property("p\(i)_\(pick(100))", node(depth: depth + 1), required: pick(3) != 0)) }
        // A named key that the patterns below match stays out of their classes.
        if pick(3) == 0 { properties.append(property("b", node(depth: depth + 1), required: false)) }
        var seen = Set<String>()
        properties = properties.filter { seen.insert($0.name).inserted }
        // With key classes every named property is optional, so the object may close after
        // any member and random walks that keep adding keys can still end.
        let classes = keyClasses(depth: depth)
        if !classes.isEmpty { for i in properties.indices { properties[i].isRequired = false } }
        return graph.add(.object(ObjectNode(properties: properties, keyClasses: classes)))
    }
}

extension RandomSchema {
    /// No key classes, one, or the three of two overlapping bounded patterns (keys matching
    /// only the first, only the second, both), as lowering splits `patternProperties`.
    fileprivate mutating func keyClasses(depth: Int) -> [ObjectNode.KeyClass] {
        let first = pattern("[a-c]{1,3}"), second = pattern("[b-d][0-9]?")
        switch pick(3) {
        case 0: return []
        case 1: return [ObjectNode.KeyClass(matching: [second], node: node(depth: depth + 1))]
        default:
            return [
                ObjectNode.KeyClass(matching: [first], notMatching: [second], node: node(depth: depth + 1)),
                ObjectNode.KeyClass(matching: [second], notMatching: [first], node: node(depth: depth + 1)),
                ObjectNode.KeyClass(matching: [first, second], node: node(depth: depth + 1)),
            ]
        }
    }
}

/// A `SchemaGraph` written as a JSON Schema 2020-12 document (one `$defs` entry per node) for
/// the independent validator.
enum JSONSchemaText {
    static func document(_ graph: SchemaGraph) -> String {
        var defs: [String] = []
        for (id, node) in graph.nodes.enumerated() { defs.append("\"n\(id)\": \(text(node))") }
        return
            ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {\##(defs.joined(separator: ", "))}, "$ref": "#/$defs/n\##(graph.root)"}"##
    }

    private static func ref(_ id: Int) -> String { ##"{"$ref": "#/$defs/n\##(id)"}"## }

    private static func quoted(_ text: String) -> String {
        var out = ""
        JSONStringWriter.writeQuoted(text, to: &out)
        return out
    }

    private static func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : "\(x)" }

    private static func text(_ node: SchemaNode) -> String {
        switch node {
        case .any: return "true"
        case .never: return "false"
        case .null: return #"{"type": "null"}"#
        case .boolean: return #"{"type": "boolean"}"#
        case .integer(let b):
            var parts = [#""type": "integer""#]
            if let lo = b.minimum { parts.append("\"minimum\": \(lo)") }
            if let hi = b.maximum { parts.append("\"maximum\": \(hi)") }
            if let step = b.multipleOf { parts.append("\"multipleOf\": \(step)") }
            let nots = b.excludedMultiples.map { "{\"not\": {\"multipleOf\": \($0)}}" }
            if !nots.isEmpty { parts.append("\"allOf\": [" + nots.joined(separator: ", ") + "]") }
            return "{" + parts.joined(separator: ", ") + "}"
        case .number(let b):
            var parts = [#""type": "number""#]
            if let lo = b.minimum { parts.append("\"\(b.exclusiveMinimum ? "exclusiveMinimum" : "minimum")\": \(number(lo))") }
            if let hi = b.maximum { parts.append("\"\(b.exclusiveMaximum ? "exclusiveMaximum" : "maximum")\": \(number(hi))") }
            if let step = b.multipleOf { parts.append("\"multipleOf\": \(number(step))") }
            var nots = b.excludedMultiples.map { "{\"not\": {\"multipleOf\": \(number($0))}}" }
            if b.nonIntegersOnly { nots.append(#"{"not": {"type": "integer"}}"#) }
            if !nots.isEmpty { parts.append("\"allOf\": [" + nots.joined(separator: ", ") + "]") }
            return "{" + parts.joined(separator: ", ") + "}"
        case .string(let s):
            var parts = [#""type": "string""#, "\"minLength\": \(s.minLength)"]
            if let max = s.maxLength { parts.append("\"maxLength\": \(max)") }
            if let p = s.patterns.first { parts.append("\"pattern\": \(quoted("^(?:\(p.source))$"))") }
            if let f = s.format { parts.append("\"format\": \(quoted(f.rawValue))") }
            let nots = s.excludedPatterns.map { excluded in "{\"not\": {\"pattern\": " + quoted("^(?:" + excluded.source + ")$") + "}}" }
            if !nots.isEmpty { parts.append("\"allOf\": [" + nots.joined(separator: ", ") + "]") }
            return "{" + parts.joined(separator: ", ") + "}"
        case .enumeration(let values):
            return "{\"enum\": [" + values.map(value).joined(separator: ", ") + "]}"
        case .array(let a):
            var parts = [#""type": "array""#, "\"minItems\": \(a.minItems)"]
            if !a.prefixItems.isEmpty { parts.append("\"prefixItems\": [" + a.prefixItems.map(ref).joined(separator: ", ") + "]") }
            if a.distinctItems.isEmpty {
                parts.append("\"items\": " + (a.items.map(ref) ?? "false"))
            } else {
                // Nodes of one distinct value each: the arrays of distinct elements over them.
                parts.append("\"items\": {\"anyOf\": [" + a.distinctItems.map(ref).joined(separator: ", ") + "]}, \"uniqueItems\": true")
            }
            if let max = a.maxItems { parts.append("\"maxItems\": \(max)") }
            return "{" + parts.joined(separator: ", ") + "}"
        case .object(let o):
            let properties = o.properties.map { "\(quoted($0.name)): \(ref($0.node))" }.joined(separator: ", ")
            let required = o.properties.filter(\.isRequired).map { quoted($0.name) }.joined(separator: ", ")
            // A class as one regex: not a named key, matching its patterns and not the others.
            let names = o.properties.map { NSRegularExpression.escapedPattern(for: $0.name) }.joined(separator: "|")
            let classes = o.keyClasses.map { keyClass in
                let regex =
                    "^" + (names.isEmpty ? "" : "(?!(?:\(names))$)") + keyClass.matching.map { "(?=(?:\($0.source))$)" }.joined()
                    + keyClass.notMatching.map { "(?!(?:\($0.source))$)" }.joined()
                return "\(quoted(regex)): \(ref(keyClass.node))"
            }.joined(separator: ", ")
            let counts =
                (o.minProperties > 0 ? ", \"minProperties\": \(o.minProperties)" : "") + (o.maxProperties.map { ", \"maxProperties\": \($0)" } ?? "")
            return
                #"{"type": "object", "properties": {\#(properties)}, "patternProperties": {\#(classes)}, "required": [\#(required)], "additionalProperties": \#(o.additionalProperties.map(ref) ?? "false")\#(counts)}"#
        case .anyOf(let options):
            return "{\"anyOf\": [" + options.map(ref).joined(separator: ", ") + "]}"
        }
    }

    private static func value(_ v: JSONValue) -> String {
        switch v {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let t): t
        case .string(let s): quoted(s)
        case .array(let items): "[" + items.map(value).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\(quoted($0.key)): \(value($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
