/// A Python `dict`: insertion-ordered, keyed by hashable values with Python's equality
/// (`1 == 1.0 == True`, strings compared code point by code point).
struct Dict {
    private(set) var entries: [(key: Value, value: Value)] = []
    private var positions: [HashKey: Int] = [:]

    init() {}

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var keys: [Value] { entries.map(\.key) }
    var values: [Value] { entries.map(\.value) }

    /// The value for `key`; nil when absent or when `key` is unhashable.
    func lookup(_ key: Value) -> Value? {
        guard let hashKey = HashKey(key), let position = positions[hashKey] else { return nil }
        return entries[position].value
    }

    /// Stores `value` under a hashable `key` (an unhashable key is a Python `TypeError`).
    mutating func set(_ key: Value, _ value: Value) throws(ChatTemplateError) {
        guard let hashKey = HashKey(key) else { throw .type("unhashable type: '\(key.typeName)'") }
        store(value, key, at: hashKey)
    }

    /// Setting with a key known to be hashable (strings).
    subscript(key: Value) -> Value? {
        get { lookup(key) }
        set {
            guard let newValue, let hashKey = HashKey(key) else { return }
            store(newValue, key, at: hashKey)
        }
    }

    /// Replaces the value of the entry of `hashKey`, or appends `key` with `value`.
    private mutating func store(_ value: Value, _ key: Value, at hashKey: HashKey) {
        if let position = positions[hashKey] {
            entries[position].value = value
        } else {
            positions[hashKey] = entries.count
            entries.append((key, value))
        }
    }

    subscript(name: String) -> Value? {
        get { lookup(.string(name)) }
        set { self[.string(name)] = newValue }
    }
}

/// The hash identity of a hashable Python value.
enum HashKey: Hashable {
    case none
    case int(Int)
    case double(UInt64)
    case string(StringKey)
    case tuple([HashKey])
    case undefined
    case object(ObjectIdentifier)

    /// nil for unhashable values (lists, dicts).
    init?(_ value: Value) {
        switch value {
        case .none: self = .none
        case .bool(let bool): self = .int(bool ? 1 : 0)
        case .int(let integer): self = .int(integer)
        case .double(let double):
            if double == double.rounded(), abs(double) < 9.2e18 {
                self = .int(Int(double))
            } else {
                self = .double(double.bitPattern)
            }
        case .string(let string), .markup(let string): self = .string(StringKey(string))
        case .tuple(let items):
            var keys: [HashKey] = []
            for item in items {
                guard let key = HashKey(item) else { return nil }
                keys.append(key)
            }
            self = .tuple(keys)
        case .undefined: self = .undefined
        case .namespace(let namespace): self = .object(ObjectIdentifier(namespace))
        case .loop(let loop): self = .object(ObjectIdentifier(loop))
        case .list, .dict, .callable: return nil
        }
    }
}

/// A string compared and hashed by its UTF-8 bytes (Python compares code points; Swift's
/// `String ==` would treat canonically equivalent strings as equal).
struct StringKey: Hashable {
    let string: String
    init(_ string: String) { self.string = string }

    static func == (lhs: StringKey, rhs: StringKey) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
    }
}
