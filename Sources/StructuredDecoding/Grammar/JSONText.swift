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
