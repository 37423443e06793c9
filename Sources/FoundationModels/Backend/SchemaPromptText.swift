import Foundation
internal import StructuredDecoding

/// The words that show a response's schema to the model, after the prompt.
///
/// The schema is written as a TypeScript type rather than as its JSON Schema document: the
/// decoder enforces every keyword token by token whatever the prompt says, so the prompt only
/// has to tell the model what the answer is about — property names and order, choices, ranges,
/// descriptions — and TypeScript says that in half the tokens (the NPC-encounter schema of
/// `Benchmarks/schemas` on Qwen2.5's tokenizer: 456 tokens as compact JSON, about 225 as a type).
/// Every token here is prefilled before the first token of every structured answer.
///
/// The text goes before the prompt's own words, not after: requests with the same instructions
/// and schema then share a token prefix, which the context pool reuses from an idle context
/// holding it (the server's `json_schema` requests, a game asking for the same `@Generable` type
/// again), so only the question is prefilled.
enum SchemaPromptText {
    /// The words the text opens with.
    static let lead = "Respond with JSON of this TypeScript type:\n"

    /// The text put before a prompt whose response must follow `schema`.
    static func text(for schema: GenerationSchema) -> String {
        lead + SchemaTypeScript(document: schema.jsonValue).text + "\n\n"
    }

    /// Whether `prompt` already opens with a schema's text: a remote model's client
    /// (`RemoteLanguageModel`, `.inMessages`) writes it into the message before it reaches
    /// `fm serve`, which then does not show the schema a second time.
    static func isShown(in prompt: String) -> Bool { prompt.hasPrefix(lead) }
}

/// A JSON Schema document written as TypeScript: named definitions as `type Name = …;` lines,
/// then the root type. Objects are `{"a": T, "b"?: U}` (on several lines with `//` comments when
/// their properties have descriptions), `enum`s and `anyOf` are unions of literals and types,
/// bounds, lengths, patterns and formats are comments. Keywords TypeScript cannot say and this
/// writer does not know are kept as JSON in a comment, so nothing the schema says is dropped.
struct SchemaTypeScript {
    /// The document's definitions (`$defs`, or the older `definitions`) in document order.
    private let definitions: [(name: String, node: JSONValue)]
    /// The root schema.
    private let root: JSONValue

    /// Prepares `document` (a JSON Schema or Apple's dialect of it) for writing.
    init(document: JSONValue) {
        root = document
        var definitions: [(name: String, node: JSONValue)] = []
        for key in ["$defs", "definitions"] {
            if case .object(let members)? = document[key] {
                definitions += members.map { (name: $0.key, node: $0.value) }
            }
        }
        self.definitions = definitions
    }

