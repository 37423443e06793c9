/// Python's `str()` and `repr()` text for values, which is what `{{ value }}` prints:
/// `None`, `True`, `1.0`, `['a', 1]`, `{'k': 'v'}`, `(1,)`.
enum PythonRepr {
    /// `repr(string)`: single quotes unless the text has a `'` and no `"`; backslash escapes for
    /// `\\`, `\n`, `\r`, `\t` and non-printable characters (`\x07`, `\u200b`, `\U000e0001`).
    static func string(_ text: String) -> String {
        let hasSingle = text.unicodeScalars.contains("'")
        let hasDouble = text.unicodeScalars.contains("\"")
        let quote: Unicode.Scalar = hasSingle && !hasDouble ? "\"" : "'"
        let quoteByte = UInt8(quote.value)
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != quoteByte }) {
            return String(quote) + text + String(quote)
        }
        var result = String.UnicodeScalarView()
        result.append(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case quote, "\\":
                result.append("\\")
                result.append(scalar)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            default:
                if isPrintable(scalar) {
                    result.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16)
                    let width = scalar.value < 0x100 ? 2 : (scalar.value < 0x10000 ? 4 : 8)
                    let prefix = width == 2 ? "\\x" : (width == 4 ? "\\u" : "\\U")
                    result.append(contentsOf: (prefix + String(repeating: "0", count: width - hex.count) + hex).unicodeScalars)
                }
            }
        }
        result.append(quote)
        return String(result)
    }

    /// Python's `str.isprintable` for one character.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return true }
        if scalar.value < 0xA0 { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return true
        }
    }

    /// `repr(float)`: the shortest text that round-trips, in fixed notation when the decimal
    /// exponent is between -4 and 16, otherwise as `1e+16` / `1.5e-05`.
    static func float(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description already holds the shortest round-trip digits; only the layout differs.
        var text = Substring(abs(value).description)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""
        var digits = Array(integerPart + fractionPart)
        var decimalPoint = integerPart.count + exponent // value = 0.digits × 10^decimalPoint
        while digits.first == "0" { digits.removeFirst(); decimalPoint -= 1 }
        while digits.last == "0" { digits.removeLast() }
        if digits.isEmpty { return value.sign == .minus ? "-0.0" : "0.0" }
        let sign = value < 0 ? "-" : ""
        if decimalPoint > -4 && decimalPoint <= 16 {
            if decimalPoint <= 0 {
                return sign + "0." + String(repeating: "0", count: -decimalPoint) + String(digits)
            }
            if decimalPoint >= digits.count {
                return sign + String(digits) + String(repeating: "0", count: decimalPoint - digits.count) + ".0"
            }
            return sign + String(digits[..<decimalPoint]) + "." + String(digits[decimalPoint...])
        }
        var mantissa = String(digits[0])
        if digits.count > 1 { mantissa += "." + String(digits[1...]) }
        let shown = decimalPoint - 1
        let magnitude = String(abs(shown))
        return sign + mantissa + "e" + (shown < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
    }
}

extension Value {
    /// Python's `str(value)`; what `{{ value }}` and `~` produce. Undefined prints as nothing.
    ///
    /// Printing stops once the text passes the output limit; the caller's size check then fails.
    var str: String {
        var text = ""
        write(into: &text, asRepr: false)
        return text
    }

    /// Python's `repr(value)`, used inside list and dict printing.
    var repr: String {
        var text = ""
        write(into: &text, asRepr: true)
        return text
    }

    private func write(into text: inout String, asRepr: Bool) {
        if text.utf8.count > Limits.maximumOutputBytes { return }
        switch self {
        case .undefined: if asRepr { text += "Undefined" }
        case .none: text += "None"
        case .bool(let bool): text += bool ? "True" : "False"
        case .int(let integer): text += String(integer)
        case .double(let double): text += PythonRepr.float(double)
        case .string(let string): text += asRepr ? PythonRepr.string(string) : string
        case .markup(let string): text += asRepr ? "Markup(" + PythonRepr.string(string) + ")" : string
        case .list(let items):
            text += "["
            writeItems(items, into: &text)
            text += "]"
        case .tuple(let items):
            text += "("
            writeItems(items, into: &text)
            text += items.count == 1 ? ",)" : ")"
        case .dict(let dict):
            text += "{"
            for (position, entry) in dict.entries.enumerated() {
                if position > 0 { text += ", " }
                entry.key.write(into: &text, asRepr: true)
                text += ": "
                entry.value.write(into: &text, asRepr: true)
                if text.utf8.count > Limits.maximumOutputBytes { return }
            }
            text += "}"
        case .namespace(let namespace):
            text += "<Namespace "
            Value.dict(namespace.attributes).write(into: &text, asRepr: false)
            text += ">"
        case .loop(let loop): text += "<LoopContext \(loop.index0 + 1)/\(loop.items.count)>"
        case .callable(let callable): text += callable.description
        }
    }

    private func writeItems(_ items: [Value], into text: inout String) {
        for (position, item) in items.enumerated() {
            if position > 0 { text += ", " }
            item.write(into: &text, asRepr: true)
            if text.utf8.count > Limits.maximumOutputBytes { return }
        }
    }
}
