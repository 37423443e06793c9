/// A parameter of a content line: `TYPE="work,voice"` is name `TYPE`, values `["work,voice"]`;
/// `TYPE=work,voice` is name `TYPE`, values `["work", "voice"]`.
struct ContentParameter: Sendable, Equatable {
    /// The parameter name, upper-cased (parameter names are case-insensitive).
    var name: String
    /// The values, unquoted, with RFC 6868 `^n` `^^` `^'` decoded.
    var values: [String]
}

/// One property line, `[group "."] name *(";" param) ":" value` (RFC 5545 §3.1, RFC 6350 §3.3).
struct ContentLine: Sendable, Equatable {
    /// The vCard group prefix (`item1` in `item1.EMAIL`), if any.
    var group: String?
    /// The property name, upper-cased.
    var name: String
    /// The parameters in the order written.
    var parameters: [ContentParameter]
    /// The raw value: everything after the first `:` outside quotes, still escaped.
    var value: String
    /// The physical line the property starts on.
    var lineNumber: Int

    /// Every value of every parameter called `name` (case-insensitive).
    func parameterValues(_ name: String) -> [String] {
        let key = name.uppercased()
        return parameters.filter { $0.name == key }.flatMap(\.values)
    }

    /// The first value of the parameter called `name`, if present.
    func parameter(_ name: String) -> String? {
        parameterValues(name).first
    }

    /// Whether a parameter `name` has the value `value` (both case-insensitive).
    func hasParameter(_ name: String, value: String) -> Bool {
        parameterValues(name).contains { $0.caseInsensitiveCompare(value) == .orderedSame }
    }

    /// Parses one logical line.
    init(parsing line: LogicalLine) throws(SyntaxError) {
        lineNumber = line.lineNumber
        let bytes = Array(line.text.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func fail(_ message: String) -> SyntaxError {
            SyntaxError(kind: .malformedLine, line: line.lineNumber, message: message)
        }
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ","), equals = UInt8(ascii: "=")

        var index = 0
        while index < bytes.count, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
        guard index < bytes.count else {
            throw fail("'\(Self.excerpt(line.text))' is not a content line: it has no ':'")
        }
        let fullName = text(0..<index)
        guard !fullName.isEmpty, fullName.utf8.allSatisfy(Self.isNameByte) else {
            throw fail("'\(Self.excerpt(fullName))' is not a valid property name")
        }
        if let dot = fullName.lastIndex(of: ".") {
            group = String(fullName[..<dot])
            name = String(fullName[fullName.index(after: dot)...]).uppercased()
            guard !name.isEmpty, !(group ?? "").isEmpty else {
                throw fail("'\(Self.excerpt(fullName))' is not a valid property name")
            }
        } else {
            group = nil
            name = fullName.uppercased()
        }

        var parameters: [ContentParameter] = []
        while bytes[index] == semicolon {
            index += 1
            let nameStart = index
            while index < bytes.count, ![colon, semicolon, equals].contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw fail("\(name) has no ':' before its value") }
            let parameterName = text(nameStart..<index).trimmingSpaces().uppercased()
            if bytes[index] != equals {
                // vCard 2.1 allows bare parameter values: `TEL;HOME;VOICE:` or `;QUOTED-PRINTABLE`.
                guard !parameterName.isEmpty else { continue }
                let isEncoding = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"].contains(parameterName)
                parameters.append(ContentParameter(name: isEncoding ? "ENCODING" : "TYPE", values: [parameterName]))
                continue
            }
            guard !parameterName.isEmpty else { throw fail("\(name) has a parameter with no name") }
            index += 1
            var values: [String] = []
            while true {
                if index < bytes.count, bytes[index] == quote {
                    let start = index + 1
                    index = start
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    guard index < bytes.count else {
                        throw fail("\(name) parameter \(parameterName) has an unterminated quoted value")
                    }
                    values.append(Self.decodeCarets(text(start..<index)))
                    index += 1
                } else {
                    let start = index
                    while index < bytes.count, ![colon, semicolon, comma].contains(bytes[index]) { index += 1 }
                    values.append(Self.decodeCarets(text(start..<index)))
                }
                guard index < bytes.count else { throw fail("\(name) has no ':' before its value") }
                if bytes[index] == comma { index += 1; continue }
                guard bytes[index] == colon || bytes[index] == semicolon else {
                    throw fail("\(name) parameter \(parameterName) has text after its closing quote")
                }
                break
            }
            parameters.append(ContentParameter(name: parameterName, values: values))
        }
        self.parameters = parameters
        value = text((index + 1)..<bytes.count)
    }

    /// Letters, digits, `-`, `_` (seen in the wild) and `.` (the group separator).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// RFC 6868: `^n` is a newline, `^^` a caret, `^'` a double quote.
    private static func decodeCarets(_ value: String) -> String {
        TextValue.decodeEscapes(value, escape: "^") { character in
            switch character {
            case "n", "N": "\n"
            case "^": "^"
            case "'": "\""
            default: "^" + String(character)
            }
        }
    }

    /// The first 40 characters of `text`, for error messages.
    static func excerpt(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
