/// A string compared and hashed by its UTF-8 bytes.
///
/// JSON tells strings apart by their code points: `"\u00e9"` and `"e\u0301"` are two keys. Swift's
/// `String ==` calls them equal (canonical equivalence), so dictionaries keyed by JSON keys or
/// JSON pointers use this instead.
struct ExactString: Hashable, Sendable {
    /// The string.
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactString, b: ExactString) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether the two strings have the same code points (see `ExactString`).
    func isExactly(_ other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
