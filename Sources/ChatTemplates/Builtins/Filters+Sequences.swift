/// The filters over sequences: selection, mapping, sorting and aggregation.
extension Filters {
    static func applySequenceFilter(
        _ name: String, to value: Value, _ arguments: Arguments, interpreter: Interpreter
    ) throws(ChatTemplateError) -> Value {
        switch name {
        case "batch":
            let values = try arguments.bind(name, [("linecount", nil), ("fill_with", Value.none)])
            guard case .int(let size) = values[0], size > 0 else { throw .type("batch size must be a positive integer") }
            try Limits.checkRepetition(unit: 1, times: size, limit: Limits.maximumListLength)
            var batches: [Value] = []
            var current: [Value] = []
            for item in try interpreter.iterate(value) {
                if current.count == size { batches.append(.list(current)); current = [] }
                current.append(item)
            }
            if !current.isEmpty {
                if case .none = values[1] {
                } else {
                    current += Array(repeating: values[1], count: size - current.count)
                }
                batches.append(.list(current))
            }
            return .list(batches)
        case "dictsort":
            let values = try arguments.bind(name, [("case_sensitive", .bool(false)), ("by", .string("key")), ("reverse", .bool(false))])
            guard case .dict(let dict) = value else { throw .type("dictsort requires a mapping") }
            let position: Int
            switch values[1] {
            case .string("key"): position = 0
            case .string("value"): position = 1
            default: throw .type("You can only sort by either \"key\" or \"value\"")
            }
            let caseSensitive = values[0].isTruthy
            let pairs = dict.entries.map { [$0.key, $0.value] }
            let sorted = try stableSorted(pairs, reverse: values[2].isTruthy) { (pair) throws(ChatTemplateError) in
                caseSensitive ? pair[position] : ignoringCase(pair[position])
            }
            return .list(sorted.map { .tuple($0) })
        case "first":
            _ = try arguments.bind(name, [])
            return try interpreter.iterate(value).first ?? .undefined(Undefined(message: "No first item, sequence was empty."))
        case "last":
            _ = try arguments.bind(name, [])
            return try interpreter.iterate(value).last ?? .undefined(Undefined(message: "No last item, sequence was empty."))
        case "groupby":
            let values = try arguments.bind(name, [("attribute", nil), ("default", Value.none), ("case_sensitive", .bool(false))])
            let fallback: Value? = { if case .none = values[1] { return nil } else { return values[1] } }()
            let key = try attributeGetter(values[0], default: fallback, lowercase: !values[2].isTruthy, interpreter: interpreter)
            let output = try attributeGetter(values[0], default: fallback, lowercase: false, interpreter: interpreter)
            let sorted = try stableSorted(try interpreter.iterate(value), reverse: false, key: key)
            var groups: [Value] = []
            var members: [Value] = []
            var currentKey: Value? = nil
            for item in sorted {
                let itemKey = try key(item)
                if let existing = currentKey, Value.pyEquals(existing, itemKey) {
                    members.append(item)
                } else {
                    if let first = members.first { groups.append(.tuple([try output(first), .list(members)])) }
                    members = [item]
                    currentKey = itemKey
                }
            }
            if let first = members.first { groups.append(.tuple([try output(first), .list(members)])) }
            return .list(groups)
        case "join":
            let values = try arguments.bind(name, [("d", .string("")), ("attribute", Value.none)])
            var items = try interpreter.iterate(value)
            if case .none = values[1] {
            } else {
                let getter = try attributeGetter(values[1], default: nil, lowercase: false, interpreter: interpreter)
                items = try items.map(getter)
            }
            return .string(try PyString.joined(items.map(\.str), separator: values[0].str))
        case "list":
            _ = try arguments.bind(name, [])
            return .list(try interpreter.iterate(value))
        case "map":
            // jinja2's `if value:` — a falsy input (none, undefined, "", [], 0, false) maps to
            // nothing, before the arguments are even looked at.
            guard value.isTruthy else { return .list([]) }
            return .list(try map(value, arguments, interpreter: interpreter))
        case "max", "min":
            let values = try arguments.bind(name, [("case_sensitive", .bool(false)), ("attribute", Value.none)])
            var getter = try attributeGetter(values[1], default: nil, lowercase: !values[0].isTruthy, interpreter: interpreter)
            if case .none = values[1] {
                let caseSensitive = values[0].isTruthy
                getter = { (item) throws(ChatTemplateError) in caseSensitive ? item : ignoringCase(item) }
            }
            var best: (item: Value, key: Value)? = nil
            for item in try interpreter.iterate(value) {
                let key = try getter(item)
                if let current = best {
                    let better = name == "max" ? try Value.pyLess(current.key, key, symbol: ">") : try Value.pyLess(key, current.key)
                    if better { best = (item, key) }
                } else {
                    best = (item, key)
                }
            }
            return best?.item ?? .undefined(Undefined(message: "No aggregated item, sequence was empty."))
        case "select", "reject", "selectattr", "rejectattr":
            // As `map`: a falsy input selects nothing, whatever the arguments.
            guard value.isTruthy else { return .list([]) }
            return .list(try select(name, value, arguments, interpreter: interpreter))
        case "reverse":
            _ = try arguments.bind(name, [])
            if let string = value.text { return value.sameKind(PyString.make(string.unicodeScalars.reversed())) }
            do {
                return .list(try interpreter.iterate(value).reversed())
            } catch {
                throw .type("argument must be iterable")
            }
        case "sort":
            let values = try arguments.bind(name, [("reverse", .bool(false)), ("case_sensitive", .bool(false)), ("attribute", Value.none)])
            let caseSensitive = values[1].isTruthy
            var key: (Value) throws(ChatTemplateError) -> Value = { (item) throws(ChatTemplateError) in caseSensitive ? item : ignoringCase(item) }
            if case .none = values[2] {
            } else {
                key = try attributeGetter(values[2], default: nil, lowercase: !caseSensitive, interpreter: interpreter)
            }
            return .list(try stableSorted(try interpreter.iterate(value), reverse: values[0].isTruthy, key: key))
        case "sum":
            let values = try arguments.bind(name, [("attribute", Value.none), ("start", .int(0))])
            var items = try interpreter.iterate(value)
            if case .none = values[0] {
            } else {
                items = try items.map(try attributeGetter(values[0], default: nil, lowercase: false, interpreter: interpreter))
            }
            var total = values[1]
            if total.text != nil { throw .type("sum() can't sum strings [use ''.join(seq) instead]") }
            for item in items { total = try Value.arithmetic(.add, total, item) }
            return total
        case "unique":
            let values = try arguments.bind(name, [("case_sensitive", .bool(false)), ("attribute", Value.none)])
            let caseSensitive = values[0].isTruthy
            var key: (Value) throws(ChatTemplateError) -> Value = { (item) throws(ChatTemplateError) in caseSensitive ? item : ignoringCase(item) }
            if case .none = values[1] {
            } else {
                key = try attributeGetter(values[1], default: nil, lowercase: !caseSensitive, interpreter: interpreter)
            }
            var seen = Set<HashKey>()
            var result: [Value] = []
            for item in try interpreter.iterate(value) {
                let itemKey = try key(item)
                guard let hashKey = HashKey(itemKey) else { throw .type("unhashable type: '\(itemKey.typeName)'") }
                if seen.insert(hashKey).inserted { result.append(item) }
            }
            return .list(result)
        default:
            throw .type("No filter named '\(name)' found.")
        }
    }

