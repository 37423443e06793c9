/// `json.dumps` as transformers' `tojson` filter calls it:
/// `json.dumps(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False)`.
struct JSONDumper {
    var ensureASCII = false
    /// The indentation unit; nil for single-line output.
    var indent: String? = nil
    var itemSeparator = ", "
    var keySeparator = ": "
    var sortKeys = false

    func dump(_ value: Value) throws(ChatTemplateError) -> String {
        var output = ""
        try write(value, level: 0, into: &output)
        return output
    }

    private func write(_ value: Value, level: Int, into output: inout String) throws(ChatTemplateError) {
        try Limits.checkSize(output.utf8.count)
        switch value {
        case .none: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let integer): output += String(integer)
        case .double(let double): output += Self.float(double)
        case .string(let string), .markup(let string): writeString(string, into: &output)
        case .list(let items), .tuple(let items):
            if items.isEmpty { output += "[]"; return }
            output += "["
            let (separator, closing) = layout(level: level, into: &output)
            for (position, item) in items.enumerated() {
                if position > 0 { output += separator }
                try write(item, level: level + 1, into: &output)
            }
            output += closing + "]"
        case .dict(let dict):
            if dict.isEmpty { output += "{}"; return }
            var entries: [(key: String, value: Value)] = []
            for (key, item) in dict.entries { entries.append((try Self.key(key), item)) }
            if sortKeys { entries.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) } }
            output += "{"
            let (separator, closing) = layout(level: level, into: &output)
            for (position, entry) in entries.enumerated() {
                if position > 0 { output += separator }
                writeString(entry.key, into: &output)
                output += keySeparator
                try write(entry.value, level: level + 1, into: &output)
            }
            output += closing + "}"
        default:
            throw .type("Object of type \(value.typeName) is not JSON serializable")
        }
    }

    /// Writes the newline and indentation after an opening bracket; returns the separator
    /// between items and the text before the closing bracket.
    private func layout(level: Int, into output: inout String) -> (String, String) {
        guard let indent else { return (itemSeparator, "") }
        let inner = "\n" + String(repeating: indent, count: level + 1)
        output += inner
        return (itemSeparator + inner, "\n" + String(repeating: indent, count: level))
    }

    private static func key(_ key: Value) throws(ChatTemplateError) -> String {
        switch key {
        case .string(let string), .markup(let string): return string
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let integer): return String(integer)
        case .double(let double): return float(double)
        case .none: return "null"
        default: throw .type("keys must be str, int, float, bool or None, not \(key.typeName)")
        }
    }

    private static func float(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return PythonRepr.float(value)
    }

    private func writeString(_ string: String, into output: inout String) {
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && (!ensureASCII || $0 < 0x7F) }) {
            output += "\"" + string + "\""
            return
        }
        var scalars = String.UnicodeScalarView()
        scalars.append("\"")
        func escape(_ code: UInt32) {
            let hex = String(code, radix: 16)
            scalars.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": scalars.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": scalars.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": scalars.append(contentsOf: "\\n".unicodeScalars)
            case "\r": scalars.append(contentsOf: "\\r".unicodeScalars)
            case "\t": scalars.append(contentsOf: "\\t".unicodeScalars)
            case "\u{8}": scalars.append(contentsOf: "\\b".unicodeScalars)
            case "\u{C}": scalars.append(contentsOf: "\\f".unicodeScalars)
            default:
                if scalar.value < 0x20 {
                    escape(scalar.value)
                } else if ensureASCII && scalar.value > 0x7E {
                    if scalar.value > 0xFFFF {
                        let offset = scalar.value - 0x10000
                        escape(0xD800 + (offset >> 10))
                        escape(0xDC00 + (offset & 0x3FF))
                    } else {
                        escape(scalar.value)
                    }
                } else {
                    scalars.append(scalar)
                }
            }
        }
        scalars.append("\"")
        output += String(scalars)
    }
}
