/// Splits template source into tokens the way jinja2's lexer does under transformers' settings
/// (`trim_blocks=True`, `lstrip_blocks=True`, `keep_trailing_newline=False`):
///
/// - newlines (`\r\n`, `\r`, `\n`) are normalized to `\n` and one trailing newline is dropped;
/// - `{%-`, `{{-`, `{#-` strip all whitespace before the tag; `-%}`, `-}}`, `-#}` after it;
/// - lstrip: spaces and tabs between a line start and `{%` or `{#` (not `{{`) are removed
///   unless the tag opens with `{%+` / `{#+`;
/// - trim: the first newline after `%}` or `#}` is removed unless the tag closes with `+%}`;
/// - `{% raw %}…{% endraw %}` passes its body through as text.
struct Lexer {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// Whether the previous match ended with a newline (jinja2's `line_starting`).
    private var lineStarting = true
    private var tokens: [Token] = []

    static let trimBlocks = true
    static let lstripBlocks = true

    init(source: String) {
        var normalized: [UInt8] = []
        normalized.reserveCapacity(source.utf8.count)
        var previousWasCR = false
        for byte in source.utf8 {
            if byte == 0x0D {
                normalized.append(0x0A)
                previousWasCR = true
                continue
            }
            if byte == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = false
            normalized.append(byte)
        }
        if normalized.last == 0x0A { normalized.removeLast() }
        bytes = normalized
    }

    /// All tokens, ending with `.eof`.
    static func tokenize(_ source: String) throws(ChatTemplateError) -> [Token] {
        var lexer = Lexer(source: source)
        try lexer.run()
        return lexer.tokens
    }

