/// A bounds-checked little-endian reader over a file's bytes.
///
/// Every read checks the remaining length first and throws `GGUFError.truncated` (fixed-size
/// fields) or `GGUFError.absurdCount` (counts and lengths) instead of trapping; the end of the
/// buffer is the end of the file. `what` arguments are autoclosures so the hot loops over
/// hundreds of thousands of strings build no message unless something is wrong.
struct GGUFCursor {
    /// The storage being read (kept so array values can reference it).
    let storage: GGUFStorage
    /// The position of the next read, in bytes from the start of the file.
    private(set) var offset: Int

    /// A cursor at `offset` in `storage`.
    init(storage: GGUFStorage, offset: Int = 0) {
        self.storage = storage
        self.offset = offset
    }

    /// The file's bytes.
    var bytes: UnsafeRawBufferPointer { storage.bytes }

    /// The number of bytes after the cursor.
    var remaining: Int { bytes.count - offset }

    /// Reads a little-endian integer.
    mutating func read<T: FixedWidthInteger>(
        _: T.Type, _ what: @autoclosure () -> String
    ) throws(GGUFError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else {
            throw .truncated(offset: offset, needed: size, what: what())
        }
        let value = T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        offset += size
        return value
    }

    /// Reads a `uint64` count of items that each take at least `minimumSize` bytes, and
    /// rejects it unless that many items could fit in the rest of the file.
    mutating func readCount(
        _ what: @autoclosure () -> String, minimumSize: Int
    ) throws(GGUFError) -> Int {
        let start = offset
        let count = try read(UInt64.self, what())
        let (total, overflow) = count.multipliedReportingOverflow(by: UInt64(minimumSize))
        guard !overflow, total <= UInt64(remaining) else {
            throw .absurdCount(what: what(), count: count, offset: start)
        }
        return Int(count)
    }

    /// Advances past `count` bytes that must exist.
    mutating func skip(_ count: Int, _ what: @autoclosure () -> String) throws(GGUFError) {
        guard count <= remaining else {
            throw .truncated(offset: offset, needed: count, what: what())
        }
        offset += count
    }

    /// Reads a string's length and returns its bytes (not yet validated as UTF-8).
    mutating func readStringBytes(
        _ what: @autoclosure () -> String
    ) throws(GGUFError) -> UnsafeRawBufferPointer {
        let length = try readCount("length of the \(what())", minimumSize: 1)
        let start = offset
        offset += length
        return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }

    /// Reads a string and validates it as UTF-8.
    mutating func readString(_ what: @autoclosure () -> String) throws(GGUFError) -> String {
        let start = offset
        let raw = try readStringBytes(what())
        guard let string = Self.decodeUTF8(raw) else {
            throw .invalidUTF8(what: what(), offset: start)
        }
        return string
    }

    /// Decodes UTF-8 straight from mapped bytes; `nil` if the bytes are not valid UTF-8.
    ///
    /// `String(decoding:)` (the stdlib's fastest path) repairs invalid input with U+FFFD, so
    /// its output equals the input byte for byte exactly when the input was valid. Checking
    /// that is about twice as fast as `String(validating:)` on a tokenizer's short strings.
    static func decodeUTF8(_ raw: UnsafeRawBufferPointer) -> String? {
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        var string = String(decoding: bytes, as: UTF8.self)
        let unchanged = string.utf8.count == bytes.count && string.withUTF8 { $0.elementsEqual(bytes) }
        return unchanged ? string : nil
    }
}
