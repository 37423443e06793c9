/// The type tag of a metadata value, as stored in the file (`gguf_type`).
public enum GGUFValueType: UInt32, Sendable, CaseIterable {
    /// Unsigned 8-bit integer.
    case uint8 = 0
    /// Signed 8-bit integer.
    case int8 = 1
    /// Unsigned 16-bit integer.
    case uint16 = 2
    /// Signed 16-bit integer.
    case int16 = 3
    /// Unsigned 32-bit integer.
    case uint32 = 4
    /// Signed 32-bit integer.
    case int32 = 5
    /// 32-bit IEEE float.
    case float32 = 6
    /// Boolean stored as one byte.
    case bool = 7
    /// UTF-8 string: `uint64` length, then the bytes (no terminator).
    case string = 8
    /// Array: `uint32` element type, `uint64` count, then the elements. Arrays may nest.
    case array = 9
    /// Unsigned 64-bit integer.
    case uint64 = 10
    /// Signed 64-bit integer.
    case int64 = 11
    /// 64-bit IEEE float.
    case float64 = 12

    /// The lowercase name used in listings and messages, e.g. `"uint32"`, `"string"`.
    public var name: String {
        switch self {
        case .uint8: "uint8"
        case .int8: "int8"
        case .uint16: "uint16"
        case .int16: "int16"
        case .uint32: "uint32"
        case .int32: "int32"
        case .float32: "float32"
        case .bool: "bool"
        case .string: "string"
        case .array: "array"
        case .uint64: "uint64"
        case .int64: "int64"
        case .float64: "float64"
        }
    }

    /// The encoded size of one value of a scalar type; `nil` for strings and arrays.
    public var fixedSize: Int? {
        switch self {
        case .uint8, .int8, .bool: 1
        case .uint16, .int16: 2
        case .uint32, .int32, .float32: 4
        case .uint64, .int64, .float64: 8
        case .string, .array: nil
        }
    }

    /// Whether the type is one of the eight integer types.
    public var isInteger: Bool {
        switch self {
        case .uint8, .int8, .uint16, .int16, .uint32, .int32, .uint64, .int64: true
        default: false
        }
    }

    /// Whether the type is `float32` or `float64`.
    public var isFloatingPoint: Bool { self == .float32 || self == .float64 }

    /// The fewest bytes a value of this type can occupy: a string needs its length field, an
    /// array its element type and count. Used to reject counts that cannot fit in a file.
    var minimumEncodedSize: Int {
        switch self {
        case .string: 8
        case .array: 12
        default: fixedSize ?? 1
        }
    }
}
