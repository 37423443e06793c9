/// Typed, throwing accessors: `GGUFError.missingKey` when the key is absent,
/// `GGUFError.typeMismatch` when it holds another type (or an integer out of `Int`'s range).
///
/// ```swift
/// let heads = try meta.requireInt("qwen2.attention.head_count")
/// ```
extension GGUFMetadata {
    /// The value for `key`, which must be present.
    public func require(_ key: String) throws(GGUFError) -> GGUFValue {
        guard let value = self[key] else { throw .missingKey(key) }
        return value
    }

    /// A string value.
    public func requireString(_ key: String) throws(GGUFError) -> String {
        try convert(key, expected: "a string") { $0.stringValue }
    }

    /// An integer value of any width that fits in `Int`.
    public func requireInt(_ key: String) throws(GGUFError) -> Int {
        try convert(key, expected: "an integer that fits in Int") { $0.intValue }
    }

    /// A float or integer value as a `Double`.
    public func requireDouble(_ key: String) throws(GGUFError) -> Double {
        try convert(key, expected: "a number") { $0.doubleValue }
    }

    /// A bool value.
    public func requireBool(_ key: String) throws(GGUFError) -> Bool {
        try convert(key, expected: "a bool") { $0.boolValue }
    }

    /// An array value.
    public func requireArray(_ key: String) throws(GGUFError) -> GGUFArray {
        try convert(key, expected: "an array") { $0.arrayValue }
    }

    /// A string array, decoded; a string that is not UTF-8 throws `invalidUTF8` naming the key.
    public func requireStringArray(_ key: String) throws(GGUFError) -> [String] {
        let array = try requireArray(key)
        do throws(GGUFError) {
            if let strings = try array.strings() { return strings }
        } catch .invalidUTF8(let what, let offset) {
            throw .invalidUTF8(what: "\(what) of '\(key)'", offset: offset)
        }
        throw mismatch(key, expected: "an array of string", found: .array(array))
    }

    /// An array of integers of any width, as `Int`s.
    public func requireIntArray(_ key: String) throws(GGUFError) -> [Int] {
        try convert(key, expected: "an array of integers that fit in Int") { $0.arrayValue?.integers() }
    }

    /// An `int32` array.
    public func requireInt32Array(_ key: String) throws(GGUFError) -> [Int32] {
        try convert(key, expected: "an array of int32") { $0.arrayValue?.scalars(of: Int32.self) }
    }

    /// An array of floats (or integers, converted).
    public func requireFloatArray(_ key: String) throws(GGUFError) -> [Float] {
        try convert(key, expected: "an array of numbers") { $0.arrayValue?.floats() }
    }

    private func convert<T>(
        _ key: String, expected: String, _ transform: (GGUFValue) -> T?
    ) throws(GGUFError) -> T {
        let value = try require(key)
        guard let result = transform(value) else { throw mismatch(key, expected: expected, found: value) }
        return result
    }

    private func mismatch(_ key: String, expected: String, found value: GGUFValue) -> GGUFError {
        var found = value.typeDescription
        switch value {
        case .uint64(let v): found += " \(v)"
        case .int64(let v): found += " \(v)"
        default: break
        }
        return .typeMismatch(key: key, expected: expected, found: found)
    }
}
