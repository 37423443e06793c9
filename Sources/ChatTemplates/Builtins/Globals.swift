/// The global functions a chat template can call: jinja2's `range`, `dict`, `namespace`, and
/// transformers' `raise_exception` and `strftime_now`.
enum Globals {
    static let names: Set<String> = ["range", "dict", "namespace", "raise_exception", "strftime_now"]

    static func call(_ name: String, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> Value {
        switch name {
        case "range": return try range(arguments)
        case "dict": return try .dict(dictionary(arguments, function: "dict")).checkedNesting()
        case "namespace":
            let namespace = Namespace()
            namespace.attributes = try dictionary(arguments, function: "namespace")
            return .namespace(namespace)
        case "raise_exception":
            let values = try arguments.bind("raise_exception", [("message", nil)])
            throw ChatTemplateError(kind: .raised, message: values[0].str, line: 0)
        case "strftime_now":
            let values = try arguments.bind("strftime_now", [("format", nil)])
            guard let format = values[0].text else {
                throw .type("strftime() argument 1 must be str, not \(values[0].typeName)")
            }
            guard let text = LibC.formatNow(format) else { throw .type("strftime_now: the formatted date is too long") }
            return .string(text)
        default:
            throw .type("'\(name)' is not callable")
        }
    }

    /// `range(stop)` / `range(start, stop[, step])`, capped like jinja2's sandbox.
    private static func range(_ arguments: Arguments) throws(ChatTemplateError) -> Value {
        if !arguments.keyword.isEmpty { throw .type("range() takes no keyword arguments") }
        var bounds: [Int] = []
        for value in arguments.positional {
            switch value {
            case .int(let integer): bounds.append(integer)
            case .bool(let bool): bounds.append(bool ? 1 : 0)
            case .undefined(let undefined): throw undefined.error
            default: throw .type("'\(value.typeName)' object cannot be interpreted as an integer")
            }
        }
        let start, stop, step: Int
        switch bounds.count {
        case 1: (start, stop, step) = (0, bounds[0], 1)
        case 2: (start, stop, step) = (bounds[0], bounds[1], 1)
        case 3: (start, stop, step) = (bounds[0], bounds[1], bounds[2])
        case 0: throw .type("range expected at least 1 argument, got 0")
        default: throw .type("range expected at most 3 arguments, got \(bounds.count)")
        }
        if step == 0 { throw .type("range() arg 3 must not be zero") }
        let span = step > 0 ? Double(stop) - Double(start) : Double(start) - Double(stop)
        let estimate = span <= 0 ? 0 : ((span - 1) / Double(step.magnitude)).rounded(.down) + 1
        if estimate > Double(Limits.maximumRange) {
            throw .limit("Range too big. The sandbox blocks ranges larger than MAX_RANGE (\(Limits.maximumRange)).")
        }
        let count = Int(estimate)
        return .list((0..<count).map { .int(start + $0 * step) })
    }

    /// `dict(mapping_or_pairs, **kwargs)`.
    static func dictionary(_ arguments: Arguments, function: String) throws(ChatTemplateError) -> Dict {
        var dict = Dict()
        if arguments.positional.count > 1 {
            throw .type("\(function) expected at most 1 argument, got \(arguments.positional.count)")
        }
        if let source = arguments.positional.first {
            switch source {
            case .dict(let other):
                dict = other
            case .list(let pairs), .tuple(let pairs):
                for pair in pairs {
                    guard case .list(let items) = pair, items.count == 2 else {
                        guard case .tuple(let items) = pair, items.count == 2 else {
                            throw .type("cannot convert dictionary update sequence element to a sequence of length 2")
                        }
                        try dict.set(items[0], items[1])
                        continue
                    }
                    try dict.set(items[0], items[1])
                }
            default:
                throw .type("'\(source.typeName)' object is not iterable")
            }
        }
        for (name, value) in arguments.keyword { dict[name] = value }
        return dict
    }
}
