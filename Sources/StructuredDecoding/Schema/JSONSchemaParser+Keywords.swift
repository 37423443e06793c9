extension JSONSchemaParser {
    /// The `type` keyword: one name or an array of unique names.
    static func types(_ value: JSONValue, at pointer: String) throws(JSONSchemaImportError) -> JSONSchemaTypes {
        let expected = "a type name or an array of unique type names"
        let names: [String]
        switch value {
        case .string(let name): names = [name]
        case .array: names = try uniqueStrings(value, "type", pointer)
        default: throw invalid("type", expected, pointer)
        }
        var types: JSONSchemaTypes = []
        for name in names {
            guard let named = JSONSchemaTypes(name: name) else { throw invalid("type", expected, pointer) }
            types.formUnion(named)
        }
        return types
    }

    /// A numeric keyword's exact value.
    static func number(_ value: JSONValue, _ keyword: String, _ pointer: String) throws(JSONSchemaImportError) -> JSONSchemaDecimal {
        guard case .number(let text) = value else { throw invalid(keyword, "a number", pointer) }
        guard let number = JSONSchemaDecimal(text) else {
            throw JSONSchemaImportError(.boundOutOfRange(keyword: keyword, value: text), at: pointer)
        }
        return number
    }

    /// A length or count keyword: a non-negative integer (`2.0` counts as one).
    static func count(_ value: JSONValue, _ keyword: String, _ pointer: String) throws(JSONSchemaImportError) -> Int {
        let number = try number(value, keyword, pointer)
        guard number.isInteger, !number.isNegative else { throw invalid(keyword, "a non-negative integer", pointer) }
        guard let count = number.roundedToInt(up: false) else {
            throw JSONSchemaImportError(.boundOutOfRange(keyword: keyword, value: number.description), at: pointer)
        }
        return count
    }

    /// A `pattern`: parsed on its own (so its errors and offsets are its own), then framed as
    /// `[\s\S]*(?:p)[\s\S]*` so the IR's whole-match reading means ECMAScript's search.
    static func pattern(_ value: JSONValue, _ pointer: String) throws(JSONSchemaImportError) -> RegexPattern {
        guard case .string(let source) = value else { throw invalid("pattern", "a string", pointer) }
        do {
            _ = try RegexPattern(source)
            return try RegexPattern(#"[\s\S]*(?:"# + source + #")[\s\S]*"#)
        } catch {
            throw JSONSchemaImportError(.invalidPattern(pattern: source, error: error), at: pointer)
        }
    }

    /// An array of unique strings (`required`, `x-order`, `type` lists).
    static func uniqueStrings(_ value: JSONValue, _ keyword: String, _ pointer: String) throws(JSONSchemaImportError) -> [String] {
        let expected = "an array of unique strings"
        guard case .array(let items) = value else { throw invalid(keyword, expected, pointer) }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw invalid(keyword, expected, pointer) }
            strings.append(text)
        }
        if firstDuplicate(strings) != nil { throw invalid(keyword, expected, pointer) }
        return strings
    }

    /// The first string that repeats an earlier one code point for code point (see `ExactString`).
    static func firstDuplicate(_ strings: [String]) -> String? {
        if strings.count <= 16 {
            for j in strings.indices.dropFirst() {
                for i in 0..<j where strings[i].isExactly(strings[j]) { return strings[j] }
            }
            return nil
        }
        var seen = Set<ExactString>()
        for string in strings where !seen.insert(ExactString(string)).inserted { return string }
        return nil
    }

    /// Reorders `properties` by Apple's `x-order` (names it omits keep their written order after
    /// it); a name that is not a property is an error.
    static func apply(order: [String], to schema: inout JSONSchemaDraft) throws(JSONSchemaImportError) {
        var ordered: [(name: String, draft: JSONSchemaDraft.ID)] = []
        for name in order {
            guard let draft = schema.property(named: name) else {
                throw invalid("x-order", "an array of names from `properties`", schema.pointer + "/x-order")
            }
            ordered.append((name, draft))
        }
        for property in schema.properties where !order.contains(where: { $0.utf8.elementsEqual(property.name.utf8) }) {
            ordered.append(property)
        }
        schema.properties = ordered
    }

    /// Checks a keyword the draft defines that is not a constraint: annotations must have their
    /// documented shape and are then dropped; assertions we do not enforce are refused.
    func checkAnnotation(_ keyword: String, _ value: JSONValue, at pointer: String, isRoot: Bool) throws(JSONSchemaImportError) {
        switch keyword {
        case "title", "description", "$comment", "contentMediaType", "contentEncoding":
            guard case .string = value else { throw Self.invalid(keyword, "a string", pointer) }
            if keyword.hasPrefix("content"), dialect == .draft7, refusesUnknownFormats {
                // Draft-07 lets content keywords assert; a caller asserting optional vocabularies is refused.
                throw JSONSchemaImportError(.unsupportedKeyword(keyword), at: pointer)
            }
        case "default", "contentSchema", "$vocabulary": break
        case "minContains", "maxContains":
            // They only qualify `contains`, which is refused.
            _ = try Self.count(value, keyword, pointer)
        case "examples":
            guard case .array = value else { throw Self.invalid(keyword, "an array", pointer) }
        case "deprecated", "readOnly", "writeOnly", "$recursiveAnchor":
            guard case .bool = value else { throw Self.invalid(keyword, "a boolean", pointer) }
        case "$schema":
            guard case .string(let uri) = value else { throw Self.invalid(keyword, "a string", pointer) }
            // The root's names the document's draft; an embedded resource may not switch drafts.
            guard JSONSchemaDialect(uri: uri) == dialect else { throw JSONSchemaImportError(.unsupportedDialect(uri), at: pointer) }
        case "$id", "id", "$anchor", "$dynamicAnchor":
            // Read by `JSONSchemaResources` before parsing.
            guard case .string = value else { throw Self.invalid(keyword, "a string", pointer) }
        default:
            throw JSONSchemaImportError(.unsupportedKeyword(keyword), at: pointer)
        }
    }

    /// A keyword the draft does not define: an annotation (the specification says to ignore
    /// it), refused when strict.
    mutating func ignoreUnknown(_ keyword: String, at pointer: String) throws(JSONSchemaImportError) {
        if isStrict { throw JSONSchemaImportError(.unknownKeyword(keyword), at: pointer) }
        if let other = JSONSchemaDialect.allCases.first(where: { $0.defines(keyword) }) {
            warnings.append(
                JSONSchemaImportWarning(
                    "`\(keyword)` is not a \(dialect.rawValue) keyword (it is one in \(other.rawValue)); ignored as an annotation",
                    keyword: keyword, at: pointer))
        }
    }

    /// `format`: a `StringFormat` is enforced on strings; `int32`/`int64` bound numbers; any
    /// other name is an annotation (with a warning), refused when strict.
    mutating func readFormat(_ value: JSONValue, at pointer: String, into schema: inout JSONSchemaDraft) throws(JSONSchemaImportError) {
        guard case .string(let name) = value else { throw Self.invalid("format", "a string", pointer) }
        if let format = StringFormat(rawValue: name) {
            schema.format = format
            return
        }
        let ranges: [String: (Int, Int)] = ["int32": (Int(Int32.min), Int(Int32.max)), "int64": (Int.min, Int.max)]
        if let (low, high) = ranges[name] {
            schema.lowerBounds.append(.init(value: JSONSchemaDecimal(low), isExclusive: false, keyword: "format", pointer: pointer))
            schema.upperBounds.append(.init(value: JSONSchemaDecimal(high), isExclusive: false, keyword: "format", pointer: pointer))
            return
        }
        if refusesUnknownFormats { throw JSONSchemaImportError(.unsupportedFormat(name), at: pointer) }
        warnings.append(
            JSONSchemaImportWarning(
                "format `\(name)` is not enforced: unknown formats are annotations", keyword: "format", at: pointer))
    }

    /// An `invalidKeywordValue` error.
    static func invalid(_ keyword: String, _ expected: String, _ pointer: String) -> JSONSchemaImportError {
        JSONSchemaImportError(.invalidKeywordValue(keyword: keyword, expected: expected), at: pointer)
    }

    /// A key as a JSON-pointer token (`~` -> `~0`, `/` -> `~1`).
    static func escape(_ key: String) -> String {
        JSONSchemaPointer.escape(key)
    }

    /// A URI fragment with `%XX` escapes decoded as UTF-8, or `nil` if malformed.
    static func percentDecoded(_ fragment: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = Array(fragment.utf8)[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
