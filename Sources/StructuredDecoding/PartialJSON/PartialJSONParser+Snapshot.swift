extension PartialJSONParser {
    /// The document as far as it has been read, or `nil` if nothing is showable yet (empty or
    /// whitespace input, a cut-off literal or a lone `-` at the top level) or after an error.
    public var value: PartialJSONValue? {
        if failure != nil { return nil }
        if mode == .done { return root }
        var current: PartialJSONValue? =
            switch mode {
            case .inString: .string(string.text, complete: false)
            case .inNumber: number.validPrefix.map { .number(text: $0, value: Double($0) ?? .nan) }
            default: nil
            }
        for frame in stack.reversed() {
            if frame.isObject {
                var members = zip(frame.keys, frame.items).map { (key: $0, value: $1) }
                if let current, let key = frame.pendingKey { members.append((key, current)) }
                current = .object(members, complete: false)
            } else {
                var items = frame.items
                if let current { items.append(current) }
                current = .array(items, complete: false)
            }
        }
        return current
    }
}