    /// jinja2's `ignore_case`: strings are compared lower-cased.
    static func ignoringCase(_ value: Value) -> Value {
        if let string = value.text { return value.sameKind(PyString.lower(string)) }
        return value
    }

    /// jinja2's `make_attrgetter`: `"a.b.0"` looks up `item["a"]["b"][0]` with subscript rules.
    static func attributeGetter(
        _ attribute: Value, default fallback: Value?, lowercase: Bool, interpreter: Interpreter
    ) throws(ChatTemplateError) -> (Value) throws(ChatTemplateError) -> Value {
        var parts: [Value] = []
        switch attribute {
        case .string(let path), .markup(let path):
            for part in path.split(separator: ".", omittingEmptySubsequences: false) {
                if let index = Int(part), part.allSatisfy(\.isNumber) { parts.append(.int(index)) } else { parts.append(.string(String(part))) }
            }
        case .int, .none:
            parts = [attribute]
        default:
            parts = [attribute]
        }
        return { (item) throws(ChatTemplateError) in
            var current = item
            for part in parts {
                current = try interpreter.item(part, of: current)
                if let fallback, current.isUndefined { current = fallback }
            }
            return lowercase ? ignoringCase(current) : current
        }
    }

    /// jinja2's `map`: the arguments are checked before the items are iterated; an unknown filter
    /// fails only when there is an item to apply it to.
    private static func map(_ value: Value, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> [Value] {
        if arguments.positional.isEmpty, let attribute = arguments.keyword.first(where: { $0.name == "attribute" })?.value {
            var fallback: Value? = nil
            for (name, item) in arguments.keyword {
                if name == "default" {
                    fallback = item
                } else if name != "attribute" {
                    throw .type("Unexpected keyword argument '\(name)'")
                }
            }
            let getter = try attributeGetter(attribute, default: fallback, lowercase: false, interpreter: interpreter)
            return try interpreter.iterate(value).map(getter)
        }
        guard let filterName = arguments.positional.first else { throw .type("map requires a filter argument") }
        let items = try interpreter.iterate(value)
        guard let filter = filterName.text, names.contains(filter) else {
            if items.isEmpty { return [] }
            throw .type("No filter named \(filterName.repr).")
        }
        let rest = Arguments(positional: Array(arguments.positional.dropFirst()), keyword: arguments.keyword)
        var result: [Value] = []
        for item in items { result.append(try apply(filter, to: item, rest, interpreter: interpreter)) }
        return result
    }

    private static func select(_ name: String, _ value: Value, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> [Value]
    {
        let byAttribute = name.hasSuffix("attr")
        let keep = name.hasPrefix("select")
        var positional = arguments.positional
        var getter: (Value) throws(ChatTemplateError) -> Value = { (item) throws(ChatTemplateError) in item }
        if byAttribute {
            guard !positional.isEmpty else { throw .type("Missing parameter for attribute name") }
            getter = try attributeGetter(positional.removeFirst(), default: nil, lowercase: false, interpreter: interpreter)
        }
        var test: ((Value) throws(ChatTemplateError) -> Bool) = { (item) throws(ChatTemplateError) in item.isTruthy }
        if !positional.isEmpty {
            // An unknown test fails only when there is an item to test, as in jinja2.
            let testValue = positional.removeFirst()
            guard let testName = testValue.text, Tests.names.contains(testName) else {
                if try interpreter.iterate(value).isEmpty { return [] }
                throw .type("No test named \(testValue.repr).")
            }
            let testArguments = Arguments(positional: positional, keyword: arguments.keyword)
            test = { (item) throws(ChatTemplateError) in try Tests.run(testName, on: item, testArguments, interpreter: interpreter) }
        }
        var result: [Value] = []
        for item in try interpreter.iterate(value) where try test(try getter(item)) == keep {
            result.append(item)
        }
        return result
    }

    /// A stable merge sort by `key` with Python's `<` (which may throw for mixed types);
    /// `reverse` keeps equal items in their original order, as Python's `sorted` does.
    static func stableSorted(
        _ items: [Value], reverse: Bool, key: (Value) throws(ChatTemplateError) -> Value
    ) throws(ChatTemplateError) -> [Value] {
        var keyed: [(key: Value, item: Value)] = []
        for item in items { keyed.append((try key(item), item)) }
        return try mergeSort(keyed, reverse: reverse).map(\.item)
    }

    static func stableSorted(
        _ items: [[Value]], reverse: Bool, key: ([Value]) throws(ChatTemplateError) -> Value
    ) throws(ChatTemplateError) -> [[Value]] {
        var keyed: [(key: Value, item: Value)] = []
        for item in items { keyed.append((try key(item), .list(item))) }
        return try mergeSort(keyed, reverse: reverse).map { entry in
            if case .list(let pair) = entry.item { return pair }
            return []
        }
    }

    private static func mergeSort(_ items: [(key: Value, item: Value)], reverse: Bool) throws(ChatTemplateError) -> [(key: Value, item: Value)] {
        guard items.count > 1 else { return items }
        let middle = items.count / 2
        let left = try mergeSort(Array(items[..<middle]), reverse: reverse)
        let right = try mergeSort(Array(items[middle...]), reverse: reverse)
        var merged: [(key: Value, item: Value)] = []
        merged.reserveCapacity(items.count)
        var i = 0
        var j = 0
        while i < left.count && j < right.count {
            // Take from the right only when it must come strictly first, keeping equal items stable.
            let rightFirst = reverse ? try Value.pyLess(left[i].key, right[j].key) : try Value.pyLess(right[j].key, left[i].key)
            if rightFirst { merged.append(right[j]); j += 1 } else { merged.append(left[i]); i += 1 }
        }
        merged += left[i...]
        merged += right[j...]
        return merged
    }
}
