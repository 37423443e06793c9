/// Decodes terminal input bytes into `KeyEvent`s. Pure and incremental: bytes may
/// arrive in any split (escape sequences and UTF-8 characters across reads).
///
/// A lone ESC is ambiguous (Escape key or the start of a sequence), so it stays
/// pending until more bytes arrive or the caller decides none will and calls
/// `flushPendingEscape()` (the `RawTerminal` reader does after ~30 ms of silence).
package struct KeyParser: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCarriageReturn = false
    /// Unterminated sequences longer than this are dropped.
    private static let maximumSequenceLength = 32

    /// Creates an empty parser.
    package init() {}

    /// Whether an incomplete escape sequence is waiting (call `flushPendingEscape()` after a short timeout).
    package var hasPendingEscape: Bool { pending.first == 0x1B }

    /// Whether any bytes (escape sequence or partial UTF-8 character) are buffered.
    package var hasPendingBytes: Bool { !pending.isEmpty }

    /// Adds bytes and returns the events they complete.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        pending.append(contentsOf: bytes)
        return parse(flushing: false)
    }

    /// Interprets a pending incomplete escape sequence as the keys typed: a lone ESC
    /// becomes `.escape`, and any bytes after it are parsed as ordinary keys.
    package mutating func flushPendingEscape() -> [KeyEvent] {
        parse(flushing: true)
    }

    private mutating func parse(flushing: Bool) -> [KeyEvent] {
        var events: [KeyEvent] = []
        var index = 0
        var flushing = flushing
        while index < pending.count {
            let byte = pending[index]
            let afterCarriageReturn = lastWasCarriageReturn
            lastWasCarriageReturn = byte == 0x0D
            switch byte {
            case 0x1B:
                switch escapeSequence(at: index) {
                case .complete(let event, let length):
                    if let event { events.append(event) }
                    index += length
                case .incomplete where !flushing:
                    pending.removeFirst(index)
                    return events
                case .incomplete, .notASequence:
                    events.append(.escape)
                    index += 1
                    flushing = false
                }
            case 0x0D:
                events.append(.enter)
                index += 1
            case 0x0A:
                if !afterCarriageReturn { events.append(.enter) }
                index += 1
            case 0x09:
                events.append(.tab); index += 1
            case 0x7F, 0x08:
                events.append(.backspace); index += 1
            case 0x00:
                events.append(.control("@")); index += 1
            case 0x01...0x1A:
                events.append(.control(Character(Unicode.Scalar(byte + 0x60)))); index += 1
            case 0x1C...0x1F:
                events.append(.control(Character(Unicode.Scalar(byte + 0x40)))); index += 1
            case 0x20...0x7E:
                events.append(.character(Character(Unicode.Scalar(byte)))); index += 1
            default:
                switch utf8Character(at: index) {
                case .complete(let event, let length):
                    if let event { events.append(event) }
                    index += length
                case .incomplete:
                    pending.removeFirst(index)
                    return events
                case .notASequence:
                    index += 1 // stray continuation or invalid byte: skipped
                }
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    private enum Match {
        case complete(KeyEvent?, length: Int)
        case incomplete
        case notASequence
    }

    /// Matches `ESC [ …`, `ESC O x` at `start` (which holds ESC).
    private func escapeSequence(at start: Int) -> Match {
        guard start + 1 < pending.count else { return .incomplete }
        let introducer = pending[start + 1]
        if introducer == UInt8(ascii: "O") {
            guard start + 2 < pending.count else { return .incomplete }
            let event: KeyEvent? =
                switch pending[start + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                case UInt8(ascii: "M"): .enter
                default: nil
                }
            return .complete(event, length: 3)
        }
        guard introducer == UInt8(ascii: "[") else { return .notASequence }
        var index = start + 2
        while index < pending.count {
            let byte = pending[index]
            if (0x40...0x7E).contains(byte) {
                let parameters = String(decoding: pending[(start + 2)..<index], as: UTF8.self)
                return .complete(csiEvent(final: byte, parameters: parameters), length: index - start + 1)
            }
            guard (0x20...0x3F).contains(byte) else { return .notASequence }
            index += 1
        }
        return index - start > KeyParser.maximumSequenceLength ? .notASequence : .incomplete
    }

    private func csiEvent(final: UInt8, parameters: String) -> KeyEvent? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .tab
        case UInt8(ascii: "~"):
            let first = parameters.split(separator: ";").first.flatMap { Int($0) }
            switch first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            default: return nil
            }
        default: return nil
        }
    }

    /// Decodes one UTF-8 character starting with a non-ASCII byte at `start`.
    private func utf8Character(at start: Int) -> Match {
        let lead = pending[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .notASequence
        }
        for offset in 1..<length {
            guard start + offset < pending.count else { return .incomplete }
            guard (0x80...0xBF).contains(pending[start + offset]) else { return .notASequence }
        }
        let bytes = pending[start..<(start + length)]
        guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else {
            return .complete(nil, length: length)
        }
        if scalar.value >= 0x80 && scalar.value < 0xA0 { return .complete(nil, length: length) }
        return .complete(.character(Character(scalar)), length: length)
    }
}
