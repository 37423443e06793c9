/// `not` and `if`/`then`/`else`, rewritten into what the lowering knows once the whole document
/// is read.
///
/// The complement of a schema is built keyword by keyword: a schema is the conjunction of its
/// keywords, so its complement is the `anyOf` of theirs (`not (A ∧ B) = not A ∨ not B`), and
/// each keyword's complement is exact: `type` the other types (`integer` leaves the numbers
/// that are not integers, `NumberBounds.nonIntegersOnly`); `enum`/`const` the other values
/// of their types (number ranges between them, the other boolean, a pattern for every other
/// string); `pattern` and a known `format` the strings that do not match it; `multipleOf` the
/// numbers that are not multiples (in plain notation); a bound the opposite bound on its own
/// type (values of other types satisfy a bound, so they fail its complement); `required` an
/// absent key; `properties` a present key with the complement of its value; `anyOf` the
/// `allOf` of the complements, `allOf` the `anyOf`; `$ref` the complement of its target; `not`
/// the schema itself. A keyword without an exact complement here (`items`, `uniqueItems`, `oneOf` of
/// several, ...) refuses the whole schema (`unsupportedNegation`).
///
/// `if`/`then`/`else` is `anyOf: [allOf: [if, then], allOf: [not if, else]]`.
extension JSONSchemaParser {
    /// Rewrites every `if`/`then`/`else` and computes the complement of every `not`.
    mutating func rewriteNegations() throws(JSONSchemaImportError) {
        var id = 0
        while id < drafts.count {
            try rewriteConditional(id)
            if drafts[id].negated.isEmpty, drafts[id].unresolvedNots.isEmpty, !drafts[id].nots.isEmpty {
                var negated: [JSONSchemaDraft.ID] = []
                var unresolved: [(schema: JSONSchemaDraft.ID, error: JSONSchemaImportError)] = []
                for member in drafts[id].nots {
                    // Without an exact complement, the attempt leaves no trace, and the `not`
                    // waits for the lowering: beside an `enum` it filters the values.
                    let savedDrafts = drafts, savedComplements = complements
                    do {
                        negated.append(try complement(member))
                    } catch {
                        drafts = savedDrafts
                        complements = savedComplements
                        unresolved.append((member, error))
                    }
                }
                drafts[id].negated = negated
                drafts[id].unresolvedNots = unresolved
            }
            id += 1
        }
    }

    private mutating func rewriteConditional(_ id: JSONSchemaDraft.ID) throws(JSONSchemaImportError) {
        guard let conditional = drafts[id].conditional else { return }
        drafts[id].conditional = nil
        let pointer = drafts[id].pointer
        var yes = JSONSchemaDraft(pointer: pointer + "/then")
        yes.allOf = [conditional.condition] + (conditional.then.map { [$0] } ?? [])
        var no = JSONSchemaDraft(pointer: pointer + "/else")
        no.allOf = [try complement(conditional.condition)] + (conditional.else.map { [$0] } ?? [])
        var either = JSONSchemaDraft(pointer: pointer + "/if")
        either.anyOf = [add(yes), add(no)]
        drafts[id].allOf.append(add(either))
    }

