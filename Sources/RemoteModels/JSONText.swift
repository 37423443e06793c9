import FoundationModels

/// A JSON value built in code and written as compact text, members in the order they were
/// added. `raw` splices text that is already JSON (a schema encoded elsewhere) without parsing
/// it again, so nothing is reordered or rounded on the way.
///
/// ```swift
/// let body = JSONText.object([("model", .string("qwen")), ("stream", .bool(true))])
/// body.text   // {"model":"qwen","stream":true}
/// ```
indirect enum JSONText {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])
    /// Text that is already a JSON value.
    case raw(String)

    /// An object of the members whose values are not `nil`, in order.
    static func members(_ members: [(String, JSONText?)]) -> JSONText {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The compact JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value's text to `output`.
    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value): output += Self.number(value)
        case .string(let text): Self.quote(text, to: &output)
        case .raw(let json): output += json
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.quote(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// A number as JSON: integral values without a fraction, `null` when not finite.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `text` as a JSON string, escaped by the one string writer the API already has
    /// (`GeneratedContent.jsonString`).
    private static func quote(_ text: String, to output: inout String) {
        output += GeneratedContent(text).jsonString
    }
}
