/// Why bytes are not (the beginning of) a JSON document, and at which byte offset.
///
/// ```swift
/// do { _ = try PartialJSON.parseComplete(#"{"a": tru}"#) } catch {
///     print(error)  // invalid JSON at byte 9: expected `e` of `true`, found `}`
/// }
/// ```
public struct PartialJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// A byte that cannot come next; `expected` says what could have.
        case unexpectedByte(UInt8, expected: String)
        /// A byte that is not valid UTF-8 at this point (only strings may hold non-ASCII bytes).
        case invalidUTF8(UInt8)
        /// A raw control character (U+0000...U+001F) inside a string; it must be escaped.
        case controlCharacterInString(UInt8)
        /// A backslash followed by something other than `" \ / b f n r t u`.
        case invalidEscape(UInt8)
        /// A `\u` escape with a non-hex digit.
        case invalidUnicodeEscape(UInt8)
        /// A high surrogate escape not followed by a low one, or a lone low surrogate.
        case unpairedSurrogate
        /// A number with a leading zero, such as `01`.
        case leadingZero
        /// A number cut off where a digit is required (`-`, `1.`, `1e`, `1e+`).
        case incompleteNumber(String)
        /// The input ended inside a value (only `finish()` and complete parsing report this).
        case unexpectedEnd
        /// Arrays and objects nested deeper than the parser's limit.
        case nestingTooDeep(limit: Int)
    }

    /// What went wrong.
    public let reason: Reason
    /// The offset of the offending byte (for `unexpectedEnd`, the input's length).
    public let offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A one-line explanation naming the problem and its offset.
    public var description: String {
        let detail: String
        switch reason {
        case .unexpectedByte(let byte, let expected): detail = "expected \(expected), found \(Self.show(byte))"
        case .invalidUTF8(let byte): detail = "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
        case .controlCharacterInString(let byte):
            detail = "unescaped control character 0x\(String(byte, radix: 16, uppercase: true)) in a string"
        case .invalidEscape(let byte): detail = "invalid escape `\\\(Self.show(byte, quoted: false))`"
        case .invalidUnicodeEscape(let byte): detail = "expected a hex digit in `\\u` escape, found \(Self.show(byte))"
        case .unpairedSurrogate: detail = "unpaired UTF-16 surrogate escape"
        case .leadingZero: detail = "number with a leading zero"
        case .incompleteNumber(let text): detail = "number `\(text)` needs more digits"
        case .unexpectedEnd: detail = "unexpected end of input"
        case .nestingTooDeep(let limit): detail = "arrays and objects nested deeper than \(limit)"
        }
        return "invalid JSON at byte \(offset): \(detail)"
    }

    private static func show(_ byte: UInt8, quoted: Bool = true) -> String {
        guard (0x21...0x7E).contains(byte) else { return "byte 0x\(String(byte, radix: 16, uppercase: true))" }
        let text = String(UnicodeScalar(byte))
        return quoted ? "`\(text)`" : text
    }
}

/// A `PartialJSONError.Reason` thrown by the lexers, which do not know the offset; the parser
/// adds it.
struct JSONFault: Error {
    /// What went wrong.
    let reason: PartialJSONError.Reason

    /// Wraps `reason`.
    init(_ reason: PartialJSONError.Reason) { self.reason = reason }
}
