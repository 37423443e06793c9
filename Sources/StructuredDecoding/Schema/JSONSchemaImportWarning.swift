/// Something `JSONSchemaImporter` ignored or read loosely on purpose, and where: an unknown
/// `format` (an annotation, not enforced), a keyword the document's draft does not define, a
/// `oneOf` read as `anyOf` because the caller asked for it.
///
/// ```swift
/// var warnings: [JSONSchemaImportWarning] = []
/// _ = try JSONSchemaImporter().importSchema(#"{"format": "hostname"}"#, warnings: &warnings)
/// print(warnings[0])   // format `hostname` is not enforced: unknown formats are annotations (at /format)
/// ```
public struct JSONSchemaImportWarning: Hashable, Sendable, CustomStringConvertible {
    /// What was ignored or loosened, in a sentence.
    public let message: String
    /// The keyword concerned.
    public let keyword: String
    /// The keyword's JSON pointer.
    public let pointer: String

    /// A warning.
    public init(_ message: String, keyword: String, at pointer: String) {
        self.message = message
        self.keyword = keyword
        self.pointer = pointer
    }

    /// The message and the pointer.
    public var description: String { "\(message) (at \(pointer.isEmpty ? "the root" : pointer))" }
}
