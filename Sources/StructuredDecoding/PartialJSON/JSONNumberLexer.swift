/// Reads a JSON number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) one byte at a time.
///
/// While the number is cut off, `validPrefix` is the longest prefix of what was written that is
/// itself a number (`-` -> none, `1.` -> `1`, `1.5e` -> `1.5`, `-0` -> `-0`): what snapshots show.
struct JSONNumberLexer {
    private enum State {
        case start, minus, zero, integer, dot, fraction, exponent, exponentSign, exponentDigits

        var isComplete: Bool {
            switch self {
            case .zero, .integer, .fraction, .exponentDigits: true
            default: false
            }
        }
    }

    /// What reading a byte did.
    enum Outcome {
        /// The byte belongs to the number.
        case more
        /// The byte does not belong to it: the number ended before it (the byte must be read
        /// by the parser again).
        case ended
    }

    /// The number as written so far (ASCII).
    private(set) var text = ""
    /// The length of the longest prefix of `text` that is a complete number.
    private(set) var validLength = 0
    private var state = State.start

    /// Starts a new number.
    mutating func reset() {
        text = ""
        validLength = 0
        state = .start
    }

    /// Whether `text` is a complete number.
    var isComplete: Bool { state.isComplete }

    /// The longest prefix that is a complete number, or `nil` if there is none yet.
    var validPrefix: String? { validLength == 0 ? nil : String(text.prefix(validLength)) }

    /// Reads one byte (the first one must be `-` or a digit).
    mutating func read(_ byte: UInt8) throws(JSONFault) -> Outcome {
        let isDigit = (0x30...0x39).contains(byte)
        let next: State
        switch (state, byte) {
        case (.start, 0x2D): next = .minus
        case (.start, 0x30), (.minus, 0x30): next = .zero
        case (.start, _) where isDigit, (.minus, _) where isDigit: next = .integer
        case (.zero, _) where isDigit: throw JSONFault(.leadingZero)
        case (.zero, 0x2E), (.integer, 0x2E): next = .dot
        case (.integer, _) where isDigit: next = .integer
        case (.dot, _) where isDigit, (.fraction, _) where isDigit: next = .fraction
        case (.zero, 0x45), (.zero, 0x65), (.integer, 0x45), (.integer, 0x65),
            (.fraction, 0x45), (.fraction, 0x65):
            next = .exponent
        case (.exponent, 0x2B), (.exponent, 0x2D): next = .exponentSign
        case (.exponent, _) where isDigit, (.exponentSign, _) where isDigit, (.exponentDigits, _) where isDigit:
            next = .exponentDigits
        default:
            guard state.isComplete else { throw JSONFault(.incompleteNumber(text)) }
            return .ended
        }
        state = next
        text.unicodeScalars.append(Unicode.Scalar(byte))
        if next.isComplete { validLength = text.utf8.count }
        return .more
    }
}
