import GGUF

/// Little-endian GGUF encoding primitives, appended to a byte array.
///
/// `GGUFWriter` builds valid files with it; tests use it directly to hand-craft malformed ones
/// (a lying count, an unknown type tag, a truncated string...).
///
/// ```swift
/// var out = GGUFByteBuffer()
/// out.append(magic: "GGUF"); out.append(UInt32(3)); out.append(UInt64(0)); out.append(UInt64(1))
/// out.append(string: "general.name"); out.append(UInt32(99))   // unknown value type 99
/// ```
package struct GGUFByteBuffer: Sendable {
    /// The bytes written so far.
    package var bytes: [UInt8] = []

    /// An empty buffer.
    package init() {}

    /// The number of bytes written so far.
    package var count: Int { bytes.count }

    /// Appends an integer in little-endian order.
    package mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    package mutating func append(raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends the four-byte magic (normally `"GGUF"`).
    package mutating func append(magic: String) {
        bytes.append(contentsOf: magic.utf8)
    }

    /// Appends a GGUF string: `uint64` length, then the UTF-8 bytes.
    package mutating func append(string: String) {
        append(UInt64(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends a metadata entry: key, value type tag, value.
    package mutating func append(key: String, value: GGUFValue) throws(GGUFError) {
        append(string: key)
        append(value.type.rawValue)
        try append(value: value)
    }

    /// Appends a value's encoding (without its type tag; arrays include their element type
    /// and count). Arrays read from a file are decoded first, so invalid UTF-8 throws.
    package mutating func append(value: GGUFValue) throws(GGUFError) {
        switch value {
        case .uint8(let v): append(v)
        case .int8(let v): append(v)
        case .uint16(let v): append(v)
        case .int16(let v): append(v)
        case .uint32(let v): append(v)
        case .int32(let v): append(v)
        case .float32(let v): append(v.bitPattern)
        case .bool(let v): append(UInt8(v ? 1 : 0))
        case .string(let v): append(string: v)
        case .uint64(let v): append(v)
        case .int64(let v): append(v)
        case .float64(let v): append(v.bitPattern)
        case .array(let array):
            append(array.elementType.rawValue)
            append(UInt64(array.count))
            for element in try array.values() { try append(value: element) }
        }
    }

    /// Appends zero bytes until the count is a multiple of `alignment`.
    package mutating func pad(to alignment: Int) {
        let remainder = bytes.count % alignment
        if remainder != 0 { bytes.append(contentsOf: repeatElement(0, count: alignment - remainder)) }
    }
}
