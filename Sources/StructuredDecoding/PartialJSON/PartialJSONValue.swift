/// A JSON value as far as it has been generated: strings, arrays and objects say whether they
/// are closed yet.
///
/// What a streaming snapshot shows. Each snapshot of a growing document is a "prefix" of the
/// final value: strings grow at the end, containers gain members at the end, and only the last
/// member of an open container may still change.
public enum PartialJSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: its text as written (or, while it is being written, the longest prefix that is
    /// itself a valid number) and that text's `Double` value.
    case number(text: String, value: Double)
    /// A string's decoded content; `complete` once the closing quote has been read.
    case string(String, complete: Bool)
    /// An array's elements; `complete` once `]` has been read.
    case array([PartialJSONValue], complete: Bool)
    /// An object's members in the order written (duplicates kept); `complete` once `}` has been
    /// read. A key whose value has not started yet is not included.
    case object([(key: String, value: PartialJSONValue)], complete: Bool)

    /// Whether this value (and so everything inside it) has been read to its end. Scalars
    /// (`null`, booleans, numbers) report `true`; a number at the very end of the input may
    /// still grow, which `PartialJSONParser.isComplete` tells.
    public var isComplete: Bool {
        switch self {
        case .null, .bool, .number: true
        case .string(_, let complete), .array(_, let complete), .object(_, let complete): complete
        }
    }

    /// The members of an object (in order), or `nil` for other values.
    public var members: [(key: String, value: PartialJSONValue)]? {
        if case .object(let members, _) = self { return members }
        return nil
    }

    /// The value of the last member named `key` of an object, or `nil`.
    public subscript(key: String) -> PartialJSONValue? {
        members?.last { $0.key.isExactly(key) }?.value
    }
}

extension PartialJSONValue: Equatable {
    /// Structural equality; numbers compare by text and value, objects member by member in order.
    public static func == (lhs: PartialJSONValue, rhs: PartialJSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a, let x), .number(let b, let y)): return a == b && x == y
        case (.string(let a, let c), .string(let b, let d)): return a == b && c == d
        case (.array(let a, let c), .array(let b, let d)): return c == d && a == b
        case (.object(let a, let c), .object(let b, let d)):
            return c == d && a.count == b.count && zip(a, b).allSatisfy { $0.key.isExactly($1.key) && $0.value == $1.value }
        default: return false
        }
    }
}

extension PartialJSONValue: CustomStringConvertible {
    /// Compact JSON for complete values; an open string, array or object ends with `…` where
    /// its closing delimiter would be.
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text, _): output += text
        case .string(let text, let complete):
            JSONStringWriter.writeQuoted(text, to: &output)
            if !complete { output.removeLast(); output += "…" }
        case .array(let items, let complete):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += complete ? "]" : "…"
        case .object(let members, let complete):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONStringWriter.writeQuoted(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += complete ? "}" : "…"
        }
    }

}
