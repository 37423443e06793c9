extension JSONValue {
    /// The deepest nesting of arrays and objects `init(parsing:)` accepts.
    public static let maximumDepth = 512

    /// Parses one complete JSON document (RFC 8259), keeping members in order and numbers as
    /// written; whitespace around it is allowed, anything else after it is not.
    ///
    /// ```swift
    /// try JSONValue(parsing: #"{"n": 1.50}"#)["n"]   // .number("1.50")
    /// ```
    ///
    /// - Throws: `WireDecodingError` of kind `.syntax`, naming the byte offset and what was
    ///   wrong (unexpected byte, end of text, bad escape, nesting deeper than `maximumDepth`).
    public init(parsing text: String) throws(WireDecodingError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        self = try parser.document()
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes (`JSONValue.init(parsing:)`).
struct JSONParser {
    /// The text.
    let bytes: [UInt8]
    /// The next byte to read.
    var offset = 0
    /// Arrays and objects open around the value being read.
    var depth = 0

    /// The whole document: one value and nothing after it but whitespace.
    mutating func document() throws(WireDecodingError) -> JSONValue {
        let value = try self.value()
        skipWhitespace()
        guard offset == bytes.count else { throw fault("unexpected text after the JSON value") }
        return value
    }

    /// A value, after any whitespace.
    mutating func value() throws(WireDecodingError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw fault("the text ends where a value should begin") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fault("unexpected \(shown(bytes[offset])) where a value should begin")
        }
    }

    /// An object; a repeated key keeps its first position and its last value.
    mutating func object() throws(WireDecodingError) -> JSONValue {
        try enter()
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        var positions: [String: Int] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fault("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw fault("expected `:` after the member name") }
            offset += 1
            let value = try self.value()
            if let existing = positions[key] {
                members[existing].value = value
            } else {
                positions[key] = members.count
                members.append((key: key, value: value))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(members)
            default: throw fault("expected `,` or `}` in an object")
            }
        }
    }

    /// An array.
    mutating func array() throws(WireDecodingError) -> JSONValue {
        try enter()
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(elements)
            default: throw fault("expected `,` or `]` in an array")
            }
        }
    }

    /// One level deeper, within `JSONValue.maximumDepth`.
    mutating func enter() throws(WireDecodingError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw fault("arrays and objects nested deeper than \(JSONValue.maximumDepth)")
        }
    }

    /// A string literal (the opening quote at `offset`).
    mutating func string() throws(WireDecodingError) -> String {
        offset += 1
        var utf8: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: Array(String(try unicodeEscape()).utf8))
                default:
                    offset -= 1
                    throw fault("unknown escape `\\\(shown(escape))` in a string")
                }
            case 0..<0x20:
                throw fault("a control character (byte \(byte)) in a string must be escaped")
            default:
                utf8.append(byte)
                offset += 1
            }
        }
        throw fault("the text ends inside a string")
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair.
    mutating func unicodeEscape() throws(WireDecodingError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                throw fault("a high surrogate `\\u\(String(high, radix: 16))` without its low half")
            }
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fault("`\\u\(String(low, radix: 16))` is not a low surrogate") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw fault("a lone low surrogate `\\u\(String(high, radix: 16))`") }
        return scalar
    }

    /// Four hexadecimal digits.
    mutating func hex4() throws(WireDecodingError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fault("the text ends inside a `\\u` escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fault("\(shown(byte)) is not a hexadecimal digit of a `\\u` escape")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// A number: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, kept as its text.
    mutating func number() throws(WireDecodingError) -> JSONValue {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard try digits() > 0 else { throw fault("expected a digit in a number") }
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard try digits() > 0 else { throw fault("expected a digit after `.` in a number") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard try digits() > 0 else { throw fault("expected a digit in a number's exponent") }
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    /// Skips decimal digits, returning how many.
    mutating func digits() throws(WireDecodingError) -> Int {
        let start = offset
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    /// `true`, `false` or `null`.
    mutating func literal(_ word: String, _ value: JSONValue) throws(WireDecodingError) -> JSONValue {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw fault("expected `\(word)`")
        }
        offset += expected.count
        return value
    }

    /// The byte at `offset`, `nil` at the end.
    func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Skips spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    /// A byte for a message: the character when printable ASCII, else its value.
    func shown(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "`\(Character(Unicode.Scalar(byte)))`" : "byte \(byte)"
    }

    /// A syntax error at the current offset.
    func fault(_ detail: String) -> WireDecodingError {
        .syntax(offset: min(offset, bytes.count), detail)
    }
}
