/// Python's operators on values: equality, ordering, membership and arithmetic, with Python's
/// error messages for type mismatches.
extension Value {
    /// The numeric view of bools, ints and floats (`True + 1 == 2`).
    enum Number {
        case int(Int)
        case double(Double)

        var double: Double {
            switch self {
            case .int(let integer): return Double(integer)
            case .double(let double): return double
            }
        }
    }

    var number: Number? {
        switch self {
        case .bool(let bool): return .int(bool ? 1 : 0)
        case .int(let integer): return .int(integer)
        case .double(let double): return .double(double)
        default: return nil
        }
    }

    /// Python `==`.
    static func pyEquals(_ lhs: Value, _ rhs: Value) -> Bool {
        if let left = lhs.number, let right = rhs.number {
            if case .int(let a) = left, case .int(let b) = right { return a == b }
            return left.double == right.double
        }
        if let a = lhs.text, let b = rhs.text { return a.utf8.elementsEqual(b.utf8) }
        switch (lhs, rhs) {
        case (.undefined, .undefined), (.none, .none): return true
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { pyEquals($0, $1) }
        case (.dict(let a), .dict(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a.entries {
                guard let other = b.lookup(key), pyEquals(value, other) else { return false }
            }
            return true
        case (.namespace(let a), .namespace(let b)): return a === b
        case (.loop(let a), .loop(let b)): return a === b
        default: return false
        }
    }

    /// Python `<` (and, through it, `<=`, `>`, `>=`).
    static func pyLess(_ lhs: Value, _ rhs: Value, symbol: String = "<") throws(ChatTemplateError) -> Bool {
        if case .undefined(let undefined) = lhs { throw undefined.error }
        if case .undefined(let undefined) = rhs { throw undefined.error }
        if let left = lhs.number, let right = rhs.number {
            if case .int(let a) = left, case .int(let b) = right { return a < b }
            return left.double < right.double
        }
        if let a = lhs.text, let b = rhs.text { return a.utf8.lexicographicallyPrecedes(b.utf8) }
        switch (lhs, rhs) {
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)):
            for (x, y) in zip(a, b) where !pyEquals(x, y) { return try pyLess(x, y, symbol: symbol) }
            return a.count < b.count
        default:
            throw .type("'\(symbol)' not supported between instances of '\(lhs.typeName)' and '\(rhs.typeName)'")
        }
    }

    static func compare(_ op: ComparisonOperator, _ lhs: Value, _ rhs: Value) throws(ChatTemplateError) -> Bool {
        switch op {
        case .equal: return pyEquals(lhs, rhs)
        case .notEqual: return !pyEquals(lhs, rhs)
        case .less: return try pyLess(lhs, rhs, symbol: "<")
        case .lessOrEqual: return try pyLess(lhs, rhs, symbol: "<=") || pyEquals(lhs, rhs)
        case .greater: return try pyLess(rhs, lhs, symbol: ">")
        case .greaterOrEqual: return try pyLess(rhs, lhs, symbol: ">=") || pyEquals(lhs, rhs)
        case .contains: return try rhs.pyContains(lhs)
        case .notContains: return try !rhs.pyContains(lhs)
        }
    }

    /// Python `item in self`.
    func pyContains(_ item: Value) throws(ChatTemplateError) -> Bool {
        switch self {
        case .undefined: return false
        case .list(let items), .tuple(let items): return items.contains { Value.pyEquals($0, item) }
        case .dict(let dict):
            if HashKey(item) == nil { throw .type("unhashable type: '\(item.typeName)'") }
            return dict.lookup(item) != nil
        case .string(let string), .markup(let string):
            guard let needle = item.text else {
                if case .undefined(let undefined) = item { throw undefined.error }
                throw .type("'in <string>' requires string as left operand, not \(item.typeName)")
            }
            return PyString.find(string, needle) != nil
        default:
            throw .type("argument of type '\(typeName)' is not iterable")
        }
    }

    /// Python's binary arithmetic.
    static func arithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws(ChatTemplateError) -> Value {
        if case .undefined(let undefined) = lhs { throw undefined.error }
        if case .undefined(let undefined) = rhs { throw undefined.error }
        if let left = lhs.number, let right = rhs.number { return try numeric(op, left, right) }
        if op == .add, let markup = try markupConcatenation(lhs, rhs) { return markup }
        switch (op, lhs, rhs) {
        case (.add, .string(let a), .string(let b)):
            try Limits.checkSize(a.utf8.count + b.utf8.count)
            return .string(a + b)
        case (.add, .list(let a), .list(let b)): return .list(a + b)
        case (.add, .tuple(let a), .tuple(let b)): return .tuple(a + b)
        case (.multiply, .string, .bool), (.multiply, .string, .int), (.multiply, .list, .bool), (.multiply, .list, .int),
            (.multiply, .tuple, .bool), (.multiply, .tuple, .int):
            return try repeated(lhs, rhs.integerValue ?? 0)
        case (.multiply, .bool, .string), (.multiply, .int, .string), (.multiply, .bool, .list), (.multiply, .int, .list),
            (.multiply, .bool, .tuple), (.multiply, .int, .tuple):
            return try repeated(rhs, lhs.integerValue ?? 0)
        case (.multiply, .markup, .bool), (.multiply, .markup, .int):
            return try repeated(lhs, rhs.integerValue ?? 0)
        case (.multiply, .bool, .markup), (.multiply, .int, .markup):
            return try repeated(rhs, lhs.integerValue ?? 0)
        case (.modulo, .string(let format), _):
            return .string(try Printf.format(format, rhs))
        case (.modulo, .markup(let format), _):
            // `Markup.__mod__` escapes what `%s` and `%r` insert.
            return .markup(try Printf.format(format, rhs, escaping: true))
        default:
            break
        }
        if op == .add, case .string = lhs { throw .type("can only concatenate str (not \"\(rhs.typeName)\") to str") }
        if op == .add, case .list = lhs { throw .type("can only concatenate list (not \"\(rhs.typeName)\") to list") }
        if op == .add, case .tuple = lhs { throw .type("can only concatenate tuple (not \"\(rhs.typeName)\") to tuple") }
        let symbol = op == .power ? "** or pow()" : op.rawValue
        throw .type("unsupported operand type(s) for \(symbol): '\(lhs.typeName)' and '\(rhs.typeName)'")
    }

