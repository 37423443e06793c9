/// Why a vCard file could not be read.
///
/// `description` is a sentence with the path (for files), the line and the problem, such as
/// `line 1: BEGIN:VCARD has no matching END:VCARD`, `line 4: a vCard has no FN or N` or
/// `line 7: bad BDAY value '1985-13-45'`.
package typealias VCardError = SourceFileError<VCardErrorKind>

/// The kind of problem an `VCardError` reports.
package enum VCardErrorKind: SourceFileErrorKind {
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

    /// `.notVCard`.
    package static var wrongFormat: Self { .notVCard }
}
