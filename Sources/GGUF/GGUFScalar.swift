/// A Swift type whose values are stored in GGUF metadata as one fixed-size scalar type, so
/// arrays of it can be copied out in one go (`GGUFArray.scalars(of:)`).
///
/// Conforming types: `UInt8`, `Int8`, `UInt16`, `Int16`, `UInt32`, `Int32`, `UInt64`, `Int64`,
/// `Float` (`float32`) and `Double` (`float64`). `Bool` is not one (a file byte may hold any value).
public protocol GGUFScalar: BitwiseCopyable, Sendable {
    /// The metadata type this Swift type corresponds to.
    static var ggufValueType: GGUFValueType { get }
    /// The payload of `value` if it has exactly this type.
    init?(ggufValue value: GGUFValue)
    /// This scalar wrapped as a metadata value.
    var ggufValue: GGUFValue { get }
}

extension UInt8: GGUFScalar {
    /// `.uint8`.
    public static var ggufValueType: GGUFValueType { .uint8 }
    /// The payload of a `.uint8` value.
    public init?(ggufValue value: GGUFValue) { guard case .uint8(let v) = value else { return nil }; self = v }
    /// `.uint8(self)`.
    public var ggufValue: GGUFValue { .uint8(self) }
}

extension Int8: GGUFScalar {
    /// `.int8`.
    public static var ggufValueType: GGUFValueType { .int8 }
    /// The payload of an `.int8` value.
    public init?(ggufValue value: GGUFValue) { guard case .int8(let v) = value else { return nil }; self = v }
    /// `.int8(self)`.
    public var ggufValue: GGUFValue { .int8(self) }
}

extension UInt16: GGUFScalar {
    /// `.uint16`.
    public static var ggufValueType: GGUFValueType { .uint16 }
    /// The payload of a `.uint16` value.
    public init?(ggufValue value: GGUFValue) { guard case .uint16(let v) = value else { return nil }; self = v }
    /// `.uint16(self)`.
    public var ggufValue: GGUFValue { .uint16(self) }
}

extension Int16: GGUFScalar {
    /// `.int16`.
    public static var ggufValueType: GGUFValueType { .int16 }
    /// The payload of an `.int16` value.
    public init?(ggufValue value: GGUFValue) { guard case .int16(let v) = value else { return nil }; self = v }
    /// `.int16(self)`.
    public var ggufValue: GGUFValue { .int16(self) }
}

extension UInt32: GGUFScalar {
    /// `.uint32`.
    public static var ggufValueType: GGUFValueType { .uint32 }
    /// The payload of a `.uint32` value.
    public init?(ggufValue value: GGUFValue) { guard case .uint32(let v) = value else { return nil }; self = v }
    /// `.uint32(self)`.
    public var ggufValue: GGUFValue { .uint32(self) }
}

extension Int32: GGUFScalar {
    /// `.int32`.
    public static var ggufValueType: GGUFValueType { .int32 }
    /// The payload of an `.int32` value.
    public init?(ggufValue value: GGUFValue) { guard case .int32(let v) = value else { return nil }; self = v }
    /// `.int32(self)`.
    public var ggufValue: GGUFValue { .int32(self) }
}

extension UInt64: GGUFScalar {
    /// `.uint64`.
    public static var ggufValueType: GGUFValueType { .uint64 }
    /// The payload of a `.uint64` value.
    public init?(ggufValue value: GGUFValue) { guard case .uint64(let v) = value else { return nil }; self = v }
    /// `.uint64(self)`.
    public var ggufValue: GGUFValue { .uint64(self) }
}

extension Int64: GGUFScalar {
    /// `.int64`.
    public static var ggufValueType: GGUFValueType { .int64 }
    /// The payload of an `.int64` value.
    public init?(ggufValue value: GGUFValue) { guard case .int64(let v) = value else { return nil }; self = v }
    /// `.int64(self)`.
    public var ggufValue: GGUFValue { .int64(self) }
}

extension Float: GGUFScalar {
    /// `.float32`.
    public static var ggufValueType: GGUFValueType { .float32 }
    /// The payload of a `.float32` value.
    public init?(ggufValue value: GGUFValue) { guard case .float32(let v) = value else { return nil }; self = v }
    /// `.float32(self)`.
    public var ggufValue: GGUFValue { .float32(self) }
}

extension Double: GGUFScalar {
    /// `.float64`.
    public static var ggufValueType: GGUFValueType { .float64 }
    /// The payload of a `.float64` value.
    public init?(ggufValue value: GGUFValue) { guard case .float64(let v) = value else { return nil }; self = v }
    /// `.float64(self)`.
    public var ggufValue: GGUFValue { .float64(self) }
}
