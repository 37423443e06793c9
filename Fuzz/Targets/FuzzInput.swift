/// The fuzzer's bytes, read front to back: a few leading bytes pick options, the rest is the
/// input under test. Compiled into every fuzz target beside its entry point.
struct FuzzInput {
    /// The bytes not yet taken.
    private(set) var rest: ArraySlice<UInt8>

    /// Wraps the fuzzer's buffer (copied once).
    init(_ data: UnsafeRawPointer, _ size: Int) {
        rest = ArraySlice(UnsafeRawBufferPointer(start: data, count: size))
    }

    /// The next byte, or 0 when none is left.
    mutating func byte() -> UInt8 {
        guard let first = rest.first else { return 0 }
        rest = rest.dropFirst()
        return first
    }

    /// Whether the next byte is odd.
    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// The remaining bytes, as raw bytes.
    mutating func remainingBytes() -> [UInt8] {
        defer { rest = [] }
        return Array(rest)
    }

    /// The remaining bytes as text (invalid UTF-8 becomes U+FFFD).
    mutating func remainingText() -> String {
        String(decoding: remainingBytes(), as: UTF8.self)
    }

    /// The bytes up to the next `separator` (or the end), consumed with the separator.
    mutating func chunk(until separator: UInt8 = 0) -> [UInt8] {
        if let end = rest.firstIndex(of: separator) {
            defer { rest = rest[(end + 1)...] }
            return Array(rest[..<end])
        }
        return remainingBytes()
    }
}

/// Stops the fuzzer with a message when a property the target checks does not hold; libFuzzer
/// saves the input as a crash.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz check failed: \(message())") }
}
