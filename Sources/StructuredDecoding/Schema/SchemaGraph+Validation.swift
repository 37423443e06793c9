extension SchemaGraph {
    /// Whether `value` is accepted by the graph's root, with JSON Schema's semantics of the IR.
    ///
    /// ```swift
    /// let graph = try JSONSchemaImporter(mode: .validation).importSchema(#"{"type":"integer","minimum":1}"#)
    /// graph.accepts(try JSONValue(parsing: "2.0"))   // true: 2.0 is an integer in JSON Schema
    /// graph.accepts(try JSONValue(parsing: "0"))     // false
    /// ```
    /// This is the test oracle for the grammar engine; build a `Validator` to check many values
    /// against one graph (it caches the compiled patterns).
    public func accepts(_ value: JSONValue) -> Bool {
        Validator(self).accepts(value)
    }

    /// Checks JSON values against a `SchemaGraph`, exactly as the IR documents:
    ///
    /// - `integer`: a number with no fractional part (JSON Schema: `1.0` and `1e2` are integers),
    ///   bounds compared exactly (no rounding through `Double`);
    /// - `number`: any number, compared exactly with the `Double` bounds' exact values;
    /// - `string`: length in Unicode scalars, every pattern and the format matched against the
    ///   whole decoded content;
    /// - `enumeration`: JSON Schema equality (`1 == 1.0`, objects regardless of key order,
    ///   strings scalar by scalar);
    /// - `object`: keys unique; each key a named property, or else in a key class (the first
    ///   whose patterns it matches), or else, matching no class's pattern, `additionalProperties`;
    ///   required ones present; unless `allowsAnyOrder`, the named properties that appear do so
    ///   in declaration order (other keys may sit anywhere); between `minProperties` and
    ///   `maxProperties` members;
    /// - `anyOf`: at least one branch; a branch that leads back to the same `anyOf` without
    ///   entering an element or property accepts nothing (least fixed point), so a malformed
    ///   graph cannot make the check loop.
    ///
    /// A pattern that cannot be compiled, or whose lazy DFA overflows, rejects (never accepts
    /// wrongly).
    ///
    /// ```swift
    /// let validator = SchemaGraph.Validator(graph)
    /// for text in ["1", "\"x\""] { print(validator.accepts(jsonBytes: Array(text.utf8))) }
    /// ```
    public struct Validator {
        /// The graph checked against.
        public let graph: SchemaGraph
        private let automata = PatternAutomata()

        /// A validator for `graph`.
        public init(_ graph: SchemaGraph) {
            self.graph = graph
        }

        /// Whether the root accepts `value`.
        public func accepts(_ value: JSONValue) -> Bool {
            accepts(value, node: graph.root)
        }

        /// Whether the node `node` accepts `value`.
        public func accepts(_ value: JSONValue, node: SchemaNode.ID) -> Bool {
            var open: [SchemaNode.ID] = []
            return check(value, node, &open)
        }

        /// Whether the root accepts the JSON document in `jsonBytes` (`false` if it is not one
        /// complete, valid JSON document).
        public func accepts(jsonBytes: [UInt8]) -> Bool {
            guard let parsed = try? PartialJSON.parseComplete(bytes: jsonBytes) else { return false }
            return accepts(JSONValue(parsed))
        }

        /// `open` holds the `anyOf` nodes entered since the last element or property.
        private func check(_ value: JSONValue, _ id: SchemaNode.ID, _ open: inout [SchemaNode.ID]) -> Bool {
            guard graph.nodes.indices.contains(id) else { return false }
            switch graph.nodes[id] {
            case .any: return true
            case .never: return false
            case .null: return value == .null
            case .boolean:
                if case .bool = value { return true }
                return false
            case .integer(let bounds): return checkInteger(value, bounds)
            case .number(let bounds): return checkNumber(value, bounds)
            case .string(let node):
                guard case .string(let text) = value else { return false }
                return checkString(text, node)
            case .enumeration(let values): return values.contains { $0.isSchemaEqual(to: value) }
            case .array(let node):
                guard case .array(let items) = value else { return false }
                return checkArray(items, node)
            case .object(let node):
                guard case .object(let members) = value else { return false }
                return checkObject(members, node)
            case .anyOf(let branches):
                guard !open.contains(id) else { return false }
                open.append(id)
                defer { open.removeLast() }
                return branches.contains { check(value, $0, &open) }
            }
        }

        private func checkInteger(_ value: JSONValue, _ bounds: IntegerBounds) -> Bool {
            guard case .number(let text) = value, let number = JSONSchemaDecimal(text), number.isInteger else { return false }
            if !graph.fractionalIntegers, text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
                return false
            }
            if let minimum = bounds.minimum, number < JSONSchemaDecimal(minimum) { return false }
            if let maximum = bounds.maximum, JSONSchemaDecimal(maximum) < number { return false }
            if let divisor = bounds.multipleOf, !number.isMultiple(of: JSONSchemaDecimal(divisor)) { return false }
            if bounds.excludedMultiples.contains(where: { number.isMultiple(of: JSONSchemaDecimal($0)) }) { return false }
            return true
        }

        private func checkNumber(_ value: JSONValue, _ bounds: NumberBounds) -> Bool {
            guard case .number(let text) = value, let number = JSONSchemaDecimal(text) else { return false }
            if bounds.nonIntegersOnly, checkInteger(value, IntegerBounds()) { return false }
            if let minimum = bounds.minimum {
                guard !minimum.isNaN, minimum != .infinity else { return false }
                if minimum.isFinite {
                    let bound = JSONSchemaDecimal(spelling: minimum) ?? JSONSchemaDecimal(exactly: minimum)
                    if number < bound || (bounds.exclusiveMinimum && number == bound) { return false }
                }
            }
            if let maximum = bounds.maximum {
                guard !maximum.isNaN, maximum != -.infinity else { return false }
                if maximum.isFinite {
                    let bound = JSONSchemaDecimal(spelling: maximum) ?? JSONSchemaDecimal(exactly: maximum)
                    if bound < number || (bounds.exclusiveMaximum && number == bound) { return false }
                }
            }
            if let divisor = bounds.multipleOf {
                guard let exact = JSONSchemaDecimal(spelling: divisor), number.isMultiple(of: exact) else { return false }
            }
            for divisor in bounds.excludedMultiples {
                guard let exact = JSONSchemaDecimal(spelling: divisor), !number.isMultiple(of: exact) else { return false }
            }
            return true
        }

        private func checkString(_ text: String, _ node: StringNode) -> Bool {
            let length = text.unicodeScalars.count
            guard length >= node.minLength, length <= node.maxLength ?? Int.max else { return false }
            if let format = node.format, !automata.matches(format.regex, text) { return false }
            return node.patterns.allSatisfy { automata.matches($0, text) } && !node.excludedPatterns.contains { automata.matches($0, text) }
        }

        private func checkArray(_ items: [JSONValue], _ node: ArrayNode) -> Bool {
            guard items.count >= node.minItems, items.count <= node.maxItems ?? Int.max else { return false }
            if !node.distinctItems.isEmpty {
                let prefix = min(items.count, node.prefixItems.count)
                return zip(items[..<prefix], node.prefixItems).allSatisfy { item, itemNode in
                    var open: [SchemaNode.ID] = []
                    return check(item, itemNode, &open)
                } && fillsDistinct(items[prefix...], node.distinctItems)
            }
            if node.items == nil, items.count > node.prefixItems.count { return false }
            for (index, item) in items.enumerated() {
                let itemNode = index < node.prefixItems.count ? node.prefixItems[index] : node.items!
                var open: [SchemaNode.ID] = []
                guard check(item, itemNode, &open) else { return false }
            }
            return true
        }

        /// Whether `items` can each be matched to a different node of `distinct`: a bipartite
        /// matching, grown one item at a time along augmenting paths (nodes may overlap).
        private func fillsDistinct(_ items: ArraySlice<JSONValue>, _ distinct: [SchemaNode.ID]) -> Bool {
            guard items.count <= distinct.count else { return false }
            let fits = items.map { item in
                distinct.map { itemNode in
                    var open: [SchemaNode.ID] = []
                    return check(item, itemNode, &open)
                }
            }
            var owner = [Int](repeating: -1, count: distinct.count) // option -> item matched to it
            func augment(_ item: Int, _ visited: inout [Bool]) -> Bool {
                for option in distinct.indices where fits[item][option] && !visited[option] {
                    visited[option] = true
                    if owner[option] < 0 || augment(owner[option], &visited) {
                        owner[option] = item
                        return true
                    }
                }
                return false
            }
            for item in fits.indices {
                var visited = [Bool](repeating: false, count: distinct.count)
                guard augment(item, &visited) else { return false }
            }
            return true
        }

        private func checkObject(_ members: [JSONMember], _ node: ObjectNode) -> Bool {
            var seen = Set<[UInt8]>()
            var present = Set<Int>()
            var lastNamed = -1
            for member in members {
                let key = Array(member.key.utf8)
                guard seen.insert(key).inserted else { return false }
                let named = node.properties.firstIndex { $0.name.utf8.elementsEqual(key) }
                let valueNode: SchemaNode.ID
                if let named {
                    if !node.allowsAnyOrder {
                        guard named > lastNamed else { return false }
                        lastNamed = named
                    }
                    present.insert(named)
                    valueNode = node.properties[named].node
                } else if let keyClass = node.keyClasses.first(where: { $0.contains(member.key, automata) }) {
                    valueNode = keyClass.node
                } else {
                    guard let additional = node.additionalProperties,
                        node.classPatterns.allSatisfy({ automata.misses($0, member.key) })
                    else { return false }
                    valueNode = additional
                }
                var open: [SchemaNode.ID] = []
                guard check(member.value, valueNode, &open) else { return false }
            }
            for (index, property) in node.properties.enumerated() where property.isRequired && !present.contains(index) {
                return false
            }
            return members.count >= node.minProperties && node.maxProperties.map { members.count <= $0 } ?? true
        }
    }
}

