/// Decodes the backslash escapes of a jinja2 string literal the way jinja2 does
/// (Python's `unicode-escape` codec): `\n \t \r \\ \' \" \a \b \f \v`, octal `\ooo`, `\xhh`,
/// `\uhhhh`, `\Uhhhhhhhh`, and a backslash-newline continuation. An unknown escape such as `\d`
/// is kept as written.
enum StringEscapes {
    static func decode(_ body: String, line: Int) throws(ChatTemplateError) -> String {
        guard body.unicodeScalars.contains("\\") else { return body }
        let scalars = Array(body.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            let escape = scalars[index + 1]
            index += 2
            switch escape {
            case "\n": break
            case "\\": result.append("\\")
            case "'": result.append("'")
            case "\"": result.append("\"")
            case "a": result.append("\u{7}")
            case "b": result.append("\u{8}")
            case "f": result.append("\u{C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "v": result.append("\u{B}")
            case "0"..."7":
                var value = escape.value - 0x30
                var count = 1
                while count < 3, index < scalars.count, ("0"..."7").contains(scalars[index]) {
                    value = value * 8 + scalars[index].value - 0x30
                    index += 1
                    count += 1
                }
                result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case "x", "u", "U":
                let width = escape == "x" ? 2 : (escape == "u" ? 4 : 8)
                var value: UInt32 = 0
                guard index + width <= scalars.count else {
                    throw .syntax("truncated \\\(escape) escape in string literal", line: line)
                }
                for digit in scalars[index..<index + width] {
                    guard digit.isASCII, let digitValue = hexDigitValue(UInt8(digit.value)) else {
                        throw .syntax("truncated \\\(escape) escape in string literal", line: line)
                    }
                    value = value * 16 + UInt32(digitValue)
                }
                index += width
                guard let decoded = Unicode.Scalar(value) else {
                    throw .syntax("illegal Unicode character in string literal", line: line)
                }
                result.append(decoded)
            default:
                result.append("\\")
                result.append(escape)
            }
        }
        return String(result)
    }
}
