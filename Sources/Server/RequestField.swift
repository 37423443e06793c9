import FoundationModels

/// A value of a request body with the path that reached it (`messages[1].content`), so every
/// validation error names its field in OpenAI's `param`. Bodies are parsed by
/// `GeneratedContent(json:)`, which keeps object keys in order (a client's schema keeps its
/// property order).
struct RequestField {
    /// The value.
    let content: GeneratedContent
    /// Where it is in the body.
    let path: String

    /// The member `key` of an object, `nil` when absent or `null`.
    func member(_ key: String) -> RequestField? {
        guard case .structure(let properties, _) = content.kind, let value = properties[key] else { return nil }
        if case .null = value.kind { return nil }
        return RequestField(content: value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The keys of an object, in order.
    var keys: [String] {
        if case .structure(_, let ordered) = content.kind { return ordered }
        return []
    }

    /// The value as an object's fields, or a 400 naming the field.
    func object() throws(OpenAIError) -> RequestField {
        guard case .structure = content.kind else { throw mismatch("an object") }
        return self
    }

    /// The value as a string.
    func string() throws(OpenAIError) -> String {
        guard case .string(let text) = content.kind else { throw mismatch("a string") }
        return text
    }

    /// The value as a Boolean.
    func bool() throws(OpenAIError) -> Bool {
        guard case .bool(let flag) = content.kind else { throw mismatch("a boolean") }
        return flag
    }

    /// The value as a number.
    func number() throws(OpenAIError) -> Double {
        guard case .number(let value) = content.kind else { throw mismatch("a number") }
        return value
    }

    /// The value as an integer within `range`.
    func integer(in range: ClosedRange<Int> = Int.min...Int.max) throws(OpenAIError) -> Int {
        guard case .number(let value) = content.kind, value.rounded() == value, let integer = Int(exactly: value) else {
            throw mismatch("an integer")
        }
        guard range.contains(integer) else {
            throw OpenAIError.invalidRequest("`\(path)` must be between \(range.lowerBound) and \(range.upperBound), not \(integer)", param: path)
        }
        return integer
    }

    /// The value as an array's elements.
    func array() throws(OpenAIError) -> [RequestField] {
        guard case .array(let elements) = content.kind else { throw mismatch("an array") }
        return elements.enumerated().map { RequestField(content: $0.element, path: "\(path)[\($0.offset)]") }
    }

    /// A 400 saying what the field should have been.
    func mismatch(_ expected: String) -> OpenAIError {
        OpenAIError.invalidRequest("`\(path)` must be \(expected)", param: path)
    }

    /// A 400 for a field that is required but absent.
    static func missing(_ path: String) -> OpenAIError {
        OpenAIError.invalidRequest("`\(path)` is required", param: path)
    }
}