    /// The value of a bool or int.
    var integerValue: Int? {
        switch self {
        case .bool(let bool): return bool ? 1 : 0
        case .int(let integer): return integer
        default: return nil
        }
    }

    private static func repeated(_ sequence: Value, _ count: Int) throws(ChatTemplateError) -> Value {
        let times = max(0, count)
        switch sequence {
        case .string(let string), .markup(let string):
            try Limits.checkRepetition(unit: string.utf8.count, times: times)
            return sequence.sameKind(String(repeating: string, count: times))
        case .list(let items), .tuple(let items):
            try Limits.checkRepetition(unit: items.count, times: times, limit: Limits.maximumListLength)
            let repeatedItems = Array([[Value]](repeating: items, count: times).joined())
            if case .tuple = sequence { return .tuple(repeatedItems) }
            return .list(repeatedItems)
        default:
            return sequence
        }
    }

    private static func overflow() -> ChatTemplateError { .limit("integer overflow (Python integers are unbounded; this renderer uses 64 bits)") }

    private static func numeric(_ op: BinaryOperator, _ left: Number, _ right: Number) throws(ChatTemplateError) -> Value {
        if case .int(let a) = left, case .int(let b) = right {
            switch op {
            case .add:
                let (sum, overflowed) = a.addingReportingOverflow(b)
                if overflowed { throw overflow() }
                return .int(sum)
            case .subtract:
                let (difference, overflowed) = a.subtractingReportingOverflow(b)
                if overflowed { throw overflow() }
                return .int(difference)
            case .multiply:
                let (product, overflowed) = a.multipliedReportingOverflow(by: b)
                if overflowed { throw overflow() }
                return .int(product)
            case .divide:
                if b == 0 { throw .type("division by zero") }
                return .double(Double(a) / Double(b))
            case .floorDivide:
                if b == 0 { throw .type("integer division or modulo by zero") }
                if a == .min && b == -1 { throw overflow() }
                let quotient = a / b
                return .int((a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient)
            case .modulo:
                if b == 0 { throw .type("integer modulo by zero") }
                if b == -1 { return .int(0) }
                let remainder = a % b
                return .int((remainder != 0 && (remainder < 0) != (b < 0)) ? remainder + b : remainder)
            case .power:
                if b < 0 {
                    if a == 0 { throw .type("0.0 cannot be raised to a negative power") }
                    return .double(LibC.power(Double(a), Double(b)))
                }
                var result = 1
                var base = a
                var exponent = b
                while exponent > 0 {
                    if exponent & 1 == 1 {
                        let (product, overflowed) = result.multipliedReportingOverflow(by: base)
                        if overflowed { throw overflow() }
                        result = product
                    }
                    exponent >>= 1
                    if exponent > 0 {
                        let (square, overflowed) = base.multipliedReportingOverflow(by: base)
                        if overflowed { throw overflow() }
                        base = square
                    }
                }
                return .int(result)
            }
        }
        let a = left.double
        let b = right.double
        switch op {
        case .add: return .double(a + b)
        case .subtract: return .double(a - b)
        case .multiply: return .double(a * b)
        case .divide:
            if b == 0 { throw .type("float division by zero") }
            return .double(a / b)
        case .floorDivide:
            if b == 0 { throw .type("float floor division by zero") }
            return .double(floorModulo(a, b).quotient)
        case .modulo:
            if b == 0 { throw .type("float modulo by zero") }
            return .double(floorModulo(a, b).remainder)
        case .power:
            if a == 0 && b < 0 { throw .type("0.0 cannot be raised to a negative power") }
            return .double(LibC.power(a, b))
        }
    }

    /// CPython's float `divmod`.
    private static func floorModulo(_ a: Double, _ b: Double) -> (quotient: Double, remainder: Double) {
        var remainder = a.truncatingRemainder(dividingBy: b)
        var quotient = (a - remainder) / b
        if remainder != 0 {
            if (b < 0) != (remainder < 0) {
                remainder += b
                quotient -= 1
            }
        } else {
            remainder = b < 0 ? -0.0 : 0.0
        }
        var floored: Double
        if quotient != 0 {
            floored = quotient.rounded(.down)
            if quotient - floored > 0.5 { floored += 1 }
        } else {
            floored = a / b < 0 ? -0.0 : 0.0
        }
        return (floored, remainder)
    }

    /// Unary `-` and `+`.
    func unary(_ op: UnaryOperator) throws(ChatTemplateError) -> Value {
        if case .undefined(let undefined) = self { throw undefined.error }
        guard let number else {
            throw .type("bad operand type for unary \(op == .negate ? "-" : "+"): '\(typeName)'")
        }
        switch (op, number) {
        case (.plus, .int(let integer)): return .int(integer)
        case (.plus, .double(let double)): return .double(double)
        case (.negate, .int(let integer)):
            if integer == .min { throw Value.overflow() }
            return .int(-integer)
        case (.negate, .double(let double)): return .double(-double)
        }
    }
}
