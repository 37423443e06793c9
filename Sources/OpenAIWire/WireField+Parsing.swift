import StructuredDecoding

extension WireField {
    /// Parses one complete JSON document (RFC 8259) with StructuredDecoding's parser: members
    /// kept in order (a repeated key included; lookups read its last value), numbers as written,
    /// nesting at most `JSONValue.maximumDepth` deep.
    ///
    /// ```swift
    /// try WireField.parse(#"{"n": 1.50}"#)["n"]   // .number("1.50")
    /// ```
    ///
    /// - Throws: `WireDecodingError` of kind `.syntax`, naming the byte offset and what was
    ///   wrong.
    package static func parse(_ text: String) throws(WireDecodingError) -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw .syntax(error)
        }
    }
}

extension WireDecodingError {
    /// The wire error for a parse error: the same byte offset, the parser's explanation.
    package static func syntax(_ error: PartialJSONError) -> WireDecodingError {
        let explanation = error.description
        let prefix = "invalid JSON at byte \(error.offset): "
        return .syntax(offset: error.offset, explanation.hasPrefix(prefix) ? String(explanation.dropFirst(prefix.count)) : explanation)
    }
}
