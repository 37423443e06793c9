/// Why an iCalendar file could not be read.
///
/// `description` is a sentence with the path (for files), the line and the problem, such as
/// `line 12: DTSTART has no value`, `line 3: END:VCALENDAR without BEGIN`,
/// `line 9: RRULE part BYSETPOS is not supported` or `line 7: unknown time zone 'Mars/Olympus'`.
package struct ICalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem.
    package enum Kind: Sendable, Equatable, Hashable {
        /// No file at the path.
        case fileNotFound
        /// The file exists but could not be read.
        case fileNotReadable
        /// The text is not valid UTF-8 (`line` says where).
        case notUTF8
        /// The file does not start with `BEGIN:VCALENDAR` (or is empty).
        case notICalendar
        /// A line is not a well-formed content line.
        case malformedLine
        /// `BEGIN`/`END` do not pair up, or a property is outside `VCALENDAR`.
        case unbalancedComponent
        /// A required property is missing or has no value.
        case missingProperty
        /// A property value cannot be read (a bad date, duration or rule value).
        case invalidValue
        /// An `RRULE` uses a part or frequency this reader does not expand.
        case unsupportedRecurrence
        /// A `TZID` names no time zone Foundation knows, directly or through its `VTIMEZONE`.
        case unknownTimeZone
    }

    /// The kind of problem.
    package var kind: Kind
    /// The 1-based line the problem was found on, when it concerns one line.
    package var line: Int?
    /// A sentence naming the problem (without path or line).
    package var message: String
    /// The file's path, for errors raised by `ICalendar(contentsOf:)`.
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
            case .wrongFormat: .notICalendar
            case .malformedLine: .malformedLine
            case .unbalancedComponent: .unbalancedComponent
            }
        self.init(kind, line: error.line > 0 ? error.line : nil, error.message)
    }
}
