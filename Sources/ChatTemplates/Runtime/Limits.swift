/// Resource limits that keep a hostile or buggy template from exhausting the machine.
enum Limits {
    /// The largest rendered output, and the largest single string a template may build.
    static let maximumOutputBytes = 32 * 1024 * 1024
    /// Loop iterations over the whole render.
    static let maximumIterations = 2_000_000
    /// Nested macro calls (recursion).
    static let maximumCallDepth = 64
    /// Macro calls over the whole render: the depth limit alone lets a macro that calls itself
    /// twice run 2^64 times (real templates make a few hundred calls at most).
    static let maximumMacroCalls = 20_000
    /// The sandbox's `range` limit (jinja2's `MAX_RANGE`).
    static let maximumRange = 100_000
    /// Items in a list built by repetition or padding.
    static let maximumListLength = 1_000_000
    /// Nesting of lists, tuples and dicts built by the template.
    static let maximumValueDepth = 200

    /// Refuses `unit * times` (string bytes or list items) beyond the output limit, without overflow.
    static func checkRepetition(unit: Int, times: Int, limit: Int = maximumOutputBytes) throws(ChatTemplateError) {
        if unit > 0, times > limit / unit {
            throw .limit("repetition longer than \(limit)")
        }
    }

    static func checkSize(_ bytes: Int) throws(ChatTemplateError) {
        if bytes > maximumOutputBytes {
            throw .limit("string longer than \(maximumOutputBytes) bytes")
        }
    }
}

extension Value {
    /// The nesting depth of containers, counting up to `limit + 1`.
    func nestingDepth(limit: Int = Limits.maximumValueDepth) -> Int {
        guard limit >= 0 else { return 1 }
        switch self {
        case .list(let items), .tuple(let items):
            var deepest = 0
            for item in items {
                deepest = max(deepest, item.nestingDepth(limit: limit - 1))
                if deepest > limit { break }
            }
            return deepest + 1
        case .dict(let dict):
            var deepest = 0
            for item in dict.values {
                deepest = max(deepest, item.nestingDepth(limit: limit - 1))
                if deepest > limit { break }
            }
            return deepest + 1
        default:
            return 0
        }
    }

    /// Throws when this freshly built container nests deeper than the limit.
    func checkedNesting() throws(ChatTemplateError) -> Value {
        if nestingDepth() > Limits.maximumValueDepth {
            throw .limit("values nested deeper than \(Limits.maximumValueDepth)")
        }
        return self
    }
}
