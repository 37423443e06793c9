/// Why a JSON text or value is not the wire type it was read as, naming the field at fault by
/// its path in the body (`messages[1].tool_calls[0].id`), in the words OpenAI-compatible servers
/// use (`` `temperature` must be a number ``).
///
/// ```swift
/// do { _ = try ChatCompletionCreateParams(json: #"{"model": 3, "messages": []}"#) }
/// catch { error.path }   // "model"; error.message: "`model` must be a string"
/// ```
package struct WireDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem.
    package enum Kind: Sendable, Equatable {
        /// The text is not one JSON document; the byte offset where reading stopped.
        case syntax(offset: Int)
        /// A required field is absent (or `null`).
        case missing
        /// A field has the wrong JSON type; what it should have been (`a string`).
        case mismatch(expected: String)
        /// A field has the right type but a value the protocol does not allow.
        case invalid
    }

    /// What kind of problem.
    package var kind: Kind
    /// The field at fault (`response_format.json_schema.name`); `nil` for a syntax error or the
    /// body as a whole.
    package var path: String?
    /// What is wrong, for a person.
    package var message: String

    /// An error.
    package init(kind: Kind, path: String?, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// The message.
    package var description: String { message }

    /// The text is not JSON: `Invalid JSON at byte 12: expected `,` or `}` in an object`.
    package static func syntax(offset: Int, _ detail: String) -> WireDecodingError {
        WireDecodingError(kind: .syntax(offset: offset), path: nil, message: "Invalid JSON at byte \(offset): \(detail)")
    }

    /// `` `path` is required ``.
    package static func missing(_ path: String) -> WireDecodingError {
        WireDecodingError(kind: .missing, path: path, message: "`\(path)` is required")
    }

    /// `` `path` must be <expected> `` (`The body must be an object` for the body itself).
    package static func mismatch(_ path: String, expected: String) -> WireDecodingError {
        WireDecodingError(
            kind: .mismatch(expected: expected), path: path.isEmpty ? nil : path,
            message: path.isEmpty ? "The body must be \(expected)" : "`\(path)` must be \(expected)")
    }

    /// A value the protocol does not allow, with its own message.
    package static func invalid(_ path: String, _ message: String) -> WireDecodingError {
        WireDecodingError(kind: .invalid, path: path, message: message)
    }
}