    private func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func hasPrefix(_ literal: String, at index: Int) -> Bool {
        var offset = index
        for expected in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == expected else { return false }
            offset += 1
        }
        return true
    }

    private func newlines(_ range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] == 0x0A { count += 1 }
        return count
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Emits the text before a tag, applying `-` stripping or lstrip_blocks.
    private mutating func emitText(_ range: Range<Int>, sign: UInt8?, lstripAllowed: Bool) {
        var data = text(range)
        if sign == UInt8(ascii: "-") {
            data = data.pythonRStrip()
        } else if sign != UInt8(ascii: "+"), Self.lstripBlocks, lstripAllowed {
            var lineStart = range.lowerBound
            if let lastNewline = bytes[range].lastIndex(of: 0x0A) { lineStart = lastNewline + 1 }
            if lineStart > range.lowerBound || lineStarting {
                if text(lineStart..<range.upperBound).isAllPythonWhitespace {
                    data = text(range.lowerBound..<lineStart)
                }
            }
        }
        if !data.isEmpty { tokens.append(Token(kind: .text(data), line: line)) }
        line += newlines(range)
    }

    private mutating func run() throws(ChatTemplateError) {
        while position < bytes.count {
            guard let tagStart = nextTagStart(from: position) else {
                tokens.append(Token(kind: .text(text(position..<bytes.count)), line: line))
                line += newlines(position..<bytes.count)
                position = bytes.count
                break
            }
            let kind = bytes[tagStart + 1]
            var afterDelimiter = tagStart + 2
            var sign: UInt8? = nil
            if let next = byte(afterDelimiter), next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
                sign = next
                afterDelimiter += 1
            }
            if kind == UInt8(ascii: "%"), let rawEnd = matchRawBegin(at: afterDelimiter) {
                emitText(position..<tagStart, sign: sign, lstripAllowed: true)
                line += newlines(tagStart..<rawEnd)
                lineStarting = rawEnd > 0 && bytes[rawEnd - 1] == 0x0A
                position = rawEnd
                try lexRawBody()
                continue
            }
            emitText(position..<tagStart, sign: sign, lstripAllowed: kind != UInt8(ascii: "{"))
            lineStarting = false
            position = afterDelimiter
            switch kind {
            case UInt8(ascii: "#"): try lexComment()
            case UInt8(ascii: "%"): try lexTag(isBlock: true)
            default: try lexTag(isBlock: false)
            }
        }
        tokens.append(Token(kind: .eof, line: line))
    }

    private func nextTagStart(from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "{") {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "{") || next == UInt8(ascii: "%") || next == UInt8(ascii: "#") { return index }
            }
            index += 1
        }
        return nil
    }

    /// Matches `\s*raw\s*(?:-%}\s*|%})` after `{%` and its sign; returns the end of the match.
    private func matchRawBegin(at start: Int) -> Int? {
        var index = skipPythonWhitespace(bytes, from: start)
        guard hasPrefix("raw", at: index) else { return nil }
        index = skipPythonWhitespace(bytes, from: index + 3)
        if hasPrefix("-%}", at: index) { return skipPythonWhitespace(bytes, from: index + 3) }
        if hasPrefix("%}", at: index) { return index + 2 }
        return nil
    }

    /// Finds `{%[-+]?\s*endraw\s*(+%}|-%}\s*|%}\n?)` and emits the raw body as text.
    private mutating func lexRawBody() throws(ChatTemplateError) {
        var search = position
        while let tagStart = nextTagStart(from: search) {
            search = tagStart + 1
            guard bytes[tagStart + 1] == UInt8(ascii: "%") else { continue }
            var index = tagStart + 2
            var sign: UInt8? = nil
            if let next = byte(index), next == UInt8(ascii: "-") || next == UInt8(ascii: "+") { sign = next; index += 1 }
            index = skipPythonWhitespace(bytes, from: index)
            guard hasPrefix("endraw", at: index) else { continue }
            index = skipPythonWhitespace(bytes, from: index + 6)
            guard let end = matchBlockEnd(at: index) else { continue }
            emitText(position..<tagStart, sign: sign, lstripAllowed: true)
            line += newlines(tagStart..<end)
            lineStarting = bytes[end - 1] == 0x0A
            position = end
            return
        }
        throw .syntax("Missing end of raw directive", line: line)
    }

    /// Matches `+%}`, `-%}\s*` or `%}\n?` at `index`; returns the end of the match.
    private func matchBlockEnd(at index: Int) -> Int? {
        if hasPrefix("+%}", at: index) { return index + 3 }
        if hasPrefix("-%}", at: index) { return skipPythonWhitespace(bytes, from: index + 3) }
        if hasPrefix("%}", at: index) {
            if Self.trimBlocks, byte(index + 2) == 0x0A { return index + 3 }
            return index + 2
        }
        return nil
    }

    private mutating func lexComment() throws(ChatTemplateError) {
        var index = position
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "}") {
                var end = index + 2
                if index > position, bytes[index - 1] == UInt8(ascii: "-") {
                    end = skipPythonWhitespace(bytes, from: end)
                } else if index > position, bytes[index - 1] == UInt8(ascii: "+") {
                    // `+#}` keeps the newline that follows.
                } else if Self.trimBlocks, byte(end) == 0x0A {
                    end += 1
                }
                line += newlines(position..<end)
                lineStarting = bytes[end - 1] == 0x0A
                position = end
                return
            }
            index += 1
        }
        throw .syntax("Missing end of comment tag", line: line)
    }

    /// Lexes the inside of `{{ … }}` or `{% … %}` up to and including its end delimiter.
    private mutating func lexTag(isBlock: Bool) throws(ChatTemplateError) {
        tokens.append(Token(kind: isBlock ? .blockBegin : .variableBegin, line: line))
        var balance: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw .syntax("unexpected end of template, expected '\(isBlock ? "end of statement block" : "end of print statement")'", line: line)
            }
            if balance.isEmpty {
                if isBlock, let end = matchBlockEnd(at: position) {
                    tokens.append(Token(kind: .blockEnd, line: line))
                    line += newlines(position..<end)
                    lineStarting = bytes[end - 1] == 0x0A
                    position = end
                    return
                }
                if !isBlock {
                    var end: Int? = nil
                    if hasPrefix("-}}", at: position) {
                        end = skipPythonWhitespace(bytes, from: position + 3)
                    } else if hasPrefix("}}", at: position) {
                        end = position + 2
                    }
                    if let end {
                        tokens.append(Token(kind: .variableEnd, line: line))
                        line += newlines(position..<end)
                        lineStarting = bytes[end - 1] == 0x0A
                        position = end
                        return
                    }
                }
            }
            let whitespaceEnd = skipPythonWhitespace(bytes, from: position)
            if whitespaceEnd > position {
                line += newlines(position..<whitespaceEnd)
                position = whitespaceEnd
                continue
            }
            try lexExpressionToken(balance: &balance)
        }
    }

    private mutating func lexExpressionToken(balance: inout [UInt8]) throws(ChatTemplateError) {
        let current = bytes[position]
        if let (token, end) = try matchNumber() {
            tokens.append(Token(kind: token, line: line))
            position = end
            return
        }
        if let end = matchName() {
            tokens.append(Token(kind: .name(text(position..<end)), line: line))
            position = end
            return
        }
        if current == UInt8(ascii: "'") || current == UInt8(ascii: "\"") {
            var index = position + 1
            while index < bytes.count, bytes[index] != current {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else {
                throw .syntax("unexpected char \(current == UInt8(ascii: "'") ? "\"'\"" : "'\"'") at \(position)", line: line)
            }
            let body = text(position + 1..<index)
            let value = try StringEscapes.decode(body, line: line)
            tokens.append(Token(kind: .string(value), line: line))
            line += newlines(position..<index)
            position = index + 1
            return
        }
        for op in ["//", "**", "==", "!=", ">=", "<="] where hasPrefix(op, at: position) {
            tokens.append(Token(kind: .op(op), line: line))
            position += 2
            return
        }
        let single = Unicode.Scalar(current)
        guard "+-/*%~[](){}><=.:|,;".unicodeScalars.contains(single) else {
            let (scalar, _) = decodeScalar(bytes, at: position)
            throw .syntax("unexpected char \(PythonRepr.string(String(scalar))) at \(position)", line: line)
        }
        switch current {
        case UInt8(ascii: "{"): balance.append(UInt8(ascii: "}"))
        case UInt8(ascii: "("): balance.append(UInt8(ascii: ")"))
        case UInt8(ascii: "["): balance.append(UInt8(ascii: "]"))
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
            guard let expected = balance.popLast() else { throw .syntax("unexpected '\(single)'", line: line) }
            if expected != current { throw .syntax("unexpected '\(single)', expected '\(Unicode.Scalar(expected))'", line: line) }
        default: break
        }
        tokens.append(Token(kind: .op(String(single)), line: line))
        position += 1
    }

    private func matchName() -> Int? {
        let (first, firstLength) = decodeScalar(bytes, at: position)
        guard first == "_" || (first.isASCII ? first.properties.isAlphabetic : first.properties.isXIDStart) else { return nil }
        var index = position + firstLength
        while index < bytes.count {
            let (scalar, length) = decodeScalar(bytes, at: index)
            let ok = scalar == "_" || (scalar.isASCII ? (scalar.properties.isAlphabetic || isDigit(bytes[index])) : scalar.properties.isXIDContinue)
            guard ok else { break }
            index += length
        }
        return index
    }

    /// `(\d+_)*\d+` starting at `index`; returns its end.
    private func matchDigitGroups(_ index: Int) -> Int? {
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        var end = index
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        while end + 1 < bytes.count, bytes[end] == UInt8(ascii: "_"), isDigit(bytes[end + 1]) {
            end += 1
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        }
        return end
    }

    private func matchExponent(_ index: Int) -> Int? {
        guard index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") else { return nil }
        var start = index + 1
        if start < bytes.count, bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-") { start += 1 }
        return matchDigitGroups(start)
    }

    private func matchNumber() throws(ChatTemplateError) -> (Token.Kind, Int)? {
        guard isDigit(bytes[position]) else { return nil }
        // Float: (?<!\.)(\d+_)*\d+((\.(\d+_)*\d+)?e[+\-]?(\d+_)*\d+|\.(\d+_)*\d+)
        if position == 0 || bytes[position - 1] != UInt8(ascii: "."), let whole = matchDigitGroups(position) {
            var end: Int? = nil
            if whole < bytes.count, bytes[whole] == UInt8(ascii: "."), let fraction = matchDigitGroups(whole + 1) {
                end = matchExponent(fraction) ?? fraction
            } else if let exponent = matchExponent(whole) {
                end = exponent
            }
            if let end {
                let literal = text(position..<end).replacingUnderscores()
                guard let value = Double(literal) else { throw .syntax("invalid float literal", line: line) }
                return (.float(value), end)
            }
        }
        // Integer: 0b…, 0o…, 0x…, [1-9](_?\d)*, 0(_?0)*
        var radix = 10
        var digitsStart = position
        if bytes[position] == UInt8(ascii: "0"), let marker = byte(position + 1) {
            switch marker | 0x20 {
            case UInt8(ascii: "b"): radix = 2
            case UInt8(ascii: "o"): radix = 8
            case UInt8(ascii: "x"): radix = 16
            default: break
            }
        }
        var end = position
        if radix != 10 {
            digitsStart = position + 2
            end = digitsStart
            while true {
                var next = end
                if byte(next) == UInt8(ascii: "_") { next += 1 }
                guard let candidate = byte(next), let digit = hexDigitValue(candidate), digit < radix else { break }
                end = next + 1
            }
            if end == digitsStart { radix = 10; end = position; digitsStart = position }
        }
        if radix == 10 {
            let isZero = bytes[position] == UInt8(ascii: "0")
            end = position + 1
            while true {
                var next = end
                if byte(next) == UInt8(ascii: "_") { next += 1 }
                guard let candidate = byte(next), isDigit(candidate), !isZero || candidate == UInt8(ascii: "0") else { break }
                end = next + 1
            }
        }
        let digits = text(digitsStart..<end).replacingUnderscores()
        guard let value = Int(digits, radix: radix) else { throw .syntax("integer literal \(digits) is too large", line: line) }
        return (.integer(value), end)
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(unicodeScalars.filter { $0 != "_" }) }
}