/// Compiled whole-match UTF-8 automata of the patterns met, shared by the copies of a validator
/// (and of a lowering, which walks `patternProperties` patterns over names and each other).
final class PatternAutomata {
    private var compiled: [RegexPattern: Result<ByteDFA, RegexError>] = [:]

    /// The lazily determinized automaton of `pattern` (at most 100,000 states), compiled once.
    func automaton(_ pattern: RegexPattern) throws(RegexError) -> ByteDFA {
        if let known = compiled[pattern] { return try known.get() }
        let result: Result<ByteDFA, RegexError>
        do { result = .success(try pattern.compile(AutomatonOptions(limits: AutomatonLimits(dfaStates: 100_000)))) } catch {
            result = .failure(error)
        }
        compiled[pattern] = result
        return try result.get()
    }

    /// Whether `text` matches `pattern` as a whole; `false` if the pattern cannot be compiled or
    /// its automaton overflowed on the way.
    func matches(_ pattern: RegexPattern, _ text: String) -> Bool {
        (try? verdict(pattern, text)) == true
    }

    /// Whether `text` surely does not match `pattern` (`false` when it matches, or when the
    /// pattern cannot be compiled or overflowed: the caller then rejects rather than guesses).
    func misses(_ pattern: RegexPattern, _ text: String) -> Bool {
        (try? verdict(pattern, text)) == false
    }

    /// Whether `text` matches `pattern` as a whole; throws when the pattern cannot be compiled
    /// or its automaton overflows on the way.
    func verdict(_ pattern: RegexPattern, _ text: String) throws(RegexError) -> Bool {
        let dfa = try automaton(pattern)
        var state = dfa.start
        for byte in text.utf8 {
            state = try dfa.checkedNext(state, byte)
            if state == dfa.dead { return false }
        }
        return dfa.isAccepting(state)
    }
}
