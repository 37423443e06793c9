/// The two Python string formatting styles templates use: `"%s and %d" % (a, b)` (also the
/// `format` filter) and `"{} and {name}".format(a, name=b)`. Conversions supported: `%s %r %d
/// %i %f %%`; replacement fields `{}`, `{0}`, `{name}` and `{{ }}` escapes. Format specs after
/// `:` are not supported and raise an error.
enum Printf {
    /// `template % values`; with `escaping` (a `Markup` template) what `%s`, `%r` and `%a` insert is
    /// HTML-escaped unless it is a `Markup` itself, as `Markup.__mod__` does.
    static func format(_ template: String, _ values: Value, escaping: Bool = false) throws(ChatTemplateError) -> String {
        var arguments: [Value]
        var mapping: Dict? = nil
        switch values {
        case .tuple(let items): arguments = items
        case .dict(let dict): arguments = [values]; mapping = dict
        default: arguments = [values]
        }
        var result = ""
        var next = 0
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
            guard var conversion = scalars.next() else { throw .type("incomplete format") }
            var key: String? = nil
            if conversion == "(" {
                var name = ""
                while let character = scalars.next(), character != ")" { name.unicodeScalars.append(character) }
                key = name
                guard let following = scalars.next() else { throw .type("incomplete format") }
                conversion = following
            }
            if conversion == "%" { result += "%"; continue }
            let value: Value
            if let key {
                guard let mapping, let found = mapping[key] else { throw .type("format requires a mapping") }
                value = found
            } else {
                guard next < arguments.count else { throw .type("not enough arguments for format string") }
                value = arguments[next]
                next += 1
            }
            switch conversion {
            case "s": result += escaping ? value.escapedText : value.str
            case "r", "a": result += escaping ? Filters.htmlEscape(value.repr) : value.repr
            case "d", "i":
                switch value.number {
                case .int(let integer)?: result += String(integer)
                case .double(let double)?:
                    guard double.isFinite, abs(double) < 9.2e18 else { throw .type("cannot convert float \(PythonRepr.float(double)) to integer") }
                    result += String(Int(double.rounded(.towardZero)))
                case nil: throw .type("%\(conversion) format: a real number is required, not \(value.typeName)")
                }
            case "f":
                guard let number = value.number else { throw .type("must be real number, not \(value.typeName)") }
                result += fixed(number.double, digits: 6)
            default:
                throw .type("unsupported format character '\(conversion)'")
            }
        }
        if mapping == nil && next < arguments.count {
            throw .type("not all arguments converted during string formatting")
        }
        return result
    }

    /// `value` with exactly `digits` decimals (`%.6f`), rounding half to even on the exact binary value.
    static func fixed(_ value: Double, digits: Int) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrEven)
        guard scaled < 9e18 else { return PythonRepr.float(value) }
        let integer = Int(scaled)
        var text = String(integer)
        if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
        let split = text.index(text.endIndex, offsetBy: -digits)
        let body = digits > 0 ? text[..<split] + "." + text[split...] : Substring(text)
        return (value < 0 || (value == 0 && value.sign == .minus) ? "-" : "") + body
    }

    /// `str.format(*args, **kwargs)` without format specs.
    static func braceFormat(_ template: String, _ arguments: Arguments) throws(ChatTemplateError) -> String {
        var result = ""
        let scalars = Array(template.unicodeScalars)
        var index = 0
        var automatic = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "}" {
                guard index + 1 < scalars.count, scalars[index + 1] == "}" else { throw .type("Single '}' encountered in format string") }
                result += "}"
                index += 2
                continue
            }
            guard scalar == "{" else { result.unicodeScalars.append(scalar); index += 1; continue }
            if index + 1 < scalars.count, scalars[index + 1] == "{" { result += "{"; index += 2; continue }
            guard let close = scalars[index...].firstIndex(of: "}") else { throw .type("Single '{' encountered in format string") }
            let field = PyString.make(scalars[(index + 1)..<close])
            if field.unicodeScalars.contains(":") || field.unicodeScalars.contains("!") {
                throw .type("format specifications in str.format are not supported")
            }
            let value: Value
            if field.isEmpty {
                guard automatic < arguments.positional.count else {
                    throw .type("Replacement index \(automatic) out of range for positional args tuple")
                }
                value = arguments.positional[automatic]
                automatic += 1
            } else if let position = Int(field) {
                guard position >= 0, position < arguments.positional.count else {
                    throw .type("Replacement index \(position) out of range for positional args tuple")
                }
                value = arguments.positional[position]
            } else {
                guard let found = arguments.keyword.first(where: { $0.name == field }) else { throw .type("KeyError: '\(field)'") }
                value = found.value
            }
            result += value.str
            index = close + 1
        }
        return result
    }
}
