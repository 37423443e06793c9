/// Decoding an array's elements: generic values, strings, and typed fast paths.
///
/// Accessors return `nil` when the elements have a different type; those that decode strings
/// throw `GGUFError.invalidUTF8` when a string's bytes are not UTF-8.
extension GGUFArray {
    /// Decodes element `index`: O(1) for fixed-size elements, O(index) for strings and nested
    /// arrays (which must be walked). `index` must be in `0..<count`.
    public func element(at index: Int) throws(GGUFError) -> GGUFValue {
        precondition(index >= 0 && index < count, "GGUFArray: index \(index) out of range 0..<\(count)")
        switch backing {
        case .values(let values):
            return values[index]
        case .mapped(let storage, let range, let depth):
            guard let size = elementType.fixedSize else {
                var cursor = GGUFCursor(storage: storage, offset: range.lowerBound)
                for skipped in 0..<index { try cursor.skipElement(of: elementType, index: skipped, depth: depth) }
                return try cursor.readElement(of: elementType, index: index, depth: depth)
            }
            var cursor = GGUFCursor(storage: storage, offset: range.lowerBound + index * size)
            return try cursor.readElement(of: elementType, index: index, depth: depth)
        }
    }

    /// Decodes every element.
    public func values() throws(GGUFError) -> [GGUFValue] {
        try values(prefix: count)
    }

    /// Decodes the first `maxCount` elements (all of them if there are fewer).
    public func values(prefix maxCount: Int) throws(GGUFError) -> [GGUFValue] {
        let wanted = min(max(maxCount, 0), count)
        switch backing {
        case .values(let values):
            return Array(values.prefix(wanted))
        case .mapped(let storage, let range, let depth):
            var cursor = GGUFCursor(storage: storage, offset: range.lowerBound)
            var result: [GGUFValue] = []
            result.reserveCapacity(wanted)
            for index in 0..<wanted {
                result.append(try cursor.readElement(of: elementType, index: index, depth: depth))
            }
            return result
        }
    }

    /// All elements of a string array, decoded straight from the file's bytes; `nil` if the
    /// elements are not strings.
    public func strings() throws(GGUFError) -> [String]? {
        guard elementType == .string else { return nil }
        switch backing {
        case .values(let values):
            return values.compactMap(\.stringValue)
        case .mapped(let storage, let range, _):
            var cursor = GGUFCursor(storage: storage, offset: range.lowerBound)
            var result: [String] = []
            result.reserveCapacity(count)
            for index in 0..<count {
                result.append(try cursor.readString("string element \(index)"))
            }
            return result
        }
    }

    /// The elements copied out in one go, if their type is exactly `T`'s (`Int32` for
    /// `int32`, `Float` for `float32`, ...); otherwise `nil`.
    public func scalars<T: GGUFScalar>(of type: T.Type) -> [T]? {
        guard elementType == T.ggufValueType else { return nil }
        switch backing {
        case .values(let values):
            return values.compactMap(T.init(ggufValue:))
        case .mapped(let storage, let range, _):
            #if _endian(little)
            let source = UnsafeRawBufferPointer(rebasing: storage.bytes[range])
            return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
                initialized = count
            }
            #else
            return (try? values())?.compactMap(T.init(ggufValue:))
            #endif
        }
    }

    /// The elements as `Int`s if they are integers of any width that all fit; otherwise `nil`.
    public func integers() -> [Int]? {
        switch elementType {
        case .uint8: Self.widen(scalars(of: UInt8.self))
        case .int8: Self.widen(scalars(of: Int8.self))
        case .uint16: Self.widen(scalars(of: UInt16.self))
        case .int16: Self.widen(scalars(of: Int16.self))
        case .uint32: Self.widen(scalars(of: UInt32.self))
        case .int32: Self.widen(scalars(of: Int32.self))
        case .uint64: Self.widen(scalars(of: UInt64.self))
        case .int64: Self.widen(scalars(of: Int64.self))
        default: nil
        }
    }

    /// The elements as `Double`s if they are floats or integers; otherwise `nil`.
    public func doubles() -> [Double]? {
        switch elementType {
        case .float32: scalars(of: Float.self)?.map(Double.init)
        case .float64: scalars(of: Double.self)
        default: integers()?.map(Double.init)
        }
    }

    /// The elements as `Float`s if they are floats or integers (`float32` is copied without
    /// conversion; others are rounded); otherwise `nil`.
    public func floats() -> [Float]? {
        elementType == .float32 ? scalars(of: Float.self) : doubles()?.map(Float.init)
    }

    /// The elements of a `bool` array (any non-zero byte is `true`); otherwise `nil`.
    public func bools() -> [Bool]? {
        guard elementType == .bool else { return nil }
        switch backing {
        case .values(let values): return values.compactMap(\.boolValue)
        case .mapped(let storage, let range, _): return storage.bytes[range].map { $0 != 0 }
        }
    }

    private static func widen<T: BinaryInteger>(_ values: [T]?) -> [Int]? {
        guard let values else { return nil }
        var result: [Int] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let int = Int(exactly: value) else { return nil }
            result.append(int)
        }
        return result
    }
}

extension GGUFCursor {
    /// Reads array element `index` of `type`, where the array itself has nesting `depth`.
    fileprivate mutating func readElement(
        of type: GGUFValueType, index: Int, depth: Int
    ) throws(GGUFError) -> GGUFValue {
        type == .string
            ? .string(try readString("string element \(index)"))
            : try readValue(of: type, key: "element \(index)", depth: depth)
    }

    /// Advances past array element `index` without decoding it.
    fileprivate mutating func skipElement(of type: GGUFValueType, index: Int, depth: Int) throws(GGUFError) {
        if type == .string {
            _ = try readStringBytes("string element \(index)")
        } else {
            _ = try readValue(of: type, key: "element \(index)", depth: depth)
        }
    }
}
