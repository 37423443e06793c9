/// The parsed form of a regular expression: what `RegexParser` produces and `ScalarNFA` compiles.
///
/// Groups leave no trace (captures do not change the language), literals are one-scalar sets, and
/// lazy quantifiers are plain repetitions: a byte automaton decides membership, not match spans.
indirect enum RegexNode: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// Matches one scalar from the set.
    case scalars(ScalarSet)
    /// Matches the parts one after another.
    case concatenation([RegexNode])
    /// Matches any one of the branches.
    case alternation([RegexNode])
    /// Matches `node` between `min` and `max` times (`nil`: unbounded).
    case repetition(RegexNode, min: Int, max: Int?)
    /// `^` or `\A`: holds only at the start of the text.
    case textStart
    /// `$` or `\z`: holds only at the end of the text.
    case textEnd

    /// Whether a quantifier may follow this node (anchors cannot be repeated).
    var isQuantifiable: Bool {
        switch self {
        case .textStart, .textEnd: false
        default: true
        }
    }
}

extension RegexNode {
    /// The fewest and most scalars a match can have (`nil`: unbounded), ignoring anchors and
    /// treating impossible branches (empty sets) as one scalar long. Saturates instead of
    /// overflowing.
    var scalarLengthBounds: (min: Int, max: Int?) {
        switch self {
        case .empty, .textStart, .textEnd:
            return (0, 0)
        case .scalars:
            return (1, 1)
        case .concatenation(let parts):
            var low = 0
            var high: Int? = 0
            for part in parts {
                let bounds = part.scalarLengthBounds
                low = Self.saturatingAdd(low, bounds.min)
                if let h = high, let partHigh = bounds.max { high = Self.saturatingAdd(h, partHigh) } else { high = nil }
            }
            return (low, high)
        case .alternation(let branches):
            var low = Int.max
            var high: Int? = 0
            for branch in branches {
                let bounds = branch.scalarLengthBounds
                low = Swift.min(low, bounds.min)
                if let h = high, let branchHigh = bounds.max { high = Swift.max(h, branchHigh) } else { high = nil }
            }
            return (branches.isEmpty ? 0 : low, high)
        case .repetition(let node, let lower, let upper):
            let bounds = node.scalarLengthBounds
            let low = Self.saturatingMultiply(bounds.min, lower)
            guard let innerHigh = bounds.max else { return (low, upper == 0 ? 0 : nil) }
            if innerHigh == 0 { return (low, 0) }
            guard let upper else { return (low, nil) }
            return (low, Self.saturatingMultiply(innerHigh, upper))
        }
    }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
