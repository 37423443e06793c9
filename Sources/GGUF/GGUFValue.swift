/// One metadata value: a scalar, a string, or a (lazily decoded) array.
///
/// ```swift
/// if case .uint32(let layers) = file.metadata["qwen2.block_count"] { print(layers) }
/// let layers = file.metadata.int("qwen2.block_count")   // any integer type, as Int
/// ```
public enum GGUFValue: Sendable, Equatable {
    /// `uint8`.
    case uint8(UInt8)
    /// `int8`.
    case int8(Int8)
    /// `uint16`.
    case uint16(UInt16)
    /// `int16`.
    case int16(Int16)
    /// `uint32`.
    case uint32(UInt32)
    /// `int32`.
    case int32(Int32)
    /// `float32`.
    case float32(Float)
    /// `bool` (any non-zero byte reads as `true`).
    case bool(Bool)
    /// `string`, validated as UTF-8 when the file is parsed.
    case string(String)
    /// `array`, decoded on demand.
    case array(GGUFArray)
    /// `uint64`.
    case uint64(UInt64)
    /// `int64`.
    case int64(Int64)
    /// `float64`.
    case float64(Double)

    /// The value's type tag.
    public var type: GGUFValueType {
        switch self {
        case .uint8: .uint8
        case .int8: .int8
        case .uint16: .uint16
        case .int16: .int16
        case .uint32: .uint32
        case .int32: .int32
        case .float32: .float32
        case .bool: .bool
        case .string: .string
        case .array: .array
        case .uint64: .uint64
        case .int64: .int64
        case .float64: .float64
        }
    }

    /// The value as an `Int` if it is an integer of any width that fits; otherwise `nil`.
    public var intValue: Int? {
        switch self {
        case .uint8(let v): Int(v)
        case .int8(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint32(let v): Int(exactly: v)
        case .int32(let v): Int(v)
        case .uint64(let v): Int(exactly: v)
        case .int64(let v): Int(exactly: v)
        default: nil
        }
    }

    /// The value as a `Double` if it is a float or an integer; otherwise `nil`.
    public var doubleValue: Double? {
        switch self {
        case .float32(let v): Double(v)
        case .float64(let v): v
        case .uint64(let v): Double(v)
        case .int64(let v): Double(v)
        default: intValue.map(Double.init)
        }
    }

    /// The string, if the value is a string.
    public var stringValue: String? {
        if case .string(let v) = self { v } else { nil }
    }

    /// The flag, if the value is a bool.
    public var boolValue: Bool? {
        if case .bool(let v) = self { v } else { nil }
    }

    /// The array, if the value is an array.
    public var arrayValue: GGUFArray? {
        if case .array(let v) = self { v } else { nil }
    }

    /// A short type description for messages: `"uint32"`, or `"array of string"`.
    public var typeDescription: String {
        if case .array(let array) = self { "array of \(array.elementType.name)" } else { type.name }
    }
}
