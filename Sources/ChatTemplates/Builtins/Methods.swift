/// The Python methods a template may call on strings, dicts, lists and `loop`.
///
/// jinja2's immutable sandbox forbids the mutating ones (`append`, `pop`, `update`, …): reading
/// them gives an undefined value whose use is a security error, as in jinja2.
enum Methods {
    static let string: Set<String> = [
        "strip", "lstrip", "rstrip", "split", "rsplit", "splitlines", "startswith", "endswith", "upper", "lower",
        "title", "capitalize", "swapcase", "casefold", "replace", "find", "rfind", "index", "rindex", "count", "join",
        "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "isnumeric", "isdecimal", "format",
        "zfill", "center", "ljust", "rjust", "partition", "rpartition", "removeprefix", "removesuffix",
    ]
    static let dictionary: Set<String> = ["keys", "values", "items", "get", "copy"]
    static let unsafeDictionary: Set<String> = ["clear", "pop", "popitem", "setdefault", "update"]
    static let list: Set<String> = ["index", "count", "copy"]
    static let unsafeList: Set<String> = ["append", "clear", "extend", "insert", "pop", "remove", "reverse", "sort"]
    static let tuple: Set<String> = ["index", "count"]

    static func call(_ name: String, on receiver: Value, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> Value {
        switch receiver {
        case .string(let string): return try callString(name, string, arguments)
        case .markup(let string): return try callMarkup(name, string, arguments, interpreter: interpreter)
        case .dict(let dict): return try callDict(name, dict, arguments)
        case .list(let items), .tuple(let items): return try callSequence(name, items, arguments)
        case .loop(let loop): return try callLoop(name, loop, arguments)
        default: throw .type("'\(receiver.typeName)' object has no attribute '\(name)'")
        }
    }

    private static func text(_ value: Value, _ function: String) throws(ChatTemplateError) -> String {
        guard let string = value.text else {
            throw .type("\(function) arg must be None or str, not \(value.typeName)")
        }
        return string
    }

    private static func optionalText(_ value: Value, _ function: String) throws(ChatTemplateError) -> String? {
        if case .none = value { return nil }
        return try text(value, function)
    }

    private static func integer(_ value: Value) throws(ChatTemplateError) -> Int {
        switch value {
        case .int(let integer): return integer
        case .bool(let bool): return bool ? 1 : 0
        default: throw .type("'\(value.typeName)' object cannot be interpreted as an integer")
        }
    }

    private static func callString(_ name: String, _ string: String, _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        switch name {
        case "strip", "lstrip", "rstrip":
            let chars = try optionalText(try arguments.bind(name, [("chars", Value.none)])[0], name)
            return .string(PyString.strip(string, chars, leading: name != "rstrip", trailing: name != "lstrip"))
        case "split", "rsplit":
            let values = try arguments.bind(name, [("sep", Value.none), ("maxsplit", .int(-1))])
            let separator = try optionalText(values[0], name)
            let maxSplit = try integer(values[1])
            let parts =
                name == "split"
                ? try PyString.split(string, separator, maxSplit: maxSplit)
                : try PyString.rsplit(string, separator, maxSplit: maxSplit)
            return .list(parts.map(Value.string))
        case "splitlines":
            return .list(PyString.splitLines(string).map(Value.string))
        case "startswith", "endswith":
            let values = try arguments.bind(name, [("prefix", nil), ("start", Value.none), ("end", Value.none)])
            var candidates: [String] = []
            switch values[0] {
            case .string(let candidate), .markup(let candidate): candidates = [candidate]
            case .tuple(let items):
                for item in items { candidates.append(try text(item, name)) }
            default:
                throw .type("\(name) first arg must be str or a tuple of str, not \(values[0].typeName)")
            }
            let scalars = PyString.scalars(string)
            let start = try optionalInteger(values[1]).map { $0 < 0 ? max(0, $0 + scalars.count) : min($0, scalars.count) } ?? 0
            let end = try optionalInteger(values[2]).map { $0 < 0 ? max(0, $0 + scalars.count) : min($0, scalars.count) } ?? scalars.count
            let window = start <= end ? Array(scalars[start..<end]) : []
            if start > scalars.count { return .bool(false) }
            return .bool(
                candidates.contains { candidate in
                    let needle = PyString.scalars(candidate)
                    guard needle.count <= window.count else { return false }
                    return name == "startswith" ? window.starts(with: needle) : window.suffix(needle.count).elementsEqual(needle)
                })
        case "upper": return .string(PyString.upper(string))
        case "lower", "casefold": return .string(PyString.lower(string))
        case "title": return .string(PyString.title(string))
        case "capitalize": return .string(PyString.capitalize(string))
        case "swapcase":
            return .string(
                string.unicodeScalars.map {
                    $0.properties.isUppercase
                        ? $0.properties.lowercaseMapping
                        : ($0.properties.isLowercase ? $0.properties.uppercaseMapping : String($0))
                }.joined())
        case "replace":
            let values = try arguments.bind(name, [("old", nil), ("new", nil), ("count", .int(-1))])
            let result = PyString.replace(string, try text(values[0], name), try text(values[1], name), count: try integer(values[2]))
            try Limits.checkSize(result.utf8.count)
            return .string(result)
        case "find", "index", "rfind", "rindex":
            let values = try arguments.bind(name, [("sub", nil), ("start", Value.none), ("end", Value.none)])
            let needle = PyString.scalars(try text(values[0], name))
            let hay = PyString.scalars(string)
            let start = try optionalInteger(values[1]).map { $0 < 0 ? max(0, $0 + hay.count) : $0 } ?? 0
            let end = try optionalInteger(values[2]).map { $0 < 0 ? max(0, $0 + hay.count) : min($0, hay.count) } ?? hay.count
            var found: Int? = nil
            if start <= end {
                if name.hasPrefix("r") {
                    found = PyString.rfind(Array(hay[start..<end]), needle).map { $0 + start }
                } else {
                    found = PyString.find(hay, needle, from: start, end: end)
                }
            }
            if let found { return .int(found) }
            if name.hasSuffix("index") { throw .type("substring not found") }
            return .int(-1)
        case "count":
            let values = try arguments.bind(name, [("sub", nil)])
            return .int(PyString.count(string, try text(values[0], name)))
        case "join":
            let values = try arguments.bind(name, [("iterable", nil)])
            var parts: [String] = []
            for (index, item) in try values[0].items(notIterable: "can only join an iterable").enumerated() {
                guard let part = item.text else {
                    throw .type("sequence item \(index): expected str instance, \(item.typeName) found")
                }
                parts.append(part)
            }
            return .string(try PyString.joined(parts, separator: string))
        case "isdigit", "isnumeric", "isdecimal":
            return .bool(!string.isEmpty && string.unicodeScalars.allSatisfy { $0.properties.numericType != nil })
        case "isalpha":
            return .bool(!string.isEmpty && string.unicodeScalars.allSatisfy(\.properties.isAlphabetic))
        case "isalnum":
            return .bool(!string.isEmpty && string.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        case "isspace":
            return .bool(string.isAllPythonWhitespace)
        case "isupper", "islower":
            let cased = string.unicodeScalars.filter(\.properties.isCased)
            let wantUpper = name == "isupper"
            return .bool(!cased.isEmpty && cased.allSatisfy { wantUpper ? !$0.properties.isLowercase : !$0.properties.isUppercase })
        case "format":
            return .string(try Printf.braceFormat(string, arguments))
        case "zfill":
            let width = try integer(try arguments.bind(name, [("width", nil)])[0])
            try Limits.checkSize(width)
            var scalars = PyString.scalars(string)
            let padding = max(0, width - scalars.count)
            let insertAt = (scalars.first == "+" || scalars.first == "-") ? 1 : 0
            scalars.insert(contentsOf: Array(repeating: "0", count: padding), at: insertAt)
            return .string(PyString.make(scalars))
        case "center", "ljust", "rjust":
            let values = try arguments.bind(name, [("width", nil), ("fillchar", .string(" "))])
            let width = try integer(values[0])
            try Limits.checkSize(width)
            let fill = try text(values[1], name)
            return .string(pad(string, width: width, fill: fill, mode: name))
        case "partition", "rpartition":
            let separator = try text(try arguments.bind(name, [("sep", nil)])[0], name)
            let hay = PyString.scalars(string)
            let sep = PyString.scalars(separator)
            if sep.isEmpty { throw .type("empty separator") }
            let found = name == "partition" ? PyString.find(hay, sep) : PyString.rfind(hay, sep)
            guard let found else {
                return name == "partition"
                    ? .tuple([.string(string), .string(""), .string("")]) : .tuple([.string(""), .string(""), .string(string)])
            }
            return .tuple([.string(PyString.make(hay[..<found])), .string(separator), .string(PyString.make(hay[(found + sep.count)...]))])
        case "removeprefix", "removesuffix":
            let affix = PyString.scalars(try text(try arguments.bind(name, [("affix", nil)])[0], name))
            let hay = PyString.scalars(string)
            if name == "removeprefix", hay.starts(with: affix) { return .string(PyString.make(hay.dropFirst(affix.count))) }
            if name == "removesuffix", !affix.isEmpty, hay.suffix(affix.count).elementsEqual(affix) {
                return .string(PyString.make(hay.dropLast(affix.count)))
            }
            return .string(string)
        default:
            throw .type("'str' object has no attribute '\(name)'")
        }
    }

    static func pad(_ string: String, width: Int, fill: String, mode: String) -> String {
        let length = PyString.length(string)
        guard width > length else { return string }
        let total = width - length
        let left: Int
        switch mode {
        case "ljust": left = 0
        case "rjust": left = total
        default: left = total / 2 + (total & width & 1)
        }
        return String(repeating: fill, count: left) + string + String(repeating: fill, count: total - left)
    }

    private static func optionalInteger(_ value: Value) throws(ChatTemplateError) -> Int? {
        if case .none = value { return nil }
        return try integer(value)
    }

    private static func callDict(_ name: String, _ dict: Dict, _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        switch name {
        case "keys":
            _ = try arguments.bind(name, [])
            return .list(dict.keys)
        case "values":
            _ = try arguments.bind(name, [])
            return .list(dict.values)
        case "items":
            _ = try arguments.bind(name, [])
            return .list(dict.entries.map { .tuple([$0.key, $0.value]) })
        case "get":
            if !arguments.keyword.isEmpty { throw .type("get() takes no keyword arguments") }
            let values = try arguments.bind(name, [("key", nil), ("default", Value.none)])
            if HashKey(values[0]) == nil { throw .type("unhashable type: '\(values[0].typeName)'") }
            return dict.lookup(values[0]) ?? values[1]
        case "copy":
            return .dict(dict)
        default:
            throw .type("'dict' object has no attribute '\(name)'")
        }
    }

    private static func callSequence(_ name: String, _ items: [Value], _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        switch name {
        case "index":
            let value = try arguments.bind(name, [("value", nil)])[0]
            guard let position = items.firstIndex(where: { Value.pyEquals($0, value) }) else {
                throw .type("\(value.repr) is not in list")
            }
            return .int(position)
        case "count":
            let value = try arguments.bind(name, [("value", nil)])[0]
            return .int(items.filter { Value.pyEquals($0, value) }.count)
        case "copy":
            return .list(items)
        default:
            throw .type("'list' object has no attribute '\(name)'")
        }
    }

    private static func callLoop(_ name: String, _ loop: LoopContext, _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        switch name {
        case "cycle":
            guard !arguments.positional.isEmpty else { throw .type("no items for cycling given") }
            return arguments.positional[loop.index0 % arguments.positional.count]
        case "changed":
            let current = Value.tuple(arguments.positional)
            defer { loop.lastChanged = current }
            if let last = loop.lastChanged, Value.pyEquals(last, current) { return .bool(false) }
            return .bool(true)
        default:
            throw .type("'LoopContext' object has no attribute '\(name)'")
        }
    }
}
