/// A set of Unicode scalar values, stored as sorted, disjoint, non-adjacent closed ranges.
///
/// Surrogate code points (U+D800...U+DFFF) are never members: they are not Unicode scalars, so
/// every operation, including `inverted`, leaves them out.
struct ScalarSet: Hashable, Sendable {
    /// The largest Unicode scalar value.
    static let maxScalar: UInt32 = 0x10FFFF
    /// The surrogate block, which no `ScalarSet` contains.
    static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF

    /// The members as sorted, disjoint, non-adjacent ranges.
    private(set) var ranges: [ClosedRange<UInt32>]

    /// The scalar of a set of exactly one valid scalar.
    var singleScalar: Unicode.Scalar? {
        guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return Unicode.Scalar(ranges[0].lowerBound)
    }

    /// The empty set.
    init() { ranges = [] }

    /// The set holding one scalar.
    init(_ scalar: UInt32) { self.init(ranges: [scalar...scalar]) }

    /// The set holding the given ranges (any order, overlaps allowed; surrogates and values above
    /// U+10FFFF are dropped).
    init(ranges input: some Sequence<ClosedRange<UInt32>>) {
        var sorted = input.compactMap { range -> ClosedRange<UInt32>? in
            guard range.lowerBound <= Self.maxScalar else { return nil }
            return range.lowerBound...min(range.upperBound, Self.maxScalar)
        }
        sorted.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count + 1)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = Self.removingSurrogates(merged)
    }

    private static func removingSurrogates(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        guard ranges.contains(where: { $0.overlaps(surrogates) }) else { return ranges }
        var result: [ClosedRange<UInt32>] = []
        for range in ranges {
            guard range.overlaps(surrogates) else { result.append(range); continue }
            if range.lowerBound < surrogates.lowerBound {
                result.append(range.lowerBound...(surrogates.lowerBound - 1))
            }
            if range.upperBound > surrogates.upperBound {
                result.append((surrogates.upperBound + 1)...range.upperBound)
            }
        }
        return result
    }

    /// Every Unicode scalar.
    static let all = ScalarSet(ranges: [0...maxScalar])

    /// Whether the set has no members.
    var isEmpty: Bool { ranges.isEmpty }

    /// The number of scalars in the set.
    var count: Int { ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 } }

    /// Whether `value` is a member (binary search).
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < ranges[mid].lowerBound {
                high = mid - 1
            } else if value > ranges[mid].upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The members of either set.
    func union(_ other: ScalarSet) -> ScalarSet {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return ScalarSet(ranges: ranges + other.ranges)
    }

    /// Every scalar that is not a member.
    var inverted: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= Self.maxScalar { result.append(next...Self.maxScalar) }
        return ScalarSet(ranges: result)
    }

    /// The members of both sets.
    func intersection(_ other: ScalarSet) -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var i = 0
        var j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            let low = max(a.lowerBound, b.lowerBound)
            let high = min(a.upperBound, b.upperBound)
            if low <= high { result.append(low...high) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return ScalarSet(ranges: result)
    }

    /// The members of `self` that are not members of `other`.
    func subtracting(_ other: ScalarSet) -> ScalarSet { intersection(other.inverted) }

    /// The members that lie inside `bounds`.
    func clamped(to bounds: ClosedRange<UInt32>) -> ScalarSet {
        intersection(ScalarSet(ranges: [bounds]))
    }
}
