/// Why an iCalendar file could not be read.
///
/// `description` is a sentence with the path (for files), the line and the problem, such as
/// `line 12: DTSTART has no value`, `line 3: END:VCALENDAR without BEGIN`,
/// `line 9: RRULE part BYSETPOS is not supported` or `line 7: unknown time zone 'Mars/Olympus'`.
package typealias ICalendarError = SourceFileError<ICalendarErrorKind>

/// The kind of problem an `ICalendarError` reports.
package enum ICalendarErrorKind: SourceFileErrorKind {
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

    /// `.notICalendar`.
    package static var wrongFormat: Self { .notICalendar }
}
