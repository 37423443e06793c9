/// JSON text as Apple's `GeneratedContent.jsonString` writes it: `", "` between members and
/// elements, `": "` after keys, numbers as written, strings escaped only where JSON requires
/// (or compact, with bare `,` and `:`).
public enum JSONText {
    /// What goes between elements and after keys.
    public struct Separators: Sendable {
        /// Between members and between elements.
        public var item: String
        /// Between a key and its value.
        public var key: String

        /// `", "` and `": "`, as Apple's `jsonString` writes.
        public static let apple = Separators(item: ", ", key: ": ")
        /// `","` and `":"`.
        public static let compact = Separators(item: ",", key: ":")
    }

    /// `value` as JSON text with `separators`.
    ///
    /// ```swift
    /// JSONText.text(try JSONValue(parsing: #"{"a":[1,2]}"#))  // {"a": [1, 2]}
    /// ```
    public static func text(_ value: JSONValue, separators: Separators = .apple) -> String {
        var output = ""
        write(value, separators, to: &output)
        return output
    }

    /// `text` as a quoted JSON string literal, escaped only where JSON requires (the one
    /// escaper of the package: `JSONStringWriter`).
    ///
    /// ```swift
    /// JSONText.quoted("say \"hi\"\n")   // "say \"hi\"\n"
    /// ```
    public static func quoted(_ text: String) -> String {
        var output = ""
        JSONStringWriter.writeQuoted(text, to: &output)
        return output
    }

    /// `value` on several lines: each member and element on a line of its own, indented by
    /// `indent` per level, `", "`-free (`,` ends a line, `": "` after keys); empty containers stay
    /// `[]` and `{}`.
    ///
    /// ```swift
    /// JSONText.pretty(try JSONValue(parsing: #"{"a":[1]}"#))   // "{\n \"a\": [\n  1\n ]\n}"
    /// ```
    public static func pretty(_ value: JSONValue, indent: String = " ") -> String {
        var output = ""
        writePretty(value, indent: indent, depth: 0, to: &output)
        return output
    }

    private static func writePretty(_ value: JSONValue, indent: String, depth: Int, to output: inout String) {
        let inner = String(repeating: indent, count: depth + 1), outer = String(repeating: indent, count: depth)
        switch value {
        case .array(let items) where !items.isEmpty:
            output += "[\n"
            for (i, item) in items.enumerated() {
                output += (i > 0 ? ",\n" : "") + inner
                writePretty(item, indent: indent, depth: depth + 1, to: &output)
            }
            output += "\n" + outer + "]"
        case .object(let members) where !members.isEmpty:
            output += "{\n"
            for (i, member) in members.enumerated() {
                output += (i > 0 ? ",\n" : "") + inner
                JSONStringWriter.writeQuoted(member.key, to: &output)
                output += ": "
                writePretty(member.value, indent: indent, depth: depth + 1, to: &output)
            }
            output += "\n" + outer + "}"
        default:
            write(value, .apple, to: &output)
        }
    }

    /// The canonical text of `value` (Apple's separators).
    static func canonical(_ value: JSONValue) -> String { text(value) }

    private static func write(_ value: JSONValue, _ separators: Separators, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONStringWriter.writeQuoted(text, to: &output)
        case .array(let items):
            output += "["
            for (i, item) in items.enumerated() {
                if i > 0 { output += separators.item }
                write(item, separators, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { output += separators.item }
                JSONStringWriter.writeQuoted(member.key, to: &output)
                output += separators.key
                write(member.value, separators, to: &output)
            }
            output += "}"
        }
    }
}
