import StructuredDecoding

/// Writes a `JSONValue` in Apple's `GeneratedContent.jsonString` layout (`{"a": 1, "b": [2, 3]}`:
/// `", "` between members and elements, `": "` after keys, no other whitespace), the spelling
/// the `apple` grammar layout accepts. Numbers keep their written text; strings are escaped
/// minimally.
enum JSONLayoutWriter {
    /// The text of `value`.
    static func appleCompact(_ value: JSONValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): JSONStringWriter.writeQuoted(text, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                write(item, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += ", " }
                JSONStringWriter.writeQuoted(member.key, to: &out)
                out += ": "
                write(member.value, to: &out)
            }
            out += "}"
        }
    }
}
