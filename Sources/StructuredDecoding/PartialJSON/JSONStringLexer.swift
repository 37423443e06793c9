/// Decodes the inside of a JSON string one byte at a time, keeping only whole scalars in `text`.
///
/// A scalar joins `text` when its last byte arrives: a multi-byte UTF-8 sequence, a `\uXXXX`
/// escape, or both halves of a surrogate pair (`\uD83D\uDE00`). So a snapshot never shows half a
/// character. UTF-8 is validated strictly (no overlongs, surrogates or values above U+10FFFF).
struct JSONStringLexer {
    /// What the lexer is in the middle of.
    private enum State {
        /// Ordinary content.
        case content
        /// Inside a UTF-8 sequence: bytes still `needed`, the range allowed for the next byte.
        case utf8(needed: Int, low: UInt8, high: UInt8)
        /// After a backslash.
        case escape
        /// Inside `\u`: hex digits read so far, value so far, and the high surrogate before it
        /// (for the second half of a pair).
        case unicode(digits: Int, value: UInt32, high: UInt32?)
        /// After a high-surrogate escape: expecting `\`.
        case pairBackslash(high: UInt32)
        /// After a high-surrogate escape and `\`: expecting `u`.
        case pairU(high: UInt32)
    }

    /// What reading a byte did.
    enum Outcome {
        /// The string goes on.
        case more
        /// The byte was the closing quote.
        case closed
    }

    /// The decoded scalars read so far.
    private(set) var text = ""
    private var state = State.content
    private var pendingScalar: UInt32 = 0

    /// Starts a new string.
    mutating func reset() {
        text = ""
        state = .content
    }

    /// Reads one byte after the opening quote.
    mutating func read(_ byte: UInt8) throws(JSONFault) -> Outcome {
        switch state {
        case .content:
            switch byte {
            case 0x22: return .closed
            case 0x5C: state = .escape
            case 0x00...0x1F: throw JSONFault(.controlCharacterInString(byte))
            case 0x20...0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            case 0xC2...0xDF: begin(byte & 0x1F, needed: 1, low: 0x80, high: 0xBF)
            case 0xE0: begin(0, needed: 2, low: 0xA0, high: 0xBF)
            case 0xED: begin(0x0D, needed: 2, low: 0x80, high: 0x9F)
            case 0xE1...0xEF: begin(byte & 0x0F, needed: 2, low: 0x80, high: 0xBF)
            case 0xF0: begin(0, needed: 3, low: 0x90, high: 0xBF)
            case 0xF1...0xF3: begin(byte & 0x07, needed: 3, low: 0x80, high: 0xBF)
            case 0xF4: begin(4, needed: 3, low: 0x80, high: 0x8F)
            default: throw JSONFault(.invalidUTF8(byte))
            }
        case .utf8(let needed, let low, let high):
            guard low <= byte, byte <= high else { throw JSONFault(.invalidUTF8(byte)) }
            pendingScalar = pendingScalar << 6 | UInt32(byte & 0x3F)
            if needed == 1 {
                append(pendingScalar)
                state = .content
            } else {
                state = .utf8(needed: needed - 1, low: 0x80, high: 0xBF)
            }
        case .escape:
            let decoded: UInt32
            switch byte {
            case 0x22, 0x5C, 0x2F: decoded = UInt32(byte)
            case 0x62: decoded = 0x08
            case 0x66: decoded = 0x0C
            case 0x6E: decoded = 0x0A
            case 0x72: decoded = 0x0D
            case 0x74: decoded = 0x09
            case 0x75:
                state = .unicode(digits: 0, value: 0, high: nil)
                return .more
            default: throw JSONFault(.invalidEscape(byte))
            }
            append(decoded)
            state = .content
        case .unicode(let digits, let value, let high):
            guard let digit = Self.hexValue(byte) else { throw JSONFault(.invalidUnicodeEscape(byte)) }
            let value = value << 4 | digit
            guard digits == 3 else {
                state = .unicode(digits: digits + 1, value: value, high: high)
                return .more
            }
            try finishEscape(value, high: high)
        case .pairBackslash(let high):
            guard byte == 0x5C else { throw JSONFault(.unpairedSurrogate) }
            state = .pairU(high: high)
        case .pairU(let high):
            guard byte == 0x75 else { throw JSONFault(.unpairedSurrogate) }
            state = .unicode(digits: 0, value: 0, high: high)
        }
        return .more
    }

    private mutating func begin(_ bits: UInt8, needed: Int, low: UInt8, high: UInt8) {
        pendingScalar = UInt32(bits)
        state = .utf8(needed: needed, low: low, high: high)
    }

    private mutating func finishEscape(_ value: UInt32, high: UInt32?) throws(JSONFault) {
        if let high {
            guard (0xDC00...0xDFFF).contains(value) else { throw JSONFault(.unpairedSurrogate) }
            append(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
            state = .content
        } else if (0xD800...0xDBFF).contains(value) {
            state = .pairBackslash(high: value)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw JSONFault(.unpairedSurrogate)
        } else {
            append(value)
            state = .content
        }
    }

    private mutating func append(_ value: UInt32) {
        // Every caller passes a checked scalar value (no surrogates, at most U+10FFFF).
        if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x37)
        case 0x61...0x66: UInt32(byte - 0x57)
        default: nil
        }
    }
}
