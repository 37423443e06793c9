/// TEXT value escapes and the splitting of structured and list values
/// (RFC 5545 §3.3.11, RFC 6350 §3.4).
enum TextValue {
    /// Decodes `\n` and `\N` to a newline and `\,` `\;` `\\` `\:` to the character itself.
    /// An unknown escape keeps the escaped character; a trailing lone backslash is kept.
    static func unescape<S: StringProtocol>(_ text: S) -> String {
        decodeEscapes(text, escape: "\\") { $0 == "n" || $0 == "N" ? "\n" : String($0) }
    }

    /// Decodes the escapes `escape` starts: `escape` and the character after it become
    /// `decode(character)`; a trailing lone `escape` is kept. (TEXT values escape with a
    /// backslash, parameter values with a caret: RFC 6868.)
    static func decodeEscapes<S: StringProtocol>(_ text: S, escape: Character, _ decode: (Character) -> String) -> String {
        guard text.contains(escape) else { return String(text) }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == escape else { result.append(character); continue }
            if let escaped = iterator.next() { result += decode(escaped) } else { result.append(escape) }
        }
        return result
    }

    /// Splits `text` on every `separator` that is not escaped with a backslash; the pieces keep
    /// their escapes.
    static func split(_ text: String, on separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == separator {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }

    /// A comma-separated list of text values, unescaped (`NICKNAME:Jim,Jimmie`).
    static func list(_ text: String) -> [String] {
        split(text, on: ",").map { unescape($0) }
    }

    /// A semicolon-separated structured value whose components may be comma lists
    /// (`N:Perreault;Simon;;;ing. jr,M.Sc.`), unescaped. With `splitLists` false (vCard 2.1,
    /// which has no list components) each component is a single value.
    static func structured(_ text: String, splitLists: Bool = true) -> [[String]] {
        split(text, on: ";").map { component in
            let values = splitLists ? list(component) : [unescape(component)]
            return values.filter { !$0.isEmpty }
        }
    }
}
