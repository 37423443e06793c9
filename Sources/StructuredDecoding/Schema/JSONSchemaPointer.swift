/// RFC 6901 JSON pointers: `/a~1b/0` names member `a/b` of the root, then element 0.
enum JSONSchemaPointer {
    /// The tokens of `pointer` (`""` is the root), unescaping `~1` and `~0`; `nil` if it does not
    /// start with `/` or has a `~` not followed by `0` or `1`.
    static func tokens(_ pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var scalars = raw.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "~" else { token.unicodeScalars.append(scalar); continue }
                switch scalars.next() {
                case "0": token += "~"
                case "1": token += "/"
                default: return nil
                }
            }
            tokens.append(token)
        }
        return tokens
    }

    /// The value at `tokens` inside `document`, or `nil` if there is none. Array indices are
    /// decimal without leading zeros.
    static func value(at tokens: [String], in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let members):
                guard let member = members.last(where: { $0.key.utf8.elementsEqual(token.utf8) }) else { return nil }
                current = member.value
            case .array(let items):
                guard token == "0" || (token.first != "0" && token.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }),
                    let index = Int(token), items.indices.contains(index)
                else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The canonical pointer text of `tokens`.
    static func string(_ tokens: [String]) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }

    /// A key as a pointer token.
    static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var escaped = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
