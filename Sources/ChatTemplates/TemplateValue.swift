/// A value a template sees: JSON-like data, as Python's jinja2 sees the dictionaries, lists and
/// scalars that transformers passes to a chat template.
///
/// Objects keep their insertion order, like Python dictionaries, so `tojson` and `items()`
/// reproduce the caller's key order.
///
/// ```swift
/// let message: TemplateValue = ["role": "user", "content": "Hello"]
/// let flags: [String: TemplateValue] = ["add_generation_prompt": true, "messages": [message]]
/// ```
package indirect enum TemplateValue: Sendable, Hashable {
    /// Python `None`, JSON `null`.
    case none
    /// Python `True` / `False`.
    case bool(Bool)
    /// A Python `int` (limited to the range of `Int`).
    case integer(Int)
    /// A Python `float`.
    case double(Double)
    /// A Python `str`.
    case string(String)
    /// A Python `list`.
    case array([TemplateValue])
    /// A Python `dict` with string keys, in insertion order.
    case object(TemplateObject)
}

/// An ordered, string-keyed map: the `dict` a template sees.
///
/// Setting a new key appends it at the end; setting an existing key keeps its position, as in
/// Python. Two objects are equal when they hold the same keys with equal values, in any order.
package struct TemplateObject: Sendable, Hashable {
    private var storedKeys: [String] = []
    private var storage: [String: TemplateValue] = [:]

    /// An empty object.
    package init() {}

    /// An object holding `pairs` in order; a repeated key keeps its first position and its last value.
    package init(_ pairs: [(String, TemplateValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys, in insertion order.
    package var keys: [String] { storedKeys }

    /// The number of entries.
    package var count: Int { storedKeys.count }

    /// The value for `key`; assigning appends a new key at the end, assigning `nil` removes it.
    package subscript(key: String) -> TemplateValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { storedKeys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                storedKeys.removeAll { $0 == key }
            }
        }
    }

    /// The entries in insertion order.
    package var pairs: [(key: String, value: TemplateValue)] {
        storedKeys.compactMap { key in storage[key].map { (key, $0) } }
    }

    package static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.storage == rhs.storage
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}

extension TemplateValue: ExpressibleByStringLiteral {
    /// A string value.
    package init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    /// An integer value.
    package init(integerLiteral value: Int) { self = .integer(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    /// A floating-point value.
    package init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// A boolean value.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// A list value.
    package init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// An object value keeping the literal's key order.
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    /// `None`.
    package init(nilLiteral: ()) { self = .none }
}
