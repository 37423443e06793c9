import Foundation

/// One unfolded content line and the 1-based number of the physical line it starts on.
struct LogicalLine: Sendable, Equatable {
    /// The unfolded text, without its line break.
    var text: String
    /// The physical line (1-based) on which this logical line starts.
    var lineNumber: Int
}

/// Splits a file's bytes into logical lines (RFC 5545 §3.1, RFC 6350 §3.2).
///
/// Works on bytes so that a fold in the middle of a multi-byte UTF-8 sequence (which RFC 5545
/// allows, since it folds at 75 octets) unfolds back into the right character. Accepts CRLF, LF
/// or a lone CR as line breaks, removes a UTF-8 byte-order mark, converts UTF-16 text (with a
/// byte-order mark) to UTF-8, drops blank lines, and joins vCard 2.1 quoted-printable soft line
/// breaks (a line of a `QUOTED-PRINTABLE` property that ends with `=`).
enum LineUnfolder {
    /// The logical lines of `input`, each decoded as UTF-8.
    static func unfold(_ input: [UInt8]) throws(SyntaxError) -> [LogicalLine] {
        let bytes = normalizedUTF8(input)
        var result: [LogicalLine] = []
        var current: [UInt8] = []
        var currentStart = 0
        var hasCurrent = false
        var lineNumber = 0
        var index = 0

        func flush() throws(SyntaxError) {
            guard hasCurrent else { return }
            hasCurrent = false
            guard let text = String(validating: current, as: UTF8.self) else {
                throw SyntaxError(kind: .notUTF8, line: currentStart, message: "the text is not valid UTF-8")
            }
            result.append(LogicalLine(text: text, lineNumber: currentStart))
        }

        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let physical = bytes[index..<end]
            lineNumber += 1
            if end < bytes.count {
                end += (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A) ? 2 : 1
            }
            index = end

            if hasCurrent, current.last == UInt8(ascii: "="), isQuotedPrintable(current) {
                current.removeLast()
                current.append(contentsOf: physical)
                continue
            }
            if hasCurrent, let first = physical.first, first == 0x20 || first == 0x09 {
                current.append(contentsOf: physical.dropFirst())
                continue
            }
            try flush()
            if physical.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            current = Array(physical)
            currentStart = lineNumber
            hasCurrent = true
        }
        try flush()
        return result
    }

    /// Removes a UTF-8 byte-order mark, or converts UTF-16 with a byte-order mark to UTF-8.
    static func normalizedUTF8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
            let text = String(data: Data(bytes), encoding: .utf16)
        {
            return Array(text.utf8)
        }
        return bytes
    }

    /// Whether the part of `line` before its first `:` mentions `QUOTED-PRINTABLE`.
    private static func isQuotedPrintable(_ line: [UInt8]) -> Bool {
        let head = line.prefix { $0 != UInt8(ascii: ":") }
        let needle = Array("QUOTED-PRINTABLE".utf8)
        guard head.count >= needle.count else { return false }
        let upper = head.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        for start in 0...(upper.count - needle.count) where upper[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