    /// The draft of every value the draft `id` rejects.
    mutating func complement(_ id: JSONSchemaDraft.ID) throws(JSONSchemaImportError) -> JSONSchemaDraft.ID {
        if let known = complements[id] { return known }
        try rewriteConditional(id)
        let draft = drafts[id]
        let result = add(JSONSchemaDraft(pointer: draft.pointer))
        complements[id] = result
        var branches: [JSONSchemaDraft.ID] = []
        func refuse(_ keyword: String) -> JSONSchemaImportError {
            JSONSchemaImportError(.unsupportedNegation(keyword), at: draft.pointer + "/" + Self.escape(keyword))
        }
        if draft.isFalse { return result } // `not false` accepts everything.
        if let types = draft.types {
            let rest = JSONSchemaTypes.all.subtracting(types)
            if !rest.isEmpty { branches.append(add(typed(rest, draft.pointer))) }
        }
        for values in draft.valueSets { branches += try complement(values: values, at: draft.pointer) }
        if draft.hasNumberConstraints {
            for divisor in draft.multiples {
                branches.append(typedBranch(.number, at: draft.pointer) { $0.excludedMultiples = [divisor] })
            }
            for divisor in draft.excludedMultiples {
                branches.append(typedBranch(.number, at: draft.pointer) { $0.multiples = [divisor] })
            }
            for bound in draft.lowerBounds {
                branches.append(
                    typedBranch(.number, at: draft.pointer) {
                        $0.upperBounds = [.init(value: bound.value, isExclusive: !bound.isExclusive, keyword: bound.keyword, pointer: bound.pointer)]
                    })
            }
            for bound in draft.upperBounds {
                branches.append(
                    typedBranch(.number, at: draft.pointer) {
                        $0.lowerBounds = [.init(value: bound.value, isExclusive: !bound.isExclusive, keyword: bound.keyword, pointer: bound.pointer)]
                    })
            }
        }
        if draft.hasStringConstraints {
            // A known format is a pattern (unknown ones are annotations, never stored).
            if let format = draft.format {
                branches.append(typedBranch(.string, at: draft.pointer) { $0.excludedPatterns = [format.regex] })
            }
            for pattern in draft.patterns {
                branches.append(typedBranch(.string, at: draft.pointer) { $0.excludedPatterns = [pattern] })
            }
            for pattern in draft.excludedPatterns {
                branches.append(typedBranch(.string, at: draft.pointer) { $0.patterns = [pattern] })
            }
            if let minimum = draft.minLength, minimum > 0 {
                branches.append(typedBranch(.string, at: draft.pointer) { $0.maxLength = minimum - 1 })
            }
            if let maximum = draft.maxLength, maximum < Int.max {
                branches.append(typedBranch(.string, at: draft.pointer) { $0.minLength = maximum + 1 })
            }
        }
        if draft.hasArrayConstraints {
            if !draft.prefixItems.isEmpty { throw refuse(dialect.hasArrayItems ? "items" : "prefixItems") }
            if let items = draft.items, !drafts[items].isTriviallyTrue { throw refuse("items") }
            if draft.uniqueItems { throw refuse("uniqueItems") }
            if let minimum = draft.minItems, minimum > 0 {
                branches.append(typedBranch(.array, at: draft.pointer) { $0.maxItems = minimum - 1 })
            }
            if let maximum = draft.maxItems, maximum < Int.max {
                branches.append(typedBranch(.array, at: draft.pointer) { $0.minItems = maximum + 1 })
            }
        }
        if draft.hasObjectConstraints {
            if !draft.patternProperties.isEmpty { throw refuse("patternProperties") }
            if let names = draft.propertyNames, !drafts[names].isTriviallyTrue { throw refuse("propertyNames") }
            if let additional = draft.additionalProperties, !drafts[additional].isTriviallyTrue { throw refuse("additionalProperties") }
            for name in draft.required {
                var missing = absence(of: [name], at: draft.pointer)
                missing.types = .object
                branches.append(add(missing))
            }
            for (name, value) in draft.properties where !drafts[value].isTriviallyTrue {
                var wrong = Self.requiring([name], at: draft.pointer)
                wrong.types = .object
                wrong.properties = [(name, try complement(value))]
                branches.append(add(wrong))
            }
            if let minimum = draft.minProperties, minimum > 0 {
                branches.append(typedBranch(.object, at: draft.pointer) { $0.maxProperties = minimum - 1 })
            }
            if let maximum = draft.maxProperties, maximum < Int.max {
                branches.append(typedBranch(.object, at: draft.pointer) { $0.minProperties = maximum + 1 })
            }
        }
        if let anyOf = draft.anyOf {
            var none = JSONSchemaDraft(pointer: draft.pointer)
            for branch in anyOf { none.allOf.append(try complement(branch)) }
            branches.append(add(none))
        }
        if let oneOf = draft.oneOf {
            guard oneOf.count == 1 else { throw refuse("oneOf") }
            branches.append(try complement(oneOf[0]))
        }
        for member in draft.allOf { branches.append(try complement(member)) }
        if let reference = draft.reference { branches.append(try complement(reference)) }
        branches += draft.nots
        if branches.isEmpty {
            drafts[result].isFalse = true // `not {}` accepts nothing.
        } else {
            drafts[result].anyOf = branches
        }
        return result
    }

    /// Every value outside a finite set (`enum`/`const`), as `anyOf` branches.
    private mutating func complement(values: [JSONValue], at pointer: String) throws(JSONSchemaImportError) -> [JSONSchemaDraft.ID] {
        var present: JSONSchemaTypes = []
        for value in values {
            let type = JSONSchemaTypes(of: value)
            present.formUnion(type.isDisjoint(with: .number) ? type : .number)
        }
        if !present.isDisjoint(with: [.array, .object]) {
            throw JSONSchemaImportError(.unsupportedNegation("enum"), at: pointer)
        }
        var branches: [JSONSchemaDraft.ID] = []
        let others = JSONSchemaTypes.all.subtracting(present)
        if !others.isEmpty { branches.append(add(typed(others, pointer))) }
        let booleans = values.compactMap { value -> Bool? in if case .bool(let flag) = value { flag } else { nil } }
        if !booleans.isEmpty, Set(booleans).count == 1 {
            var other = JSONSchemaDraft(pointer: pointer)
            other.valueSets = [[.bool(!booleans[0])]]
            branches.append(add(other))
        }
        var numbers: [JSONSchemaDecimal] = []
        for value in values {
            guard case .number(let text) = value, let number = JSONSchemaDecimal(text), !numbers.contains(number) else { continue }
            numbers.append(number)
        }
        numbers.sort()
        for index in 0...numbers.count where !numbers.isEmpty {
            var between = typed(.number, pointer)
            if index > 0 { between.lowerBounds = [.init(value: numbers[index - 1], isExclusive: true, keyword: "not", pointer: pointer)] }
            if index < numbers.count { between.upperBounds = [.init(value: numbers[index], isExclusive: true, keyword: "not", pointer: pointer)] }
            branches.append(add(between))
        }
        let strings = values.compactMap { value -> String? in if case .string(let text) = value { text } else { nil } }
        if !strings.isEmpty {
            guard let source = FiniteStringComplement.pattern(excluding: strings),
                let pattern = try? RegexPattern(source)
            else { throw JSONSchemaImportError(.unsupportedNegation("enum"), at: pointer) }
            var other = typed(.string, pointer)
            other.patterns = [pattern]
            branches.append(add(other))
        }
        return branches
    }

    private func typed(_ types: JSONSchemaTypes, _ pointer: String) -> JSONSchemaDraft {
        var draft = JSONSchemaDraft(pointer: pointer)
        draft.types = types
        return draft
    }

    /// A branch of the values of `types` that meet the one keyword `set` writes.
    private mutating func typedBranch(
        _ types: JSONSchemaTypes, at pointer: String, _ set: (inout JSONSchemaDraft) -> Void
    ) -> JSONSchemaDraft.ID {
        var branch = typed(types, pointer)
        set(&branch)
        return add(branch)
    }
}
