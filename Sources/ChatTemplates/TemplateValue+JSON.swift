extension TemplateValue {
    /// Parses JSON text, keeping object key order (for tool parameter schemas).
    ///
    /// Numbers without a fraction or exponent that fit in `Int` become `.integer`, all others
    /// `.double`, as Python's `json.loads` makes `int` and `float`. Like Python it also accepts
    /// `NaN`, `Infinity` and `-Infinity`. A repeated key keeps its first position and last value.
    ///
    /// ```swift
    /// let schema = try TemplateValue(jsonText: #"{"type": "object", "properties": {}}"#)
    /// ```
    package init(jsonText: String) throws(ChatTemplateError) {
        var parser = JSONTextParser(bytes: Array(jsonText.utf8))
        self = try parser.parseDocument()
    }
}

/// A recursive-descent JSON reader over UTF-8 bytes with a nesting cap.
struct JSONTextParser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(ChatTemplateError) -> TemplateValue {
        let value = try parseValue()
        skipWhitespace()
        if position != bytes.count { throw failure("extra data") }
        return value
    }

    private func failure(_ what: String) -> ChatTemplateError {
        ChatTemplateError(kind: .json, message: "\(what) at byte offset \(position)", line: 0)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func consume(_ literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard position + literalBytes.count <= bytes.count,
            bytes[position..<position + literalBytes.count].elementsEqual(literalBytes)
        else { return false }
        position += literalBytes.count
        return true
    }

    private mutating func parseValue() throws(ChatTemplateError) -> TemplateValue {
        skipWhitespace()
        guard position < bytes.count else { throw failure("expecting value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        default:
            if consume("true") { return .bool(true) }
            if consume("false") { return .bool(false) }
            if consume("null") { return .none }
            if consume("NaN") { return .double(.nan) }
            if consume("Infinity") { return .double(.infinity) }
            if consume("-Infinity") { return .double(-.infinity) }
            return try parseNumber()
        }
    }

    private mutating func enter() throws(ChatTemplateError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth)") }
    }

    private mutating func parseObject() throws(ChatTemplateError) -> TemplateValue {
        try enter()
        defer { depth -= 1 }
        var object = TemplateObject()
        if opensEmpty(closing: UInt8(ascii: "}")) { return .object(object) }
        repeat {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expecting property name enclosed in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expecting ':' delimiter") }
            position += 1
            object[key] = try parseValue()
        } while try !closesAfterElement(UInt8(ascii: "}"))
        return .object(object)
    }

    private mutating func parseArray() throws(ChatTemplateError) -> TemplateValue {
        try enter()
        defer { depth -= 1 }
        var elements: [TemplateValue] = []
        if opensEmpty(closing: UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue())
        } while try !closesAfterElement(UInt8(ascii: "]"))
        return .array(elements)
    }

    /// Past an array's or object's opening byte: whether it closes at once (the `closing` byte,
    /// consumed).
    private mutating func opensEmpty(closing: UInt8) -> Bool {
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == closing else { return false }
        position += 1
        return true
    }

    /// After an element of an array or object: `false` past a comma (another element follows),
    /// `true` past the `closing` byte.
    private mutating func closesAfterElement(_ closing: UInt8) throws(ChatTemplateError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw failure("expecting ',' delimiter") }
        if bytes[position] == UInt8(ascii: ",") { position += 1; return false }
        if bytes[position] == closing { position += 1; return true }
        throw failure("expecting ',' delimiter")
    }

    private mutating func parseHex4() throws(ChatTemplateError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("invalid \\uXXXX escape") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = hexDigitValue(byte) else { throw failure("invalid \\uXXXX escape") }
            value = value * 16 + UInt32(digit)
        }
        position += 4
        return value
    }

    private mutating func parseString() throws(ChatTemplateError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ end: Int, into scalars: inout String.UnicodeScalarView) {
            if end > runStart { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard position < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position, into: &scalars)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("invalid control character") }
            if byte != UInt8(ascii: "\\") { position += 1; continue }
            flush(position, into: &scalars)
            position += 1
            guard position < bytes.count else { throw failure("unterminated string") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), position + 6 <= bytes.count,
                    bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                {
                    let saved = position
                    position += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = saved
                    }
                }
                // A lone surrogate cannot live in a Swift string; it becomes U+FFFD.
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw failure("invalid escape")
            }
            runStart = position
        }
    }

    private mutating func parseNumber() throws(ChatTemplateError) -> TemplateValue {
        let start = position
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if position == digitsStart { position = start; throw failure("expecting value") }
        if bytes[digitsStart] == UInt8(ascii: "0"), position - digitsStart > 1 { throw failure("leading zero") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let fractionStart = position
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            if position == fractionStart { throw failure("expecting digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            let exponentStart = position
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            if position == exponentStart { throw failure("expecting exponent digits") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text) else { throw failure("invalid number") }
        return .double(double)
    }
}

func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

func hexDigitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: return Int(byte - 0x30)
    case 0x41...0x46: return Int(byte - 0x41 + 10)
    case 0x61...0x66: return Int(byte - 0x61 + 10)
    default: return nil
    }
}
