/// Writes JSON string literals the way both the decoder and Apple's `jsonString` spell them:
/// only what JSON requires is escaped (`"`, `\\`, control characters, with the short forms
/// `\n \r \t \b \f`); `/` and non-ASCII characters are written as they are.
public enum JSONStringWriter {
    /// Appends `text` as a quoted JSON string literal to `output`.
    public static func writeQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
