/// jinja2's tests, used as `value is name(args)`.
enum Tests {
    static let names: Set<String> = [
        "defined", "undefined", "none", "boolean", "true", "false", "integer", "float", "number", "string",
        "mapping", "sequence", "iterable", "callable", "odd", "even", "divisibleby", "sameas", "escaped",
        "lower", "upper", "in", "eq", "equalto", "==", "ne", "!=", "lt", "lessthan", "<", "le", "<=",
        "gt", "greaterthan", ">", "ge", ">=", "filter", "test",
    ]

    static func run(_ name: String, on value: Value, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> Bool {
        func argument() throws(ChatTemplateError) -> Value {
            try arguments.bind(name, [("other", nil)])[0]
        }
        switch name {
        case "defined": return !value.isUndefined
        case "undefined": return value.isUndefined
        case "none":
            if case .none = value { return true }
            return false
        case "boolean":
            if case .bool = value { return true }
            return false
        case "true":
            if case .bool(true) = value { return true }
            return false
        case "false":
            if case .bool(false) = value { return true }
            return false
        case "integer":
            if case .int = value { return true }
            return false
        case "float":
            if case .double = value { return true }
            return false
        case "number": return value.number != nil
        case "string": return value.text != nil
        case "mapping":
            if case .dict = value { return true }
            return false
        case "sequence":
            switch value {
            case .string, .markup, .list, .tuple, .dict: return true
            default: return false
            }
        case "iterable":
            switch value {
            case .string, .markup, .list, .tuple, .dict, .undefined, .loop: return true
            default: return false
            }
        case "callable":
            switch value {
            case .callable, .undefined: return true
            default: return false
            }
        case "odd", "even":
            let remainder = try Value.arithmetic(.modulo, value, .int(2))
            return Value.pyEquals(remainder, .int(name == "odd" ? 1 : 0))
        case "divisibleby":
            return Value.pyEquals(try Value.arithmetic(.modulo, value, try argument()), .int(0))
        case "sameas":
            let other = try argument()
            switch (value, other) {
            case (.namespace(let a), .namespace(let b)): return a === b
            case (.none, .none): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.list, _), (.dict, _), (.tuple, _): return false
            default: return Value.pyEquals(value, other) && value.typeName == other.typeName
            }
        case "escaped": return value.isMarkup
        case "lower", "upper":
            let cased = value.str.unicodeScalars.filter(\.properties.isCased)
            return !cased.isEmpty && cased.allSatisfy { name == "upper" ? !$0.properties.isLowercase : !$0.properties.isUppercase }
        case "in": return try argument().pyContains(value)
        case "eq", "equalto", "==": return try Value.compare(.equal, value, argument())
        case "ne", "!=": return try Value.compare(.notEqual, value, argument())
        case "lt", "lessthan", "<": return try Value.compare(.less, value, argument())
        case "le", "<=": return try Value.compare(.lessOrEqual, value, argument())
        case "gt", "greaterthan", ">": return try Value.compare(.greater, value, argument())
        case "ge", ">=": return try Value.compare(.greaterOrEqual, value, argument())
        case "filter":
            guard let filterName = value.text else { return false }
            return Filters.names.contains(filterName)
        case "test":
            guard let testName = value.text else { return false }
            return names.contains(testName)
        default:
            throw .type("No test named '\(name)' found.")
        }
    }
}
