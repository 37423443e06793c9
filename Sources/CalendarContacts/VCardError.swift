/// Why a vCard file could not be read.
///
/// `description` is a sentence with the path (for files), the line and the problem, such as
/// `line 1: BEGIN:VCARD has no matching END:VCARD`, `line 4: a vCard has no FN or N` or
/// `line 7: bad BDAY value '1985-13-45'`.
package struct VCardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem.
    package enum Kind: Sendable, Equatable, Hashable {
        /// No file at the path.
        case fileNotFound
        /// The file exists but could not be read.
        case fileNotReadable
        /// The text is not valid UTF-8 (`line` says where).
        case notUTF8
        /// The file does not start with `BEGIN:VCARD` (or is empty).
        case notVCard
        /// A line is not a well-formed content line.
        case malformedLine
        /// `BEGIN`/`END` do not pair up, or a property is outside `VCARD`.
        case unbalancedComponent
        /// A card has neither `FN` nor `N`.
        case missingName
        /// A property value cannot be read (a bad `BDAY`, `ANNIVERSARY`, …).
        case invalidValue
    }

    /// The kind of problem.
    package var kind: Kind
    /// The 1-based line the problem was found on, when it concerns one line.
    package var line: Int?
    /// A sentence naming the problem (without path or line).
    package var message: String
    /// The file's path, for errors raised by `VCardFile(contentsOf:)`.
    package var path: String?

    /// An error of `kind` at `line` with `message`.
    package init(_ kind: Kind, line: Int?, _ message: String, path: String? = nil) {
        self.kind = kind
        self.line = line
        self.message = message
        self.path = path
    }

    /// `path: line N: message`, leaving out what is unknown.
    package var description: String {
        var text = ""
        if let path { text += "\(path): " }
        if let line { text += "line \(line): " }
        return text + message
    }

    /// The public form of a shared syntax error.
    init(_ error: SyntaxError) {
        let kind: Kind =
            switch error.kind {
            case .notUTF8: .notUTF8
            case .wrongFormat: .notVCard
            case .malformedLine: .malformedLine
            case .unbalancedComponent: .unbalancedComponent
            }
        self.init(kind, line: error.line > 0 ? error.line : nil, error.message)
    }
}
