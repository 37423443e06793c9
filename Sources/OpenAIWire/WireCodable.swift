import StructuredDecoding

/// A type of the OpenAI chat-completions protocol, read from and written to JSON with its key
/// order kept (`JSONValue`), every read error naming its field (`WireDecodingError`).
///
/// ```swift
/// let chunk = try ChatCompletionChunk(json: #"{"choices":[{"index":0,"delta":{"content":"Hi"}}]}"#)
/// chunk.choices?.first?.delta?.content   // "Hi"
/// chunk.jsonText                          // {"choices":[{"index":0,"delta":{"content":"Hi"},…
/// ```
package protocol WireCodable: Sendable {
    /// Reads the value at `field`, ignoring members the type does not know (unless it keeps
    /// them, as `ChatCompletionCreateParams.otherFields` does).
    ///
    /// - Throws: `WireDecodingError` naming the field at fault.
    init(wire field: WireField) throws(WireDecodingError)

    /// The value as JSON, members in the protocol's order.
    var wireValue: JSONValue { get }
}

extension WireCodable {
    /// Reads a JSON text.
    ///
    /// - Throws: `WireDecodingError`: `.syntax` for text that is not JSON, else naming the field.
    package init(json text: String) throws(WireDecodingError) {
        try self.init(wire: WireField(try WireField.parse(text)))
    }

    /// The compact JSON text.
    package var jsonText: String { wireValue.compactText }
}
