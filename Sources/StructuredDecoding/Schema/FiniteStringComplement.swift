/// A whole-match regular expression for every string outside a finite set: the complement of a
/// `const`/`enum` of strings under `not`.
///
/// Over the trie of the excluded strings, a string is outside the set exactly when it stops at
/// a node that ends no excluded string, or leaves the trie (a scalar no child has, then
/// anything). One flat alternative per case keeps the groups shallow; scalars are written as
/// `\u{hex}`, so any content is safe.
///
/// ```swift
/// FiniteStringComplement.pattern(excluding: ["a"])   // #"(?:[^\u{61}][\s\S]*|\u{61}[\s\S]+)?"#
/// ```
enum FiniteStringComplement {
    /// The most pattern text built before giving up (`nil`).
    static let maxSize = 200_000

    /// The pattern, or `nil` when it would exceed `maxSize`.
    static func pattern(excluding excluded: [String]) -> String? {
        var children: [[UInt32: Int]] = [[:]]
        var terminal = [false]
        var prefixes: [String] = [""]
        for word in excluded {
            var node = 0
            for scalar in word.unicodeScalars {
                if let next = children[node][scalar.value] { node = next; continue }
                children.append([:])
                terminal.append(false)
                prefixes.append(prefixes[node] + escape(scalar))
                children[node][scalar.value] = children.count - 1
                node = children.count - 1
            }
            terminal[node] = true
        }
        var alternatives: [String] = []
        var allowsEmpty = false
        var size = 0
        for node in children.indices {
            let prefix = prefixes[node]
            if !terminal[node] {
                if prefix.isEmpty { allowsEmpty = true } else { alternatives.append(prefix) }
            }
            if children[node].isEmpty {
                alternatives.append(prefix + #"[\s\S]+"#)
            } else {
                let set = children[node].keys.sorted().map { escape(Unicode.Scalar($0)!) }.joined()
                alternatives.append(prefix + "[^" + set + #"][\s\S]*"#)
            }
            size += 2 * prefix.utf8.count + 16
            if size > maxSize { return nil }
        }
        let body = "(?:" + alternatives.joined(separator: "|") + ")"
        return allowsEmpty ? body + "?" : body
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }
}
