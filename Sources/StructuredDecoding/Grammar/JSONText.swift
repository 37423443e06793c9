/// JSON text as Apple's `GeneratedContent.jsonString` writes it: `", "` between members and
/// elements, `": "` after keys, numbers as written, strings escaped only where JSON requires.
enum JSONText {
    /// `text` as a quoted JSON string literal.
    static func quoted(_ text: String) -> String {
        var output = ""
        JSONStringWriter.writeQuoted(text, to: &output)
        return output
    }

    /// The canonical text of `value`.
    static func canonical(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONStringWriter.writeQuoted(text, to: &output)
        case .array(let items):
            output += "["
            for (i, item) in items.enumerated() {
                if i > 0 { output += ", " }
                write(item, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { output += ", " }
                JSONStringWriter.writeQuoted(member.key, to: &output)
                output += ": "
                write(member.value, to: &output)
            }
            output += "}"
        }
    }
}
