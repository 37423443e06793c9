/// An `Encoder` that only records, in order, the keys a value encodes into its top-level keyed
/// container (nested values are not encoded): what `JSONEncoder` would not show, since it
/// keeps objects in dictionaries.
final class KeyRecorder: Encoder {
    /// The keys, in the order they were encoded.
    final class Keys { var keys: [String] = [] }

    let keys = Keys()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container<Key>(keys: keys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("KeyRecorder records keyed containers only") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("KeyRecorder records keyed containers only") }

    /// Records each key; the values are dropped.
    struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let keys: Keys
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Double, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Float, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Int8, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Int16, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Int32, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: Int64, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: UInt, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: UInt8, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: UInt16, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: UInt32, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode(_ value: UInt64, forKey key: Key) { keys.keys.append(key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) { keys.keys.append(key.stringValue) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            fatalError("KeyRecorder records one level")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("KeyRecorder records one level") }
        mutating func superEncoder() -> any Encoder { fatalError("KeyRecorder records one level") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("KeyRecorder records one level") }
    }
}
