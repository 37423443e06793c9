/// One-shot entry points over `PartialJSONParser`.
///
/// ```swift
/// PartialJSON.parse(#"[1, {"a": "x"#)      // [1,{"a":"x………   (open string, object, array)
/// try PartialJSON.parseComplete("[1, 2]")   // .array([1, 2], complete: true)
/// try PartialJSON.parseComplete("[1, 2")    // throws: invalid JSON at byte 5: unexpected end of input
/// ```
public enum PartialJSON {
    /// The partial value of a (possibly cut-off) document, or `nil` if nothing is showable yet or
    /// the text is not the beginning of a JSON document. A complete top-level number is returned
    /// as is.
    public static func parse(_ text: String) -> PartialJSONValue? { parse(bytes: text.utf8) }

    /// The partial value of a (possibly cut-off) UTF-8 document; see `parse(_:)`.
    public static func parse(bytes: some Sequence<UInt8>) -> PartialJSONValue? {
        var parser = PartialJSONParser()
        do { try parser.append(bytes) } catch { return nil }
        return parser.value
    }

    /// Parses a whole document strictly (RFC 8259: one value, optional surrounding whitespace,
    /// valid UTF-8), throwing the first problem with its byte offset.
    public static func parseComplete(_ text: String, maxDepth: Int = 512) throws(PartialJSONError) -> PartialJSONValue {
        try parseComplete(bytes: text.utf8, maxDepth: maxDepth)
    }

    /// Parses a whole UTF-8 document strictly; see `parseComplete(_:maxDepth:)`.
    public static func parseComplete(bytes: some Sequence<UInt8>, maxDepth: Int = 512) throws(PartialJSONError) -> PartialJSONValue {
        var parser = PartialJSONParser(maxDepth: maxDepth)
        try parser.append(bytes)
        return try parser.finish()
    }
}