    /// The TypeScript text.
    var text: String {
        var lines: [String] = []
        for definition in definitions {
            if let description = definition.node["description"]?.stringValue {
                lines.append("// " + Self.oneLine(description))
            }
            lines.append("type \(Self.identifier(definition.name)) = \(topLevel(definition.node));")
        }
        if referencesRoot(root) {
            let name = Self.identifier(root["title"]?.stringValue ?? "Response")
            lines.append("type \(name) = \(topLevel(root));")
            lines.append(name)
        } else {
            if let description = root["description"]?.stringValue {
                lines.append("// " + Self.oneLine(description))
            }
            lines.append(topLevel(root))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Types

    /// A definition's or the root's type, with its notes but not its description (which has a
    /// line of its own above).
    private func topLevel(_ node: JSONValue) -> String {
        let base = typeText(of: node, indent: "", describing: false)
        let notes = notes(for: node, includingDescription: false)
        return notes.isEmpty ? base : base + " /* " + notes.joined(separator: "; ") + " */"
    }

    /// The TypeScript type of `node`, then its notes as a `/* … */` comment when `describing`
    /// (a property's notes go in its line's `//` comment instead).
    private func typeText(of node: JSONValue, indent: String, describing: Bool = true) -> String {
        guard case .object = node else {
            if case .bool(false) = node { return "never" }
            return "any"
        }
        let base = baseType(of: node, indent: indent)
        guard describing else { return base }
        let notes = notes(for: node, includingDescription: true)
        return notes.isEmpty ? base : base + " /* " + notes.joined(separator: "; ") + " */"
    }

    /// The type of `node` without its notes.
    private func baseType(of node: JSONValue, indent: String) -> String {
        if let reference = node["$ref"]?.stringValue { return referencedName(reference) }
        if let values = node["enum"]?.arrayValue, !values.isEmpty {
            return values.map { $0.compactText }.joined(separator: " | ")
        }
        if let value = node["const"] { return value.compactText }
        for key in ["anyOf", "oneOf"] {
            if let choices = node[key]?.arrayValue, !choices.isEmpty {
                return choices.map { parenthesized(typeText(of: $0, indent: indent)) }.joined(separator: " | ")
            }
        }
        if let parts = node["allOf"]?.arrayValue, !parts.isEmpty {
            return parts.map { parenthesized(typeText(of: $0, indent: indent)) }.joined(separator: " & ")
        }
        let types: [String]
        switch node["type"] {
        case .string(let name)?: types = [name]
        case .array(let names)?: types = names.compactMap(\.stringValue)
        default:
            if node["properties"] != nil {
                types = ["object"]
            } else if node["items"] != nil || node["prefixItems"] != nil {
                types = ["array"]
            } else {
                types = []
            }
        }
        guard !types.isEmpty else { return "any" }
        return types.map { name -> String in
            switch name {
            case "object": objectType(node, indent: indent)
            case "array": arrayType(node, indent: indent)
            default: name // string, integer, number, boolean, null
            }
        }.joined(separator: " | ")
    }

    /// `{"a": T, "b"?: U}`, or one property per line when a property has a description.
    private func objectType(_ node: JSONValue, indent: String) -> String {
        guard case .object(let members)? = node["properties"], !members.isEmpty else {
            if let values = node["additionalProperties"], case .object = values {
                return "{[key: string]: \(typeText(of: values, indent: indent))}"
            }
            return "object"
        }
        let order = node["x-order"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let ordered = order.compactMap { key in members.first { $0.key == key } } + members.filter { !order.contains($0.key) }
        let required = Set(node["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let extra: String? = {
            guard let values = node["additionalProperties"], case .object = values else { return nil }
            return "[key: string]: " + typeText(of: values, indent: indent)
        }()
        let multiline = ordered.contains { $0.value["description"] != nil }
        // Keys quoted as the answer will write them: small models follow a type whose keys look
        // like the JSON they must write better than bare identifiers (Gemma 3 270M finished 13
        // of 16 NPC answers within 600 tokens with quoted keys, 10 to 12 with other variants).
        func key(_ name: String) -> String { JSONText.quoted(name) }
        if !multiline {
            var fields = ordered.map { member in
                key(member.key) + (required.contains(member.key) ? "" : "?") + ": " + typeText(of: member.value, indent: indent)
            }
            if let extra { fields.append(extra) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let inner = indent + "  "
        var lines = ordered.map { member -> String in
            let field =
                inner + key(member.key) + (required.contains(member.key) ? "" : "?") + ": "
                + typeText(of: member.value, indent: inner, describing: false) + ","
            let notes = notes(for: member.value, includingDescription: true)
            return notes.isEmpty ? field : field + " // " + notes.joined(separator: "; ")
        }
        if let extra { lines.append(inner + extra + ",") }
        return "{\n" + lines.joined(separator: "\n") + "\n" + indent + "}"
    }

    /// `T[]`, or a tuple `[A, B, ...T[]]` for `prefixItems`.
    private func arrayType(_ node: JSONValue, indent: String) -> String {
        let items =
            node["items"].map { item -> String in
                if case .bool(false) = item { return "" }
                return parenthesized(typeText(of: item, indent: indent)) + "[]"
            } ?? "any[]"
        guard let prefix = node["prefixItems"]?.arrayValue, !prefix.isEmpty else { return items }
        var elements = prefix.map { typeText(of: $0, indent: indent) }
        if !items.isEmpty { elements.append("..." + items) }
        return "[" + elements.joined(separator: ", ") + "]"
    }

    /// A union or intersection in parentheses, so `[]` or another operator binds to all of it.
    private func parenthesized(_ type: String) -> String {
        var depth = 0
        for character in type {
            switch character {
            case "{", "[", "(": depth += 1
            case "}", "]", ")": depth -= 1
            case "|", "&": if depth == 0 { return "(" + type + ")" }
            default: break
            }
        }
        return type
    }

    // MARK: - Notes

    /// What `node` says beyond its type: its description, then ranges, lengths, counts, the
    /// pattern and the format, then any other keyword as JSON.
    private func notes(for node: JSONValue, includingDescription: Bool) -> [String] {
        guard case .object(let members) = node else { return [] }
        var notes: [String] = []
        if includingDescription, let description = node["description"]?.stringValue {
            notes.append(Self.oneLine(description))
        }
        func number(_ key: String) -> String? { node[key].map { $0.compactText } }
        if let low = number("minimum"), let high = number("maximum") {
            notes.append("\(low) to \(high)")
        } else if let low = number("minimum") {
            notes.append("at least \(low)")
        } else if let high = number("maximum") {
            notes.append("at most \(high)")
        }
        if let low = number("exclusiveMinimum") { notes.append("more than \(low)") }
        if let high = number("exclusiveMaximum") { notes.append("less than \(high)") }
        if let step = number("multipleOf") { notes.append("a multiple of \(step)") }
        if let range = Self.range(number("minLength"), number("maxLength"), unit: "characters") { notes.append(range) }
        if let range = Self.range(number("minItems"), number("maxItems"), unit: "items") { notes.append(range) }
        if let range = Self.range(number("minProperties"), number("maxProperties"), unit: "properties") { notes.append(range) }
        if case .bool(true)? = node["uniqueItems"] { notes.append("unique items") }
        if let pattern = node["pattern"]?.stringValue { notes.append("matching /\(pattern)/") }
        if let format = node["format"]?.stringValue { notes.append("format \(format)") }
        let other = members.filter { !Self.writtenKeywords.contains($0.key) }
        if !other.isEmpty { notes.append(JSONValue.object(other).compactText) }
        return notes
    }

    /// The keywords the type or the notes already say, or that say nothing to the model.
    private static let writtenKeywords: Set<String> = [
        "type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "properties", "required", "additionalProperties",
        "x-order", "items", "prefixItems", "description", "title", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties",
        "maxProperties", "uniqueItems", "pattern", "format", "$defs", "definitions", "$schema", "$id", "$comment",
    ]

    /// `1 to 5 items`, `at least 1 item`, `at most 5 items`, or `nil` without bounds.
    private static func range(_ low: String?, _ high: String?, unit: String) -> String? {
        switch (low, high) {
        case let (low?, high?): low == high ? "exactly \(low) \(low == "1" ? String(unit.dropLast()) : unit)" : "\(low) to \(high) \(unit)"
        case let (low?, nil): "at least \(low) \(low == "1" ? String(unit.dropLast()) : unit)"
        case let (nil, high?): "at most \(high) \(high == "1" ? String(unit.dropLast()) : unit)"
        case (nil, nil): nil
        }
    }

    // MARK: - Names

    /// The name a `$ref` points to: a definition's, or the root's for `#`.
    private func referencedName(_ reference: String) -> String {
        for prefix in ["#/$defs/", "#/definitions/"] where reference.hasPrefix(prefix) {
            let name = String(reference.dropFirst(prefix.count))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            return Self.identifier(name.removingPercentEncoding ?? name)
        }
        if reference == "#" { return Self.identifier(root["title"]?.stringValue ?? "Response") }
        return "any"
    }

    /// Whether `node` (outside the definitions) refers to the root with `#`.
    private func referencesRoot(_ node: JSONValue) -> Bool {
        switch node {
        case .object(let members):
            return members.contains { member in
                if member.key == "$ref", member.value.stringValue == "#" { return true }
                return referencesRoot(member.value)
            }
        case .array(let elements):
            return elements.contains { referencesRoot($0) }
        default:
            return false
        }
    }

    /// `name` as a TypeScript identifier: characters other than letters, digits, `_` and `$`
    /// become `_`, and a leading digit gets a `_` before it.
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" ? $0 : "_" })
        if result.isEmpty || result.first!.isNumber { result = "_" + result }
        return result
    }

    /// `text` on one line (a description inside a `//` comment).
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "*/", with: "* /")
    }
}

extension GenerationSchema {
    /// The words a local model's prompt shows this schema with, as a session puts them before a
    /// prompt (`includeSchemaInPrompt`, the default).
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels` (`fm bench-guided` prompts
    /// the engine as a session does, so both measure the same answer); Apple's API has no such
    /// member.
    @_spi(Serving)
    public var promptText: String { SchemaPromptText.text(for: self) }
}
