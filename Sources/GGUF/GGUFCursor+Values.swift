/// Reading metadata values. Scalars and strings are decoded at once; arrays are walked to
/// validate their bounds (every string length, every nested header) and returned as views.
extension GGUFCursor {
    /// Reads a value of `type` belonging to `key`; `depth` is the array nesting of the value.
    mutating func readValue(
        of type: GGUFValueType, key: String, depth: Int = 0
    ) throws(GGUFError) -> GGUFValue {
        switch type {
        case .uint8: .uint8(try read(UInt8.self, "uint8 value of '\(key)'"))
        case .int8: .int8(try read(Int8.self, "int8 value of '\(key)'"))
        case .uint16: .uint16(try read(UInt16.self, "uint16 value of '\(key)'"))
        case .int16: .int16(try read(Int16.self, "int16 value of '\(key)'"))
        case .uint32: .uint32(try read(UInt32.self, "uint32 value of '\(key)'"))
        case .int32: .int32(try read(Int32.self, "int32 value of '\(key)'"))
        case .float32: .float32(Float(bitPattern: try read(UInt32.self, "float32 value of '\(key)'")))
        case .bool: .bool(try read(UInt8.self, "bool value of '\(key)'") != 0)
        case .string: .string(try readString("string value of '\(key)'"))
        case .array: .array(try readArray(key: key, depth: depth + 1))
        case .uint64: .uint64(try read(UInt64.self, "uint64 value of '\(key)'"))
        case .int64: .int64(try read(Int64.self, "int64 value of '\(key)'"))
        case .float64: .float64(Double(bitPattern: try read(UInt64.self, "float64 value of '\(key)'")))
        }
    }

    /// Reads a value type tag.
    mutating func readValueType(key: String, _ what: @autoclosure () -> String) throws(GGUFError) -> GGUFValueType {
        let start = offset
        let raw = try read(UInt32.self, what())
        guard let type = GGUFValueType(rawValue: raw) else {
            throw .unknownValueType(key: key, raw: raw, offset: start)
        }
        return type
    }

    /// Reads an array header and walks its elements, returning a view of them.
    mutating func readArray(key: String, depth: Int) throws(GGUFError) -> GGUFArray {
        guard depth <= GGUFArray.maxNestingDepth else {
            throw .nestingTooDeep(key: key, depth: depth, offset: offset)
        }
        let elementType = try readValueType(key: key, "element type of array '\(key)'")
        let count = try readCount(
            "element count of array '\(key)'", minimumSize: elementType.minimumEncodedSize)
        let start = offset
        try skipElements(of: elementType, count: count, key: key, depth: depth)
        return GGUFArray(
            storage: storage, elementType: elementType, count: count,
            byteRange: start..<offset, depth: depth)
    }

    /// Advances past `count` elements, checking every length and nested header on the way.
    private mutating func skipElements(
        of type: GGUFValueType, count: Int, key: String, depth: Int
    ) throws(GGUFError) {
        switch type {
        case .string:
            for index in 0..<count {
                _ = try readStringBytes("string element \(index) of '\(key)'")
            }
        case .array:
            for _ in 0..<count {
                _ = try readArray(key: key, depth: depth + 1)
            }
        default:
            // `readCount` already checked that `count` fixed-size elements fit.
            try skip(count * type.minimumEncodedSize, "elements of array '\(key)'")
        }
    }
}
