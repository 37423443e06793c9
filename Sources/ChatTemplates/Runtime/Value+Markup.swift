/// markupsafe's `Markup`, which jinja2 uses even without autoescaping: `|safe`, `|escape` and
/// `|forceescape` return one, and a `Markup` escapes the plain strings it meets. jinja2 renders
/// `{{ ("<b>"|safe) + "<i>" }}` as `<b>&lt;i&gt;`, while `~`, `|join` and `|replace` give plain
/// strings (`{{ ("<b>"|safe) ~ "<i>" }}` is `<b><i>`).
///
/// A `Markup` is a `str` everywhere else: it compares, hashes, prints and serialises as its text.
extension Value {
    /// The text of a `str` or a `Markup`; nil for every other value.
    var text: String? {
        switch self {
        case .string(let string), .markup(let string): return string
        default: return nil
        }
    }

    var isMarkup: Bool {
        if case .markup = self { return true }
        return false
    }

    /// markupsafe's `escape(value)` as text: a `Markup` unchanged, anything else as `str(value)`
    /// with `& < > " '` replaced by entities.
    var escapedText: String {
        if case .markup(let string) = self { return string }
        return Filters.htmlEscape(str)
    }

    /// `text` as the same kind of string as this value: a `Markup` method returns a `Markup`.
    func sameKind(_ text: String) -> Value {
        isMarkup ? .markup(text) : .string(text)
    }

    /// `Markup.__add__` / `__radd__`: when either side of `+` is a `Markup` and the other is a
    /// string, the plain side is escaped and the result is a `Markup`; nil when neither side is a
    /// `Markup` or the other side is no string (Python's `TypeError` then).
    static func markupConcatenation(_ lhs: Value, _ rhs: Value) throws(ChatTemplateError) -> Value? {
        guard lhs.isMarkup || rhs.isMarkup, lhs.text != nil, rhs.text != nil else { return nil }
        let left = lhs.escapedText
        let right = rhs.escapedText
        try Limits.checkSize(left.utf8.count + right.utf8.count)
        return .markup(left + right)
    }
}

extension Methods {
    /// The `str` methods that `Markup` overrides to return a `Markup` (lists and tuples of them
    /// for `split` and `partition`), escaping the arguments markupsafe escapes.
    static let markupReturning: Set<String> = [
        "strip", "lstrip", "rstrip", "split", "rsplit", "splitlines", "upper", "lower", "title", "capitalize",
        "swapcase", "casefold", "replace", "join", "format", "zfill", "center", "ljust", "rjust", "partition",
        "rpartition", "removeprefix", "removesuffix",
    ]

    /// A method of a `Markup`: markupsafe's overrides escape `replace`'s new text, the fill
    /// character of `center`/`ljust`/`rjust`, `join`'s items and `format`'s arguments, and wrap
    /// their results as `Markup`; the other `str` methods (`startswith`, `find`, …) work on the text.
    static func callMarkup(_ name: String, _ string: String, _ arguments: Arguments, interpreter: Interpreter) throws(ChatTemplateError) -> Value {
        guard markupReturning.contains(name) else { return try call(name, on: .string(string), arguments, interpreter: interpreter) }
        var escaped = arguments
        switch name {
        case "replace":
            if escaped.positional.count >= 2 {
                escaped.positional[1] = .string(escaped.positional[1].escapedText)
            } else if let index = escaped.keyword.firstIndex(where: { $0.name == "new" }) {
                escaped.keyword[index].value = .string(escaped.keyword[index].value.escapedText)
            }
        case "center", "ljust", "rjust":
            if escaped.positional.count >= 2 {
                escaped.positional[1] = .string(escaped.positional[1].escapedText)
            } else if let index = escaped.keyword.firstIndex(where: { $0.name == "fillchar" }) {
                escaped.keyword[index].value = .string(escaped.keyword[index].value.escapedText)
            }
        case "join":
            if let iterable = escaped.positional.first {
                escaped.positional[0] = .list(try interpreter.iterate(iterable).map { Value.string($0.escapedText) })
            }
        case "format":
            escaped.positional = escaped.positional.map { Value.string($0.escapedText) }
            escaped.keyword = escaped.keyword.map { (name: $0.name, value: Value.string($0.value.escapedText)) }
        default:
            break
        }
        return markedUp(try call(name, on: .string(string), escaped, interpreter: interpreter))
    }

    /// A method result as `Markup`: strings, and the strings in a list or tuple.
    private static func markedUp(_ value: Value) -> Value {
        switch value {
        case .string(let string): return .markup(string)
        case .list(let items): return .list(items.map(markedUp))
        case .tuple(let items): return .tuple(items.map(markedUp))
        default: return value
        }
    }
}
