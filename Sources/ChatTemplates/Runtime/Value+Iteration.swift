extension Value {
    /// Python iteration: a list's items, a dict's keys, a string's characters (plain strings, also
    /// for a `Markup`); undefined is empty. Anything else is a type error saying `notIterable`
    /// (each caller words it as Python does in its place: `for`, `join`).
    func items(notIterable: @autoclosure () -> String) throws(ChatTemplateError) -> [Value] {
        switch self {
        case .list(let items), .tuple(let items): return items
        case .dict(let dict): return dict.keys
        case .string(let string), .markup(let string): return string.unicodeScalars.map { .string(String($0)) }
        case .undefined: return []
        default: throw .type(notIterable())
        }
    }
}
