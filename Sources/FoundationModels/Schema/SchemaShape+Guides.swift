extension SchemaShape {
    /// Applies a guide to this node. Returns why the guide cannot apply (a count guide on a
    /// string, a regex without recoverable text, an empty range), or `nil` once applied.
    ///
    /// Guides that do not fit are not dropped silently: the schema keeps the reason, and a
    /// request using it throws `LanguageModelError.unsupportedGenerationGuide`.
    mutating func apply(_ guide: GuideKind) -> String? {
        switch (guide, self) {
        case (.anyOf(let values), .string(var string)):
            if values.isEmpty { return "`.anyOf([])` allows no value" }
            string.choices = values
            self = .string(string)
        case (.constant(let value), .string(var string)):
            string.choices = [value]
            self = .string(string)
        case (.pattern(let pattern, let description), .string(var string)):
            guard let pattern else {
                return "the text of the regex \(description) cannot be recovered; use a regex literal or Regex(\"…\")"
            }
            string.patterns.append(pattern)
            self = .string(string)
        case (.minimum(.integer(let bound)), .integer(_, let maximum)):
            self = .integer(minimum: bound, maximum: maximum)
        case (.maximum(.integer(let bound)), .integer(let minimum, _)):
            self = .integer(minimum: minimum, maximum: bound)
        case (.range(.integer(let low), .integer(let high)), .integer):
            if low > high { return "the range \(low)...\(high) is empty" }
            self = .integer(minimum: low, maximum: high)
        case (.minimum(let bound), .number(_, let maximum)):
            self = .number(minimum: bound, maximum: maximum)
        case (.maximum(let bound), .number(let minimum, _)):
            self = .number(minimum: minimum, maximum: bound)
        case (.range(let low, let high), .number):
            if high < low { return "the range \(low.doubleValue)...\(high.doubleValue) is empty" }
            self = .number(minimum: low, maximum: high)
        case (.minimumCount(let count), .array(var array)):
            if count < 0 { return "`.minimumCount(\(count))` is negative" }
            array.minimumCount = count
            self = .array(array)
        case (.maximumCount(let count), .array(var array)):
            if count < 0 { return "`.maximumCount(\(count))` is negative" }
            array.maximumCount = count
            self = .array(array)
        case (.count(let low, let high), .array(var array)):
            if low < 0 || low > high { return "the count \(low)...\(high) is empty or negative" }
            array.minimumCount = low
            array.maximumCount = high
            self = .array(array)
        case (.element(let elementGuide), .array(var array)):
            if let problem = array.items.apply(elementGuide) { return "element guide: \(problem)" }
            self = .array(array)
        default:
            return "\(guide.phrase) does not apply to \(phrase)"
        }
        return nil
    }

    /// A short phrase naming the node's kind, for messages.
    var phrase: String {
        switch self {
        case .object(let object): "the structure \(object.name)"
        case .anyOf(let choice): "the choice \(choice.name ?? "between schemas")"
        case .string(let string): string.name.map { "the enumeration \($0)" } ?? "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .reference(let name): "the type \(name)"
        case .any: "any content"
        }
    }
}

extension GuideKind {
    /// The guide as it would be written in Swift, for messages.
    var phrase: String {
        switch self {
        case .anyOf: "`.anyOf`"
        case .constant: "`.constant`"
        case .pattern: "a regex pattern"
        case .minimum: "`.minimum`"
        case .maximum: "`.maximum`"
        case .range: "`.range`"
        case .minimumCount: "`.minimumCount`"
        case .maximumCount: "`.maximumCount`"
        case .count: "`.count`"
        case .element: "`.element`"
        }
    }
}
