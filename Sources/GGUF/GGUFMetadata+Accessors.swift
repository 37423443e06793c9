/// Typed, optional accessors: `nil` when the key is absent or holds another type.
extension GGUFMetadata {
    /// A string value.
    public func string(_ key: String) -> String? { self[key]?.stringValue }

    /// An integer value of any width, if it fits in `Int`.
    public func int(_ key: String) -> Int? { self[key]?.intValue }

    /// A float or integer value as a `Double`.
    public func double(_ key: String) -> Double? { self[key]?.doubleValue }

    /// A bool value.
    public func bool(_ key: String) -> Bool? { self[key]?.boolValue }

    /// An array value (elements decoded on demand).
    public func array(_ key: String) -> GGUFArray? { self[key]?.arrayValue }

    /// A string array, decoded; `nil` also when a string is not valid UTF-8
    /// (`requireStringArray` says which).
    public func stringArray(_ key: String) -> [String]? {
        guard let array = array(key) else { return nil }
        return (try? array.strings()) ?? nil
    }

    /// An array of integers of any width, as `Int`s (`nil` if any does not fit).
    public func intArray(_ key: String) -> [Int]? { array(key)?.integers() }

    /// An `int32` array, copied without conversion.
    public func int32Array(_ key: String) -> [Int32]? { array(key)?.scalars(of: Int32.self) }

    /// A `uint32` array, copied without conversion.
    public func uint32Array(_ key: String) -> [UInt32]? { array(key)?.scalars(of: UInt32.self) }

    /// An array of floats (`float32` copied; `float64` and integers converted).
    public func floatArray(_ key: String) -> [Float]? { array(key)?.floats() }

    /// An array of floats or integers as `Double`s.
    public func doubleArray(_ key: String) -> [Double]? { array(key)?.doubles() }

    /// A `bool` array.
    public func boolArray(_ key: String) -> [Bool]? { array(key)?.bools() }
}
