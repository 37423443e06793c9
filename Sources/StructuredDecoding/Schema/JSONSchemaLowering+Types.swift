extension JSONSchemaLowering {
    /// The intersection of the local constraints of `ids`, one branch per JSON type they allow
    /// (a schema without `type` allows every type, each with the keywords that apply to it).
    mutating func combine(_ ids: [JSONSchemaDraft.ID]) throws(JSONSchemaImportError) -> SchemaNode {
        let locals = ids.map { drafts[$0] }
        if locals.contains(where: \.isFalse) { return .never }
        var types = JSONSchemaTypes.all
        for draft in locals { if let named = draft.types { types.formIntersection(named) } }
        let constrained = locals.contains {
            $0.hasNumberConstraints || $0.hasStringConstraints || $0.hasArrayConstraints || $0.hasObjectConstraints
        }
        if types == .all, !constrained { return .any }

        var branches: [SchemaNode] = []
        if types.contains(.null) { branches.append(.null) }
        if types.contains(.boolean) { branches.append(.boolean) }
        if !types.isDisjoint(with: .number),
            let node = try numberNode(locals, integersOnly: !types.contains(.fraction), fractionsOnly: !types.contains(.integer))
        {
            branches.append(node)
        }
        if types.contains(.string), let node = stringNode(locals) { branches.append(node) }
        if types.contains(.array), let node = try arrayNode(locals) { branches.append(node) }
        if types.contains(.object), let node = try objectNode(locals) { branches.append(node) }
        switch branches.count {
        case 0: return .never
        case 1: return branches[0]
        default:
            var ids: [SchemaNode.ID] = []
            for branch in branches { ids.append(try reserve(.node(branch))) }
            return .anyOf(ids)
        }
    }

    /// The number branch (for `integersOnly` an integer one; for `fractionsOnly` one of numbers
    /// that are not integers), or `nil` when the bounds leave none.
    private func numberNode(
        _ locals: [JSONSchemaDraft], integersOnly: Bool, fractionsOnly: Bool
    ) throws(JSONSchemaImportError) -> SchemaNode? {
        let lower = Self.tightest(locals.flatMap(\.lowerBounds), lower: true)
        let upper = Self.tightest(locals.flatMap(\.upperBounds), lower: false)
        if let lower, let upper {
            if upper.value < lower.value { return nil }
            if upper.value == lower.value, lower.isExclusive || upper.isExclusive { return nil }
        }
        let divisor = try Self.divisor(locals.flatMap(\.multiples))
        var excluded: [(value: JSONSchemaDecimal, pointer: String)] = []
        for entry in locals.flatMap(\.excludedMultiples) where !excluded.contains(where: { $0.value == entry.value }) {
            guard entry.value.divisorParts != nil else {
                throw JSONSchemaImportError(.boundOutOfRange(keyword: "multipleOf", value: entry.value.description), at: entry.pointer)
            }
            excluded.append(entry)
        }
        if integersOnly {
            let minimum = try lower.map { bound throws(JSONSchemaImportError) in try Self.integer(bound, up: true) }
            let maximum = try upper.map { bound throws(JSONSchemaImportError) in try Self.integer(bound, up: false) }
            if let minimum, let maximum, minimum > maximum { return nil }
            let step = try divisor.map { divisor throws(JSONSchemaImportError) in try Self.integerStep(divisor) }
            var steps: [Int] = []
            for entry in excluded {
                let excludedStep = try Self.integerStep(entry)
                if excludedStep == 1 { return nil } // every integer is a multiple
                if !steps.contains(excludedStep) { steps.append(excludedStep) }
            }
            return .integer(IntegerBounds(minimum: minimum, maximum: maximum, multipleOf: step == 1 ? nil : step, excludedMultiples: steps))
        }
        var bounds = NumberBounds(nonIntegersOnly: fractionsOnly)
        for entry in excluded { bounds.excludedMultiples.append(try Self.double(divisor: entry)) }
        if let lower { (bounds.minimum, bounds.exclusiveMinimum) = try Self.double(lower, up: true) }
        if let upper { (bounds.maximum, bounds.exclusiveMaximum) = try Self.double(upper, up: false) }
        if let divisor { bounds.multipleOf = try Self.double(divisor: divisor) }
        return .number(bounds)
    }

    /// A divisor as the `Double` whose shortest spelling it is, as the grammar and the validator
    /// read it back; refused when there is none.
    private static func double(divisor: (value: JSONSchemaDecimal, pointer: String)) throws(JSONSchemaImportError) -> Double {
        guard let double = Double(divisor.value.description), JSONSchemaDecimal(spelling: double) == divisor.value else {
            throw JSONSchemaImportError(.boundOutOfRange(keyword: "multipleOf", value: divisor.value.description), at: divisor.pointer)
        }
        return double
    }

    /// The one divisor that several `multipleOf` keywords amount to: the one all others divide
    /// (`multipleOf: 2` and `multipleOf: 6` are `6`); refused when none is (`4` and `6` would
    /// need their least common multiple) or when a divisor has too many digits to divide by.
    private static func divisor(
        _ multiples: [(value: JSONSchemaDecimal, pointer: String)]
    ) throws(JSONSchemaImportError) -> (
        value: JSONSchemaDecimal, pointer: String
    )? {
        for multiple in multiples where multiple.value.divisorParts == nil {
            throw JSONSchemaImportError(.boundOutOfRange(keyword: "multipleOf", value: multiple.value.description), at: multiple.pointer)
        }
        guard let first = multiples.first else { return nil }
        guard let largest = multiples.first(where: { candidate in multiples.allSatisfy { candidate.value.isMultiple(of: $0.value) } }) else {
            throw JSONSchemaImportError(.unsupportedCombination("multipleOf"), at: first.pointer)
        }
        return largest
    }

    /// The integers that are multiples of `divisor` (`p × 10^e`) as multiples of one integer:
    /// `p × 10^e` when `e >= 0`, else `p / gcd(p, 10^-e)` (multiples of 2.5 among the integers
    /// are the multiples of 5). Refused past `Int`.
    private static func integerStep(_ divisor: (value: JSONSchemaDecimal, pointer: String)) throws(JSONSchemaImportError) -> Int {
        let (p, e) = divisor.value.divisorParts!
        let outOfRange = JSONSchemaImportError(.boundOutOfRange(keyword: "multipleOf", value: divisor.value.description), at: divisor.pointer)
        if e >= 0 {
            var step = p
            for _ in 0..<e {
                let (next, overflow) = step.multipliedReportingOverflow(by: 10)
                guard !overflow else { throw outOfRange }
                step = next
            }
            return step
        }
        // Each of the -e factors of ten cancels at most one 2 and one 5 of p.
        var twos = -e, fives = -e, rest = p
        while twos > 0, rest % 2 == 0 { rest /= 2; twos -= 1 }
        while fives > 0, rest % 5 == 0 { rest /= 5; fives -= 1 }
        return rest
    }

    /// The strictest of several bounds of one side.
    private static func tightest(_ bounds: [JSONSchemaDraft.Bound], lower: Bool) -> JSONSchemaDraft.Bound? {
        var best: JSONSchemaDraft.Bound?
        for bound in bounds {
            guard let current = best else { best = bound; continue }
            if lower ? current.value < bound.value : bound.value < current.value {
                best = bound
            } else if bound.value == current.value, bound.isExclusive {
                best = bound
            }
        }
        return best
    }

    /// A bound folded into an inclusive `Int` bound (rounded inwards), refused outside `Int`.
    private static func integer(_ bound: JSONSchemaDraft.Bound, up: Bool) throws(JSONSchemaImportError) -> Int {
        let outOfRange = JSONSchemaImportError(.boundOutOfRange(keyword: bound.keyword, value: bound.value.description), at: bound.pointer)
        guard var value = bound.value.roundedToInt(up: up) else { throw outOfRange }
        if bound.isExclusive, bound.value.isInteger {
            let (moved, overflow) = up ? value.addingReportingOverflow(1) : value.subtractingReportingOverflow(1)
            guard !overflow else { throw outOfRange }
            value = moved
        }
        return value
    }

    /// A bound as a `Double` bound, read as its shortest spelling (as the grammar and the
    /// validator read it): exact when a `Double` is spelled as the bound is (`0.3`), keeping its
    /// exclusivity; otherwise the nearest `Double` spelled inside the bound, inclusive (values
    /// within one step of such a bound are rejected; none outside it is accepted). Refused when
    /// that is not finite.
    private static func double(_ bound: JSONSchemaDraft.Bound, up: Bool) throws(JSONSchemaImportError) -> (Double, Bool) {
        guard let (value, exact) = bound.value.spelledDouble(up: up) else {
            throw JSONSchemaImportError(.boundOutOfRange(keyword: bound.keyword, value: bound.value.description), at: bound.pointer)
        }
        return (value, exact && bound.isExclusive)
    }

    /// The string branch, or `nil` when the lengths leave none.
    private func stringNode(_ locals: [JSONSchemaDraft]) -> SchemaNode? {
        var node = StringNode()
        for draft in locals {
            if let minimum = draft.minLength { node.minLength = max(node.minLength, minimum) }
            if let maximum = draft.maxLength { node.maxLength = min(node.maxLength ?? maximum, maximum) }
            for pattern in draft.patterns where !node.patterns.contains(pattern) { node.patterns.append(pattern) }
            for pattern in draft.excludedPatterns where !node.excludedPatterns.contains(pattern) { node.excludedPatterns.append(pattern) }
            guard let format = draft.format else { continue }
            if node.format == nil {
                node.format = format
            } else if node.format != format, !node.patterns.contains(format.regex) {
                node.patterns.append(format.regex)
            }
        }
        if let maximum = node.maxLength, node.minLength > maximum { return nil }
        return .string(node)
    }

    /// The array branch: element `i` meets every draft's `prefixItems[i]` (or its `items` past
    /// its prefix); elements past every prefix meet all `items`. Cut short where an element
    /// can be nothing; `nil` when the counts leave no array.
    private mutating func arrayNode(_ locals: [JSONSchemaDraft]) throws(JSONSchemaImportError) -> SchemaNode? {
        let minItems = locals.compactMap(\.minItems).max() ?? 0
        let maxItems = locals.compactMap(\.maxItems).min()
        let prefixCount = locals.map(\.prefixItems.count).max() ?? 0
        var prefix: [SchemaNode.ID] = []
        var closed = false
        for index in 0..<prefixCount {
            if let maxItems, index >= maxItems { closed = true; break }
            let element = try lowerChild(locals.compactMap { index < $0.prefixItems.count ? $0.prefixItems[index] : $0.items })
            if isNever(element) { closed = true; break }
            prefix.append(element)
        }
        var items: SchemaNode.ID?
        if !closed, maxItems.map({ $0 > prefix.count }) ?? true {
            let element = try lowerChild(locals.compactMap(\.items))
            items = isNever(element) ? nil : element
        }
        let capacity = items == nil ? prefix.count : Int.max
        if minItems > min(maxItems ?? Int.max, capacity) { return nil }
        if let unique = locals.first(where: \.uniqueItems), min(maxItems ?? Int.max, capacity) > 1 {
            // Items from a few known values: distinct ones, as the parser tracks them.
            if prefix.isEmpty, let items, let values = finiteValues(of: items, depth: 0) {
                return try distinctValuesArray(values, minItems: minItems, maxItems: maxItems, pointer: unique.pointer + "/uniqueItems")
            }
            // Exact only where no two elements can be equal: a tuple of pairwise disjoint items.
            let provable =
                items == nil
                && prefix.indices.allSatisfy { i in
                    prefix.indices.allSatisfy { j in j <= i || disjoint(prefix[i], prefix[j], depth: 0) }
                }
            guard provable else { throw JSONSchemaImportError(.unsupportedCombination("uniqueItems"), at: unique.pointer + "/uniqueItems") }
        }
        return .array(ArrayNode(prefixItems: prefix, items: items, minItems: minItems, maxItems: maxItems))
    }
}
