/// jinja2's built-in filters that chat templates use, plus transformers' `tojson`.
///
/// Generators in jinja2 (`select`, `map`, `reverse`, …) are lists here: iterating, joining and
/// piping them to `list` give the same result; printing one directly does not (jinja2 prints
/// `<generator object …>`), and `|length` on one works here where jinja2 raises a `TypeError`.
enum Filters {
    static let names: Set<String> = [
        "abs", "attr", "batch", "capitalize", "center", "count", "d", "default", "dictsort", "e", "escape",
        "first", "float", "forceescape", "format", "groupby", "indent", "int", "items", "join", "last", "length",
        "list", "lower", "map", "max", "min", "reject", "rejectattr", "replace", "reverse", "round", "safe",
        "select", "selectattr", "sort", "string", "sum", "title", "tojson", "trim", "truncate", "unique", "upper",
        "wordcount",
    ]

    static func apply(_ name: String, to value: Value, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> Value {
        switch name {
        case "abs":
            _ = try arguments.bind(name, [])
            if case .undefined(let undefined) = value { throw undefined.error }
            switch value.number {
            case .int(let integer)?:
                if integer == .min { throw .limit("integer overflow") }
                return .int(abs(integer))
            case .double(let double)?: return .double(abs(double))
            case nil: throw .type("bad operand type for abs(): '\(value.typeName)'")
            }
        case "attr":
            let attribute = try arguments.bind(name, [("name", nil)])[0]
            guard let attributeName = attribute.text else { throw .type("attribute name must be string") }
            // Unlike `obj.name`, the `attr` filter never falls back to an item of a mapping.
            if case .dict = value, !Methods.dictionary.contains(attributeName), !Methods.unsafeDictionary.contains(attributeName) {
                return .missing(.string(attributeName), of: value)
            }
            return try interpreter.attribute(attributeName, of: value)
        case "capitalize":
            _ = try arguments.bind(name, [])
            return value.sameKind(PyString.capitalize(value.str))
        case "center":
            let width = try arguments.bind(name, [("width", .int(80))])[0]
            guard case .int(let columns) = width else { throw .type("'\(width.typeName)' object cannot be interpreted as an integer") }
            try Limits.checkSize(columns)
            return value.sameKind(Methods.pad(value.str, width: columns, fill: " ", mode: "center"))
        case "count", "length":
            _ = try arguments.bind(name, [])
            return .int(try length(of: value))
        case "d", "default":
            let values = try arguments.bind(name, [("default_value", .string("")), ("boolean", .bool(false))])
            if value.isUndefined || (values[1].isTruthy && !value.isTruthy) { return values[0] }
            return value
        case "e", "escape":
            _ = try arguments.bind(name, [])
            return .markup(value.escapedText)
        case "forceescape":
            _ = try arguments.bind(name, [])
            return .markup(htmlEscape(value.str))
        case "float":
            let fallback = try arguments.bind(name, [("default", .double(0))])[0]
            return toFloat(value) ?? fallback
        case "format":
            if !arguments.keyword.isEmpty {
                var mapping = Dict()
                for (key, item) in arguments.keyword { mapping[key] = item }
                return value.sameKind(try Printf.format(value.str, .dict(mapping), escaping: value.isMarkup))
            }
            return value.sameKind(try Printf.format(value.str, .tuple(arguments.positional), escaping: value.isMarkup))
        case "indent":
            let values = try arguments.bind(name, [("width", .int(4)), ("first", .bool(false)), ("blank", .bool(false))])
            // jinja2 makes the indentation a Markup too when the input is one: nothing is escaped.
            return value.sameKind(try indent(value.str, width: values[0], first: values[1].isTruthy, blank: values[2].isTruthy))
        case "int":
            let values = try arguments.bind(name, [("default", .int(0)), ("base", .int(10))])
            return try toInt(value, base: values[1]) ?? values[0]
        case "items":
            _ = try arguments.bind(name, [])
            switch value {
            case .undefined: return .list([])
            case .dict(let dict): return .list(dict.entries.map { .tuple([$0.key, $0.value]) })
            default: throw .type("Can only get item pairs from a mapping.")
            }
        case "lower":
            _ = try arguments.bind(name, [])
            return value.sameKind(PyString.lower(value.str))
        case "upper":
            _ = try arguments.bind(name, [])
            return value.sameKind(PyString.upper(value.str))
        case "replace":
            let values = try arguments.bind(name, [("old", nil), ("new", nil), ("count", Value.none)])
            var count = -1
            if case .int(let limit) = values[2] { count = limit }
            let result = PyString.replace(value.str, values[0].str, values[1].str, count: count)
            try Limits.checkSize(result.utf8.count)
            return .string(result)
        case "round":
            let values = try arguments.bind(name, [("precision", .int(0)), ("method", .string("common"))])
            return try round(value, precision: values[0], method: values[1])
        case "safe":
            _ = try arguments.bind(name, [])
            return .markup(value.str)
        case "string":
            // jinja2's `soft_str`: a `Markup` stays one.
            _ = try arguments.bind(name, [])
            return value.sameKind(value.str)
        case "title":
            _ = try arguments.bind(name, [])
            return .string(title(value.str))
        case "tojson":
            return try toJSON(value, arguments)
        case "trim":
            let chars = try arguments.bind(name, [("chars", Value.none)])[0]
            if case .none = chars { return value.sameKind(PyString.strip(value.str, nil)) }
            return value.sameKind(PyString.strip(value.str, chars.str))
        case "truncate":
            let values = try arguments.bind(name, [("length", .int(255)), ("killwords", .bool(false)), ("end", .string("...")), ("leeway", .int(5))])
            return value.sameKind(try truncate(value.str, values, escaping: value.isMarkup))
        case "wordcount":
            _ = try arguments.bind(name, [])
            return .int(wordCount(value.str))
        default:
            return try applySequenceFilter(name, to: value, arguments, interpreter: interpreter)
        }
    }

    static func length(of value: Value) throws(ChatTemplateError) -> Int {
        switch value {
        case .undefined: return 0
        case .string(let string), .markup(let string): return PyString.length(string)
        case .list(let items), .tuple(let items): return items.count
        case .dict(let dict): return dict.count
        default: throw .type("object of type '\(value.typeName)' has no len()")
        }
    }

    static func htmlEscape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&#34;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Python's `float(value)`, nil where it raises.
    static func toFloat(_ value: Value) -> Value? {
        if let number = value.number { return .double(number.double) }
        guard let string = value.text else { return nil }
        let trimmed = PyString.strip(string, nil).lowercased()
        switch trimmed {
        case "inf", "+inf", "infinity", "+infinity": return .double(.infinity)
        case "-inf", "-infinity": return .double(-.infinity)
        case "nan", "+nan", "-nan": return .double(.nan)
        default: break
        }
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ "0123456789+-.e_".unicodeScalars.contains($0) }),
            let double = Double(trimmed.replacingOccurrences("_", ""))
        else { return nil }
        return .double(double)
    }

    /// jinja2's `int` filter: `int(value)` (strings in `base`), falling back to `int(float(value))`.
    static func toInt(_ value: Value, base: Value) throws(ChatTemplateError) -> Value? {
        if case .undefined(let undefined) = value { throw undefined.error }
        switch value {
        case .int(let integer): return .int(integer)
        case .bool(let bool): return .int(bool ? 1 : 0)
        case .double(let double):
            guard double.isFinite, abs(double) < 9.2e18 else { return nil }
            return .int(Int(double.rounded(.towardZero)))
        case .string(let string), .markup(let string):
            var radix = 10
            if case .int(let requested) = base { radix = requested }
            var text = PyString.strip(string, nil).replacingOccurrences("_", "")
            var negative = false
            if text.hasPrefix("-") || text.hasPrefix("+") {
                negative = text.hasPrefix("-")
                text.removeFirst()
            }
            let lowered = text.lowercased()
            if (radix == 16 && lowered.hasPrefix("0x")) || (radix == 8 && lowered.hasPrefix("0o")) || (radix == 2 && lowered.hasPrefix("0b")) {
                text.removeFirst(2)
            }
            if (2...36).contains(radix), !text.isEmpty, let integer = Int(text, radix: radix) {
                return .int(negative ? -integer : integer)
            }
            guard let double = toFloat(value), case .double(let number) = double, number.isFinite, abs(number) < 9.2e18 else { return nil }
            return .int(Int(number.rounded(.towardZero)))
        default:
            return nil
        }
    }

    private static func indent(_ text: String, width: Value, first: Bool, blank: Bool) throws(ChatTemplateError) -> String {
        let indentation: String
        switch width {
        case .string(let string), .markup(let string): indentation = string
        case .int(let count):
            try Limits.checkSize(count)
            indentation = String(repeating: " ", count: max(0, count))
        default: throw .type("can't multiply sequence by non-int of type '\(width.typeName)'")
        }
        let lines = PyString.splitLines(text + "\n")
        try Limits.checkRepetition(unit: indentation.utf8.count, times: lines.count)
        var result: String
        if blank {
            result = lines.joined(separator: "\n" + indentation)
        } else {
            result = lines.first ?? ""
            if lines.count > 1 {
                result += "\n" + lines.dropFirst().map { $0.isEmpty ? $0 : indentation + $0 }.joined(separator: "\n")
            }
        }
        if first { result = indentation + result }
        return result
    }

    private static func round(_ value: Value, precision: Value, method: Value) throws(ChatTemplateError) -> Value {
        guard case .string(let mode) = method, ["common", "ceil", "floor"].contains(mode) else {
            throw .type("method must be common, ceil or floor")
        }
        guard case .int(let requested) = precision else { throw .type("'\(precision.typeName)' object cannot be interpreted as an integer") }
        let digits = min(max(requested, -400), 400)
        if case .undefined(let undefined) = value { throw undefined.error }
        guard let number = value.number else { throw .type("type \(value.typeName) doesn't define __round__ method") }
        var scale = 1.0
        for _ in 0..<abs(digits) { scale *= 10 }
        let x = number.double
        if mode == "common" {
            if case .int(let integer) = number, digits >= 0 { return .int(integer) }
            let scaled = digits >= 0 ? x * scale : x / scale
            let rounded = scaled.rounded(.toNearestOrEven)
            return .double(digits >= 0 ? rounded / scale : rounded * scale)
        }
        let scaled = x * LibC.power(10, Double(digits))
        let rounded = mode == "ceil" ? scaled.rounded(.up) : scaled.rounded(.down)
        return .double(rounded / LibC.power(10, Double(digits)))
    }

    /// jinja2's `title`: each word (after `-`, whitespace or an opening bracket) starts upper-case,
    /// the rest is lower-case.
    static func title(_ text: String) -> String {
        var result = ""
        var atWordStart = true
        for scalar in text.unicodeScalars {
            let isSeparator = scalar == "-" || isPythonWhitespace(scalar) || "({[<".unicodeScalars.contains(scalar)
            if isSeparator {
                result.unicodeScalars.append(scalar)
                atWordStart = true
            } else {
                result += atWordStart ? scalar.properties.uppercaseMapping : scalar.properties.lowercaseMapping
                atWordStart = false
            }
        }
        return result
    }

    private static func toJSON(_ value: Value, _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        let values = try arguments.bind(
            "tojson",
            [
                ("ensure_ascii", .bool(false)), ("indent", Value.none), ("separators", Value.none), ("sort_keys", .bool(false)),
            ])
        var dumper = JSONDumper()
        dumper.ensureASCII = values[0].isTruthy
        switch values[1] {
        case .none: break
        case .int(let count):
            try Limits.checkSize(count)
            dumper.indent = String(repeating: " ", count: max(0, count))
        case .string(let unit): dumper.indent = unit
        default: throw .type("indent must be an int or a string")
        }
        if dumper.indent != nil { dumper.itemSeparator = "," }
        switch values[2] {
        case .none: break
        case .list(let pair), .tuple(let pair):
            guard pair.count == 2, case .string(let item) = pair[0], case .string(let key) = pair[1] else {
                throw .type("separators must be a pair of strings")
            }
            dumper.itemSeparator = item
            dumper.keySeparator = key
        default: throw .type("separators must be a pair of strings")
        }
        dumper.sortKeys = values[3].isTruthy
        let text = try dumper.dump(value)
        try Limits.checkSize(text.utf8.count)
        return .string(text)
    }

    /// jinja2's `truncate`; with `escaping` (a `Markup` input) the appended `end` is escaped.
    private static func truncate(_ text: String, _ values: [Value], escaping: Bool) throws(ChatTemplateError) -> String {
        guard case .int(let length) = values[0], case .int(let leeway) = values[3] else { throw .type("truncate expects integers") }
        let end = values[2].str
        let appended = escaping ? values[2].escapedText : end
        let scalars = PyString.scalars(text)
        let endLength = PyString.length(end)
        guard length >= endLength else { throw .type("expected length >= \(endLength), got \(length)") }
        guard leeway >= 0 else { throw .type("expected leeway >= 0, got \(leeway)") }
        if scalars.count <= length + leeway { return text }
        let head = PyString.make(scalars.prefix(length - endLength))
        if values[1].isTruthy { return head + appended }
        let kept = try PyString.rsplit(head, " ", maxSplit: 1)
        return (kept.first ?? "") + appended
    }

    private static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let isWordCharacter = scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWordCharacter && !inWord { count += 1 }
            inWord = isWordCharacter
        }
        return count
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        PyString.replace(self, target, replacement)
    }
}
